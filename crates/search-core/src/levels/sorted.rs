//! Sorted, repeat-free lists of keys: sorting by radix, merging, and a
//! level's successors found in parallel.

use rayon::prelude::*;

/// A key a level holds: small, ordered, and sortable fast.
///
/// The default [`sort_dedup`](Key::sort_dedup) is a comparison sort; `u32`
/// and `u64` override it with a radix sort over the bits in use.
pub trait Key: Copy + Ord + Default + Send + Sync {
    /// Sorts `v` ascending and moves its distinct keys to the front;
    /// returns how many there are. Every key in `v` is below `2^bits` (a
    /// radix sort needs no more passes); `scratch` is working space, left
    /// in any state.
    fn sort_dedup(v: &mut [Self], scratch: &mut Vec<Self>, bits: u32) -> usize {
        let _ = (scratch, bits);
        v.sort_unstable();
        dedup_sorted(v)
    }
}

impl Key for u64 {
    fn sort_dedup(v: &mut [u64], scratch: &mut Vec<u64>, bits: u32) -> usize {
        radix_sort(v, scratch, bits, |x| x);
        dedup_sorted(v)
    }
}

impl Key for u32 {
    fn sort_dedup(v: &mut [u32], scratch: &mut Vec<u32>, bits: u32) -> usize {
        radix_sort(v, scratch, bits.min(32), u64::from);
        dedup_sorted(v)
    }
}

impl Key for u128 {}

/// Bits of the key sorted by one pass of the radix sort.
const DIGIT: u32 = 11;

/// Sorts `data` by the low `bits` bits of `key`, least significant digit
/// first, through `scratch`.
fn radix_sort<T: Copy + Default>(
    data: &mut [T],
    scratch: &mut Vec<T>,
    bits: u32,
    key: impl Fn(T) -> u64,
) {
    fn pass<T: Copy>(src: &[T], dst: &mut [T], shift: u32, key: &impl Fn(T) -> u64) {
        let digit = |x: T| (key(x) >> shift) as usize & ((1 << DIGIT) - 1);
        let mut counts = vec![0usize; 1 << DIGIT];
        for &x in src {
            counts[digit(x)] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            let n = *c;
            *c = sum;
            sum += n;
        }
        for &x in src {
            let d = digit(x);
            dst[counts[d]] = x;
            counts[d] += 1;
        }
    }
    scratch.clear();
    scratch.resize(data.len(), T::default());
    let mut in_data = true;
    let mut shift = 0;
    while shift < bits.max(1) {
        if in_data {
            pass(data, scratch, shift, &key);
        } else {
            pass(scratch, data, shift, &key);
        }
        in_data = !in_data;
        shift += DIGIT;
    }
    if !in_data {
        data.copy_from_slice(scratch);
    }
}

/// Moves the distinct elements of sorted `v` to its front; returns how many.
fn dedup_sorted<T: Copy + Eq>(v: &mut [T]) -> usize {
    let mut k = 0;
    for i in 0..v.len() {
        if k == 0 || v[i] != v[k - 1] {
            v[k] = v[i];
            k += 1;
        }
    }
    k
}

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

/// The keys found by one worker: a sorted, repeat-free prefix and the
/// keys found since, sorted and merged in when they are many.
struct Batch<T> {
    keys: Vec<T>,
    clean: usize,
    scratch: Vec<T>,
    generated: u64,
}

impl<T: Key> Batch<T> {
    fn new() -> Self {
        Batch {
            keys: Vec::new(),
            clean: 0,
            scratch: Vec::new(),
            generated: 0,
        }
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
        let mut missing = Vec::new();
        missing_into(&large.keys, &small.keys, &mut missing);
        drop(small.keys);
        merge_back(&mut large.keys, &missing);
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
pub fn expand_level<T, E>(level: &[T], bits: u32, expand: E) -> Expanded<T>
where
    T: Key,
    E: Fn(&T, &mut Vec<T>) -> u64 + Sync,
{
    let threads = rayon::current_num_threads().max(1);
    expand_in_batches(level, bits, (FLUSH / threads).max(CHUNK), CHUNK, expand)
}

/// [`expand_level`] with the keys of a worker sorted each time `flush` new
/// ones accumulate (or a quarter of those it holds, if more), and `chunk`
/// states expanded at a time.
fn expand_in_batches<T, E>(
    level: &[T],
    bits: u32,
    flush: usize,
    chunk: usize,
    expand: E,
) -> Expanded<T>
where
    T: Key,
    E: Fn(&T, &mut Vec<T>) -> u64 + Sync,
{
    let threads = rayon::current_num_threads().max(1);
    let work = |mut batch: Batch<T>, chunk: &[T]| {
        for state in chunk {
            batch.generated += expand(state, &mut batch.keys);
            let fresh = batch.keys.len() - batch.clean;
            if fresh >= flush.max(batch.clean / 4) {
                batch.flush(bits);
            }
        }
        batch
    };
    let batch = if threads == 1 || level.len() <= chunk {
        work(Batch::new(), level)
    } else {
        level
            .par_chunks(chunk)
            .fold(Batch::new, &work)
            .map(|batch| batch.finish(bits))
            .reduce(Batch::new, Batch::merge)
    };
    let batch = batch.finish(bits);
    let mut keys = batch.keys;
    keys.shrink_to_fit();
    Expanded {
        keys,
        generated: batch.generated,
    }
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
    let (mut i, mut k) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && k < b.len() {
        match a[i].cmp(&b[k]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => k += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                k += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radix_and_comparison_sorts_agree() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut v: Vec<u64> = (0..50_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % (1 << 40)
            })
            .collect();
        v.extend_from_within(..1000);
        let mut w = v.clone();
        w.sort_unstable();
        w.dedup();
        let n = u64::sort_dedup(&mut v, &mut Vec::new(), 40);
        assert_eq!(v[..n], w);
        let mut small: Vec<u32> = w.iter().map(|&x| x as u32 % 1000).collect();
        let mut sorted = small.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let n = u32::sort_dedup(&mut small, &mut Vec::new(), 10);
        assert_eq!(small[..n], sorted);
    }

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
                    expand_in_batches(&level, 13, flush, chunk, expand)
                })
                .unwrap();
                assert_eq!(
                    got.keys, want,
                    "{threads} threads, flush {flush}, chunk {chunk}"
                );
                assert_eq!(got.generated, generated);
            }
        }
    }
}
