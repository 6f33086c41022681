//! Rankings of `k`-element subsets of `0..n`.

use crate::binomial::{MAX_N, binomial};
use crate::{RankError, Ranking};

/// The `k`-element subsets of `0..n` (`n <= 64`), ranked in colexicographic
/// order: the subset `c_1 < c_2 < .. < c_k` has rank `sum over i of C(c_i, i)`.
///
/// Subsets are bit masks (`rank_mask`, `unrank_mask`), or, through
/// [`Ranking`], sequences of `n` zeros and ones with exactly `k` ones.
/// Rank 0 is `{0, 1, .., k-1}`.
///
/// # Example
///
/// ```
/// use perm_rank::Combinations;
///
/// // The three black knights of a 3x4 board stand on 3 of its 12 cells.
/// let cells = Combinations::new(12, 3)?;
/// assert_eq!(cells.count(), 220);
/// assert_eq!(cells.rank_mask(0b111)?, 0);
/// let rank = cells.rank_mask(0b1110_0000_0000)?; // cells 9, 10, 11
/// assert_eq!(rank, 219);
/// assert_eq!(cells.unrank_mask(rank)?, 0b1110_0000_0000);
/// # Ok::<(), perm_rank::RankError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Combinations {
    n: usize,
    k: usize,
}

impl Combinations {
    /// The `k`-subsets of `0..n`, for `k <= n <= 64`.
    pub fn new(n: usize, k: usize) -> Result<Self, RankError> {
        RankError::check_k_of_n(k, n, MAX_N, "elements")?;
        Ok(Combinations { n, k })
    }

    /// The number of subsets, `C(n, k)`.
    pub fn count(&self) -> u64 {
        binomial(self.n, self.k)
    }

    /// The rank of the subset whose elements are the set bits of `mask`.
    pub fn rank_mask(&self, mask: u64) -> Result<u64, RankError> {
        if self.n < 64 && mask >> self.n != 0 {
            let value = (63 - mask.leading_zeros()) as u8;
            return Err(RankError::UnknownSymbol {
                position: usize::from(value),
                value,
                symbols: self.n,
            });
        }
        let found = mask.count_ones() as usize;
        if found != self.k {
            return Err(RankError::WrongCount {
                symbol: 1,
                expected: self.k,
                found,
            });
        }
        Ok(colex_rank(mask))
    }

    /// The subset of rank `rank`, as a bit mask.
    pub fn unrank_mask(&self, rank: u64) -> Result<u64, RankError> {
        let count = self.count();
        if rank >= count {
            return Err(RankError::RankOutOfRange { rank, count });
        }
        Ok(colex_unrank(rank, self.k, self.n))
    }
}

impl Ranking for Combinations {
    fn positions(&self) -> usize {
        self.n
    }

    fn count(&self) -> u64 {
        Combinations::count(self)
    }

    fn rank(&self, seq: &[u8]) -> Result<u64, RankError> {
        self.rank_mask(sequence_mask(seq, self.n)?)
    }

    fn unrank(&self, rank: u64, out: &mut [u8]) -> Result<(), RankError> {
        RankError::check_length(self.n, out.len())?;
        let mask = self.unrank_mask(rank)?;
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = ((mask >> i) & 1) as u8;
        }
        Ok(())
    }
}

/// The mask of the ones of a 0/1 sequence of length `n`.
pub(crate) fn sequence_mask(seq: &[u8], n: usize) -> Result<u64, RankError> {
    RankError::check_length(n, seq.len())?;
    let mut mask = 0u64;
    for (position, &value) in seq.iter().enumerate() {
        match value {
            0 => {}
            1 => mask |= 1 << position,
            _ => {
                return Err(RankError::UnknownSymbol {
                    position,
                    value,
                    symbols: 2,
                });
            }
        }
    }
    Ok(mask)
}

/// Colex rank of the set bits of `mask`.
#[inline]
pub(crate) fn colex_rank(mut mask: u64) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while mask != 0 {
        let position = mask.trailing_zeros() as usize;
        rank += binomial(position, i);
        i += 1;
        mask &= mask - 1;
    }
    rank
}

/// The `k`-subset of `0..n` of colex rank `rank` (which must be below `C(n, k)`).
#[inline]
pub(crate) fn colex_unrank(mut rank: u64, k: usize, n: usize) -> u64 {
    let mut mask = 0u64;
    let mut position = n;
    for i in (1..=k).rev() {
        // The largest position with C(position, i) <= rank; C(i - 1, i) = 0 bounds the scan.
        position -= 1;
        while binomial(position, i) > rank {
            position -= 1;
        }
        rank -= binomial(position, i);
        mask |= 1 << position;
    }
    mask
}
