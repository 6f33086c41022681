//! `analyze`: the levels by moves or by jumps from a fixture's start, and
//! every problem of a board.

use std::fmt::Write;

use peg_solitaire::fixture::Fixture;
use peg_solitaire::report::{SHORTEST_METHOD, jumps_method, levels_summary, moves_method};
use peg_solitaire::report::{by_moves, problems_method, problems_summary};
use peg_solitaire::{
    Board, JumpOptions, LevelOptions, MeetOptions, count_by_jumps, explore_moves, problems,
    problems_by_jumps, shortest_problem,
};
use search_core::layers::LayerReport;
use serde_json::json;

use super::{AnalyzeFlags, FIELDS, TABLE_HOLES, instance, start_of, title};
use crate::fixtures;
use crate::registry::{Analysis, AnalyzeOptions, Census, Progress, fields, refused};

pub(super) fn analyze(
    options: &AnalyzeOptions,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    let flags: AnalyzeFlags = options.flags.read()?;
    let by = flags.by.as_deref();
    if flags.solvable_only && by != Some("jumps") {
        return Err(
            "--solvable-only applies to the counts by jumps: add --by jumps (not with --problems)"
                .to_string(),
        );
    }
    if flags.positions_only && !flags.solvable_only {
        return Err(
            "--positions-only applies to the solvable positions: add --solvable-only".to_string(),
        );
    }
    if flags.shortest_only && !flags.problems {
        return Err(
            "--shortest-only applies to the problems of a board: add --problems".to_string(),
        );
    }
    let (file, json) = options.goal.as_ref().ok_or(
        "peg-solitaire needs --goal <fixture>: the minimum from its start to its goal is proven",
    )?;
    let in_file = |e: String| format!("{file}: {e}");
    let fixture: Fixture = fixtures::parse_fields(json, &FIELDS).map_err(in_file)?;
    if flags.problems {
        if by.is_some_and(|b| b != "moves") {
            return Err("peg-solitaire's problems are counted by moves only".to_string());
        }
        let board = start_of(&fixture).map_err(in_file)?;
        let run = match flags.shortest_only {
            true => analyze_shortest,
            false => analyze_problems,
        };
        return run(options, &fixture, &board, progress);
    }
    if fixture.goal.is_none() && matches!(by, None | Some("moves")) {
        let start = start_of(&fixture).map_err(in_file)?;
        return analyze_moves(options, &fixture, (&start, None), progress).map_err(in_file);
    }
    let inst = instance(&fixture).map_err(in_file)?;
    let (start, goal) = (&inst.start, &inst.goal);
    match by {
        None | Some("moves") => analyze_moves(options, &fixture, (start, Some(goal)), progress),
        Some("jumps") => {
            let jumps = JumpOptions {
                max_memory: options.max_memory,
                solvable_only: flags.solvable_only,
                count_solutions: !flags.positions_only,
            };
            analyze_jumps(options, &fixture, (start, goal), &jumps, progress)
        }
        Some(other) => Err(format!(
            "peg-solitaire counts levels by moves or jumps, not {other:?}"
        )),
    }
}

/// `analyze --by moves`: the levels by moves from the start, to the goal
/// (its minimum proven) or, without one, to exhaustion, up to the
/// symmetries that keep the start (and the goal), within `--max-memory`.
fn analyze_moves(
    options: &AnalyzeOptions,
    fixture: &Fixture,
    (start, goal): (&Board, Option<&Board>),
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    let mut description = begin(fixture, &moves_method(start, goal), options, progress);
    let settings = LevelOptions {
        goal: goal.cloned(),
        max_memory: options.max_memory,
    };
    let levels = explore_moves(start, &settings, |r| {
        progress.level(r.level, r.states, r.kept)
    });
    let levels = levels.map_err(|e| e.to_string())?;
    let summary = levels_summary(&levels, start, goal);
    let summary = summary.map_err(|e| format!("the solution failed replay: {e}"))?;
    let _ = write!(description, "\n{summary}");
    let (ranks, histogram) = (levels.positions(), levels.histogram());
    let farthest = match goal {
        Some(goal) => vec![goal.rows()],
        None => {
            let last = levels.level(histogram.len().saturating_sub(1));
            let farthest = last.iter().take(options.farthest);
            let farthest = farthest.filter_map(|&p| start.with_pegs(p).map(|b| b.rows()));
            farthest.collect()
        }
    };
    Ok(Analysis {
        description,
        ranks,
        histogram,
        farthest,
        ..Analysis::default()
    })
}

