//! The states on paths between two sets of a graph by levels, found by
//! levels grown from both ends until they meet.

use super::packed::Packed;
use super::ranking::Scratch;
use super::{
    BitLevel, Expand, KeptSteps, Key, LevelError, LevelReport, LevelSearch, Marks, Ranks,
    expand_level, intersect,
};

use crate::Stats;

/// The result of [`LevelSearch::between`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Between<T> {
    /// `levels[k]`: the states `k` steps from a source and `depth - k`
    /// steps from a target (on a path from one to the other), sorted
    /// ascending; all empty when no path joins them.
    pub levels: Vec<Vec<T>>,
    /// The level where the two ends met (0 if one end ran out of states
    /// before they met: then no path exists).
    pub meeting: u32,
    /// With [`LevelSearch::with_steps`], `steps[k]` (`1 <= k <= meeting`),
    /// where level `k - 1` is a bit array: the steps back from each state
    /// of level `k` into level `k - 1` that `backward` gives. For
    /// [`LevelSearch::between_mirrored`] with an odd depth, `steps[meeting]`
    /// holds instead, for each state `x` of level `meeting - 1` in its
    /// order, the steps back from `mirror(x)`, as `before_mirror` gives
    /// them. `None` elsewhere, and where they were not kept: ranks of 32
    /// bits or more, a level of 2^31 states or more, 2^32 steps or more,
    /// or (for that level and those below it) the memory limit.
    pub steps: Vec<Option<KeptSteps>>,
    /// States expanded (every level grown from either end, then every
    /// level of paths expanded towards the other end) and generated.
    pub stats: Stats,
}

