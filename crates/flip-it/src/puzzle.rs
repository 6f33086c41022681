//! Flip It as a [`Puzzle`], for code generic over the workspace's puzzles.

use search_core::Outcome;
use search_core::puzzle::{Puzzle, SolutionOf, SolveError};

use crate::{Algorithm, Board, BoardError, Goal, Move, MoveError, SolveOptions, Variant};

/// Flip It, the puzzle: its boards, moves, rules and solver through the
/// [`Puzzle`] trait.
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

impl Puzzle for FlipIt {
    const NAME: &'static str = "flip-it";
    type Variant = Variant;
    type Board = Board;
    type Move = Move;
    type Goal = Goal;
    type Algorithm = Algorithm;
    type Options = SolveOptions;
    type BoardError = BoardError;
    type MoveError = MoveError;

    const ALGORITHMS: &'static [Algorithm] = &Algorithm::ALL;

    fn from_rows(variant: Variant, rows: &[&str]) -> Result<Board, BoardError> {
        Board::from_rows_in(variant, rows)
    }

    fn rows(board: &Board) -> Vec<String> {
        board.rows()
    }

    fn play(board: &Board, m: &Move) -> Result<Board, MoveError> {
        board.play(m)
    }

    fn is_goal(board: &Board, goal: &Goal) -> bool {
        goal.is_reached(board)
    }

    fn options(algorithm: Algorithm) -> SolveOptions {
        SolveOptions {
            algorithm,
            ..SolveOptions::default()
        }
    }

    fn solve(
        start: &Board,
        goal: &Goal,
        options: &SolveOptions,
    ) -> Result<Outcome<SolutionOf<FlipIt>>, SolveError> {
        crate::solve(start, goal, options)
    }
}
