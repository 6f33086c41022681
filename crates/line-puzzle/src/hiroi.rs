//! M. Hiroi's lower bound ("Puzzle DE Programming", the line puzzle): each
//! piece's Manhattan distance to the nearest goal cell of its letter,
//! updated by the moved piece's term only.

use search_core::bound::Bound;

use crate::board::MAX_CELLS;
use crate::space::Step;
use crate::{Board, Letter, LineSpace};

/// M. Hiroi's bound as a `search_core::bound::Bound`:
/// `distance[letter][cell]` is the moves from `cell` to the nearest cell of
/// `letter` in the goal.
#[derive(Debug, Clone)]
pub struct NearestGoal {
    distance: [[u8; MAX_CELLS]; 4],
}

impl NearestGoal {
    /// The bound towards `goal`.
    pub fn new(goal: &Board) -> NearestGoal {
        let w = goal.width();
        let manhattan = |a: usize, b: usize| (a / w).abs_diff(b / w) + (a % w).abs_diff(b % w);
        let mut distance = [[0u8; MAX_CELLS]; 4];
        for letter in Letter::ALL {
            let targets: Vec<usize> = (0..goal.cells())
                .filter(|&c| goal.letter(c) == Some(letter))
                .collect();
            let row = &mut distance[letter as usize];
            for (cell, slot) in row.iter_mut().enumerate().take(goal.cells()) {
                let nearest = targets.iter().map(|&t| manhattan(cell, t)).min();
                *slot = nearest.unwrap_or(0) as u8;
            }
        }
        NearestGoal { distance }
    }

    /// The term of a piece of `letter` on `cell`.
    #[inline]
    pub(crate) fn term(&self, letter: usize, cell: usize) -> u32 {
        u32::from(self.distance[letter][cell])
    }

    /// The bound of a whole board: the sum of every piece's term.
    pub fn bound(&self, board: &Board) -> u32 {
        let masks = board.letter_masks();
        let mut total = 0;
        for (letter, &mask) in masks.iter().enumerate() {
            let mut bits = mask;
            while bits != 0 {
                total += self.term(letter, bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        total
    }
}

impl Bound<LineSpace> for NearestGoal {
    /// The sum of the terms.
    type Memo = u32;

    fn start(&self, _: &LineSpace, board: &Board) -> (u32, u32) {
        let sum = self.bound(board);
        (sum, sum)
    }

    /// Only the moved piece's term changes.
    #[inline]
    fn after(&self, _: &LineSpace, board: &Board, m: Step, sum: &mut u32, _: u32) -> u32 {
        let letter = board.letter(usize::from(m.to)).expect("a piece moved") as usize;
        *sum = *sum + self.term(letter, usize::from(m.to)) - self.term(letter, usize::from(m.from));
        *sum
    }
}

/// M. Hiroi's bound ("Puzzle DE Programming", the line puzzle) of `start`
/// towards `goal` (same shape and pieces): each piece's Manhattan distance
/// to the nearest goal cell of its letter, summed.
///
/// # Example
///
/// ```
/// use line_puzzle::{Board, hiroi_bound};
///
/// // Hiroi's problem 3: bound 13, so its first limit is 14 (rounded up
/// // to the parity of every solution), the figure in the article's table.
/// let start = Board::from_rows(&["AABS", "AABB", "CCDD", "CCDD"])?;
/// let goal = Board::from_rows(&["ABAS", "DCDC", "BABA", "CDCD"])?;
/// assert_eq!(hiroi_bound(&start, &goal), 13);
/// # Ok::<(), line_puzzle::BoardError>(())
/// ```
pub fn hiroi_bound(start: &Board, goal: &Board) -> u32 {
    NearestGoal::new(goal).bound(start)
}
