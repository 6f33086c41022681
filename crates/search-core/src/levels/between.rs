//! The states on paths between two sets of a graph by levels, found by
//! levels grown from both ends until they meet.

use super::dense::{Scratch, Steps};
use super::packed::Packed;
use super::{
    BitLevel, Key, LevelError, LevelReport, LevelSearch, Ranks, expand_level, intersect, map_level,
};
use rayon::prelude::*;

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
    /// States expanded (every level grown from either end, then every
    /// level of paths expanded towards the other end) and generated.
    pub stats: Stats,
    /// With [`with_steps`](LevelSearch::with_steps): `steps[k]` for `k` in
    /// `0..depth` ([`between`](LevelSearch::between)) or `0..meeting`
    /// ([`between_mirrored`](LevelSearch::between_mirrored)): the steps
    /// from level `k` into level `k + 1`, read backwards; else empty.
    pub steps: Vec<Steps>,
    /// With [`with_steps`](LevelSearch::with_steps), in
    /// [`between_mirrored`](LevelSearch::between_mirrored): for each state
    /// of level `meeting`, the position of its mirror in level `depth -
    /// meeting`; else empty.
    pub mirrors: Vec<u32>,
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
    /// last of each end packed as the gaps between its keys (a byte or two
    /// a key where keys are dense); the bytes counted are the packed
    /// levels' own, a key's size for each state of the last levels, and
    /// [`with_bytes_per_state`](Self::with_bytes_per_state) for each state
    /// of the level grown, checked against the limit before that level is
    /// kept. The last level grown, which meets the other end's last, is
    /// only compared with it: of the keys it generates, only those that a
    /// filter of the other level passes (two hash bits a key in 8 to 16
    /// bits a key, about one wrong pass in twenty) are sorted, and it is
    /// reported as that many.
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
    pub fn between<T, F, B, P>(
        &self,
        mut sources: Vec<T>,
        mut targets: Vec<T>,
        depth: u32,
        forward: F,
        backward: B,
        mut progress: P,
    ) -> Result<Between<T>, LevelError>
    where
        T: Key,
        F: Fn(&T, &mut Vec<T>) -> u64 + Sync,
        B: Fn(&T, &mut Vec<T>) -> u64 + Sync,
        P: FnMut(&LevelReport),
    {
        let depth = depth as usize;
        for set in [&mut sources, &mut targets] {
            let distinct = T::sort_dedup(set, &mut Vec::new(), self.bits);
            set.truncate(distinct);
        }
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
            stats: Stats::default(),
            steps: Vec::new(),
            mirrors: Vec::new(),
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
            let next = if back {
                self.grow(&mut bit_level, index, last, &backward, held, meets)?
            } else {
                self.grow(&mut bit_level, index, last, &forward, held, meets)?
            };
            stats.expanded += last.len() as u64;
            stats.generated += next.generated;
            let needed = side.bytes()
                + other.bytes()
                + (next.keys.len() as u64).saturating_mul(self.bytes_per_state);
            if let Some(limit) = self.max_memory {
                if needed > limit {
                    return Err(LevelError::MemoryLimit { needed, limit });
                }
            }
            side.push(next.keys);
            let both = kept(&from_sources, &from_targets);
            progress(&report(
                back,
                if back { &from_targets } else { &from_sources },
                both,
            ));
        }
        let meeting = from_sources.levels() - 1;
        let mut levels = vec![Vec::new(); depth + 1];
        let (a, reached_back) = from_sources.split();
        let (b, mut reached_ahead) = from_targets.split();
        levels[meeting] = intersect(&a, &b);
        drop((a, b));
        let mut steps = self.paths_back(
            &mut bit_level,
            &mut levels,
            meeting,
            reached_back,
            &backward,
            &mut stats,
        );
        for k in meeting + 1..=depth {
            let reached = reached_ahead.pop().expect("every level from the meeting");
            levels[k] = self.on_paths(
                &mut bit_level,
                k,
                &levels[k - 1],
                reached,
                &forward,
                &mut stats,
            );
            if self.steps {
                steps.push(self.steps_back_with(
                    &mut bit_level,
                    k - 1,
                    &levels[k - 1],
                    &levels[k],
                    &backward,
                ));
            }
        }
        Ok(Between {
            levels,
            meeting: meeting as u32,
            stats,
            steps,
            mirrors: Vec::new(),
        })
    }

    /// [`between`](Self::between) in a graph with a *mirror*: a map of
    /// states, its own inverse, that turns every step `x -> y` into a step
    /// `mirror(y) -> mirror(x)` and the sources into the targets (peg
    /// solitaire's complement of a position, which swaps pegs and holes:
    /// a jump played backwards is a jump on the complement, and a game
    /// whose goal is the complement of its start is its own mirror). The
    /// targets are the mirrors of `sources`, and the levels grown from them
    /// are the mirrors of those grown from the sources, so only the
    /// sources' levels are grown, to the middle: half the levels of
    /// `between`, and half its memory. `mirror` must give a key of the
    /// same form as the expansions (the least image under the symmetries
    /// used, say). `forward` may leave out successors from which no
    /// target can be reached (a puzzle's own pruning): the mirror of such
    /// a state is reached from no source, so no state on a path, nor its
    /// mirror, is lost; the levels reported are those grown.
    ///
    /// With `h = depth / 2`: levels `0..=h` are grown from the sources;
    /// the meeting level is `m = depth - h` (`h`, or `h + 1` for an odd
    /// depth, grown one level further), whose states on a path are those
    /// reached at `m` whose mirrors were reached at `depth - m`. Level
    /// `k > m` holds the mirrors of level `depth - k`, since the mirror of
    /// a path is a path, and so does level `h` for an odd depth; the
    /// levels below are filtered back as in `between`. For an odd depth, the level grown past the middle
    /// is filtered by the mirrors of the one before, as `between` filters
    /// its last.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::levels::LevelSearch;
    ///
    /// // Sets of 4 bits, a step adding one bit; the mirror is the
    /// // complement, which turns adding a bit into removing it. The paths
    /// // from the empty set to the full one pass through every set.
    /// let forward = |&n: &u64, out: &mut Vec<u64>| {
    ///     out.extend((0..4).filter(|i| n >> i & 1 == 0).map(|i| n | 1 << i));
    ///     0
    /// };
    /// let backward = |&n: &u64, out: &mut Vec<u64>| {
    ///     out.extend((0..4).filter(|i| n >> i & 1 == 1).map(|i| n & !(1 << i)));
    ///     0
    /// };
    /// let found = LevelSearch::new(4).between_mirrored(vec![0], 4, forward, backward, |&n| n ^ 0xf, |_| {})?;
    /// let sizes: Vec<usize> = found.levels.iter().map(Vec::len).collect();
    /// assert_eq!(sizes, [1, 4, 6, 4, 1]);
    /// assert_eq!(found.meeting, 2);
    /// # Ok::<(), search_core::levels::LevelError>(())
    /// ```
    pub fn between_mirrored<T, F, B, M, P>(
        &self,
        sources: Vec<T>,
        depth: u32,
        forward: F,
        backward: B,
        mirror: M,
        mut progress: P,
    ) -> Result<Between<T>, LevelError>
    where
        T: Key,
        F: Fn(&T, &mut Vec<T>) -> u64 + Sync,
        B: Fn(&T, &mut Vec<T>) -> u64 + Sync,
        M: Fn(&T) -> T + Sync,
        P: FnMut(&LevelReport),
    {
        let depth = depth as usize;
        let half = depth / 2;
        let meeting = depth - half;
        let mut stats = Stats::default();
        // Levels 0..=half from the sources, and one more for an odd depth.
        let mut level = sources;
        let distinct = T::sort_dedup(&mut level, &mut Vec::new(), self.bits);
        level.truncate(distinct);
        let mirrored = |level: &[T]| map_level(level, self.bits, &mirror);
        let mut grown = Side::new(level);
        let mut bit_level = BitLevel::default();
        for k in 0..=half {
            if k > 0 {
                let last = grown.last();
                let next = self.grow(&mut bit_level, k, last, &forward, grown.bytes(), None)?;
                stats.expanded += last.len() as u64;
                stats.generated += next.generated;
                self.check(
                    grown.bytes() + (next.keys.len() as u64).saturating_mul(self.bytes_per_state),
                )?;
                grown.push(next.keys);
            }
            if grown.last().is_empty() {
                return Ok(Between {
                    levels: vec![Vec::new(); depth + 1],
                    meeting: 0,
                    stats,
                    steps: Vec::new(),
                    mirrors: Vec::new(),
                });
            }
            progress(&LevelReport {
                backward: false,
                level: k as u32,
                states: grown.last().len() as u64,
                kept: grown.states(),
                bytes: grown.bytes(),
            });
        }
        let held = grown.bytes();
        let (last, before) = grown.split();
        let mut levels = vec![Vec::new(); depth + 1];
        // Level half keeps the states whose mirrors are on a path at level
        // depth - half: for an even depth, those of level half itself; for
        // an odd one, those of level half + 1, one step on (only compared
        // with the mirrors of level half).
        // As a bit array: level half marked, then a state kept when its
        // mirror (even), or a state one step before its mirror (odd), is
        // marked; the steps back from the mirrors are the mirrors of the
        // steps on, so this reads level half + 1 without building it.
        let dense = self.dense(half, last.len(), held);
        levels[half] = match dense {
            Some(ranking) => {
                bit_level.mark_keys(&last, &ranking);
                let kept = if half < meeting {
                    stats.expanded += last.len() as u64;
                    bit_level.keep_probed(&ranking, &last, &|x: &T, out: &mut Vec<T>| {
                        backward(&mirror(x), out);
                    })
                } else {
                    bit_level.keep_probed(&ranking, &last, &|x: &T, out: &mut Vec<T>| {
                        out.push(mirror(x))
                    })
                };
                bit_level.clear(&ranking);
                kept
            }
            None => {
                let targets = mirrored(&last);
                let reached = if half < meeting {
                    let held = held + list_bytes(&targets);
                    let next = self.grow(
                        &mut bit_level,
                        meeting,
                        &last,
                        &forward,
                        held,
                        Some(&targets),
                    )?;
                    stats.expanded += last.len() as u64;
                    stats.generated += next.generated;
                    next.keys
                } else {
                    last
                };
                mirrored(&intersect(&reached, &targets))
            }
        };
        // Level depth - half holds the mirrors of level half; with the
        // position of each one's mirror.
        let mut pairs: Vec<(T, u32)> = levels[half]
            .par_iter()
            .enumerate()
            .map(|(i, x)| (mirror(x), i as u32))
            .collect();
        pairs.par_sort_unstable();
        let mirrors = pairs.iter().map(|p| p.1).collect();
        if half < meeting {
            levels[meeting] = pairs.into_iter().map(|p| p.0).collect();
            progress(&LevelReport {
                backward: false,
                level: meeting as u32,
                states: levels[meeting].len() as u64,
                kept: levels[meeting].len() as u64,
                bytes: list_bytes(&levels[meeting]),
            });
        }
        let mut steps = self.paths_back(
            &mut bit_level,
            &mut levels,
            half,
            before,
            &backward,
            &mut stats,
        );
        if self.steps && half < meeting {
            steps.push(self.steps_back_with(
                &mut bit_level,
                half,
                &levels[half],
                &levels[meeting],
                &backward,
            ));
        }
        for k in meeting + 1..=depth {
            levels[k] = mirrored(&levels[depth - k]);
        }
        Ok(Between {
            levels,
            meeting: meeting as u32,
            stats,
            steps,
            mirrors: if self.steps { mirrors } else { Vec::new() },
        })
    }

    /// Refuses `needed` bytes past the memory limit.
    fn check(&self, needed: u64) -> Result<(), LevelError> {
        match self.max_memory {
            Some(limit) if needed > limit => Err(LevelError::MemoryLimit { needed, limit }),
            _ => Ok(()),
        }
    }

    /// Fills `levels[..meeting]` from `levels[meeting]` down: level `k`
    /// keeps the states of `reached[k]` one step before a state of level
    /// `k + 1` ([`on_paths`](Self::on_paths)). `reached` holds levels
    /// `0..meeting` (and none beyond). With [`with_steps`](Self::with_steps),
    /// the steps between those levels, from level 0 (where a level is a bit
    /// array, the ranks marked are kept, so that the steps need no second
    /// expansion).
    fn paths_back<T, B>(
        &self,
        bit_level: &mut BitLevel,
        levels: &mut [Vec<T>],
        meeting: usize,
        mut reached: Vec<Packed<T>>,
        backward: &B,
        stats: &mut Stats,
    ) -> Vec<Steps>
    where
        T: Key,
        B: Fn(&T, &mut Vec<T>) -> u64 + Sync,
    {
        reached.truncate(meeting);
        let mut steps = Vec::new();
        for k in (0..meeting).rev() {
            let reached = reached.pop().expect("every level up to the meeting");
            let after = &levels[k + 1];
            match self.dense(k, after.len(), 0).filter(|_| self.steps) {
                Some(ranking) => {
                    stats.expanded += after.len() as u64;
                    let (generated, ranked) =
                        bit_level.mark_successors_ranked(after, &ranking, backward);
                    stats.generated += generated;
                    let kept = reached.keep(|keys, marks| {
                        bit_level.are_marked(&ranking, keys, &mut Scratch::default(), marks)
                    });
                    bit_level.clear(&ranking);
                    steps.push(bit_level.steps_into(&kept, &ranking, ranked));
                    levels[k] = kept;
                }
                None => {
                    levels[k] = self.on_paths(bit_level, k, after, reached, backward, stats);
                    if self.steps {
                        steps.push(self.steps_back_with(
                            bit_level,
                            k,
                            &levels[k],
                            &levels[k + 1],
                            backward,
                        ));
                    }
                }
            }
        }
        steps.reverse();
        steps
    }

    /// The states of `reached` (level `k`) one step (`expand`) from a
    /// state of `beside` (the level next to it): as a bit array of the
    /// steps from `beside`, where level `k` has a ranking worth it, else
    /// sorted.
    fn on_paths<T, E>(
        &self,
        bit_level: &mut BitLevel,
        k: usize,
        beside: &[T],
        reached: Packed<T>,
        expand: &E,
        stats: &mut Stats,
    ) -> Vec<T>
    where
        T: Key,
        E: Fn(&T, &mut Vec<T>) -> u64 + Sync,
    {
        stats.expanded += beside.len() as u64;
        match self.dense(k, beside.len(), 0) {
            Some(ranking) => {
                stats.generated += bit_level.mark_successors(beside, &ranking, expand);
                let kept = reached.keep(|keys, marks| {
                    bit_level.are_marked(&ranking, keys, &mut Scratch::default(), marks)
                });
                bit_level.clear(&ranking);
                kept
            }
            None => {
                let next = expand_level(beside, self.bits, expand);
                stats.generated += next.generated;
                reached.intersect(&next.keys)
            }
        }
    }
}

