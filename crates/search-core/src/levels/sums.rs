//! Weights carried one step, from a level to the next: how the paths into
//! every state of a level are counted from those into the level before.

use std::hash::Hash;
use std::ops::AddAssign;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use super::Key;
use super::filter::KeyFilter;

/// States expanded together by one thread before it looks for more work.
const CHUNK: usize = 1 << 10;

/// The most keys of `next` a part holds: its index and its sums stay in a
/// core's cache while the steps into it are added.
const PART: usize = 1 << 14;

/// States of the level whose steps are held at once: a few million steps
/// at most, whatever the level's size.
const BLOCK: usize = 1 << 18;

/// For each key of `next` (sorted, repeat-free), the sum of `weights[i]`
/// over the states `level[i]` one step before it, a step counted as often
/// as `expand` gives it (see [`expand_level`](super::expand_level)):
/// with the paths from a source into each state of a level as weights,
/// the paths into each state of the next.
///
/// The steps are found on every thread. Those that may land in `next` (a
/// filter of `next` says so) are sorted by parts of `next`, small enough
/// for a part's index and sums to stay in a core's cache, then each part
/// adds up its own: no thread waits on memory for each step, and none
/// keeps sums for the whole level. The level is read by blocks of
/// 2^18 states, the steps of a block that pass the filter held, with
/// their weights, until the parts add them up (a few million at most;
/// not counted against a memory limit). With integer weights the sums are
/// exact, the same whatever the number of threads.
///
/// # Example
///
/// ```
/// use search_core::levels::sum_steps;
///
/// // Steps +1 and +2: the paths into 3 and 4 from 1 (one path) and 2
/// // (two paths).
/// let step = |&n: &u64, out: &mut Vec<u64>| {
///     out.extend([n + 1, n + 2]);
///     2
/// };
/// let sums = sum_steps(&[1u64, 2], &[1u128, 2], &[3, 4], step);
/// assert_eq!(sums, [1 + 2, 2]);
/// ```
pub fn sum_steps<T, W, E>(level: &[T], weights: &[W], next: &[T], expand: E) -> Vec<W>
where
    T: Key + Hash,
    W: Copy + Default + AddAssign + Send + Sync,
    E: Fn(&T, &mut Vec<T>) -> u64 + Sync,
{
    sum_steps_by_blocks(level, weights, next, BLOCK, expand)
}

/// [`sum_steps`] reading the level by blocks of `block` states.
fn sum_steps_by_blocks<T, W, E>(
    level: &[T],
    weights: &[W],
    next: &[T],
    block: usize,
    expand: E,
) -> Vec<W>
where
    T: Key + Hash,
    W: Copy + Default + AddAssign + Send + Sync,
    E: Fn(&T, &mut Vec<T>) -> u64 + Sync,
{
    assert_eq!(level.len(), weights.len(), "a weight for each state");
    let parts = next.len().div_ceil(PART).max(1);
    let part = |p: usize| &next[p * next.len() / parts..(p + 1) * next.len() / parts];
    // The first key of each part but the first.
    let bounds: Vec<T> = (1..parts).map(|p| part(p)[0]).collect();
    let filter = KeyFilter::new(next);
    // Each part's index and sums, kept while the level is read by blocks.
    let mut sums: Vec<(FxHashMap<T, u32>, Vec<W>)> = (0..parts)
        .into_par_iter()
        .map(|p| {
            let keys = part(p);
            let index = keys
                .iter()
                .enumerate()
                .map(|(i, &key)| (key, i as u32))
                .collect();
            (index, vec![W::default(); keys.len()])
        })
        .collect();
    for (part_of_level, block_weights) in level.chunks(block).zip(weights.chunks(block)) {
        // Every thread's steps that may land in `next`, by part.
        let found: Vec<Vec<Vec<(T, W)>>> = crate::par::fold_chunks(
            part_of_level,
            CHUNK,
            || vec![vec![Vec::new(); parts]],
            |found, index, chunk| {
                let by_part = &mut found[0];
                let mut out = Vec::new();
                for (state, &weight) in chunk.iter().zip(&block_weights[index * CHUNK..]) {
                    out.clear();
                    expand(state, &mut out);
                    for &key in &out {
                        if filter.may_hold(key) {
                            by_part[bounds.partition_point(|&b| b <= key)].push((key, weight));
                        }
                    }
                }
            },
            |mut a, b| {
                a.extend(b);
                a
            },
        );
        sums.par_iter_mut()
            .enumerate()
            .for_each(|(p, (index, sums))| {
                for thread in &found {
                    for &(key, weight) in &thread[p] {
                        if let Some(&i) = index.get(&key) {
                            sums[i as usize] += weight;
                        }
                    }
                }
            });
    }
    sums.into_iter().flat_map(|(_, sums)| sums).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sums over steps +1, +3 and *2 (kept below 2^16), with parts of the
    /// next level, blocks of the level and several threads, against a
    /// plain loop.
    #[test]
    fn sums_match_a_plain_loop() {
        let step = |&n: &u64, out: &mut Vec<u64>| {
            out.extend([n + 1, n + 3, n * 2].into_iter().filter(|&m| m < 1 << 16));
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
        for threads in [1, 3] {
            for block in [BLOCK, 1000, 1] {
                let sums = crate::par::with_threads(threads, || {
                    sum_steps_by_blocks(&level, &weights, &next, block, step)
                })
                .unwrap();
                assert_eq!(sums, expected, "{threads} threads, blocks of {block}");
            }
        }
        assert!(sum_steps(&level, &weights, &[], step).is_empty());
    }
}
