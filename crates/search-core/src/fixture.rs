//! The fixture format every puzzle crate reads (feature `serde`): one JSON
//! object per instance, its boards drawn as rows of text.
//!
//! A puzzle crate's `Fixture` is [`Fixture`] with the puzzle's own fields
//! beside the shared ones ([`ExtraFields`]; `Fixture<NoExtra>` where it has
//! none), and its
//! `FIELDS` lists which fields it takes, so that a reader can name every
//! missing or unknown field at once before parsing.
//!
//! ```
//! use search_core::fixture::Fields;
//!
//! let fields = Fields { required: &["start"], optional: &["goal"] };
//! assert_eq!(fields.all(), ["start", "goal", "name", "source", "expect"]);
//! assert!(fields.knows("source") && !fields.knows("strat"));
//! ```

use std::fmt;
use std::marker::PhantomData;

pub use serde::de::MapAccess;
use serde::de::{self, IgnoredAny, Visitor};
use serde::{Deserialize, Deserializer};

use crate::puzzle::Puzzle;
use crate::text::{Run, length};

/// One instance of a puzzle: the fields every puzzle shares, and the
/// puzzle's own (`extra`, which stand beside the others in the object).
///
/// Its fields are read one by one as the object is read, so that an error
/// in any of them says where it is; a field given twice or a required one
/// missing is refused. It passes over unknown fields: check the object
/// against the puzzle's [`Fields`] first, which names every missing and
/// unknown one at once.
#[derive(Debug, Clone)]
pub struct Fixture<E> {
    /// What the instance is; the file's name when absent.
    pub name: Option<String>,
    /// Where it comes from.
    pub source: Option<String>,
    /// The start, as rows.
    pub start: Vec<String>,
    /// The goal, as rows: the puzzle's default where absent (`None` too in a
    /// puzzle that takes none, such as Flip It, whose goal is every piece
    /// white).
    pub goal: Option<Vec<String>>,
    /// Facts checked against the solvers.
    pub expect: Expect,
    /// The puzzle's own fields.
    pub extra: E,
}

impl<E> Fixture<E> {
    /// Its name, or `case` (the file's name) where it gives none.
    pub fn title<'a>(&'a self, case: &'a str) -> &'a str {
        self.name.as_deref().unwrap_or(case)
    }

    /// Its start and goal, both of the default variant; where it gives no
    /// goal, the puzzle's default for the start ([`Puzzle::default_goal`]),
    /// or an error saying that the puzzle needs one. `check` (the crate's
    /// `check_goal`) says whether the goal fits the start.
    pub fn start_and_goal<P: Puzzle<Goal = <P as Puzzle>::Board>, C: fmt::Display>(
        &self,
        check: impl FnOnce(&P::Board, &P::Board) -> Result<(), C>,
    ) -> Result<(P::Board, P::Board), String> {
        let variant = P::Variant::default();
        let start = board::<P>("start", variant, &self.start)?;
        let goal = match &self.goal {
            Some(rows) => board::<P>("goal", variant, rows)?,
            None => {
                P::default_goal(&start).ok_or("goal: missing (this puzzle has no default goal)")?
            }
        };
        check(&start, &goal).map_err(|e| e.to_string())?;
        Ok((start, goal))
    }

    /// The first lines of its snapshot: the puzzle and `case` (the file's
    /// name), its name (`case` where it gives none) and its source, where
    /// it gives one.
    pub fn heading(&self, puzzle: &str, case: &str) -> String {
        use fmt::Write as _;
        let mut out = format!("{puzzle}: {case}\nname: {}\n", self.title(case));
        if let Some(source) = &self.source {
            let _ = writeln!(out, "source: {source}");
        }
        out
    }
}

/// A board of `variant` read from `rows`; the error names the field
/// (`start: row 2 has 3 cells, ...`).
pub fn board<P: Puzzle>(
    field: &str,
    variant: P::Variant,
    rows: &[String],
) -> Result<P::Board, String> {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    P::from_rows(variant, &rows).map_err(|e| format!("{field}: {e}"))
}

