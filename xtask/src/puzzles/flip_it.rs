//! Flip It: pieces jump over pieces and turn them over.

use std::fmt::Write;

use flip_it::{Algorithm, Board, FlipIt, FlipSpace, Goal, Solution, SolveOptions, Variant};
use search_core::layers::Table;
use serde::Deserialize;

use super::runs::Runs;
use super::{Analysis, AnalyzeOptions, CensusOf, Progress, PuzzleDef, SweepPlan, sweep_space};
use crate::fixtures;
use crate::report::{Expect, Report, Run, heading, indent, length, render_runs, side_by_side};

pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: "flip-it",
    solve: solve_fixture,
    validate,
    analyze: Some(analyze),
};

/// A fixture: rows of `B`, `W` and `S` (or `.`), and the variant (default:
/// orthogonal, the original rules); the goal is every piece white.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    variant: Option<String>,
    start: Vec<String>,
    #[serde(default)]
    expect: Expect,
}

const FIELDS: fixtures::Fields = fixtures::Fields {
    required: &["start"],
    optional: &["variant"],
};

fn parse(json: &str) -> Result<(Fixture, Variant, Board), String> {
    let fixture: Fixture = fixtures::parse_fields(json, &FIELDS)?;
    let variant: Variant = match &fixture.variant {
        Some(name) => name.parse()?,
        None => Variant::Orthogonal,
    };
    let start = Board::from_rows_in(variant, &fixture.start).map_err(|e| format!("start: {e}"))?;
    Ok((fixture, variant, start))
}

fn validate(json: &str) -> Result<(), String> {
    parse(json).map(|_| ())
}

/// The algorithms run on a board: all three up to 4x4, BFS first (its
/// solution is the one drawn); on 5x5 BFS and iterative deepening may take
/// minutes, so the bidirectional search alone.
fn algorithms(size: usize) -> Vec<Algorithm> {
    if size <= 4 {
        vec![
            Algorithm::Bfs,
            Algorithm::Bidirectional,
            Algorithm::IdaCorners,
        ]
    } else {
        vec![Algorithm::Bidirectional]
    }
}

fn solve_fixture(case: &str, json: &str, max_memory: u64) -> Result<Report, String> {
    let (fixture, variant, start) = parse(json)?;
    let goal = Goal::EveryPieceWhite;
    let mut runs = Runs::<FlipIt>::default();
    for algorithm in algorithms(start.size()) {
        let options = SolveOptions {
            algorithm,
            max_memory,
            ..SolveOptions::default()
        };
        runs.solve(algorithm, &start, &goal, &options)
            .map_err(|e| e.to_string())?;
    }
    let notation = runs.notation();
    let Runs {
        runs,
        verdicts: replays,
        first,
    } = runs;
    let snapshot = render(case, &fixture, variant, &start, &runs, first.as_ref());
    let report = Report::new(
        PUZZLE.name,
        case,
        runs,
        replays,
        notation,
        None,
        &fixture.expect,
        snapshot,
    );
    // The goal is any placement with every piece white: the one reached.
    let goal = first
        .as_ref()
        .map_or_else(String::new, |s| s.end().to_string());
    Ok(report.with_boards(&start, &goal).unreachable_because(
        "unreachable: no placement reachable from the start has every piece white (all were searched)",
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
    out.push_str(&heading(
        PUZZLE.name,
        case,
        fixture.name.as_deref(),
        fixture.source.as_deref(),
    ));
    let _ = writeln!(
        out,
        "board: {0}x{0}, {variant} jumps{1}; goal: {2}\n",
        start.size(),
        if fixture.variant.is_none() {
            " (the default variant)"
        } else {
            ""
        },
        Goal::EveryPieceWhite
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
        let jumps: Vec<String> = s.moves.iter().map(ToString::to_string).collect();
        let _ = writeln!(
            out,
            "\njumps (the cell the piece leaves, then the empty cell, numbered row by row from 0):"
        );
        for chunk in jumps.chunks(10) {
            let _ = writeln!(out, "  {}", chunk.join(" "));
        }
        let drawn: Vec<(String, Vec<String>)> = s
            .boards()
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
    let description = format!(
        "flip-it {size}x{size}, {variant} jumps: the distance of every placement from all white"
    );
    let canonical = |b: &Board, _: u64| space.is_canonical(b);
    let census = CensusOf {
        key: "classes",
        heading: "classes under the 8 symmetries",
        counts: &canonical,
    };
    let plan = SweepPlan {
        description,
        table: default,
        census: Some(census),
        draw: &Board::rows,
    };
    sweep_space(&space, space.goals(), plan, options, progress)
}
