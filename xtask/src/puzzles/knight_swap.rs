//! Knight swap: black and white knights exchange places.

use std::fmt::Write;
use std::time::Instant;

use knight_swap::{
    Board, KnightSpace, Route, Solution, check_goal, explore, named_boards, replay, routes,
};
use search_core::layers::{RankedSpace, Sweep, Table};
use search_core::visited::HashSides;
use search_core::{Budget, Stats};
use serde::Deserialize;

use super::{Analysis, AnalyzeOptions, Progress, PuzzleDef, table_option};
use crate::fixtures;
use crate::report::{
    Expect, Report, Run, indent, length, render_runs, replay_verdict, side_by_side, thousands,
};

pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: "knight-swap",
    solve: solve_fixture,
    validate,
    analyze: Some(analyze),
};

/// A fixture: rows of `b`, `w`, `.` and `#`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    name: String,
    source: String,
    start: Vec<String>,
    goal: Vec<String>,
    #[serde(default)]
    expect: Expect,
}

fn boards(fixture: &Fixture) -> Result<(Board, Board), String> {
    let start = Board::from_rows(&fixture.start).map_err(|e| format!("start: {e}"))?;
    let goal = Board::from_rows(&fixture.goal).map_err(|e| format!("goal: {e}"))?;
    check_goal(&start, &goal).map_err(|e| e.to_string())?;
    Ok((start, goal))
}

fn validate(json: &str) -> Result<(), String> {
    boards(&fixtures::parse(json)?).map(|_| ())
}

fn solve_fixture(case: &str, json: &str) -> Result<Report, String> {
    let fixture: Fixture = fixtures::parse(json)?;
    let (start, goal) = boards(&fixture)?;

    // The proof: every arrangement reachable from the start, swept.
    let clock = Instant::now();
    let explored = explore(
        &start,
        &Sweep::new(Table::Bytes).with_max_memory(super::SOLVE_MAX_MEMORY),
    )
    .map_err(|e| e.to_string())?;
    let solution = explored.solution_to(&goal).map_err(|e| e.to_string())?;
    let sweep_ms = clock.elapsed().as_secs_f64() * 1e3;
    let reached = explored.reachable();

    // A second method: bidirectional BFS over boards in a hash map.
    let clock = Instant::now();
    let next = |b: &Board| -> Vec<Board> {
        b.moves()
            .into_iter()
            .filter_map(|m| b.play(m).ok())
            .collect()
    };
    let both = search_core::bidirectional::bfs_bidirectional_with(
        &start,
        &goal,
        next,
        next,
        HashSides::default(),
        &Budget::default(),
    )
    .map_err(|e| e.to_string())?;
    let both_ms = clock.elapsed().as_secs_f64() * 1e3;

    let mut replays = vec![solution.as_ref().map_or(Ok(()), |s| {
        replay_verdict(&s.boards, replay(&start, &goal, &s.moves))
    })];
    replays.push(match &both.found {
        None => Ok(()),
        Some(path) => {
            let moves: Vec<_> = path
                .windows(2)
                .map(|w| {
                    let m = w[0]
                        .moves()
                        .into_iter()
                        .find(|&m| w[0].play(m).ok() == Some(w[1]));
                    m.ok_or("consecutive boards are not one move apart")
                })
                .collect::<Result<_, _>>()?;
            replay(&start, &goal, &moves)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
    });
    let runs = vec![
        Run {
            algorithm: "sweep".to_string(),
            moves: solution.as_ref().map(|s| s.len() as u32),
            stats: Stats {
                expanded: reached,
                generated: reached - 1,
                iterations: Vec::new(),
            },
            ms: sweep_ms,
        },
        Run {
            algorithm: "bidirectional".to_string(),
            moves: both.found.as_ref().map(|p| p.len() as u32 - 1),
            stats: both.stats,
            ms: both_ms,
        },
    ];
    let notation = solution.as_ref().map_or_else(Vec::new, |s| {
        s.moves.iter().map(|m| m.to_string()).collect()
    });
    let snapshot = render(
        case,
        &fixture,
        &start,
        &goal,
        &runs,
        solution.as_ref(),
        &explored,
    );
    Ok(Report::new(
        PUZZLE.name,
        case,
        runs,
        replays,
        notation,
        solution.as_ref().map(|s| s.count),
        &fixture.expect,
        snapshot,
    ))
}

fn lines(board: &Board) -> Vec<String> {
    board.to_string().lines().map(str::to_string).collect()
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
    solution: Option<&Solution>,
    explored: &knight_swap::Exploration,
) -> String {
    let mut out = String::new();
    let space = KnightSpace::new(start).expect("the sweep built it");
    let _ = writeln!(out, "knight-swap: {case}");
    let _ = writeln!(out, "name: {}", fixture.name);
    let _ = writeln!(out, "source: {}", fixture.source);
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
        ("start".to_string(), lines(start)),
        ("goal".to_string(), lines(goal)),
    ];
    let _ = writeln!(out, "{}\n", indent(&side_by_side(&ends, 2)));
    match solution {
        None => {
            let _ = writeln!(
                out,
                "answer: unreachable (none of the {} arrangements reachable from the start is the goal)",
                thousands(explored.reachable())
            );
        }
        Some(s) => {
            let _ = writeln!(
                out,
                "answer: {} (proven: every arrangement reachable from the start was swept; solutions replayed)",
                length(Some(s.len() as u32))
            );
            let _ = writeln!(
                out,
                "shortest solutions: {} distinct move sequences",
                thousands(s.count)
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
        .map(|(i, b)| (format!("#{}", i + 1), lines(b)))
        .collect();
    let _ = writeln!(
        out,
        "farthest ({} at distance {}, the first {} by rank):\n{}",
        thousands(*explored.histogram().last().unwrap_or(&0)),
        explored.max_distance(),
        shown.len(),
        indent(&side_by_side(&shown, 8))
    );
    if let Some(s) = solution {
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
            let fixture: Fixture = fixtures::parse(json).map_err(|e| format!("{file}: {e}"))?;
            boards(&fixture).map_err(|e| format!("{file}: {e}"))?.1
        }
        None => Board::from_rows(&["www", "...", "...", "bbb"]).map_err(|e| e.to_string())?,
    };
    let space = KnightSpace::new(&goal).map_err(|e| e.to_string())?;
    let sweep = Sweep::new(table_option(options, Table::Bytes)?)
        .with_max_memory(options.max_memory)
        .with_farthest(options.farthest);
    let description = format!(
        "knight-swap {}x{}: the distance of every arrangement from the goal\n{}",
        goal.width(),
        goal.height(),
        indent(&goal.to_string())
    );
    progress.start(
        &description,
        space.size(),
        sweep.memory_needed(space.size()),
    );
    let layers = sweep
        .run(&space, [space.knights(&goal)], |r| progress.layer(r))
        .map_err(|e| e.to_string())?;
    Ok(Analysis {
        description,
        ranks: space.size(),
        histogram: layers.histogram,
        farthest: layers
            .farthest
            .iter()
            .map(|&r| lines(&space.board(&space.unrank(r))))
            .collect(),
        census: None,
        extra: Default::default(),
    })
}
