//! The 8-puzzle family as a [`Puzzle`]: the crate's own types and functions
//! behind the workspace's one contract.

use search_core::Outcome;
use search_core::puzzle::{Puzzle, SolveError, Standard};

use crate::{Algorithm, Board, BoardError, Move, MoveError, Solution, SolveOptions};

/// The sliding-tile puzzles (2x2 up to the 15-puzzle) as a [`Puzzle`].
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

impl Puzzle for EightPuzzle {
    const NAME: &'static str = "eight-puzzle";
    type Variant = Standard;
    type Board = Board;
    type Move = Move;
    type Goal = Board;
    type Algorithm = Algorithm;
    type Options = SolveOptions;
    type BoardError = BoardError;
    type MoveError = MoveError;
    const ALGORITHMS: &'static [Algorithm] = &Algorithm::ALL;

    fn from_rows(_: Standard, rows: &[&str]) -> Result<Board, BoardError> {
        Board::from_rows(rows)
    }

    fn rows(board: &Board) -> Vec<String> {
        board.rows()
    }

    fn play(board: &Board, m: &Move) -> Result<Board, MoveError> {
        board.play(m)
    }

    fn is_goal(board: &Board, goal: &Board) -> bool {
        board == goal
    }

    fn options(algorithm: Algorithm) -> SolveOptions {
        SolveOptions::with_algorithm(algorithm)
    }

    fn solve(
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
    ) -> Result<Outcome<Solution>, SolveError> {
        crate::solve(start, goal, options)
    }
}
