//! `cargo xtask solve-all` (every fixture solved, replayed and snapshotted,
//! with a table) and `cargo xtask solve` (one fixture file).

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use search_core::puzzle::Report;
use xtask::fixtures::INVALID_DIR;
use xtask::puzzles::{self, FixtureFile, PUZZLES};
use xtask::registry::{Given, SolveSettings};
use xtask::snapshot::{self, Status};
use xtask::{display_path, out, refusals, render_refusals, repo_root};

// The options of `solve-all`.
#[derive(Args)]
pub(crate) struct SolveAll {
    /// Change no file; fail if a snapshot would change.
    #[arg(long)]
    check: bool,
    /// Print the results as a JSON array instead of a table.
    #[arg(long)]
    json: bool,
    /// Only this puzzle's fixtures.
    #[arg(long, value_name = "PUZZLE")]
    puzzle: Option<String>,
    /// The fixtures folder (default: fixtures/ of the workspace).
    #[arg(long, value_name = "DIR")]
    fixtures: Option<PathBuf>,
    /// The snapshots folder (default: xtask/tests/snapshots/).
    #[arg(long, value_name = "DIR")]
    snapshots: Option<PathBuf>,
}

// The options of `solve`, but the puzzles' own.
#[derive(Args)]
pub(crate) struct Solve {
    /// The puzzle (the name of its crate).
    puzzle: String,
    /// The fixture file.
    file: PathBuf,
    /// Print one JSON object instead of the text.
    #[arg(long)]
    json: bool,
    /// The most memory the solvers' tables may take, build included.
    #[arg(long, value_name = "MiB", default_value_t = 2048)]
    max_memory: u64,
}

pub(crate) fn solve_all(options: &SolveAll) -> Result<ExitCode, String> {
    let root = repo_root();
    let fixtures = options
        .fixtures
        .clone()
        .unwrap_or_else(|| root.join("fixtures"));
    let snapshots = options.snapshots.clone();
    let snapshots = snapshots.unwrap_or_else(|| root.join("xtask/tests/snapshots"));
    let (mut files, warnings) = puzzles::discover(&fixtures)?;
    let only = options.puzzle.as_deref().map(puzzles::find).transpose()?;
    files.retain(|f| only.is_none_or(|p| p.name == f.puzzle.name));
    for warning in &warnings {
        eprintln!("warning: {warning}");
    }
    let template = ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}");
    let bar = ProgressBar::new(files.len() as u64).with_style(template.expect("a valid template"));
    let mut failures: Vec<String> = Vec::new();
    let mut fail = |line: String| {
        bar.suspend(|| eprintln!("error: {line}"));
        failures.push(line);
    };
    let mut reports: Vec<(FixtureFile, Report)> = Vec::new();
    for file in files {
        bar.set_message(format!("{} {}", file.puzzle.name, file.case));
        match xtask::solve_file(&file) {
            Ok(report) => {
                for problem in &report.problems {
                    fail(format!("{}: {problem}", display_path(&file.path)));
                }
                reports.push((file, report));
            }
            Err(message) => fail(message),
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let (files, reports): (Vec<FixtureFile>, Vec<Report>) = reports.into_iter().unzip();

    // Snapshots: one per solved fixture, one listing each puzzle's refusals.
    let mut bodies: Vec<(PathBuf, String, String)> = Vec::new();
    for (file, report) in files.iter().zip(&reports) {
        let path = snapshot::path(&snapshots, file.puzzle.name, &file.case);
        bodies.push((path, display_path(&file.path), report.snapshot.clone()));
    }
    for puzzle in PUZZLES
        .iter()
        .filter(|p| only.is_none_or(|o| o.name == p.name))
    {
        let refused = refusals(puzzle, &fixtures)?;
        for refusal in refused.iter().filter(|r| r.message.is_none()) {
            fail(format!("{}: {}", refusal.file, xtask::ACCEPTED));
        }
        if !refused.is_empty() {
            let input = display_path(&fixtures.join(INVALID_DIR).join(puzzle.name));
            let path = snapshot::path(&snapshots, INVALID_DIR, puzzle.name);
            bodies.push((path, input, render_refusals(&refused)));
        }
    }
    // With --check, every snapshot that would change is shown as a unified
    // diff (all of them, not the first only) and named in the summary.
    let (mut written, mut unchanged, mut changes) = (0, 0, Vec::new());
    for (path, input, body) in &bodies {
        match snapshot::update(path, input, body, options.check)? {
            Status::Unchanged => unchanged += 1,
            Status::Written => written += 1,
            Status::Differs => {
                let (shown, old) = (display_path(path), fs::read_to_string(path).ok());
                let new = snapshot::file_text(input, body);
                fail(format!(
                    "{shown}: differs from the solver's output (run `cargo xtask solve-all` and review the diff)"
                ));
                eprint!("{}", snapshot::unified_diff(&shown, old.as_deref(), &new));
                let label = snapshot::label(path);
                changes.push(snapshot::change_summary(&label, old.as_deref(), &new));
            }
        }
    }
    if options.puzzle.is_none() {
        let keep: Vec<PathBuf> = bodies.into_iter().map(|(path, _, _)| path).collect();
        for path in snapshot::stale(&snapshots, &keep) {
            let shown = display_path(&path);
            if options.check {
                fail(format!("{shown}: no fixture has this snapshot"));
            } else {
                fs::remove_file(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                eprintln!("removed stale snapshot {shown}");
            }
        }
    }
    if options.json {
        let all = serde_json::to_value(&reports).expect("reports serialise");
        out!(
            "{}",
            serde_json::to_string_pretty(&all).expect("JSON values serialise")
        );
    } else {
        out!("{}", Report::table(&reports));
    }
    let verified = reports.iter().filter(|r| r.verified).count();
    let differ = options.check.then(|| format!(", {} differ", changes.len()));
    let problems = (!failures.is_empty()).then(|| format!("; {} problems", failures.len()));
    let (differ, problems) = (differ.unwrap_or_default(), problems.unwrap_or_default());
    eprintln!(
        "{} fixtures solved, {verified} verified by replay; snapshots: {unchanged} unchanged, {written} written{differ}{problems}",
        reports.len(),
    );
    for change in &changes {
        eprintln!("  changed: {change}");
    }
    Ok(exit_code(failures.is_empty()))
}

/// Success, or failure.
pub(crate) fn exit_code(success: bool) -> ExitCode {
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

pub(crate) fn solve_one(options: &Solve, given: Given) -> Result<ExitCode, String> {
    let puzzle = puzzles::find(&options.puzzle)?;
    given.refuse_others(puzzle, "solve", PUZZLES)?;
    let max_memory = options.max_memory.saturating_mul(1 << 20);
    let settings = SolveSettings {
        max_memory,
        flags: Some(given),
    };
    let report = (puzzle.solve)(&options.file, &settings)?;
    if options.json {
        let json = serde_json::to_value(&report).expect("reports serialise");
        let text = serde_json::to_string_pretty(&json);
        out!("{}", text.expect("JSON values serialise"));
    } else {
        out!("{}", report.snapshot.trim_end());
    }
    for problem in &report.problems {
        eprintln!("error: {}: {problem}", options.file.display());
    }
    Ok(exit_code(report.problems.is_empty()))
}
