//! `cargo xtask bench`: every crate's criterion benchmarks as one table,
//! beside the original articles' published figures and the peers measured in the same
//! run; optionally the big sweeps, timed once each; and `docs/BENCHMARKS.md`
//! written from it all.

use std::fmt::Write;
use std::fs;
use std::path::Path;

use crate::report::thousands;

/// What is known about a benchmark: what it measures, the original article's figure
/// for the same task, and the benchmark of a peer run on the same input.
pub struct Known {
    /// Criterion's id, `group/function`.
    pub id: &'static str,
    /// The puzzle, as the table shows it.
    pub puzzle: &'static str,
    /// What is measured.
    pub task: &'static str,
    /// The original article's published figure, with its setting.
    pub seed: Option<&'static str>,
    /// The id of the peer's benchmark on the same input.
    pub peer: Option<(&'static str, &'static str)>,
}

/// The benchmarks the table describes, in the order it lists them.
pub static KNOWN: &[Known] = &[
    Known {
        id: "eight-puzzle/seed instance, bfs",
        puzzle: "8-puzzle",
        task: "Hiroi's instance (31 moves), BFS over the Lehmer table",
        seed: Some("2.6 s, 181,439 states generated (C, Pentium 166)"),
        peer: Some((
            "pathfinding::bfs",
            "eight-puzzle/seed instance, pathfinding::bfs",
        )),
    },
    Known {
        id: "eight-puzzle/seed instance, bidirectional",
        puzzle: "8-puzzle",
        task: "Hiroi's instance, bidirectional BFS",
        seed: Some("0.26 s, 16,088 states generated (C, Pentium 166)"),
        peer: Some((
            "pathfinding::bfs_bidirectional",
            "eight-puzzle/seed instance, pathfinding::bfs_bidirectional",
        )),
    },
    Known {
        id: "eight-puzzle/seed instance, ida-manhattan",
        puzzle: "8-puzzle",
        task: "Hiroi's instance, IDA* with Manhattan distance",
        seed: None,
        peer: Some((
            "pathfinding::idastar, same bound",
            "eight-puzzle/seed instance, pathfinding::idastar",
        )),
    },
    Known {
        id: "eight-puzzle/sweep from the goal (bytes)",
        puzzle: "8-puzzle",
        task: "all 181,440 arrangements swept from the goal, byte table",
        seed: None,
        peer: None,
    },
    Known {
        id: "eight-puzzle/sweep from the goal (two bits)",
        puzzle: "8-puzzle",
        task: "the same, two-bit table",
        seed: None,
        peer: None,
    },
    Known {
        id: "fifteen-puzzle/Korf 1-10, 6-6-3, tables built",
        puzzle: "15-puzzle",
        task: "Korf's instances 1-10 (542 moves), IDA* with the 6-6-3 pattern databases",
        seed: None,
        peer: None,
    },
    Known {
        id: "fifteen-puzzle/Korf 1-10, 6-6-3 reflected, tables built",
        puzzle: "15-puzzle",
        task: "the same, also over the reflected board",
        seed: None,
        peer: None,
    },
    Known {
        id: "fifteen-puzzle/Korf 2, ida-linear-conflict",
        puzzle: "15-puzzle",
        task: "Korf's instance 2 (55 moves), IDA* with Manhattan distance and linear conflicts",
        seed: None,
        peer: None,
    },
    Known {
        id: "fifteen-puzzle/6-6-3 tables built",
        puzzle: "15-puzzle",
        task: "the 6-6-3 pattern databases for Korf's goal (11 MiB), built",
        seed: None,
        peer: None,
    },
    Known {
        id: "line-puzzle/problem 3, pattern databases built",
        puzzle: "line puzzle",
        task: "problem 3 (38 moves), IDA* with the pattern databases already built",
        seed: Some("138.2 s (PyPy, Hiroi's bound)"),
        peer: Some((
            "pathfinding::idastar, same bound",
            "line-puzzle/problem 3, pattern databases built, pathfinding::idastar",
        )),
    },
    Known {
        id: "line-puzzle/pattern databases for goal 3: build",
        puzzle: "line puzzle",
        task: "the two pattern databases of goal 3, built",
        seed: None,
        peer: None,
    },
    Known {
        id: "line-puzzle/problem 3, end to end (build and search)",
        puzzle: "line puzzle",
        task: "problem 3, databases built and searched",
        seed: Some("138.2 s (PyPy)"),
        peer: None,
    },
    Known {
        id: "line-puzzle/problem 3, end to end, ida-letter-pdb",
        puzzle: "line puzzle",
        task: "problem 3, one database per letter, built and searched",
        seed: Some("138.2 s (PyPy)"),
        peer: None,
    },
    Known {
        id: "line-puzzle/all ten pairs, end to end",
        puzzle: "line puzzle",
        task: "Hiroi's ten pairs, each with its own {A, B} + {C, D} databases built",
        seed: Some("140.6 s in all (PyPy)"),
        peer: None,
    },
    Known {
        id: "line-puzzle/all ten pairs, ida-pdb, tables built once per goal",
        puzzle: "line puzzle",
        task: "Hiroi's ten pairs, {A, B} + {C, D} databases built once for each of 4 goals",
        seed: Some("140.6 s in all (PyPy)"),
        peer: None,
    },
    Known {
        id: "line-puzzle/all ten pairs, end to end, ida-letter-pdb",
        puzzle: "line puzzle",
        task: "Hiroi's ten pairs, each with its own per-letter databases built",
        seed: Some("140.6 s in all (PyPy)"),
        peer: None,
    },
    Known {
        id: "line-puzzle/start1 -> start2 (30 moves), ida-pdb, end to end",
        puzzle: "line puzzle",
        task: "start1 -> start2, pattern databases, end to end",
        seed: Some("0.81 s (PyPy)"),
        peer: Some((
            "Hiroi's bound in this crate",
            "line-puzzle/start1 -> start2 (30 moves), ida-hiroi, end to end",
        )),
    },
    Known {
        id: "line-puzzle/start1 -> start2 (30 moves), ida-letter-pdb, end to end",
        puzzle: "line puzzle",
        task: "start1 -> start2, one database per letter, end to end",
        seed: Some("0.81 s (PyPy)"),
        peer: Some((
            "Hiroi's bound in this crate",
            "line-puzzle/start1 -> start2 (30 moves), ida-hiroi, end to end",
        )),
    },
    Known {
        id: "flip-it/4x4 orthogonal: whole space, with classes",
        puzzle: "Flip It",
        task: "every 4x4 placement, orthogonal jumps, classes counted",
        seed: Some("2.4 s (PyPy)"),
        peer: None,
    },
    Known {
        id: "flip-it/4x4 diagonal: whole space, with classes",
        puzzle: "Flip It",
        task: "every 4x4 placement, diagonal jumps, classes counted",
        seed: Some("3.2 s (PyPy)"),
        peer: None,
    },
    Known {
        id: "flip-it/seed start, orthogonal, bfs",
        puzzle: "Flip It",
        task: "Hiroi's start (22 moves), BFS over the dense table",
        seed: Some("1.5 s (PyPy)"),
        peer: None,
    },
    Known {
        id: "flip-it/seed start, orthogonal, bidirectional",
        puzzle: "Flip It",
        task: "Hiroi's start, bidirectional BFS",
        seed: None,
        peer: None,
    },
    Known {
        id: "flip-it/seed start, orthogonal, ida-corners",
        puzzle: "Flip It",
        task: "Hiroi's start, iterative deepening with the corner bound",
        seed: Some("4.6 s (PyPy)"),
        peer: None,
    },
    Known {
        id: "flip-it/seed start, diagonal, bfs",
        puzzle: "Flip It",
        task: "Hiroi's start, diagonal jumps (18 moves), BFS",
        seed: Some("3.7 s (PyPy)"),
        peer: None,
    },
    Known {
        id: "flip-it/seed start, diagonal, bidirectional",
        puzzle: "Flip It",
        task: "Hiroi's start, diagonal jumps, bidirectional BFS",
        seed: None,
        peer: None,
    },
    Known {
        id: "flip-it/seed start, diagonal, ida-corners",
        puzzle: "Flip It",
        task: "Hiroi's start, diagonal jumps, the corner bound",
        seed: Some("21.2 s (PyPy, bounded iterative deepening)"),
        peer: None,
    },
    Known {
        id: "knight-swap/seed 3x4: solve, prove and count",
        puzzle: "knight swap",
        task: "the Perl article's 3x4 board: solved, proven minimal, solutions counted",
        seed: Some("about 0.6 s (Perl), no proof"),
        peer: None,
    },
    Known {
        id: "knight-swap/Guarini 3x3: solve, prove and count",
        puzzle: "knight swap",
        task: "Guarini's 3x3: solved, proven, counted",
        seed: None,
        peer: None,
    },
    Known {
        id: "knight-swap/4x4, four knights each: solve, prove and count",
        puzzle: "knight swap",
        task: "4x4, four knights each (900,900 arrangements)",
        seed: None,
        peer: None,
    },
    Known {
        id: "peg-solitaire/seed 21-hole: count the 96 from 14 -> 6, pruning",
        puzzle: "peg solitaire",
        task: "Hiroi's 21-hole board: the 96 minimum solutions from 14 -> 6 counted, peg-class pruning",
        seed: Some("0.97 s (PyPy, listing them)"),
        peer: None,
    },
    Known {
        id: "peg-solitaire/seed 21-hole: count the 96 from 14 -> 6, no pruning",
        puzzle: "peg solitaire",
        task: "the same without the pruning",
        seed: Some("3.0 s (PyPy)"),
        peer: None,
    },
    Known {
        id: "peg-solitaire/seed 21-hole: count all 192, pruning",
        puzzle: "peg solitaire",
        task: "all 192 minimum jump sequences counted (any first jump), pruning",
        seed: None,
        peer: None,
    },
    Known {
        id: "peg-solitaire/seed 21-hole: count all 192, no pruning",
        puzzle: "peg solitaire",
        task: "the same without the pruning",
        seed: None,
        peer: None,
    },
    Known {
        id: "peg-solitaire/seed 21-hole: 12 moves by IDA*, pruning",
        puzzle: "peg solitaire",
        task: "Hiroi's board, first jump 14 -> 6: one 12-move solution, proven by IDA*",
        seed: Some("2 s (PyPy, corners and pruning)"),
        peer: None,
    },
    Known {
        id: "peg-solitaire/seed 21-hole: 12 moves by BFS by moves",
        puzzle: "peg solitaire",
        task: "Hiroi's board: the minimum by breadth-first search by moves, up to symmetry",
        seed: None,
        peer: None,
    },
    Known {
        id: "peg-solitaire/English 33-hole: one solution (31 jumps)",
        puzzle: "peg solitaire",
        task: "English central game: one solution, depth-first with failed positions remembered",
        seed: None,
        peer: None,
    },
];

