//! Knight swap as a [`Puzzle`](crate::Puzzle), for code generic over the workspace's puzzles.

use crate::Board;
use search_core::puzzle::Standard;

/// Knight swap, the puzzle: its boards, moves, rules and solver through the
/// [`Puzzle`](crate::Puzzle) trait; the goal is a board.
///
/// # Example
///
/// ```
/// use knight_swap::{KnightSwap, Puzzle, Standard};
///
/// let start = KnightSwap::from_rows(Standard, &["w.w", "...", "b.b"])?;
/// let goal = KnightSwap::from_rows(Standard, &["b.b", "...", "w.w"])?;
/// let options = KnightSwap::options(KnightSwap::ALGORITHMS[0]);
/// let solution = KnightSwap::solve(&start, &goal, &options)?.found.unwrap();
/// assert_eq!(solution.len(), 16);
/// KnightSwap::replay(&start, &goal, &solution.moves)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KnightSwap;

search_core::impl_puzzle! {
    KnightSwap in crate: "knight-swap", Standard, goal Board,
    default_goal |start| Some(start.exchanged())
}
