//! `cargo xtask korf`: the options of the Korf harness
//! ([`xtask::puzzles::eight_puzzle::korf`]).

use std::process::ExitCode;

use clap::Args;

// The options of `korf`.
#[derive(Args)]
pub(crate) struct Korf {
    /// 4x4 (Korf's 100 instances) or 5x5 (Korf & Felner's 50).
    #[arg(long, default_value = "4x4")]
    size: String,
    /// manhattan, linear-conflict, 6-6-3, 7-8 or 6-6-6-6 (pattern
    /// databases, from .cache/pdb/ or built there first); 6-6-3 on the 4x4
    /// board and 6-6-6-6 on the 5x5 board by default.
    #[arg(long)]
    bound: Option<String>,
    /// Also apply the pattern databases to the reflected board.
    #[arg(long)]
    reflect: bool,
    /// The instances, e.g. 1-100, 7 or 40,38,25 (every one by default).
    #[arg(long)]
    instances: Option<String>,
    /// Refuse to build tables needing more than this (build peak included).
    #[arg(long, value_name = "MiB", default_value_t = 8192)]
    max_memory: u64,
    /// Also compile (cc -O2) and run the plain C 6-6-3 reference solver
    /// on the same instances, tables built included (4x4 only).
    #[arg(long)]
    peer: bool,
    /// Print one JSON object (every instance, then the totals).
    #[arg(long)]
    json: bool,
}

pub(crate) fn korf(o: &Korf) -> Result<ExitCode, String> {
    let max_memory = o.max_memory.saturating_mul(1 << 20);
    let run = xtask::puzzles::eight_puzzle::korf::Run {
        size: &o.size,
        bound: o.bound.as_deref(),
        reflect: o.reflect,
        instances: o.instances.as_deref(),
        max_memory,
        peer: o.peer,
        json: o.json,
    };
    xtask::puzzles::eight_puzzle::korf::korf(&run).map(|()| ExitCode::SUCCESS)
}
