use std::fmt;

/// Why a ranking could not be built, or a sequence or rank was refused.
///
/// Every function of this crate that takes a sequence or a rank checks it and
/// returns one of these instead of panicking.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RankError {
    /// The ranking would have more arrangements than fit in a `u64`, or more
    /// positions than the implementation supports.
    TooLarge {
        /// What was asked for, in words (e.g. `"21 elements"`).
        what: String,
        /// The largest supported size, in words.
        limit: String,
    },
    /// The sequence has the wrong number of positions.
    WrongLength {
        /// The number of positions the ranking expects.
        expected: usize,
        /// The number of positions given.
        found: usize,
    },
    /// A value is not one of the symbols `0..symbols`.
    UnknownSymbol {
        /// The position of the value in the sequence.
        position: usize,
        /// The value found there.
        value: u8,
        /// The number of distinct symbols the ranking knows.
        symbols: usize,
    },
    /// A symbol occurs a different number of times than the ranking expects
    /// (for a permutation: once).
    WrongCount {
        /// The symbol.
        symbol: u8,
        /// How often it should occur.
        expected: usize,
        /// How often it occurs.
        found: usize,
    },
    /// A subset of another class than the ranking's
    /// ([`SubsetLayer`](crate::SubsetLayer)).
    WrongClass {
        /// The class the ranking holds.
        expected: u8,
        /// The class of the subset given.
        found: u8,
    },
    /// A rank outside `0..count`.
    RankOutOfRange {
        /// The rank given.
        rank: u64,
        /// The number of arrangements; valid ranks are `0..count`.
        count: u64,
    },
}

impl fmt::Display for RankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RankError::TooLarge { what, limit } => {
                write!(f, "{what} is too large to rank (limit: {limit})")
            }
            RankError::WrongLength { expected, found } => {
                write!(f, "expected {expected} positions, found {found}")
            }
            RankError::UnknownSymbol {
                position,
                value,
                symbols,
            } => write!(
                f,
                "value {value} at position {position} is not a symbol 0..{symbols}"
            ),
            RankError::WrongCount {
                symbol,
                expected,
                found,
            } => write!(
                f,
                "symbol {symbol} occurs {found} times, expected {expected}"
            ),
            RankError::WrongClass { expected, found } => {
                write!(f, "the subset is of class {found}, expected {expected}")
            }
            RankError::RankOutOfRange { rank, count } => {
                write!(f, "rank {rank} is out of range 0..{count}")
            }
        }
    }
}

impl std::error::Error for RankError {}

impl RankError {
    /// `Ok` if `size <= limit`, [`RankError::TooLarge`] otherwise, in the
    /// words `words` gives: what was asked for, and the largest supported.
    pub(crate) fn check_size(
        size: usize,
        limit: usize,
        words: impl FnOnce() -> (String, String),
    ) -> Result<(), RankError> {
        if size <= limit {
            return Ok(());
        }
        let (what, limit) = words();
        Err(RankError::TooLarge { what, limit })
    }

    /// The checks of a ranking of `k` of `n` `things` (elements, cells):
    /// `k <= n <= max`.
    pub(crate) fn check_k_of_n(k: usize, n: usize, max: usize, things: &str) -> Result<(), Self> {
        RankError::check_size(n, max, || {
            (format!("{n} {things}"), format!("{max} {things}"))
        })?;
        RankError::check_size(k, n, || {
            (format!("{k} of {n} {things}"), format!("at most {n}"))
        })
    }

    /// `Ok` if a sequence of `found` positions has the `expected` number,
    /// [`RankError::WrongLength`] otherwise: the first check of every
    /// `rank` and `unrank`.
    pub(crate) fn check_length(expected: usize, found: usize) -> Result<(), RankError> {
        match expected == found {
            true => Ok(()),
            false => Err(RankError::WrongLength { expected, found }),
        }
    }
}
