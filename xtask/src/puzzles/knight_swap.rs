//! Knight swap: black and white knights exchange places.

use std::fmt::Write;
use std::time::Instant;

use knight_swap::fixture::{FIELDS, Fields, Fixture, NoExtra};
use knight_swap::{
    Algorithm, Board, KnightSpace, KnightSwap, Outcome, Puzzle, Route, SolveOptions, check_goal,
    explore, named_boards, routes,
};
use search_core::layers::{RankedSpace, Table};

use crate::driver::{self, Drawing, Driver, Runs, Sections, ms_since};
use crate::registry::{Analysis, AnalyzeOptions, Progress};
use crate::registry::{Help, PuzzleDef, SolveSettings};
use crate::report::{indent, length, side_by_side, thousands};
use crate::sweep::{SweepPlan, goal_option};

/// Knight swap's entry.
pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: KnightSwap::NAME,
    solve: driver::solve_path::<KnightSwap>,
    validate: driver::validate::<KnightSwap>,
    analyze: Some(analyze),
    sharded: true,
    flags: &[],
    help: Help {
        solve: "\
knight-swap: black and white knights exchange places on any board of up to
64 cells.

The file: {\"start\": [\"bbb\", \"...\", \"...\", \"www\"]}
  start   rows of b and w (knights, either case), . (an empty square) and
          # (no square)
  goal    optional; default: the start with every knight's colour changed
  name, source, expect   optional

Examples:
  cargo xtask solve knight-swap fixtures/knight-swap/seed-3x4.json",
        analyze: "\
knight-swap: the distance of every arrangement from the goal.

  --goal FILE  sweep from this fixture's goal (default: the 3x4 board of the
               Perl article, white knights on top)
  --table      bytes (default), wide, two-bits, residues

Examples:
  cargo xtask analyze knight-swap
  cargo xtask analyze knight-swap --goal fixtures/knight-swap/guarini.json",
    },
    benchmarks: "
knight-swap/seed 3x4: solve, prove and count | knight swap | the Perl article's 3x4 board: solved, proven minimal, solutions counted | about 0.6 s (Perl), no proof
knight-swap/Guarini 3x3: solve, prove and count | knight swap | Guarini's 3x3: solved, proven, counted
knight-swap/4x4, four knights each: solve, prove and count | knight swap | 4x4, four knights each (900,900 arrangements)",
    sweeps: &[],
};

impl Driver for KnightSwap {
    type Extra = NoExtra;
    type Instance = (Board, Board);

    const FIELDS: Fields = FIELDS;

    fn instance(fixture: &Fixture) -> Result<(Board, Board), String> {
        driver::start_and_goal::<KnightSwap, _, _>(fixture, check_goal)
    }

