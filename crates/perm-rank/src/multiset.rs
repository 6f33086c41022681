//! Rankings of arrangements of a multiset (sequences with a fixed count per symbol).

use crate::binomial::{MAX_N, binomial, select_bit};
use crate::combination::colex_unrank;
use crate::{RankError, Ranking};

/// The most distinct symbols a [`Multiset`] ranking handles.
const MAX_SYMBOLS: usize = 64;

/// Sequences in which symbol `s` occurs exactly `counts[s]` times, ranked
/// densely into `0..count()`, where `count()` is the multinomial coefficient
/// `n! / (counts[0]! counts[1]! ..)`.
///
/// The rank is a mixed-radix number with one digit per symbol but the last:
/// the digit of symbol `s` is the colex rank of its cells among the cells that
/// smaller symbols left free, and its radix the number of such choices.
/// Ranking and unranking take `O(n)` word operations. The order of ranks is
/// not lexicographic; rank 0 puts the symbols in ascending order.
/// At most 64 positions and 64 symbols; the count must fit a `u64`.
///
/// # Example
///
/// ```
/// use perm_rank::{Multiset, Ranking};
///
/// // The line puzzle: 16 cells holding 1 space, 4 A, 3 B, 4 C and 4 D.
/// let line = Multiset::new(&[1, 4, 3, 4, 4])?;
/// assert_eq!(line.count(), 252_252_000);
/// let board = [1, 3, 1, 0, 3, 4, 3, 1, 4, 2, 1, 2, 3, 4, 2, 4];
/// let rank = line.rank(&board)?;
/// assert_eq!(line.unrank_vec(rank)?, board);
/// # Ok::<(), perm_rank::RankError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Multiset {
    counts: Vec<usize>,
    positions: usize,
    /// `radices[s]`: how many ways symbol `s` can take its cells among those
    /// left by the symbols before it.
    radices: Vec<u64>,
    count: u64,
}

impl Multiset {
    /// Sequences with `counts[s]` copies of symbol `s`.
    ///
    /// Fails if there are more than 64 positions or symbols, or more
    /// arrangements than fit a `u64`.
    pub fn new(counts: &[usize]) -> Result<Self, RankError> {
        RankError::check_size(counts.len(), MAX_SYMBOLS, || {
            let what = format!("a multiset of {} symbols", counts.len());
            (what, format!("{MAX_SYMBOLS} symbols"))
        })?;
        let positions = counts.iter().try_fold(0usize, |a, &c| a.checked_add(c));
        let positions = match positions {
            Some(p) if p <= MAX_N => p,
            _ => {
                return Err(RankError::TooLarge {
                    what: "a multiset of more than 64 elements".to_string(),
                    limit: format!("{MAX_N} elements"),
                });
            }
        };
        let mut radices = Vec::with_capacity(counts.len());
        let mut free = positions;
        let mut count = 1u64;
        for &c in counts {
            let radix = binomial(free, c);
            count = count
                .checked_mul(radix)
                .ok_or_else(|| RankError::TooLarge {
                    what: format!("a multiset with counts {counts:?}"),
                    limit: "2^64 arrangements".to_string(),
                })?;
            radices.push(radix);
            free -= c;
        }
        Ok(Multiset {
            counts: counts.to_vec(),
            positions,
            radices,
            count,
        })
    }

    /// How many times each symbol occurs.
    pub fn counts(&self) -> &[usize] {
        &self.counts
    }

    /// The rank of the arrangement in which symbol `s` occupies the
    /// positions set in `masks[s]` (bit `i` for position `i`): the same rank
    /// as [`Ranking::rank`] of the sequence, for puzzles that keep their
    /// pieces as bitboards.
    ///
    /// The masks must partition the positions: one per symbol, disjoint,
    /// covering `0..positions()`, each with its symbol's count of bits.
    ///
    /// # Example
    ///
    /// ```
    /// use perm_rank::{Multiset, Ranking};
    ///
    /// // Three black and three white knights on 12 squares.
    /// let knights = Multiset::new(&[3, 3, 6])?;
    /// let (black, white) = (0b111, 0b1110_0000_0000);
    /// let empty = 0xFFF & !(black | white);
    /// let rank = knights.rank_masks(&[black, white, empty])?;
    /// let mut seq = [2u8; 12];
    /// seq[..3].fill(0);
    /// seq[9..].fill(1);
    /// assert_eq!(rank, knights.rank(&seq)?);
    /// assert_eq!(knights.unrank_masks(rank)?, [black, white, empty]);
    /// # Ok::<(), perm_rank::RankError>(())
    /// ```
    pub fn rank_masks(&self, masks: &[u64]) -> Result<u64, RankError> {
        RankError::check_length(self.counts.len(), masks.len())?;
        let all = low_bits(self.positions);
        let mut seen = 0u64;
        for (s, (&mask, &expected)) in masks.iter().zip(&self.counts).enumerate() {
            let stray = mask & (seen | !all);
            if stray != 0 {
                let position = stray.trailing_zeros() as usize;
                return Err(RankError::UnknownSymbol {
                    position,
                    value: s as u8,
                    symbols: self.counts.len(),
                });
            }
            let found = mask.count_ones() as usize;
            if found != expected {
                return Err(RankError::WrongCount {
                    symbol: s as u8,
                    expected,
                    found,
                });
            }
            seen |= mask;
        }
        Ok(self.rank_masks_unchecked(masks))
    }

