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
    use crate::levels::RankCursor;

    /// Every level: the keys below 2^16, each its own rank.
    struct Plain;

    impl LevelRanking for Plain {
        type Cursor<'c> = Plain;

        fn count(&self) -> u64 {
            1 << 16
        }

        fn rank(&self, key: u64) -> u64 {
            key
        }

        fn cursor(&self) -> Plain {
            Plain
        }
    }

    impl RankCursor for Plain {
        fn key(&mut self, rank: u64) -> u64 {
            rank
        }
    }

    impl Ranks for Plain {
        type Level<'a> = Plain;

        fn level(&self, _: usize) -> Option<Plain> {
            Some(Plain)
        }
    }

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
        let ranked = LevelSearch::new(16).with_ranks(Plain);
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
}
