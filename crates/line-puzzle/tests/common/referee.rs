//! The referee of every solver: the fewest moves by a plain bidirectional
//! breadth-first search over the public rules (`Board::moves`,
//! `Board::play`), and every setting of the solvers held against it.
//! Shared by `tests/it/against_referee.rs` (fixed seeds) and the `solve` fuzz target.

use line_puzzle::{Algorithm, Board, Letter, LinePuzzle, SolveOptions, Solver, solve};
use search_core::bidirectional::bfs_bidirectional;
use search_core::puzzle::{Backtrack, check_against, random_walk};

/// The boards one move from `board`, each legal move played by the rules.
pub fn next(board: &Board) -> Vec<Board> {
    let play = |m| board.play(m).expect("a listed move is legal");
    board.moves().iter().map(play).collect()
}

/// The fewest moves from `start` to `goal`, or `None` if the searches from
/// both ends run out without meeting.
pub fn distance(start: &Board, goal: &Board) -> Option<usize> {
    bfs_bidirectional(start, goal, next, next).map(|path| path.len() - 1)
}

/// The board at most `steps.len()` random moves from `from`, never
/// straight back to the board before.
pub fn walk(from: &Board, steps: &[u8]) -> Board {
    random_walk(from, steps, Backtrack::Avoided, next)
}

/// The board of `width` columns whose cells hold, in order, the letters
/// `0..4` of `pieces` (A to D) and the space at `space` (modulo the cells).
pub fn arrangement(width: usize, pieces: &[u8], space: usize) -> Board {
    let mut cells: Vec<char> = pieces
        .iter()
        .map(|&p| ['A', 'B', 'C', 'D'][usize::from(p % 4)])
        .collect();
    cells.insert(space % (pieces.len() + 1), 'S');
    let rows: Vec<String> = cells.chunks(width).map(|r| r.iter().collect()).collect();
    Board::from_rows(&rows).expect("a board of 2x2 to 16 cells")
}

/// Letter groups from a group number per letter (A to D): the letters of
/// each number that has any, in order.
pub fn letter_groups(numbers: &[u8; 4]) -> Vec<Vec<Letter>> {
    (0..4)
        .map(|g| {
            let of = |l: &Letter| numbers[*l as usize] % 4 == g;
            Letter::ALL
                .iter()
                .copied()
                .filter(of)
                .collect::<Vec<Letter>>()
        })
        .filter(|g| !g.is_empty())
        .collect()
}

/// A solver's setting, named for the report: its options, and the letter
/// groups of its pattern databases where they are not the algorithm's own
/// (`Solver::with_groups`).
pub struct Setting {
    /// The algorithm and its options, in words.
    pub name: String,
    /// The options.
    pub options: SolveOptions,
    /// Letter groups given to `Solver::with_groups`.
    pub groups: Option<Vec<Vec<Letter>>>,
}

/// Every algorithm, and `Solver::with_groups` over each of `groups`, with
/// the move pruning on and, if `unpruned`, off.
pub fn settings(groups: &[Vec<Vec<Letter>>], unpruned: bool) -> Vec<Setting> {
    let mut out = Vec::new();
    for pruning in [true, false] {
        if !pruning && !unpruned {
            continue;
        }
        let options = |algorithm| SolveOptions {
            pruning,
            ..SolveOptions::with_algorithm(algorithm)
        };
        for algorithm in Algorithm::ALL {
            out.push(Setting {
                name: format!("{algorithm}, pruning {pruning}"),
                options: options(algorithm),
                groups: None,
            });
        }
        for g in groups {
            out.push(Setting {
                name: format!("Solver::with_groups {g:?}, pruning {pruning}"),
                options: options(Algorithm::default()),
                groups: Some(g.clone()),
            });
        }
    }
    out
}

/// Solves `start` -> `goal` with every setting and holds each answer against
/// `expected` (the referee's [`distance`]): the same number of moves, marked
/// optimal, verified by the rules; `None` where the goal cannot be reached.
/// The first disagreement, in words.
pub fn check(
    start: &Board,
    goal: &Board,
    expected: Option<usize>,
    settings: &[Setting],
) -> Result<(), String> {
    for Setting {
        name,
        options,
        groups,
    } in settings
    {
        let wrong = |what: String| {
            format!(
                "start {:?}, goal {:?}, {name}: {what}",
                start.rows(),
                goal.rows()
            )
        };
        let outcome = match groups {
            None => solve(start, goal, options),
            Some(groups) => {
                let groups: Vec<&[Letter]> = groups.iter().map(Vec::as_slice).collect();
                Solver::with_groups(goal, &groups, options).and_then(|s| s.solve(start))
            }
        }
        .map_err(|e| wrong(format!("error: {e}")))?;
        check_against::<LinePuzzle>(start, goal, outcome.found.as_ref(), expected)
            .map_err(wrong)?;
    }
    Ok(())
}
