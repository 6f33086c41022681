//! The whole-space sweep of [`search_core::layers`], sharded over the
//! workers of several processes, on one machine or many: for spaces whose
//! table does not fit one machine. It takes any
//! [`Ranked`] puzzle and gives what
//! [`Sweep::run`](search_core::layers::Sweep::run) gives with
//! [`Table::TwoBits`](search_core::layers::Table::TwoBits).
//!
//! The engine is [timely dataflow](https://docs.rs/timely) (Frank McSherry
//! et al.): its workers are threads of processes joined over TCP, and it
//! carries the ranks from worker to worker by key. This crate adds the
//! sweep's own logic on top of it and nothing of a cluster protocol, beyond
//! checking, as the processes join, that they were all started for the same
//! sweep.
//!
//! The ranks are dealt in blocks of 32,768: block `b` belongs to worker
//! `b mod n` of `n` (process `p` runs the workers `p * w .. p * w + w`), so
//! that every layer, wherever its ranks gather, is shared among all the
//! workers. A worker keeps two bits per rank of its blocks (unseen, done, or
//! the parity of the layer being found or expanded, as
//! [`Table::TwoBits`](search_core::layers::Table::TwoBits)).
//! Each layer, a worker scans its shard for the layer's ranks, expands each,
//! marks the neighbours it owns itself and sends the others' ranks to their
//! owners, which mark those not seen yet. When every rank of the layer has
//! been delivered (timely's progress tracking says so), the workers exchange
//! their counts: states found, the census, bytes sent to other processes and
//! their smallest ranks of the layer. The sweep ends with an empty layer.
//!
//! The result is the single-machine sweep's: the same histogram and census,
//! and as farthest states the smallest ranks of the last layer, ascending,
//! whatever the number of processes and workers.
//!
//! Every wait is bounded by the cluster's timeout: a process that cannot be
//! reached, or stops answering, ends the sweep with an error on the others;
//! one whose connection breaks ends it at once
//! ([`DistributedError::PeerLost`]).
//!
//! A program runs one process of a sweep from a host file
//! ([`parse_hostfile`], [`Cluster::new`]), or all of them on this machine
//! ([`launch_local`]); [`exit_on_lost_peer`] reports a broken connection
//! before the engine's queues unwind.
//!
//! # Example
//!
//! Two workers of one process sweep a ring of 1,000 states.
//!
//! ```
//! use search_core::rules::{Ranked, Rules};
//! use search_distributed::{Cluster, ShardedSweep};
//!
//! /// A ring of 1,000 states; a move is a step of +1 or -1 (999).
//! struct Ring;
//! impl Rules for Ring {
//!     type State = u64;
//!     type Move = u64;
//!     fn moves(&self, _: &u64, out: &mut Vec<u64>) { out.extend([1, 999]) }
//!     fn apply(&self, s: &mut u64, step: u64) { *s = (*s + step) % 1000 }
//!     fn undo(&self, s: &mut u64, step: u64) { *s = (*s + 1000 - step) % 1000 }
//! }
//! impl Ranked for Ring {
//!     fn size(&self) -> u64 { 1000 }
//!     fn rank(&self, &s: &u64) -> u64 { s }
//!     fn unrank(&self, rank: u64) -> u64 { rank }
//! }
//!
//! let swept = ShardedSweep::new().run(&Ring, [0], &Cluster::local(2), |_| {})?;
//! assert_eq!(swept.layers.histogram.len(), 501);
//! assert_eq!(swept.layers.farthest, [500]);
//! # Ok::<(), search_distributed::DistributedError>(())
//! ```
#![deny(missing_docs)]

use std::fmt;
use std::time::Duration;

use search_core::layers::{LayerReport, Layers, SweepError};
use search_core::rules::Ranked;

mod connect;
mod launch;
mod shard;

pub use launch::{exit_on_lost_peer, launch_local};

/// Where this process stands among the processes of a sweep.
#[derive(Debug, Clone)]
pub struct Cluster {
    addresses: Vec<String>,
    process: usize,
    workers: usize,
    timeout: Duration,
}

impl Cluster {
    /// One process with `workers` worker threads (at least one); no network.
    pub fn local(workers: usize) -> Self {
        Cluster {
            addresses: vec![String::new()],
            process: 0,
            workers: workers.max(1),
            timeout: Duration::from_secs(300),
        }
    }