impl<R: Ranks> LevelSearch<R> {
    /// The states on a path from `sources` (level 0) to `targets` (level
    /// `depth`), level by level, in a graph where every step leads from a
    /// level to the next (as when each step changes a count: a jump
    /// removes a peg), so that no state lies in two levels. `forward`
    /// gives a state's successors, `backward` its predecessors (pushed as
    /// [`expand_level`] takes them).
    ///
    /// Levels grow from both ends, the end whose last level is smaller
    /// first, until they meet at a level `m`: the states there on a path
    /// are those both ends reached. From `m` outwards, the states of a
    /// level on a path are those its own end reached that are one step
    /// from a state on a path in the level beside it, towards `m`. A state
    /// on a path is reached from both ends, so none is lost, and no other
    /// is kept. Compared with the levels from the sources to `depth`
    /// followed by the same filtering back, it grows about half as many
    /// levels, and where the paths are few the levels of the far half are
    /// small.
    ///
    /// Memory: every level grown is kept until the meeting, all but the
    /// last of each end as the bit array that built it where that holds
    /// no more bytes than two keys a state (the level filtered back then
    /// marks only the steps into it, and ranks none of its keys), else
    /// packed as the gaps between its keys (a byte or two a key where keys
    /// are dense); the bytes counted are the kept levels' own, a key's
    /// size for each state of the last levels (and their bit arrays), and
    /// [`with_bytes_per_state`](Self::with_bytes_per_state) for each state
    /// of the level grown, checked against the limit before that level is
    /// kept. The last level grown, which meets the other end's last, is
    /// only compared with it: of the keys it generates, only those that a
    /// filter of the other level passes (two hash bits a key in 8 to 16
    /// bits a key, about one wrong pass in twenty) are sorted, and it is
    /// reported as that many. With [`with_steps`](Self::with_steps), the
    /// steps kept ([`Between::steps`]) are counted with everything held
    /// (the levels of both ends and the bit array) as they are found,
    /// eight bytes a step found while they are gathered, and those of a
    /// level that would pass the limit (and of the levels below it) are
    /// not kept.
    /// `progress` is called after each level grown, its `level`
    /// counted from its own end and `backward` set for the levels grown
    /// from the targets.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::levels::LevelSearch;
    ///
    /// // Numbers, a step adding 1 or 2 to the tens and 1 to the units:
    /// // level k holds numbers whose units digit is k. The paths of three
    /// // steps from 0 to 53 pass through 11 or 21, then 32 or 42.
    /// let forward = |&n: &u64, out: &mut Vec<u64>| {
    ///     out.extend([n + 11, n + 21]);
    ///     2
    /// };
    /// let backward = |&n: &u64, out: &mut Vec<u64>| {
    ///     out.extend([n.checked_sub(11), n.checked_sub(21)].into_iter().flatten());
    ///     2
    /// };
    /// let found = LevelSearch::new(8).between(vec![0], vec![53], 3, forward, backward, |_| {})?;
    /// assert_eq!(found.levels, [vec![0], vec![11, 21], vec![32, 42], vec![53]]);
    /// # Ok::<(), search_core::levels::LevelError>(())
    /// ```
    pub fn between<T: Key, F: Expand<T>, B: Expand<T>, P: FnMut(&LevelReport)>(
        &self,
        mut sources: Vec<T>,
        mut targets: Vec<T>,
        depth: u32,
        forward: F,
        backward: B,
        mut progress: P,
    ) -> Result<Between<T>, LevelError> {
        let depth = depth as usize;
        self.sort_set(&mut sources);
        self.sort_set(&mut targets);
        let mut stats = Stats::default();
        // from_sources' level k is level k; from_targets' level j is level
        // depth - j.
        let mut from_sources = Side::new(sources);
        let mut from_targets = Side::new(targets);
        let mut bit_level = BitLevel::default();
        let kept = |a: &Side<T>, b: &Side<T>| (a.states() + b.states(), a.bytes() + b.bytes());
        let report = |backward: bool, side: &Side<T>, (kept, bytes): (u64, u64)| LevelReport {
            backward,
            level: side.levels() as u32 - 1,
            states: side.last().len() as u64,
            kept,
            bytes,
        };
        progress(&report(
            false,
            &from_sources,
            kept(&from_sources, &from_targets),
        ));
        progress(&report(
            true,
            &from_targets,
            kept(&from_sources, &from_targets),
        ));
        let none = || Between {
            levels: vec![Vec::new(); depth + 1],
            meeting: 0,
            steps: vec![None; depth + 1],
            stats: Stats::default(),
        };
        while from_sources.levels() + from_targets.levels() < depth + 2 {
            let back = from_targets.last().len() < from_sources.last().len();
            let (side, other) = if back {
                (&mut from_targets, &from_sources)
            } else {
                (&mut from_sources, &from_targets)
            };
            let last = side.last();
            if last.is_empty() {
                return Ok(Between { stats, ..none() });
            }
            // The level that meets the other side's last is only compared
            // with it.
            let meets = (side.levels() + other.levels() == depth + 1).then(|| other.last());
            let held = side.bytes() + other.bytes();
            let index = if back {
                depth - side.levels()
            } else {
                side.levels()
            };
            let (next, marks) = if back {
                self.grow(&mut bit_level, index, last, &backward, held, meets, true)?
            } else {
                self.grow(&mut bit_level, index, last, &forward, held, meets, true)?
            };
            stats.expanded += last.len() as u64;
            stats.generated += next.generated;
            let needed = side.bytes()
                + other.bytes()
                + marks.as_ref().map_or(0, Marks::bytes)
                + (next.keys.len() as u64).saturating_mul(self.bytes_per_state);
            if let Some(limit) = self.max_memory {
                if needed > limit {
                    return Err(LevelError::MemoryLimit { needed, limit });
                }
            }
            side.push(next.keys, marks);
            let both = kept(&from_sources, &from_targets);
            progress(&report(
                back,
                if back { &from_targets } else { &from_sources },
                both,
            ));
        }
        let meeting = from_sources.levels() - 1;
        let mut levels = vec![Vec::new(); depth + 1];
        let (a, _, reached_back) = from_sources.split();
        let (b, _, mut reached_ahead) = from_targets.split();
        levels[meeting] = intersect(&a, &b);
        drop((a, b));
        let mut steps = vec![None; depth + 1];
        // Held beside the levels filtered back: the other end's, and the
        // bit array.
        let ahead: u64 = reached_ahead.iter().map(Reached::bytes).sum();
        self.paths_back(
            &mut bit_level,
            &mut levels,
            &mut steps,
            self.steps,
            ahead,
            meeting,
            reached_back,
            &backward,
            &mut stats,
        );
        for k in meeting + 1..=depth {
            let reached = reached_ahead.pop().expect("every level from the meeting");
            (levels[k], _) = self.on_paths(
                &mut bit_level,
                k,
                &levels[k - 1],
                reached,
                &forward,
                None,
                &mut stats,
            );
        }
        Ok(Between {
            levels,
            meeting: meeting as u32,
            steps,
            stats,
        })
    }

