//! Layered breadth-first sweeps over a whole ranked state space.
//!
//! A [`Sweep`] starts from a set of goal states and finds the distance of
//! every reachable state: how many states lie at each distance, the largest
//! distance, and the states that need it. States live in a dense table
//! indexed by their rank, one byte or two bits each, and each layer is
//! expanded in parallel with rayon. The results are the same whatever the
//! number of threads: counts are sums, and the farthest states are reported
//! as the smallest ranks of the last layer.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};

use rayon::prelude::*;

use rustc_hash::FxHashMap;

use crate::Reason;
use crate::count::PathCount;
use crate::visited::to_index;

/// A state space whose states have a perfect rank: a bijection onto
/// `0..size()` (see the `perm-rank` crate).
///
/// Moves must be reversible (the neighbours of `s` are exactly the states
/// that have `s` as a neighbour), since a sweep from the goals measures
/// distances *to* the goals; for a directed puzzle, list predecessors in
/// [`neighbours`](RankedSpace::neighbours).
///
/// # Example
///
/// A ring of 10 states, each next to the two beside it.
///
/// ```
/// use search_core::layers::{RankedSpace, Sweep, Table};
///
/// struct Ring;
/// impl RankedSpace for Ring {
///     type State = u64;
///     fn size(&self) -> u64 { 10 }
///     fn rank(&self, s: &u64) -> u64 { *s }
///     fn unrank(&self, rank: u64) -> u64 { rank }
///     fn neighbours<F: FnMut(u64)>(&self, s: &u64, mut visit: F) {
///         visit((s + 1) % 10);
///         visit((s + 9) % 10);
///     }
/// }
///
/// let layers = Sweep::new(Table::TwoBits).run(&Ring, [0], |_| {})?;
/// assert_eq!(layers.histogram, [1, 2, 2, 2, 2, 1]);
/// assert_eq!(layers.max_distance(), Some(5));
/// assert_eq!(layers.farthest, [5]);
/// # Ok::<(), search_core::layers::SweepError>(())
/// ```
pub trait RankedSpace: Sync {
    /// A state, as the puzzle represents it.
    type State: Send + Sync;

    /// The number of ranks; every state's rank is below it.
    fn size(&self) -> u64;

    /// The rank of `state`, in `0..size()`.
    fn rank(&self, state: &Self::State) -> u64;

    /// The state of rank `rank` (only called with ranks of states reached by
    /// the sweep).
    fn unrank(&self, rank: u64) -> Self::State;

    /// Calls `visit` with every state one move away from `state`.
    fn neighbours<F: FnMut(Self::State)>(&self, state: &Self::State, visit: F);

    /// Calls `visit` with every neighbour of `state` (whose rank is `rank`)
    /// and the neighbour's rank. Override it where a move can update the rank
    /// faster than ranking the new state from scratch.
    fn ranked_neighbours<F: FnMut(Self::State, u64)>(
        &self,
        state: &Self::State,
        rank: u64,
        mut visit: F,
    ) {
        let _ = rank;
        self.neighbours(state, |n| {
            let r = self.rank(&n);
            visit(n, r);
        });
    }

    /// Calls `visit` with the rank of every neighbour of the state of rank
    /// `rank`.
    fn neighbour_ranks<F: FnMut(u64)>(&self, rank: u64, mut visit: F) {
        let state = self.unrank(rank);
        self.ranked_neighbours(&state, rank, |_, r| visit(r));
    }
}

/// How a sweep stores what it has seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    /// One byte per rank holding the distance (up to 254): the table is
    /// returned as a [`DistanceTable`]. Layers are kept as lists of states,
    /// so no state is ever unranked; their memory comes on top of the table.
    Bytes,
    /// Two bits per rank (unseen, this layer, next layer, done): a quarter of
    /// the memory of a byte, no limit on depth, and no lists of states. Each
    /// layer scans the whole table and unranks the states it expands.
    TwoBits,
}

/// The settings of a sweep.
#[derive(Debug, Clone)]
pub struct Sweep {
    table: Table,
    max_memory: Option<u64>,
    farthest: usize,
    cancel: Option<Arc<AtomicBool>>,
}

/// Progress, reported once per finished layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerReport {
    /// The distance of the layer just completed.
    pub distance: u32,
    /// The number of states at that distance.
    pub states: u64,
    /// All states found so far, this layer included.
    pub seen: u64,
    /// The size of the ranked space.
    pub size: u64,
}

