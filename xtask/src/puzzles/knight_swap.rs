//! Knight swap: black and white knights exchange places.

use std::fmt::Write;
use std::time::Instant;

use knight_swap::report::{describe, named_moves, routes_text};
use knight_swap::{
    Algorithm, Board, KnightSpace, KnightSwap, Outcome, Puzzle, SolveOptions, explore,
    named_boards, routes,
};

use crate::driver::{self, Drawing, Driver, Runs, ms_since};
use crate::registry::PuzzleDef;
use crate::registry::{Analysis, AnalyzeOptions, Progress};
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

        let unreachable = format!(
            "unreachable: none of the {} arrangements reachable from the start is the goal",
            explored.reachable()
        );
        let mut d = Drawing::new(start, goal, &unreachable);
        let ends = driver::ends::<KnightSwap>(start, goal);
        let _ = writeln!(d.before, "{}\n\n{ends}\n", describe(start));
        if runs.fixture.goal.is_none() {
            d.before += "goal: the default, every knight's colour changed\n\n";
        }
        let _ = writeln!(d.after, "\n{explored}");
        let moves = runs.first.as_ref().map(|s| s.len());
        let _ = writeln!(d.before, "{}", explored.answer(moves, count));
        let Some(s) = &runs.first else {
            return Ok(d);
        };
        d.count = Some(count);
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
