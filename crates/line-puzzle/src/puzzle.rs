//! The line puzzle as a [`Puzzle`]: the crate's own types and functions
//! behind the workspace's one contract.

use search_core::Outcome;
use search_core::puzzle::{Puzzle, SolveError, Standard};

use crate::{Algorithm, Board, BoardError, Move, MoveError, Solution, SolveOptions};

/// The line puzzle (any board of up to 16 cells) as a [`Puzzle`].
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

impl Puzzle for LinePuzzle {
    const NAME: &'static str = "line-puzzle";
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