/// The bytes of a level held as a list.
fn list_bytes<T>(level: &[T]) -> u64 {
    std::mem::size_of_val(level) as u64
}

/// The levels grown from one end: every level but the last kept packed
/// (the gaps between its keys, [`Packed`]), the last as a list to expand.
struct Side<T> {
    packed: Vec<Packed<T>>,
    packed_states: u64,
    packed_bytes: u64,
    last: Vec<T>,
}

impl<T: Key> Side<T> {
    fn new(first: Vec<T>) -> Self {
        Side {
            packed: Vec::new(),
            packed_states: 0,
            packed_bytes: 0,
            last: first,
        }
    }

    /// Packs the last level and makes `next` the last.
    fn push(&mut self, next: Vec<T>) {
        let done = Packed::new(&std::mem::replace(&mut self.last, next));
        self.packed_states += done.len() as u64;
        self.packed_bytes += done.bytes();
        self.packed.push(done);
    }

    fn last(&self) -> &[T] {
        &self.last
    }

    /// The number of levels.
    fn levels(&self) -> usize {
        self.packed.len() + 1
    }

    /// The states kept.
    fn states(&self) -> u64 {
        self.packed_states + self.last.len() as u64
    }

    /// The bytes held: the packed levels' own, and a key's size a state of
    /// the last.
    fn bytes(&self) -> u64 {
        self.packed_bytes + list_bytes(&self.last)
    }

