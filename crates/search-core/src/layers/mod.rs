//! Layered breadth-first sweeps over a whole ranked state space: one
//! engine, the storage chosen.
//!
//! A [`Sweep`] starts from a set of goal states of any [`Ranked`] puzzle and
//! finds the distance of every reachable state: how many states lie at each
//! distance, the largest distance, and the states that need it. The loop
//! over layers (progress, cancellation, the histogram) is written once; a
//! [`Storage`] keeps what the sweep has seen and expands a layer on every
//! core ([`Table`]: one or two bytes a rank with the layers as lists of
//! states, or two bits a rank with each layer found by scanning,
//! [`cells`]). The results are the same whatever the number of threads:
//! counts are sums, and the farthest states are reported as the smallest
//! ranks of the last layer.
//!
//! # Example
//!
//! A ring of 10 states, each next to the two beside it.
//!
//! ```
//! use search_core::layers::{Sweep, Table};
//! use search_core::rules::{Ranked, Rules};
//!
//! struct Ring;
//! impl Rules for Ring {
//!     type State = u64;
//!     type Move = u64; // the state reached
//!     fn moves(&self, &s: &u64, out: &mut Vec<u64>) { out.extend([(s + 1) % 10, (s + 9) % 10]) }
//!     fn apply(&self, s: &mut u64, to: u64) { *s = to }
//!     fn undo(&self, s: &mut u64, to: u64) { *s = (to + 1) % 10 } // only for the test below
//! }
//! impl Ranked for Ring {
//!     fn size(&self) -> u64 { 10 }
//!     fn rank(&self, &s: &u64) -> u64 { s }
//!     fn unrank(&self, rank: u64) -> u64 { rank }
//!     fn neighbour_ranks<F: FnMut(u64)>(&self, rank: u64, _: &mut Vec<u64>, mut visit: F) {
//!         visit((rank + 1) % 10);
//!         visit((rank + 9) % 10);
//!     }
//! }
//!
//! let layers = Sweep::new(Table::TwoBits).run(&Ring, [0], |_| {})?;
//! assert_eq!(layers.histogram, [1, 2, 2, 2, 2, 1]);
//! assert_eq!(layers.max_distance(), Some(5));
//! assert_eq!(layers.farthest, [5]);
//! # Ok::<(), search_core::layers::SweepError>(())
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU16, Ordering};

use crate::rules::Ranked;

pub mod blocks;
pub mod cells;
mod dense;
mod distances;
mod two_bits;

pub use distances::{DistanceTable, ResidueTable};

/// What a sweep counts besides the states: `census(state, rank, distance)`.
pub trait Census<S>: Fn(&S, u64, u32) -> bool + Sync {}

impl<S, F: Fn(&S, u64, u32) -> bool + Sync> Census<S> for F {}

/// How a sweep keeps what it has seen, and finds and expands a layer: the
/// part of a layered breadth-first search that depends on the table. The
/// loop over layers is [`Sweep`]'s.
///
/// `census(state, rank, distance)`, where given, is called once for every
/// state reached, from any thread: the census of
/// [`Sweep::run_with_census`] counts where it holds, and the visits of
/// [`Sweep::run_visiting`] record each state.
pub trait Storage<S: Ranked> {
    /// Marks `goals` at distance 0; returns how many were new.
    fn seed<C: Census<S::State>>(
        &mut self,
        space: &S,
        goals: Vec<S::State>,
        census: Option<&C>,
    ) -> u64;

    /// Expands the layer at `distance` on every core, marking the states it
    /// reaches for the next layer; returns how many were new.
    fn expand<C: Census<S::State>>(
        &mut self,
        space: &S,
        distance: u32,
        census: Option<&C>,
    ) -> Result<u64, SweepError>;

    /// The sweep's result, once a layer found nothing: the histogram of the
    /// layers, and at most `farthest` of the last layer's smallest ranks.
    fn finish(self, histogram: Vec<u64>, farthest: usize) -> Layers;
}

