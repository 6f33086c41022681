//! Checking a puzzle's answers with its rules alone: what a generic caller
//! does with any puzzle of the workspace.

use std::collections::{HashMap, VecDeque};

use super::{Puzzle, SolutionOf, SolveError};
use crate::{Budget, Outcome};

/// Checks a solution of puzzle `P` as a caller should before reporting it:
/// its moves replayed from `start` with the rules alone end on `goal` and
/// pass through the very boards the solution lists, and every move reads
/// back from its notation as itself.
///
/// # Errors
///
/// What is wrong, in words: the move that breaks the rules, the board the
/// moves end on, or the move whose notation does not read back.
pub fn verify<P: Puzzle>(
    start: &P::Board,
    goal: &P::Goal,
    solution: &SolutionOf<P>,
) -> Result<(), String> {
    let boards = P::replay(start, goal, &solution.moves).map_err(|e| e.to_string())?;
    if boards != solution.boards() {
        return Err("the replayed boards differ from the reported ones".to_string());
    }
    for m in &solution.moves {
        if m.to_string().parse::<P::Move>().ok().as_ref() != Some(m) {
            return Err(format!("the move {m} does not read back from its notation"));
        }
    }
    Ok(())
}

/// Holds what a search found against `expected`, the number of moves a
/// referee (a plain breadth-first search) needs, `None` where it finds the
/// goal unreachable: the same number of moves, marked optimal, and the
/// solution [`verify`]ed with the rules alone.
///
/// # Errors
///
/// The disagreement, in words.
pub fn check_against<P: Puzzle>(
    start: &P::Board,
    goal: &P::Goal,
    found: Option<&SolutionOf<P>>,
    expected: Option<usize>,
) -> Result<(), String> {
    if found.map(|s| s.len()) != expected || found.is_some_and(|s| !s.optimal) {
        return Err(format!(
            "{:?} moves (optimal: {:?}), the referee's breadth-first search {expected:?}",
            found.map(|s| s.len()),
            found.map(|s| s.optimal)
        ));
    }
    match found {
        Some(solution) => verify::<P>(start, goal, solution),
        None => Ok(()),
    }
}

/// The distance of every board reachable from `sources` (each at distance
/// 0), by a plain breadth-first search over boards in a hash map that plays
/// [`Puzzle::moves`] with [`Puzzle::play`]: a referee for the searches and
/// sweeps, sharing no code with them.
///
/// # Panics
///
/// If `play` refuses a move `moves` listed.
pub fn distances_by_play<P: Puzzle>(
    sources: impl IntoIterator<Item = P::Board>,
) -> HashMap<P::Board, u32> {
    let mut distance = HashMap::new();
    let mut queue = VecDeque::new();
    for source in sources {
        if distance.insert(source.clone(), 0).is_none() {
            queue.push_back(source);
        }
    }
    while let Some(board) = queue.pop_front() {
        let d = distance[&board];
        for m in P::moves(&board) {
            let next = P::play(&board, &m).expect("a listed move is legal");
            distance.entry(next.clone()).or_insert_with(|| {
                queue.push_back(next);
                d + 1
            });
        }
    }
    distance
}

/// Checks that solving from `start` to `goal` with `algorithm` within a
/// budget of `expanded` expansions ([`Puzzle::options_with_budget`]) stops
/// with [`SolveError::Interrupted`] after exactly that many: a budget stops
/// a search with the work done.
///
/// # Errors
///
/// What the solve returned instead, in words.
pub fn check_interrupted<P: Puzzle>(
    start: &P::Board,
    goal: &P::Goal,
    algorithm: P::Algorithm,
    expanded: u64,
) -> Result<(), String> {
    let budget = Budget::default().with_max_expanded(expanded);
    match P::solve(start, goal, &P::options_with_budget(algorithm, budget)) {
        Err(SolveError::Interrupted(i)) if i.stats.expanded == expanded => Ok(()),
        Err(SolveError::Interrupted(i)) => Err(format!(
            "interrupted after {} expansions, not {expanded}",
            i.stats.expanded
        )),
        other => Err(format!("not interrupted: {other:?}")),
    }
}

/// Solves from `start` to `goal` with `algorithm` and the default options
/// ([`Puzzle::options`]).
///
/// # Errors
///
/// What [`Puzzle::solve`] refuses.
pub fn solve_by<P: Puzzle>(
    start: &P::Board,
    goal: &P::Goal,
    algorithm: P::Algorithm,
) -> Result<Outcome<SolutionOf<P>>, SolveError> {
    P::solve(start, goal, &P::options(algorithm))
}