    /// Refuses `needed` bytes past the memory limit.
    pub(super) fn check(&self, needed: u64) -> Result<(), LevelError> {
        match self.max_memory {
            Some(limit) if needed > limit => Err(LevelError::MemoryLimit { needed, limit }),
            _ => Ok(()),
        }
    }

    /// Fills `levels[..meeting]` from `levels[meeting]` down: level `k`
    /// keeps the states of `reached[k]` one step before a state of level
    /// `k + 1` ([`on_paths`](Self::on_paths)). `reached` holds levels
    /// `0..meeting` (and none beyond). Where `keep` says so, `steps[k + 1]`
    /// gets the steps found back from level `k + 1` while they fit the
    /// memory limit with everything held: the levels, the bit array, and
    /// `elsewhere` bytes.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn paths_back<T: Key, B: Expand<T>>(
        &self,
        bit_level: &mut BitLevel,
        levels: &mut [Vec<T>],
        steps: &mut [Option<KeptSteps>],
        mut keep: bool,
        elsewhere: u64,
        meeting: usize,
        mut reached: Vec<Reached<T>>,
        backward: &B,
        stats: &mut Stats,
    ) {
        reached.truncate(meeting);
        let mut held: u64 = elsewhere
            + levels.iter().map(|l| list_bytes(l)).sum::<u64>()
            + reached.iter().map(Reached::bytes).sum::<u64>()
            + steps.iter().flatten().map(KeptSteps::bytes).sum::<u64>();
        for k in (0..meeting).rev() {
            let reached = reached.pop().expect("every level up to the meeting");
            held -= reached.bytes();
            let room = keep.then_some(held);
            let (level, kept) =
                self.on_paths(bit_level, k, &levels[k + 1], reached, backward, room, stats);
            held += list_bytes(&level);
            levels[k] = level;
            match kept {
                Ok(Some(kept)) => {
                    held += kept.bytes();
                    steps[k + 1] = Some(kept);
                }
                Ok(None) => {}
                Err(_) => keep = false,
            }
        }
    }

    /// The states of `reached` (level `k`) one step (`expand`) from a
    /// state of `beside` (the level next to it): as a bit array of the
    /// steps from `beside` (only those into `reached`, where it is kept as
    /// marks), where level `k` has a ranking worth it, else sorted; and
    /// with the bit array, where `keep` gives the bytes held (steps are
    /// kept), the steps from each state of `beside`, or the limit they
    /// would pass as they are gathered.
    #[allow(clippy::too_many_arguments)]
    fn on_paths<T: Key, E: Expand<T>>(
        &self,
        bit_level: &mut BitLevel,
        k: usize,
        beside: &[T],
        reached: Reached<T>,
        expand: &E,
        keep: Option<u64>,
        stats: &mut Stats,
    ) -> (Vec<T>, Result<Option<KeptSteps>, LevelError>) {
        stats.expanded += beside.len() as u64;
        let reached = match reached {
            Reached::Packed(reached) => reached,
            Reached::Marked(marks) => {
                return self.on_marked_paths(bit_level, k, beside, marks, expand, keep, stats);
            }
        };
        match self.dense(k, beside.len(), 0) {
            Some(ranking) => {
                let (generated, steps) =
                    bit_level.mark_successors(beside, &ranking, expand, keep.is_some(), None);
                stats.generated += generated;
                let kept = reached.keep(|keys, marks| {
                    bit_level.are_marked(&ranking, keys, &mut Scratch::default(), marks)
                });
                bit_level.clear(&ranking);
                let held = keep.unwrap_or(0) + bit_level.bytes() + list_bytes(&kept);
                let steps = match steps {
                    Some(parts) => self
                        .check(held + KeptSteps::bytes_while_kept(&parts))
                        .map(|()| bit_level.keep_steps(&kept, &ranking, parts)),
                    None => Ok(None),
                };
                (kept, steps)
            }
            None => {
                let next = expand_level(beside, self.bits, expand);
                stats.generated += next.generated;
                (reached.intersect(&next.keys), Ok(None))
            }
        }
    }

    /// [`on_paths`](Self::on_paths) for a level kept as its `marks`: only
    /// the steps into it are marked, the steps kept become positions among
    /// those marks, and the states kept are read back from them.
    #[allow(clippy::too_many_arguments)]
    fn on_marked_paths<T: Key, E: Expand<T>>(
        &self,
        bit_level: &mut BitLevel,
        k: usize,
        beside: &[T],
        marks: Marks,
        expand: &E,
        keep: Option<u64>,
        stats: &mut Stats,
    ) -> (Vec<T>, Result<Option<KeptSteps>, LevelError>) {
        let ranking = self
            .ranks
            .level(k)
            .expect("a level kept as marks is ranked");
        let (generated, steps) =
            bit_level.mark_successors(beside, &ranking, expand, keep.is_some(), Some(&marks));
        stats.generated += generated;
        // Read no more: its bytes go before the steps are gathered.
        drop(marks);
        let steps = match steps {
            Some(parts) => {
                let (before, count) = bit_level.before(&ranking);
                let held = keep.unwrap_or(0)
                    + bit_level.bytes()
                    + count.saturating_mul(std::mem::size_of::<T>() as u64);
                self.check(held + KeptSteps::bytes_while_kept(&parts))
                    .map(|()| {
                        (count < 1 << 31)
                            .then(|| bit_level.steps_at(&before, parts))
                            .flatten()
                    })
            }
            None => Ok(None),
        };
        (bit_level.take(&ranking), steps)
    }
}

