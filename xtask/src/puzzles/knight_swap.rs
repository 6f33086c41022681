//! Knight swap: black and white knights exchange places.

use std::fmt::Write;
use std::time::Instant;

use knight_swap::{
    Algorithm, Board, KnightSpace, KnightSwap, Outcome, Route, Solution, SolveOptions, check_goal,
    explore, named_boards, routes,
};
use search_core::layers::{RankedSpace, Table};
use serde::Deserialize;

use super::runs::Runs;
use super::{Analysis, AnalyzeOptions, Progress, PuzzleDef, SweepPlan, sweep_space};
use crate::fixtures;
use crate::report::{
    Expect, Report, Run, heading, indent, length, render_runs, side_by_side, thousands,
};

pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: "knight-swap",
    solve: solve_fixture,
    validate,
    analyze: Some(analyze),
};

/// A fixture: rows of `b`, `w`, `.` and `#`; the goal defaults to the start
/// with every knight's colour changed.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    source: Option<String>,
    start: Vec<String>,
    #[serde(default)]
    goal: Option<Vec<String>>,
    #[serde(default)]
    expect: Expect,
}

const FIELDS: fixtures::Fields = fixtures::Fields {
    required: &["start"],
    optional: &["goal"],
};

fn boards(fixture: &Fixture) -> Result<(Board, Board), String> {
    let start = Board::from_rows(&fixture.start).map_err(|e| format!("start: {e}"))?;
    let goal = match &fixture.goal {
        Some(rows) => Board::from_rows(rows).map_err(|e| format!("goal: {e}"))?,
        None => start.exchanged(),
    };
    check_goal(&start, &goal).map_err(|e| e.to_string())?;
    Ok((start, goal))
}

fn validate(json: &str) -> Result<(), String> {
    boards(&fixtures::parse_fields(json, &FIELDS)?).map(|_| ())
}

fn solve_fixture(case: &str, json: &str, max_memory: u64) -> Result<Report, String> {
    let fixture: Fixture = fixtures::parse_fields(json, &FIELDS)?;
    let (start, goal) = boards(&fixture)?;
    let mut runs = Runs::<KnightSwap>::default();
    // The proof: every arrangement reachable from the start, swept, which
    // also counts the shortest solutions; its solution is the one drawn.
    let clock = Instant::now();
    let explored = explore(&start, max_memory).map_err(|e| e.to_string())?;
    let found = explored.solution_to(&goal).map_err(|e| e.to_string())?;
    let count = explored.count_solutions(&goal).map_err(|e| e.to_string())?;
    let sweep_ms = clock.elapsed().as_secs_f64() * 1e3;
    let reached = explored.reachable();
    let stats = explored.stats();
    runs.record(
        Algorithm::Sweep,
        &start,
        &goal,
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
    runs.solve(Algorithm::Bidirectional, &start, &goal, &options)
        .map_err(|e| e.to_string())?;
    let notation = runs.notation();
    let Runs {
        runs,
        verdicts: replays,
        first: solution,
    } = runs;
    let snapshot = render(
        case,
        &fixture,
        &start,
        &goal,
        &runs,
        solution.as_ref().map(|s| (s, count)),
        &explored,
    );
    Ok(Report::new(
        PUZZLE.name,
        case,
        runs,
        replays,
        notation,
        solution.as_ref().map(|_| count),
        &fixture.expect,
        snapshot,
    )
    .with_boards(&start, &goal)
    .unreachable_because(format!(
        "unreachable: none of the {reached} arrangements reachable from the start is the goal"
    )))
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

fn render(
    case: &str,
    fixture: &Fixture,
    start: &Board,
    goal: &Board,
    runs: &[Run],
    solution: Option<(&Solution, u128)>,
    explored: &knight_swap::Exploration,
) -> String {
    let mut out = String::new();
    let space = KnightSpace::new(start).expect("the sweep built it");
    out.push_str(&heading(
        PUZZLE.name,
        case,
        fixture.name.as_deref(),
        fixture.source.as_deref(),
    ));
    let _ = writeln!(
        out,
        "board: {}x{}, {} squares, {} black and {} white knights, {} arrangements\n",
        start.width(),
        start.height(),
        start.square_cells().len(),
        start.black_cells().len(),
        start.white_cells().len(),
        thousands(space.size())
    );
    let ends = [
        ("start".to_string(), start.rows()),
        ("goal".to_string(), goal.rows()),
    ];
    let _ = writeln!(out, "{}\n", indent(&side_by_side(&ends, 2)));
    if fixture.goal.is_none() {
        let _ = writeln!(out, "goal: the default, every knight's colour changed\n");
    }
    match solution {
        None => {
            let _ = writeln!(
                out,
                "answer: unreachable (none of the {} arrangements reachable from the start is the goal)",
                thousands(explored.reachable())
            );
        }
        Some((s, count)) => {
            let _ = writeln!(
                out,
                "answer: {} (proven: every arrangement reachable from the start was swept; solutions replayed)",
                length(Some(s.len() as u32))
            );
            let _ = writeln!(
                out,
                "shortest solutions: {} distinct move sequences",
                thousands(count)
            );
        }
    }
    let _ = writeln!(out, "\n{}", render_runs(runs).trim_end());
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
    let farthest = explored.farthest();
    let shown: Vec<(String, Vec<String>)> = farthest
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
    if let Some((s, _)) = solution {
        if let (Some(routes), Some(drawn)) =
            (routes(start, &s.moves), named_boards(start, &s.moves))
        {
            let _ = writeln!(out, "\nroutes (cells numbered row by row from 0):");
            for route in &routes {
                let _ = writeln!(out, "  {}", describe_route(route));
            }
            let named: Vec<String> = s
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
            let _ = writeln!(out, "\nmoves:");
            for chunk in named.chunks(8) {
                let _ = writeln!(out, "  {}", chunk.join(", "));
            }
            let boards: Vec<(String, Vec<String>)> = drawn
                .into_iter()
                .enumerate()
                .map(|(i, rows)| (i.to_string(), rows))
                .collect();
            let _ = writeln!(out, "\nboards:\n{}", indent(&side_by_side(&boards, 9)));
        }
    }
    out
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    if let Some(v) = &options.variant {
        return Err(format!("knight-swap has no variant {v:?}"));
    }
    if let Some(s) = &options.size {
        return Err(format!(
            "knight-swap takes its board from --goal, not --size {s:?}"
        ));
    }
    let goal = match &options.goal {
        Some((file, json)) => {
            let fixture: Fixture =
                fixtures::parse_fields(json, &FIELDS).map_err(|e| format!("{file}: {e}"))?;
            boards(&fixture).map_err(|e| format!("{file}: {e}"))?.1
        }
        None => Board::from_rows(&["www", "...", "...", "bbb"]).map_err(|e| e.to_string())?,
    };
    let space = KnightSpace::new(&goal).map_err(|e| e.to_string())?;
    let description = format!(
        "knight-swap {}x{}: the distance of every arrangement from the goal\n{}",
        goal.width(),
        goal.height(),
        indent(&goal.to_string())
    );
    let plan = SweepPlan {
        description,
        table: Table::Bytes,
        census: None,
        draw: &|s| space.board(s).rows(),
    };
    sweep_space(&space, [space.knights(&goal)], plan, options, progress)
}
