//! The line puzzle: sliding quarter-circle pieces.

use std::fmt::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use line_puzzle::fixture::{FIELDS, Fields, Fixture, NoExtra};
use line_puzzle::{
    Algorithm, Board, LinePuzzle, LineSpace, Puzzle, SolveError, SolveOptions, Solver, Standard,
    check_goal, hiroi_bound,
};
use search_core::layers::{RankedSpace, Table};
use search_core::{Budget, Reason};

use super::driver::{self, BoardList, Drawing, Driver, MoveList, Sections};
use super::runs::Runs;
use super::{
    Analysis, AnalyzeOptions, Progress, PuzzleDef, SweepPlan, goal_option, sweep_description,
    sweep_space,
};
use crate::report::{length, thousands};

pub const PUZZLE: PuzzleDef = driver::entry::<LinePuzzle>(Some(analyze));

/// Hiroi's baseline runs until this many expansions: enough for every
/// fixture but problem 3 (715 million), which the table then reports as
/// stopped rather than slowing every run of `solve-all` by half a minute.
const BASELINE_BUDGET: u64 = 10_000_000;

/// The solver of `options` for `goal`: those with pattern databases are built
/// once per goal, algorithm and memory limit in a process and then shared,
/// since the fixtures pair the same few boards (the fifteen pairs of Hiroi's
/// six boards have five goals); a reused one is reported with no build time.
/// Hiroi's bound has no table and a budget of its own, so it is never kept.
fn solver(goal: &Board, options: &SolveOptions) -> Result<Arc<Solver>, SolveError> {
    type Key = (Board, Algorithm, u64);
    static BUILT: Mutex<Vec<(Key, Arc<Solver>)>> = Mutex::new(Vec::new());
    if options.algorithm == Algorithm::IdaHiroi {
        return Solver::new(goal, options).map(Arc::new);
    }
    let key = (*goal, options.algorithm, options.max_memory);
    let built = |list: &[(Key, Arc<Solver>)]| {
        list.iter()
            .find(|(k, _)| *k == key)
            .map(|(_, solver)| Arc::clone(solver))
    };
    if let Some(solver) = built(&BUILT.lock().unwrap_or_else(|e| e.into_inner())) {
        return Ok(solver);
    }
    let solver = Arc::new(Solver::new(goal, options)?);
    let mut list = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    Ok(built(&list).unwrap_or_else(|| {
        list.push((key, Arc::clone(&solver)));
        solver
    }))
}

/// What the runs found beside their solutions: the bounds at the start, and
/// notes on the tables and on a search stopped early.
pub struct Found {
    bounds: String,
    notes: Vec<String>,
}

impl Driver for LinePuzzle {
    type Extra = NoExtra;
    type Instance = (Board, Board);
    type Settings = u64;
    type Found = Found;

    const FIELDS: Fields = FIELDS;

    fn instance(fixture: &Fixture) -> Result<(Board, Board), String> {
        driver::start_and_goal::<LinePuzzle, _, _>(fixture, Standard, check_goal)
    }

