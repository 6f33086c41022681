//! The referee of every solver: a plain breadth-first search over positions
//! by moves (each move a chain of one or more jumps by one peg, built from
//! the public single jumps `Board::jumps` and `Board::play_jump`) that keeps,
//! for every position it reaches, its distance, its number of shortest
//! position sequences and of shortest jump sequences; every algorithm and
//! option of `solve` and both counts held against it. Shared by
//! `tests/it/against_referee.rs` (fixed seeds) and the `solve` fuzz target.

use std::collections::HashMap;

use peg_solitaire::{
    Algorithm, Board, Jump, PegSolitaire, SolveOptions, count_jump_sequences,
    count_position_sequences, solve,
};
use search_core::Budget;
use search_core::puzzle::{Backtrack, check_against, random_walk};

/// The positions one move from `board`, once per chain of jumps: a
/// position that two chains reach is listed twice.
pub fn chains(board: &Board) -> Vec<Board> {
    let mut out = Vec::new();
    for jump in board.jumps() {
        extend(board, jump, &mut out);
    }
    out
}

/// Pushes the position after `jump` from `board`, then every longer chain
/// of the same peg.
fn extend(board: &Board, jump: Jump, out: &mut Vec<Board>) {
    let after = board.play_jump(jump).expect("a legal jump");
    out.push(after.clone());
    for j in after.jumps().into_iter().filter(|j| j.from == jump.to) {
        extend(&after, j, out);
    }
}

/// What the referee knows of a position: its distance in moves, and how
/// many distinct sequences of positions and of jumps of that many moves
/// lead to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paths {
    /// The fewest moves.
    pub moves: u32,
    /// Shortest sequences of positions.
    pub positions: u128,
    /// Shortest sequences of jumps.
    pub jumps: u128,
}

/// Every position reachable from `start` and its [`Paths`], layer by layer.
/// With the fewest moves `m`, two chains played in turn by the same peg,
/// the second from where the first landed, would make one move: so the
/// shortest jump sequences are exactly the sequences of `m` chains, counted
/// by multiplying the chains between consecutive positions.
pub fn shortest_paths(start: &Board) -> HashMap<Board, Paths> {
    let first = Paths {
        moves: 0,
        positions: 1,
        jumps: 1,
    };
    let mut reached = HashMap::from([(start.clone(), first)]);
    let mut layer = vec![start.clone()];
    while !layer.is_empty() {
        let mut further = Vec::new();
        for board in layer {
            let here = reached[&board];
            let mut ways: HashMap<Board, u128> = HashMap::new();
            for n in chains(&board) {
                *ways.entry(n).or_default() += 1;
            }
            for (n, chains) in ways {
                let paths = reached.entry(n.clone()).or_insert_with(|| {
                    further.push(n);
                    Paths {
                        moves: here.moves + 1,
                        positions: 0,
                        jumps: 0,
                    }
                });
                if paths.moves == here.moves + 1 {
                    paths.positions += here.positions;
                    paths.jumps += here.jumps * chains;
                }
            }
        }
        layer = further;
    }
    reached
}

/// The fewest moves from `start` to `goal` of the jump sequences beginning
/// with `first`, and how many there are: the first move is a chain that
/// begins with it.
pub fn with_first_jump(start: &Board, goal: &Board, first: Jump) -> Option<(u32, u128)> {
    let mut firsts = Vec::new();
    extend(start, first, &mut firsts);
    let rests: Vec<Paths> = firsts
        .iter()
        .filter_map(|b| shortest_paths(b).get(goal).copied())
        .collect();
    let least = rests.iter().map(|p| p.moves).min()?;
    let count = rests
        .iter()
        .filter(|p| p.moves == least)
        .map(|p| p.jumps)
        .sum();
    Some((least + 1, count))
}

/// The position at most `steps.len()` random moves from `from`, each step's
/// byte picking a move; it stops where there is none.
pub fn walk(from: &Board, steps: &[u8]) -> Board {
    random_walk(from, steps, Backtrack::Allowed, chains)
}

/// Holds every search of `solve`, with the pruning on and off and with
/// `first` as the fixed first jump, and both counts of optimal solutions,
/// against the referee. The first disagreement, in words.
pub fn check(start: &Board, goal: &Board, first: Option<Jump>) -> Result<(), String> {
    let case = format!("start {:?}, goal {:?}", start.rows(), goal.rows());
    let referee = shortest_paths(start).get(goal).copied();
    let fixed = first.map(|j| (j, with_first_jump(start, goal, j)));
    let mut runs = vec![
        (
            "bfs".to_string(),
            SolveOptions::with_algorithm(Algorithm::Bfs),
        ),
        (
            "bidirectional".to_string(),
            SolveOptions::with_algorithm(Algorithm::Bidirectional),
        ),
    ];
    for pruning in [false, true] {
        for first_jump in [None, first] {
            runs.push((
                format!("ida-corners, pruning {pruning}, first jump {first_jump:?}"),
                SolveOptions {
                    pruning,
                    first_jump,
                    ..SolveOptions::with_algorithm(Algorithm::IdaCorners)
                },
            ));
        }
    }
    for (name, options) in &runs {
        let wrong = |what: String| format!("{case}, {name}: {what}");
        let expected = match options.first_jump {
            None => referee.map(|p| (p.moves, p.jumps)),
            Some(_) => fixed.and_then(|f| f.1),
        };
        let outcome = solve(start, goal, options).map_err(|e| wrong(format!("error: {e}")))?;
        check_against::<PegSolitaire>(
            start,
            goal,
            outcome.found.as_ref(),
            expected.map(|e| e.0 as usize),
        )
        .map_err(wrong)?;
        // The counts of optimal solutions, where there are any.
        let (Some((moves, jumps)), Algorithm::IdaCorners) = (expected, options.algorithm) else {
            continue;
        };
        let counted = count_jump_sequences(start, goal, moves, options)
            .map_err(|e| wrong(format!("count_jump_sequences: error: {e}")))?
            .found;
        if counted != Some(jumps) {
            return Err(wrong(format!(
                "count_jump_sequences {counted:?}, the referee's {jumps}"
            )));
        }
        if options.first_jump.is_none() {
            let counted =
                count_position_sequences(start, goal, options.pruning, &Budget::default())
                    .map_err(|e| wrong(format!("count_position_sequences: error: {e}")))?
                    .found
                    .map(|c| (c.length, c.count));
            let referee = referee.map(|p| (p.moves, p.positions));
            if counted != referee {
                return Err(wrong(format!(
                    "count_position_sequences {counted:?}, the referee's {referee:?}"
                )));
            }
        }
    }
    Ok(())
}
