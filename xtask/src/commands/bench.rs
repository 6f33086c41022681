//! `cargo xtask bench`: the criterion benchmarks run, the whole-space sweeps
//! timed, one table printed and docs/BENCHMARKS.md written on request.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use clap::Args;
use xtask::bench::{LONG_RUNS, document, medians, sweep_table, sweeps, table};
use xtask::{display_path, out, repo_root};

// The options of `bench`.
#[derive(Args)]
pub(crate) struct Bench {
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
}

/// Runs `command` in the workspace; the error names it (`what`).
fn run(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command.current_dir(repo_root()).status();
    match status.map_err(|e| format!("{what}: {e}"))? {
        status if status.success() => Ok(()),
        status => Err(format!("{what} failed: {status}")),
    }
}

pub(crate) fn bench(options: &Bench) -> Result<ExitCode, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    if !options.no_run {
        let mut command = Command::new(&cargo);
        command.args(["bench", "-p", "benches", "--features", "criterion", "--"]);
        run(command.args(&options.filter), "cargo bench")?;
    }
    let medians = medians(&repo_root().join("target/criterion"));
    let mut timed = Vec::new();
    if options.sweeps {
        let me = release_binary(&cargo)?;
        for (args, what) in sweeps() {
            let command = format!("cargo xtask analyze {}", args.join(" "));
            eprintln!("timing: {command}");
            let clock = std::time::Instant::now();
            let out = Command::new(&me)
                .arg("analyze")
                .args(&args)
                .arg("--json")
                .output();
            let out = out.map_err(|e| e.to_string())?;
            if !out.status.success() {
                let stderr = String::from_utf8_lossy(&out.stderr);
                return Err(format!("analyze {}: {}", args.join(" "), stderr.trim()));
            }
            timed.push((what, command, clock.elapsed().as_secs_f64()));
        }
    }
    out!("{}", table(&medians));
    if !timed.is_empty() {
        out!("{}", sweep_table(&timed));
    }
    if options.write {
        let path = repo_root().join("docs/BENCHMARKS.md");
        // The hand-kept part, from "## Long runs" on, stays as it is.
        let old = fs::read_to_string(&path).unwrap_or_default();
        let kept = old.find(LONG_RUNS).map_or("", |at| &old[at..]);
        let written = fs::write(&path, document(&medians, &timed, kept));
        written.map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("wrote {}", display_path(&path));
    }
    Ok(ExitCode::SUCCESS)
}

/// The sweeps are timed on the release build of this binary, built first when
/// this one is the dev build that `cargo xtask` runs.
fn release_binary(cargo: &str) -> Result<PathBuf, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    if !cfg!(debug_assertions) {
        return Ok(me);
    }
    eprintln!("building the release binary to time the sweeps: cargo build --release -p xtask");
    let build = ["build", "--release", "-p", "xtask"];
    run(
        Command::new(cargo).args(build),
        "cargo build --release -p xtask",
    )?;
    // target/<profile>/xtask: the same target folder, the release profile's.
    let target = me.parent().and_then(|profile| profile.parent());
    let release = target.map(|t| t.join("release").join(me.file_name().unwrap_or_default()));
    release.ok_or_else(|| format!("{}: no target folder above it", me.display()))
}
