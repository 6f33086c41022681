//! Pattern databases, built once for any abstraction of a puzzle.
//!
//! An [`Abstraction`] maps a puzzle's states onto a smaller space of
//! abstract states (forget which of several pieces is which, or keep only a
//! few pieces), whose moves are the images of the puzzle's moves, and groups
//! abstract states by *pattern*. [`PatternDb::build`] sweeps the abstract
//! space from the abstract goals, layer by layer in parallel
//! ([`Sweep`]), and keeps per pattern the fewest abstract moves from any
//! abstract state of that pattern to a goal: one byte a pattern. Where every
//! puzzle move maps to one abstract move (or none), no puzzle state needs
//! fewer moves than its pattern's value, so the value is an admissible lower
//! bound for IDA*. Sums of databases over disjoint groups of pieces whose
//! abstract moves each count only their own pieces' moves stay admissible
//! (additive databases); the larger of two admissible values is admissible
//! (several databases, or one applied to a reflected board).
//!
//! The sweep may keep two bits per abstract state ([`Table::TwoBits`]): each
//! value is recovered from the layer in which its state is expanded, so a
//! table costs one byte a pattern plus two bits an abstract state while it
//! is built, and one byte a pattern once built. The bytes are serialised
//! with a key naming what they were built for and a checksum, so that a
//! cached file that is stale or corrupt is refused rather than trusted
//! ([`checksum`], or [`Checksum`] for bytes streamed a piece at a time).
//!
//! The abstraction of sliding puzzles' additive databases (a group's
//! placement and the region in which the blank moves for free) is written
//! once in [`regions`]; [`tiles`] gives the same abstraction for groups of
//! distinct tiles as a space in blocks
//! ([`layers::blocks`](crate::layers::blocks)), which
//! [`PatternDb::build_in_blocks`] sweeps block by block.
//!
//! # Example
//!
//! Eight pancakes: a flip turns over the top `k` of the stack. The pattern
//! is where the three largest pancakes are (the others are alike).
//!
//! ```
//! use search_core::layers::{Sweep, Table};
//! use search_core::pdb::{Abstraction, PatternDb};
//! use search_core::rules::{Ranked, Rules};
//!
//! const N: usize = 8;
//! /// A stack with the pancakes of size 0..5 unnamed (5): the positions of
//! /// sizes 5, 6 and 7, ranked as a number in base N; a move turns over
//! /// the top `k`.
//! struct Largest;
//! impl Rules for Largest {
//!     type State = [u8; N];
//!     type Move = usize;
//!     fn moves(&self, _: &[u8; N], out: &mut Vec<usize>) { out.extend(2..=N) }
//!     fn apply(&self, s: &mut [u8; N], k: usize) { s[..k].reverse() }
//!     fn undo(&self, s: &mut [u8; N], k: usize) { s[..k].reverse() }
//! }
//! impl Ranked for Largest {
//!     fn size(&self) -> u64 { (N * N * N) as u64 }
//!     fn rank(&self, s: &[u8; N]) -> u64 {
//!         (5..8).fold(0, |r, p| r * N as u64 + s.iter().position(|&x| x == p).unwrap() as u64)
//!     }
//!     fn unrank(&self, mut r: u64) -> [u8; N] {
//!         let mut s = [5; N];
//!         for p in (5..8).rev() { s[(r % N as u64) as usize] = p; r /= N as u64; }
//!         s
//!     }
//! }
//! struct Pancakes;
//! impl Abstraction for Pancakes {
//!     type Space = Largest;
//!     fn space(&self) -> &Largest { &Largest }
//!     fn goals(&self) -> Vec<[u8; N]> { vec![[5, 5, 5, 5, 5, 5, 6, 7]] }
//!     fn patterns(&self) -> u64 { Largest.size() }
//!     fn pattern(&self, _: &[u8; N], rank: u64) -> u64 { rank }
//! }
//!
//! let db = PatternDb::build(&Pancakes, &Sweep::new(Table::TwoBits), |_| {})?;
//! let stack = [7, 6, 5, 5, 5, 5, 5, 5]; // the three largest on top, upside down
//! assert_eq!(db.get(Largest.rank(&stack)), Some(1)); // one flip of all eight
//! let bytes = db.to_bytes("pancakes 8, largest 3");
//! assert_eq!(PatternDb::from_bytes(&bytes, "pancakes 8, largest 3")?, db);
//! assert!(PatternDb::from_bytes(&bytes, "pancakes 9, largest 3").is_err());
//! # Ok::<(), search_core::pdb::PdbError>(())
//! ```

