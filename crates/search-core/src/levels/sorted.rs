//! Sorted, repeat-free lists of keys ([`Key`], sorted by radix in
//! `key.rs` and `radix.rs`): merging, and a level's successors found in
//! parallel.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::{Expand, Key};

/// Appends to `out` the elements of sorted `b` that sorted `a` lacks.
fn missing_into<T: Copy + Ord>(a: &[T], b: &[T], out: &mut Vec<T>) {
    out.clear();
    let mut i = 0;
    for &x in b {
        while i < a.len() && a[i] < x {
            i += 1;
        }
        if i == a.len() || a[i] != x {
            out.push(x);
        }
    }
}

/// Merges the sorted `b` into the sorted `a`, which holds none of its
/// elements, in place from the back: no memory beyond `a`'s growth.
fn merge_back<T: Copy + Ord + Default>(a: &mut Vec<T>, b: &[T]) {
    let (mut i, mut j) = (a.len(), b.len());
    a.resize(i + j, T::default());
    let mut k = a.len();
    while j > 0 {
        k -= 1;
        if i > 0 && a[i - 1] > b[j - 1] {
            i -= 1;
            a[k] = a[i];
        } else {
            j -= 1;
            a[k] = b[j];
        }
    }
}

/// The fewest keys of the larger list for a part of [`merge_union`]'s.
const MIN_PART: usize = 1 << 14;

/// Merges the sorted, repeat-free `small` into the sorted, repeat-free
/// `large`, each key once, in place, on every thread: the key range is cut
/// into parts at keys of `large`; the keys of `small` missing from each
/// part are found, each part's keys of `large` are moved (the last part
/// first) to the end of the room its merged keys will take, and every
/// part is then merged into its own room from the front.
fn merge_union<T: Key>(large: &mut Vec<T>, small: &[T]) {
    let parts = (rayon::current_num_threads() * 4)
        .min(large.len() / MIN_PART)
        .max(1);
    if parts == 1 || small.is_empty() {
        let mut missing = Vec::new();
        missing_into(large, small, &mut missing);
        merge_back(large, &missing);
        return;
    }
    // Part p holds the keys from cuts[p - 1] (included) to cuts[p]
    // (excluded).
    let cuts: Vec<T> = (1..parts).map(|p| large[p * large.len() / parts]).collect();
    let bounds = |list: &[T]| -> Vec<usize> {
        let inner = cuts.iter().map(|cut| list.partition_point(|x| x < cut));
        std::iter::once(0)
            .chain(inner)
            .chain([list.len()])
            .collect()
    };
    let (at, from) = (bounds(large), bounds(small));
    let missing: Vec<Vec<T>> = (0..parts)
        .into_par_iter()
        .map(|p| {
            let mut missing = Vec::new();
            missing_into(
                &large[at[p]..at[p + 1]],
                &small[from[p]..from[p + 1]],
                &mut missing,
            );
            missing
        })
        .collect();
    let mut shift: usize = missing.iter().map(Vec::len).sum();
    large.resize(large.len() + shift, T::default());
    for p in (0..parts).rev() {
        large.copy_within(at[p]..at[p + 1], at[p] + shift);
        shift -= missing[p].len();
    }
    let mut rooms = Vec::with_capacity(parts);
    let mut rest = large.as_mut_slice();
    for (p, missing) in missing.iter().enumerate() {
        let (room, after) = rest.split_at_mut(at[p + 1] - at[p] + missing.len());
        rooms.push((room, missing));
        rest = after;
    }
    rooms.into_par_iter().for_each(|(room, missing)| {
        // The part's keys of `large` are at the end of its room; the merge
        // writes at or before the key it reads.
        let (mut i, mut k) = (missing.len(), 0);
        for &x in missing {
            while i < room.len() && room[i] < x {
                room[k] = room[i];
                i += 1;
                k += 1;
            }
            room[k] = x;
            k += 1;
        }
    });
}

/// The keys found by one worker: a sorted, repeat-free prefix and the
/// keys found since, sorted and merged in when they are many.
struct Batch<T> {
    keys: Vec<T>,
    clean: usize,
    scratch: Vec<T>,
    generated: u64,
    /// The bytes last counted for this batch's buffers.
    counted: u64,
}

impl<T: Key> Batch<T> {
    fn new() -> Self {
        Batch {
            keys: Vec::new(),
            clean: 0,
            scratch: Vec::new(),
            generated: 0,
            counted: 0,
        }
    }

