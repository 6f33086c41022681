//! `cargo xtask analyze`: a whole-space analysis with a progress bar, on
//! this machine or as one process of a sharded sweep, printed as a table or
//! as JSON, its histogram drawn as SVG on request.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use search_core::layers::LayerReport;

use xtask::distributed::ClusterOptions;
use xtask::puzzles::{PUZZLES, find};
use xtask::registry::{AnalyzeOptions, Progress};
use xtask::report::thousands;

use crate::args::Sharding;
use crate::commands::launch::launch;

/// Why a sharded sweep does not apply to an analysis that is not a sweep of
/// a ranked space (peg solitaire's levels of positions).
const NOT_A_SWEEP: &str =
    "analysis is not a sweep of a ranked space; --processes and --hostfile do not apply";

/// Progress of an analysis on the terminal: what it allocates, then a bar.
/// Quiet in the processes of a sharded sweep but the first.
struct Bar {
    bar: Option<ProgressBar>,
    quiet: bool,
}

impl Progress for Bar {
    fn begin(&mut self, lines: &str, size: Option<u64>) {
        if self.quiet {
            return;
        }
        eprintln!("{lines}");
        let (bar, template) = match size {
            Some(size) => (
                ProgressBar::new(size),
                "{bar:30} {pos}/{len} states, {msg} [{elapsed}]",
            ),
            None => (
                ProgressBar::new_spinner(),
                "{spinner} {pos} states, {msg} [{elapsed}]",
            ),
        };
        let style = ProgressStyle::with_template(template).expect("a valid template");
        self.bar = Some(bar.with_style(style));
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
    output: (bool, Option<PathBuf>),
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
        let cluster =
            ClusterOptions::read(path, sharding.process, sharding.workers, sharding.timeout)?;
        options.cluster = Some(cluster);
    }
    let process = options.cluster.as_ref().map(|c| c.process);
    analyze_here(puzzle, options, goal, output).map_err(|e| match process {
        Some(p) => format!("process {p}: {e}"),
        None => e,
    })
}

/// This process's analysis: the whole of it, or its part of a sharded sweep.
fn analyze_here(
    puzzle: &str,
    mut options: AnalyzeOptions,
    goal: Option<PathBuf>,
    (json, svg): (bool, Option<PathBuf>),
) -> Result<ExitCode, String> {
    let def = find(puzzle)?;
    options.flags.refuse_others(def, "analyze", PUZZLES)?;
    let run = def
        .analyze
        .ok_or_else(|| format!("{puzzle} has no whole-space analysis"))?;
    if let Some(path) = goal {
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        options.goal = Some((path.display().to_string(), text));
    }
    if options.cluster.is_some() && !def.sharded {
        return Err(format!("{puzzle}'s {NOT_A_SWEEP}"));
    }
    let lead = options.cluster.as_ref().is_none_or(|c| c.process == 0);
    let mut bar = Bar {
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
    if !lead {
        return Ok(ExitCode::SUCCESS);
    }
    if json {
        let text = serde_json::to_string_pretty(&analysis.to_json(puzzle));
        out!("{}", text.expect("JSON values serialise"));
    } else {
        let text = analysis.render();
        out!("{}", text.strip_suffix('\n').unwrap_or(&text));
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
        let chart = xtask::plot::histogram_svg(title, &analysis.histogram);
        fs::write(&path, chart).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("chart written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
