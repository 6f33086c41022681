//! Knight swap: black and white knights exchange places.

use std::fmt::Write;
use std::time::Instant;

use knight_swap::report::{named_moves, routes_text};
use knight_swap::{
    Algorithm, Board, KnightSpace, KnightSwap, Outcome, Puzzle, SolveOptions, explore,
    named_boards, routes,
};
use search_core::rules::Ranked;

use crate::driver::{self, Drawing, Driver, Runs, ms_since};
use crate::registry::PuzzleDef;
use crate::registry::{Analysis, AnalyzeOptions, Progress};
use crate::report::{length, thousands};
use crate::sweep::{SweepPlan, goal_option};

/// Knight swap's entry.
pub const PUZZLE: PuzzleDef = PuzzleDef {
    analyze: Some(analyze),
    ..driver::entry_with_texts!(KnightSwap, "knight-swap")
};

impl Driver for KnightSwap {
    driver::start_and_goal_driver!(KnightSwap, knight_swap);

    fn run((start, goal): &(Board, Board), runs: &mut Runs<Self>) -> Result<Drawing, String> {
        // The proof: every arrangement reachable from the start, swept, which
        // also counts the shortest solutions; its solution is the one drawn.
        let (clock, max_memory, ends) = (Instant::now(), runs.settings.max_memory, (start, goal));
        let explored = explore(start, max_memory).map_err(|e| e.to_string())?;
        let found = explored.solution_to(goal).map_err(|e| e.to_string())?;
        let count = explored.count_solutions(goal).map_err(|e| e.to_string())?;
        let outcome = Outcome {
            found,
            stats: explored.stats(),
        };
        runs.record(Algorithm::Sweep, ends, outcome, (ms_since(clock), 0.0));
        // A second method: bidirectional BFS over boards in a hash map.
        let algorithm = Algorithm::Bidirectional;
        let options = SolveOptions {
            algorithm,
            max_memory,
            ..SolveOptions::default()
        };
        runs.solve(algorithm, ends, &options)?;

        let none = |n: String| {
            format!("none of the {n} arrangements reachable from the start is the goal")
        };
        let unreachable = format!("unreachable: {}", none(explored.reachable().to_string()));
        let mut d = Drawing::new(start, goal, &unreachable);
        let arrangements = thousands(KnightSpace::new(start).expect("the sweep built it").size());
        let (w, h, squares) = (start.width(), start.height(), start.square_cells().len());
        let (black, white) = (start.black_cells().len(), start.white_cells().len());
        let _ = writeln!(
            d.before,
            "board: {w}x{h}, {squares} squares, {black} black and {white} white knights, {arrangements} arrangements\n\n{}\n",
            driver::ends::<KnightSwap>(start, goal)
        );
        if runs.fixture.goal.is_none() {
            d.before += "goal: the default, every knight's colour changed\n\n";
        }
        let _ = writeln!(d.after, "\n{explored}");
        let Some(s) = &runs.first else {
            let _ = writeln!(
                d.before,
                "answer: unreachable ({})",
                none(thousands(explored.reachable()))
            );
            return Ok(d);
        };
        d.count = Some(count);
        let _ = writeln!(
            d.before,
            "answer: {} (proven: every arrangement reachable from the start was swept; solutions replayed)\nshortest solutions: {} distinct move sequences",
            length(Some(s.len() as u32)),
            thousands(count)
        );
        let (Ok(routes), Ok(drawn)) = (routes(start, &s.moves), named_boards(start, &s.moves))
        else {
            return Ok(d);
        };
        d.after += "\nroutes (cells numbered row by row from 0):\n";
        d.after += &routes_text(&routes);
        d.moves("moves:", named_moves(&routes, &s.moves), 8, ", ");
        d.boards("boards:", drawn.into_iter(), 9);
        Ok(d)
    }
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    let goal = goal_option::<KnightSwap>(options, &["www", "...", "...", "bbb"])?;
    let space = KnightSpace::new(&goal).map_err(|e| e.to_string())?;
    let size = (goal.width(), goal.height());
    let draw = |s: &_| space.board(s).rows();
    let plan = SweepPlan::from_goal(KnightSwap::NAME, size, &goal, &draw);
    plan.sweep(&space, [space.knights(&goal)], options, progress)
}