    fn run(
        fixture: &Fixture,
        (start, goal): &(Board, Board),
        settings: &SolveSettings,
        runs: &mut Runs<KnightSwap>,
    ) -> Result<Drawing, String> {
        // The proof: every arrangement reachable from the start, swept, which
        // also counts the shortest solutions; its solution is the one drawn.
        let clock = Instant::now();
        let explored = explore(start, settings.max_memory).map_err(|e| e.to_string())?;
        let found = explored.solution_to(goal).map_err(|e| e.to_string())?;
        let count = explored.count_solutions(goal).map_err(|e| e.to_string())?;
        let stats = explored.stats();
        let ends = (start, goal);
        runs.record(
            Algorithm::Sweep,
            ends,
            Outcome { found, stats },
            (ms_since(clock), 0.0),
        );
        // A second method: bidirectional BFS over boards in a hash map.
        let options = SolveOptions {
            algorithm: Algorithm::Bidirectional,
            max_memory: settings.max_memory,
            ..SolveOptions::default()
        };
        runs.solve(Algorithm::Bidirectional, ends, &options)
            .map_err(|e| e.to_string())?;

        let space = KnightSpace::new(start).expect("the sweep built it");
        let mut about = format!(
            "board: {}x{}, {} squares, {} black and {} white knights, {} arrangements\n\n",
            start.width(),
            start.height(),
            start.square_cells().len(),
            start.black_cells().len(),
            start.white_cells().len(),
            thousands(space.size())
        );
        let _ = writeln!(about, "{}\n", driver::ends::<KnightSwap>(start, goal));
        if fixture.goal.is_none() {
            let _ = writeln!(about, "goal: the default, every knight's colour changed\n");
        }
        let reached = thousands(explored.reachable());
        let mut sections = Sections {
            about,
            answer: format!(
                "answer: unreachable (none of the {reached} arrangements reachable from the start is the goal)\n"
            ),
            ..Sections::default()
        };
        let histogram: Vec<String> = (0..)
            .zip(explored.histogram())
            .map(|(d, n)| format!("{d}: {}", thousands(*n)))
            .collect();
        let farthest: Vec<(String, Vec<String>)> = (1..)
            .zip(explored.farthest().iter().take(8))
            .map(|(i, b)| (format!("#{i}"), b.rows()))
            .collect();
        let out = &mut sections.after_runs;
        let _ = writeln!(
            out,
            "\ndistances from the start: {reached} arrangements reachable, at most {} moves away",
            explored.max_distance()
        );
        for chunk in histogram.chunks(8) {
            let _ = writeln!(out, "  {}", chunk.join(", "));
        }
        let _ = writeln!(
            out,
            "farthest ({} at distance {}, the first {} by rank):\n{}",
            thousands(*explored.histogram().last().unwrap_or(&0)),
            explored.max_distance(),
            farthest.len(),
            indent(&side_by_side(&farthest, 8))
        );
        let solution = runs.first.as_ref();
        if let Some(s) = solution {
            sections.answer = format!(
                "answer: {} (proven: every arrangement reachable from the start was swept; solutions replayed)\nshortest solutions: {} distinct move sequences\n",
                length(Some(s.len() as u32)),
                thousands(count)
            );
            if let (Ok(routes), Ok(drawn)) =
                (routes(start, &s.moves), named_boards(start, &s.moves))
            {
                let _ = writeln!(
                    sections.after_runs,
                    "\nroutes (cells numbered row by row from 0):"
                );
                for route in &routes {
                    let _ = writeln!(sections.after_runs, "  {}", describe_route(route));
                }
                let named = s.moves.iter().map(|m| {
                    let mut on = routes
                        .iter()
                        .filter(|r| r.cells.windows(2).any(|w| w == [m.from, m.to]));
                    format!("{} {m}", on.next().map_or('?', |r| r.name))
                });
                sections.moves = Some(("moves:".to_string(), named.collect(), 8, ", "));
                sections.boards = Some(("boards:".to_string(), drawn, 9));
            }
        }
        Ok(Drawing {
            sections,
            start: start.to_string(),
            goal: goal.to_string(),
            count: solution.map(|_| count),
            unreachable: format!(
                "unreachable: none of the {} arrangements reachable from the start is the goal",
                explored.reachable()
            ),
            ..Drawing::default()
        })
    }
}

fn describe_route(route: &Route) -> String {
    let moves = route.moves();
    let plural = if moves == 1 { "" } else { "s" };
    let retreat = if route.retreats() { ", a retreat" } else { "" };
    format!("{}: {route}  ({moves} move{plural}){retreat}", route.name)
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    let goal = goal_option::<KnightSwap>(KnightSwap::NAME, options, &["www", "...", "...", "bbb"])?;
    let space = KnightSpace::new(&goal).map_err(|e| e.to_string())?;
    let size = (goal.width(), goal.height());
    let draw = |s: &_| space.board(s).rows();
    let plan = SweepPlan::from_goal(KnightSwap::NAME, size, &goal, Table::Bytes, &draw);
    plan.sweep(&space, [space.knights(&goal)], options, progress)
}
