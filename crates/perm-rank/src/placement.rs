//! Rankings of partial permutations: `k` distinct items placed on `n` cells.

use crate::{RankError, Ranking};

/// The largest number of cells: a placement is checked with a 64-bit mask.
const MAX_CELLS: usize = 64;

/// The ordered placements of `k` distinct items on `n` cells (`k`-permutations
/// of `0..n`, `n!/(n-k)!` of them), ranked in lexicographic order.
///
/// A placement is a sequence of `k` distinct cells: entry `i` is the cell of
/// item `i`. Its rank is `sum over i of d_i * (n-1-i)!/(n-k)!`, where `d_i`
/// is the cell of item `i` less the number of earlier items on lower cells.
/// With `k == n` this is the [`Lehmer`](crate::Lehmer) rank.
///
/// This is how a pattern database indexes the cells of its pattern tiles.
///
/// # Example
///
/// ```
/// use perm_rank::{Placements, Ranking};
///
/// // Six tiles of the 15-puzzle on its 16 cells.
/// let six = Placements::new(16, 6)?;
/// assert_eq!(six.count(), 5_765_760);
/// assert_eq!(six.rank(&[0, 1, 2, 3, 4, 5])?, 0);
/// assert_eq!(six.rank(&[15, 14, 13, 12, 11, 10])?, 5_765_759);
/// let cells = six.unrank_vec(1_234_567)?;
/// assert_eq!(six.rank(&cells)?, 1_234_567);
/// # Ok::<(), perm_rank::RankError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placements {
    n: usize,
    k: usize,
    /// `weights[i] = (n-1-i)! / (n-k)!`, the place value of digit `i`.
    weights: Vec<u64>,
    count: u64,
}

impl Placements {
    /// The placements of `k` items on `n` cells, for `k <= n <= 64` with
    /// `n!/(n-k)!` fitting in a `u64`.
    pub fn new(n: usize, k: usize) -> Result<Self, RankError> {
        RankError::check_k_of_n(k, n, MAX_CELLS, "cells")?;
        // weights from the last item (1) back to the first.
        let mut weights = vec![0u64; k];
        let mut w: u64 = 1;
        for i in (0..k).rev() {
            weights[i] = w;
            w = w
                .checked_mul((n - i) as u64)
                .ok_or_else(|| RankError::TooLarge {
                    what: format!("{k} items on {n} cells"),
                    limit: "u64::MAX placements".to_string(),
                })?;
        }
        Ok(Placements {
            n,
            k,
            weights,
            count: w,
        })
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.n
    }

    /// The number of items placed.
    pub fn items(&self) -> usize {
        self.k
    }

    /// The number of placements, `n!/(n-k)!`.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The rank of `cells` without checking it: for hot loops whose
    /// placements are valid by construction. `cells` must hold `k` distinct
    /// cells below `n` (checked in debug builds only); otherwise the result
    /// is some number, possibly out of range.
    #[inline]
    pub fn rank_unchecked(&self, cells: &[u8]) -> u64 {
        debug_assert!(self.check(cells).is_ok(), "{cells:?}");
        let mut used = 0u64;
        let mut rank = 0u64;
        for (&cell, &weight) in cells.iter().zip(&self.weights) {
            let below = (used & ((1u64 << cell) - 1)).count_ones();
            rank += (u64::from(cell) - u64::from(below)) * weight;
            used |= 1u64 << cell;
        }
        rank
    }

    fn check(&self, cells: &[u8]) -> Result<(), RankError> {
        RankError::check_length(self.k, cells.len())?;
        let mut used = 0u64;
        for (position, &value) in cells.iter().enumerate() {
            if usize::from(value) >= self.n {
                return Err(RankError::UnknownSymbol {
                    position,
                    value,
                    symbols: self.n,
                });
            }
            if used & (1u64 << value) != 0 {
                return Err(RankError::WrongCount {
                    symbol: value,
                    expected: 1,
                    found: 2,
                });
            }
            used |= 1u64 << value;
        }
        Ok(())
    }
}

impl Ranking for Placements {
    fn positions(&self) -> usize {
        self.k
    }

    fn count(&self) -> u64 {
        self.count
    }

    fn rank(&self, seq: &[u8]) -> Result<u64, RankError> {
        self.check(seq)?;
        Ok(self.rank_unchecked(seq))
    }

    fn unrank(&self, mut rank: u64, out: &mut [u8]) -> Result<(), RankError> {
        RankError::check_length(self.k, out.len())?;
        if rank >= self.count {
            return Err(RankError::RankOutOfRange {
                rank,
                count: self.count,
            });
        }
        let mut used = 0u64;
        for (slot, &weight) in out.iter_mut().zip(&self.weights) {
            let mut digit = rank / weight;
            rank %= weight;
            // The digit-th free cell.
            let mut cell = 0u8;
            loop {
                if used & (1u64 << cell) == 0 {
                    if digit == 0 {
                        break;
                    }
                    digit -= 1;
                }
                cell += 1;
            }
            used |= 1u64 << cell;
            *slot = cell;
        }
        Ok(())
    }
}