/// What one algorithm found, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempt<A> {
    /// The algorithm.
    pub algorithm: A,
    /// Its number of moves; `None` where it proved the goal unreachable.
    pub moves: Option<usize>,
    /// Whether `moves` is proven minimal (or the goal proven unreachable).
    pub optimal: bool,
}

/// Solves from `start` to `goal` with each algorithm `P` offers (no budget),
/// [`verify`]s every solution and checks that `start`'s rows read back as
/// `start`: what a generic caller does with any puzzle of the workspace.
/// Returns what each algorithm found.
///
/// # Errors
///
/// A failed solve or verification, or rows that do not read back, naming
/// the algorithm.
pub fn solve_with_each<P: Puzzle>(
    variant: P::Variant,
    start: &P::Board,
    goal: &P::Goal,
) -> Result<Vec<Attempt<P::Algorithm>>, String> {
    let rows = P::rows(start);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    match P::from_rows(variant, &rows) {
        Ok(board) if board == *start => {}
        Ok(board) => return Err(format!("the rows of {start} read back as {board}")),
        Err(e) => return Err(format!("the rows of {start} do not read back: {e}")),
    }
    let mut lengths = Vec::new();
    for &algorithm in P::ALGORITHMS {
        let outcome =
            solve_by::<P>(start, goal, algorithm).map_err(|e| format!("{algorithm}: {e}"))?;
        let (moves, optimal) = match &outcome.found {
            Some(solution) => {
                verify::<P>(start, goal, solution).map_err(|e| format!("{algorithm}: {e}"))?;
                (Some(solution.len()), solution.optimal)
            }
            None => (None, true),
        };
        lengths.push(Attempt {
            algorithm,
            moves,
            optimal,
        });
    }
    Ok(lengths)
}

/// Reads a start of `variant` from `rows`, solves it towards `goal` with
/// each algorithm ([`solve_with_each`]) and returns the one number of moves
/// they all found, each proven optimal; checks too that the first of
/// [`Puzzle::ALGORITHMS`] is the one the default options choose (the
/// contract's order: the default, the fastest, first). What each crate's
/// tests ask of its puzzle through the trait alone.
///
/// # Errors
///
/// Rows that are not a board, a failed solve or verification, a goal found
/// unreachable, a solution not proven optimal or two algorithms finding
/// different lengths, naming the algorithm; options of the first algorithm
/// that are not the default ones.
pub fn optimal_length<P: Puzzle>(
    variant: P::Variant,
    rows: &[&str],
    goal: &P::Goal,
) -> Result<usize, String>
where
    P::Options: Default,
{
    let Some(&first) = P::ALGORITHMS.first() else {
        return Err(format!("{} offers no algorithm", P::NAME));
    };
    let default = format!("{:?}", P::Options::default());
    if format!("{:?}", P::options(first)) != default {
        return Err(format!(
            "the default options are not those of {first}: {default}"
        ));
    }
    let start = P::from_rows(variant, rows).map_err(|e| format!("{rows:?}: {e}"))?;
    let mut length = None;
    for a in solve_with_each::<P>(variant, &start, goal)? {
        match (a.moves, length) {
            (None, _) => return Err(format!("{}: the goal is unreachable", a.algorithm)),
            (Some(moves), _) if !a.optimal => {
                return Err(format!(
                    "{}: {moves} moves, not proven optimal",
                    a.algorithm
                ));
            }
            (Some(moves), Some(before)) if moves != before => {
                return Err(format!(
                    "{}: {moves} moves, where {first} found {before}",
                    a.algorithm
                ));
            }
            (Some(moves), _) => length = Some(moves),
        }
    }
    length.ok_or_else(|| format!("{} found nothing", P::NAME))
}

/// Checks the notation of `P`'s moves: each of `moves` reads as a move that
/// writes back as the same text, and none of `not_moves` reads as a move.
///
/// # Errors
///
/// The first text that does otherwise.
pub fn check_notation<P: Puzzle>(moves: &[&str], not_moves: &[&str]) -> Result<(), String> {
    for &text in moves {
        match text.parse::<P::Move>() {
            Ok(m) if m.to_string() == text => {}
            Ok(m) => return Err(format!("{text:?} reads back as {:?}", m.to_string())),
            Err(_) => return Err(format!("{text:?} does not read as a move")),
        }
    }
    match not_moves
        .iter()
        .find(|text| text.parse::<P::Move>().is_ok())
    {
        Some(text) => Err(format!("{text:?} reads as a move")),
        None => Ok(()),
    }
}