/// The puzzle's own fields of a puzzle that has none beside the shared ones.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoExtra {}

/// The fields of a puzzle beside the shared ones ([`Fixture::extra`]),
/// each read from the fixture's object as it comes, so that an error says
/// where it is.
pub trait ExtraFields: Default {
    /// The puzzle's own fields that a fixture must have.
    const REQUIRED: &'static [&'static str] = &[];

    /// Reads the value of the field `key` from `map` if the field is one of
    /// the puzzle's; `Ok(false)` if it is not.
    ///
    /// # Errors
    ///
    /// A value of the wrong type.
    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error>;
}

/// Declares a puzzle's own fixture fields: the struct, each field with the
/// key it is read from, and its [`ExtraFields`] impl, so that a puzzle
/// crate lists its fields once. Every field is an `Option` (absent, or the
/// value read).
///
/// ```
/// search_core::extra_fields! {
///     /// A puzzle's own fields.
///     pub struct Extra {
///         /// The rules' variant.
///         variant: Option<String> = "variant",
///     }
/// }
///
/// // Read as `search_core::fixture::Fixture<Extra>`; absent, a field is `None`.
/// assert_eq!(Extra::default().variant, None);
/// ```
#[macro_export]
macro_rules! extra_fields {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($(#[$field_meta:meta])* $field:ident: $ty:ty = $key:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, Eq)]
        pub struct $name {
            $($(#[$field_meta])* pub $field: $ty),+
        }

        impl $crate::fixture::ExtraFields for $name {
            fn read_field<'de, A: $crate::fixture::MapAccess<'de>>(
                &mut self,
                key: &str,
                map: &mut A,
            ) -> Result<bool, A::Error> {
                match key {
                    $($key => self.$field = map.next_value()?,)+
                    _ => return Ok(false),
                }
                Ok(true)
            }
        }
    };
}

impl ExtraFields for NoExtra {
    fn read_field<'de, A: MapAccess<'de>>(&mut self, _: &str, _: &mut A) -> Result<bool, A::Error> {
        Ok(false)
    }
}

impl<'de, E: ExtraFields> Deserialize<'de> for Fixture<E> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(FixtureVisitor(PhantomData))
    }
}

/// Reads a fixture's object field by field.
struct FixtureVisitor<E>(PhantomData<E>);

impl<'de, E: ExtraFields> Visitor<'de> for FixtureVisitor<E> {
    type Value = Fixture<E>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a fixture: an object, one field per property of the instance")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fixture<E>, A::Error> {
        let mut seen: Vec<String> = Vec::new();
        let mut fixture = Fixture {
            name: None,
            source: None,
            start: Vec::new(),
            goal: None,
            expect: Expect::default(),
            extra: E::default(),
        };
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
            }
            match key.as_str() {
                "name" => fixture.name = map.next_value()?,
                "source" => fixture.source = map.next_value()?,
                "start" => fixture.start = map.next_value()?,
                "goal" => fixture.goal = map.next_value()?,
                "expect" => fixture.expect = map.next_value()?,
                other => {
                    if !fixture.extra.read_field(other, &mut map)? {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
            }
            seen.push(key);
        }
        for &field in ["start"].iter().chain(E::REQUIRED) {
            if !seen.iter().any(|k| k == field) {
                return Err(de::Error::missing_field(field));
            }
        }
        Ok(fixture)
    }
}

/// Facts a fixture states about itself, checked against what the solvers
/// find.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The optimal number of moves; `Some(None)` (`null`) for an unreachable
    /// goal, `None` when not stated.
    #[serde(default, deserialize_with = "present")]
    pub moves: Option<Option<u32>>,
    /// The number of distinct optimal solutions, where the puzzle counts them.
    #[serde(default)]
    pub count: Option<u128>,
}

