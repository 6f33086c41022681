//! `cargo xtask`: solve every fixture, sweep a state space, run the benchmarks.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, ExitCode};

use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use search_core::layers::LayerReport;
use serde_json::json;

use xtask::fixtures::{self, FixtureFile};
use xtask::puzzles::{self, Analysis, AnalyzeOptions, Progress};
use xtask::report::{Report, indent, side_by_side, thousands};
use xtask::{display_path, refusals, render_refusals, repo_root, snapshot};

/// Exit status when standard output is closed under us, as a shell reports
/// a program ended by SIGPIPE.
const CLOSED_STDOUT: i32 = 141;

/// `println!`, except that a reader who has gone (`cargo xtask ... | head`)
/// ends the program quietly instead of with a panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(CLOSED_STDOUT);
        }
    }};
}

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Solve, verify, snapshot and sweep the workspace's puzzles"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve every fixture, replay every solution, print a table and
    /// regenerate the golden snapshots.
    SolveAll {
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
    },
    /// Solve one fixture file and show the solution.
    Solve {
        /// The puzzle (the name of its crate).
        puzzle: String,
        /// The fixture file.
        file: PathBuf,
        /// Print one JSON object instead of the text.
        #[arg(long)]
        json: bool,
        /// eight-puzzle above 12 cells: strongest (7-8 if its tables are
        /// cached or fit --max-memory, else 6-6-3), 6-6-3 or 7-8.
        #[arg(long, default_value = "strongest")]
        bound: String,
        /// eight-puzzle: the most memory the tables may take, build included.
        #[arg(long, value_name = "MiB", default_value_t = 1024)]
        max_memory: u64,
        /// eight-puzzle: give up a search after this long (0: never).
        #[arg(long, value_name = "SECONDS", default_value_t = 600.0)]
        max_seconds: f64,
    },
    /// Sweep a whole state space: the number of states at each distance from
    /// the goal, the largest distance, the farthest states.
    Analyze {
        /// The puzzle.
        puzzle: String,
        /// The board size, e.g. 3x3 for the eight-puzzle.
        #[arg(long)]
        size: Option<String>,
        /// The rule variant, where the puzzle has several.
        #[arg(long)]
        variant: Option<String>,
        /// Sweep from this fixture's goal instead of the default one.
        #[arg(long, value_name = "FILE")]
        goal: Option<PathBuf>,
        /// The table: bytes (distances kept, up to 254), wide (two bytes, up to
        /// 65,534), two-bits (a quarter of a byte) or residues (distances
        /// modulo 3, three eighths of a byte).
        #[arg(long)]
        table: Option<String>,
        /// Refuse to allocate a table larger than this.
        #[arg(long, value_name = "MiB", default_value_t = 8192)]
        max_memory: u64,
        /// How many farthest states to show.
        #[arg(long, value_name = "N", default_value_t = 24)]
        farthest: usize,
        /// Print one JSON object instead of the text.
        #[arg(long)]
        json: bool,
        /// Also draw the distance histogram as an SVG bar chart into this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// What one step is, where the puzzle has a choice (peg-solitaire:
        /// moves or jumps).
        #[arg(long)]
        by: Option<String>,
        /// Every problem of the board (peg-solitaire).
        #[arg(long)]
        problems: bool,
    },
    /// Solve Korf's 100 15-puzzle instances with one bound, each solution
    /// replayed and checked, and print nodes and times per instance and in all.
    Korf {
        /// manhattan, linear-conflict, 6-6-3 or 7-8 (pattern databases,
        /// from .cache/pdb/ or built there first).
        #[arg(long, default_value = "6-6-3")]
        bound: String,
        /// Also apply the pattern databases to the reflected board.
        #[arg(long)]
        reflect: bool,
        /// The instances, e.g. 1-100 or 7.
        #[arg(long, default_value = "1-100")]
        instances: String,
        /// Refuse to build tables needing more than this (build peak included).
        #[arg(long, value_name = "MiB", default_value_t = 8192)]
        max_memory: u64,
        /// Also compile (cc -O2) and run the plain C 6-6-3 reference solver
        /// on the same instances, tables built included.
        #[arg(long)]
        peer: bool,
    },
    /// Run every crate's criterion benchmarks and print one table, beside
    /// the original articles' figures and the peers measured in the same run.
    Bench {
        /// Only benchmarks whose name matches this (criterion's filter).
        filter: Option<String>,
        /// Also time the big whole-space sweeps once each.
        #[arg(long)]
        sweeps: bool,
        /// Read the last results instead of running the benchmarks again.
        #[arg(long)]
        no_run: bool,
        /// Write docs/BENCHMARKS.md from the results.
        #[arg(long)]
        write: bool,
    },
}

