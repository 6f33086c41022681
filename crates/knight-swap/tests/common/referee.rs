//! The referee of every solver: a plain breadth-first search from the start
//! over the public rules (`Board::moves`, `Board::play`) that keeps, for
//! every arrangement it reaches, its distance and its number of shortest
//! move sequences; every algorithm, and the sweep's count, held against
//! it. Shared by `tests/it/against_referee.rs` (fixed seeds) and the `solve` fuzz
//! target.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use knight_swap::{Algorithm, Board, KnightSwap, SolveOptions, explore, solve};
use search_core::puzzle::{Backtrack, check_against, random_walk};

/// The boards one move from `board`, each legal move played by the rules:
/// one per move, so one per move sequence counted.
pub fn next(board: &Board) -> Vec<Board> {
    let play = |m| board.play(m).expect("a listed move is legal");
    board.moves().iter().map(play).collect()
}

/// Every arrangement reachable from `start`: its distance, and the number
/// of distinct shortest move sequences to it, layer by layer.
pub fn shortest_paths(start: &Board) -> HashMap<Board, (usize, u128)> {
    let mut reached = HashMap::from([(*start, (0, 1))]);
    let mut layer = vec![*start];
    while !layer.is_empty() {
        let mut further = Vec::new();
        for board in layer {
            let (d, count) = reached[&board];
            for n in next(&board) {
                match reached.entry(n) {
                    Entry::Vacant(e) => {
                        e.insert((d + 1, count));
                        further.push(n);
                    }
                    Entry::Occupied(mut e) if e.get().0 == d + 1 => e.get_mut().1 += count,
                    Entry::Occupied(_) => {}
                }
            }
        }
        layer = further;
    }
    reached
}

/// The board at most `steps.len()` random moves from `from`, each step's
/// byte picking a move; it stops where there is none.
pub fn walk(from: &Board, steps: &[u8]) -> Board {
    random_walk(from, steps, Backtrack::Allowed, next)
}

/// Solves `start` -> `goal` with every algorithm and holds each answer, and
/// the sweep's count of shortest solutions, against `expected` (the
/// distance and count of [`shortest_paths`], `None` if unreachable): the
/// same number of moves, marked optimal, verified by the rules. The first
/// disagreement, in words.
pub fn check(start: &Board, goal: &Board, expected: Option<(usize, u128)>) -> Result<(), String> {
    let case = format!("start {:?}, goal {:?}", start.rows(), goal.rows());
    for algorithm in Algorithm::ALL {
        let wrong = |what: String| format!("{case}, {algorithm}: {what}");
        let outcome = solve(start, goal, &SolveOptions::with_algorithm(algorithm))
            .map_err(|e| wrong(format!("error: {e}")))?;
        check_against::<KnightSwap>(start, goal, outcome.found.as_ref(), expected.map(|e| e.0))
            .map_err(wrong)?;
    }
    let count = explore(start, u64::MAX)
        .and_then(|e| e.count_solutions(goal))
        .map_err(|e| format!("{case}, count_solutions: error: {e}"))?;
    let referee = expected.map_or(0, |e| e.1);
    if count != referee {
        return Err(format!(
            "{case}, count_solutions: {count} shortest solutions, the referee's breadth-first search {referee}"
        ));
    }
    Ok(())
}
