//! Values carried between consecutive levels, back along the steps into
//! each state or on along the steps from it: the paths into every state,
//! level by level.

use rayon::prelude::*;

use std::ops::AddAssign;

use super::dense::BitLevel;
use super::{Expand, Key, LevelRanking, LevelSearch, Ranks};

/// States expanded together by one thread before it looks for more work.
const CHUNK: usize = 1 << 10;

/// States of a level whose values [`LevelSearch::carry_forward`] carries
/// before it combines them: a few million values held at most.
const BLOCK: usize = 1 << 18;

impl<R: Ranks> LevelSearch<R> {
    /// Values carried one step back, from level `k` (the sorted,
    /// repeat-free `level`, with one value a state) into level `k + 1`
    /// (the sorted `next`): for each key of `next`, the sum of the values
    /// of the keys that `backward` gives for it, each as often as it gives
    /// it (keys not in `level` left out). With the paths from the sources
    /// into level `k` as values, the paths into level `k + 1`. The keys of
    /// `level` are found by a bit array over their ranks where level `k`
    /// has a ranking worth it, else by a binary search; `next` is read on
    /// every thread, and each sum is its state's own, so the result does
    /// not depend on the number of threads.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::levels::LevelSearch;
    ///
    /// // Steps +1 and +2: the paths into 3 and 4 from 1 (one path) and 2
    /// // (two paths).
    /// let back = |&n: &u64, out: &mut Vec<u64>| {
    ///     out.extend([n - 1, n - 2]);
    ///     2
    /// };
    /// let paths = LevelSearch::new(8).carry_back(0, &[1u64, 2], &[1u128, 2], &[3, 4], back);
    /// assert_eq!(paths, [1 + 2, 2]);
    /// ```
    pub fn carry_back<T, W, B>(
        &self,
        k: usize,
        level: &[T],
        values: &[W],
        next: &[T],
        backward: B,
    ) -> Vec<W>
    where
        T: Key,
        W: Copy + Default + AddAssign + Send + Sync,
        B: Expand<T>,
    {
        assert_eq!(level.len(), values.len(), "a value for each state");
        if let Some(ranking) = self.dense(k, level.len(), 0) {
            let mut bit_level = BitLevel::default();
            return bit_level.carry_back(level, values, &ranking, next, &backward);
        }
        next.par_chunks(CHUNK)
            .map_init(Vec::new, |keys, chunk| {
                chunk
                    .iter()
                    .map(|state| {
                        keys.clear();
                        backward(state, keys);
                        let mut sum = W::default();
                        for key in keys.iter() {
                            if let Ok(i) = level.binary_search(key) {
                                sum += values[i];
                            }
                        }
                        sum
                    })
                    .collect::<Vec<W>>()
            })
            .flatten_iter()
            .collect()
    }
}

/// The steps back from each state of a level into the level before, as a
/// search between two ends found them ([`LevelSearch::with_steps`],
/// [`Between::steps`]): for each state, in order, the positions in the
/// level before of the states one step before it, so that values are
/// carried back along them ([`KeptSteps::carry_back`]) without finding
/// them again. Four bytes a step and a state.
///
/// [`Between::steps`]: super::Between::steps
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeptSteps {
    /// The steps, one state's after another's.
    steps: Vec<u32>,
    /// Where each state's steps end.
    ends: Vec<u32>,
}

/// The steps of a run of consecutive states while a search finds them:
/// one state's after another's (the ranks of their keys while the level
/// before is unknown, then their positions in it), and how many each has.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct StepPart {
    pub(crate) steps: Vec<u32>,
    pub(crate) counts: Vec<u32>,
}

/// States whose values one thread sums before it looks for more work.
const SUMS: usize = 1 << 12;

impl KeptSteps {
    /// The steps of `parts` gathered, each list allocated once at its
    /// length and filled on every thread; `None` if they are 2^32 or more.
    pub(crate) fn gather(parts: Vec<StepPart>) -> Option<KeptSteps> {
        let total: usize = parts.iter().map(|p| p.steps.len()).sum();
        u32::try_from(total).ok()?;
        let mut steps = vec![0; total];
        let mut ends = vec![0; parts.iter().map(|p| p.counts.len()).sum()];
        // Each part's place in both lists, and the steps before it.
        let mut places = Vec::with_capacity(parts.len());
        let (mut rest_steps, mut rest_ends, mut before) = (&mut steps[..], &mut ends[..], 0);
        for part in &parts {
            let (s, tail) = rest_steps.split_at_mut(part.steps.len());
            rest_steps = tail;
            let (e, tail) = rest_ends.split_at_mut(part.counts.len());
            rest_ends = tail;
            places.push((s, e, before));
            before += part.steps.len() as u32;
        }
        places
            .into_par_iter()
            .zip(parts)
            .for_each(|((s, e, mut end), part)| {
                s.copy_from_slice(&part.steps);
                for (e, &n) in e.iter_mut().zip(&part.counts) {
                    end += n;
                    *e = end;
                }
            });
        Some(KeptSteps { steps, ends })
    }