    fn run(
        (start, goal): &(Board, Board),
        &max_memory: &u64,
        runs: &mut Runs<LinePuzzle>,
    ) -> Result<Found, String> {
        let mut notes = Vec::new();
        let mut bounds = format!("start bound: Hiroi's {}", hiroi_bound(start, goal));
        for (algorithm, budget) in [
            (Algorithm::IdaPdb, Budget::default()),
            (Algorithm::IdaLetterPdb, Budget::default()),
            (
                Algorithm::IdaHiroi,
                Budget::default().with_max_expanded(BASELINE_BUDGET),
            ),
        ] {
            let options = SolveOptions {
                budget,
                max_memory,
                ..SolveOptions::with_algorithm(algorithm)
            };
            let clock = Instant::now();
            let solver = solver(goal, &options).map_err(|e| e.to_string())?;
            let build_ms = clock.elapsed().as_secs_f64() * 1e3;
            let clock = Instant::now();
            let outcome = match solver.solve(start) {
                Ok(outcome) => outcome,
                Err(SolveError::Interrupted(stop)) if stop.reason == Reason::NodeLimit => {
                    notes.push(format!(
                        "{algorithm}: stopped after {} expansions, in the iteration with bound {}; too slow to run to the end here",
                        thousands(stop.stats.expanded),
                        stop.stats.iterations.last().map_or(0, |i| i.bound)
                    ));
                    continue;
                }
                Err(e) => return Err(e.to_string()),
            };
            let ms = clock.elapsed().as_secs_f64() * 1e3;
            // A bound is only said where the goal can be reached: the parity
            // decides the others, and no database holds a value for them.
            let reachable = outcome.found.is_some();
            if algorithm == Algorithm::IdaPdb && reachable {
                let _ = write!(bounds, ", the pattern databases' {}", solver.bound(start));
            }
            if algorithm == Algorithm::IdaPdb {
                notes.push(format!(
                    "ida-pdb: pattern databases {{A, B}} and {{C, D}} of {} and {} entries",
                    thousands(solver.pattern_dbs()[0].len() as u64),
                    thousands(solver.pattern_dbs()[1].len() as u64)
                ));
            }
            if algorithm == Algorithm::IdaLetterPdb && reachable {
                let _ = write!(bounds, ", one database per letter: {}", solver.bound(start));
            }
            runs.record(algorithm, start, goal, outcome, ms, build_ms);
        }
        Ok(Found { bounds, notes })
    }

    fn draw(
        _: &Fixture,
        (start, goal): &(Board, Board),
        Found { bounds, notes }: &Found,
        runs: &Runs<LinePuzzle>,
    ) -> Drawing {
        let solution = runs.first.as_ref();
        let mut about = format!("board: {}x{}\n\n", start.width(), start.height());
        let _ = writeln!(about, "{}\n", driver::ends::<LinePuzzle>(start, goal));
        let mut answer = match solution {
            None => "answer: unreachable (all pieces distinct and the parities differ; decided without search)".to_string(),
            Some(s) => {
                let moves = s.len() as u32;
                let mut answer = format!(
                    "answer: {} (optimal; every solution replayed)",
                    length(Some(moves))
                );
                // The physical puzzle starts and ends full: the piece at the
                // top right corner comes out first and goes back last.
                if start.cells() == 16 && start.space() == 3 && goal.space() == 3 {
                    let _ = write!(
                        answer,
                        "; {} with the corner piece taken out and put back",
                        moves + 2
                    );
                }
                answer
            }
        };
        let _ = writeln!(answer, "\n{bounds}");
        let after_runs: String = notes.iter().map(|note| format!("{note}\n")).collect();
        Drawing {
            sections: Sections {
                about,
                answer,
                after_runs,
                moves: solution.map(|s| {
                    MoveList::of::<LinePuzzle>(
                        "moves (from-to), cells numbered row by row from 0:",
                        s,
                        10,
                    )
                }),
                boards: solution.map(|s| BoardList::of::<LinePuzzle>("boards:", s, 8)),
                ..Sections::default()
            },
            start: start.to_string(),
            goal: goal.to_string(),
            unreachable:
                "unreachable: all pieces are distinct and the parities of start and goal differ"
                    .to_string(),
            ..Drawing::default()
        }
    }
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    // By default Hiroi's goal 2: the four full circles.
    let goal = goal_option::<LinePuzzle>(
        "the line puzzle",
        options,
        &["AABS", "AABB", "CCDD", "CCDD"],
    )?;
    let space = LineSpace::new(&goal);
    let default = if space.size() <= 50_000_000 {
        Table::Bytes
    } else {
        Table::TwoBits
    };
    let plan = SweepPlan {
        description: sweep_description(LinePuzzle::NAME, (goal.width(), goal.height()), &goal),
        table: default,
        census: None,
        draw: &Board::rows,
    };
    sweep_space(&space, [goal], plan, options, progress)
}