/// `analyze --by jumps`: the positions after each number of jumps, those
/// that can still finish, and the number of jump sequences that finish.
fn analyze_jumps(
    options: &AnalyzeOptions,
    fixture: &Fixture,
    (start, goal): (&Board, &Board),
    jumps: &JumpOptions,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    let what = jumps_method(start, goal, jumps.solvable_only);
    let mut description = begin(fixture, &what, options, progress);
    let census = count_by_jumps(start, goal, jumps, |r| {
        progress.level(r.level, r.states, r.states)
    });
    let census = census.map_err(|e| e.to_string())?;
    let _ = write!(description, "\n{}", census.summary(jumps.solvable_only));
    let extra = fields(&census);
    Ok(Analysis {
        description,
        ranks: census.histogram.iter().sum(),
        histogram: census.histogram,
        census: Some(Census {
            key: "solvable",
            heading: "solvable",
            counts: census.solvable,
        }),
        extra,
        ..Analysis::default()
    })
}

/// `analyze --problems`: the fewest moves of every problem of the board.
fn analyze_problems(
    options: &AnalyzeOptions,
    fixture: &Fixture,
    board: &Board,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    // Small boards: one search by moves from both ends per pair; bigger
    // ones: `problems_by_jumps`, which answers every survivor of a start at
    // once.
    let (by_starts, max_memory) = (board.geometry().holes() > TABLE_HOLES, options.max_memory);
    let what = problems_method(by_starts);
    let mut description = begin(fixture, &what, options, progress);
    let all = if by_starts {
        let mut stage = None;
        let jumps = JumpOptions {
            max_memory,
            ..JumpOptions::default()
        };
        problems_by_jumps(board, &jumps, |r| {
            if stage.replace((r.done, r.stage)) != Some((r.done, r.stage)) {
                progress.growing(&r.to_string(), max_memory);
            }
            progress.level(r.level.level, r.level.states, r.level.kept)
        })
    } else {
        problems(board, &MeetOptions { max_memory }, |done, of| {
            let (done, of) = (done as u64, of as u64);
            progress.layer(&LayerReport {
                distance: done as u32,
                states: of,
                seen: done,
                size: of,
            })
        })
    }
    .map_err(refused)?;
    let _ = write!(description, "\n{}", problems_summary(board, &all));
    let shortest = all.iter().filter_map(|p| p.moves).min();
    let extra = fields(&json!({"problems": all, "shortest": shortest}));
    Ok(Analysis {
        description,
        ranks: all.len() as u64,
        histogram: by_moves(&all),
        extra,
        ..Analysis::default()
    })
}

/// `analyze --problems --shortest-only`: the fewest moves over every
/// problem of the board, and one problem with that many.
fn analyze_shortest(
    options: &AnalyzeOptions,
    fixture: &Fixture,
    board: &Board,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    let mut description = begin(fixture, SHORTEST_METHOD, options, progress);
    let meet = MeetOptions {
        max_memory: options.max_memory,
    };
    let found = shortest_problem(board, &meet, |r| progress.level(r.level, r.states, r.kept));
    let kept = found.forward.iter().chain(&found.backward).sum::<u64>();
    let _ = write!(description, "\n{found}");
    let extra = fields(&found);
    Ok(Analysis {
        description,
        ranks: kept,
        histogram: found.forward,
        extra,
        ..Analysis::default()
    })
}

/// The description of an analysis of `fixture` that finds `what`, announced
/// to `progress` as a search whose number of positions is not known in
/// advance: the bar grows with them, and the memory stated is the limit
/// checked before each level is kept.
fn begin(
    fixture: &Fixture,
    what: &str,
    options: &AnalyzeOptions,
    progress: &mut dyn Progress,
) -> String {
    let description = format!("peg-solitaire, {}: {what}", title(fixture));
    progress.growing(&description, options.max_memory);
    description
}
