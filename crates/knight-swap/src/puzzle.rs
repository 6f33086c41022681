//! Knight swap as a [`Puzzle`], for code generic over the workspace's puzzles.

use search_core::Outcome;
use search_core::puzzle::{Puzzle, SolutionOf, SolveError, Standard};

use crate::{Algorithm, Board, BoardError, Move, MoveError, SolveOptions};

/// Knight swap, the puzzle: its boards, moves, rules and solver through the
/// [`Puzzle`] trait; the goal is a board.
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

impl Puzzle for KnightSwap {
    const NAME: &'static str = "knight-swap";
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
        SolveOptions {
            algorithm,
            ..SolveOptions::default()
        }
    }

    fn solve(
        start: &Board,
        goal: &Board,
        options: &SolveOptions,
    ) -> Result<Outcome<SolutionOf<KnightSwap>>, SolveError> {
        crate::solve(start, goal, options)
    }
}
