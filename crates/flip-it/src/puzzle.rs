//! Flip It as a [`Puzzle`](crate::Puzzle), for code generic over the workspace's puzzles.

use crate::{Goal, Variant};

/// Flip It, the puzzle: its boards, moves, rules and solver through the
/// [`Puzzle`](crate::Puzzle) trait.
///
/// # Example
///
/// ```
/// use flip_it::{FlipIt, Goal, Puzzle, Variant};
///
/// let start = FlipIt::from_rows(Variant::Diagonal, &["BBBB", "BSBB", "BBBB", "BBBB"])?;
/// let options = FlipIt::options(FlipIt::ALGORITHMS[0]);
/// let solution = FlipIt::solve(&start, &Goal::EveryPieceWhite, &options)?.found.unwrap();
/// assert_eq!(solution.len(), 18);
/// FlipIt::replay(&start, &Goal::EveryPieceWhite, &solution.moves)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FlipIt;

search_core::impl_puzzle! {
    FlipIt in crate: "flip-it", Variant, goal Goal,
    default_goal |_| Some(Goal::default())
}
