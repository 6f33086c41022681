//! The command line of `cargo xtask`: its commands (each command's options
//! beside its body in `commands/`), with each puzzle's own flags of `solve`
//! and `analyze` added from its entry.

use clap::{Args, CommandFactory, Parser, Subcommand};
use xtask::puzzles::PUZZLES;
use xtask::registry::Flags;

use crate::commands::{analyze, bench, solve};
use xtask::puzzles::eight_puzzle::korf;

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
    SolveAll(solve::SolveAll),
    /// Solve one fixture file and show the solution.
    Solve(solve::Solve),
    /// Sweep a whole state space: the number of states at each distance from
    /// the goal, the largest distance, the farthest states.
    Analyze(analyze::Analyze),
    /// Solve Korf's 100 15-puzzle instances with one bound, each solution
    /// replayed and checked, and print nodes and times per instance and in all.
    Korf(korf::Korf),
    /// Run every crate's criterion benchmarks and print one table, beside
    /// the original articles' figures and the peers measured in the same run.
    Bench(bench::Bench),
}

/// The command line: [`Cli`] with every puzzle's own flags added to its
/// command (one argument per name, the first entry's help), and the
/// sharding options after those of `analyze`.
pub(crate) fn command() -> clap::Command {
    let mut cli = Cli::command();
    for name in ["solve", "analyze"] {
        cli = cli.mut_subcommand(name, |mut command| {
            let flags = PUZZLES.iter().flat_map(|p| p.flags);
            for arg in flags.filter(|f| f.command == name).flat_map(Flags::list) {
                if command.get_arguments().all(|a| a.get_id() != arg.get_id()) {
                    // In the order of this command, not of the puzzle's own.
                    command = command.arg(arg.display_order(None));
                }
            }
            match name {
                "analyze" => analyze::Sharding::augment_args(command),
                _ => command,
            }
        });
    }
    cli
}