    /// The bytes of the batch's buffers.
    fn bytes(&self) -> u64 {
        ((self.keys.capacity() + self.scratch.capacity()) * std::mem::size_of::<T>()) as u64
    }

    /// Sorts the keys found since the last flush and merges them in.
    fn flush(&mut self, bits: u32) {
        let clean = self.clean;
        if self.keys.len() == clean {
            return;
        }
        let fresh = T::sort_dedup(&mut self.keys[clean..], &mut self.scratch, bits);
        if clean > 0 {
            let (old, new) = self.keys.split_at(clean);
            missing_into(old, &new[..fresh], &mut self.scratch);
            self.keys.truncate(clean);
            merge_back(&mut self.keys, &self.scratch);
        } else {
            self.keys.truncate(fresh);
        }
        self.clean = self.keys.len();
    }

    /// Frees the working space.
    fn finish(mut self, bits: u32) -> Self {
        self.flush(bits);
        self.scratch = Vec::new();
        self
    }

    /// The union of two finished batches, built in the larger.
    fn merge(self, other: Batch<T>) -> Batch<T> {
        let (mut large, small) = if self.keys.len() >= other.keys.len() {
            (self, other)
        } else {
            (other, self)
        };
        merge_union(&mut large.keys, &small.keys);
        drop(small.keys);
        large.clean = large.keys.len();
        large.generated += small.generated;
        large
    }
}

/// The successors of a level: [`expand_level`]'s result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expanded<T> {
    /// Every key the expansion gave, sorted ascending, each once.
    pub keys: Vec<T>,
    /// The sum of the counts the expansion returned (the moves it
    /// generated, say, kept or not).
    pub generated: u64,
}

/// Keys found are sorted and merged in each time this many accumulate
/// (shared among the threads), which bounds the buffers whatever the
/// branching.
pub const FLUSH: usize = 1 << 21;

/// States expanded together by one thread before it looks for more work.
const CHUNK: usize = 1 << 10;

/// Calls `expand(state, out)` for every state of `level`, in parallel; the
/// expansion pushes the keys of the state's successors onto `out` and
/// returns a count of its own choosing (summed in
/// [`Expanded::generated`]). Every key must be below `2^bits`.
///
/// The result does not depend on the number of threads or on the order in
/// which the states are expanded.
///
/// # Example
///
/// ```
/// use search_core::levels::expand_level;
///
/// // The numbers one below or one above a level, below 16.
/// let next = expand_level(&[3u64, 7, 8], 4, |&n, out| {
///     out.extend([n.saturating_sub(1), (n + 1).min(15)]);
///     2
/// });
/// assert_eq!(next.keys, [2, 4, 6, 7, 8, 9]);
/// assert_eq!(next.generated, 6);
/// ```
pub fn expand_level<T: Key, E: Expand<T>>(level: &[T], bits: u32, expand: E) -> Expanded<T> {
    match expand_level_within(level, bits, u64::MAX, expand) {
        Ok(next) => next,
        Err(_) => unreachable!("no buffer holds 2^64 bytes"),
    }
}

/// [`expand_level`] that gives up once the workers' buffers (the keys
/// found, sorted or not, and the space to sort them) hold more than
/// `budget` bytes, checked each time a worker sorts the keys it found:
/// `Err` with the bytes they held then. Where the size of a level is not
/// known before it is built, this bounds the building.
///
/// # Example
///
/// ```
/// use search_core::levels::expand_level_within;
///
/// // Nine million successors cannot be sorted within a megabyte.
/// let level: Vec<u64> = (0..3000).collect();
/// let wide = |&n: &u64, out: &mut Vec<u64>| {
///     out.extend((0..3000).map(|i| n * 3000 + i));
///     3000
/// };
/// let held = expand_level_within(&level, 24, 1 << 20, wide).unwrap_err();
/// assert!(held > 1 << 20);
/// let next = expand_level_within(&level, 24, u64::MAX, wide).unwrap();
/// assert_eq!(next.keys.len(), 9_000_000);
/// ```
pub fn expand_level_within<T: Key, E: Expand<T>>(
    level: &[T],
    bits: u32,
    budget: u64,
    expand: E,
) -> Result<Expanded<T>, u64> {
    let threads = rayon::current_num_threads().max(1);
    expand_in_batches(
        level,
        bits,
        (FLUSH / threads).max(CHUNK),
        CHUNK,
        budget,
        expand,
    )
}

