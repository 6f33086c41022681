//! The 8-puzzle family as a [`Puzzle`](crate::Puzzle): the crate's own types and functions
//! behind the workspace's one contract.

use crate::Board;
use search_core::puzzle::Standard;

/// The sliding-tile puzzles (2x2 up to the 15-puzzle) as a [`Puzzle`](crate::Puzzle).
///
/// # Example
///
/// ```
/// use eight_puzzle::{EightPuzzle, Puzzle, Standard};
///
/// let start = EightPuzzle::from_rows(Standard, &["1 2 3", "4 5 6", "0 7 8"])?;
/// let goal = EightPuzzle::from_rows(Standard, &["1 2 3", "4 5 6", "7 8 0"])?;
/// let options = EightPuzzle::options(EightPuzzle::ALGORITHMS[0]);
/// let solution = EightPuzzle::solve(&start, &goal, &options)?.found.unwrap();
/// assert_eq!(solution.notation(), "7 8");
/// assert_eq!(EightPuzzle::replay(&start, &goal, &solution.moves)?.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EightPuzzle;

search_core::impl_puzzle! {
    EightPuzzle in crate: "eight-puzzle", Standard, goal Board,
    default_goal |start| Board::solved(start.width(), start.height()).ok()
}
