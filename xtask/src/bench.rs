//! `cargo xtask bench`: every crate's criterion benchmarks as one table,
//! beside the original articles' published figures and the peers measured in the same
//! run; optionally the big sweeps, timed once each; and `docs/BENCHMARKS.md`
//! written from it all. Each puzzle's entry describes its own benchmarks and
//! sweeps ([`PuzzleDef::benchmarks`](crate::registry::PuzzleDef)).

use std::fmt::Write;
use std::fs;
use std::path::Path;

use crate::puzzles::PUZZLES;
use search_core::text::{compared, human_time, thousands};

/// What is known about a benchmark, from its puzzle's entry: criterion's id
/// (`group/function`), the puzzle as the table shows it, what is measured,
/// the original article's figure for the same task, and the name and id of
/// a peer's benchmark on the same input.
fn known() -> impl Iterator<Item = [&'static str; 6]> {
    let lines = PUZZLES.iter().flat_map(|p| p.benchmarks.lines());
    lines.filter(|l| !l.trim().is_empty()).map(|line| {
        let mut fields = line.split('|').map(str::trim);
        std::array::from_fn(|_| fields.next().unwrap_or(""))
    })
}

/// The sweeps timed once each by `cargo xtask bench --sweeps`: the
/// arguments of `cargo xtask analyze`, and what they sweep.
pub fn sweeps() -> impl Iterator<Item = (Vec<&'static str>, &'static str)> {
    PUZZLES.iter().flat_map(|p| {
        let args = move |a: &'static str| [p.name].into_iter().chain(a.split_whitespace());
        p.sweeps
            .iter()
            .map(move |&(a, what)| (args(a).collect(), what))
    })
}

/// One sweep's measurement: what was swept, the command, and its wall-clock
/// seconds.
pub type SweepTime = (&'static str, String, f64);

/// Criterion's medians: `(full id, nanoseconds)` for every
/// `new/estimates.json` under `dir`, sorted by id.
pub fn medians(dir: &Path) -> Vec<(String, f64)> {
    fn collect(dir: &Path, rows: &mut Vec<(String, f64)>) {
        let entries = fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(Result::ok);
        for path in entries.map(|e| e.path()) {
            if !path.ends_with("new") {
                collect(&path, rows);
                continue;
            }
            let read = |name: &str| -> Option<serde_json::Value> {
                serde_json::from_str(&fs::read_to_string(path.join(name)).ok()?).ok()
            };
            let (Some(bench), Some(estimates)) = (read("benchmark.json"), read("estimates.json"))
            else {
                continue;
            };
            let id = bench["full_id"].as_str();
            if let (Some(id), Some(ns)) = (id, estimates["median"]["point_estimate"].as_f64()) {
                rows.push((id.to_string(), ns));
            }
        }
    }
    let mut rows = Vec::new();
    collect(dir, &mut rows);
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

/// The table: every known benchmark that was measured, with the original
/// article's figure and the peer's median and ratio; then any other
/// benchmark.
pub fn table(medians: &[(String, f64)]) -> String {
    let median = |id: &str| medians.iter().find(|(i, _)| i == id).map(|(_, ns)| *ns);
    let mut out = String::from(
        "| puzzle | task | this project (median) | the original article's program | peer in the same run |\n| --- | --- | --- | --- | --- |\n",
    );
    for [id, puzzle, task, seed, peer, peer_id] in known() {
        let Some(ns) = median(id) else { continue };
        let peer = match median(peer_id).filter(|_| !peer.is_empty()) {
            Some(p) => format!("{peer}: {} ({})", human_time(p), compared(p, ns)),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "| {puzzle} | {task} | {} | {seed} | {peer} |",
            human_time(ns)
        );
    }
    let listed = |id: &str| known().any(|k| k[0] == id || k[5] == id);
    let others: Vec<&(String, f64)> = medians.iter().filter(|(id, _)| !listed(id)).collect();
    if !others.is_empty() {
        out.push_str("\nOther benchmarks:\n\n| benchmark | median |\n| --- | --- |\n");
        for (id, ns) in others {
            let _ = writeln!(out, "| {id} | {} |", human_time(*ns));
        }
    }
    out
}

/// The sweeps' table.
pub fn sweep_table(sweeps: &[SweepTime]) -> String {
    let mut out = String::from("| sweep | command | time (one run) |\n| --- | --- | --- |\n");
    for (what, command, seconds) in sweeps {
        let _ = writeln!(out, "| {what} | `{command}` | {seconds:.1} s |");
    }
    out
}

/// The machine, as far as the system tells: processor, cores, memory,
/// kernel and compiler.
pub fn machine() -> String {
    let line = |file: &str, key: &str| -> Option<String> {
        let text = fs::read_to_string(file).ok()?;
        let line = text.lines().find(|l| l.starts_with(key))?;
        Some(line.split_once(':')?.1.trim().to_string())
    };
    let cpu = line("/proc/cpuinfo", "model name");
    let kb = line("/proc/meminfo", "MemTotal").and_then(|m| m.split(' ').next()?.parse().ok());
    let memory = kb.map(|kb: f64| format!("{:.0} GiB", kb / f64::from(1 << 20)));
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let run = |program: &str, arg: &str| {
        let out = std::process::Command::new(program).arg(arg).output();
        out.map_or(String::new(), |o| {
            String::from_utf8_lossy(&o.stdout).trim().to_string()
        })
    };
    format!(
        "{}, {cores} cores, {}; Linux {}; {}",
        cpu.as_deref().unwrap_or("unknown processor"),
        memory.as_deref().unwrap_or("unknown memory"),
        run("uname", "-r"),
        run("rustc", "--version")
    )
}

/// Where the hand-kept part of `docs/BENCHMARKS.md` begins: the long runs,
/// each with its command, which `bench --write` keeps as they are.
pub const LONG_RUNS: &str = "## Long runs";

/// `docs/BENCHMARKS.md`: the machine, the table, the sweeps, then `kept`
/// (the page's hand-kept part, from [`LONG_RUNS`] on).
pub fn document(medians: &[(String, f64)], sweeps: &[SweepTime], kept: &str) -> String {
    let mut doc = format!(
        "# Benchmarks\n\n\
         The sections down to \"Whole-space sweeps\" are written by `cargo xtask bench --sweeps --write`; edit each puzzle's benchmarks in `xtask/text/<puzzle>/benchmarks.txt` or this text in `xtask/src/bench.rs`.\n\
         The sections from \"Long runs\" on are kept by hand: each figure names its command, the machine's load and the commit it was measured at.\n\
         Speed is measured by criterion benches (`crates/benches/benches/<puzzle>.rs`, one per puzzle crate, with the peers), never asserted in tests.\n\
         Peers run in the same process and the same criterion run as this project's code, on the same input.\n\
         The original articles' figures are their own, on their machines.\n\n\
         ## The machine\n\n{}.\n\
         Release profile, `target-cpu=x86-64-v2` (from `.cargo/config.toml`), rayon on every core.\n\n\
         ## Criterion medians\n\n{}",
        machine(),
        table(medians)
    );
    if !sweeps.is_empty() {
        doc.push_str("\n## Whole-space sweeps\n\nOne run each, wall-clock time of the command (release build):\n\n");
        doc.push_str(&sweep_table(sweeps));
    }
    let measured = thousands(medians.len() as u64);
    let _ = writeln!(doc, "\n{measured} benchmarks measured.\n");
    doc.push_str(kept);
    doc
}
