//! `cargo xtask analyze`: a whole-space analysis with a progress bar, on
//! this machine or as one process of a sharded sweep, printed as a table or
//! as JSON, its histogram drawn as SVG on request.

use std::fs;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use search_core::layers::LayerReport;

use xtask::distributed::ClusterOptions;
use xtask::puzzles::{PUZZLES, find};
use xtask::registry::{AnalyzeFn, AnalyzeOptions, Given, Progress, analysis_json};

// The options of `analyze`, but the puzzles' own and the sharding ones.
#[derive(Args)]
pub(crate) struct Analyze {
    /// The puzzle.
    puzzle: String,
    /// The board size, e.g. 3x3 for the eight-puzzle.
    #[arg(long)]
    size: Option<String>,
    /// The rule variant, where the puzzle has several.
    #[arg(long)]
    variant: Option<String>,
    /// Sweep from this fixture's goal instead of the default one (peg
    /// solitaire: the fixture analysed, its start and its goal).
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
}

// The options of a sweep sharded over processes (xtask's `distributed`
// feature), after the puzzles' own flags of `analyze`. (A doc comment here
// would become the command's about.)
#[derive(Args, Debug, Clone)]
pub(crate) struct Sharding {
    /// Shard the sweep over this many processes on this machine (127.0.0.1),
    /// each started as `analyze ... --hostfile --process`.
    #[arg(long, value_name = "P", conflicts_with = "hostfile")]
    processes: Option<usize>,
    /// Worker threads in each process of a sharded sweep (default 1).
    #[arg(long, value_name = "W")]
    workers: Option<usize>,
    /// Run one process of a sharded sweep on a cluster: FILE lists every
    /// process's host:port, one a line, process 0 first.
    #[arg(long, value_name = "FILE", requires = "process")]
    hostfile: Option<PathBuf>,
    /// This process's line in --hostfile, from 0; process 0 prints the result.
    #[arg(long, value_name = "I", requires = "hostfile")]
    process: Option<usize>,
    /// How long a process of a sharded sweep waits for another (to join, to
    /// finish a layer) before giving up: 300 by default, and more than the
    /// longest a process takes to expand its part of one layer.
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
}

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
        // One write: another process's error may follow at once.
        xtask::stderr_line(lines);
        let (bar, template) = match size {
            Some(size) => (ProgressBar::new(size), "{bar:30} {pos}/{len}"),
            None => (ProgressBar::new_spinner(), "{spinner} {pos}"),
        };
        let template = format!("{template} states, {{msg}} [{{elapsed}}]");
        let style = ProgressStyle::with_template(&template).expect("a valid template");
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
    args: Analyze,
    flags: Given,
    sharding: &Sharding,
) -> Result<ExitCode, String> {
    if let Some(processes) = sharding.processes {
        // What every process would refuse is refused once, here, before
        // any of them starts.
        checked(&args, &flags, true)?;
        return xtask::distributed::launch(processes).map(|()| ExitCode::SUCCESS);
    }
    let Sharding {
        hostfile,
        process,
        workers,
        timeout,
        ..
    } = sharding;
    if hostfile.is_none() && (workers.is_some() || timeout.is_some()) {
        return Err(
            "--workers and --timeout apply to a sharded sweep (--processes or --hostfile); \
             the single-machine sweep runs on every core (RAYON_NUM_THREADS to choose)"
                .to_string(),
        );
    }
    let cluster = hostfile.as_ref();
    let cluster = cluster.map(|path| ClusterOptions::read(path, *process, *workers, *timeout));
    let options = AnalyzeOptions {
        size: args.size.clone(),
        variant: args.variant.clone(),
        goal: None,
        table: args.table.clone(),
        max_memory: args.max_memory.saturating_mul(1 << 20),
        farthest: args.farthest,
        flags,
        cluster: cluster.transpose()?,
    };
    let process = options.cluster.as_ref().map(|c| c.process);
    analyze_here(args, options).map_err(|e| match process {
        Some(p) => format!("process {p}: {e}"),
        None => e,
    })
}

/// The analysis of `args.puzzle` once the options it does not take are
/// refused: the puzzle's flags of other puzzles, the common ones it does
/// not read, and a sharded run (`sharded`) of an analysis that is no sweep.
fn checked(args: &Analyze, flags: &Given, sharded: bool) -> Result<AnalyzeFn, String> {
    let puzzle = &args.puzzle;
    let def = find(puzzle)?;
    flags.refuse_others(def, "analyze", PUZZLES)?;
    let run = def
        .analyze
        .ok_or_else(|| format!("{puzzle} has no whole-space analysis"))?;
    let given = [
        ("size", args.size.is_some()),
        ("variant", args.variant.is_some()),
        ("goal", args.goal.is_some()),
        ("table", args.table.is_some()),
    ];
    let takes = |option| def.analyze_options.contains(option);
    if let Some((option, _)) = given.iter().find(|(option, on)| *on && !takes(option)) {
        return Err(format!("{puzzle} takes no --{option}"));
    }
    if sharded && !def.sharded {
        return Err(format!(
            "{puzzle}'s analysis is not a sweep of a ranked space; --processes and --hostfile do not apply"
        ));
    }
    Ok(run)
}

/// This process's analysis: the whole of it, or its part of a sharded sweep.
fn analyze_here(args: Analyze, mut options: AnalyzeOptions) -> Result<ExitCode, String> {
    let run = checked(&args, &options.flags, options.cluster.is_some())?;
    let puzzle = &args.puzzle;
    if let Some(path) = &args.goal {
        let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        options.goal = Some((path.display().to_string(), text));
    }
    let lead = options.cluster.as_ref().is_none_or(|c| c.process == 0);
    let mut bar = Bar {
        bar: None,
        quiet: !lead,
    };
    let clock = std::time::Instant::now();
    let analysis = run(&options, &mut bar);
    bar.bar.inspect(ProgressBar::finish_and_clear);
    let analysis = analysis?;
    let seconds = clock.elapsed().as_secs_f64();
    if !lead {
        return Ok(ExitCode::SUCCESS);
    }
    if args.json {
        let text = serde_json::to_string_pretty(&analysis_json(&analysis, puzzle));
        xtask::out!("{}", text.expect("JSON values serialise"));
    } else {
        let text = analysis.to_string();
        xtask::out!("{}", text.strip_suffix('\n').unwrap_or(&text));
    }
    eprintln!("swept in {seconds:.2} s");
    if options
        .cluster
        .as_ref()
        .is_some_and(|c| c.addresses.len() > 1)
    {
        eprintln!("{}", analysis.exchanged_text());
    }
    if let Some(path) = &args.svg {
        let title = analysis.description.lines().next().unwrap_or(puzzle);
        let chart = search_core::text::histogram_svg(title, &analysis.histogram);
        fs::write(path, chart).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("chart written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
