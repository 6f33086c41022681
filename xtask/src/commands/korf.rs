//! `cargo xtask korf`: the instance range read, the Korf harness run, its
//! runs and totals printed, the C reference solver beside it.

use std::process::ExitCode;

use xtask::puzzles::eight_puzzle::korf::{algorithm, korf as run, korf_peer};
use xtask::report::thousands;

pub(crate) fn korf(
    bound: &str,
    reflect: bool,
    instances: &str,
    max_memory: u64,
    peer: bool,
) -> Result<ExitCode, String> {
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
    let max_memory = max_memory.saturating_mul(1 << 20);
    let (setup, runs) = run(bound, reflect, (first, last), max_memory, |r| {
        out!(
            "{}  {:>3} moves  {:>15} expanded  {:>15} generated  {:>10.3} s",
            r.case,
            r.moves,
            thousands(r.expanded),
            thousands(r.generated),
            r.seconds
        );
    })?;
    let expanded: u64 = runs.iter().map(|r| r.expanded).sum();
    let generated: u64 = runs.iter().map(|r| r.generated).sum();
    let seconds: f64 = runs.iter().map(|r| r.seconds).sum();
    let moves: usize = runs.iter().map(|r| r.moves).sum();
    out!(
        "total: {} instances, {moves} moves, {} expanded, {} generated, search {seconds:.2} s, tables loaded or built in {setup:.2} s; bound {bound}{}",
        runs.len(),
        thousands(expanded),
        thousands(generated),
        if reflect { " with reflection" } else { "" }
    );
    if peer {
        let clock = std::time::Instant::now();
        match korf_peer((first, last))? {
            None => eprintln!("no cc: the C reference solver was not run"),
            Some(output) => {
                let total = output.lines().last().unwrap_or_default();
                out!(
                    "peer (plain C 6-6-3 IDA*, cc -O2): {total}; {:.2} s in all, compilation included",
                    clock.elapsed().as_secs_f64()
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
