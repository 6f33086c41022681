//! One worker's part of a sharded sweep: its shard of the two-bit table,
//! the dataflow that carries ranks to their owners and counts to everyone,
//! and the loop over layers.

use std::cell::RefCell;
use std::ops::DerefMut;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use timely::WorkerConfig;
use timely::communication::allocator::zero_copy::bytes_slab::BytesRefill;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocateBuilder, PeerBuilder};
use timely::communication::allocator::{Generic, GenericBuilder, Process};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

use super::{Cluster, DistributedError, Sharded, connect};
use search_core::layers::cells::{CELLS_PER_WORD, DONE, TwoBits, matching, rank_of};
use search_core::layers::{self, LayerReport, Layers};
use search_core::rules::Ranked;

/// Ranks sent to other workers in one batch; the worker runs its share of
/// the dataflow (receiving what the others sent) after each batch.
const BATCH: usize = 1 << 12;
/// How long a worker with nothing to do sleeps before looking again.
const PARK: Duration = Duration::from_millis(5);

/// What a worker tells every other once a layer is delivered: states found
/// for the next layer, states of this layer the census accepted, ranks sent
/// to other processes, and its smallest ranks of this layer.
type Counts = (u64, u64, u64, Vec<u64>);

/// Words of the table in a block: 32,768 ranks, 8 KiB.
const BLOCK_WORDS: u64 = 1 << 10;

/// Which worker owns which ranks: blocks of [`BLOCK_WORDS`] words dealt
/// round robin (block `b` to worker `b mod n`), so that every worker holds
/// some of every part of the rank space, and a layer whose states gather in
/// one part of it is still shared among all.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    size: u64,
    words: u64,
    peers: u64,
    workers: usize,
    process: usize,
}

impl Layout {
    pub(super) fn new(size: u64, cluster: &Cluster) -> Self {
        Layout {
            size,
            words: size.div_ceil(CELLS_PER_WORD),
            peers: (cluster.processes() * cluster.workers) as u64,
            workers: cluster.workers,
            process: cluster.process,
        }
    }

    /// The worker that owns `rank`.
    #[inline]
    fn owner(&self, rank: u64) -> usize {
        (rank / CELLS_PER_WORD / BLOCK_WORDS % self.peers) as usize
    }

    /// The number of words worker `worker` holds.
    fn words_of(&self, worker: usize) -> u64 {
        let blocks = self.words.div_ceil(BLOCK_WORDS);
        let worker = worker as u64;
        if worker >= blocks {
            return 0;
        }
        // Blocks worker, worker + peers, ...; the last block of the table
        // may be short.
        let held = (blocks - 1 - worker) / self.peers + 1;
        let last = worker + (held - 1) * self.peers;
        (held - 1) * BLOCK_WORDS + (self.words - last * BLOCK_WORDS).min(BLOCK_WORDS)
    }

    /// The bytes of the shards of this process's workers.
    pub(super) fn process_bytes(&self) -> u64 {
        let first = self.process * self.workers;
        (first..first + self.workers)
            .map(|w| self.words_of(w) * 8)
            .sum()
    }
}

/// A worker's blocks of the two-bit table, one after the other, in
/// search-core's table of cells: a cell is `UNSEEN`, `DONE`, or the parity
/// of its distance while its layer is found and expanded.
struct Shard {
    worker: u64,
    peers: u64,
    size: u64,
    cells: TwoBits,
}

impl Shard {
    fn new(layout: &Layout, worker: usize) -> Self {
        Shard {
            worker: worker as u64,
            peers: layout.peers,
            size: layout.size,
            cells: TwoBits::new(layout.words_of(worker) * CELLS_PER_WORD),
        }
    }

    /// The cell of this shard that holds `rank`.
    #[inline]
    fn cell(&self, rank: u64) -> u64 {
        let word = rank / CELLS_PER_WORD;
        let index = (word / BLOCK_WORDS / self.peers) * BLOCK_WORDS + word % BLOCK_WORDS;
        index * CELLS_PER_WORD + rank % CELLS_PER_WORD
    }

    /// The rank held in the shard's `cell`: the inverse of [`Shard::cell`].
    #[inline]
    fn rank(&self, cell: u64) -> u64 {
        let index = cell / CELLS_PER_WORD;
        let block = (index / BLOCK_WORDS) * self.peers + self.worker;
        (block * BLOCK_WORDS + index % BLOCK_WORDS) * CELLS_PER_WORD + cell % CELLS_PER_WORD
    }

    /// Marks `rank` (of this shard) with `code` if it is unseen; whether it was.
    #[inline]
    fn claim(&self, rank: u64, code: u64) -> bool {
        self.cells.claim(self.cell(rank), code)
    }
}

