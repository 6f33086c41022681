//! `cargo xtask`: solve every fixture, sweep a state space, run the benchmarks.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use clap::Parser;

use xtask::puzzles::AnalyzeOptions;
use xtask::repo_root;

use args::{Cli, Command};
use commands::analyze::analyze;
use commands::bench::bench;
use commands::korf::korf;
use commands::solve::{SolveAll, solve_all, solve_one};

/// Exit status when standard output is closed under us, as a shell reports
/// a program ended by SIGPIPE.
const CLOSED_STDOUT: i32 = 141;

/// `println!`, except that a reader who has gone (`cargo xtask ... | head`)
/// ends the program quietly instead of with a panic.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit($crate::CLOSED_STDOUT);
        }
    }};
}

mod args;
mod commands;

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
        } => solve_one(&puzzle, &file, json, (bound, max_memory, max_seconds)),
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
            solvable_only,
            shortest_only,
            sharding,
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
                solvable_only,
                shortest_only,
                cluster: None,
            },
            goal,
            json,
            svg,
            &sharding,
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
            // One write: the processes of a sharded sweep share the
            // launcher's stderr, and `eprintln!` writes its pieces apart,
            // so two processes' lines could interleave.
            let line = format!("error: {message}\n");
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
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
