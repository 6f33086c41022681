//! Peg solitaire under the workspace's puzzle contract
//! ([`search_core::puzzle::Puzzle`]).

use search_core::Outcome;
use search_core::puzzle::{Puzzle, SolveError};

use crate::board::{Board, BoardError, Move, MoveError};
use crate::geometry::Lattice;
use crate::solution::Solution;
use crate::solve::{Algorithm, SolveOptions, solve};

/// Peg solitaire as a [`Puzzle`]: boards on a [`Lattice`] (the variant),
/// moves as chains of jumps by one peg (`12-14-6`), a goal board.
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PegSolitaire;

impl Puzzle for PegSolitaire {
    const NAME: &'static str = "peg-solitaire";
    type Variant = Lattice;
    type Board = Board;
    type Move = Move;
    type Goal = Board;
    type Algorithm = Algorithm;
    type Options = SolveOptions;
    type BoardError = BoardError;
    type MoveError = MoveError;
    const ALGORITHMS: &'static [Algorithm] = &Algorithm::ALL;

    fn from_rows(lattice: Lattice, rows: &[&str]) -> Result<Board, BoardError> {
        Board::from_rows_in(lattice, rows)
    }

    fn rows(board: &Board) -> Vec<String> {
        board.rows()
    }

    fn moves(board: &Board) -> Vec<Move> {
        board.moves()
    }

    /// Peg solitaire has no natural goal: which hole the last peg ends in
    /// is the problem's to say.
    fn default_goal(_: &Board) -> Option<Board> {
        None
    }

    fn play(board: &Board, m: &Move) -> Result<Board, MoveError> {
        board.play(m)
    }

    fn is_goal(board: &Board, goal: &Board) -> bool {
        board == goal
    }

    fn options(algorithm: Algorithm) -> SolveOptions {
        SolveOptions {
            algorithm,
            ..SolveOptions::default()
        }
    }

    fn solve(
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
    ) -> Result<Outcome<Solution>, SolveError> {
        solve(start, goal, options)
    }
}
