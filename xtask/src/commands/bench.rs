//! `cargo xtask bench`: the criterion benchmarks run, the whole-space sweeps
//! timed, one table printed and docs/BENCHMARKS.md written on request.

use std::fs;
use std::process::{Command as Process, ExitCode};

use xtask::{display_path, repo_root};

pub(crate) fn bench(
    filter: Option<&str>,
    sweeps: bool,
    no_run: bool,
    write: bool,
) -> Result<ExitCode, String> {
    let root = repo_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    if !no_run {
        let mut command = Process::new(&cargo);
        command.current_dir(&root).args([
            "bench",
            "-p",
            "benches",
            "--features",
            "criterion",
            "--",
        ]);
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
        let me = release_binary(&cargo)?;
        for (args, what) in xtask::bench::sweeps() {
            eprintln!("timing: cargo xtask analyze {}", args.join(" "));
            let clock = std::time::Instant::now();
            let out = Process::new(&me)
                .arg("analyze")
                .args(&args)
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

/// The sweeps are timed on the release build of this binary, built first when
/// this one is the dev build that `cargo xtask` runs.
fn release_binary(cargo: &str) -> Result<std::path::PathBuf, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    if !cfg!(debug_assertions) {
        return Ok(me);
    }
    eprintln!("building the release binary to time the sweeps: cargo build --release -p xtask");
    let status = Process::new(cargo)
        .current_dir(repo_root())
        .args(["build", "--release", "-p", "xtask"])
        .status()
        .map_err(|e| format!("cargo build: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build --release -p xtask failed: {status}"));
    }
    // target/<profile>/xtask: the same target folder, the release profile's.
    let release = me
        .parent()
        .and_then(|profile| profile.parent())
        .map(|target| {
            target
                .join("release")
                .join(me.file_name().unwrap_or_default())
        })
        .ok_or_else(|| format!("{}: no target folder above it", me.display()))?;
    Ok(release)
}