/// How a sweep stores what it has seen.
///
/// | table | bytes a rank | depth | kept | a shortest path by |
/// | --- | --- | --- | --- | --- |
/// | `Bytes` | 1 (+ two layers' lists) | 254 | every distance | [`DistanceTable::descend`] |
/// | `Wide` | 2 (+ two layers' lists) | 65,534 | every distance | [`DistanceTable::descend`] |
/// | `TwoBits` | 1/4 | no limit | nothing but the counts | |
/// | `Residues` | 3/8 while sweeping, 1/4 kept | no limit | distances modulo 3 | [`ResidueTable::descend`] |
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Table {
    /// One byte per rank holding the distance (up to 254): the table is
    /// returned as a [`DistanceTable`]. Layers are kept as lists of states,
    /// so no state is ever unranked; their memory comes on top of the table.
    Bytes,
    /// Like [`Bytes`](Table::Bytes) with two bytes per rank, for distances up
    /// to 65,534.
    Wide,
    /// Two bits per rank (unseen, this layer, next layer, done): a quarter of
    /// the memory of a byte, no limit on depth, and no lists of states. Each
    /// layer scans the whole table and unranks the states it expands.
    TwoBits,
    /// Two bits per rank holding the distance modulo 3, kept as a
    /// [`ResidueTable`] that gives a shortest path from any state; while
    /// sweeping, one more bit per rank marks the states already expanded.
    /// No limit on depth; layers are found by scanning, as with
    /// [`TwoBits`](Table::TwoBits).
    Residues,
}

impl Table {
    /// Every table by its name.
    pub const NAMED: [(&'static str, Table); 4] = [
        ("bytes", Table::Bytes),
        ("wide", Table::Wide),
        ("two-bits", Table::TwoBits),
        ("residues", Table::Residues),
    ];

    /// Where none is chosen, the table of a space of `size` ranks: bytes
    /// (every distance kept) up to 50,000,000 ranks, two bits above.
    pub fn for_size(size: u64) -> Table {
        if size <= 50_000_000 {
            Table::Bytes
        } else {
            Table::TwoBits
        }
    }
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
    /// The distance of every rank, for [`Table::Bytes`] and [`Table::Wide`].
    pub distances: Option<DistanceTable>,
    /// The distance of every rank modulo 3, for [`Table::Residues`].
    pub residues: Option<ResidueTable>,
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
    /// The table's cells cannot hold the distances reached.
    TooDeep {
        /// The largest distance the cells hold.
        max: u32,
    },
    /// The cancellation flag was raised.
    Cancelled,
}

/// The one loop over layers: of every [`Sweep`], of the sliding tiles'
/// table build ([`pdb::tiles`](crate::pdb::tiles)) and of the sweep
/// sharded over processes (the crate `search-distributed`). `first` states
/// are at distance 0; then `expand(distance)` finds the states at the next
/// distance and returns how many, until it finds none; `progress` is called
/// after each layer. Returns the histogram of the layers, or the first
/// error of `expand`.
///
/// ```
/// // Layers of 1, 2 and 4 states, then none.
/// let histogram = search_core::layers::each_layer(7, 1, &mut |_| {}, |d| {
///     Ok::<u64, ()>(if d < 2 { 2 << d } else { 0 })
/// });
/// assert_eq!(histogram, Ok(vec![1, 2, 4]));
/// ```
pub fn each_layer<E>(
    size: u64,
    first: u64,
    progress: &mut dyn FnMut(&LayerReport),
    mut expand: impl FnMut(u32) -> Result<u64, E>,
) -> Result<Vec<u64>, E> {
    let mut layer = first;
    let mut histogram = Vec::new();
    let mut seen = 0;
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
        layer = expand(distance)?;
    }
    Ok(histogram)
}

/// Checks that a table of `needed` bytes stays within `max_memory`, if set.
pub(crate) fn within_memory(needed: u64, max_memory: Option<u64>) -> Result<(), SweepError> {
    match max_memory {
        Some(limit) if needed > limit => Err(SweepError::MemoryLimit { needed, limit }),
        _ => Ok(()),
    }
}