/// The cases of a table of refusals: one a line, what is refused, `=>`,
/// and the message it is refused with; blank lines are skipped.
fn refusals(table: &str) -> impl Iterator<Item = Result<(&str, &str), String>> {
    table.lines().filter(|l| !l.trim().is_empty()).map(|line| {
        line.split_once("=>")
            .map(|(input, message)| (input.trim(), message.trim()))
            .ok_or_else(|| format!("{line:?} is not `input => message`"))
    })
}

/// Whether `message` is the `expected` one of a table of refusals, where
/// a `…` stands for any text (a board drawn in the message).
fn says(message: &str, expected: &str) -> bool {
    match expected.split_once('…') {
        Some((before, after)) => {
            message.len() >= before.len() + after.len()
                && message.starts_with(before)
                && message.ends_with(after)
        }
        None => message == expected,
    }
}

/// Checks that `P` refuses each board of `table` as a board of `variant`,
/// with exactly the message given beside it (a `…` in it standing for any
/// text): one case a line, the board's rows joined by `/`, `=>`, and the
/// message.
///
/// ```text
/// BBB/BSX/BBB => row 2, column 3: 'X' is not a cell (B, W, or S or . for the empty cell)
/// => the board has no cells
/// ```
///
/// # Errors
///
/// The first board read, or refused with another message.
pub fn check_refusals<P: Puzzle>(variant: P::Variant, table: &str) -> Result<(), String> {
    for case in refusals(table) {
        let (rows, expected) = case?;
        let rows: Vec<&str> = rows.split('/').collect();
        match P::from_rows(variant, &rows) {
            Ok(board) => return Err(format!("{rows:?} read as {board}")),
            Err(e) if says(&e.to_string(), expected) => {}
            Err(e) => return Err(format!("{rows:?} refused with {:?}", e.to_string())),
        }
    }
    Ok(())
}

/// Checks that `P`'s replay from `start` towards `goal` refuses each move
/// sequence of `table` with exactly the message given beside it (a `…` in
/// it standing for any text): one case a line, the moves in their notation
/// separated by spaces, `=>`, and the message (`4-6 => move 1: cell 6 is
/// not the empty cell`; `=> the moves end on …, which is not a goal` for
/// no moves at all).
///
/// # Errors
///
/// The first moves that do not read, replayed without error, or refused
/// with another message.
pub fn check_replay_refusals<P: Puzzle>(
    start: &P::Board,
    goal: &P::Goal,
    table: &str,
) -> Result<(), String> {
    for case in refusals(table) {
        let (moves, expected) = case?;
        let moves = moves
            .split_whitespace()
            .map(|m| m.parse().map_err(|_| format!("{m:?} is not a move")))
            .collect::<Result<Vec<P::Move>, String>>()?;
        match P::replay(start, goal, &moves) {
            Ok(_) => return Err(format!("{moves:?} replayed without error")),
            Err(e) if says(&e.to_string(), expected) => {}
            Err(e) => return Err(format!("{moves:?} refused with {:?}", e.to_string())),
        }
    }
    Ok(())
}

/// Whether a [`random_walk`] may step straight back to the position it
/// has just left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backtrack {
    /// Any next position may be picked.
    Allowed,
    /// Never the position just left, while there is another.
    Avoided,
}

/// The position at most `choices.len()` random moves from `from`: each
/// choice picks one of the positions `next` gives (modulo their number),
/// and the walk stops where `next` gives none. A scrambled start whose
/// distance from `from` is at most the walk's length: what the referee
/// tests and the fuzz targets solve.
pub fn random_walk<S: Clone + PartialEq>(
    from: &S,
    choices: &[u8],
    backtrack: Backtrack,
    mut next: impl FnMut(&S) -> Vec<S>,
) -> S {
    let (mut here, mut before) = (from.clone(), None);
    for &choice in choices {
        let mut options = next(&here);
        if backtrack == Backtrack::Avoided && options.len() > 1 {
            options.retain(|s| Some(s) != before.as_ref());
        }
        if options.is_empty() {
            break;
        }
        let pick = options.swap_remove(usize::from(choice) % options.len());
        before = Some(std::mem::replace(&mut here, pick));
    }
    here
}