use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

#[cfg(doc)]
use crate::layers::Table;
use crate::layers::blocks::{Blocked, Blocks, InBlocks};
use crate::layers::{LayerReport, Layers, Sweep, SweepError};
use crate::rules::Ranked;
pub use crate::stored::{Checksum, checksum};
use crate::stored::{Reader, Writer};
use crate::visited::to_index;

pub mod regions;
pub mod tiles;
mod zero_aware;

pub use zero_aware::ZeroAware;

/// For the tests: placements of `K` distinct tiles as one kind each, the
/// masks' cells ranked by `perm_rank::Placements`.
#[cfg(test)]
struct Distinct<'a>(&'a perm_rank::Placements);

#[cfg(test)]
impl<const K: usize> regions::PlacementRanking<K> for Distinct<'_> {
    fn count(&self) -> u64 {
        self.0.count()
    }
    fn rank(&self, pieces: &[u64; K]) -> u64 {
        self.0
            .rank_unchecked(&pieces.map(|m| m.trailing_zeros() as u8))
    }
    fn unrank(&self, rank: u64) -> [u64; K] {
        use perm_rank::Ranking;
        let cells = self.0.unrank_vec(rank).expect("a rank below count()");
        std::array::from_fn(|i| 1 << cells[i])
    }
}

/// A puzzle's abstraction, as [`PatternDb::build`] needs it.
///
/// The abstract space is [`Ranked`] rules of their own (the puzzle's moves
/// as they act on abstract states), whose moves must be reversible (the
/// sweep measures distances *to* the goals) and cost one each.
pub trait Abstraction: Sync {
    /// The abstract states and their moves.
    type Space: Ranked<State: Send + Sync>;

    /// The abstract space.
    fn space(&self) -> &Self::Space;

    /// The abstract goals: the images of the puzzle's goals.
    fn goals(&self) -> Vec<<Self::Space as crate::rules::Rules>::State>;

    /// The number of patterns; every pattern is below it.
    fn patterns(&self) -> u64;

    /// The pattern of the abstract state `state` (whose rank is `rank`): the
    /// table entry it shares with the states that differ from it only in
    /// what the bound forgets (where the blank is, for a sliding puzzle's
    /// additive databases).
    fn pattern(&self, state: &<Self::Space as crate::rules::Rules>::State, rank: u64) -> u64;
}

/// The plainest abstraction: an abstract space of [`Ranked`] rules (a
/// puzzle's rules on states that tell fewer pieces apart, say), every
/// abstract state its own pattern, and the images of the goals.
#[derive(Debug, Clone)]
pub struct States<'a, R: Ranked> {
    space: &'a R,
    goals: Vec<R::State>,
}

impl<'a, R: Ranked> States<'a, R> {
    /// The states of `space`, towards `goals`.
    pub fn new(space: &'a R, goals: impl IntoIterator<Item = R::State>) -> Self {
        States {
            space,
            goals: goals.into_iter().collect(),
        }
    }
}

impl<R: Ranked> Abstraction for States<'_, R> {
    type Space = R;

    fn space(&self) -> &R {
        self.space
    }

    fn goals(&self) -> Vec<R::State> {
        self.goals.clone()
    }

    fn patterns(&self) -> u64 {
        self.space.size()
    }

    fn pattern(&self, _: &R::State, rank: u64) -> u64 {
        rank
    }
}

/// A pattern database as a [`Bound`](crate::bound::Bound) of a puzzle's
/// rules: the value of the pattern `pattern(state)` gives of each state,
/// looked up from scratch at every state ([`DEAD`](crate::bound::DEAD)
/// where no goal is reached). A puzzle whose moves change a pattern in a
/// known way writes its own incremental lookup instead.
#[derive(Debug, Clone)]
pub struct Lookup<'a, F> {
    db: &'a PatternDb,
    pattern: F,
}

impl<'a, F> Lookup<'a, F> {
    /// `db`, read at `pattern(state)`.
    pub fn new(db: &'a PatternDb, pattern: F) -> Self {
        Lookup { db, pattern }
    }
}

impl<R, F> crate::bound::Bound<R> for Lookup<'_, F>
where
    R: crate::rules::Rules + ?Sized,
    F: Fn(&R::State) -> u64,
{
    type Memo = ();

    #[inline]
    fn start(&self, _: &R, state: &R::State) -> (u32, ()) {
        let pattern = (self.pattern)(state);
        (self.db.get(pattern).unwrap_or(crate::bound::DEAD), ())
    }

    #[inline]
    fn after(&self, rules: &R, state: &R::State, _: R::Move, _: &mut (), _: u32) -> u32 {
        self.start(rules, state).0
    }
}

