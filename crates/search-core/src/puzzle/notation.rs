//! The notation every puzzle crate shares: values read by name, moves
//! written as numbers joined by `-`, and the variant of a puzzle with one
//! set of rules.

use std::fmt;
use std::str::FromStr;

/// The value of `all` called `s` by `name`, or an error listing every name:
/// what the `FromStr` of a puzzle's named values (its algorithms, its
/// variants) answers, worded alike in every crate.
///
/// ```
/// use search_core::puzzle::by_name;
///
/// let name = |n: u8| ["zero", "one"][usize::from(n)];
/// assert_eq!(by_name("number", "one", &[0, 1], name), Ok(1));
/// assert_eq!(
///     by_name("number", "two", &[0, 1], name),
///     Err("unknown number \"two\" (known: zero, one)".to_string())
/// );
/// ```
pub fn by_name<T: Copy>(
    what: &str,
    s: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<T, String> {
    all.iter().copied().find(|&t| name(t) == s).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&t| name(t)).collect();
        format!("unknown {what} {s:?} (known: {})", names.join(", "))
    })
}

/// The numbers of a move written in the contract's notation, joined by
/// `-` (`8-5`, `12-14-6`, `5`); `None` unless every part is a number.
///
/// ```
/// use search_core::puzzle::move_numbers;
///
/// assert_eq!(move_numbers("12-14-6"), Some(vec![12, 14, 6]));
/// assert_eq!(move_numbers(" 8-5 "), Some(vec![8, 5]));
/// assert_eq!(move_numbers("8->5"), None);
/// ```
pub fn move_numbers(s: &str) -> Option<Vec<usize>> {
    s.trim()
        .split('-')
        .map(|part| part.trim().parse().ok())
        .collect()
}

/// A move that takes a piece from one cell to another, written `from-to`
/// (`8-5`): the move of Flip It, the knights and the line puzzle, each of
/// which names it `Move` and says what its cells mean.
///
/// ```
/// use search_core::puzzle::FromTo;
///
/// let m: FromTo = "8-5".parse()?;
/// assert_eq!(m, FromTo { from: 8, to: 5 });
/// assert_eq!(m.to_string(), "8-5");
/// assert!("8->5".parse::<FromTo>().is_err());
/// assert!("8-5-2".parse::<FromTo>().is_err());
/// # Ok::<(), String>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FromTo {
    /// The cell the piece leaves.
    pub from: usize,
    /// The cell it lands in.
    pub to: usize,
}

impl fmt::Display for FromTo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl FromStr for FromTo {
    type Err = String;

    fn from_str(s: &str) -> Result<FromTo, String> {
        match move_numbers(s).as_deref() {
            Some(&[from, to]) => Ok(FromTo { from, to }),
            _ => Err(format!(
                "{s:?} is not a move: expected two cells joined by '-', like 8-5"
            )),
        }
    }
}

/// The variant of a puzzle that has one set of rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Standard;

impl fmt::Display for Standard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("standard")
    }
}

impl FromStr for Standard {
    type Err = String;

    fn from_str(s: &str) -> Result<Standard, String> {
        match s {
            "standard" => Ok(Standard),
            _ => Err(format!(
                "unknown variant {s:?}: this puzzle has one, \"standard\""
            )),
        }
    }
}