/// The result of a sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layers {
    /// `histogram[d]` is the number of states at distance `d` from the goals.
    pub histogram: Vec<u64>,
    /// The smallest ranks of the states at the largest distance, ascending, at
    /// most as many as [`Sweep::with_farthest`] asks for.
    pub farthest: Vec<u64>,
    /// The distance of every rank, for [`Table::Bytes`].
    pub distances: Option<DistanceTable>,
    /// `census[d]`: how many states at distance `d` the census predicate of
    /// [`Sweep::run_with_census`] accepted; empty after [`Sweep::run`].
    pub census: Vec<u64>,
}

impl Layers {
    /// The largest distance of any reachable state, or `None` if there were no goals.
    pub fn max_distance(&self) -> Option<u32> {
        self.histogram.len().checked_sub(1).map(|d| d as u32)
    }

    /// The number of states reachable from the goals.
    pub fn reachable(&self) -> u64 {
        self.histogram.iter().sum()
    }
}

/// Why a sweep did not run or did not finish.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SweepError {
    /// The table would need more memory than allowed.
    MemoryLimit {
        /// Bytes the table needs.
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
    /// A goal's rank is not below the size of the space.
    RankOutOfRange {
        /// The rank.
        rank: u64,
        /// The size of the space.
        size: u64,
    },
    /// A byte table cannot hold distances beyond 254.
    TooDeep,
    /// The cancellation flag was raised.
    Cancelled,
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::MemoryLimit { needed, limit } => write!(
                f,
                "the distance table needs {} MiB, more than the limit of {} MiB",
                needed.div_ceil(1 << 20),
                limit / (1 << 20)
            ),
            SweepError::RankOutOfRange { rank, size } => {
                write!(f, "rank {rank} is out of range 0..{size}")
            }
            SweepError::TooDeep => {
                write!(
                    f,
                    "distances beyond 254 do not fit a byte table; use two bits"
                )
            }
            SweepError::Cancelled => write!(f, "sweep cancelled"),
        }
    }
}

impl std::error::Error for SweepError {}

impl Sweep {
    /// A sweep storing its table as `table`, with no memory limit, reporting
    /// up to 32 farthest states.
    pub fn new(table: Table) -> Self {
        Sweep {
            table,
            max_memory: None,
            farthest: 32,
            cancel: None,
        }
    }

