//! The states on paths between two sets of a graph by levels, found by
//! levels grown from both ends until they meet.

use super::{Key, LevelError, LevelReport, LevelSearch, expand_level, intersect};
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
}

impl LevelSearch {
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
    /// Memory: every level grown is kept until the meeting; the limit is
    /// checked before each is kept. `progress` is called after each level
    /// grown, its `level` counted from its own end and `backward` set for
    /// the levels grown from the targets.
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
        let mut kept = (sources.len() + targets.len()) as u64;
        let report = |backward: bool, level: usize, states: usize, kept: u64| LevelReport {
            backward,
            level: level as u32,
            states: states as u64,
            kept,
            bytes: kept.saturating_mul(self.bytes_per_state),
        };
        progress(&report(false, 0, sources.len(), kept));
        progress(&report(true, 0, targets.len(), kept));
        // from_sources[k] is level k; from_targets[j] is level depth - j.
        let mut from_sources = vec![sources];
        let mut from_targets = vec![targets];
        let none = || Between {
            levels: vec![Vec::new(); depth + 1],
            meeting: 0,
            stats: Stats::default(),
        };
        while from_sources.len() + from_targets.len() < depth + 2 {
            let back = from_targets[from_targets.len() - 1].len()
                < from_sources[from_sources.len() - 1].len();
            let side = if back {
                &mut from_targets
            } else {
                &mut from_sources
            };
            let last = &side[side.len() - 1];
            if last.is_empty() {
                return Ok(Between { stats, ..none() });
            }
            let next = if back {
                expand_level(last, self.bits, &backward)
            } else {
                expand_level(last, self.bits, &forward)
            };
            stats.expanded += last.len() as u64;
            stats.generated += next.generated;
            let needed = (kept + next.keys.len() as u64).saturating_mul(self.bytes_per_state);
            if let Some(limit) = self.max_memory {
                if needed > limit {
                    return Err(LevelError::MemoryLimit { needed, limit });
                }
            }
            kept += next.keys.len() as u64;
            side.push(next.keys);
            progress(&report(
                back,
                side.len() - 1,
                side[side.len() - 1].len(),
                kept,
            ));
        }
        let meeting = from_sources.len() - 1;
        let mut levels = vec![Vec::new(); depth + 1];
        let (a, b) = (
            from_sources.pop().expect("level 0"),
            from_targets.pop().expect("level depth"),
        );
        levels[meeting] = intersect(&a, &b);
        drop((a, b));
        for k in (0..meeting).rev() {
            let before = expand_level(&levels[k + 1], self.bits, &backward);
            stats.expanded += levels[k + 1].len() as u64;
            stats.generated += before.generated;
            let reached = from_sources.pop().expect("every level up to the meeting");
            levels[k] = intersect(&before.keys, &reached);
        }
        for k in meeting + 1..=depth {
            let after = expand_level(&levels[k - 1], self.bits, &forward);
            stats.expanded += levels[k - 1].len() as u64;
            stats.generated += after.generated;
            let reached = from_targets.pop().expect("every level from the meeting");
            levels[k] = intersect(&after.keys, &reached);
        }
        Ok(Between {
            levels,
            meeting: meeting as u32,
            stats,
        })
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
        let limited = LevelSearch::new(12).with_max_memory(Some(100)).between(
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
