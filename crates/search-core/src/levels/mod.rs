//! Breadth-first levels kept as sorted lists of states, for spaces too big
//! or too sparse to rank densely (a peg solitaire board of 33 holes has
//! 2^33 sets of pegs, of which a few million are reachable).
//!
//! Level `k` holds the states first reached in `k` steps. A puzzle gives
//! its states as small keys (a position packed in a `u64`, reduced to a
//! canonical form under its symmetries with [`BitSymmetries`]) and an
//! expansion function; this module expands a level in parallel, sorts and
//! deduplicates the keys found (a radix sort, in batches so that the
//! buffer stays bounded whatever the branching), removes those of earlier
//! levels, checks the memory limit, and reports each level.
//!
//! Results do not depend on the number of threads (set with
//! [`crate::par::with_threads`]): a level is the sorted set of the keys
//! found, and the counts are sums.
//!
//! | item | what |
//! | --- | --- |
//! | [`LevelSearch`] | a breadth-first search by levels from a set of keys, with a memory limit and a report per level |
//! | [`LevelSearch::between`] | the states on paths between two sets, by levels grown from both ends until they meet |
//! | [`LevelSearch::between_mirrored`] | the same in a graph with a mirror, by levels grown from one end to the middle |
//! | [`expand_level`] | one level's successors, sorted and each once, in parallel |
//! | [`expand_level_within`] | the same, giving up once its buffers pass a number of bytes |
//! | [`BitSymmetries`] | permutations of the bits of a `u64` and the least image under a group of them |
//! | [`remove_known`], [`first_common`], [`intersect`] | sets as sorted lists |
//! | [`map_level`] | a level's images under a map, sorted, in parallel |
//! | [`LevelSearch::carry_back`], [`LevelSearch::carry_forward`] | values carried from a level into the next, back along the steps into each state or on along those from it (the paths counted), in parallel |
//! | [`KeptSteps`] | the steps between two levels that a search between two ends kept ([`LevelSearch::with_steps`]), values carried back along them |
//!
//! # Example
//!
//! The subsets of `{0, .., 5}` reached from the full set by removing one
//! or two elements at a step, up to rotation of the six elements.
//!
//! ```
//! use search_core::levels::{BitSymmetries, LevelSearch};
//!
//! let rotations: Vec<Vec<u8>> = (0..6).map(|r| (0..6).map(|i| (i + r) % 6).collect()).collect();
//! let symmetries = BitSymmetries::new(&rotations);
//! let expand = |&set: &u64, out: &mut Vec<u64>| {
//!     let mut moves = 0;
//!     for i in 0..6 {
//!         for j in i..6 {
//!             let remove = (1u64 << i) | (1 << j);
//!             if set & remove == remove {
//!                 out.push(symmetries.canonical(set & !remove));
//!                 moves += 1;
//!             }
//!         }
//!     }
//!     moves
//! };
//! let levels = LevelSearch::new(6).run(vec![0b11_1111], expand, |_| false, |_| {})?;
//! // After one step, 5 elements (one class) or 4 (three: the two removed
//! // adjacent, one apart, opposite); then 3 (four classes) or 2 (three);
//! // then 1 or none.
//! assert_eq!(levels.histogram, [1, 4, 7, 2]);
//! assert_eq!(levels.levels[3], [0b0, 0b1]);
//! # Ok::<(), search_core::levels::LevelError>(())
//! ```

use std::fmt;

use rayon::prelude::*;

use crate::Stats;
use filter::KeyFilter;

mod between;
mod dense;
mod filter;
mod key;
mod mirrored;
mod packed;
mod radix;
mod ranking;
mod sorted;
mod steps;
mod symmetry;

pub use between::Between;
use dense::{BitLevel, Marks};
pub use key::{Expand, Key};
pub use ranking::{LevelRanking, NoRanking, RankCursor, Ranks, Unranked};
pub use sorted::{
    Expanded, FLUSH, expand_level, expand_level_within, first_common, intersect, map_level,
    mirror_positions, remove_known, sum_over,
};
pub use steps::KeptSteps;
pub use symmetry::BitSymmetries;