    /// Refuse to start if the table would need more than `bytes`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::layers::{RankedSpace, Sweep, SweepError, Table};
    ///
    /// struct Line(u64);
    /// impl RankedSpace for Line {
    ///     type State = u64;
    ///     fn size(&self) -> u64 { self.0 }
    ///     fn rank(&self, s: &u64) -> u64 { *s }
    ///     fn unrank(&self, r: u64) -> u64 { r }
    ///     fn neighbours<F: FnMut(u64)>(&self, &s: &u64, mut visit: F) {
    ///         if s + 1 < self.0 { visit(s + 1) }
    ///         if s > 0 { visit(s - 1) }
    ///     }
    /// }
    ///
    /// // A billion states in two bits each: 238 MiB, over a limit of 100 MiB.
    /// let sweep = Sweep::new(Table::TwoBits).with_max_memory(100 << 20);
    /// let err = sweep.run(&Line(1 << 30), [0], |_| {}).unwrap_err();
    /// assert_eq!(err, SweepError::MemoryLimit { needed: 1 << 28, limit: 100 << 20 });
    /// ```
    pub fn with_max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = Some(bytes);
        self
    }

    /// Report up to `count` farthest states.
    pub fn with_farthest(mut self, count: usize) -> Self {
        self.farthest = count;
        self
    }

    /// Stop (with [`SweepError::Cancelled`]) once `flag` is set.
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// The bytes of the table for a space of `size` ranks (for
    /// [`Table::Bytes`], the lists of states of two layers come on top).
    pub fn memory_needed(&self, size: u64) -> u64 {
        match self.table {
            Table::Bytes => size,
            Table::TwoBits => size.div_ceil(CELLS_PER_WORD) * 8,
        }
    }

    /// Sweeps `space` from `goals`, calling `progress` after every layer.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::layers::{RankedSpace, Sweep, Table};
    ///
    /// struct Line(u64);
    /// impl RankedSpace for Line {
    ///     type State = u64;
    ///     fn size(&self) -> u64 { self.0 }
    ///     fn rank(&self, s: &u64) -> u64 { *s }
    ///     fn unrank(&self, r: u64) -> u64 { r }
    ///     fn neighbours<F: FnMut(u64)>(&self, &s: &u64, mut visit: F) {
    ///         if s + 1 < self.0 { visit(s + 1) }
    ///         if s > 0 { visit(s - 1) }
    ///     }
    /// }
    ///
    /// let mut seen = Vec::new();
    /// let layers = Sweep::new(Table::Bytes).run(&Line(5), [2], |report| seen.push(report.seen))?;
    /// assert_eq!(layers.histogram, [1, 2, 2]);
    /// assert_eq!(seen, [1, 3, 5]); // states found after each layer
    /// let table = layers.distances.unwrap();
    /// assert_eq!(table.get(4), Some(2));
    /// assert_eq!(table.descend(&Line(5), 4), Some(vec![4, 3, 2]));
    /// # Ok::<(), search_core::layers::SweepError>(())
    /// ```
    pub fn run<S, G, P>(&self, space: &S, goals: G, progress: P) -> Result<Layers, SweepError>
    where
        S: RankedSpace,
        G: IntoIterator<Item = S::State>,
        P: FnMut(&LayerReport),
    {
        self.sweep(space, goals, None::<&fn(&S::State, u64) -> bool>, progress)
    }

    /// Sweeps like [`run`](Sweep::run), and counts at every distance the
    /// states for which `census(state, rank)` holds (in
    /// [`Layers::census`]). Called once per reachable state, from any
    /// thread; the counts do not depend on the number of threads.
    ///
    /// With `census` accepting exactly one state of each class of
    /// symmetric states (say, the one of smallest rank), the census counts
    /// the classes at each distance.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::layers::{RankedSpace, Sweep, Table};
    ///
    /// // A ring of 10 states; count the even ones at each distance from 0.
    /// struct Ring;
    /// impl RankedSpace for Ring {
    ///     type State = u64;
    ///     fn size(&self) -> u64 { 10 }
    ///     fn rank(&self, s: &u64) -> u64 { *s }
    ///     fn unrank(&self, rank: u64) -> u64 { rank }
    ///     fn neighbours<F: FnMut(u64)>(&self, s: &u64, mut visit: F) {
    ///         visit((s + 1) % 10);
    ///         visit((s + 9) % 10);
    ///     }
    /// }
    ///
    /// let even = |s: &u64, _rank: u64| s % 2 == 0;
    /// let layers = Sweep::new(Table::TwoBits).run_with_census(&Ring, [0], even, |_| {})?;
    /// assert_eq!(layers.histogram, [1, 2, 2, 2, 2, 1]);
    /// assert_eq!(layers.census, [1, 0, 2, 0, 2, 0]);
    /// # Ok::<(), search_core::layers::SweepError>(())
    /// ```
    pub fn run_with_census<S, G, C, P>(
        &self,
        space: &S,
        goals: G,
        census: C,
        progress: P,
    ) -> Result<Layers, SweepError>
    where
        S: RankedSpace,
        G: IntoIterator<Item = S::State>,
        C: Fn(&S::State, u64) -> bool + Sync,
        P: FnMut(&LayerReport),
    {
        self.sweep(space, goals, Some(&census), progress)
    }

    fn sweep<S, G, C, P>(
        &self,
        space: &S,
        goals: G,
        census: Option<&C>,
        progress: P,
    ) -> Result<Layers, SweepError>
    where
        S: RankedSpace,
        G: IntoIterator<Item = S::State>,
        C: Fn(&S::State, u64) -> bool + Sync,
        P: FnMut(&LayerReport),
    {
        let size = space.size();
        let needed = self.memory_needed(size);
        if let Some(limit) = self.max_memory {
            if needed > limit {
                return Err(SweepError::MemoryLimit { needed, limit });
            }
        }
        let goals: Vec<S::State> = goals.into_iter().collect();
        for goal in &goals {
            let rank = space.rank(goal);
            if rank >= size {
                return Err(SweepError::RankOutOfRange { rank, size });
            }
        }
        match self.table {
            Table::Bytes => self.run_bytes(space, goals, census, progress),
            Table::TwoBits => self.run_two_bits(space, goals, census, progress),
        }
    }

    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    fn run_bytes<S, C, P>(
        &self,
        space: &S,
        goals: Vec<S::State>,
        census: Option<&C>,
        mut progress: P,
    ) -> Result<Layers, SweepError>
    where
        S: RankedSpace,
        C: Fn(&S::State, u64) -> bool + Sync,
        P: FnMut(&LayerReport),
    {
        let size = space.size();
        // Each cell holds distance + 1; 0 means unseen.
        let table: Vec<AtomicU8> = (0..to_index(size)).map(|_| AtomicU8::new(0)).collect();
        let claim = |rank: u64, mark: u8| {
            let cell = &table[to_index(rank)];
            cell.load(Ordering::Relaxed) == 0
                && cell
                    .compare_exchange(0, mark, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
        };
        // Layers are lists of states with their ranks.
        let mut frontier: Vec<(S::State, u64)> = goals
            .into_iter()
            .map(|g| {
                let rank = space.rank(&g);
                (g, rank)
            })
            .filter(|&(_, rank)| claim(rank, 1))
            .collect();
        let counted = |state: &S::State, rank: u64| census.is_some_and(|c| c(state, rank));
        let mut census_counts =
            vec![frontier.iter().filter(|(s, r)| counted(s, *r)).count() as u64];
        let mut histogram = Vec::new();
        let mut seen = 0;
        while !frontier.is_empty() {
            let distance = histogram.len() as u32;
            histogram.push(frontier.len() as u64);
            seen += frontier.len() as u64;
            progress(&LayerReport {
                distance,
                states: frontier.len() as u64,
                seen,
                size,
            });
            if self.cancelled() {
                return Err(SweepError::Cancelled);
            }
            let mark = u8::try_from(distance + 2)
                .ok()
                .filter(|&m| m != u8::MAX)
                .ok_or(SweepError::TooDeep)?;
            let expand = |chunk: &[(S::State, u64)]| {
                let mut next = Vec::new();
                let mut accepted = 0u64;
                for (state, rank) in chunk {
                    space.ranked_neighbours(state, *rank, |n, r| {
                        if claim(r, mark) {
                            accepted += u64::from(counted(&n, r));
                            next.push((n, r));
                        }
                    });
                }
                (next, accepted)
            };
            let accepted;
            (frontier, accepted) = if frontier.len() < PARALLEL_MIN {
                expand(&frontier)
            } else {
                let chunk = chunk_len(frontier.len());
                let parts: Vec<Frontier<S::State>> =
                    frontier.par_chunks(chunk).map(expand).collect();
                let accepted = parts.iter().map(|(_, a)| a).sum();
                (parts.into_iter().flat_map(|(p, _)| p).collect(), accepted)
            };
            if !frontier.is_empty() {
                census_counts.push(accepted);
            }
        }
        let bytes: Vec<u8> = table.into_iter().map(AtomicU8::into_inner).collect();
        // The cells of the last layer hold its distance + 1 = the number of layers.
        let last = histogram.len() as u8;
        let farthest = match last {
            0 => Vec::new(),
            _ => bytes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == last)
                .map(|(rank, _)| rank as u64)
                .take(self.farthest)
                .collect(),
        };
        Ok(Layers {
            histogram,
            farthest,
            distances: Some(DistanceTable { bytes }),
            census: if census.is_some() {
                census_counts
            } else {
                Vec::new()
            },
        })
    }

    fn run_two_bits<S, C, P>(
        &self,
        space: &S,
        goals: Vec<S::State>,
        census: Option<&C>,
        mut progress: P,
    ) -> Result<Layers, SweepError>
    where
        S: RankedSpace,
        C: Fn(&S::State, u64) -> bool + Sync,
        P: FnMut(&LayerReport),
    {
        let size = space.size();
        let words = size.div_ceil(CELLS_PER_WORD);
        let table: Vec<AtomicU64> = (0..to_index(words))
            .map(|_| AtomicU64::new(u64::MAX))
            .collect();
        let table = TwoBitTable { words: &table };
        let mut histogram = Vec::new();
        let mut layer = goals
            .iter()
            .filter(|g| table.claim(space.rank(g), 0))
            .count() as u64;
        let mut seen = 0;
        let mut farthest = Vec::new();
        let mut census_counts = Vec::new();
        let chunks = to_index(words.div_ceil(WORDS_PER_CHUNK));
        while layer > 0 {
            let distance = histogram.len() as u32;
            histogram.push(layer);
            seen += layer;
            progress(&LayerReport {
                distance,
                states: layer,
                seen,
                size,
            });
            if self.cancelled() {
                return Err(SweepError::Cancelled);
            }
            let current = (distance & 1) as u64;
            let sample_len = self.farthest;
            let parts: Vec<Expanded> = (0..chunks)
                .into_par_iter()
                .map(|chunk| table.expand_chunk(space, chunk, current, sample_len, census))
                .collect();
            layer = parts.iter().map(|p| p.found).sum();
            census_counts.push(parts.iter().map(|p| p.accepted).sum());
            farthest = parts
                .into_iter()
                .flat_map(|p| p.sample)
                .take(self.farthest)
                .collect();
        }
        Ok(Layers {
            histogram,
            farthest,
            distances: None,
            census: if census.is_some() {
                census_counts
            } else {
                Vec::new()
            },
        })
    }
}

