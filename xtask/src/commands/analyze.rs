//! `cargo xtask analyze`: a whole-space sweep with a progress bar, printed as
//! a table or as JSON, its histogram drawn as SVG on request.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use search_core::layers::LayerReport;
use serde_json::json;

use xtask::distributed::{ClusterOptions, NOT_BUILT, parse_hostfile};
use xtask::puzzles::{self, Analysis, AnalyzeOptions, Progress};
use xtask::report::{indent, side_by_side, thousands};

use crate::args::Sharding;
use crate::commands::launch::launch;

/// Progress of a sweep on the terminal: what it allocates, then a bar.
/// Quiet in the processes of a sharded sweep but the first.
struct SweepBar {
    bar: Option<ProgressBar>,
    quiet: bool,
}

impl SweepBar {
    fn show(&mut self, ranks: u64) {
        self.bar = Some(
            ProgressBar::new(ranks).with_style(
                ProgressStyle::with_template("{bar:30} {pos}/{len} states, {msg} [{elapsed}]")
                    .expect("a valid template"),
            ),
        );
    }
}

impl Progress for SweepBar {
    fn start_sharded(
        &mut self,
        _what: &str,
        ranks: u64,
        bytes: u64,
        (process, processes, workers): (usize, usize, usize),
    ) {
        if self.quiet {
            return;
        }
        let processes = match processes {
            1 => "1 process".to_string(),
            n => format!("{n} processes"),
        };
        let workers = match workers {
            1 => "1 worker".to_string(),
            n => format!("{n} workers"),
        };
        eprintln!(
            "table: {} ranks in shards over {processes} of {workers}, {} in process {process}",
            thousands(ranks),
            search_core::Bytes(bytes)
        );
        self.show(ranks);
    }

    fn start(&mut self, _what: &str, ranks: u64, bytes: u64) {
        if self.quiet {
            return;
        }
        eprintln!(
            "table: {} ranks, {:.1} MiB",
            thousands(ranks),
            bytes as f64 / (1 << 20) as f64
        );
        self.show(ranks);
    }

    fn start_growing(&mut self, what: &str, limit: u64) {
        if self.quiet {
            return;
        }
        // What grows: a description's first line, or a stage of a longer
        // run (a start of `--problems` and its pass).
        if let Some(line) = what.lines().next() {
            eprintln!("{line}");
        }
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

pub(crate) fn analyze(
    puzzle: &str,
    mut options: AnalyzeOptions,
    goal: Option<PathBuf>,
    json: bool,
    svg: Option<PathBuf>,
    sharding: &Sharding,
) -> Result<ExitCode, String> {
    if let Some(processes) = sharding.processes {
        return launch(processes);
    }
    if sharding.hostfile.is_none() && (sharding.workers.is_some() || sharding.timeout.is_some()) {
        return Err(
            "--workers and --timeout apply to a sharded sweep (--processes or --hostfile); \
             the single-machine sweep runs on every core (RAYON_NUM_THREADS to choose)"
                .to_string(),
        );
    }
    if let Some(path) = &sharding.hostfile {
        if !cfg!(feature = "distributed") {
            return Err(NOT_BUILT.to_string());
        }
        let timeout = sharding.timeout.unwrap_or(300.0);
        if !(timeout > 0.0 && timeout < 1e9) {
            return Err(format!(
                "--timeout {timeout}: expected a number of seconds above 0"
            ));
        }
        let name = path.display().to_string();
        let text = fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        options.cluster = Some(ClusterOptions {
            addresses: parse_hostfile(&name, &text)?,
            process: sharding.process.unwrap_or(0),
            workers: sharding.workers.unwrap_or(1),
            timeout_seconds: timeout,
            ..ClusterOptions::default()
        });
    }
    let process = options.cluster.as_ref().map(|c| c.process);
    analyze_here(puzzle, options, goal, json, svg).map_err(|e| match process {
        Some(p) => format!("process {p}: {e}"),
        None => e,
    })
}

/// This process's sweep: the whole of it, or its part of a sharded one.
fn analyze_here(
    puzzle: &str,
    mut options: AnalyzeOptions,
    goal: Option<PathBuf>,
    json: bool,
    svg: Option<PathBuf>,
) -> Result<ExitCode, String> {
    let def = puzzles::find(puzzle)?;
    if def.name != <peg_solitaire::PegSolitaire as peg_solitaire::Puzzle>::NAME {
        let given = [
            ("--by", options.by.is_some()),
            ("--problems", options.problems),
            ("--solvable-only", options.solvable_only),
            ("--shortest-only", options.shortest_only),
        ];
        super::refuse_flags_of(
            puzzle,
            &given,
            "peg-solitaire",
            "its levels by moves or jumps, its problems",
        )?;
    }
    let run = def
        .analyze
        .ok_or_else(|| format!("{puzzle} has no whole-space analysis"))?;
    if let Some(path) = goal {
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        options.goal = Some((path.display().to_string(), text));
    }
    let lead = options.cluster.as_ref().is_none_or(|c| c.process == 0);
    let mut bar = SweepBar {
        bar: None,
        quiet: !lead,
    };
    let clock = std::time::Instant::now();
    let analysis = run(&options, &mut bar);
    if let Some(b) = &bar.bar {
        b.finish_and_clear();
    }
    let analysis = analysis?;
    let seconds = clock.elapsed().as_secs_f64();
    if let Some(cluster) = &options.cluster {
        if !cluster.used.get() {
            return Err(format!("{puzzle}'s {}", puzzles::NOT_A_SWEEP));
        }
        if !lead {
            return Ok(ExitCode::SUCCESS);
        }
    }
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
    if let Some(cluster) = options.cluster.as_ref().filter(|c| c.addresses.len() > 1) {
        let exchanged = cluster.exchanged.borrow();
        let layers: Vec<String> = exchanged.iter().map(|&b| thousands(b)).collect();
        eprintln!(
            "bytes of ranks sent between processes: {} in all; by layer: {}",
            thousands(exchanged.iter().sum::<u64>()),
            layers.join(" ")
        );
    }
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
    if a.histogram.is_empty() {
        // A count of another kind alone (peg solitaire's --solvable-only):
        // nothing about every state reached.
        for key in [
            "ranks",
            "states",
            "histogram",
            "max_distance",
            "farthest_count",
        ] {
            object[key] = serde_json::Value::Null;
        }
    }
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
    if let (true, Some(census)) = (a.histogram.is_empty(), &a.census) {
        // A count of another kind alone (peg solitaire's --solvable-only).
        out!("distance  {}", census.heading);
        for (d, c) in census.counts.iter().enumerate() {
            out!("{d:>8}  {:>12}", thousands(*c));
        }
        return;
    }
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