/// The rank of `goal`, checked to be below the size of `space`.
pub(crate) fn goal_rank<S: Ranked>(space: &S, goal: &S::State) -> Result<u64, SweepError> {
    let (rank, size) = (space.rank(goal), space.size());
    if rank < size {
        Ok(rank)
    } else {
        Err(SweepError::RankOutOfRange { rank, size })
    }
}

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SweepError::MemoryLimit { needed, limit } => {
                crate::Bytes::over_limit(f, "the distance table needs", *needed, *limit)
            }
            SweepError::RankOutOfRange { rank, size } => {
                write!(f, "rank {rank} is out of range 0..{size}")
            }
            SweepError::TooDeep { max } => write!(
                f,
                "distances beyond {max} do not fit the table's cells; use a wider table or two bits"
            ),
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
    /// use search_core::layers::{Sweep, SweepError, Table};
    /// use search_core::rules::{Ranked, Rules};
    ///
    /// /// States 0..n in a line, a move a step of +1 or -1.
    /// struct Line(u64);
    /// impl Rules for Line {
    ///     type State = u64;
    ///     type Move = i64;
    ///     fn moves(&self, &s: &u64, out: &mut Vec<i64>) {
    ///         if s + 1 < self.0 { out.push(1) }
    ///         if s > 0 { out.push(-1) }
    ///     }
    ///     fn apply(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(step) }
    ///     fn undo(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(-step) }
    /// }
    /// impl Ranked for Line {
    ///     fn size(&self) -> u64 { self.0 }
    ///     fn rank(&self, &s: &u64) -> u64 { s }
    ///     fn unrank(&self, rank: u64) -> u64 { rank }
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

    /// The memory limit, if any.
    pub fn max_memory(&self) -> Option<u64> {
        self.max_memory
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
    /// [`Table::Bytes`] and [`Table::Wide`], the lists of states of two
    /// layers come on top).
    pub fn memory_needed(&self, size: u64) -> u64 {
        let words = cells::TwoBits::words_for(size);
        match self.table {
            Table::Bytes => size,
            Table::Wide => size * 2,
            Table::TwoBits => words * 8,
            // The expanded flags: 32 a word of four bytes.
            Table::Residues => words * 12,
        }
    }

    /// Sweeps `space` from `goals`, calling `progress` after every layer.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::layers::{Sweep, Table};
    /// use search_core::rules::{Ranked, Rules};
    ///
    /// /// States 0..n in a line, a move a step of +1 or -1.
    /// struct Line(u64);
    /// impl Rules for Line {
    ///     type State = u64;
    ///     type Move = i64;
    ///     fn moves(&self, &s: &u64, out: &mut Vec<i64>) {
    ///         if s + 1 < self.0 { out.push(1) }
    ///         if s > 0 { out.push(-1) }
    ///     }
    ///     fn apply(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(step) }
    ///     fn undo(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(-step) }
    /// }
    /// impl Ranked for Line {
    ///     fn size(&self) -> u64 { self.0 }
    ///     fn rank(&self, &s: &u64) -> u64 { s }
    ///     fn unrank(&self, rank: u64) -> u64 { rank }
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
    pub fn run<S: Ranked<State: Send + Sync>>(
        &self,
        space: &S,
        goals: impl IntoIterator<Item = S::State>,
        mut progress: impl FnMut(&LayerReport),
    ) -> Result<Layers, SweepError> {
        let census = None::<&fn(&S::State, u64, u32) -> bool>;
        self.sweep(space, goals, census, &mut progress)
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
    /// use search_core::layers::{Sweep, Table};
    /// use search_core::rules::{Ranked, Rules};
    ///
    /// /// States 0..n in a line, a move a step of +1 or -1.
    /// struct Line(u64);
    /// impl Rules for Line {
    ///     type State = u64;
    ///     type Move = i64;
    ///     fn moves(&self, &s: &u64, out: &mut Vec<i64>) {
    ///         if s + 1 < self.0 { out.push(1) }
    ///         if s > 0 { out.push(-1) }
    ///     }
    ///     fn apply(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(step) }
    ///     fn undo(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(-step) }
    /// }
    /// impl Ranked for Line {
    ///     fn size(&self) -> u64 { self.0 }
    ///     fn rank(&self, &s: &u64) -> u64 { s }
    ///     fn unrank(&self, rank: u64) -> u64 { rank }
    /// }
    ///
    /// // Count the even states at each distance from 0.
    /// let even = |s: &u64, _rank: u64| s % 2 == 0;
    /// let layers = Sweep::new(Table::TwoBits).run_with_census(&Line(6), [0], even, |_| {})?;
    /// assert_eq!(layers.histogram, [1, 1, 1, 1, 1, 1]);
    /// assert_eq!(layers.census, [1, 0, 1, 0, 1, 0]);
    /// # Ok::<(), search_core::layers::SweepError>(())
    /// ```
    pub fn run_with_census<S: Ranked<State: Send + Sync>>(
        &self,
        space: &S,
        goals: impl IntoIterator<Item = S::State>,
        census: impl Fn(&S::State, u64) -> bool + Sync,
        mut progress: impl FnMut(&LayerReport),
    ) -> Result<Layers, SweepError> {
        let counts = |state: &S::State, rank: u64, _: u32| census(state, rank);
        self.sweep(space, goals, Some(&counts), &mut progress)
    }

    /// Sweeps like [`run`](Sweep::run), and calls `visit(state, rank,
    /// distance)` once for every reachable state, from any thread, in no
    /// particular order within a layer but layer after layer (every visit
    /// at a distance comes before any at a larger one): what a pattern
    /// database records.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use search_core::layers::{Sweep, Table};
    /// use search_core::rules::{Ranked, Rules};
    ///
    /// /// States 0..n in a line, a move a step of +1 or -1.
    /// struct Line(u64);
    /// impl Rules for Line {
    ///     type State = u64;
    ///     type Move = i64;
    ///     fn moves(&self, &s: &u64, out: &mut Vec<i64>) {
    ///         if s + 1 < self.0 { out.push(1) }
    ///         if s > 0 { out.push(-1) }
    ///     }
    ///     fn apply(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(step) }
    ///     fn undo(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(-step) }
    /// }
    /// impl Ranked for Line {
    ///     fn size(&self) -> u64 { self.0 }
    ///     fn rank(&self, &s: &u64) -> u64 { s }
    ///     fn unrank(&self, rank: u64) -> u64 { rank }
    /// }
    ///
    /// // The sum of all distances from 0 on a line of 5: 0 + 1 + 2 + 3 + 4.
    /// let total = AtomicU64::new(0);
    /// let add = |_: &u64, _rank: u64, d: u32| { total.fetch_add(u64::from(d), Ordering::Relaxed); };
    /// Sweep::new(Table::TwoBits).run_visiting(&Line(5), [0], add, |_| {})?;
    /// assert_eq!(total.into_inner(), 10);
    /// # Ok::<(), search_core::layers::SweepError>(())
    /// ```
    pub fn run_visiting<S: Ranked<State: Send + Sync>>(
        &self,
        space: &S,
        goals: impl IntoIterator<Item = S::State>,
        visit: impl Fn(&S::State, u64, u32) + Sync,
        mut progress: impl FnMut(&LayerReport),
    ) -> Result<Layers, SweepError> {
        let visits = |state: &S::State, rank: u64, distance: u32| {
            visit(state, rank, distance);
            false
        };
        let mut layers = self.sweep(space, goals, Some(&visits), &mut progress)?;
        layers.census.clear();
        Ok(layers)
    }

    /// Checks the memory and the goals, then runs the one layer loop over
    /// the storage the table names. `progress` is a trait object, here and
    /// in [`drive`](Sweep::drive), so that the sweep is compiled once per
    /// space, not once per caller's closure.
    fn sweep<S: Ranked<State: Send + Sync>>(
        &self,
        space: &S,
        goals: impl IntoIterator<Item = S::State>,
        census: Option<&impl Census<S::State>>,
        progress: &mut dyn FnMut(&LayerReport),
    ) -> Result<Layers, SweepError> {
        let size = space.size();
        within_memory(self.memory_needed(size), self.max_memory)?;
        let goals: Vec<S::State> = goals.into_iter().collect();
        for goal in &goals {
            goal_rank(space, goal)?;
        }
        match self.table {
            Table::Bytes => {
                let storage = dense::Listed::<AtomicU8, S>::new(size, census.is_some());
                self.drive(space, goals, census, progress, storage)
            }
            Table::Wide => {
                let storage = dense::Listed::<AtomicU16, S>::new(size, census.is_some());
                self.drive(space, goals, census, progress, storage)
            }
            Table::TwoBits => {
                let storage = two_bits::Scanned::new(size, false, self.farthest);
                self.drive(space, goals, census, progress, storage)
            }
            Table::Residues => {
                let storage = two_bits::Scanned::new(size, true, self.farthest);
                self.drive(space, goals, census, progress, storage)
            }
        }
    }

    /// The loop over layers: seed, then expand until a layer finds
    /// nothing, reporting each layer and stopping when cancelled.
    pub fn drive<S, T, C>(
        &self,
        space: &S,
        goals: Vec<S::State>,
        census: Option<&C>,
        progress: &mut dyn FnMut(&LayerReport),
        mut storage: T,
    ) -> Result<Layers, SweepError>
    where
        S: Ranked,
        T: Storage<S>,
        C: Census<S::State>,
    {
        let first = storage.seed(space, goals, census);
        let histogram = each_layer(space.size(), first, progress, |distance| {
            if self.cancelled() {
                return Err(SweepError::Cancelled);
            }
            storage.expand(space, distance, census)
        })?;
        Ok(storage.finish(histogram, self.farthest))
    }

    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}