fn main() -> ExitCode {
    if let Some(help) = puzzle_help() {
        out!("{help}");
        return ExitCode::SUCCESS;
    }
    let cli = Cli::parse();
    xtask::automata::register();
    let result = match cli.command {
        Command::SolveAll {
            check,
            json,
            puzzle,
            fixtures,
            snapshots,
        } => solve_all(&SolveAll {
            check,
            json,
            puzzle,
            fixtures: fixtures.unwrap_or_else(|| repo_root().join("fixtures")),
            snapshots: snapshots.unwrap_or_else(|| repo_root().join("xtask/tests/snapshots")),
        }),
        Command::Solve {
            puzzle,
            file,
            json,
            bound,
            max_memory,
            max_seconds,
        } => solve_one(&puzzle, &file, json, (&bound, max_memory, max_seconds)),
        Command::Analyze {
            puzzle,
            size,
            variant,
            goal,
            table,
            max_memory,
            farthest,
            json,
            svg,
            by,
            problems,
        } => analyze(
            &puzzle,
            AnalyzeOptions {
                size,
                variant,
                goal: None,
                table,
                max_memory: max_memory.saturating_mul(1 << 20),
                farthest,
                by,
                problems,
            },
            goal,
            json,
            svg,
        ),
        Command::Bench {
            filter,
            sweeps,
            no_run,
            write,
        } => bench(filter.as_deref(), sweeps, no_run, write),
        Command::Korf {
            bound,
            reflect,
            instances,
            max_memory,
            peer,
        } => korf(&bound, reflect, &instances, max_memory, peer),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `solve <puzzle> --help` and `analyze <puzzle> --help`: the command's
/// help, then what that puzzle reads and offers.
fn puzzle_help() -> Option<String> {
    use clap::CommandFactory;
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.iter().any(|a| a == "--help" || a == "-h") {
        return None;
    }
    let command = args.first()?;
    let puzzle = args.iter().skip(1).find(|a| !a.starts_with('-'))?;
    let text = xtask::help::puzzle_help(command, puzzle)?;
    let mut cli = Cli::command();
    let help = cli.find_subcommand_mut(command)?.render_help();
    Some(format!("{help}\n{text}"))
}

struct SolveAll {
    check: bool,
    json: bool,
    puzzle: Option<String>,
    fixtures: PathBuf,
    snapshots: PathBuf,
}

fn solve_all(options: &SolveAll) -> Result<ExitCode, String> {
    let (mut files, warnings) = fixtures::discover(&options.fixtures)?;
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

fn solve_one(
    puzzle: &str,
    file: &Path,
    json: bool,
    (bound, max_memory, max_seconds): (&str, u64, f64),
) -> Result<ExitCode, String> {
    use std::io::IsTerminal as _;
    use xtask::puzzles::eight_puzzle::{self, SolveOptions};
    let puzzle = puzzles::find(puzzle)?;
    let report = if puzzle.name == eight_puzzle::PUZZLE.name {
        let options = SolveOptions {
            bound: bound.parse()?,
            max_memory: max_memory.saturating_mul(1 << 20),
            max_seconds: (max_seconds > 0.0).then_some(max_seconds),
            progress: std::io::stderr().is_terminal(),
        };
        eight_puzzle::solve_path_with(file, &options)?
    } else {
        xtask::solve_path(puzzle, file)?
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

fn korf(
    bound: &str,
    reflect: bool,
    instances: &str,
    max_memory: u64,
    peer: bool,
) -> Result<ExitCode, String> {
    use xtask::puzzles::eight_puzzle::{KorfBound, korf, korf_peer};
    let kind: KorfBound = bound.parse()?;
    let bad = || format!("--instances {instances:?}: expected FIRST-LAST or N within 1-100");
    let (first, last) = match instances.split_once('-') {
        Some((a, b)) => (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?),
        None => {
            let n = instances.parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    if first < 1 || last > 100 || first > last {
        return Err(bad());
    }
    let (setup, runs) = korf(
        kind,
        reflect,
        (first, last),
        max_memory.saturating_mul(1 << 20),
        |r| {
            out!(
                "{}  {:>3} moves  {:>15} expanded  {:>15} generated  {:>10.3} s",
                r.case,
                r.moves,
                thousands(r.expanded),
                thousands(r.generated),
                r.seconds
            );
        },
    )?;
    let expanded: u64 = runs.iter().map(|r| r.expanded).sum();
    let generated: u64 = runs.iter().map(|r| r.generated).sum();
    let seconds: f64 = runs.iter().map(|r| r.seconds).sum();
    let moves: usize = runs.iter().map(|r| r.moves).sum();
    out!(
        "total: {} instances, {moves} moves, {} expanded, {} generated, search {seconds:.2} s, tables loaded or built in {setup:.2} s; bound {bound}{}",
        runs.len(),
        thousands(expanded),
        thousands(generated),
        if reflect { " with reflection" } else { "" }
    );
    if peer {
        let clock = std::time::Instant::now();
        match korf_peer((first, last))? {
            None => eprintln!("no cc: the C reference solver was not run"),
            Some(output) => {
                let total = output.lines().last().unwrap_or_default();
                out!(
                    "peer (plain C 6-6-3 IDA*, cc -O2): {total}; {:.2} s in all, compilation included",
                    clock.elapsed().as_secs_f64()
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Progress of a sweep on the terminal: what it allocates, then a bar.
struct SweepBar {
    bar: Option<ProgressBar>,
}

impl Progress for SweepBar {
    fn start(&mut self, _what: &str, ranks: u64, bytes: u64) {
        eprintln!(
            "table: {} ranks, {:.1} MiB",
            thousands(ranks),
            bytes as f64 / (1 << 20) as f64
        );
        self.bar = Some(
            ProgressBar::new(ranks).with_style(
                ProgressStyle::with_template("{bar:30} {pos}/{len} states, {msg} [{elapsed}]")
                    .expect("a valid template"),
            ),
        );
    }

    fn start_growing(&mut self, _what: &str, limit: u64) {
        eprintln!(
            "tables: grown level by level, refused past --max-memory {} MiB",
            limit / (1 << 20)
        );
        self.bar = Some(
            ProgressBar::new_spinner().with_style(
                ProgressStyle::with_template("{spinner} {pos} states, {msg} [{elapsed}]")
                    .expect("a valid template"),
            ),
        );
    }

    fn layer(&mut self, report: &LayerReport) {
        if let Some(bar) = &self.bar {
            bar.set_length(report.size);
            bar.set_position(report.seen);
            bar.set_message(format!("distance {}", report.distance));
        }
    }
}

fn analyze(
    puzzle: &str,
    mut options: AnalyzeOptions,
    goal: Option<PathBuf>,
    json: bool,
    svg: Option<PathBuf>,
) -> Result<ExitCode, String> {
    let def = puzzles::find(puzzle)?;
    let run = def
        .analyze
        .ok_or_else(|| format!("{puzzle} has no whole-space analysis"))?;
    if let Some(path) = goal {
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        options.goal = Some((path.display().to_string(), text));
    }
    let mut bar = SweepBar { bar: None };
    let clock = std::time::Instant::now();
    let analysis = run(&options, &mut bar);
    if let Some(b) = &bar.bar {
        b.finish_and_clear();
    }
    let analysis = analysis?;
    let seconds = clock.elapsed().as_secs_f64();
    if json {
        out!(
            "{}",
            serde_json::to_string_pretty(&analysis_json(puzzle, &analysis))
                .expect("JSON values serialise")
        );
    } else {
        print_analysis(&analysis);
    }
    eprintln!("swept in {seconds:.2} s");
    if let Some(path) = svg {
        let title = analysis.description.lines().next().unwrap_or(puzzle);
        fs::write(
            &path,
            xtask::plot::histogram_svg(title, &analysis.histogram),
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("chart written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn analysis_json(puzzle: &str, a: &Analysis) -> serde_json::Value {
    let mut object = json!({
        "puzzle": puzzle,
        "description": a.description,
        "ranks": a.ranks,
        "states": a.histogram.iter().sum::<u64>(),
        "histogram": a.histogram,
        "max_distance": a.histogram.len().checked_sub(1),
        "farthest_count": a.histogram.last(),
        "farthest": a.farthest,
    });
    if let Some(census) = &a.census {
        object[census.key] = json!(census.counts);
    }
    for (key, value) in &a.extra {
        object[key] = value.clone();
    }
    object
}

fn print_analysis(a: &Analysis) {
    out!("{}\n", a.description);
    let states: u64 = a.histogram.iter().sum();
    out!(
        "states reached: {} of {} ranks\n",
        thousands(states),
        thousands(a.ranks)
    );
    match &a.census {
        None => {
            out!("distance  states");
            for (d, n) in a.histogram.iter().enumerate() {
                out!("{d:>8}  {:>12}", thousands(*n));
            }
        }
        Some(census) => {
            out!("distance  states        {}", census.heading);
            for (d, n) in a.histogram.iter().enumerate() {
                let c = census.counts.get(d).copied().unwrap_or(0);
                out!("{d:>8}  {:>12}  {:>12}", thousands(*n), thousands(c));
            }
        }
    }
    if let Some(max) = a.histogram.len().checked_sub(1) {
        out!(
            "\nmax distance: {max} ({} states; {} shown)",
            thousands(a.histogram[max]),
            a.farthest.len()
        );
        let drawn: Vec<(String, Vec<String>)> = a
            .farthest
            .iter()
            .enumerate()
            .map(|(i, rows)| (format!("#{}", i + 1), rows.clone()))
            .collect();
        out!("{}", indent(&side_by_side(&drawn, 6)));
    }
}

fn bench(
    filter: Option<&str>,
    sweeps: bool,
    no_run: bool,
    write: bool,
) -> Result<ExitCode, String> {
    let root = repo_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    if !no_run {
        let mut command = Process::new(&cargo);
        command
            .current_dir(&root)
            .args(["bench", "--workspace", "--"]);
        if let Some(f) = filter {
            command.arg(f);
        }
        let status = command.status().map_err(|e| format!("cargo bench: {e}"))?;
        if !status.success() {
            return Err(format!("cargo bench failed: {status}"));
        }
    }
    let medians = xtask::bench::medians(&root.join("target/criterion"));
    let mut timed = Vec::new();
    if sweeps {
        let me = std::env::current_exe().map_err(|e| e.to_string())?;
        for (args, what) in xtask::bench::SWEEPS {
            eprintln!("timing: cargo xtask analyze {}", args.join(" "));
            let clock = std::time::Instant::now();
            let out = Process::new(&me)
                .arg("analyze")
                .args(*args)
                .arg("--json")
                .output()
                .map_err(|e| e.to_string())?;
            if !out.status.success() {
                return Err(format!(
                    "analyze {}: {}",
                    args.join(" "),
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
            timed.push(xtask::bench::SweepTime {
                what,
                command: format!("cargo xtask analyze {}", args.join(" ")),
                seconds: clock.elapsed().as_secs_f64(),
            });
        }
    }
    out!("{}", xtask::bench::table(&medians));
    if !timed.is_empty() {
        out!("{}", xtask::bench::sweep_table(&timed));
    }
    if write {
        let path = root.join("docs/BENCHMARKS.md");
        fs::write(&path, xtask::bench::document(&medians, &timed))
            .map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("wrote {}", display_path(&path));
    }
    Ok(ExitCode::SUCCESS)
}