    /// The bytes `parts` hold while they are turned into kept steps and
    /// gathered: twice their own, since the steps' list is built while
    /// they are held and is at most as big (four bytes a step found and a
    /// state, against four a step kept and a state).
    pub(crate) fn bytes_while_kept(parts: &[StepPart]) -> u64 {
        parts
            .iter()
            .map(|p| 8 * (p.steps.capacity() + p.counts.capacity()) as u64)
            .sum()
    }

    /// Whether the ranks of a ranking of `count` keys fit the 32 bits kept.
    pub(crate) fn fit(count: u64) -> bool {
        count <= 1 << 32
    }

    /// The number of states whose steps are kept.
    pub fn states(&self) -> usize {
        self.ends.len()
    }

    /// The bytes held.
    pub fn bytes(&self) -> u64 {
        (4 * (self.steps.capacity() + self.ends.capacity())) as u64
    }

    /// For each state, in order, the sum of `values` (one for each state of
    /// the level before) over the steps into it: with the paths into the
    /// level before as values, the paths into each state. Each sum is its
    /// state's own, whatever the number of threads.
    pub fn carry_back<W>(&self, values: &[W]) -> Vec<W>
    where
        W: Copy + Default + AddAssign + Send + Sync,
    {
        (0..self.ends.len())
            .into_par_iter()
            .with_min_len(SUMS)
            .map(|i| {
                let from = if i == 0 { 0 } else { self.ends[i - 1] };
                let mut sum = W::default();
                for &p in &self.steps[from as usize..self.ends[i] as usize] {
                    sum += values[p as usize];
                }
                sum
            })
            .collect()
    }
}