/// What the workers of this process share: the settings and the flag that
/// one of them failed.
struct Shared<'a, S, C> {
    space: &'a S,
    census: Option<&'a C>,
    goals: &'a [u64],
    layout: &'a Layout,
    timeout: Duration,
    farthest: usize,
    failed: AtomicBool,
}

/// One worker's view of the finished sweep.
struct Finished {
    layers: Layers,
    exchanged: Vec<u64>,
}

#[allow(clippy::too_many_arguments)]
pub(super) fn run<S, C, P>(
    space: &S,
    goals: &[u64],
    census: Option<&C>,
    cluster: &Cluster,
    layout: &Layout,
    job: u64,
    farthest: usize,
    mut progress: P,
) -> Result<Sharded, DistributedError>
where
    S: Ranked<State: Send + Sync>,
    C: Fn(&S::State, u64) -> bool + Sync,
    P: FnMut(&LayerReport),
{
    let refill = BytesRefill {
        logic: Arc::new(|size| Box::new(vec![0_u8; size]) as Box<dyn DerefMut<Target = [u8]>>),
        limit: None,
    };
    let (builders, mut guard): (Vec<GenericBuilder>, _) = if cluster.processes() == 1 {
        let builders = Process::new_vector(cluster.workers, refill);
        (
            builders.into_iter().map(GenericBuilder::Process).collect(),
            None,
        )
    } else {
        let sockets = connect::connect_all(cluster, job)?;
        let (builders, guard) = initialize_networking_from_sockets::<_, Process>(
            sockets,
            cluster.process,
            cluster.workers,
            refill,
            Arc::new(|_| None),
        )
        .map_err(|e| DistributedError::PeerLost(e.to_string()))?;
        let builders = builders.into_iter().map(GenericBuilder::ZeroCopy).collect();
        (builders, Some(guard))
    };
    let shared = Shared {
        space,
        census,
        goals,
        layout,
        timeout: cluster.timeout,
        farthest,
        failed: AtomicBool::new(false),
    };
    let result = catch_unwind(AssertUnwindSafe(|| {
        std::thread::scope(|scope| {
            let mut builders = builders.into_iter();
            let first = builders.next().expect("a process has a worker");
            let others: Vec<_> = builders
                .map(|builder| {
                    let shared = &shared;
                    scope.spawn(move || guarded(shared, || work(builder, shared, None)))
                })
                .collect();
            let mine = guarded(&shared, || work(first, &shared, Some(&mut progress)));
            let mut result = mine;
            for handle in others {
                let theirs = handle.join().unwrap_or_else(|panic| resume_unwind(panic));
                if let (Ok(_), Err(e)) = (&result, theirs) {
                    result = Err(e);
                }
            }
            result
        })
    }));
    let result = result.unwrap_or_else(|panic| {
        // Not the engine's panic: the network threads must not be joined
        // (they may have panicked in turn), only left behind.
        std::mem::forget(guard.take());
        resume_unwind(panic)
    });
    match (result, guard) {
        (Ok(finished), guard) => {
            // Joins the engine's network threads: they end once every
            // process has closed its side. The sweep is complete and every
            // process holds its result, so a process that dies or hangs
            // now is waited for no longer than the timeout, and not
            // reported.
            if let Some(guard) = guard {
                let (joined, wait) = std::sync::mpsc::channel();
                std::thread::spawn(move || {
                    let _ = catch_unwind(AssertUnwindSafe(|| drop(guard)));
                    let _ = joined.send(());
                });
                let _ = wait.recv_timeout(cluster.timeout);
            }
            Ok(Sharded {
                layers: finished.layers,
                exchanged: finished.exchanged,
                shard_bytes: layout.process_bytes(),
            })
        }
        (Err(e), guard) => {
            // The network threads may be stuck on a dead peer or have
            // panicked; the process is about to report the error.
            std::mem::forget(guard);
            Err(e)
        }
    }
}

/// Runs one worker, turning a panic of the engine (a broken connection
/// poisons the worker's queues) into an error, and telling the other
/// workers of this process to stop if it fails. Any other panic (of the
/// space's own code) goes on unwinding once the flag is raised.
fn guarded<S, C, F>(shared: &Shared<'_, S, C>, body: F) -> Result<Finished, DistributedError>
where
    F: FnOnce() -> Result<Finished, DistributedError>,
{
    let result = catch_unwind(AssertUnwindSafe(body));
    if !matches!(result, Ok(Ok(_))) {
        shared.failed.store(true, Ordering::Relaxed);
    }
    result.unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied());
        match message.and_then(DistributedError::from_engine_panic) {
            Some(lost) => Err(lost),
            None => resume_unwind(panic),
        }
    })
}

/// The code of the cells at `distance`.
fn parity(distance: u64) -> u64 {
    distance & 1
}