/// The sweeps timed once each by `cargo xtask bench --sweeps`: the
/// arguments of `cargo xtask analyze`, and what they sweep.
pub static SWEEPS: &[(&[&str], &str)] = &[
    (
        &["eight-puzzle", "--size", "4x3"],
        "3x4 sliding puzzle: 479,001,600 arrangements, two-bit table",
    ),
    (
        &["line-puzzle"],
        "line puzzle: 252,252,000 arrangements, two-bit table",
    ),
    (
        &["flip-it", "--size", "5", "--variant", "orthogonal"],
        "Flip It 5x5, orthogonal: 419,430,400 placements, classes counted",
    ),
    (
        &["flip-it", "--size", "5", "--variant", "diagonal"],
        "Flip It 5x5, diagonal: 419,430,400 placements, classes counted",
    ),
    (
        &[
            "peg-solitaire",
            "--goal",
            "fixtures/peg-solitaire/english-central.json",
        ],
        "English peg solitaire, central game: the 18-move minimum proven, 23,406,641 positions up to symmetry",
    ),
];

/// One sweep's measurement.
pub struct SweepTime {
    /// What was swept.
    pub what: &'static str,
    /// The command, for the table.
    pub command: String,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Criterion's medians: `(full id, nanoseconds)` for every
/// `new/estimates.json` under `dir`.
pub fn medians(dir: &Path) -> Vec<(String, f64)> {
    let mut rows = Vec::new();
    collect(dir, &mut rows);
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

fn collect(dir: &Path, rows: &mut Vec<(String, f64)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        if path.ends_with("new") {
            let read = |name: &str| -> Option<serde_json::Value> {
                serde_json::from_str(&fs::read_to_string(path.join(name)).ok()?).ok()
            };
            if let (Some(bench), Some(estimates)) = (read("benchmark.json"), read("estimates.json"))
            {
                if let (Some(id), Some(ns)) = (
                    bench["full_id"].as_str(),
                    estimates["median"]["point_estimate"].as_f64(),
                ) {
                    rows.push((id.to_string(), ns));
                }
            }
        } else if path.is_dir() {
            collect(&path, rows);
        }
    }
}

/// A duration in the unit that reads best.
pub fn human_time(ns: f64) -> String {
    match ns {
        n if n >= 1e9 => format!("{:.2} s", n / 1e9),
        n if n >= 1e6 => format!("{:.2} ms", n / 1e6),
        n if n >= 1e3 => format!("{:.1} µs", n / 1e3),
        n => format!("{n:.0} ns"),
    }
}

/// How the peer's median `peer` compares with this project's `ours`, in
/// words that stay true whichever is faster.
pub fn compared(peer: f64, ours: f64) -> String {
    if peer >= ours {
        format!("{:.1}x slower", peer / ours)
    } else {
        format!("{:.1}x faster", ours / peer)
    }
}

/// The table: every known benchmark that was measured, with Hiroi's
/// figure and the peer's median and ratio; then any other benchmark.
pub fn table(medians: &[(String, f64)]) -> String {
    let median = |id: &str| medians.iter().find(|(i, _)| i == id).map(|(_, ns)| *ns);
    let mut out = String::new();
    out.push_str(
        "| puzzle | task | this project (median) | the original article's program | peer in the same run |\n",
    );
    out.push_str("| --- | --- | --- | --- | --- |\n");
    for k in KNOWN {
        let Some(ns) = median(k.id) else { continue };
        let peer = match k.peer.and_then(|(name, id)| median(id).map(|p| (name, p))) {
            Some((name, p)) => format!("{name}: {} ({})", human_time(p), compared(p, ns)),
            None => String::new(),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {peer} |",
            k.puzzle,
            k.task,
            human_time(ns),
            k.seed.unwrap_or("")
        );
    }
    let others: Vec<&(String, f64)> = medians
        .iter()
        .filter(|(id, _)| {
            !KNOWN
                .iter()
                .any(|k| k.id == id || k.peer.is_some_and(|(_, p)| p == id))
        })
        .collect();
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
    for s in sweeps {
        let _ = writeln!(out, "| {} | `{}` | {:.1} s |", s.what, s.command, s.seconds);
    }
    out
}

/// The machine, as far as the system tells: processor, cores, memory,
/// kernel and compiler.
pub fn machine() -> String {
    let cpu = fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown processor".to_string());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            let kb: u64 = t.lines().next()?.split_whitespace().nth(1)?.parse().ok()?;
            Some(format!("{:.0} GiB", kb as f64 / (1 << 20) as f64))
        })
        .unwrap_or_else(|| "unknown memory".to_string());
    let run = |program: &str, args: &[&str]| {
        std::process::Command::new(program)
            .args(args)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
            .unwrap_or_default()
    };
    format!(
        "{cpu}, {cores} cores, {memory}; Linux {}; {}",
        run("uname", &["-r"]),
        run("rustc", &["--version"])
    )
}

