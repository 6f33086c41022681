//! The line puzzle as a [`Puzzle`](crate::Puzzle): the crate's own types and functions
//! behind the workspace's one contract.

use crate::Board;
use search_core::puzzle::Standard;

/// The line puzzle (any board of up to 16 cells) as a [`Puzzle`](crate::Puzzle).
///
/// # Example
///
/// ```
/// use line_puzzle::{LinePuzzle, Puzzle, Standard};
///
/// let start = LinePuzzle::from_rows(Standard, &["ABS", "CDA"])?;
/// let goal = LinePuzzle::from_rows(Standard, &["ASB", "CDA"])?;
/// let options = LinePuzzle::options(LinePuzzle::ALGORITHMS[0]);
/// let solution = LinePuzzle::solve(&start, &goal, &options)?.found.unwrap();
/// assert_eq!(solution.notation(), "1-2"); // the B on cell 1 slides right
/// assert_eq!(LinePuzzle::replay(&start, &goal, &solution.moves)?.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LinePuzzle;

search_core::impl_puzzle! {
    LinePuzzle in crate: "line-puzzle", Standard, goal Board,
    default_goal |_| None
}
