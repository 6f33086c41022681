//! Additive pattern databases over groups of letters.
//!
//! A pattern database for a group of letters (say A and B) stores, for every
//! placement of the group's pieces, the fewest moves *of those pieces* that
//! bring them to their goal cells, the other pieces being interchangeable
//! with the space (they may move for free). Every move of the real puzzle
//! moves one piece, of one letter, so it is counted by the database of that
//! letter's group only: the values of databases over disjoint groups add up
//! to a lower bound on the real distance (Korf and Felner's disjoint pattern
//! databases).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use perm_rank::{Multiset, Ranking};
use search_core::par;

use crate::{Board, Letter};

/// States per parallel task in the build.
const CHUNK: usize = 2048;

/// The fewest moves of one group's pieces to reach their goal cells, for
/// every placement of those pieces.
///
/// # Example
///
/// ```
/// use line_puzzle::{Board, Letter, PatternDb};
///
/// let goal = Board::from_rows(&["ABAS", "DCDC", "BABA", "CDCD"])?;
/// let start = Board::from_rows(&["AABS", "AABB", "CCDD", "CCDD"])?;
/// let ab = PatternDb::build(&goal, &[Letter::A, Letter::B]);
/// let cd = PatternDb::build(&goal, &[Letter::C, Letter::D]);
/// assert_eq!(ab.len(), 400_400); // C(16, 4) * C(12, 3) placements of 4 A and 3 B
/// assert_eq!(ab.value(&goal) + cd.value(&goal), 0);
/// // The sum bounds the 38 moves of Hiroi's problem 3 from below.
/// assert!(ab.value(&start) + cd.value(&start) <= 38);
/// # Ok::<(), line_puzzle::BoardError>(())
/// ```
#[derive(Debug, Clone)]
pub struct PatternDb {
    letters: Vec<Letter>,
    ranking: Multiset,
    table: Vec<u8>,
}

/// A placement of a group's pieces and the region of free cells that holds
/// the space, during the build.
#[derive(Clone, Copy)]
struct Abstract {
    masks: [u16; 4],
    region: u16,
}

impl Abstract {
    /// The cells not holding a piece of the group (the space among them).
    #[inline]
    fn free(&self) -> u16 {
        !(self.masks[0] | self.masks[1] | self.masks[2] | self.masks[3])
    }
}

/// Neighbourhoods of cells as bit masks, for flood fills on a board shape.
struct Shape {
    all: u16,
    width: u32,
    /// Cells not in the first column (may receive a shift from the left).
    not_first: u16,
    /// Cells not in the last column.
    not_last: u16,
}

impl Shape {
    fn new(width: usize, height: usize) -> Shape {
        let cells = width * height;
        let all = if cells == 16 {
            u16::MAX
        } else {
            (1u16 << cells) - 1
        };
        let column = |c: usize| (0..height).fold(0u16, |m, r| m | 1 << (r * width + c));
        Shape {
            all,
            width: width as u32,
            not_first: all & !column(0),
            not_last: all & !column(width - 1),
        }
    }

    /// `mask` and the cells next to it.
    #[inline]
    fn dilate(&self, mask: u16) -> u16 {
        let w = self.width;
        (mask
            | (mask << w)
            | (mask >> w)
            | ((mask << 1) & self.not_first)
            | ((mask >> 1) & self.not_last))
            & self.all
    }

    /// The cells next to `cell`.
    #[inline]
    fn around(&self, cell: usize) -> u16 {
        self.dilate(1 << cell) & !(1 << cell)
    }