    /// The last level and the packed ones, from the first.
    fn split(self) -> (Vec<T>, Vec<Packed<T>>) {
        (self.last, self.packed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// Sets of `n` bits, a step adding a bit that a rule allows, the rule
    /// chosen so that the complement turns each step into a step: the
    /// levels grown from one end and mirrored are those `between` grows
    /// from both, for an even and an odd number of steps.
    #[test]
    fn mirrored_levels_are_those_grown_from_both_ends() {
        for n in [11u32, 12] {
            let full = (1u64 << n) - 1;
            // Adding bit i to x is allowed by the count of x's bits among
            // some others; x -> x | i mirrors to !x & !i -> !x, whose count
            // there is that of the others less x's: the rule is symmetric.
            let allowed = |x: u64, i: u32| {
                let others = full & !(1 << i) & (0x9b5u64.rotate_left(i) & full);
                let c = i64::from((x & others).count_ones());
                (2 * c - i64::from(others.count_ones())).abs() % 5 != 2
            };
            let forward = |&x: &u64, out: &mut Vec<u64>| {
                out.extend(
                    (0..n)
                        .filter(|&i| x >> i & 1 == 0 && allowed(x, i))
                        .map(|i| x | 1 << i),
                );
                0
            };
            let backward = |&x: &u64, out: &mut Vec<u64>| {
                out.extend(
                    (0..n)
                        .filter(|&i| x >> i & 1 == 1 && allowed(x & !(1 << i), i))
                        .map(|i| x & !(1 << i)),
                );
                0
            };
            let sources = vec![0b1, 0b100, 0b1000_0000];
            let targets: Vec<u64> = sources.iter().map(|&x| x ^ full).collect();
            let search = LevelSearch::new(n);
            let both = search
                .between(sources.clone(), targets, n - 2, forward, backward, |_| {})
                .unwrap();
            assert!(both.levels.iter().all(|l| !l.is_empty()), "{n} bits");
            // The depth is odd for 11 bits, even for 12.
            for threads in [1, 3] {
                let mirrored = crate::par::with_threads(threads, || {
                    search.between_mirrored(
                        sources.clone(),
                        n - 2,
                        forward,
                        backward,
                        |&x| x ^ full,
                        |_| {},
                    )
                })
                .unwrap()
                .unwrap();
                assert_eq!(mirrored.levels, both.levels, "{n} bits, {threads} threads");
                assert_eq!(mirrored.meeting, (n - 2) - (n - 2) / 2);
                assert!(mirrored.stats.expanded < both.stats.expanded);
            }
        }
        // No path: the rule never allows the first step.
        let none = LevelSearch::new(4)
            .between_mirrored(
                vec![0u64],
                4,
                |_: &u64, _: &mut Vec<u64>| 0,
                |_: &u64, _: &mut Vec<u64>| 0,
                |&x| x ^ 0xf,
                |_| {},
            )
            .unwrap();
        assert!(none.levels.iter().all(Vec::is_empty) && none.levels.len() == 5);
        // The limit is checked before a level is kept.
        let all_bits = |&x: &u64, out: &mut Vec<u64>| {
            out.extend((0..12).filter(|i| x >> i & 1 == 0).map(|i| x | 1 << i));
            0
        };
        let limited = LevelSearch::new(12).with_max_memory(1000).between_mirrored(
            vec![0],
            12,
            all_bits,
            all_bits,
            |&x| x ^ 0xfff,
            |_| {},
        );
        assert!(matches!(limited, Err(LevelError::MemoryLimit { .. })));
    }
}
