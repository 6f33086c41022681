//! `analyze --processes` and `analyze --hostfile`: the whole-space sweep
//! sharded over processes, on one machine or several (crates/search-distributed,
//! on timely dataflow). Built only with xtask's own
//! `distributed` feature; without it these options answer
//! [`NOT_BUILT`].

use std::cell::Cell;

use search_core::layers::RankedSpace;

use crate::puzzles::{Analysis, AnalyzeOptions, Progress, SweepPlan};

/// The answer to `--processes` or `--hostfile` from an xtask built without
/// the sharded sweep.
pub const NOT_BUILT: &str = "this xtask was built without the sharded sweep; \
     build it with its `distributed` feature: \
     cargo run -p xtask --release --features distributed -- analyze ...";

/// Where this process stands in a sharded sweep (`--hostfile`, `--process`,
/// `--workers`, `--timeout`).
#[derive(Debug, Clone, Default)]
pub struct ClusterOptions {
    /// Every process's `host:port`, in process order.
    pub addresses: Vec<String>,
    /// This process's index in `addresses`.
    pub process: usize,
    /// Worker threads in each process.
    pub workers: usize,
    /// How long a process waits for another before giving up.
    pub timeout_seconds: f64,
    /// Set once a sweep ran sharded: a puzzle whose analysis is not a sweep
    /// of a ranked space leaves it unset, and the command refuses.
    pub used: Cell<bool>,
    /// Bytes of ranks sent between processes while expanding each layer,
    /// once the sweep is done.
    pub exchanged: std::cell::RefCell<Vec<u64>>,
}

/// Reads a host file named `name` (search-distributed's format).
#[cfg(feature = "distributed")]
pub fn parse_hostfile(name: &str, text: &str) -> Result<Vec<String>, String> {
    search_distributed::parse_hostfile(name, text).map_err(|e| e.to_string())
}

/// Without the `distributed` feature: [`NOT_BUILT`].
#[cfg(not(feature = "distributed"))]
pub fn parse_hostfile(_name: &str, _text: &str) -> Result<Vec<String>, String> {
    Err(NOT_BUILT.to_string())
}

/// `sweep_space`'s sharded run: this process's part of the sweep, with the
/// whole cluster's counts; the same [`Analysis`] as the single-machine sweep.
#[cfg(feature = "distributed")]
pub fn sweep<S: RankedSpace>(
    space: &S,
    goals: impl IntoIterator<Item = S::State>,
    plan: SweepPlan<'_, S>,
    options: &AnalyzeOptions,
    cluster: &ClusterOptions,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    use search_distributed::{Cluster, ShardedSweep, job_key};

    if let Some(table) = options.table.as_deref().filter(|&t| t != "two-bits") {
        return Err(format!(
            "a sharded sweep keeps two bits a rank; --table {table} does not apply"
        ));
    }
    cluster.used.set(true);
    quiet_engine_panics(cluster.process);
    let engine = Cluster::new(cluster.addresses.clone(), cluster.process, cluster.workers)
        .map_err(|e| e.to_string())?
        .with_timeout(std::time::Duration::from_secs_f64(cluster.timeout_seconds));
    let key = format!("{}\n{}", plan.description, options.farthest);
    let sweep = ShardedSweep::new()
        .with_max_memory(options.max_memory)
        .with_farthest(options.farthest)
        .with_job(job_key(&key));
    progress.start_sharded(
        &plan.description,
        space.size(),
        sweep.memory_needed(space.size(), &engine),
        (cluster.process, cluster.addresses.len(), cluster.workers),
    );
    let report = |r: &search_core::layers::LayerReport| progress.layer(r);
    let sharded = match &plan.census {
        None => sweep.run(space, goals, &engine, report),
        Some(c) => sweep.run_with_census(space, goals, c.counts, &engine, report),
    }
    .map_err(|e| e.to_string())?;
    *cluster.exchanged.borrow_mut() = sharded.exchanged;
    Ok(plan.analysis(space, sharded.layers))
}

/// Keeps the engine's own panics off the terminal, and ends the process at
/// the first one a worker sees. When a connection breaks, timely's network
/// threads panic (kept quiet here) and the workers' queues report it by
/// panicking in turn; unwinding from there can panic again in the queues'
/// destructors, which aborts the process. So the worker's panic is reported
/// here, before any unwinding, as the sweep reports a lost peer
/// (`the connection to another process was lost`), and the process exits
/// with status 1.
#[cfg(feature = "distributed")]
#[allow(clippy::print_stderr, reason = "the run's one error line, then exit")]
fn quiet_engine_panics(process: usize) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        use search_distributed::DistributedError;
        std::panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("");
            if let Some(lost) = DistributedError::from_engine_panic(message) {
                eprintln!("\nerror: process {process}: {lost}");
                std::process::exit(1);
            }
            let network = std::thread::current()
                .name()
                .is_some_and(|name| name.starts_with("timely:"))
                || message.starts_with("Send thread panic")
                || message.starts_with("Recv thread panic");
            if !network {
                default(info);
            }
        }));
    });
}

/// Without the `distributed` feature: [`NOT_BUILT`].
#[cfg(not(feature = "distributed"))]
pub fn sweep<S: RankedSpace>(
    _space: &S,
    _goals: impl IntoIterator<Item = S::State>,
    _plan: SweepPlan<'_, S>,
    _options: &AnalyzeOptions,
    _cluster: &ClusterOptions,
    _progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    Err(NOT_BUILT.to_string())
}

/// The arguments without `--processes`: what `--processes` hands each
/// process it starts.
pub fn forwarded(args: impl Iterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let mut kept = Vec::new();
    let mut skip_value = false;
    for arg in args {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        if arg == "--processes" {
            skip_value = true;
        } else if !arg.to_string_lossy().starts_with("--processes=") {
            kept.push(arg);
        }
    }
    kept
}
