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

use perm_rank::{Multiset, Ranking};
use search_core::layers::{Sweep, Table};
use search_core::pdb::regions::{PlacementRanking, Regions};

use search_core::bound::Bound;

use crate::space::Step;
use crate::{Board, Letter, LineSpace};

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

/// The placements of a group of `K` letters, ranked as `perm_rank::Multiset`
/// ranks the masks of the group's letters (in the group's order) and of the
/// other cells.
struct GroupRanking<'a>(&'a Multiset);

impl<const K: usize> PlacementRanking<K> for GroupRanking<'_> {
    fn count(&self) -> u64 {
        self.0.count()
    }

    #[inline]
    fn rank(&self, pieces: &[u64; K]) -> u64 {
        // The other cells take what the group leaves: their mask is not needed.
        self.0.rank_masks_unchecked(pieces)
    }

    fn unrank(&self, rank: u64) -> [u64; K] {
        let masks = self
            .0
            .unrank_masks(rank)
            .expect("sweeps only unrank ranks below count()");
        std::array::from_fn(|i| masks[i])
    }
}

impl PatternDb {
    /// Builds the database of `letters` towards `goal`.
    ///
    /// In the abstraction only the group's pieces are told apart; every other
    /// cell is free, and the space moves among the free cells at no cost. So
    /// a state is a placement of the group's pieces and the *region* of free
    /// cells that holds the space; a move of a group piece next to the
    /// region into it costs 1 (`search_core::pdb::regions`). A breadth-first
    /// search over these states, back from the goal, gives each placement the
    /// cost of the first layer that reaches it.
    ///
    /// Memory: one byte per placement of the group's pieces for the table,
    /// and during the build one bit per placement and free cell, with the
    /// states of two layers.
    ///
    /// # Panics
    /// If `letters` holds more than four letters.
    pub fn build(goal: &Board, letters: &[Letter]) -> PatternDb {
        let mut counts: Vec<usize> = letters.iter().map(|&l| goal.count(l)).collect();
        counts.push(goal.cells() - counts.iter().sum::<usize>());
        let ranking = Multiset::new(&counts).expect("16 cells rank within a u64");
        let table = match letters.len() {
            0 => table::<0>(goal, letters, &ranking),
            1 => table::<1>(goal, letters, &ranking),
            2 => table::<2>(goal, letters, &ranking),
            3 => table::<3>(goal, letters, &ranking),
            4 => table::<4>(goal, letters, &ranking),
            n => panic!("a group holds at most the four letters, not {n}"),
        };
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
        u32::from(self.value_of(&board.letter_masks()))
    }

    /// The value for the letters' masks (A, B, C, D).
    #[inline]
    pub(crate) fn value_of(&self, letters: &[u16; 4]) -> u8 {
        // One mask per letter of the group, and one for the rest.
        let mut masks = [0u64; 5];
        for (slot, &l) in masks.iter_mut().zip(&self.letters) {
            *slot = u64::from(letters[l as usize]);
        }
        let i = self
            .ranking
            .rank_masks_unchecked(&masks[..=self.letters.len()]) as usize;
        self.table[i]
    }
}

impl Bound<LineSpace> for PatternDb {
    /// The value.
    type Memo = u8;

    fn start(&self, _: &LineSpace, board: &Board) -> (u32, u8) {
        let value = self.value_of(&board.letter_masks());
        (u32::from(value), value)
    }

    /// Looked up again only when a piece of the group moved.
    #[inline]
    fn after(&self, _: &LineSpace, board: &Board, m: Step, value: &mut u8, _: u32) -> u32 {
        let moved = board.letter(usize::from(m.to)).expect("a piece moved");
        if self.letters.contains(&moved) {
            *value = self.value_of(&board.letter_masks());
        }
        u32::from(*value)
    }
}

/// The table of the `K` letters `letters`, a state holding one mask a letter.
fn table<const K: usize>(goal: &Board, letters: &[Letter], ranking: &Multiset) -> Vec<u8> {
    let pieces: [u64; K] = std::array::from_fn(|i| u64::from(goal.cells_of(letters[i])));
    let rect = goal.rect();
    let regions = Regions::<_, K, u16>::new(GroupRanking(ranking), rect, pieces, goal.space());
    search_core::pdb::PatternDb::build(&regions, &Sweep::new(Table::Bytes), |_| {})
        .expect("without a memory limit, a 16-cell board's placements lie within 254 moves")
        .into_values()
}