    /// Process `process` of as many as `addresses` (`host:port`, one per
    /// process, the same list in every process), each running `workers`
    /// worker threads. Waits are bounded by five minutes unless
    /// [`with_timeout`](Cluster::with_timeout) says otherwise.
    pub fn new(
        addresses: Vec<String>,
        process: usize,
        workers: usize,
    ) -> Result<Self, DistributedError> {
        if addresses.is_empty() {
            return Err(DistributedError::Config("no process addresses".into()));
        }
        if process >= addresses.len() {
            return Err(DistributedError::Config(format!(
                "process {process} is not among the {} processes (numbered from 0)",
                addresses.len()
            )));
        }
        if workers == 0 {
            return Err(DistributedError::Config(
                "a process needs at least one worker".into(),
            ));
        }
        Ok(Cluster {
            addresses,
            process,
            workers,
            timeout: Duration::from_secs(300),
        })
    }

    /// The longest this process waits for another: to join, or to finish
    /// its part of a layer.
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// This process's index, from 0.
    pub fn process(&self) -> usize {
        self.process
    }

    /// Worker threads in each process.
    pub fn workers(&self) -> usize {
        self.workers
    }

    fn connect_error(&self, process: usize, reason: &str) -> DistributedError {
        DistributedError::Connect {
            process,
            address: self.addresses[process].clone(),
            reason: reason.to_string(),
        }
    }
}

/// Reads a host file, as timely dataflow's own read: one `host:port` a line,
/// process 0 first, blank lines and lines starting with `#` skipped. The
/// errors name the file as `name` and the line.
///
/// ```
/// let hosts = search_distributed::parse_hostfile("hosts", "# two\na:7001\nb:7001\n")?;
/// assert_eq!(hosts, ["a:7001", "b:7001"]);
/// # Ok::<(), search_distributed::DistributedError>(())
/// ```
pub fn parse_hostfile(name: &str, text: &str) -> Result<Vec<String>, DistributedError> {
    let mut addresses = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.rsplit_once(':') {
            Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => {
                addresses.push(line.to_string());
            }
            _ => {
                return Err(DistributedError::Config(format!(
                    "{name}:{}: expected host:port, found {line:?}",
                    number + 1
                )));
            }
        }
    }
    if addresses.is_empty() {
        return Err(DistributedError::Config(format!(
            "{name}: no process listed"
        )));
    }
    Ok(addresses)
}

/// A key for [`ShardedSweep::with_job`] from a text that describes the sweep
/// (its space and settings): FNV-1a, the same in every process.
pub fn job_key(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// The settings of a sharded sweep.
#[derive(Debug, Clone)]
pub struct ShardedSweep {
    farthest: usize,
    max_memory: Option<u64>,
    job: u64,
}

impl Default for ShardedSweep {
    fn default() -> Self {
        Self::new()
    }
}

/// The result of a sharded sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sharded {
    /// The histogram, the farthest ranks and the census, as
    /// [`Sweep::run`](search_core::layers::Sweep::run) with
    /// [`Table::TwoBits`](search_core::layers::Table::TwoBits) gives them.
    pub layers: Layers,
    /// `exchanged[d]`: the bytes of ranks sent from process to process (8 a
    /// rank, all processes together) while expanding layer `d`; what the
    /// engine adds to frame them is not counted.
    pub exchanged: Vec<u64>,
    /// The bytes of this process's shards.
    pub shard_bytes: u64,
}

/// Why a sharded sweep did not run or did not finish.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum DistributedError {
    /// The sweep itself refused: memory over the limit, a goal out of range.
    Sweep(SweepError),
    /// A cluster that cannot be: no address, a process out of range.
    Config(String),
    /// A process could not listen, or could not be reached.
    Connect {
        /// The process.
        process: usize,
        /// Its address.
        address: String,
        /// What went wrong.
        reason: String,
    },
    /// A process answered, but not as one of this sweep.
    Handshake {
        /// The process.
        process: usize,
        /// What it said.
        reason: String,
    },
    /// A wait went past the cluster's timeout.
    Timeout {
        /// What was awaited.
        waiting_for: String,
        /// The timeout.
        seconds: f64,
    },
    /// The connection to another process broke (it died, or its machine or
    /// network did): the engine's own message.
    PeerLost(String),
    /// The processes of [`launch_local`] could not be started, or one failed.
    Launch(String),
}

impl fmt::Display for DistributedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistributedError::Sweep(e) => e.fmt(f),
            DistributedError::Config(reason) | DistributedError::Launch(reason) => {
                f.write_str(reason)
            }
            DistributedError::Connect {
                process,
                address,
                reason,
            } => write!(f, "process {process} at {address}: {reason}"),
            DistributedError::Handshake { process, reason } => {
                write!(f, "process {process} refused: {reason}")
            }
            DistributedError::Timeout {
                waiting_for,
                seconds,
            } => write!(
                f,
                "gave up waiting for {waiting_for} after {seconds:.0} s (a process died, hangs or is unreachable)"
            ),
            DistributedError::PeerLost(cause) => {
                write!(f, "the connection to another process was lost ({cause})")
            }
        }
    }
}

