//! `cargo xtask`: solve every fixture, sweep a state space, run the benchmarks.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use clap::FromArgMatches;

use xtask::puzzles::find;
use xtask::registry::AnalyzeOptions;
use xtask::repo_root;

use args::{Cli, Command, Sharding};
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
    let matches = args::command().get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let (name, sub) = matches.subcommand().expect("clap requires a command");
    let given = args::given(name, sub);
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
            max_memory,
        } => solve_one(&puzzle, &file, json, max_memory, given),
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
        } => {
            let sharding = Sharding::from_arg_matches(sub).unwrap_or_else(|e| e.exit());
            let options = AnalyzeOptions {
                size,
                variant,
                goal: None,
                table,
                max_memory: max_memory.saturating_mul(1 << 20),
                farthest,
                flags: given,
                cluster: None,
            };
            analyze(&puzzle, options, goal, (json, svg), &sharding)
        }
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
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.iter().any(|a| a == "--help" || a == "-h") {
        return None;
    }
    let command = args.first()?;
    let name = args.iter().skip(1).find(|a| !a.starts_with('-'))?;
    let help = &find(name).ok()?.help;
    let text = match command.as_str() {
        "solve" => help.solve,
        "analyze" => help.analyze,
        _ => return None,
    };
    let mut cli = args::command();
    let usage = cli.find_subcommand_mut(command)?.render_help();
    Some(format!("{usage}\n{text}"))
}