/// `docs/BENCHMARKS.md`: the machine, the table, the sweeps.
pub fn document(medians: &[(String, f64)], sweeps: &[SweepTime]) -> String {
    let mut doc = String::from(
        "# Benchmarks\n\n\
         This page is written by `cargo xtask bench --sweeps --write`; edit `xtask/src/bench.rs`, not this file.\n\
         Speed is measured by criterion benches (`crates/benches/benches/<puzzle>.rs`, one per puzzle crate, with the peers), never asserted in tests.\n\
         Peers run in the same process and the same criterion run as this project's code, on the same input.\n\
         The original articles' figures are their own, on their machines.\n\n",
    );
    let _ = writeln!(doc, "## The machine\n\n{}.", machine());
    doc.push_str(
        "Release profile, `target-cpu=x86-64-v2` (from `.cargo/config.toml`), rayon on every core.\n\n",
    );
    doc.push_str("## Criterion medians\n\n");
    doc.push_str(&table(medians));
    if !sweeps.is_empty() {
        doc.push_str("\n## Whole-space sweeps\n\nOne run each, wall-clock time of the command (release build):\n\n");
        doc.push_str(&sweep_table(sweeps));
    }
    doc.push_str(&format!(
        "\n{} benchmarks measured.\n",
        thousands(medians.len() as u64)
    ));
    doc.push_str(MEASURED_ELSEWHERE);
    doc
}

/// Measurements too long for criterion, each on its puzzle's page with the
/// command that makes it.
const MEASURED_ELSEWHERE: &str = "
## Measured elsewhere

Runs too long to repeat as criterion samples; each page gives the command and the figures:

- [fifteen-puzzle.md](fifteen-puzzle.md): Korf's 100 with every bound, and the plain C 6-6-3 reference solver in the same run (`cargo xtask korf --bound 6-6-3 --peer`).
- [line-puzzle.md](line-puzzle.md): Hiroi's ten pairs, Hiroi's bound beside the pattern databases in one run (`cargo run --release -p line-puzzle --example ten_pairs`).
- [peg-solitaire.md](peg-solitaire.md): the English board's 18-move proof, time and memory.
- [flip-it.md](flip-it.md), [eight-puzzle.md](eight-puzzle.md), [knight-swap.md](knight-swap.md): the sweeps and what they found.
";