impl std::error::Error for DistributedError {}

impl DistributedError {
    /// The lost peer that a panic of the engine with this message reports,
    /// if it is one: when a connection breaks, timely's network threads
    /// panic and the workers' queues report it by panicking in turn. A
    /// program can call this from a panic hook to report the loss and end
    /// the process before unwinding through the engine's queues, whose
    /// destructors may panic again (which aborts).
    pub fn from_engine_panic(message: &str) -> Option<DistributedError> {
        match message {
            "MergeQueue poisoned." => Some(DistributedError::PeerLost(
                "a network thread of the engine stopped".into(),
            )),
            m if m.starts_with("timely communication error") => {
                Some(DistributedError::PeerLost(m.to_string()))
            }
            _ => None,
        }
    }
}

impl From<SweepError> for DistributedError {
    fn from(e: SweepError) -> Self {
        DistributedError::Sweep(e)
    }
}

impl ShardedSweep {
    /// A sharded sweep reporting up to 32 farthest states, with no memory
    /// limit.
    pub fn new() -> Self {
        ShardedSweep {
            farthest: 32,
            max_memory: None,
            job: 0,
        }
    }

    /// Report up to `count` farthest states.
    pub fn with_farthest(mut self, count: usize) -> Self {
        self.farthest = count;
        self
    }

    /// Refuse to start if this process's shards would need more than
    /// `bytes`.
    pub fn with_max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = Some(bytes);
        self
    }

    /// A key naming the sweep (say, a hash of the puzzle and its options),
    /// the same in every process: processes of different keys refuse to
    /// join. The space's size and the workers are checked besides it.
    pub fn with_job(mut self, key: u64) -> Self {
        self.job = key;
        self
    }

    /// The bytes of the shards of one process of `cluster` for a space of
    /// `size` ranks: two bits a rank, split evenly among all workers.
    pub fn memory_needed(&self, size: u64, cluster: &Cluster) -> u64 {
        shard::Layout::new(size, cluster).process_bytes()
    }

    /// Sweeps `space` from `goals`, this process's part of it; `progress` is
    /// called after every layer with the whole cluster's counts. Every
    /// process of `cluster` must call it with the same space, goals and
    /// settings.
    pub fn run<S: Ranked<State: Send + Sync>>(
        &self,
        space: &S,
        goals: impl IntoIterator<Item = S::State>,
        cluster: &Cluster,
        progress: impl FnMut(&LayerReport),
    ) -> Result<Sharded, DistributedError> {
        let census = None::<&fn(&S::State, u64) -> bool>;
        self.sweep(space, goals, census, cluster, progress)
    }

    /// Sweeps like [`run`](ShardedSweep::run), and counts at every distance
    /// the states for which `census(state, rank)` holds, as
    /// [`Sweep::run_with_census`](search_core::layers::Sweep::run_with_census).
    pub fn run_with_census<S: Ranked<State: Send + Sync>>(
        &self,
        space: &S,
        goals: impl IntoIterator<Item = S::State>,
        census: impl Fn(&S::State, u64) -> bool + Sync,
        cluster: &Cluster,
        progress: impl FnMut(&LayerReport),
    ) -> Result<Sharded, DistributedError> {
        self.sweep(space, goals, Some(&census), cluster, progress)
    }

    fn sweep<S: Ranked<State: Send + Sync>>(
        &self,
        space: &S,
        goals: impl IntoIterator<Item = S::State>,
        census: Option<&(impl Fn(&S::State, u64) -> bool + Sync)>,
        cluster: &Cluster,
        progress: impl FnMut(&LayerReport),
    ) -> Result<Sharded, DistributedError> {
        let size = space.size();
        let layout = shard::Layout::new(size, cluster);
        let needed = layout.process_bytes();
        if let Some(limit) = self.max_memory.filter(|&limit| needed > limit) {
            return Err(SweepError::MemoryLimit { needed, limit }.into());
        }
        let mut goal_ranks = Vec::new();
        for goal in goals {
            let rank = space.rank(&goal);
            if rank >= size {
                return Err(SweepError::RankOutOfRange { rank, size }.into());
            }
            goal_ranks.push(rank);
        }
        goal_ranks.sort_unstable();
        goal_ranks.dedup();
        let job = [size, cluster.workers as u64, self.farthest as u64]
            .into_iter()
            .fold(self.job, |key, word| {
                (key ^ word).wrapping_mul(0x0000_0100_0000_01B3)
            });
        shard::run(
            space,
            &goal_ranks,
            census,
            cluster,
            &layout,
            job,
            self.farthest,
            progress,
        )
    }
}
