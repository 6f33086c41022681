//! The states on paths between two sets of a graph with a mirror, found by
//! levels grown from one end to the middle and read back by mirrors.

use super::between::{Side, list_bytes};
use super::{
    Between, BitLevel, Expand, KeptSteps, Key, LevelError, LevelReport, LevelSearch, Marks, Ranks,
    intersect, map_level,
};
use crate::Stats;

impl<R: Ranks> LevelSearch<R> {
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
    /// used, say); `before_mirror(x, out)` must push the keys one step
    /// before `mirror(x)`, as `backward(&mirror(x), out)` would (a puzzle
    /// may find them without the mirror's key). `forward` may leave out
    /// successors from which no target can be reached (a puzzle's own
    /// pruning): the mirror of such a state is reached from no source, so
    /// no state on a path, nor its mirror, is lost; the levels reported are
    /// those grown.
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
    /// let before_mirror = |&n: &u64, out: &mut Vec<u64>| {
    ///     backward(&(n ^ 0xf), out);
    /// };
    /// let search = LevelSearch::new(4);
    /// let found = search.between_mirrored(vec![0], 4, forward, backward, |&n| n ^ 0xf, before_mirror, |_| {})?;
    /// let sizes: Vec<usize> = found.levels.iter().map(Vec::len).collect();
    /// assert_eq!(sizes, [1, 4, 6, 4, 1]);
    /// assert_eq!(found.meeting, 2);
    /// # Ok::<(), search_core::levels::LevelError>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn between_mirrored<T: Key, F: Expand<T>, B: Expand<T>>(
        &self,
        sources: Vec<T>,
        depth: u32,
        forward: F,
        backward: B,
        mirror: impl Fn(&T) -> T + Sync,
        before_mirror: impl Fn(&T, &mut Vec<T>) + Sync,
        mut progress: impl FnMut(&LevelReport),
    ) -> Result<Between<T>, LevelError> {
        let depth = depth as usize;
        let half = depth / 2;
        let meeting = depth - half;
        let mut stats = Stats::default();
        // Levels 0..=half from the sources, and one more for an odd depth.
        let mut level = sources;
        self.sort_set(&mut level);
        let mirrored = |level: &[T]| map_level(level, self.bits, &mirror);
        let mut grown = Side::new(level);
        let mut bit_level = BitLevel::default();
        for k in 0..=half {
            if k > 0 {
                let last = grown.last();
                let (next, marks) =
                    self.grow(&mut bit_level, k, last, &forward, grown.bytes(), None, true)?;
                stats.expanded += last.len() as u64;
                stats.generated += next.generated;
                self.check(
                    grown.bytes()
                        + marks.as_ref().map_or(0, Marks::bytes)
                        + (next.keys.len() as u64).saturating_mul(self.bytes_per_state),
                )?;
                grown.push(next.keys, marks);
            }
            if grown.last().is_empty() {
                return Ok(Between {
                    levels: vec![Vec::new(); depth + 1],
                    meeting: 0,
                    steps: vec![None; depth + 1],
                    stats,
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
        let (last, last_marks, before) = grown.split();
        let mut levels = vec![Vec::new(); depth + 1];
        let mut steps = vec![None; depth + 1];
        // Level half keeps the states whose mirrors are on a path at level
        // depth - half: for an even depth, those of level half itself; for
        // an odd one, those of level half + 1, one step on (only compared
        // with the mirrors of level half).
        // As a bit array: level half marked, then a state kept when its
        // mirror (even), or a state one step before its mirror (odd), is
        // marked; the steps back from the mirrors are the mirrors of the
        // steps on, so this reads level half + 1 without building it.
        let dense = self.dense(half, last.len(), held);
        // Whether the levels below keep their steps: not if the limit
        // left out those of the meeting.
        let mut keep_below = self.steps;
        levels[half] = match dense {
            Some(ranking) => {
                match last_marks {
                    Some(marks) => bit_level.restore(marks),
                    None => bit_level.mark_keys(&last, &ranking),
                }
                let (kept, probes) = if half < meeting {
                    stats.expanded += last.len() as u64;
                    bit_level.keep_probed(&ranking, &last, &before_mirror, self.steps)
                } else {
                    let mirror = |x: &T, out: &mut Vec<T>| out.push(mirror(x));
                    bit_level.keep_probed(&ranking, &last, &mirror, false)
                };
                bit_level.clear(&ranking);
                drop(last);
                if let Some(parts) = probes {
                    // Held: the levels below, the bit array and this one.
                    let held = held + bit_level.bytes() + list_bytes(&kept);
                    keep_below = self
                        .check(held + KeptSteps::bytes_while_kept(&parts))
                        .is_ok();
                    if keep_below {
                        steps[meeting] = bit_level.keep_steps(&kept, &ranking, parts);
                    }
                }
                kept
            }
            None => {
                let targets = mirrored(&last);
                let reached = if half < meeting {
                    let held = held + list_bytes(&targets);
                    let (next, _) = self.grow(
                        &mut bit_level,
                        meeting,
                        &last,
                        &forward,
                        held,
                        Some(&targets),
                        false,
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
        // Level depth - half holds the mirrors of level half (as many).
        if half < meeting {
            if self.mirrored_levels {
                levels[meeting] = mirrored(&levels[half]);
            }
            progress(&LevelReport {
                backward: false,
                level: meeting as u32,
                states: levels[half].len() as u64,
                kept: levels[half].len() as u64,
                bytes: list_bytes(&levels[half]),
            });
        }
        self.paths_back(
            &mut bit_level,
            &mut levels,
            &mut steps,
            keep_below,
            0,
            half,
            before,
            &backward,
            &mut stats,
        );
        if self.mirrored_levels {
            for k in meeting + 1..=depth {
                levels[k] = mirrored(&levels[depth - k]);
            }
        }
        Ok(Between {
            levels,
            meeting: meeting as u32,
            steps,
            stats,
        })
    }
}

/// Sets of `n` bits, a step adding a bit that a rule allows, the rule
/// chosen so that the complement turns each step into a step: the steps
/// from a set (backward: into it), for the tests of mirrored searches.
#[cfg(test)]
pub(super) fn complement_symmetric_steps(
    n: u32,
    backward: bool,
) -> impl Fn(&u64, &mut Vec<u64>) -> u64 + Sync + Copy {
    let full = (1u64 << n) - 1;
    // Adding bit i to x is allowed by the count of x's bits among some
    // others; x -> x | i mirrors to !x & !i -> !x, whose count there is
    // that of the others less x's: the rule is symmetric.
    let allowed = move |x: u64, i: u32| {
        let others = full & !(1 << i) & (0x9b5u64.rotate_left(i) & full);
        let c = i64::from((x & others).count_ones());
        (2 * c - i64::from(others.count_ones())).abs() % 5 != 2
    };
    move |&x: &u64, out: &mut Vec<u64>| {
        let held = u64::from(backward);
        out.extend(
            (0..n)
                .filter(|&i| x >> i & 1 == held && allowed(x & !(1 << i), i))
                .map(|i| x ^ 1 << i),
        );
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sets of `n` bits, a step adding a bit that a rule allows, the rule
    /// chosen so that the complement turns each step into a step: the
    /// levels grown from one end and mirrored are those `between` grows
    /// from both, for an even and an odd number of steps.
    #[test]
    fn mirrored_levels_are_those_grown_from_both_ends() {
        for n in [11u32, 12] {
            let full = (1u64 << n) - 1;
            let forward = complement_symmetric_steps(n, false);
            let backward = complement_symmetric_steps(n, true);
            let sources = vec![0b1, 0b100, 0b1000_0000];
            let targets: Vec<u64> = sources.iter().map(|&x| x ^ full).collect();
            let search = LevelSearch::new(n);
            let both = search
                .between(sources.clone(), targets, n - 2, forward, backward, |_| {})
                .unwrap();
            assert!(both.levels.iter().all(|l| !l.is_empty()), "{n} bits");
            // The same game by its mirror, the complement.
            let by_mirror = |search: &LevelSearch| {
                search.between_mirrored(
                    sources.clone(),
                    n - 2,
                    forward,
                    backward,
                    |&x| x ^ full,
                    |&x: &u64, out: &mut Vec<u64>| {
                        backward(&(x ^ full), out);
                    },
                    |_| {},
                )
            };
            // The depth is odd for 11 bits, even for 12.
            for threads in [1, 3] {
                let mirrored = crate::par::with_threads(threads, || by_mirror(&search))
                    .unwrap()
                    .unwrap();
                assert_eq!(mirrored.levels, both.levels, "{n} bits, {threads} threads");
                assert_eq!(mirrored.meeting, (n - 2) - (n - 2) / 2);
                assert!(mirrored.stats.expanded < both.stats.expanded);
            }
            // The levels past the middle left unbuilt, the others the same.
            let half = by_mirror(&search.clone().without_mirrored_levels()).unwrap();
            let middle = (n as usize - 2) / 2;
            assert_eq!(half.levels[..=middle], both.levels[..=middle]);
            assert!(half.levels[middle + 1..].iter().all(Vec::is_empty));
        }
        // No path: the rule never allows the first step.
        let none = LevelSearch::new(4)
            .between_mirrored(
                vec![0u64],
                4,
                |_: &u64, _: &mut Vec<u64>| 0,
                |_: &u64, _: &mut Vec<u64>| 0,
                |&x| x ^ 0xf,
                |_: &u64, _: &mut Vec<u64>| {},
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
            |&x: &u64, out: &mut Vec<u64>| {
                all_bits(&(x ^ 0xfff), out);
            },
            |_| {},
        );
        assert!(matches!(limited, Err(LevelError::MemoryLimit { .. })));
    }
}
