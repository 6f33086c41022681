//! `cargo xtask`: solve every fixture, sweep a state space, run the benchmarks.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use clap::FromArgMatches;

use args::{Cli, Command};
use commands::analyze::{Sharding, analyze};
use commands::bench::bench;
use commands::korf::korf;
use commands::solve::{solve_all, solve_one};

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
    let parsed = |matches| Cli::from_arg_matches(matches).unwrap_or_else(|e| e.exit());
    let (name, sub) = matches.subcommand().expect("clap requires a command");
    let given = args::given(name, sub);
    xtask::automata::register();
    let result = match parsed(&matches).command {
        Command::SolveAll(options) => solve_all(&options),
        Command::Solve(options) => solve_one(&options, given),
        Command::Analyze(options) => {
            let sharding = Sharding::from_arg_matches(sub).unwrap_or_else(|e| e.exit());
            analyze(options, given, &sharding)
        }
        Command::Bench(options) => bench(&options),
        Command::Korf(options) => korf(&options),
    };
    result.unwrap_or_else(|message| {
        // One write: the processes of a sharded sweep share the launcher's
        // stderr, and `eprintln!` writes its pieces apart, so two
        // processes' lines could interleave.
        let line = format!("error: {message}\n");
        let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
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
