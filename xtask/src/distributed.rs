//! `analyze --processes` and `analyze --hostfile`: where this process
//! stands in a sweep sharded over processes, on one machine or several
//! (crates/search-distributed, on timely dataflow). Built with xtask's own
//! `distributed` feature, on by default; without it these options answer
//! [`NOT_BUILT`].

use std::ffi::OsString;
use std::path::Path;

/// The answer to `--processes` or `--hostfile` from an xtask built without
/// the sharded sweep.
pub const NOT_BUILT: &str = "this xtask was built without the sharded sweep; \
     build it with its `distributed` feature (on by default): \
     cargo run -p xtask --release -- analyze ...";

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
}

impl ClusterOptions {
    /// Process `process` (0 by default) of those that the host file at
    /// `path` lists, `workers` threads each (1 by default), each waiting at
    /// most `timeout` seconds for another (300 by default).
    pub fn read(
        path: &Path,
        process: Option<usize>,
        workers: Option<usize>,
        timeout: Option<f64>,
    ) -> Result<ClusterOptions, String> {
        if !cfg!(feature = "distributed") {
            return Err(NOT_BUILT.to_string());
        }
        let timeout_seconds = timeout.unwrap_or(300.0);
        if !(timeout_seconds > 0.0 && timeout_seconds < 1e9) {
            return Err(format!(
                "--timeout {timeout_seconds}: expected a number of seconds above 0"
            ));
        }
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        #[cfg(feature = "distributed")]
        let addresses =
            search_distributed::parse_hostfile(&name, &text).map_err(|e| e.to_string())?;
        #[cfg(not(feature = "distributed"))]
        let addresses = vec![text];
        let (process, workers) = (process.unwrap_or(0), workers.unwrap_or(1));
        Ok(ClusterOptions {
            addresses,
            process,
            workers,
            timeout_seconds,
        })
    }
}

/// `analyze --processes P`: xtask started P times on this machine with the
/// same arguments (but `--processes`) plus `--hostfile` and `--process I`;
/// process 0 prints what the single-machine sweep prints, and a process
/// that fails stops the others.
pub fn launch(processes: usize) -> Result<(), String> {
    if !cfg!(feature = "distributed") {
        return Err(NOT_BUILT.to_string());
    }
    if processes == 0 {
        return Err("--processes: at least one process".to_string());
    }
    #[cfg(feature = "distributed")]
    search_distributed::launch_local(processes, &forwarded(std::env::args_os().skip(1)))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The arguments without `--processes`: what `--processes` hands each
/// process it starts.
pub fn forwarded(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
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
