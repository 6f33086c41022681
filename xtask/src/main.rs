//! `cargo xtask`: solve every fixture, sweep a state space, run the benchmarks.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use clap::FromArgMatches;

use args::{Cli, Command};
use commands::{analyze, bench, solve};
use xtask::puzzles::eight_puzzle::korf::korf;

mod args;
mod commands {
    //! The bodies of the `cargo xtask` commands, one module each.
    pub(crate) mod analyze;
    pub(crate) mod bench;
    pub(crate) mod solve;
}

fn main() -> ExitCode {
    if let Some(help) = puzzle_help() {
        xtask::out!("{help}");
        return ExitCode::SUCCESS;
    }
    let matches = args::command().get_matches();
    let parsed = |matches| Cli::from_arg_matches(matches).unwrap_or_else(|e| e.exit());
    let (_, sub) = matches.subcommand().expect("clap requires a command");
    let given = xtask::registry::Given(Some(sub.clone()));
    xtask::automata::register();
    let result = match parsed(&matches).command {
        Command::SolveAll(options) => solve::solve_all(&options),
        Command::Solve(options) => solve::solve_one(&options, given),
        Command::Analyze(options) => {
            let sharding = analyze::Sharding::from_arg_matches(sub);
            analyze::analyze(options, given, &sharding.unwrap_or_else(|e| e.exit()))
        }
        Command::Bench(options) => bench::bench(&options),
        Command::Korf(options) => korf(&options).map(|()| ExitCode::SUCCESS),
    };
    result.unwrap_or_else(|message| {
        xtask::stderr_line(&format!("error: {message}"));
        ExitCode::FAILURE
    })
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
    let help = &xtask::puzzles::find(name).ok()?.help;
    let text = match command.as_str() {
        "solve" => help.solve,
        "analyze" => help.analyze,
        _ => return None,
    };
    let usage = args::command().find_subcommand_mut(command)?.render_help();
    Some(format!("{usage}\n{text}"))
}
