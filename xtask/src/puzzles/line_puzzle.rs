//! The line puzzle: sliding quarter-circle pieces.

use std::fmt::Write;
use std::time::Instant;

use line_puzzle::{
    Algorithm, Board, LinePuzzle, LineSpace, Solution, SolveError, SolveOptions, Solver,
    check_goal, hiroi_bound,
};
use search_core::layers::{RankedSpace, Table};
use search_core::{Budget, Reason};
use serde::Deserialize;

use super::runs::Runs;
use super::{Analysis, AnalyzeOptions, Progress, PuzzleDef, SweepPlan, sweep_space};
use crate::fixtures;
use crate::report::{
    Expect, Report, Run, heading, indent, length, render_runs, side_by_side, thousands,
};

pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: "line-puzzle",
    solve: solve_fixture,
    validate,
    analyze: Some(analyze),
};

/// Hiroi's baseline runs until this many expansions: enough for every
/// fixture but problem 3 (715 million), which the table then reports as
/// stopped rather than slowing every run of `solve-all` by half a minute.
const BASELINE_BUDGET: u64 = 10_000_000;

/// A fixture: rows of `S`, `A`, `B`, `C`, `D` for the start and the goal.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    source: Option<String>,
    start: Vec<String>,
    goal: Vec<String>,
    #[serde(default)]
    expect: Expect,
}

const FIELDS: fixtures::Fields = fixtures::Fields {
    required: &["start", "goal"],
    optional: &[],
};

fn boards(fixture: &Fixture) -> Result<(Board, Board), String> {
    let start = Board::from_rows(&fixture.start).map_err(|e| format!("start: {e}"))?;
    let goal = Board::from_rows(&fixture.goal).map_err(|e| format!("goal: {e}"))?;
    check_goal(&start, &goal).map_err(|e| match e {
        SolveError::Mismatch(why) => format!("start and goal do not match: {why}"),
        other => other.to_string(),
    })?;
    Ok((start, goal))
}

fn validate(json: &str) -> Result<(), String> {
    boards(&fixtures::parse_fields(json, &FIELDS)?).map(|_| ())
}

fn solve_fixture(case: &str, json: &str, max_memory: u64) -> Result<Report, String> {
    let fixture: Fixture = fixtures::parse_fields(json, &FIELDS)?;
    let (start, goal) = boards(&fixture)?;
    let mut runs = Runs::<LinePuzzle>::default();
    let mut notes = Vec::new();
    let mut bounds = format!("start bound: Hiroi's {}", hiroi_bound(&start, &goal));
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
        let solver = Solver::new(&goal, &options).map_err(|e| e.to_string())?;
        let build_ms = clock.elapsed().as_secs_f64() * 1e3;
        let clock = Instant::now();
        let outcome = match solver.solve(&start) {
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
            let _ = write!(bounds, ", the pattern databases' {}", solver.bound(&start));
        }
        if algorithm == Algorithm::IdaPdb {
            notes.push(format!(
                "ida-pdb: pattern databases {{A, B}} and {{C, D}} of {} and {} entries",
                thousands(solver.pattern_dbs()[0].len() as u64),
                thousands(solver.pattern_dbs()[1].len() as u64)
            ));
        }
        if algorithm == Algorithm::IdaLetterPdb && reachable {
            let _ = write!(
                bounds,
                ", one database per letter: {}",
                solver.bound(&start)
            );
        }
        runs.record(algorithm, &start, &goal, outcome, ms, build_ms);
    }
    let notation = runs.notation();
    let Runs {
        runs,
        verdicts: replays,
        first,
    } = runs;
    let snapshot = render(
        case,
        &fixture,
        &start,
        &goal,
        &runs,
        first.as_ref(),
        &bounds,
        &notes,
    );
    Ok(Report::new(
        PUZZLE.name,
        case,
        runs,
        replays,
        notation,
        None,
        &fixture.expect,
        snapshot,
    )
    .with_boards(&start, &goal)
    .unreachable_because(
        "unreachable: all pieces are distinct and the parities of start and goal differ",
    ))
}

#[allow(clippy::too_many_arguments)]
fn render(
    case: &str,
    fixture: &Fixture,
    start: &Board,
    goal: &Board,
    runs: &[Run],
    solution: Option<&Solution>,
    bounds: &str,
    notes: &[String],
) -> String {
    let mut out = String::new();
    out.push_str(&heading(
        PUZZLE.name,
        case,
        fixture.name.as_deref(),
        fixture.source.as_deref(),
    ));
    let _ = writeln!(out, "board: {}x{}\n", start.width(), start.height());
    let ends = [
        ("start".to_string(), start.rows()),
        ("goal".to_string(), goal.rows()),
    ];
    let _ = writeln!(out, "{}\n", indent(&side_by_side(&ends, 2)));
    match solution {
        None => {
            let _ = writeln!(
                out,
                "answer: unreachable (all pieces distinct and the parities differ; decided without search)"
            );
        }
        Some(s) => {
            let moves = s.len() as u32;
            let _ = write!(
                out,
                "answer: {} (optimal; every solution replayed)",
                length(Some(moves))
            );
            // The physical puzzle starts and ends full: the piece at the top
            // right corner comes out first and goes back last.
            if start.cells() == 16 && start.space() == 3 && goal.space() == 3 {
                let _ = write!(
                    out,
                    "; {} with the corner piece taken out and put back",
                    moves + 2
                );
            }
            out.push('\n');
        }
    }
    let _ = writeln!(out, "{bounds}");
    let _ = writeln!(out, "\n{}", render_runs(runs).trim_end());
    for note in notes {
        let _ = writeln!(out, "{note}");
    }
    if let Some(s) = solution {
        let moves: Vec<String> = s.moves.iter().map(|m| m.to_string()).collect();
        let _ = writeln!(out, "\nmoves (from-to), cells numbered row by row from 0:");
        for chunk in moves.chunks(10) {
            let _ = writeln!(out, "  {}", chunk.join(" "));
        }
        let drawn: Vec<(String, Vec<String>)> = s
            .boards()
            .iter()
            .enumerate()
            .map(|(i, b)| (i.to_string(), b.rows()))
            .collect();
        let _ = writeln!(out, "\nboards:\n{}", indent(&side_by_side(&drawn, 8)));
    }
    out
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    if let Some(v) = &options.variant {
        return Err(format!("the line puzzle has no variant {v:?}"));
    }
    if let Some(s) = &options.size {
        return Err(format!(
            "the line puzzle takes its board from --goal, not --size {s:?}"
        ));
    }
    let goal = match &options.goal {
        Some((file, json)) => {
            let fixture: Fixture =
                fixtures::parse_fields(json, &FIELDS).map_err(|e| format!("{file}: {e}"))?;
            boards(&fixture).map_err(|e| format!("{file}: {e}"))?.1
        }
        // Hiroi's goal 2: the four full circles.
        None => Board::from_rows(&["AABS", "AABB", "CCDD", "CCDD"]).map_err(|e| e.to_string())?,
    };
    let space = LineSpace::new(&goal);
    let default = if space.size() <= 50_000_000 {
        Table::Bytes
    } else {
        Table::TwoBits
    };
    let description = format!(
        "line-puzzle {}x{}: the distance of every arrangement from the goal\n{}",
        goal.width(),
        goal.height(),
        indent(&goal.to_string())
    );
    let plan = SweepPlan {
        description,
        table: default,
        census: None,
        draw: &Board::rows,
    };
    sweep_space(&space, [goal], plan, options, progress)
}