impl Expect {
    /// What is wrong with the runs of a fixture: a solution that failed its
    /// replay (`replays` holds one entry per run), runs that disagree with
    /// the first, and facts that contradict what the fixture expects.
    pub fn problems(
        &self,
        runs: &[Run],
        replays: &[Result<(), String>],
        count: Option<u128>,
    ) -> Vec<String> {
        let mut problems = Vec::new();
        for (run, replay) in runs.iter().zip(replays) {
            if let Err(why) = replay {
                problems.push(format!("{}: replay failed: {why}", run.algorithm));
            }
        }
        let moves = runs.first().and_then(|r| r.moves);
        for run in runs.iter().skip(1).filter(|r| r.moves != moves) {
            let (found, first, primary) = (length(run.moves), length(moves), &runs[0].algorithm);
            problems.push(format!(
                "{} found {found}, but {primary} found {first}",
                run.algorithm
            ));
        }
        if let Some(expected) = self.moves.filter(|&e| e != moves) {
            let (expected, found) = (length(expected), length(moves));
            problems.push(format!("expected {expected}, found {found}"));
        }
        if let Some(expected) = self.count.filter(|&e| Some(e) != count) {
            let counted = count.map_or("none".to_string(), |c| c.to_string());
            problems.push(format!(
                "expected {expected} optimal solutions, counted {counted}"
            ));
        }
        problems
    }
}

/// Distinguishes a field given as `null` (`Some(None)`) from an absent one (`None`).
fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// The fields of one puzzle's fixtures beside the ones every fixture may
/// have ([`COMMON_FIELDS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fields {
    /// Fields a fixture must have.
    pub required: &'static [&'static str],
    /// Fields it may have.
    pub optional: &'static [&'static str],
}

impl Fields {
    /// Whether a fixture of this puzzle may have a field called `key`.
    pub fn knows(&self, key: &str) -> bool {
        self.required.contains(&key) || self.optional.contains(&key) || COMMON_FIELDS.contains(&key)
    }

    /// Every field, required first, then optional, then the common ones.
    pub fn all(&self) -> Vec<&'static str> {
        self.required
            .iter()
            .chain(self.optional)
            .chain(&COMMON_FIELDS)
            .copied()
            .collect()
    }

    /// Checks the names of a fixture object's fields, `keys`, against these
    /// before it is parsed: every missing and every unknown field is named
    /// in one message, with the fields the puzzle takes.
    ///
    /// ```
    /// use search_core::fixture::Fields;
    ///
    /// let fields = Fields { required: &["start"], optional: &["goal"] };
    /// assert_eq!(fields.check(["start", "name"]), Ok(()));
    /// assert_eq!(
    ///     fields.check(["goal", "strat", "nmae"]).unwrap_err(),
    ///     "missing field `start`; unknown fields `strat`, `nmae` \
    ///      (the fields: start, goal, name, source, expect; required: start)"
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// The message naming the missing and unknown fields.
    pub fn check<'a>(&self, keys: impl IntoIterator<Item = &'a str>) -> Result<(), String> {
        let keys: Vec<&str> = keys.into_iter().collect();
        let missing = self.required.iter().copied().filter(|f| !keys.contains(f));
        let unknown = keys.iter().copied().filter(|k| !self.knows(k));
        let named = |what: &str, names: Vec<&str>| {
            let plural = if names.len() == 1 { "" } else { "s" };
            let names: Vec<String> = names.iter().map(|f| format!("`{f}`")).collect();
            (!names.is_empty()).then(|| format!("{what} field{plural} {}", names.join(", ")))
        };
        let problems = [
            named("missing", missing.collect()),
            named("unknown", unknown.collect()),
        ];
        let problems: Vec<String> = problems.into_iter().flatten().collect();
        if problems.is_empty() {
            return Ok(());
        }
        Err(format!(
            "{} (the fields: {}; required: {})",
            problems.join("; "),
            self.all().join(", "),
            self.required.join(", ")
        ))
    }
}

/// Fields every fixture may have: `name` (default: the file's stem),
/// `source` (where the instance comes from) and `expect` (facts checked
/// against the solvers).
pub const COMMON_FIELDS: [&str; 3] = ["name", "source", "expect"];