/// Progress of a search by levels, reported once per level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelReport {
    /// Whether the level grew backwards (from a goal, by moves undone).
    pub backward: bool,
    /// The level's number of steps.
    pub level: u32,
    /// The states in the level.
    pub states: u64,
    /// The states kept in memory now, this level included.
    pub kept: u64,
    /// The bytes counted for them.
    pub bytes: u64,
}

/// Why a search by levels stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LevelError {
    /// The levels would need more memory than allowed.
    MemoryLimit {
        /// Bytes needed.
        needed: u64,
        /// Bytes allowed.
        limit: u64,
    },
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LevelError::MemoryLimit { needed, limit } = *self;
        crate::Bytes::over_limit(f, "the levels need", needed, limit)
    }
}

impl std::error::Error for LevelError {}

impl From<LevelError> for crate::puzzle::SolveError {
    fn from(e: LevelError) -> Self {
        match e {
            LevelError::MemoryLimit { needed, limit } => {
                crate::puzzle::SolveError::TooLarge { needed, limit }
            }
        }
    }
}

/// The settings of a breadth-first search by levels ([`LevelSearch::run`]).
///
/// Levels are sorted lists of keys, unless the puzzle ranks the keys a
/// level may hold ([`with_ranks`](Self::with_ranks)): then a level whose
/// keys are dense enough among those ranked is built as a bit array over
/// their ranks and read back sorted (the same level, without sorting the
/// keys found).
#[derive(Debug, Clone)]
pub struct LevelSearch<R = Unranked> {
    ranks: R,
    bits: u32,
    bytes_per_state: u64,
    max_memory: Option<u64>,
    max_level: Option<u32>,
    disjoint: bool,
    keep: Option<usize>,
    backward: bool,
    mirrored_levels: bool,
    steps: bool,
}

/// The result of [`LevelSearch::run`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Levels<T> {
    /// `histogram[k]`: the states first reached in `k` steps.
    pub histogram: Vec<u64>,
    /// The levels kept (all, unless [`LevelSearch::disjoint_keeping`] said
    /// otherwise), each sorted ascending.
    pub levels: Vec<Vec<T>>,
    /// States expanded (those of every level expanded) and kept (those of
    /// every level after the first).
    pub stats: Stats,
}

/// A level is built as a bit array when its bit array has no more words
/// than this many times the states expanded to build it.
const DENSE_WORDS_PER_STATE: u64 = 8;

/// A level grown as a bit array, in a search between two ends, is kept as
/// it (its [`Marks`], read by the levels filtered back) when the array
/// holds no more bytes than this many keys a state of the level; else it
/// is packed.
const MARKS_KEYS_PER_STATE: u64 = 2;

impl LevelSearch {
    /// A search over keys below `2^bits`, with no memory limit, counting
    /// 16 bytes a state (a key in its level, and one while the level is
    /// built), keeping every level, and removing from each level the
    /// states of the levels before it.
    pub fn new(bits: u32) -> LevelSearch {
        LevelSearch {
            ranks: Unranked,
            bits,
            bytes_per_state: 16,
            max_memory: None,
            max_level: None,
            disjoint: false,
            keep: None,
            backward: false,
            mirrored_levels: true,
            steps: false,
        }
    }
}

impl<R: Ranks> LevelSearch<R> {
    /// The same search with the keys of level `k` (`k` steps from the
    /// sources) ranked by `ranks.level(k)` where it has a ranking: such a
    /// level is built as a bit array over the ranks when the array has no
    /// more words than twice the states expanded to build it (and fits the
    /// memory limit), its bytes counted while it is built. Keys must be
    /// below `2^64`.
    pub fn with_ranks<Q: Ranks>(self, ranks: Q) -> LevelSearch<Q> {
        LevelSearch {
            ranks,
            bits: self.bits,
            bytes_per_state: self.bytes_per_state,
            max_memory: self.max_memory,
            max_level: self.max_level,
            disjoint: self.disjoint,
            keep: self.keep,
            backward: self.backward,
            mirrored_levels: self.mirrored_levels,
            steps: self.steps,
        }
    }

    /// Refuse, before keeping a level, to count more bytes than `limit`
    /// (no limit unless this is called).
    pub fn with_max_memory(mut self, limit: u64) -> Self {
        self.max_memory = Some(limit);
        self
    }

    /// Count `bytes` per state against the limit.
    pub fn with_bytes_per_state(mut self, bytes: u64) -> Self {
        self.bytes_per_state = bytes;
        self
    }