fn work<S, C>(
    builder: GenericBuilder,
    shared: &Shared<'_, S, C>,
    mut progress: Option<&mut dyn FnMut(&LayerReport)>,
) -> Result<Finished, DistributedError>
where
    S: Ranked<State: Send + Sync>,
    C: Fn(&S::State, u64) -> bool + Sync,
{
    let mut worker = Worker::new(
        WorkerConfig::default(),
        builder.build(),
        Some(Instant::now()),
    );
    let me = worker.index();
    let peers = worker.peers();
    let layout = shared.layout;
    let shard = Rc::new(Shard::new(layout, me));
    // Ranks claimed by this worker for what others sent, by epoch.
    let received: Rc<RefCell<Vec<u64>>> = Rc::default();
    let counts: Rc<RefCell<Vec<Counts>>> = Rc::default();
    let mut ranks: InputHandle<u64, u64> = InputHandle::new();
    let mut announce: InputHandle<u64, (u64, Counts)> = InputHandle::new();
    let ranks_done = ProbeHandle::new();
    let counts_done = ProbeHandle::new();
    worker.dataflow::<u64, _, _>(|scope| {
        let (owners, shard, received) = (layout.clone(), Rc::clone(&shard), Rc::clone(&received));
        scope
            .input_from(&mut ranks)
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(move |rank: &u64| owners.owner(*rank) as u64),
                "Claim",
                move |_, _| {
                    move |input, _| {
                        input.for_each(|time, data| {
                            let epoch = *time.time();
                            let code = parity(epoch + 1);
                            let claimed = data.iter().filter(|&&r| shard.claim(r, code)).count();
                            let mut received = received.borrow_mut();
                            if received.len() <= epoch as usize {
                                received.resize(epoch as usize + 1, 0);
                            }
                            received[epoch as usize] += claimed as u64;
                        });
                    }
                },
            )
            .probe_with(&ranks_done);
        let counts = Rc::clone(&counts);
        scope
            .input_from(&mut announce)
            .unary::<CapacityContainerBuilder<Vec<()>>, _, _, _>(
                Exchange::new(|(to, _): &(u64, Counts)| *to),
                "Counts",
                move |_, _| {
                    move |input, _| {
                        input.for_each(|_, data| {
                            counts.borrow_mut().extend(data.drain(..).map(|(_, c)| c));
                        });
                    }
                },
            )
            .probe_with(&counts_done);
    });

    let size = layout.size;
    let layer = shared.goals.len() as u64;
    for &goal in shared.goals {
        if layout.owner(goal) == me {
            shard.claim(goal, parity(0));
        }
    }
    let mut census = Vec::new();
    let mut exchanged = Vec::new();
    let mut farthest = Vec::new();
    let mut report = |r: &LayerReport| {
        if let Some(progress) = progress.as_mut() {
            progress(r);
        }
    };
    let histogram = layers::each_layer(size, layer, &mut report, |distance| {
        let distance = u64::from(distance);
        let mine = expand(&mut worker, &mut ranks, shared, &shard, distance)?;
        ranks.advance_to(distance + 1);
        wait(
            &mut worker,
            &ranks_done,
            distance + 1,
            shared,
            "the ranks of a layer",
        )?;
        let found = mine.0
            + received
                .borrow()
                .get(distance as usize)
                .copied()
                .unwrap_or(0);
        for to in 0..peers as u64 {
            announce.send((to, (found, mine.1, mine.2, mine.3.clone())));
        }
        announce.advance_to(distance + 1);
        wait(
            &mut worker,
            &counts_done,
            distance + 1,
            shared,
            "a layer's counts",
        )?;
        let all: Vec<Counts> = counts.borrow_mut().drain(..).collect();
        if all.len() != peers {
            return Err(DistributedError::PeerLost(format!(
                "{} workers' counts arrived for layer {distance}, not {peers}",
                all.len()
            )));
        }
        let layer = all.iter().map(|c| c.0).sum();
        census.push(all.iter().map(|c| c.1).sum());
        exchanged.push(all.iter().map(|c| c.2 * 8).sum());
        farthest = all.into_iter().flat_map(|c| c.3).collect();
        farthest.sort_unstable();
        farthest.truncate(shared.farthest);
        Ok(layer)
    })?;
    drop(ranks);
    drop(announce);
    let started = Instant::now();
    while worker.has_dataflows() {
        worker.step_or_park(Some(PARK));
        check(started, shared, "the other processes to finish")?;
    }
    Ok(Finished {
        layers: Layers {
            histogram,
            farthest,
            distances: None,
            residues: None,
            census: if shared.census.is_some() {
                census
            } else {
                Vec::new()
            },
        },
        exchanged,
    })
}

