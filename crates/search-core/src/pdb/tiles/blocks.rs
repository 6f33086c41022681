//! The blocks of the search: the subsets of cells a group's tiles may hold,
//! each with the regions of the blank, and the renumbering of the
//! permutations a move applies.

use perm_rank::{Lehmer, Ranking};

use super::{MAX_CELLS, MAX_GROUP, RectBits, binomial};
use crate::grid::Rect;
use crate::layers::blocks::Renumbering;

/// The `k`-cell subsets of a board, each with the regions its free cells
/// split into (the flood fill of [`RectBits`]): the blocks of
/// the breadth-first search.
///
/// A placement of `k` tiles is a subset of cells (which cells hold a tile)
/// and a permutation (which tile is on which of them); the regions of the
/// blank depend on the subset alone. The search indexes its states by
/// block (a subset and one of its regions) and by the Lehmer rank of the
/// permutation, so that all the states one move leads to from a block lie
/// in one other block of `k!` entries.
pub(crate) struct Subsets {
    pub(crate) k: usize,
    /// `binomial[c][i]`: C(c, i), for the colexicographic index of a subset.
    pub(crate) binomial: Vec<[u32; MAX_GROUP + 1]>,
    /// The cell mask of every subset.
    pub(crate) masks: Vec<u32>,
    /// The blocks of subset `s` are `first_block[s]..first_block[s + 1]`.
    pub(crate) first_block: Vec<usize>,
    /// The region (its block offset) of every free cell of every subset.
    pub(crate) region_at: Vec<[u8; MAX_CELLS]>,
    /// The cells of every block's region.
    pub(crate) regions: Vec<u32>,
    /// The subset of every block.
    pub(crate) subset_of: Vec<u32>,
}

impl Subsets {
    pub(super) fn new(rect: Rect, k: usize) -> Subsets {
        let cells = rect.cells();
        let board = RectBits::new(rect);
        let all = (u64::MAX >> (64 - cells)) as u32;
        let binomial: Vec<[u32; MAX_GROUP + 1]> = (0..=cells)
            .map(|c| std::array::from_fn(|i| self::binomial(c as u64, i as u64) as u32))
            .collect();
        let mut masks = Vec::new();
        let mut first_block = vec![0];
        let mut region_at = Vec::new();
        let mut regions = Vec::new();
        let mut subset_of = Vec::new();
        // Ascending masks of k cells (colexicographic order, which `index`
        // ranks), each the next by Gosper's hack.
        let mut mask = (1u64 << k) - 1;
        while mask <= u64::from(all) {
            let m = mask as u32;
            let (low, ripple) = (
                mask & mask.wrapping_neg(),
                mask + (mask & mask.wrapping_neg()),
            );
            mask = ripple | (((mask ^ ripple) >> 2) / low);
            let mask = m;
            masks.push(mask);
            let free = all & !mask;
            let mut at = [u8::MAX; MAX_CELLS];
            let mut left = free;
            let mut count = 0u8;
            while left != 0 {
                let lowest = left & left.wrapping_neg();
                let region = board.flood(u64::from(free), u64::from(lowest)) as u32;
                for (c, slot) in at.iter_mut().enumerate().take(cells) {
                    if region & 1 << c != 0 {
                        *slot = count;
                    }
                }
                regions.push(region);
                left &= !region;
                count += 1;
            }
            region_at.push(at);
            subset_of.resize(regions.len(), masks.len() as u32 - 1);
            first_block.push(regions.len());
        }
        Subsets {
            k,
            binomial,
            masks,
            first_block,
            region_at,
            regions,
            subset_of,
        }
    }

    pub(crate) fn count(&self) -> usize {
        self.masks.len()
    }

    pub(crate) fn blocks(&self) -> usize {
        self.regions.len()
    }

    /// The index of the subset `mask` among those of `k` cells: its
    /// colexicographic rank, the sum of C(c, i + 1) over its cells c in
    /// ascending order.
    #[inline]
    pub(super) fn index(&self, mask: u32) -> usize {
        let (mut left, mut rank) = (mask, 0u32);
        for i in 1..=self.k {
            let c = left.trailing_zeros() as usize;
            left &= left - 1;
            rank += self.binomial[c][i];
        }
        rank as usize
    }

    /// The block of the region holding free cell `cell` of subset `mask`.
    #[inline]
    pub(super) fn block_at(&self, mask: u32, cell: usize) -> usize {
        let s = self.index(mask);
        self.first_block[s] + usize::from(self.region_at[s][cell])
    }
}

/// `k!`.
pub(super) fn factorial(k: usize) -> usize {
    (1..=k).product()
}

/// The Lehmer ranking (lexicographic order) of the permutations of `0..k`.
pub(super) fn lehmer(k: usize) -> Lehmer {
    Lehmer::new(k).expect("a group has at most 12 tiles")
}

/// How a move renumbers the permutation: the tile on the `from`-th cell of
/// its subset (in cell order) moves to a cell that is the `to`-th of the new
/// subset; the other tiles keep their order. Kept as tables of ranks while
/// `k!` fits in 16 bits (5 MiB for 8 tiles), computed entry by entry above.
pub(super) struct Renumber {
    pub(super) size: usize,
    tables: Vec<u16>,
    /// Above 8 tiles: the renumbering of every move, computed.
    computed: Vec<Computed>,
}

/// A renumbering computed entry by entry.
type Computed = Box<dyn Fn(usize) -> usize + Sync + Send>;

/// The most tiles whose renumbering is tabulated.
const RENUMBER_TABLES_UP_TO: usize = 8;

impl Renumber {
    pub(super) fn new(k: usize) -> Renumber {
        let size = factorial(k);
        let (mut tables, mut computed) = (Vec::new(), Vec::new());
        if k <= RENUMBER_TABLES_UP_TO {
            tables.reserve(k * k * size);
        }
        for from in 0..k {
            for to in 0..k {
                if k <= RENUMBER_TABLES_UP_TO {
                    tables
                        .extend((0..size).map(|rank| Renumber::compute(k, from, to, rank) as u16));
                } else {
                    computed.push(
                        Box::new(move |rank| Renumber::compute(k, from, to, rank)) as Computed
                    );
                }
            }
        }
        Renumber {
            size,
            tables,
            computed,
        }
    }

    pub(super) fn bytes(k: usize) -> u64 {
        if k <= RENUMBER_TABLES_UP_TO {
            (k * k * factorial(k) * 2) as u64
        } else {
            0
        }
    }

    pub(super) fn compute(k: usize, from: usize, to: usize, rank: usize) -> usize {
        let mut order = [0u8; MAX_CELLS];
        let lehmer = lehmer(k);
        lehmer
            .unrank(rank as u64, &mut order[..k])
            .expect("a rank below k!");
        for p in &mut order[..k] {
            let q = usize::from(*p);
            *p = if q == from {
                to as u8
            } else {
                let q = q - usize::from(q > from);
                (q + usize::from(q >= to)) as u8
            };
        }
        lehmer.rank(&order[..k]).expect("a permutation of 0..k") as usize
    }

    /// The renumbering of the move from the `from`-th cell to the `to`-th,
    /// `move_` being `from * k + to`.
    pub(super) fn map(&self, move_: usize) -> Renumbering<'_> {
        if self.tables.is_empty() {
            Renumbering::Computed(&*self.computed[move_])
        } else {
            Renumbering::Table(&self.tables[move_ * self.size..(move_ + 1) * self.size])
        }
    }
}
