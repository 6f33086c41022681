//! The fixture format every puzzle crate reads (feature `serde`): one JSON
//! object per instance, its boards drawn as rows of text.
//!
//! A puzzle crate's `Fixture` is [`Fixture`] with the puzzle's own fields
//! beside the shared ones (`Fixture<NoExtra>` where it has none), and its
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

use serde::{Deserialize, Deserializer};

/// One instance of a puzzle: the fields every puzzle shares, and the
/// puzzle's own (`fields`, flattened: they stand beside the others in the
/// object).
///
/// It accepts unknown fields: check the object against the puzzle's
/// [`Fields`] first, which names every missing and unknown one at once.
#[derive(Debug, Clone, Deserialize)]
pub struct Fixture<E> {
    /// What the instance is; the file's name when absent.
    #[serde(default)]
    pub name: Option<String>,
    /// Where it comes from.
    #[serde(default)]
    pub source: Option<String>,
    /// The start, as rows.
    pub start: Vec<String>,
    /// The goal, as rows: the puzzle's default where absent (`None` too in a
    /// puzzle that takes none, such as Flip It, whose goal is every piece
    /// white).
    #[serde(default)]
    pub goal: Option<Vec<String>>,
    /// Facts checked against the solvers.
    #[serde(default)]
    pub expect: Expect,
    /// The puzzle's own fields.
    #[serde(flatten)]
    pub extra: E,
}

impl<E> Fixture<E> {
    /// Its name, or `case` (the file's name) where it gives none.
    pub fn title<'a>(&'a self, case: &'a str) -> &'a str {
        self.name.as_deref().unwrap_or(case)
    }
}

/// The puzzle's own fields of a puzzle that has none beside the shared ones.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
pub struct NoExtra {}

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
}

/// Fields every fixture may have: `name` (default: the file's stem),
/// `source` (where the instance comes from) and `expect` (facts checked
/// against the solvers).
pub const COMMON_FIELDS: [&str; 3] = ["name", "source", "expect"];
