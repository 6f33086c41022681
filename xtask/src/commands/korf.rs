//! `cargo xtask korf`: the options of the Korf harness
//! ([`xtask::puzzles::eight_puzzle::korf`]).

use std::process::ExitCode;

use clap::Args;

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

pub(crate) fn korf(o: &Korf) -> Result<ExitCode, String> {
    let max_memory = o.max_memory.saturating_mul(1 << 20);
    xtask::puzzles::eight_puzzle::korf::korf(&o.bound, o.reflect, &o.instances, max_memory, o.peer)
        .map(|()| ExitCode::SUCCESS)
}
