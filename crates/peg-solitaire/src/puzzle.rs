//! Peg solitaire under the workspace's puzzle contract
//! ([`search_core::puzzle::Puzzle`]).

use crate::{Board, Lattice};

/// Peg solitaire as a [`Puzzle`](crate::Puzzle): boards on a [`Lattice`] (the variant),
/// moves as chains of jumps by one peg (`12-14-6`), a goal board. It has no
/// default goal: which hole the last peg ends in is the problem's to say.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Lattice, PegSolitaire, Puzzle};
///
/// let start = PegSolitaire::from_rows(Lattice::Square, &["o.oo"])?;
/// let goal = PegSolitaire::from_rows(Lattice::Square, &["..o."])?;
/// let options = PegSolitaire::options(PegSolitaire::ALGORITHMS[0]);
/// let solution = PegSolitaire::solve(&start, &goal, &options)?.found.unwrap();
/// assert_eq!(solution.notation(), "3-1 0-2");
/// assert_eq!(PegSolitaire::replay(&start, &goal, &solution.moves)?.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PegSolitaire;

search_core::impl_puzzle! {
    PegSolitaire in crate: "peg-solitaire", Lattice, goal Board,
    default_goal |_| None
}