/// Expands this worker's cells of layer `distance`: claims the neighbours it
/// owns, sends the others to their owners. Returns the states claimed here,
/// those the census accepted, the ranks sent to other processes, and the
/// smallest ranks of the layer.
fn expand<S, C>(
    worker: &mut Worker<Generic>,
    ranks: &mut InputHandle<u64, u64>,
    shared: &Shared<'_, S, C>,
    shard: &Shard,
    distance: u64,
) -> Result<Counts, DistributedError>
where
    S: Ranked<State: Send + Sync>,
    C: Fn(&S::State, u64) -> bool + Sync,
{
    let layout = shared.layout;
    let current = parity(distance);
    let next = parity(distance + 1);
    let workers = layout.workers;
    let me = shard.worker as usize;
    let (mut found, mut accepted, mut remote) = (0u64, 0u64, 0u64);
    let mut sample = Vec::new();
    let mut batch: Vec<u64> = Vec::with_capacity(BATCH);
    let mut moves = Vec::new();
    for w in 0..shard.cells.words().len() {
        let matches = matching(shard.cells.word(w), current);
        if matches == 0 {
            continue;
        }
        let mut bits = matches;
        while bits != 0 {
            let rank = shard.rank(rank_of(w, bits.trailing_zeros()));
            bits &= bits - 1;
            if rank >= shard.size {
                break;
            }
            if sample.len() < shared.farthest {
                sample.push(rank);
            }
            let mut visit = |n: u64| {
                let owner = layout.owner(n);
                if owner == me {
                    found += u64::from(shard.claim(n, next));
                } else {
                    remote += u64::from(owner / workers != layout.process);
                    batch.push(n);
                }
            };
            match shared.census {
                None => shared.space.neighbour_ranks(rank, &mut moves, &mut visit),
                Some(census) => {
                    let state = shared.space.unrank(rank);
                    accepted += u64::from(census(&state, rank));
                    shared
                        .space
                        .each_neighbour(&state, rank, &mut moves, |_, r| visit(r));
                }
            }
            if batch.len() >= BATCH {
                ranks.send_batch(&mut batch);
                batch.clear();
                worker.step();
                if shared.failed.load(Ordering::Relaxed) {
                    return Err(DistributedError::PeerLost("another worker failed".into()));
                }
            }
        }
        // current -> DONE for every matched cell; claims since the scan
        // touched only unseen cells.
        shard.cells.recode(w, matches, current, DONE);
    }
    ranks.send_batch(&mut batch);
    Ok((found, accepted, remote, sample))
}

/// Runs the worker until `probe` has passed `epoch`: every worker's data of
/// the epochs before it has been delivered and handled.
fn wait<S, C>(
    worker: &mut Worker<Generic>,
    probe: &ProbeHandle<u64>,
    epoch: u64,
    shared: &Shared<'_, S, C>,
    what: &str,
) -> Result<(), DistributedError> {
    let started = Instant::now();
    while probe.less_than(&epoch) {
        worker.step_or_park(Some(PARK));
        check(started, shared, what)?;
    }
    Ok(())
}

fn check<S, C>(
    started: Instant,
    shared: &Shared<'_, S, C>,
    what: &str,
) -> Result<(), DistributedError> {
    if shared.failed.load(Ordering::Relaxed) {
        return Err(DistributedError::PeerLost("another worker failed".into()));
    }
    if started.elapsed() > shared.timeout {
        return Err(DistributedError::Timeout {
            waiting_for: what.to_string(),
            seconds: shared.timeout.as_secs_f64(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blocks_dealt_cover_every_word_once() {
        for size in [1, 31, 32, 33, 32 * 1024 * 5 + 7, 32 * 1024 * 6] {
            for processes in 1..=3 {
                for workers in 1..=3 {
                    let addresses = vec![String::new(); processes];
                    let cluster = Cluster::new(addresses, 0, workers).unwrap();
                    let layout = Layout::new(size, &cluster);
                    let peers = processes * workers;
                    let held: Vec<u64> = (0..peers).map(|w| layout.words_of(w)).collect();
                    assert_eq!(held.iter().sum::<u64>(), size.div_ceil(32));
                    // Every rank lands in its owner's shard, each cell once.
                    let shards: Vec<Shard> = (0..peers).map(|w| Shard::new(&layout, w)).collect();
                    let mut ranks: Vec<u64> = (0..size).step_by(97).chain([size - 1]).collect();
                    ranks.dedup();
                    for rank in ranks {
                        let shard = &shards[layout.owner(rank)];
                        assert!(shard.claim(rank, 0), "{size} {peers} {rank}");
                        assert!(!shard.claim(rank, 0));
                        assert_eq!(shard.rank(shard.cell(rank)), rank);
                    }
                }
            }
        }
    }
}