/// A layer's states with their ranks, and how many of them the census accepted.
type Frontier<T> = (Vec<(T, u64)>, u64);

/// Below this many states a layer is expanded on the calling thread.
const PARALLEL_MIN: usize = 4096;

/// Splits `len` states into enough chunks to balance the threads.
fn chunk_len(len: usize) -> usize {
    (len / (rayon::current_num_threads() * 16)).max(1024)
}

const CELLS_PER_WORD: u64 = 32;
const WORDS_PER_CHUNK: u64 = 2048;
/// Cell codes of the two-bit table: a layer's parity is its code.
const DONE: u64 = 0b10;
const UNSEEN: u64 = 0b11;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// A table of two-bit cells in atomic words, 32 cells a word.
///
/// Codes: `UNSEEN`, `DONE`, and the parity of a distance (0 or 1) for the
/// layer being expanded and the one being found. During the expansion of
/// layer `d`, cells only move from `UNSEEN` to the code of `d + 1` (by any
/// thread) and from the code of `d` to `DONE` (by the thread expanding the
/// cell), so plain atomic AND and XOR suffice.
struct TwoBitTable<'a> {
    words: &'a [AtomicU64],
}

impl TwoBitTable<'_> {
    /// Marks `rank` with `code` if it is unseen; returns whether it was.
    #[inline]
    fn claim(&self, rank: u64, code: u64) -> bool {
        let word = &self.words[to_index(rank / CELLS_PER_WORD)];
        let shift = (rank % CELLS_PER_WORD) * 2;
        if (word.load(Ordering::Relaxed) >> shift) & 3 != UNSEEN {
            return false;
        }
        // Only other claims of the same code can race with this one, and
        // AND-ing the same mask again leaves the code unchanged.
        let before = word.fetch_and(!((UNSEEN ^ code) << shift), Ordering::Relaxed);
        (before >> shift) & 3 == UNSEEN
    }

    /// Expands every cell of code `current` in one chunk of words.
    fn expand_chunk<S, C>(
        &self,
        space: &S,
        chunk: usize,
        current: u64,
        sample_len: usize,
        census: Option<&C>,
    ) -> Expanded
    where
        S: RankedSpace,
        C: Fn(&S::State, u64) -> bool + Sync,
    {
        let next = current ^ 1;
        let size = space.size();
        let first = chunk * WORDS_PER_CHUNK as usize;
        let last = (first + WORDS_PER_CHUNK as usize).min(self.words.len());
        let mut found = 0u64;
        let mut accepted = 0u64;
        let mut sample = Vec::new();
        let pattern = if current == 1 { LOW_BITS } else { 0 };
        for w in first..last {
            let x = self.words[w].load(Ordering::Relaxed) ^ pattern;
            // One low bit per cell whose code equals `current`.
            let matches = !(x | (x >> 1)) & LOW_BITS;
            if matches == 0 {
                continue;
            }
            let mut bits = matches;
            while bits != 0 {
                let rank = w as u64 * CELLS_PER_WORD + u64::from(bits.trailing_zeros() / 2);
                bits &= bits - 1;
                if rank >= size {
                    break;
                }
                if sample.len() < sample_len {
                    sample.push(rank);
                }
                let mut visit = |n| {
                    if self.claim(n, next) {
                        found += 1;
                    }
                };
                match census {
                    None => space.neighbour_ranks(rank, visit),
                    Some(census) => {
                        let state = space.unrank(rank);
                        accepted += u64::from(census(&state, rank));
                        space.ranked_neighbours(&state, rank, |_, r| visit(r));
                    }
                }
            }
            // current -> DONE for every matched cell: XOR each with current ^ DONE.
            let flip = matches * (current ^ DONE);
            self.words[w].fetch_xor(flip, Ordering::Relaxed);
        }
        Expanded {
            found,
            accepted,
            sample,
        }
    }
}

