//! `cargo xtask solve-all` (every fixture solved, replayed and snapshotted,
//! with a table) and `cargo xtask solve` (one fixture file).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};

use xtask::fixtures;
use xtask::puzzles::{self, FixtureFile};
use xtask::report::{Report, thousands};
use xtask::{display_path, refusals, render_refusals, snapshot};

pub(crate) struct SolveAll {
    pub(crate) check: bool,
    pub(crate) json: bool,
    pub(crate) puzzle: Option<String>,
    pub(crate) fixtures: PathBuf,
    pub(crate) snapshots: PathBuf,
}

pub(crate) fn solve_all(options: &SolveAll) -> Result<ExitCode, String> {
    let (mut files, warnings) = puzzles::discover(&options.fixtures)?;
    if let Some(name) = &options.puzzle {
        let puzzle = puzzles::find(name)?;
        files.retain(|f| std::ptr::eq(f.puzzle, puzzle));
    }
    for warning in &warnings {
        eprintln!("warning: {warning}");
    }
    let bar = ProgressBar::new(files.len() as u64).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}").expect("a valid template"),
    );
    let mut failures: Vec<String> = Vec::new();
    let mut reports: Vec<(FixtureFile, Report)> = Vec::new();
    for file in files {
        bar.set_message(format!("{} {}", file.puzzle.name, file.case));
        match xtask::solve_file(&file) {
            Ok(report) => {
                for problem in &report.problems {
                    let line = format!("{}: {problem}", display_path(&file.path));
                    bar.suspend(|| eprintln!("error: {line}"));
                    failures.push(line);
                }
                reports.push((file, report));
            }
            Err(message) => {
                bar.suspend(|| eprintln!("error: {message}"));
                failures.push(message);
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();

    // Snapshots: one per solved fixture, one listing each puzzle's refusals.
    let mut written = 0;
    let mut unchanged = 0;
    let mut keep = Vec::new();
    let mut snapshot_bodies: Vec<(PathBuf, String, String)> = reports
        .iter()
        .map(|(file, report)| {
            (
                snapshot::path(&options.snapshots, file.puzzle.name, &file.case),
                display_path(&file.path),
                report.snapshot.clone(),
            )
        })
        .collect();
    for puzzle in puzzles::PUZZLES {
        if options.puzzle.as_deref().is_some_and(|p| p != puzzle.name) {
            continue;
        }
        let refused = refusals(puzzle, &options.fixtures)?;
        if refused.is_empty() {
            continue;
        }
        for refusal in refused.iter().filter(|r| r.message.is_none()) {
            let line = format!("{}: {}", refusal.file, xtask::ACCEPTED);
            eprintln!("error: {line}");
            failures.push(line);
        }
        let input = display_path(
            &options
                .fixtures
                .join(fixtures::INVALID_DIR)
                .join(puzzle.name),
        );
        snapshot_bodies.push((
            snapshot::path(&options.snapshots, fixtures::INVALID_DIR, puzzle.name),
            input,
            render_refusals(&refused),
        ));
    }
    // With --check, every snapshot that would change is shown as a unified
    // diff (all of them, not the first only) and named in the summary.
    let mut changes: Vec<String> = Vec::new();
    for (path, input, body) in &snapshot_bodies {
        keep.push(path.clone());
        match snapshot::update(path, input, body, options.check)? {
            snapshot::Status::Unchanged => unchanged += 1,
            snapshot::Status::Written => written += 1,
            snapshot::Status::Differs => {
                let shown = display_path(path);
                let old = fs::read_to_string(path).ok();
                let new = snapshot::file_text(input, body);
                let line = format!(
                    "{shown}: differs from the solver's output (run `cargo xtask solve-all` and review the diff)"
                );
                eprintln!("error: {line}");
                eprint!("{}", snapshot::unified_diff(&shown, old.as_deref(), &new));
                changes.push(snapshot::change_summary(
                    &snapshot::label(path),
                    old.as_deref(),
                    &new,
                ));
                failures.push(line);
            }
        }
    }
    if options.puzzle.is_none() {
        for path in snapshot::stale(&options.snapshots, &keep) {
            if options.check {
                let line = format!("{}: no fixture has this snapshot", display_path(&path));
                eprintln!("error: {line}");
                failures.push(line);
            } else {
                fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                eprintln!("removed stale snapshot {}", display_path(&path));
            }
        }
    }

    if options.json {
        let all: Vec<_> = reports.iter().map(|(_, r)| r.to_json()).collect();
        out!(
            "{}",
            serde_json::to_string_pretty(&all).expect("JSON values serialise")
        );
    } else {
        print_table(&reports);
    }
    let verified = reports.iter().filter(|(_, r)| r.verified).count();
    let differ = if options.check {
        format!(", {} differ", changes.len())
    } else {
        String::new()
    };
    eprintln!(
        "{} fixtures solved, {verified} verified by replay; snapshots: {unchanged} unchanged, {written} written{differ}{}",
        reports.len(),
        if failures.is_empty() {
            String::new()
        } else {
            format!("; {} problems", failures.len())
        }
    );
    for change in &changes {
        eprintln!("  changed: {change}");
    }
    Ok(if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_table(reports: &[(FixtureFile, Report)]) {
    let case_width = reports
        .iter()
        .map(|(f, _)| f.case.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let algo_width = reports
        .iter()
        .flat_map(|(_, r)| r.runs.iter().map(|run| run.algorithm.len()))
        .max()
        .unwrap_or(9)
        .max(9);
    out!(
        "{:<14} {:<case_width$} {:<algo_width$} {:>5} {:>14} {:>11} {:>11}  verified",
        "puzzle",
        "case",
        "algorithm",
        "moves",
        "nodes",
        "tables",
        "search"
    );
    for (file, report) in reports {
        for run in &report.runs {
            let moves = run.moves.map_or("-".to_string(), |m| m.to_string());
            // Under 0.005 ms rounds to nothing: no table was built.
            let tables = if run.build_ms >= 0.005 {
                format!("{:.2} ms", run.build_ms)
            } else {
                "-".to_string()
            };
            out!(
                "{:<14} {:<case_width$} {:<algo_width$} {:>5} {:>14} {:>11} {:>8.2} ms  {}",
                file.puzzle.name,
                file.case,
                run.algorithm,
                moves,
                thousands(run.stats.expanded),
                tables,
                run.ms,
                if report.verified { "yes" } else { "NO" }
            );
        }
    }
}

pub(crate) fn solve_one(
    puzzle: &str,
    file: &Path,
    json: bool,
    (bound, max_memory, max_seconds): (Option<String>, u64, Option<f64>),
) -> Result<ExitCode, String> {
    use std::io::IsTerminal as _;
    use xtask::puzzles::eight_puzzle::{self, SolveOptions};
    let puzzle = puzzles::find(puzzle)?;
    let report = if puzzle.name == eight_puzzle::PUZZLE.name {
        let max_seconds = max_seconds.unwrap_or(600.0);
        if !(max_seconds >= 0.0 && max_seconds.is_finite()) {
            return Err(format!(
                "--max-seconds {max_seconds}: a number of seconds, 0 or more (0: never give up)"
            ));
        }
        let options = SolveOptions {
            bound: bound.as_deref().unwrap_or("strongest").parse()?,
            max_memory: max_memory.saturating_mul(1 << 20),
            max_seconds: (max_seconds > 0.0).then_some(max_seconds),
            progress: std::io::stderr().is_terminal(),
        };
        eight_puzzle::solve_path_with(file, &options)?
    } else {
        let given = [
            ("--bound", bound.is_some()),
            ("--max-seconds", max_seconds.is_some()),
        ];
        super::refuse_flags_of(
            puzzle.name,
            &given,
            eight_puzzle::PUZZLE.name,
            "its pattern databases and time limit",
        )?;
        xtask::solve_path(puzzle, file, max_memory.saturating_mul(1 << 20))?
    };
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&report.to_json()).expect("JSON values serialise")
        );
    } else {
        out!("{}", report.snapshot.trim_end());
    }
    for problem in &report.problems {
        eprintln!("error: {}: {problem}", file.display());
    }
    Ok(if report.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
