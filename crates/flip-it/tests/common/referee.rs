//! The referee of every solver: the fewest moves to any all-white board by
//! a plain breadth-first search over the public rules (`Board::moves`,
//! `Board::play`), and every algorithm held against it. Shared by
//! `tests/it/against_referee.rs` (fixed seeds) and the `solve` fuzz target.

use flip_it::{Algorithm, Board, FlipIt, Goal, SolveOptions, solve};
use search_core::bfs::bfs;
use search_core::puzzle::{Backtrack, check_against, random_walk};

/// The boards one move from `board`, each legal move played by the rules.
pub fn next(board: &Board) -> Vec<Board> {
    let play = |m| board.play(m).expect("a listed move is legal");
    board.moves().iter().map(play).collect()
}

/// The fewest moves from `start` to a board with every piece white, or
/// `None` if none can be reached.
pub fn distance(start: &Board) -> Option<usize> {
    bfs(start, next, Board::is_solved).map(|path| path.len() - 1)
}

/// The board at most `steps.len()` random moves from `from`, each step's
/// byte picking a move; it stops where there is none.
pub fn walk(from: &Board, steps: &[u8]) -> Board {
    random_walk(from, steps, Backtrack::Allowed, next)
}

/// Solves `start` with every algorithm and holds each answer against
/// `expected` (the referee's [`distance`]): the same number of moves, marked
/// optimal, verified by the rules; `None` where no all-white board can be
/// reached. The first disagreement, in words.
pub fn check(start: &Board, expected: Option<usize>) -> Result<(), String> {
    let goal = Goal::EveryPieceWhite;
    for algorithm in Algorithm::ALL {
        let wrong = |what: String| format!("start {start:?}, {algorithm}: {what}");
        let outcome = solve(start, &goal, &SolveOptions::with_algorithm(algorithm))
            .map_err(|e| wrong(format!("error: {e}")))?;
        check_against::<FlipIt>(start, &goal, outcome.found.as_ref(), expected).map_err(wrong)?;
    }
    Ok(())
}