    /// The connected region of `free` cells that holds `cell`.
    #[inline]
    fn region(&self, free: u16, cell: u8) -> u16 {
        let free = free & self.all;
        let mut region = 1u16 << cell;
        loop {
            let grown = self.dilate(region) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

impl PatternDb {
    /// Builds the database of `letters` towards `goal`.
    ///
    /// In the abstraction only the group's pieces are told apart; every other
    /// cell is free, and the space moves among the free cells at no cost. So
    /// a state is a placement of the group's pieces and the *region* of free
    /// cells that holds the space (found by flood fill); a move of a group
    /// piece next to the region into it costs 1. A breadth-first search over
    /// these states, back from the goal, gives each placement the cost of
    /// the first layer that reaches it.
    ///
    /// Memory: one byte per placement of the group's pieces for the table,
    /// and during the build one bit per placement and free cell.
    pub fn build(goal: &Board, letters: &[Letter]) -> PatternDb {
        let cells = goal.cells();
        let mut counts: Vec<usize> = letters.iter().map(|&l| goal.count(l)).collect();
        counts.push(cells - counts.iter().sum::<usize>());
        let ranking = Multiset::new(&counts).expect("16 cells rank within a u64");
        let patterns = ranking.count() as usize;
        let shape = Shape::new(goal.width(), goal.height());
        let index = |masks: &[u16; 4]| -> usize {
            ranking.rank_masks_unchecked(&masks.map(u64::from)) as usize
        };

        let mut masks = [0u16; 4];
        for (slot, &l) in masks.iter_mut().zip(letters) {
            *slot = goal.cells_of(l);
        }
        let all_free = !(masks[0] | masks[1] | masks[2] | masks[3]);
        let start = Abstract {
            masks,
            region: shape.region(all_free, goal.space() as u8),
        };
        // The table, and whether (placement, lowest cell of the space's
        // region) was reached; written from several threads, each write of a
        // layer storing the same value. The lowest cell is told by its index
        // among the free cells, so a placement takes one bit per free cell:
        // the bit table stays small enough for the cache it is read from.
        let free_cells = counts[letters.len()];
        let table: Vec<AtomicU8> = (0..patterns).map(|_| AtomicU8::new(u8::MAX)).collect();
        let seen: Vec<AtomicU64> = (0..(patterns * free_cells).div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect();
        let mark = |pattern: usize, free: u16, region: u16| -> bool {
            let below = (region & region.wrapping_neg()) - 1;
            let bit = pattern * free_cells + (free & below).count_ones() as usize;
            let word = &seen[bit / 64];
            let flag = 1u64 << (bit % 64);
            // Most states are reached again: a plain load spares the locked write.
            word.load(Ordering::Relaxed) & flag == 0
                && word.fetch_or(flag, Ordering::Relaxed) & flag == 0
        };
        let first = index(&start.masks);
        mark(first, all_free, start.region);
        table[first].store(0, Ordering::Relaxed);
        let mut layer = vec![start];
        let mut cost = 0u8;
        while !layer.is_empty() {
            cost += 1;
            let expand = |chunk: &[Abstract]| {
                let mut next = Vec::new();
                for state in chunk {
                    let free = state.free();
                    let region = state.region;
                    // Group pieces next to the region, each into each region cell next to it.
                    let mut movers = shape.dilate(region) & !free & shape.all;
                    while movers != 0 {
                        let from = movers.trailing_zeros() as usize;
                        movers &= movers - 1;
                        let mut landings = shape.around(from) & region;
                        while landings != 0 {
                            let to = landings.trailing_zeros() as usize;
                            landings &= landings - 1;
                            let mut moved = *state;
                            for mask in moved.masks.iter_mut() {
                                if *mask & (1 << from) != 0 {
                                    *mask ^= (1 << from) | (1 << to);
                                }
                            }
                            let moved_free = moved.free();
                            moved.region = shape.region(moved_free, from as u8);
                            let pattern = index(&moved.masks);
                            if mark(pattern, moved_free, moved.region) {
                                // Every write in a layer stores the same cost.
                                if table[pattern].load(Ordering::Relaxed) == u8::MAX {
                                    table[pattern].store(cost, Ordering::Relaxed);
                                }
                                next.push(moved);
                            }
                        }
                    }
                }
                next
            };
            // Small layers (all of a one-letter database's) are not worth
            // handing to other threads.
            layer = if layer.len() <= CHUNK {
                expand(&layer)
            } else {
                par::map_chunks(&layer, CHUNK, expand).concat()
            };
        }
        let table = table.into_iter().map(AtomicU8::into_inner).collect();
        PatternDb {
            letters: letters.to_vec(),
            ranking,
            table,
        }
    }

    /// The letters of the group.
    pub fn letters(&self) -> &[Letter] {
        &self.letters
    }

    /// The number of placements (one byte each).
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether the table is empty (never: the goal's placement is in it).
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The largest value in the table.
    pub fn max_value(&self) -> u8 {
        self.table
            .iter()
            .copied()
            .filter(|&v| v != u8::MAX)
            .max()
            .unwrap_or(0)
    }

    /// The fewest moves of the group's pieces from `board` to the goal.
    #[inline]
    pub fn value(&self, board: &Board) -> u32 {
        self.value_of(&board.letter_masks())
    }

    /// The value for the letters' masks (A, B, C, D).
    #[inline]
    pub(crate) fn value_of(&self, letters: &[u16; 4]) -> u32 {
        // One mask per letter of the group, and one for the rest.
        let mut masks = [0u64; 5];
        for (slot, &l) in masks.iter_mut().zip(&self.letters) {
            *slot = u64::from(letters[l as usize]);
        }
        let i = self
            .ranking
            .rank_masks_unchecked(&masks[..=self.letters.len()]) as usize;
        u32::from(self.table[i])
    }
}
