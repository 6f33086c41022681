//! The line puzzle: sliding quarter-circle pieces.

use std::fmt::Write;
use std::sync::Arc;
use std::time::Instant;

use line_puzzle::{
    Algorithm, Board, LinePuzzle, LineSpace, Puzzle, SolveError, SolveOptions, Solver, hiroi_bound,
};
use search_core::memo::BuiltOnce;
use search_core::text::thousands;
use search_core::{Budget, Reason};

use crate::driver::{self, Drawing, Driver, Runs, ms_since};
use crate::registry::PuzzleDef;
use crate::registry::{Analysis, AnalyzeOptions, Progress};
use crate::sweep::{SweepPlan, goal_option};

/// The line puzzle's entry.
pub const PUZZLE: PuzzleDef = PuzzleDef {
    analyze: Some(analyze),
    sweeps: &[("", "line puzzle: 252,252,000 arrangements, two-bit table")],
    ..driver::entry_with_texts!(LinePuzzle, "line-puzzle")
};

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
    static BUILT: BuiltOnce<(Board, Algorithm, u64), Solver> = BuiltOnce::new();
    if options.algorithm == Algorithm::IdaHiroi {
        return Solver::new(goal, options).map(Arc::new);
    }
    let key = (*goal, options.algorithm, options.max_memory);
    BUILT.get_or_build(key, || Solver::new(goal, options))
}

impl Driver for LinePuzzle {
    driver::start_and_goal_driver!(LinePuzzle, line_puzzle);

    fn run((start, goal): &(Board, Board), runs: &mut Runs<Self>) -> Result<Drawing, String> {
        let unreachable =
            "unreachable: all pieces are distinct and the parities of start and goal differ";
        let mut d = Drawing::new(start, goal, unreachable);
        let mut bounds = format!("start bound: Hiroi's {}", hiroi_bound(start, goal));
        let baseline = Budget::default().with_max_expanded(BASELINE_BUDGET);
        let algorithms = [
            (Algorithm::IdaPdb, Budget::default()),
            (Algorithm::IdaLetterPdb, Budget::default()),
            (Algorithm::IdaHiroi, baseline),
        ];
        for (algorithm, budget) in algorithms {
            let max_memory = runs.settings.max_memory;
            let with = SolveOptions::with_algorithm(algorithm);
            let options = SolveOptions {
                budget,
                max_memory,
                ..with
            };
            let clock = Instant::now();
            let solver = solver(goal, &options).map_err(|e| e.to_string())?;
            let (build_ms, clock) = (ms_since(clock), Instant::now());
            let outcome = match solver.solve(start) {
                Ok(outcome) => outcome,
                Err(SolveError::Interrupted(stop)) if stop.reason == Reason::NodeLimit => {
                    let expanded = thousands(stop.stats.expanded);
                    let bound = stop.stats.iterations.last().map_or(0, |i| i.bound);
                    let _ = writeln!(
                        d.after,
                        "{algorithm}: stopped after {expanded} expansions, in the iteration with bound {bound}; too slow to run to the end here"
                    );
                    continue;
                }
                Err(e) => return Err(e.to_string()),
            };
            // A bound is only said where the goal can be reached: the parity
            // decides the others, and no database holds a value for them.
            let reachable = outcome.found.is_some();
            match algorithm {
                Algorithm::IdaPdb => {
                    if reachable {
                        let _ = write!(bounds, ", the pattern databases' {}", solver.bound(start));
                    }
                    let [ab, cd] = [0, 1].map(|i| thousands(solver.pattern_dbs()[i].len() as u64));
                    let _ = writeln!(
                        d.after,
                        "ida-pdb: pattern databases {{A, B}} and {{C, D}} of {ab} and {cd} entries"
                    );
                }
                Algorithm::IdaLetterPdb if reachable => {
                    let _ = write!(bounds, ", one database per letter: {}", solver.bound(start));
                }
                _ => {}
            }
            runs.record(
                algorithm,
                (start, goal),
                outcome,
                (ms_since(clock), build_ms),
            );
        }
        let ends = driver::ends::<LinePuzzle>(start, goal);
        d.before = format!("board: {}x{}\n\n{ends}\n\n", start.width(), start.height());
        let why = "all pieces distinct and the parities differ; decided without search";
        d.before += &runs.answer("every solution replayed", why);
        if let Some(s) = &runs.first {
            // The physical puzzle starts and ends full: the piece at the
            // top right corner comes out first and goes back last.
            if start.cells() == 16 && start.space() == 3 && goal.space() == 3 {
                let corner = "with the corner piece taken out and put back";
                let _ = write!(d.before, "; {} {corner}", s.len() + 2);
            }
            let title = "moves (from-to), cells numbered row by row from 0:";
            d.solution::<LinePuzzle>(s, (title, 10), ("boards:", 8));
        }
        let _ = writeln!(d.before, "\n{bounds}");
        Ok(d)
    }
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    // By default Hiroi's goal 2: the four full circles.
    let circles = ["AABS", "AABB", "CCDD", "CCDD"];
    let goal = goal_option::<LinePuzzle>(options, &circles)?;
    let space = LineSpace::new(&goal);
    let size = (goal.width(), goal.height());
    let plan = SweepPlan::from_goal(LinePuzzle::NAME, size, &goal, &Board::rows);
    plan.sweep(&space, [goal], options, progress)
}