/// What expanding one chunk of a two-bit table found.
struct Expanded {
    /// Cells newly claimed for the next layer.
    found: u64,
    /// Cells expanded that the census accepted.
    accepted: u64,
    /// The first ranks expanded, in order.
    sample: Vec<u64>,
}

/// The distance of every rank to the nearest goal, one byte each.
#[derive(Clone, PartialEq, Eq)]
pub struct DistanceTable {
    /// Distance + 1 per rank; 0 for unreachable.
    bytes: Vec<u8>,
}

impl fmt::Debug for DistanceTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DistanceTable")
            .field("ranks", &self.bytes.len())
            .finish()
    }
}

impl DistanceTable {
    /// The distance of the state of rank `rank`, or `None` if no goal can be
    /// reached from it (or the rank is out of range).
    pub fn get(&self, rank: u64) -> Option<u32> {
        let byte = *self.bytes.get(usize::try_from(rank).ok()?)?;
        byte.checked_sub(1).map(u32::from)
    }

    /// The number of ranks in the table.
    pub fn len(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// Whether the table has no ranks.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// A shortest path from `start` to a goal, read off the table by stepping
    /// to a neighbour one closer each time (the first such neighbour in the
    /// order `space` lists them). `None` if no goal can be reached from `start`.
    pub fn descend<S: RankedSpace>(&self, space: &S, start: S::State) -> Option<Vec<S::State>>
    where
        S::State: Clone,
    {
        let mut distance = self.get(space.rank(&start))?;
        let mut path = vec![start];
        while distance > 0 {
            let mut step = None;
            space.neighbours(path.last()?, |n| {
                if step.is_none() && self.get(space.rank(&n)) == Some(distance - 1) {
                    step = Some(n);
                }
            });
            path.push(step?);
            distance -= 1;
        }
        Some(path)
    }

    /// The length of a shortest path from `start` to the sweep's goals and
    /// the number of distinct shortest paths, counted without listing them:
    /// the paths are the descents through the table, one distance less at
    /// each step, and are counted layer by layer from `start` down, each
    /// state once. `Ok(None)` if no goal can be reached from `start`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::layers::{RankedSpace, Sweep, Table};
    ///
    /// // A 3x3 grid of cells, moves to the four neighbours: from a corner to
    /// // the opposite corner there are C(4, 2) = 6 shortest paths.
    /// struct Grid;
    /// impl RankedSpace for Grid {
    ///     type State = u64;
    ///     fn size(&self) -> u64 { 9 }
    ///     fn rank(&self, s: &u64) -> u64 { *s }
    ///     fn unrank(&self, r: u64) -> u64 { r }
    ///     fn neighbours<F: FnMut(u64)>(&self, &s: &u64, mut visit: F) {
    ///         let (x, y) = (s % 3, s / 3);
    ///         if x > 0 { visit(s - 1) }
    ///         if x < 2 { visit(s + 1) }
    ///         if y > 0 { visit(s - 3) }
    ///         if y < 2 { visit(s + 3) }
    ///     }
    /// }
    ///
    /// let layers = Sweep::new(Table::Bytes).run(&Grid, [0], |_| {})?;
    /// let count = layers.distances.unwrap().count_descents(&Grid, 8).unwrap().unwrap();
    /// assert_eq!((count.length, count.count), (4, 6));
    /// # Ok::<(), search_core::layers::SweepError>(())
    /// ```
    pub fn count_descents<S: RankedSpace>(
        &self,
        space: &S,
        start: S::State,
    ) -> Result<Option<PathCount>, Reason> {
        let Some(length) = self.get(space.rank(&start)) else {
            return Ok(None);
        };
        // The states `distance` away from the goals on some shortest path
        // from `start`, each with the number of paths reaching it.
        let mut layer: FxHashMap<u64, (S::State, u128)> = FxHashMap::default();
        layer.insert(space.rank(&start), (start, 1));
        for distance in (1..=length).rev() {
            let mut next: FxHashMap<u64, (S::State, u128)> = FxHashMap::default();
            let mut overflow = false;
            for (state, paths) in layer.values() {
                space.neighbours(state, |n| {
                    let rank = space.rank(&n);
                    if self.get(rank) == Some(distance - 1) {
                        let slot = &mut next.entry(rank).or_insert((n, 0)).1;
                        match slot.checked_add(*paths) {
                            Some(sum) => *slot = sum,
                            None => overflow = true,
                        }
                    }
                });
            }
            if overflow {
                return Err(Reason::Overflow);
            }
            layer = next;
        }
        let mut count = 0u128;
        for (_, paths) in layer.values() {
            count = count.checked_add(*paths).ok_or(Reason::Overflow)?;
        }
        Ok(Some(PathCount { length, count }))
    }
}