impl<R: Ranks> LevelSearch<R> {
    /// Values carried one step on, from level `k` (`level`, with one value
    /// a state) into level `k + 1` (the sorted, repeat-free `next`):
    /// `step(state, value, emit)` calls `emit(key, value)` for each step from
    /// the state (the key of the state it leads to, and the value it brings
    /// there); the values brought into a key of `next` are combined by
    /// `combine` (associative and commutative: a least, a union, a sum), so
    /// that the result, `None` where nothing steps in and keys not in `next`
    /// ignored, is the same whatever the number of threads. The keys of
    /// `next` are found by a bit array over their ranks where level `k + 1`
    /// has a ranking (and the array has no more words than eight a key),
    /// else by a binary search; `level` is read on every thread.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::levels::LevelSearch;
    ///
    /// // The fewest steps +1 (one step) or +2 (three) into 3 and 4 from 1
    /// // (after no step) and 2 (after one).
    /// let step = |&n: &u64, &cost: &u32, emit: &mut dyn FnMut(u64, u32)| {
    ///     emit(n + 1, cost + 1);
    ///     emit(n + 2, cost + 3);
    /// };
    /// let least = |a: &mut u32, b: u32| *a = (*a).min(b);
    /// let fewest = LevelSearch::new(8).carry_forward(0, &[1u64, 2], &[0, 1], &[3, 4], step, least);
    /// assert_eq!(fewest, [Some(2), Some(4)]);
    /// ```
    pub fn carry_forward<T, V, S, C>(
        &self,
        k: usize,
        level: &[T],
        values: &[V],
        next: &[T],
        step: S,
        combine: C,
    ) -> Vec<Option<V>>
    where
        T: Key,
        V: Copy + Send + Sync,
        S: Fn(&T, &V, &mut dyn FnMut(T, V)) + Sync,
        C: Fn(&mut V, V) + Sync,
    {
        assert_eq!(level.len(), values.len(), "a value for each state");
        let mut bit_level = BitLevel::default();
        let ranking = self.dense(k + 1, next.len(), 0);
        let before = ranking.as_ref().map(|r| bit_level.index(next, r));
        let bit_level = &bit_level;
        let position = |key: T| match (&ranking, &before) {
            (Some(r), Some(b)) => bit_level.position(b, r.rank(key.to_bits() as u64)),
            _ => next.binary_search(&key).ok().map(|i| i as u32),
        };
        // Each chunk's values by position, combined; then all chunks' in
        // order, a block of the level at a time (so that the values found
        // are held for a block only).
        let mut carried: Vec<Option<V>> = vec![None; next.len()];
        for block in (0..level.len()).step_by(BLOCK) {
            let end = (block + BLOCK).min(level.len());
            let parts: Vec<Vec<(u32, V)>> = (block..end)
                .into_par_iter()
                .step_by(CHUNK)
                .map(|from| {
                    let mut found: Vec<(u32, V)> = Vec::new();
                    for i in from..(from + CHUNK).min(end) {
                        step(&level[i], &values[i], &mut |key, value| {
                            if let Some(j) = position(key) {
                                found.push((j, value));
                            }
                        });
                    }
                    found.sort_unstable_by_key(|f| f.0);
                    found.dedup_by(|later, first| {
                        let same = later.0 == first.0;
                        if same {
                            combine(&mut first.1, later.1);
                        }
                        same
                    });
                    found
                })
                .collect();
            for (j, value) in parts.into_iter().flatten() {
                match &mut carried[j as usize] {
                    Some(old) => combine(old, value),
                    slot => *slot = Some(value),
                }
            }
        }
        carried
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::ranking::Plain;

    /// Paths counted over steps +1, +3 and *2 (kept below 2^16), on
    /// several threads, against a plain loop.
    #[test]
    fn steps_count_paths_as_a_plain_loop_does() {
        let step = |&n: &u64, out: &mut Vec<u64>| {
            out.extend([n + 1, n + 3, n * 2].into_iter().filter(|&m| m < 1 << 16));
            3
        };
        let back = |&m: &u64, out: &mut Vec<u64>| {
            out.extend(
                [
                    m.checked_sub(1),
                    m.checked_sub(3),
                    (m % 2 == 0).then_some(m / 2),
                ]
                .into_iter()
                .flatten(),
            );
            3
        };
        let level: Vec<u64> = (0..40_000).filter(|n| n % 3 != 1).collect();
        let weights: Vec<u128> = level.iter().map(|&n| u128::from(n % 7) + 1).collect();
        let next: Vec<u64> = (0..1 << 16).filter(|n| n % 5 != 2).collect();
        let mut expected = vec![0u128; next.len()];
        let mut out = Vec::new();
        for (n, &w) in level.iter().zip(&weights) {
            out.clear();
            step(n, &mut out);
            for m in &out {
                if let Ok(j) = next.binary_search(m) {
                    expected[j] += w;
                }
            }
        }
        // Sorted, and through a bit array over the keys of 16 bits ranked
        // as themselves.
        let ranked = LevelSearch::new(16).with_ranks(Plain(16));
        for threads in [1, 3] {
            let (sums, by_ranks) = crate::par::with_threads(threads, || {
                (
                    LevelSearch::new(16).carry_back(0, &level, &weights, &next, back),
                    ranked.carry_back(0, &level, &weights, &next, back),
                )
            })
            .unwrap();
            assert_eq!(sums, expected, "{threads} threads");
            assert_eq!(by_ranks, expected, "{threads} threads, ranked");
        }
        assert!(
            LevelSearch::new(16)
                .carry_back(0, &level, &weights, &[], back)
                .is_empty()
        );
        // The same sums carried forward, and the fewest steps.
        let emit = |n: &u64, &w: &u128, out: &mut dyn FnMut(u64, u128)| {
            let mut next = Vec::new();
            step(n, &mut next);
            for m in next {
                out(m, w);
            }
        };
        for threads in [1, 3] {
            let (sums, least) = crate::par::with_threads(threads, || {
                let search = LevelSearch::new(16);
                let sums = search.carry_forward(0, &level, &weights, &next, emit, |a, b| *a += b);
                let least =
                    search.carry_forward(0, &level, &weights, &next, emit, |a, b| *a = (*a).min(b));
                (sums, least)
            })
            .unwrap();
            let want: Vec<Option<u128>> = expected.iter().map(|&e| (e > 0).then_some(e)).collect();
            assert_eq!(sums, want, "{threads} threads");
            assert!(
                least
                    .iter()
                    .zip(&sums)
                    .all(|(l, s)| l.is_some() == s.is_some() && l <= s)
            );
        }
    }

    /// The steps that the searches between two ends keep carry values as
    /// the steps found again do: those back into each level below the
    /// meeting, and, for a mirrored search of an odd depth, those back
    /// from the mirrors of the level before the meeting.
    #[test]
    fn kept_steps_carry_as_the_steps_found_again() {
        // Sets of 11 bits, a step adding a bit that a rule symmetric under
        // the complement allows.
        let full = (1u64 << 11) - 1;
        let forward = super::super::mirrored::complement_symmetric_steps(11, false);
        let backward = super::super::mirrored::complement_symmetric_steps(11, true);
        let before_mirror = |&x: &u64, out: &mut Vec<u64>| backward(&(x ^ full), out);
        let sources = vec![0b1, 0b100, 0b1000_0000];
        let targets: Vec<u64> = sources.iter().map(|&x| x ^ full).collect();
        let search = LevelSearch::new(16).with_ranks(Plain(16)).with_steps();
        let plain = LevelSearch::new(16);
        for threads in [1, 3] {
            let (both, mirrored) = crate::par::with_threads(threads, || {
                let both = search.between(
                    sources.clone(),
                    targets.clone(),
                    9,
                    forward,
                    backward,
                    |_| {},
                );
                let mirrored = search.between_mirrored(
                    sources.clone(),
                    9,
                    forward,
                    backward,
                    |&x| x ^ full,
                    |x: &u64, out: &mut Vec<u64>| {
                        before_mirror(x, out);
                    },
                    |_| {},
                );
                (both.unwrap(), mirrored.unwrap())
            })
            .unwrap();
            assert_eq!(both.levels, mirrored.levels);
            for (found, by_mirror) in [(&both, false), (&mirrored, true)] {
                let meeting = found.meeting as usize;
                let mut kept = 0;
                for (k, steps) in found.steps.iter().enumerate() {
                    let Some(steps) = steps else { continue };
                    assert!((1..=meeting).contains(&k), "steps into level {k}");
                    let level = &found.levels[k - 1];
                    let values: Vec<u128> = (0..level.len() as u128).map(|i| 7 * i + 1).collect();
                    // Into the mirrors of level k - 1 at the meeting of
                    // the mirrored search (9 steps: odd), else into level k.
                    let want = if by_mirror && k == meeting {
                        plain.carry_back(k - 1, level, &values, level, before_mirror)
                    } else {
                        plain.carry_back(k - 1, level, &values, &found.levels[k], backward)
                    };
                    assert_eq!(steps.states(), want.len());
                    assert_eq!(
                        steps.carry_back(&values),
                        want,
                        "level {k}, {threads} threads"
                    );
                    kept += 1;
                }
                assert!(kept >= 2, "{kept} levels of steps kept");
            }
            assert!(mirrored.steps[mirrored.meeting as usize].is_some());
        }
        // Under a memory limit that the levels fit and all the steps do
        // not: the same levels, the steps of the levels nearest the
        // meeting kept and those below left out.
        let run = |search: LevelSearch<Plain>| {
            let (sources, targets) = (sources.clone(), targets.clone());
            search.between(sources, targets, 9, forward, backward, |_| {})
        };
        let unlimited = run(LevelSearch::new(16).with_ranks(Plain(16)).with_steps()).unwrap();
        let all = unlimited.steps.iter().flatten().count();
        let mut partly = None;
        for quarter_kib in 1.. {
            let limited = run(LevelSearch::new(16)
                .with_ranks(Plain(16))
                .with_steps()
                .with_bytes_per_state(0)
                .with_max_memory(quarter_kib << 8));
            let Ok(found) = limited else { continue };
            match found.steps.iter().flatten().count() {
                0 => {}
                n if n == all => break,
                _ => {
                    partly = Some(found);
                    break;
                }
            }
        }
        let partly = partly.expect("a limit keeping some steps and not all");
        assert_eq!(partly.levels, unlimited.levels);
        // The levels whose steps are kept run down from the meeting.
        let kept: Vec<usize> = (0..partly.steps.len())
            .filter(|&k| partly.steps[k].is_some())
            .collect();
        let lowest = kept[0];
        assert!(
            (lowest..=partly.meeting as usize)
                .all(|k| partly.steps[k].is_some() || unlimited.steps[k].is_none())
        );
        for &k in &kept {
            assert_eq!(partly.steps[k], unlimited.steps[k]);
        }
        // Without `with_steps`, none.
        let none = LevelSearch::new(16)
            .with_ranks(Plain(16))
            .between(sources, targets, 9, forward, backward, |_| {})
            .unwrap();
        assert!(none.steps.iter().all(Option::is_none));
    }
}
