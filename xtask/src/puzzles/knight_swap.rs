//! Knight swap: black and white knights exchange places.

use std::fmt::Write;
use std::time::Instant;

use knight_swap::fixture::{FIELDS, Fields, Fixture, NoExtra};
use knight_swap::{
    Algorithm, Board, Exploration, KnightSpace, KnightSwap, Outcome, Puzzle, Route, SolveOptions,
    Standard, check_goal, explore, named_boards, routes,
};
use search_core::layers::{RankedSpace, Table};

use super::driver::{self, BoardList, Drawing, Driver, MoveList, Sections};
use super::runs::Runs;
use super::{
    Analysis, AnalyzeOptions, Progress, PuzzleDef, SweepPlan, goal_option, sweep_description,
    sweep_space,
};
use crate::report::{indent, length, side_by_side, thousands};

pub const PUZZLE: PuzzleDef = driver::entry::<KnightSwap>(Some(analyze));

/// What the sweep from the start found beside its solution.
pub struct Found {
    /// The number of shortest solutions.
    count: u128,
    /// Every arrangement reachable from the start.
    explored: Exploration,
}

impl Driver for KnightSwap {
    type Extra = NoExtra;
    type Instance = (Board, Board);
    type Settings = u64;
    type Found = Found;

    const FIELDS: Fields = FIELDS;

    fn instance(fixture: &Fixture) -> Result<(Board, Board), String> {
        driver::start_and_goal::<KnightSwap, _, _>(fixture, Standard, check_goal)
    }

    fn run(
        (start, goal): &(Board, Board),
        &max_memory: &u64,
        runs: &mut Runs<KnightSwap>,
    ) -> Result<Found, String> {
        // The proof: every arrangement reachable from the start, swept, which
        // also counts the shortest solutions; its solution is the one drawn.
        let clock = Instant::now();
        let explored = explore(start, max_memory).map_err(|e| e.to_string())?;
        let found = explored.solution_to(goal).map_err(|e| e.to_string())?;
        let count = explored.count_solutions(goal).map_err(|e| e.to_string())?;
        let sweep_ms = clock.elapsed().as_secs_f64() * 1e3;
        let stats = explored.stats();
        runs.record(
            Algorithm::Sweep,
            start,
            goal,
            Outcome { found, stats },
            sweep_ms,
            0.0,
        );
        // A second method: bidirectional BFS over boards in a hash map.
        let options = SolveOptions {
            algorithm: Algorithm::Bidirectional,
            max_memory,
            ..SolveOptions::default()
        };
        runs.solve(Algorithm::Bidirectional, start, goal, &options)
            .map_err(|e| e.to_string())?;
        Ok(Found { count, explored })
    }

    fn draw(
        fixture: &Fixture,
        (start, goal): &(Board, Board),
        Found { count, explored }: &Found,
        runs: &Runs<KnightSwap>,
    ) -> Drawing {
        let solution = runs.first.as_ref();
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
        let answer = match solution {
            None => format!(
                "answer: unreachable (none of the {reached} arrangements reachable from the start is the goal)\n"
            ),
            Some(s) => format!(
                "answer: {} (proven: every arrangement reachable from the start was swept; solutions replayed)\nshortest solutions: {} distinct move sequences\n",
                length(Some(s.len() as u32)),
                thousands(*count)
            ),
        };
        let mut sections = Sections {
            about,
            answer,
            after_runs: distances(explored),
            ..Sections::default()
        };
        if let Some(s) = solution {
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
                let named = s
                    .moves
                    .iter()
                    .map(|m| {
                        let name = routes
                            .iter()
                            .find(|r| r.cells.windows(2).any(|w| w == [m.from, m.to]))
                            .map_or('?', |r| r.name);
                        format!("{name} {m}")
                    })
                    .collect();
                sections.moves = Some(MoveList {
                    title: "moves:".to_string(),
                    moves: named,
                    per_line: 8,
                    separator: ", ",
                });
                sections.boards = Some(BoardList {
                    title: "boards:".to_string(),
                    boards: drawn,
                    per_row: 9,
                });
            }
        }
        Drawing {
            sections,
            start: start.to_string(),
            goal: goal.to_string(),
            count: solution.map(|_| *count),
            unreachable: format!(
                "unreachable: none of the {} arrangements reachable from the start is the goal",
                explored.reachable()
            ),
            ..Drawing::default()
        }
    }
}

/// The distances from the start and the farthest arrangements.
fn distances(explored: &Exploration) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\ndistances from the start: {} arrangements reachable, at most {} moves away",
        thousands(explored.reachable()),
        explored.max_distance()
    );
    let histogram: Vec<String> = explored
        .histogram()
        .iter()
        .enumerate()
        .map(|(d, n)| format!("{d}: {}", thousands(*n)))
        .collect();
    for chunk in histogram.chunks(8) {
        let _ = writeln!(out, "  {}", chunk.join(", "));
    }
    let shown: Vec<(String, Vec<String>)> = explored
        .farthest()
        .iter()
        .take(8)
        .enumerate()
        .map(|(i, b)| (format!("#{}", i + 1), b.rows()))
        .collect();
    let _ = writeln!(
        out,
        "farthest ({} at distance {}, the first {} by rank):\n{}",
        thousands(*explored.histogram().last().unwrap_or(&0)),
        explored.max_distance(),
        shown.len(),
        indent(&side_by_side(&shown, 8))
    );
    out
}

fn describe_route(route: &Route) -> String {
    let mut text = format!("{}: {route}", route.name);
    let moves = route.moves();
    let _ = write!(
        text,
        "  ({moves} move{})",
        if moves == 1 { "" } else { "s" }
    );
    if route.retreats() {
        text.push_str(", a retreat");
    }
    text
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    let goal = goal_option::<KnightSwap>("knight-swap", options, &["www", "...", "...", "bbb"])?;
    let space = KnightSpace::new(&goal).map_err(|e| e.to_string())?;
    let plan = SweepPlan {
        description: sweep_description(KnightSwap::NAME, (goal.width(), goal.height()), &goal),
        table: Table::Bytes,
        census: None,
        draw: &|s| space.board(s).rows(),
    };
    sweep_space(&space, [space.knights(&goal)], plan, options, progress)
}
