//! `cargo xtask korf`: the instance range read, the Korf harness run, its
//! runs and totals printed, the C reference solver beside it.

use std::process::ExitCode;

use clap::Args;

use xtask::puzzles::eight_puzzle::korf::{algorithm, korf as run, korf_peer};
use xtask::report::thousands;

// The options of `korf`.
#[derive(Args)]
pub(crate) struct Korf {
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
}

pub(crate) fn korf(options: &Korf) -> Result<ExitCode, String> {
    let (bound, reflect, instances) = (&options.bound, options.reflect, &options.instances);
    algorithm(bound)?;
    let bad = || format!("--instances {instances:?}: expected FIRST-LAST or N within 1-100");
    let number = |n: &str| n.parse::<usize>().map_err(|_| bad());
    let (first, last) = match instances.split_once('-') {
        Some((a, b)) => (number(a)?, number(b)?),
        None => (number(instances)?, number(instances)?),
    };
    if first < 1 || last > 100 || first > last {
        return Err(bad());
    }
    if let Some(note) = xtask::timing_note("korf ...") {
        eprintln!("{note}");
    }
    let max_memory = options.max_memory.saturating_mul(1 << 20);
    let (mut count, mut moves, mut expanded, mut generated, mut seconds) = (0, 0, 0, 0, 0.0);
    let setup = run(
        bound,
        reflect,
        (first, last),
        max_memory,
        |case, length, stats, time| {
            out!(
                "{case}  {length:>3} moves  {:>15} expanded  {:>15} generated  {time:>10.3} s",
                thousands(stats.expanded),
                thousands(stats.generated),
            );
            (count, moves, seconds) = (count + 1, moves + length, seconds + time);
            (expanded, generated) = (expanded + stats.expanded, generated + stats.generated);
        },
    )?;
    out!(
        "total: {count} instances, {moves} moves, {} expanded, {} generated, search {seconds:.2} s, tables loaded or built in {setup:.2} s; bound {bound}{}",
        thousands(expanded),
        thousands(generated),
        if reflect { " with reflection" } else { "" }
    );
    if options.peer {
        let clock = std::time::Instant::now();
        match korf_peer((first, last))? {
            None => eprintln!("no cc: the C reference solver was not run"),
            Some(output) => {
                let total = output.lines().last().unwrap_or_default();
                let all = clock.elapsed().as_secs_f64();
                out!(
                    "peer (plain C 6-6-3 IDA*, cc -O2): {total}; {all:.2} s in all, compilation included"
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