    /// [`rank_masks`](Multiset::rank_masks) for masks the caller knows to
    /// be a valid arrangement (its pieces' own bitboards): no checks. Masks
    /// that are not a partition give a meaningless rank, never a panic.
    #[inline]
    pub fn rank_masks_unchecked(&self, masks: &[u64]) -> u64 {
        let mut free = low_bits(self.positions);
        let mut rank = 0u64;
        // The last symbol takes whatever is left: its digit is always 0.
        let ranked = self.counts.len().saturating_sub(1);
        for (&mask, &radix) in masks.iter().zip(&self.radices).take(ranked) {
            // The colex rank of the mask's bits, each counted by its index
            // among the positions still free.
            let mut digit = 0u64;
            let mut i = 1;
            let mut bits = mask;
            while bits != 0 {
                let below = (1u64 << bits.trailing_zeros()) - 1;
                digit = digit.wrapping_add(binomial((free & below).count_ones() as usize, i));
                i += 1;
                bits &= bits - 1;
            }
            rank = rank.wrapping_mul(radix).wrapping_add(digit);
            free &= !mask;
        }
        rank
    }

    /// The arrangement of rank `rank` as one mask of positions per symbol.
    pub fn unrank_masks(&self, rank: u64) -> Result<Vec<u64>, RankError> {
        let mut seq = vec![0u8; self.positions];
        self.unrank(rank, &mut seq)?;
        let mut masks = vec![0u64; self.counts.len()];
        for (position, &s) in seq.iter().enumerate() {
            masks[usize::from(s)] |= 1 << position;
        }
        Ok(masks)
    }
}

impl Ranking for Multiset {
    fn positions(&self) -> usize {
        self.positions
    }

    fn count(&self) -> u64 {
        self.count
    }

    fn rank(&self, seq: &[u8]) -> Result<u64, RankError> {
        RankError::check_length(self.positions, seq.len())?;
        let symbols = self.counts.len();
        let mut masks = [0u64; MAX_SYMBOLS];
        for (position, &value) in seq.iter().enumerate() {
            let s = usize::from(value);
            if s >= symbols {
                return Err(RankError::UnknownSymbol {
                    position,
                    value,
                    symbols,
                });
            }
            masks[s] |= 1 << position;
        }
        self.rank_masks(&masks[..symbols])
    }

    fn unrank(&self, mut rank: u64, out: &mut [u8]) -> Result<(), RankError> {
        if rank >= self.count {
            return Err(RankError::RankOutOfRange {
                rank,
                count: self.count,
            });
        }
        RankError::check_length(self.positions, out.len())?;
        let mut digits = [0u64; MAX_SYMBOLS];
        for (digit, &radix) in digits.iter_mut().zip(&self.radices).rev() {
            *digit = rank % radix;
            rank /= radix;
        }
        let mut free = low_bits(self.positions);
        for (s, (&count, &digit)) in self.counts.iter().zip(&digits).enumerate() {
            let chosen = colex_unrank(digit, count, free.count_ones() as usize);
            let mut taken = 0u64;
            let mut bits = chosen;
            while bits != 0 {
                let cell = select_bit(free, bits.trailing_zeros());
                out[cell as usize] = s as u8;
                taken |= 1 << cell;
                bits &= bits - 1;
            }
            free &= !taken;
        }
        Ok(())
    }
}

/// The mask with the lowest `n` bits set (`n <= 64`).
fn low_bits(n: usize) -> u64 {
    if n == 64 { u64::MAX } else { (1u64 << n) - 1 }
}