/// [`expand_level_within`] with the keys of a worker sorted each time
/// `flush` new ones accumulate (or a quarter of those it holds, if more),
/// and `chunk` states expanded at a time.
fn expand_in_batches<T: Key, E: Expand<T>>(
    level: &[T],
    bits: u32,
    flush: usize,
    chunk: usize,
    budget: u64,
    expand: E,
) -> Result<Expanded<T>, u64> {
    // The bytes all workers' buffers held when each last sorted, and the
    // most seen; past the budget every worker stops.
    let held = AtomicU64::new(0);
    let most = AtomicU64::new(0);
    let work = |batch: &mut Batch<T>, chunk: &[T]| {
        for state in chunk {
            batch.generated += expand(state, &mut batch.keys);
            let fresh = batch.keys.len() - batch.clean;
            if fresh >= flush.max(batch.clean / 4) {
                batch.flush(bits);
                let now = batch.bytes();
                // A change of either sign, added modulo 2^64.
                let change = now.wrapping_sub(batch.counted);
                let total = held
                    .fetch_add(change, Ordering::Relaxed)
                    .wrapping_add(change);
                batch.counted = now;
                most.fetch_max(total, Ordering::Relaxed);
                if total > budget {
                    return;
                }
            }
        }
    };
    let over = || most.load(Ordering::Relaxed) > budget;
    // One batch a thread: few batches to merge, whatever the level's size.
    let batch = crate::par::fold_chunks_then(
        level,
        chunk,
        Batch::new,
        |batch, _, chunk| {
            if !over() {
                work(batch, chunk);
            }
        },
        |batch| if over() { batch } else { batch.finish(bits) },
        |a, b| if over() { a } else { a.merge(b) },
    );
    if over() {
        return Err(most.load(Ordering::Relaxed));
    }
    // Every batch was finished on its own thread, and a union is sorted.
    let mut keys = batch.keys;
    keys.shrink_to_fit();
    Ok(Expanded {
        keys,
        generated: batch.generated,
    })
}

/// Removes from sorted `v` every element that a sorted list of `old`
/// holds.
///
/// # Example
///
/// ```
/// let mut v = vec![1, 2, 3, 5, 8];
/// search_core::levels::remove_known(&mut v, &[vec![2, 3], vec![0, 8, 9]]);
/// assert_eq!(v, [1, 5]);
/// ```
pub fn remove_known<T: Ord + Copy, L: AsRef<[T]>>(v: &mut Vec<T>, old: &[L]) {
    for level in old {
        let level = level.as_ref();
        let mut k = 0;
        let mut i = 0;
        for idx in 0..v.len() {
            let x = v[idx];
            while i < level.len() && level[i] < x {
                i += 1;
            }
            if i < level.len() && level[i] == x {
                continue;
            }
            v[k] = x;
            k += 1;
        }
        v.truncate(k);
    }
}

/// The least element that both sorted lists hold.
///
/// # Example
///
/// ```
/// assert_eq!(search_core::levels::first_common(&[1, 4, 6, 9], &[2, 6, 9]), Some(6));
/// assert_eq!(search_core::levels::first_common(&[1, 4], &[2, 6]), None);
/// ```
pub fn first_common<T: Ord + Copy>(a: &[T], b: &[T]) -> Option<T> {
    let (mut i, mut k) = (0, 0);
    while i < a.len() && k < b.len() {
        match a[i].cmp(&b[k]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => k += 1,
            std::cmp::Ordering::Equal => return Some(a[i]),
        }
    }
    None
}

/// The elements that both sorted, repeat-free lists hold, sorted.
///
/// # Example
///
/// ```
/// assert_eq!(search_core::levels::intersect(&[1, 4, 6, 9], &[2, 6, 9]), [6, 9]);
/// ```
pub fn intersect<T: Ord + Copy>(a: &[T], b: &[T]) -> Vec<T> {
    intersect_with(a, b.iter().copied())
}

/// The elements of the sorted, repeat-free `a` that the ascending,
/// repeat-free `b` yields ([`intersect`] for a list read in order, a
/// packed level say).
pub(crate) fn intersect_with<T: Ord + Copy>(a: &[T], b: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    let mut i = 0;
    for x in b {
        while i < a.len() && a[i] < x {
            i += 1;
        }
        if i == a.len() {
            break;
        }
        if a[i] == x {
            out.push(x);
            i += 1;
        }
    }
    out
}

