//! Two bits a state: the table every scanning sweep keeps (the two-bit and
//! residue sweeps, the sliding tiles' blocks, a shard of a sweep over many
//! processes), written once.
//!
//! A cell holds [`UNSEEN`] or a code of at most two bits that the sweep
//! chooses (the parity of a distance, or the distance modulo 3, which is
//! enough to tell the layer being expanded from the next and from the
//! older ones). A layer is found by scanning words for a code
//! ([`matching`]), and a state is claimed for the next layer with one
//! atomic AND ([`TwoBits::claim`]), so threads may claim cells of one word
//! at once.
//!
//! # Example
//!
//! ```
//! use search_core::layers::cells::{TwoBits, UNSEEN, matching};
//!
//! let table = TwoBits::new(100);
//! assert!(table.claim(42, 1));
//! assert!(!table.claim(42, 2)); // claimed already
//! assert_eq!((table.get(42), table.get(43)), (1, UNSEEN));
//! let word = table.word(1); // cells 32..64
//! assert_eq!(matching(word, 1), 1 << (2 * (42 - 32)));
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

use crate::visited::to_index;

/// Cells in a 64-bit word.
pub const CELLS_PER_WORD: u64 = 32;

/// The code of a cell no state has reached.
pub const UNSEEN: u64 = 0b11;

/// The code a parity-coded sweep gives a cell once it is expanded (its
/// layer's cells hold the parity of their distance, 0 or 1, until then).
pub const DONE: u64 = 0b10;

/// The low bit of every cell of a word.
pub const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The code of a cell reached at `distance` where cells keep distances
/// modulo 3: enough to tell the layer being expanded from the next one and
/// from the states that can lead to either.
#[inline]
pub fn residue(distance: u32) -> u64 {
    u64::from(distance % 3)
}

/// The low bit of every cell of `word` that holds `code`.
#[inline]
pub fn matching(word: u64, code: u64) -> u64 {
    // `code` in every cell: XOR-ing it leaves 00 where a cell matches.
    let x = word ^ code.wrapping_mul(LOW_BITS);
    !(x | (x >> 1)) & LOW_BITS
}

/// The rank of the cell whose low bit is bit `bit` of word `word`.
#[inline]
pub fn rank_of(word: usize, bit: u32) -> u64 {
    word as u64 * CELLS_PER_WORD + u64::from(bit / 2)
}

/// A table of two bits a rank, every cell [`UNSEEN`] at first.
#[derive(Debug)]
pub struct TwoBits {
    words: Vec<AtomicU64>,
    size: u64,
}

impl TwoBits {
    /// A table of `size` cells.
    pub fn new(size: u64) -> TwoBits {
        TwoBits {
            words: (0..to_index(Self::words_for(size)))
                .map(|_| AtomicU64::new(u64::MAX))
                .collect(),
            size,
        }
    }

    /// The words that hold `size` cells.
    pub fn words_for(size: u64) -> u64 {
        size.div_ceil(CELLS_PER_WORD)
    }

    /// The number of cells.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The words.
    pub fn words(&self) -> &[AtomicU64] {
        &self.words
    }

    /// Word `w`.
    #[inline]
    pub fn word(&self, w: usize) -> u64 {
        self.words[w].load(Ordering::Relaxed)
    }

    /// The code of cell `rank`.
    #[inline]
    pub fn get(&self, rank: u64) -> u64 {
        (self.word(to_index(rank / CELLS_PER_WORD)) >> ((rank % CELLS_PER_WORD) * 2)) & 3
    }

    /// Sets cell `rank`, unseen, to `code` if no other thread did first;
    /// whether this call did. Only claims of the same code may race.
    #[inline]
    pub fn claim(&self, rank: u64, code: u64) -> bool {
        let word = &self.words[to_index(rank / CELLS_PER_WORD)];
        let shift = (rank % CELLS_PER_WORD) * 2;
        if (word.load(Ordering::Relaxed) >> shift) & 3 != UNSEEN {
            return false;
        }
        // AND-ing the same mask again leaves the code unchanged.
        let before = word.fetch_and(!((UNSEEN ^ code) << shift), Ordering::Relaxed);
        (before >> shift) & 3 == UNSEEN
    }

    /// Turns every cell of word `w` whose low bit is set in `cells`, each
    /// holding `from`, into `to`.
    #[inline]
    pub fn recode(&self, w: usize, cells: u64, from: u64, to: u64) {
        self.words[w].fetch_xor(cells * (from ^ to), Ordering::Relaxed);
    }

    /// The words, as plain numbers.
    pub fn into_words(self) -> Vec<u64> {
        self.words.into_iter().map(AtomicU64::into_inner).collect()
    }
}

/// Bit `i` of `x` to bit `2i`: a word of flags to the low bits of 32 cells.
pub fn spread(x: u32) -> u64 {
    let mut x = u64::from(x);
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    (x | (x << 1)) & LOW_BITS
}

/// The inverse of [`spread`]: bit `2i` of `x` to bit `i`.
pub fn compact(x: u64) -> u32 {
    let mut x = x & LOW_BITS;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    ((x | (x >> 16)) & 0xFFFF_FFFF) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_and_compact_are_inverse() {
        for x in [0, 1, 0x8000_0000, 0xDEAD_BEEF, u32::MAX] {
            assert_eq!(compact(spread(x)), x);
            assert_eq!(spread(x).count_ones(), x.count_ones());
            assert_eq!(spread(x) & !LOW_BITS, 0);
        }
        assert_eq!(spread(0b101), 0b10001);
    }

    #[test]
    fn claims_recodes_and_scans_agree() {
        let table = TwoBits::new(70);
        for rank in [0, 31, 32, 69] {
            assert!(table.claim(rank, 2));
        }
        assert_eq!(matching(table.word(0), 2), 1 | 1 << 62);
        table.recode(0, matching(table.word(0), 2), 2, 0);
        assert_eq!((table.get(0), table.get(31), table.get(1)), (0, 0, UNSEEN));
        assert_eq!(rank_of(2, 10), 69);
        assert_eq!(matching(table.word(2), 2), 1 << 10);
    }
}