/// One byte a pattern: the fewest abstract moves from the pattern to a goal.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDb {
    /// The value per pattern; [`UNREACHED`] where no goal can be reached.
    values: Vec<u8>,
}

/// The stored value of a pattern from which no abstract goal is reached.
pub const UNREACHED: u8 = u8::MAX;

/// The file format's first bytes, with its version.
const MAGIC: &[u8; 8] = b"SCPDB\x00\x00\x01";

/// Why a pattern database was not built or not read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PdbError {
    /// The build would need more memory than allowed.
    MemoryLimit {
        /// Bytes the build needs at its peak.
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
    /// An abstract goal lies farther than 254 moves from some pattern.
    TooDeep,
    /// The sweep of the abstract space stopped.
    Sweep(SweepError),
    /// The bytes are not a pattern database, or were damaged.
    Corrupt(String),
    /// The bytes hold a database built for something else.
    Stale {
        /// What the caller asked for.
        expected: String,
        /// What the bytes were built for.
        found: String,
    },
    /// The abstraction cannot be built as described (a group of tiles off
    /// the board, too many cells).
    Abstraction(String),
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::MemoryLimit { needed, limit } => {
                crate::Bytes::over_limit(f, "building the pattern database needs", *needed, *limit)
            }
            PdbError::TooDeep => write!(f, "a pattern lies more than 254 moves from the goals"),
            PdbError::Sweep(e) => write!(f, "{e}"),
            PdbError::Corrupt(why) => write!(f, "not a pattern database: {why}"),
            PdbError::Stale { expected, found } => write!(
                f,
                "the pattern database was built for {found:?}, not {expected:?}"
            ),
            PdbError::Abstraction(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for PdbError {}

impl fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDb")
            .field("patterns", &self.values.len())
            .finish()
    }
}

/// The values of a build, as the sweep records them: references only, so
/// that the sweep's closures hold them by value, a load away.
struct Values<'a, A> {
    abstraction: &'a A,
    values: &'a [AtomicU8],
}

impl<A> Clone for Values<'_, A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A> Copy for Values<'_, A> {}

impl<A: Abstraction> Values<'_, A> {
    /// The state `state` (of rank `rank`) lies `distance` moves from a goal.
    #[inline]
    fn record(&self, state: &<A::Space as crate::rules::Rules>::State, rank: u64, distance: u32) {
        let slot = &self.values[to_index(self.abstraction.pattern(state, rank))];
        // The sweeps visit layer after layer, every state of a layer with
        // the same distance: the first value a pattern gets is its least.
        // Distances past 254 are left UNREACHED, and caught by the build.
        if slot.load(Ordering::Relaxed) == UNREACHED {
            slot.store(
                u8::try_from(distance).unwrap_or(UNREACHED),
                Ordering::Relaxed,
            );
        }
    }
}

impl PatternDb {
    /// The bytes a build of `abstraction` by `sweep` needs at its peak: the
    /// sweep's table over the abstract space and one byte a pattern.
    pub fn memory_needed<A: Abstraction>(abstraction: &A, sweep: &Sweep) -> u64 {
        sweep.memory_needed(abstraction.space().size()) + abstraction.patterns()
    }

    /// Builds the database of `abstraction` by sweeping its space with
    /// `sweep` (whose table and memory limit apply to the whole build),
    /// calling `progress` after every layer. The values do not depend on the
    /// number of threads.
    pub fn build<A, P>(
        abstraction: &A,
        sweep: &Sweep,
        mut progress: P,
    ) -> Result<PatternDb, PdbError>
    where
        A: Abstraction,
        P: FnMut(&LayerReport),
    {
        PatternDb::build_reporting(abstraction, sweep, &mut progress)
    }

    /// [`build`](PatternDb::build), compiled once per abstraction whatever
    /// the caller's closure.
    fn build_reporting<A: Abstraction>(
        abstraction: &A,
        sweep: &Sweep,
        progress: &mut dyn FnMut(&LayerReport),
    ) -> Result<PatternDb, PdbError> {
        let space = abstraction.space();
        let table = sweep.memory_needed(space.size());
        PatternDb::build_by(abstraction, sweep, table, |values| {
            let record = move |state: &_, rank, distance| values.record(state, rank, distance);
            sweep.run_visiting(space, abstraction.goals(), record, progress)
        })
    }

