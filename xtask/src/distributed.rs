//! `analyze --processes` and `analyze --hostfile`: where this process
//! stands in a sweep sharded over processes, on one machine or several
//! (crates/search-distributed, on timely dataflow). Built only with xtask's
//! own `distributed` feature; without it these options answer
//! [`NOT_BUILT`].

use std::cell::RefCell;
use std::ffi::OsString;
use std::fs;
use std::path::Path;

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
    /// Bytes of ranks sent between processes while expanding each layer,
    /// once the sweep is done.
    pub exchanged: RefCell<Vec<u64>>,
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
        let text = fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        Ok(ClusterOptions {
            addresses: hostfile(&name, &text)?,
            process: process.unwrap_or(0),
            workers: workers.unwrap_or(1),
            timeout_seconds,
            ..ClusterOptions::default()
        })
    }
}

#[cfg(feature = "distributed")]
fn hostfile(name: &str, text: &str) -> Result<Vec<String>, String> {
    search_distributed::parse_hostfile(name, text).map_err(|e| e.to_string())
}

#[cfg(not(feature = "distributed"))]
fn hostfile(_: &str, _: &str) -> Result<Vec<String>, String> {
    Err(NOT_BUILT.to_string())
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
pub fn report_lost_peers(process: usize) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let payload = info.payload();
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("");
            if let Some(lost) = search_distributed::DistributedError::from_engine_panic(message) {
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