    /// Stop after level `level`.
    pub fn with_max_level(mut self, level: Option<u32>) -> Self {
        self.max_level = level;
        self
    }

    /// The puzzle guarantees that no state lies in two levels (each step
    /// changes a count, the pegs on a board, say): the levels are not
    /// compared, and only the first `keep` are kept (the others are
    /// counted, and dropped once expanded).
    pub fn disjoint_keeping(mut self, keep: usize) -> Self {
        self.disjoint = true;
        self.keep = Some(keep);
        self
    }

    /// The ranking of level `next`, where it has one and a bit array over
    /// it is worth building from `states` states and fits the memory limit
    /// after `kept` bytes.
    fn dense(&self, next: usize, states: usize, kept: u64) -> Option<R::Level<'_>> {
        let bytes = BitLevel::bytes_for(self.ranks.count(next)?);
        let worth = bytes / 8 <= (states as u64).saturating_mul(DENSE_WORDS_PER_STATE);
        let fits = self
            .max_memory
            .is_none_or(|limit| kept.saturating_add(bytes) <= limit);
        if worth && fits {
            self.ranks.level(next)
        } else {
            None
        }
    }

    /// The successors of `level` (level `next`): as a bit array where the
    /// level has a ranking worth it ([`dense`](Self::dense)), else
    /// [`expand_level`], giving up once the buffers that build them hold
    /// more than the memory limit leaves after the `kept` bytes. Where the
    /// level is only compared with the sorted keys `meets` (the other end's
    /// level, in a search from both ends): as a bit array, the keys of
    /// `meets` marked in it; sorted, the keys that a filter of `meets`
    /// passes (two hash bits a key in 8 to 16 bits a key, about one wrong
    /// pass in twenty), its bytes counted. With `marks`, the bit array is
    /// kept too where it is small enough ([`MARKS_KEYS_PER_STATE`]).
    #[allow(clippy::too_many_arguments)]
    fn grow<T: Key, E: Expand<T>>(
        &self,
        bit_level: &mut BitLevel,
        next: usize,
        level: &[T],
        expand: &E,
        kept: u64,
        meets: Option<&[T]>,
        marks: bool,
    ) -> Result<(Expanded<T>, Option<Marks>), LevelError> {
        if let Some(ranking) = self.dense(next, level.len(), kept) {
            let (generated, _) = bit_level.mark_successors(level, &ranking, expand, false, None);
            let (keys, marks) = match meets {
                Some(other) => (
                    bit_level.keep_marked(other.par_iter().copied(), &ranking),
                    None,
                ),
                None if marks => {
                    let bytes = BitLevel::bytes_for(ranking.count());
                    let key = std::mem::size_of::<T>() as u64;
                    bit_level
                        .take_marks(&ranking, |n| bytes <= MARKS_KEYS_PER_STATE * key * n as u64)
                }
                None => (bit_level.take(&ranking), None),
            };
            return Ok((Expanded { keys, generated }, marks));
        }
        let expanded = match meets {
            None => self.sorted(level, expand, kept)?,
            Some(other) => {
                let filter = KeyFilter::new(other);
                self.sorted(level, &filter.keeping(expand), kept + filter.bytes())?
            }
        };
        Ok((expanded, None))
    }

    /// Sorts `keys` and drops the repeats.
    fn sort_set<T: Key>(&self, keys: &mut Vec<T>) {
        let distinct = T::sort_dedup(keys, &mut Vec::new(), self.bits);
        keys.truncate(distinct);
    }

    /// [`expand_level`], within the memory limit left after `kept` bytes.
    fn sorted<T: Key, E: Expand<T>>(
        &self,
        level: &[T],
        expand: &E,
        kept: u64,
    ) -> Result<Expanded<T>, LevelError> {
        let Some(limit) = self.max_memory else {
            return Ok(expand_level(level, self.bits, expand));
        };
        expand_level_within(level, self.bits, limit.saturating_sub(kept), expand).map_err(|held| {
            LevelError::MemoryLimit {
                needed: kept.saturating_add(held),
                limit,
            }
        })
    }

    /// Leave empty, in [`between_mirrored`](Self::between_mirrored), the
    /// levels `k` past the middle, `depth / 2` (each the mirrors of level
    /// `depth - k`, as many states), for a caller that needs only their
    /// sizes.
    pub fn without_mirrored_levels(mut self) -> Self {
        self.mirrored_levels = false;
        self
    }

    /// Keep, in the searches between two ends ([`between`](Self::between),
    /// [`between_mirrored`](Self::between_mirrored)), the steps back into
    /// the levels below the meeting that the search found
    /// ([`Between::steps`]), where those levels are bit arrays: values are
    /// then carried back along them ([`KeptSteps::carry_back`]) without
    /// finding them again, for four bytes a step and a state.
    pub fn with_steps(mut self) -> Self {
        self.steps = true;
        self
    }

    /// Report the levels as grown backwards.
    pub fn backward(mut self, backward: bool) -> Self {
        self.backward = backward;
        self
    }

    /// Level 0 is `first` (sorted and deduplicated here); level `k + 1`
    /// holds the keys that `expand` (see [`expand_level`]) gives for the
    /// states of level `k` and that no earlier level holds. Stops after a
    /// level for which `stop` holds (checked on level 0 too), after the
    /// maximum level, or when a level is empty (it is not kept). `progress`
    /// is called after each level, level 0 included.
    pub fn run<T, E, S, P>(
        &self,
        mut first: Vec<T>,
        expand: E,
        mut stop: S,
        mut progress: P,
    ) -> Result<Levels<T>, LevelError>
    where
        T: Key,
        E: Expand<T>,
        S: FnMut(&[T]) -> bool,
        P: FnMut(&LevelReport),
    {
        self.sort_set(&mut first);
        let keep = self.keep.unwrap_or(usize::MAX);
        let mut out = Levels {
            histogram: vec![first.len() as u64],
            levels: Vec::new(),
            stats: Stats::default(),
        };
        let mut kept_states = 0u64;
        let mut current = first;
        let mut bit_level = BitLevel::default();
        let report = |level: usize, states: usize, kept: u64| LevelReport {
            backward: self.backward,
            level: level as u32,
            states: states as u64,
            kept,
            bytes: kept.saturating_mul(self.bytes_per_state),
        };
        // Whether `current` is among the levels kept.
        let mut in_kept = keep > 0;
        if in_kept {
            kept_states += current.len() as u64;
        }
        progress(&report(0, current.len(), kept_states));
        loop {
            let k = out.histogram.len() - 1;
            if current.is_empty() || stop(&current) || self.max_level.is_some_and(|m| k as u32 >= m)
            {
                break;
            }
            let kept_bytes = (kept_states + if in_kept { 0 } else { current.len() as u64 })
                .saturating_mul(self.bytes_per_state);
            let mut next = self
                .grow(
                    &mut bit_level,
                    k + 1,
                    &current,
                    &expand,
                    kept_bytes,
                    None,
                    false,
                )?
                .0
                .keys;
            if !self.disjoint {
                // Every level is kept: those before `current`, and it.
                remove_known(&mut next, &out.levels);
                remove_known(&mut next, std::slice::from_ref(&current));
            }
            out.stats.expanded += current.len() as u64;
            out.stats.generated += next.len() as u64;
            let counted =
                kept_states + if in_kept { 0 } else { current.len() as u64 } + next.len() as u64;
            let needed = counted.saturating_mul(self.bytes_per_state);
            if let Some(limit) = self.max_memory {
                if needed > limit {
                    return Err(LevelError::MemoryLimit { needed, limit });
                }
            }
            if next.is_empty() {
                break;
            }
            let done = std::mem::replace(&mut current, next);
            if in_kept {
                out.levels.push(done);
            }
            in_kept = k + 1 < keep;
            if in_kept {
                kept_states += current.len() as u64;
            }
            out.histogram.push(current.len() as u64);
            progress(&report(k + 1, current.len(), kept_states));
        }
        if in_kept {
            out.levels.push(current);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Levels by steps of +1, +2 and *3 below 2^20, compared with a plain
    /// breadth-first search, on 1 and 4 threads, with batches flushed
    /// often.
    #[test]
    fn levels_match_a_plain_breadth_first_search() {
        let limit = 1u64 << 20;
        let expand = |&n: &u64, out: &mut Vec<u64>| {
            let mut moves = 0;
            for m in [n + 1, n + 2, n * 3] {
                if m < limit {
                    out.push(m);
                    moves += 1;
                }
            }
            moves
        };
        let mut distance = vec![u32::MAX; limit as usize];
        let mut queue = std::collections::VecDeque::from([1u64]);
        distance[1] = 0;
        while let Some(n) = queue.pop_front() {
            let mut next = Vec::new();
            expand(&n, &mut next);
            for m in next {
                if distance[m as usize] == u32::MAX {
                    distance[m as usize] = distance[n as usize] + 1;
                    queue.push_back(m);
                }
            }
        }
        let max = *distance.iter().filter(|&&d| d != u32::MAX).max().unwrap();
        let mut want = vec![0u64; max as usize + 1];
        for &d in distance.iter().filter(|&&d| d != u32::MAX) {
            want[d as usize] += 1;
        }
        let search = LevelSearch::new(20);
        let one =
            crate::par::with_threads(1, || search.run(vec![1], expand, |_| false, |_| {})).unwrap();
        let four =
            crate::par::with_threads(4, || search.run(vec![1], expand, |_| false, |_| {})).unwrap();
        let one = one.unwrap();
        assert_eq!(one.histogram, want);
        assert_eq!(Ok(&one), four.as_ref());
        for (d, level) in one.levels.iter().enumerate() {
            assert!(level.windows(2).all(|w| w[0] < w[1]));
            assert!(level.iter().all(|&n| distance[n as usize] == d as u32));
        }
        // Stopping, limits and a level count.
        let stopped = search
            .run(vec![1], expand, |level| level.contains(&9), |_| {})
            .unwrap();
        assert_eq!(stopped.histogram.len(), 3); // 1; 2, 3; 4, 5, 6, 9
        let capped = search
            .clone()
            .with_max_level(Some(4))
            .run(vec![1], expand, |_| false, |_| {})
            .unwrap();
        assert_eq!(capped.histogram, want[..5]);
        let mut reports = Vec::new();
        let refused = search
            .clone()
            .with_max_memory(100 * 16)
            .run(vec![1], expand, |_| false, |r| reports.push(r.kept))
            .unwrap_err();
        let kept_before = *reports.last().unwrap();
        let next = want[reports.len()];
        assert_eq!(
            refused,
            LevelError::MemoryLimit {
                needed: (kept_before + next) * 16,
                limit: 1600
            }
        );
        assert!(kept_before + next > 100 && kept_before <= 100);
    }

    /// A level too big for the limit is refused while it is built, before
    /// the buffers that build it pass the limit by much.
    #[test]
    fn a_level_too_big_is_refused_while_it_is_built() {
        let wide = |&n: &u64, out: &mut Vec<u64>| {
            out.extend((0..3000).map(|i| (n * 3000 + i) % (1 << 24)));
            3000
        };
        let limit = 8 << 20;
        let refused = LevelSearch::new(24)
            .with_max_memory(limit)
            .run((0..3000).collect(), wide, |_| false, |_| {})
            .unwrap_err();
        let LevelError::MemoryLimit { needed, .. } = refused;
        // Refused at a sort of the keys found: past the limit, but by no
        // more than a worker's keys between two sorts and its buffers'
        // doubling.
        assert!(needed > limit && needed < 8 * limit, "{needed}");
    }

    /// Levels that never share a state, of which only the first are kept.
    #[test]
    fn disjoint_levels_keep_the_first() {
        // Removing one or two bits of 16: level k holds the sets of 16 - k
        // bits, kept for k <= 2 only.
        let expand = |&s: &u64, out: &mut Vec<u64>| {
            let mut bits = s;
            while bits != 0 {
                let low = bits & bits.wrapping_neg();
                out.push(s & !low);
                bits &= bits - 1;
            }
            s.count_ones().into()
        };
        let levels = LevelSearch::new(16)
            .disjoint_keeping(3)
            .run(vec![0xffff], expand, |_| false, |_| {})
            .unwrap();
        let binomial = |k: u64| (0..k).fold(1u64, |b, i| b * (16 - i) / (i + 1));
        assert_eq!(levels.histogram, (0..=16).map(binomial).collect::<Vec<_>>());
        assert_eq!(levels.levels.len(), 3);
        assert_eq!(levels.levels[2].len(), 120);
        // Every level is expanded, the empty set's included.
        assert_eq!(levels.stats.expanded, 1 << 16);
    }
}
