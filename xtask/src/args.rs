//! The command line of `cargo xtask`: its commands and their options, as
//! clap reads them, with each puzzle's own flags of `solve` and `analyze`
//! added from its entry.

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, CommandFactory, Parser, Subcommand};
use xtask::puzzles::PUZZLES;
use xtask::registry::{Flag, Given};

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    about = "Solve, verify, snapshot and sweep the workspace's puzzles"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
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
        /// The most memory the solvers' tables may take, build included.
        #[arg(long, value_name = "MiB", default_value_t = 1024)]
        max_memory: u64,
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

// The options of a sweep sharded over processes (xtask's `distributed`
// feature), after the puzzles' own flags of `analyze`. (A doc comment here
// would become the command's about.)
#[derive(Args, Debug, Clone)]
pub(crate) struct Sharding {
    /// Shard the sweep over this many processes on this machine (127.0.0.1),
    /// each started as `analyze ... --hostfile --process`.
    #[arg(long, value_name = "P", conflicts_with = "hostfile")]
    pub(crate) processes: Option<usize>,
    /// Worker threads in each process of a sharded sweep (default 1).
    #[arg(long, value_name = "W")]
    pub(crate) workers: Option<usize>,
    /// Run one process of a sharded sweep on a cluster: FILE lists every
    /// process's host:port, one a line, process 0 first.
    #[arg(long, value_name = "FILE", requires = "process")]
    pub(crate) hostfile: Option<PathBuf>,
    /// This process's line in --hostfile, from 0; process 0 prints the result.
    #[arg(long, value_name = "I", requires = "hostfile")]
    pub(crate) process: Option<usize>,
    /// How long a process of a sharded sweep waits for another (to join, to
    /// finish a layer) before giving up: 300 by default, and more than the
    /// longest a process takes to expand its part of one layer.
    #[arg(long, value_name = "SECONDS")]
    pub(crate) timeout: Option<f64>,
}

/// The command line: [`Cli`] with every puzzle's own flags added to its
/// command (one argument per name, the first entry's help), and the
/// sharding options after those of `analyze`.
pub(crate) fn command() -> clap::Command {
    let mut cli = Cli::command();
    for name in ["solve", "analyze"] {
        cli = cli.mut_subcommand(name, |mut command| {
            for flag in flags(name) {
                let arg = Arg::new(flag.name).long(flag.name).help(flag.help);
                command = command.arg(match flag.value {
                    Some(value) => arg.value_name(value),
                    None => arg.action(ArgAction::SetTrue),
                });
            }
            match name {
                "analyze" => Sharding::augment_args(command),
                _ => command,
            }
        });
    }
    cli
}

/// The puzzles' own flags of `command`, each name once, in the order of
/// the entries.
fn flags(command: &str) -> Vec<&'static Flag> {
    let all = PUZZLES.iter().flat_map(|p| p.flags);
    let mut flags: Vec<&'static Flag> = Vec::new();
    for flag in all.filter(|f| f.command == command).flat_map(|f| f.list) {
        if flags.iter().all(|f| f.name != flag.name) {
            flags.push(flag);
        }
    }
    flags
}

/// The puzzles' own flags of `command` given in `matches`.
pub(crate) fn given(command: &str, matches: &ArgMatches) -> Given {
    let value = |flag: &Flag| match flag.value {
        Some(_) => matches
            .get_one::<String>(flag.name)
            .map(|v| Some(v.clone())),
        None => matches.get_flag(flag.name).then_some(None),
    };
    Given(
        flags(command)
            .into_iter()
            .filter_map(|f| Some((f.name, value(f)?)))
            .collect(),
    )
}