/// The bytes of a level held as a list.
pub(super) fn list_bytes<T>(level: &[T]) -> u64 {
    std::mem::size_of_val(level) as u64
}

/// A level grown and kept until it is filtered back: as the bit array
/// that built it ([`Marks`]), or packed (the gaps between its keys).
pub(super) enum Reached<T> {
    Marked(Marks),
    Packed(Packed<T>),
}

impl<T: Key> Reached<T> {
    /// The bytes held.
    pub(super) fn bytes(&self) -> u64 {
        match self {
            Reached::Marked(marks) => marks.bytes(),
            Reached::Packed(packed) => packed.bytes(),
        }
    }
}

/// The levels grown from one end: every level but the last kept as its
/// marks or packed ([`Reached`]), the last as a list to expand.
pub(super) struct Side<T> {
    kept: Vec<Reached<T>>,
    kept_states: u64,
    kept_bytes: u64,
    last: Vec<T>,
    last_marks: Option<Marks>,
}

impl<T: Key> Side<T> {
    pub(super) fn new(first: Vec<T>) -> Self {
        Side {
            kept: Vec::new(),
            kept_states: 0,
            kept_bytes: 0,
            last: first,
            last_marks: None,
        }
    }

    /// Keeps the last level (as its marks, where it has them, else packed)
    /// and makes `next` the last, with its marks if any.
    pub(super) fn push(&mut self, next: Vec<T>, marks: Option<Marks>) {
        let last = std::mem::replace(&mut self.last, next);
        self.kept_states += last.len() as u64;
        let done = match std::mem::replace(&mut self.last_marks, marks) {
            Some(marks) => Reached::Marked(marks),
            None => Reached::Packed(Packed::new(&last)),
        };
        self.kept_bytes += done.bytes();
        self.kept.push(done);
    }

    pub(super) fn last(&self) -> &[T] {
        &self.last
    }

    /// The number of levels.
    pub(super) fn levels(&self) -> usize {
        self.kept.len() + 1
    }

    /// The states kept.
    pub(super) fn states(&self) -> u64 {
        self.kept_states + self.last.len() as u64
    }

    /// The bytes held: the kept levels' own, and the last's (a key's size
    /// a state, and its marks).
    pub(super) fn bytes(&self) -> u64 {
        self.kept_bytes + list_bytes(&self.last) + self.last_marks.as_ref().map_or(0, Marks::bytes)
    }

