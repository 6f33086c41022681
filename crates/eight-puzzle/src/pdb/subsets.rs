//! The blocks of the pattern-database build: the subsets of cells a group's
//! tiles occupy with the regions of the blank, and the renumbering of the
//! tiles' permutation when one of them moves.

use perm_rank::{Lehmer, Ranking};
use search_core::grid::Rect;
use search_core::pdb::regions::RectBits;

use crate::Board;
use crate::board::MAX_CELLS;

/// The `k`-cell subsets of a board, each with the regions its free cells
/// split into (the flood fill of `search_core::pdb::regions`): the blocks of
/// the breadth-first search.
///
/// A placement of `k` tiles is a subset of cells (which cells hold a tile)
/// and a permutation (which tile is on which of them); the regions of the
/// blank depend on the subset alone. The search indexes its states by
/// block (a subset and one of its regions) and by the Lehmer rank of the
/// permutation, so that all the states one move leads to from a block lie
/// in one other block of `k!` entries.
pub(super) struct Subsets {
    pub(super) k: usize,
    /// The subset index of every cell mask with `k` cells.
    pub(super) index: Vec<u32>,
    /// The cell mask of every subset.
    pub(super) masks: Vec<u16>,
    /// The blocks of subset `s` are `first_block[s]..first_block[s + 1]`.
    pub(super) first_block: Vec<usize>,
    /// The region (its block offset) of every free cell of every subset.
    pub(super) region_at: Vec<[u8; MAX_CELLS]>,
    /// The cells of every block's region.
    pub(super) regions: Vec<u16>,
}

impl Subsets {
    pub(super) fn new(goal: &Board, k: usize) -> Subsets {
        let cells = goal.cells();
        let board = RectBits::new(Rect::new(goal.width(), goal.height()));
        let all = ((1u32 << cells) - 1) as u16;
        let mut index = vec![u32::MAX; 1 << cells];
        let mut masks = Vec::new();
        let mut first_block = vec![0];
        let mut region_at = Vec::new();
        let mut regions = Vec::new();
        for mask in 0..1u32 << cells {
            if mask.count_ones() as usize != k {
                continue;
            }
            let mask = mask as u16;
            index[usize::from(mask)] = masks.len() as u32;
            masks.push(mask);
            let free = all & !mask;
            let mut at = [u8::MAX; MAX_CELLS];
            let mut left = free;
            let mut count = 0u8;
            while left != 0 {
                let lowest = left & left.wrapping_neg();
                // Within `free`, a mask of the board's 16 cells at most.
                let region = board.flood(u64::from(free), u64::from(lowest)) as u16;
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
            first_block.push(regions.len());
        }
        Subsets {
            k,
            index,
            masks,
            first_block,
            region_at,
            regions,
        }
    }

    pub(super) fn count(&self) -> usize {
        self.masks.len()
    }

    pub(super) fn blocks(&self) -> usize {
        self.regions.len()
    }

    /// The block of the region holding free cell `cell` of subset `mask`.
    pub(super) fn block_at(&self, mask: u16, cell: usize) -> usize {
        let s = self.index[usize::from(mask)] as usize;
        self.first_block[s] + usize::from(self.region_at[s][cell])
    }
}

/// `k!`.
pub(super) fn factorial(k: usize) -> usize {
    (1..=k).product()
}

/// The Lehmer ranking (lexicographic order) of the permutations of `0..k`.
pub(super) fn lehmer(k: usize) -> Lehmer {
    Lehmer::new(k).expect("a group has at most 15 tiles")
}

/// How a move renumbers the permutation: the tile on the `from`-th cell of
/// its subset (in cell order) moves to a cell that is the `to`-th of the new
/// subset; the other tiles keep their order. Kept as tables of ranks while
/// `k!` fits in 16 bits (5 MiB for 8 tiles), computed entry by entry above.
pub(super) struct Renumber {
    k: usize,
    size: usize,
    tables: Vec<u16>,
}

/// The most tiles whose renumbering is tabulated.
pub(super) const RENUMBER_TABLES_UP_TO: usize = 8;

impl Renumber {
    pub(super) fn new(k: usize) -> Renumber {
        let size = factorial(k);
        let mut tables = Vec::new();
        if k <= RENUMBER_TABLES_UP_TO {
            tables.reserve(k * k * size);
            for from in 0..k {
                for to in 0..k {
                    tables
                        .extend((0..size).map(|rank| Renumber::compute(k, from, to, rank) as u16));
                }
            }
        }
        Renumber { k, size, tables }
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

    #[inline]
    pub(super) fn apply(&self, from: usize, to: usize, rank: usize) -> usize {
        if from == to {
            rank
        } else if self.tables.is_empty() {
            Renumber::compute(self.k, from, to, rank)
        } else {
            usize::from(self.tables[(from * self.k + to) * self.size + rank])
        }
    }
}
