//! Flip It: pieces jump over pieces and turn them over.

use std::fmt::Write;
use std::time::Instant;

use flip_it::{Algorithm, Board, FlipSpace, Solution, Variant, replay, solve_with};
use search_core::Budget;
use search_core::layers::{RankedSpace, Sweep, Table};
use serde::Deserialize;

use super::{Analysis, AnalyzeOptions, Census, Progress, PuzzleDef, table_option};
use crate::fixtures;
use crate::report::{
    Expect, Report, Run, indent, length, render_runs, replay_verdict, side_by_side,
};

pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: "flip-it",
    solve: solve_fixture,
    validate,
    analyze: Some(analyze),
};

/// A fixture: the variant and rows of `B`, `W` and `S`; the goal is all white.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    name: String,
    source: String,
    variant: String,
    start: Vec<String>,
    #[serde(default)]
    expect: Expect,
}

fn parse(json: &str) -> Result<(Fixture, Variant, Board), String> {
    let fixture: Fixture = fixtures::parse(json)?;
    let variant: Variant = fixture.variant.parse()?;
    let start = Board::from_rows(&fixture.start).map_err(|e| format!("start: {e}"))?;
    Ok((fixture, variant, start))
}

fn validate(json: &str) -> Result<(), String> {
    parse(json).map(|_| ())
}

/// The algorithms run on a board: all three up to 4x4; on 5x5 BFS and
/// iterative deepening may take minutes, so the bidirectional search alone.
fn algorithms(size: usize) -> Vec<Algorithm> {
    if size <= 4 {
        Algorithm::ALL.to_vec()
    } else {
        vec![Algorithm::Bidirectional]
    }
}

fn solve_fixture(case: &str, json: &str) -> Result<Report, String> {
    let (fixture, variant, start) = parse(json)?;
    let mut runs = Vec::new();
    let mut replays = Vec::new();
    let mut first: Option<Solution> = None;
    for algorithm in algorithms(start.size()) {
        let clock = Instant::now();
        let outcome = solve_with(&start, variant, algorithm, &Budget::default())
            .map_err(|e| e.to_string())?;
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        let found = outcome.found;
        replays.push(found.as_ref().map_or(Ok(()), |s| {
            replay_verdict(&s.boards, replay(&start, variant, &s.jumps()))
        }));
        runs.push(Run {
            algorithm: algorithm.name().to_string(),
            moves: found.as_ref().map(|s| s.len() as u32),
            stats: outcome.stats,
            ms,
        });
        if first.is_none() {
            first = found;
        }
    }
    let notation = first.as_ref().map_or_else(Vec::new, |s| {
        s.jumps().iter().map(|j| j.to_string()).collect()
    });
    let snapshot = render(case, &fixture, variant, &start, &runs, first.as_ref());
    Ok(Report::new(
        PUZZLE.name,
        case,
        runs,
        replays,
        notation,
        None,
        &fixture.expect,
        snapshot,
    ))
}

fn render(
    case: &str,
    fixture: &Fixture,
    variant: Variant,
    start: &Board,
    runs: &[Run],
    solution: Option<&Solution>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "flip-it: {case}");
    let _ = writeln!(out, "name: {}", fixture.name);
    let _ = writeln!(out, "source: {}", fixture.source);
    let _ = writeln!(
        out,
        "board: {0}x{0}, {variant} jumps; goal: every piece white\n",
        start.size()
    );
    let _ = writeln!(out, "start:\n{}\n", indent(&start.to_string()));
    match solution {
        None => {
            let _ = writeln!(
                out,
                "answer: unreachable (every placement reachable from the start was searched)"
            );
        }
        Some(s) => {
            let _ = writeln!(
                out,
                "answer: {} (optimal; every algorithm's solution replayed)",
                length(Some(s.len() as u32))
            );
        }
    }
    let _ = writeln!(out, "\n{}", render_runs(runs).trim_end());
    if let Some(s) = solution {
        let jumps: Vec<String> = s.jumps().iter().map(|j| j.to_string()).collect();
        let _ = writeln!(
            out,
            "\njumps (cell the piece leaves -> the empty cell, numbered row by row from 0):"
        );
        for chunk in jumps.chunks(10) {
            let _ = writeln!(out, "  {}", chunk.join(" "));
        }
        let drawn: Vec<(String, Vec<String>)> = s
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| (i.to_string(), b.rows()))
            .collect();
        let per_row = if start.size() > 4 { 5 } else { 6 };
        let _ = writeln!(out, "\nboards:\n{}", indent(&side_by_side(&drawn, per_row)));
    }
    out
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    if options.goal.is_some() {
        return Err("flip-it sweeps from its goals (all white); --goal does not apply".to_string());
    }
    let size: usize = match options.size.as_deref() {
        None => 4,
        Some(text) => {
            let n = text
                .split_once('x')
                .map_or(text, |(w, h)| if w == h { w } else { "" });
            n.parse().map_err(|_| {
                format!("--size {text:?}: expected the side of the board, 3 to 5 (e.g. 4 or 4x4)")
            })?
        }
    };
    let variant: Variant = options.variant.as_deref().unwrap_or("orthogonal").parse()?;
    let space = FlipSpace::new(size, variant).map_err(|e| e.to_string())?;
    let default = if size <= 4 {
        Table::Bytes
    } else {
        Table::TwoBits
    };
    let sweep = Sweep::new(table_option(options, default)?)
        .with_max_memory(options.max_memory)
        .with_farthest(options.farthest);
    let description = format!(
        "flip-it {size}x{size}, {variant} jumps: the distance of every placement from all white"
    );
    progress.start(
        &description,
        space.size(),
        sweep.memory_needed(space.size()),
    );
    let canonical = |b: &Board, _: u64| space.is_canonical(b);
    let layers = sweep
        .run_with_census(&space, space.goals(), canonical, |r| progress.layer(r))
        .map_err(|e| e.to_string())?;
    Ok(Analysis {
        description,
        ranks: space.size(),
        histogram: layers.histogram,
        farthest: layers
            .farthest
            .iter()
            .map(|&r| space.unrank(r).rows())
            .collect(),
        census: Some(Census {
            key: "classes",
            heading: "classes under the 8 symmetries",
            counts: layers.census,
        }),
        extra: Default::default(),
    })
}