    /// The last level and its marks, and the kept ones, from the first.
    pub(super) fn split(self) -> (Vec<T>, Option<Marks>, Vec<Reached<T>>) {
        (self.last, self.last_marks, self.kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::ranking::Plain;

    /// A level filtered back keeps the same states, and the same steps,
    /// whether it was kept as the bit array that built it or packed.
    #[test]
    fn a_level_kept_as_marks_filters_back_as_when_packed() {
        // Sets of 11 bits; a step back removes a bit that a rule allows.
        let backward = |&n: &u64, out: &mut Vec<u64>| {
            for i in 0..11u32 {
                if n >> i & 1 == 1 && (n * 5 + u64::from(i)) % 3 != 0 {
                    out.push(n & !(1 << i));
                }
            }
            0
        };
        let ones = |k: u32| (0u64..1 << 11).filter(move |n| n.count_ones() == k);
        // Level 4 reached: most sets of four bits; level 5 beside it on
        // the paths: a few sets of five.
        let reached: Vec<u64> = ones(4).filter(|n| n % 7 != 3).collect();
        let beside: Vec<u64> = ones(5).filter(|n| n % 5 == 1).collect();
        let search = LevelSearch::new(11).with_ranks(Plain(11)).with_steps();
        let ranking = Plain(11);
        for threads in [1, 3] {
            let (marked, packed) = crate::par::with_threads(threads, || {
                let mut bit_level = BitLevel::default();
                let mut stats = Stats::default();
                let mut filter = |reached: Reached<u64>| {
                    let (kept, steps) = search.on_paths(
                        &mut bit_level,
                        4,
                        &beside,
                        reached,
                        &backward,
                        Some(0),
                        &mut stats,
                    );
                    (kept, steps.unwrap().expect("steps kept"))
                };
                let packed = filter(Reached::Packed(Packed::new(&reached)));
                let mut marking = BitLevel::default();
                marking.mark_keys(&reached, &ranking);
                let (keys, marks) = marking.take_marks::<u64, _>(&ranking, |_| true);
                let marks = marks.expect("kept when asked");
                assert_eq!(keys, reached);
                (filter(Reached::Marked(marks)), packed)
            })
            .unwrap();
            assert_eq!(marked, packed, "{threads} threads");
            let (kept, steps) = marked;
            assert!(!kept.is_empty() && kept.len() < reached.len());
            assert_eq!(steps.states(), beside.len());
            // The steps lead into the states kept: those of `reached` one
            // step back from `beside`.
            let ones_back = steps.carry_back(&vec![1u64; kept.len()]);
            let want: Vec<u64> = beside
                .iter()
                .map(|n| {
                    let mut out = Vec::new();
                    backward(n, &mut out);
                    out.iter().filter(|m| reached.contains(m)).count() as u64
                })
                .collect();
            assert_eq!(ones_back, want, "{threads} threads");
        }
    }

    /// Sets of 12 bits, a step adding one bit that a rule allows: a state is
    /// on a path exactly when the sources reach it and it reaches a target,
    /// which plain levels from each end give.
    #[test]
    fn the_states_on_paths_are_those_both_ends_reach() {
        let allowed = |n: u64, i: u32| (n * 7 + u64::from(i)) % 3 != 0;
        let forward = |&n: &u64, out: &mut Vec<u64>| {
            for i in 0..12 {
                if n >> i & 1 == 0 && allowed(n, i) {
                    out.push(n | 1 << i);
                }
            }
            0
        };
        let backward = |&n: &u64, out: &mut Vec<u64>| {
            for i in 0..12 {
                if n >> i & 1 == 1 && allowed(n & !(1 << i), i) {
                    out.push(n & !(1 << i));
                }
            }
            0
        };
        let targets: Vec<u64> = (0..1 << 12)
            .filter(|n: &u64| n.count_ones() == 6 && n % 5 == 0)
            .collect();
        let plain = LevelSearch::new(12).disjoint_keeping(usize::MAX);
        let ahead = plain.run(vec![0], forward, |_| false, |_| {}).unwrap();
        let back = plain
            .run(targets.clone(), backward, |_| false, |_| {})
            .unwrap();
        let want: Vec<Vec<u64>> = (0..=6)
            .map(|k| intersect(&ahead.levels[k], &back.levels[6 - k]))
            .collect();
        assert!(want.iter().all(|l| !l.is_empty()));
        assert!(
            want.iter()
                .zip(&ahead.levels)
                .any(|(w, a)| w.len() < a.len())
        );
        for threads in [1, 3] {
            let found = crate::par::with_threads(threads, || {
                LevelSearch::new(12).between(vec![0], targets.clone(), 6, forward, backward, |_| {})
            })
            .unwrap()
            .unwrap();
            assert_eq!(found.levels, want, "{threads} threads");
        }
        // No path (no target six steps away): every level empty.
        let none = LevelSearch::new(12)
            .between(vec![0], vec![0xfff], 6, forward, backward, |_| {})
            .unwrap();
        assert!(none.levels.iter().all(Vec::is_empty) && none.levels.len() == 7);
        // The limit is checked before a level is kept.
        let limited = LevelSearch::new(12).with_max_memory(100).between(
            vec![0],
            targets,
            6,
            forward,
            backward,
            |_| {},
        );
        assert!(matches!(limited, Err(LevelError::MemoryLimit { .. })));
    }
}
