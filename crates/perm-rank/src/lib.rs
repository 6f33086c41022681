//! Rank and unrank arrangements into dense indices.
//!
//! A puzzle state that is an arrangement of pieces on cells (a permutation of
//! tiles, a choice of cells for the knights, a board with repeated pieces) can
//! be numbered `0..count` without gaps. A search then keeps its visited set or
//! its distance table in a bit or byte array indexed by that number instead of
//! a hash map: smaller, faster, and trivially parallel.
//!
//! | ranking | arrangements | order |
//! | --- | --- | --- |
//! | [`Lehmer`] | permutations of `0..n`, `n <= 20` | lexicographic |
//! | [`MyrvoldRuskey`] | permutations of `0..n`, `n <= 20` | a fixed bijection, `O(n)` |
//! | [`Combinations`] | `k`-subsets of `0..n`, `n <= 64` | colexicographic |
//! | [`Multiset`] | sequences with a fixed count per symbol, `n <= 64` | mixed radix over symbols |
//! | [`Placements`] | `k` distinct items on `n` cells (partial permutations), `n <= 64` | lexicographic |
//! | [`SubsetLayer`] | `k`-subsets of `0..n` of one class under weights over GF(2), `n <= 64` | increasing masks |
//!
//! All six implement [`Ranking`]: `rank` checks that the sequence really is
//! an arrangement of the expected kind and `unrank` that the rank is in range;
//! both return a [`RankError`] instead of panicking.
//!
//! # Example
//!
//! ```
//! use perm_rank::{Lehmer, Multiset, Ranking};
//!
//! let lehmer = Lehmer::new(9)?;
//! assert_eq!(lehmer.count(), 362_880);
//! assert_eq!(lehmer.rank(&[8, 6, 7, 2, 5, 4, 3, 0, 1])?, 357_478);
//!
//! let line = Multiset::new(&[1, 4, 3, 4, 4])?;
//! assert_eq!(line.count(), 252_252_000);
//! let mut board = [0u8; 16];
//! line.unrank(123_456_789, &mut board)?;
//! assert_eq!(line.rank(&board)?, 123_456_789);
//! # Ok::<(), perm_rank::RankError>(())
//! ```
#![deny(missing_docs)]

pub use combination::Combinations;
pub use error::RankError;
pub use multiset::Multiset;
pub use permutation::{Lehmer, MyrvoldRuskey};
pub use placement::Placements;
pub use subsets::{SubsetClasses, SubsetCursor, SubsetLayer};

mod binomial;
mod combination;
mod error;
mod multiset;
mod permutation;
mod placement;
mod subsets;

/// A bijection between the arrangements of one kind and `0..count()`.
///
/// Arrangements are sequences of `positions()` small integers (symbols).
pub trait Ranking {
    /// The length of every arrangement.
    fn positions(&self) -> usize;

    /// The number of arrangements; ranks are `0..count()`.
    fn count(&self) -> u64;

    /// The rank of `seq`, or an error if `seq` is not an arrangement of this kind.
    fn rank(&self, seq: &[u8]) -> Result<u64, RankError>;

    /// Writes the arrangement of rank `rank` into `out`, which must hold
    /// exactly `positions()` entries.
    fn unrank(&self, rank: u64, out: &mut [u8]) -> Result<(), RankError>;

    /// The arrangement of rank `rank` as a new vector.
    fn unrank_vec(&self, rank: u64) -> Result<Vec<u8>, RankError> {
        let mut out = vec![0; self.positions()];
        self.unrank(rank, &mut out)?;
        Ok(out)
    }
}