    /// Builds the database of an abstraction whose space is described in
    /// blocks, as [`build`](PatternDb::build) does, sweeping it block by
    /// block ([`Sweep::run_in_blocks`]: two bits a state, the sweep's table
    /// not used; its memory limit applies to the whole build).
    pub fn build_in_blocks<A, B, P>(
        abstraction: &A,
        sweep: &Sweep,
        mut progress: P,
    ) -> Result<PatternDb, PdbError>
    where
        A: Abstraction<Space = Blocked<B>>,
        B: Blocks,
        P: FnMut(&LayerReport),
    {
        PatternDb::build_in_blocks_reporting(abstraction, sweep, &mut progress)
    }

    /// [`build_in_blocks`](PatternDb::build_in_blocks), compiled once per
    /// abstraction whatever the caller's closure.
    fn build_in_blocks_reporting<A, B>(
        abstraction: &A,
        sweep: &Sweep,
        progress: &mut dyn FnMut(&LayerReport),
    ) -> Result<PatternDb, PdbError>
    where
        A: Abstraction<Space = Blocked<B>>,
        B: Blocks,
    {
        let space = abstraction.space();
        let table = InBlocks::memory_needed(space.0.blocks(), space.0.block_size());
        PatternDb::build_by(abstraction, sweep, table, |values| {
            let record = move |state: &_, rank, distance| values.record(state, rank, distance);
            sweep.run_in_blocks(space, abstraction.goals(), record, progress)
        })
    }

    /// The build of either storage: checks the memory (`table` bytes for the
    /// sweep, and a byte a pattern), then `sweep(values)` records every state
    /// reached in `values`.
    fn build_by<A: Abstraction>(
        abstraction: &A,
        sweep: &Sweep,
        table: u64,
        run: impl FnOnce(Values<'_, A>) -> Result<Layers, SweepError>,
    ) -> Result<PatternDb, PdbError> {
        let needed = table + abstraction.patterns();
        if let Some(limit) = sweep.max_memory() {
            if needed > limit {
                return Err(PdbError::MemoryLimit { needed, limit });
            }
        }
        let values: Vec<AtomicU8> = (0..to_index(abstraction.patterns()))
            .map(|_| AtomicU8::new(UNREACHED))
            .collect();
        let layers = run(Values {
            abstraction,
            values: &values,
        })
        .map_err(PdbError::Sweep)?;
        if layers.histogram.len() > usize::from(UNREACHED) {
            return Err(PdbError::TooDeep);
        }
        Ok(PatternDb {
            values: values.into_iter().map(AtomicU8::into_inner).collect(),
        })
    }

    /// The value of `pattern`: the fewest abstract moves to a goal, or
    /// `None` if no goal can be reached from it (or it is out of range).
    pub fn get(&self, pattern: u64) -> Option<u32> {
        let value = *self.values.get(usize::try_from(pattern).ok()?)?;
        (value != UNREACHED).then_some(u32::from(value))
    }

    /// The values, one byte a pattern ([`UNREACHED`] where no goal is
    /// reached), for a puzzle that keeps its table in its own type.
    pub fn into_values(self) -> Vec<u8> {
        self.values
    }

    /// The number of patterns.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether the database has no patterns.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The largest value of any pattern that reaches a goal.
    pub fn max_value(&self) -> Option<u32> {
        self.values
            .iter()
            .filter(|&&v| v != UNREACHED)
            .max()
            .map(|&v| u32::from(v))
    }

    /// The database as bytes: a header, `key` (what it was built for: the
    /// abstraction and the goal, in the caller's words), the values, and a
    /// checksum of all that.
    pub fn to_bytes(&self, key: &str) -> Vec<u8> {
        let mut out = Writer::new(MAGIC, key, self.values.len() + 8);
        out.number(self.values.len());
        out.bytes(&self.values);
        out.finish()
    }

    /// Reads bytes written by [`to_bytes`](PatternDb::to_bytes), checking
    /// them whole (header, lengths, checksum) and refusing a database built
    /// for another key than `key`.
    pub fn from_bytes(bytes: &[u8], key: &str) -> Result<PatternDb, PdbError> {
        let corrupt = |why: &str| PdbError::Corrupt(why.to_string());
        let (mut body, found) = Reader::open(bytes, MAGIC).map_err(corrupt)?;
        let count = body.number().map_err(corrupt)?;
        let values = body.take(count).map_err(corrupt)?.to_vec();
        body.end("values").map_err(PdbError::Corrupt)?;
        if found != key {
            return Err(PdbError::Stale {
                expected: key.to_string(),
                found,
            });
        }
        Ok(PatternDb { values })
    }
}