/// The images of the keys of `level` under `map`, computed on every
/// thread, sorted and each once (keys below `2^bits`): a level mapped by a
/// symmetry or a mirror.
///
/// # Example
///
/// ```
/// // Complements of 4-bit sets.
/// let images = search_core::levels::map_level(&[0b0001u64, 0b0111, 0b1110], 4, |&x| x ^ 0xf);
/// assert_eq!(images, [0b0001, 0b1000, 0b1110]);
/// ```
pub fn map_level<T: Key>(level: &[T], bits: u32, map: impl Fn(&T) -> T + Sync) -> Vec<T> {
    let mut images: Vec<T> = level.par_iter().map(&map).collect();
    let distinct = T::sort_dedup(&mut images, &mut Vec::new(), bits);
    images.truncate(distinct);
    images
}

/// For each key of the sorted `level`, the position in the sorted `other`
/// of its image under `mirror`, a map that takes `level` onto `other`
/// (each key to a key, distinct keys to distinct keys): the images sorted
/// with their positions, on every thread.
///
/// # Example
///
/// ```
/// let at = search_core::levels::mirror_positions(&[1u64, 2, 3], &[7, 8, 9], |&k| 10 - k);
/// assert_eq!(at, [2, 1, 0]);
/// ```
pub fn mirror_positions<T: Key>(
    level: &[T],
    other: &[T],
    mirror: impl Fn(&T) -> T + Sync,
) -> Vec<u32> {
    let mut pairs: Vec<(T, u32)> = level
        .par_iter()
        .enumerate()
        .map(|(i, k)| (mirror(k), i as u32))
        .collect();
    pairs.par_sort_unstable();
    debug_assert!(pairs.iter().map(|p| p.0).eq(other.iter().copied()));
    let mut at = vec![0; pairs.len()];
    for (j, &(_, i)) in pairs.iter().enumerate() {
        at[i as usize] = j as u32;
    }
    at
}

/// The sum of `f(i, &level[i])` over a level, on every thread (the same
/// whatever the number of threads for an integer sum).
///
/// # Example
///
/// ```
/// let total = search_core::levels::sum_over(&[5u64, 6, 7], |i, &k| i as u64 * k);
/// assert_eq!(total, 6 + 14);
/// ```
pub fn sum_over<T, W>(level: &[T], f: impl Fn(usize, &T) -> W + Sync) -> W
where
    T: Sync,
    W: Send + std::iter::Sum<W>,
{
    level
        .par_iter()
        .with_min_len(1 << 10)
        .enumerate()
        .map(|(i, k)| f(i, k))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Batches flushed after a few keys, and chunks of a few states, give
    /// the keys and counts of a plain sort, on 1 and 3 threads.
    #[test]
    fn batches_merge_to_the_sorted_set_of_keys() {
        let level: Vec<u64> = (0..3000).collect();
        let expand = |&n: &u64, out: &mut Vec<u64>| {
            let k = n % 7;
            for i in 0..k {
                out.push((n * 7919 + i * 104_729) % 5003);
            }
            k
        };
        let mut want = Vec::new();
        let mut generated = 0;
        for n in &level {
            generated += expand(n, &mut want);
        }
        want.sort_unstable();
        want.dedup();
        for threads in [1, 3] {
            for (flush, chunk) in [(1, 1), (5, 3), (64, 17), (1 << 20, 1024)] {
                let got = crate::par::with_threads(threads, || {
                    expand_in_batches(&level, 13, flush, chunk, u64::MAX, expand)
                })
                .unwrap()
                .unwrap();
                assert_eq!(
                    got.keys, want,
                    "{threads} threads, flush {flush}, chunk {chunk}"
                );
                assert_eq!(got.generated, generated);
            }
        }
    }

    /// Unions in parts, with keys on both sides of every cut, on 1 and 3
    /// threads, against a plain sort.
    #[test]
    fn unions_in_parts_hold_each_key_once() {
        let large: Vec<u64> = (0..300_000u64).map(|i| i * 3).collect();
        for small in [
            (0..100_000u64).map(|i| i * 7 + 1).collect::<Vec<_>>(),
            (0..50_000u64).map(|i| i * 18).collect(),
            vec![0, 5, 899_997, 2_000_000],
            Vec::new(),
        ] {
            let mut want: Vec<u64> = large.iter().chain(&small).copied().collect();
            want.sort_unstable();
            want.dedup();
            for threads in [1, 3] {
                let mut got = large.clone();
                crate::par::with_threads(threads, || merge_union(&mut got, &small)).unwrap();
                assert_eq!(got, want, "{threads} threads, {} keys", small.len());
            }
        }
    }
}
