//! `solve` of a fixture: the fewest moves by every method that fits the
//! board, each run through the generic [`Runs`], the counts of optimal
//! solutions, and the parts of the snapshot that are peg solitaire's own.

use std::fmt::Write;
use std::time::Instant;

use peg_solitaire::checks::{jump_counts, optimal_counts, problem_table};
use peg_solitaire::fixture::{Extra, Fields, Fixture};
use peg_solitaire::report::{describe, proven_answer, unproven_answer};
use peg_solitaire::{
    Algorithm, Board, Budget, Jump, MeetOptions, Move, Outcome, PegSolitaire, Solution,
    SolveOptions, Stats, find_solution, meet_moves, move_notations, peg_class_pruning,
    solution_jumps,
};

use super::{FIELDS, Instance, MAX_EXPANDED, TABLE_HOLES, instance};
use crate::driver::{Drawing, Driver, Runs, ms_since};

/// Boards with at most this many holes are solved by every method (IDA*,
/// the breadth-first search by moves, the levels met from both ends, the
/// counts); bigger ones by the levels met from both ends alone, and one
/// solution by a depth-first search where that would need more memory than
/// allowed.
const PROOF_HOLES: usize = 24;

/// The name of the search from both ends in the runs' table.
const MEET: &str = "levels by moves met from both ends";

/// The solution of `jumps` from `start`, its boards played by the rules.
fn solution(start: &Board, jumps: &[Jump], optimal: bool) -> Result<Solution, String> {
    let moves = Move::from_jumps(jumps);
    Solution::from_moves(start.clone(), moves, optimal, |b, m| b.play(m)).map_err(|e| e.to_string())
}

impl Driver for PegSolitaire {
    type Extra = Extra;
    type Instance = Instance;

    const FIELDS: Fields = FIELDS;

    fn instance(fixture: &Fixture) -> Result<Instance, String> {
        instance(fixture)
    }

    fn run(inst: &Instance, runs: &mut Runs<Self>) -> Result<Drawing, String> {
        let (start, goal, max_memory) = (&inst.start, &inst.goal, runs.settings.max_memory);
        let unreachable = "unreachable: proven by searches run to exhaustion";
        let mut d = Drawing::new(start, goal, unreachable);
        d.before = describe(start, goal, inst.first_jump);
        let trailer = match start.geometry().holes() > PROOF_HOLES {
            true => run_large(start, goal, max_memory, runs, &mut d)?,
            false => run_small(inst, max_memory, runs, &mut d)?,
        };
        let jumps = runs.first.as_ref().map(solution_jumps);
        if let (Some(s), Some(jumps)) = (&runs.first, &jumps) {
            let (moves, count, notation) = (s.len(), jumps.len(), peg_solitaire::notation(jumps));
            let _ = writeln!(
                d.after,
                "\nsolution ({moves} moves, {count} jumps): {notation}"
            );
            let per_row = (72 / (start.geometry().holes().min(64) / 3 + 8).max(8)).max(2);
            let boards = s.boards().iter().map(Board::rows);
            d.boards("boards after each move:", boards, per_row);
        }
        d.after += &trailer;
        d.notation = Some(jumps.as_deref().map_or_else(Vec::new, move_notations));
        Ok(d)
    }
}

/// A board of more than [`PROOF_HOLES`] holes: the minimum by meeting levels
/// by moves from both ends; past the memory limit, one solution however
/// many moves. Nothing follows the solution.
fn run_large(
    start: &Board,
    goal: &Board,
    max_memory: u64,
    runs: &mut Runs<PegSolitaire>,
    d: &mut Drawing,
) -> Result<String, String> {
    let clock = Instant::now();
    let (name, found, stats) = match meet_moves(start, goal, &MeetOptions { max_memory }, |_| {}) {
        Ok(meeting) => {
            let _ = writeln!(d.before, "{}", meeting.answer());
            let found = meeting
                .solution
                .map(|(_, jumps)| solution(start, &jumps, true));
            (MEET, found.transpose()?, meeting.stats)
        }
        Err(why) => {
            let budget = Budget::default().with_max_expanded(MAX_EXPANDED);
            let dfs = find_solution(start, goal, &budget).map_err(|e| e.to_string())?;
            let (found, stats, jumps) = match dfs {
                Some((jumps, stats)) => (Some(solution(start, &jumps, false)?), stats, jumps.len()),
                None => (None, Stats::default(), 0),
            };
            let moves = found.as_ref().map(|s| s.len() as u32);
            let (answer, unproven) = unproven_answer(moves, jumps, &why.to_string());
            let _ = writeln!(d.before, "{answer}");
            d.unproven = Some(unproven);
            ("dfs, one solution", found, stats)
        }
    };
    let outcome = Outcome { found, stats };
    runs.record(name, (start, goal), outcome, (ms_since(clock), 0.0));
    Ok(String::new())
}

/// A board of at most [`PROOF_HOLES`] holes: IDA* with and without the
/// peg-class pruning, the breadth-first search by moves and the levels met
/// from both ends (the last two unless the first jump is fixed), and the
/// counts of optimal solutions; returns what follows the solution: the
/// counts by jumps and the table of every problem of a small board.
fn run_small(
    inst: &Instance,
    max_memory: u64,
    runs: &mut Runs<PegSolitaire>,
    d: &mut Drawing,
) -> Result<String, String> {
    let (start, goal, first_jump) = (&inst.start, &inst.goal, inst.first_jump);
    let pruning = peg_class_pruning(start, goal);
    let ida = [
        ("ida*, corners", false),
        ("ida*, corners + peg-class pruning", true),
    ];
    for (name, prune) in ida.into_iter().filter(|&(_, p)| !p || pruning.is_some()) {
        let budget = Budget::default().with_max_expanded(MAX_EXPANDED);
        let (algorithm, pruning) = (Algorithm::IdaCorners, prune);
        let options = SolveOptions {
            algorithm,
            first_jump,
            pruning,
            budget,
            max_memory,
        };
        runs.solve(name, (start, goal), &options)?;
    }
    let minimum = runs.runs.iter().rev().find_map(|r| r.moves);
    let others = [
        ("bfs by moves", Algorithm::Bfs),
        (MEET, Algorithm::Bidirectional),
    ];
    for (name, algorithm) in others.into_iter().filter(|_| first_jump.is_none()) {
        let options = SolveOptions {
            algorithm,
            max_memory,
            ..SolveOptions::default()
        };
        runs.solve(name, (start, goal), &options)?;
    }
    let text = &mut d.before;
    let _ = writeln!(text, "{}", proven_answer(minimum, first_jump.is_some()));
    if let Some(m) = minimum {
        let budget = || Budget::default().with_max_expanded(MAX_EXPANDED);
        let ends = (start, goal);
        let (lines, count) = optimal_counts(ends, first_jump, m, pruning.is_some(), budget)?;
        text.push_str(&lines);
        d.count = Some(count);
    }
    if let Some(p) = &pruning {
        let safe = "safe here, see docs/peg-solitaire.md";
        let _ = writeln!(text, "peg-class pruning ({safe}): {p}");
    }
    let mut trailer = String::new();
    if start.geometry().holes() <= TABLE_HOLES {
        let _ = writeln!(trailer, "\n{}", jump_counts(start, goal, max_memory));
        if let Some(table) = problem_table(start, max_memory) {
            let _ = writeln!(trailer, "\n{table}");
        }
    }
    Ok(trailer)
}
