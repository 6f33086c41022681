//! Data parallelism for builds that are not a layered sweep: the few
//! shapes of parallel loop that a puzzle's specialised table build needs,
//! so that search-core stays the only crate that runs code in parallel.
//!
//! Each function splits a slice into chunks of a length the caller chooses
//! and hands the chunks to the threads of the current rayon pool (every
//! core, or the pool a caller installs with [`with_threads`]). Results do not
//! depend on the number of threads: chunks are the same whatever the thread
//! count, [`map_chunks`] returns its results in chunk order, and
//! [`map_reduce_chunks_mut`] combines its results with an operation the
//! caller promises is associative (an integer sum, a maximum), so that any
//! grouping gives the same value, and [`fold_chunks`] (one accumulator a
//! thread) asks of its fold and combination that neither the grouping nor
//! the order of the chunks matter (a sum, a union).
//!
//! # Example
//!
//! ```
//! use search_core::par;
//!
//! // Squares of 0..10,000 written in place, chunk by chunk, then summed.
//! let mut squares = vec![0u64; 10_000];
//! par::for_each_chunk_mut(&mut squares, 1_000, |chunk, values| {
//!     for (i, v) in values.iter_mut().enumerate() {
//!         let n = (chunk * 1_000 + i) as u64;
//!         *v = n * n;
//!     }
//! });
//! let sum = par::map_reduce_chunks_mut(&mut squares, 1_000, 0, |_, v| v.iter().sum(), |a, b| a + b);
//! assert_eq!(sum, (0..10_000u64).map(|n| n * n).sum::<u64>());
//! // The same with one thread.
//! let one = par::with_threads(1, || par::map_chunks(&squares, 999, |v| v.len()))?;
//! assert_eq!(one.iter().sum::<usize>(), 10_000);
//! # Ok::<(), search_core::par::ThreadsError>(())
//! ```

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

/// Calls `f(index, chunk)` on every chunk of `chunk_len` elements of `data`
/// (the last one may be shorter), in parallel; `index` is the chunk's
/// position, so chunk `i` starts at element `i * chunk_len`.
///
/// # Panics
/// If `chunk_len` is 0.
pub fn for_each_chunk_mut<T, F>(data: &mut [T], chunk_len: usize, f: F)
where
    T: Send,
    F: Fn(usize, &mut [T]) + Sync + Send,
{
    data.par_chunks_mut(chunk_len)
        .enumerate()
        .for_each(|(index, chunk)| f(index, chunk));
}

/// Maps every chunk of `chunk_len` elements of `data` with `map(index,
/// chunk)` in parallel, as [`for_each_chunk_mut`] does, and combines the
/// results with `combine`, starting from `identity`. `combine` must be
/// associative and `identity` neutral for it (an integer sum from 0, say):
/// the result is then the same whatever the number of threads.
///
/// # Panics
/// If `chunk_len` is 0.
pub fn map_reduce_chunks_mut<T, R, M, C>(
    data: &mut [T],
    chunk_len: usize,
    identity: R,
    map: M,
    combine: C,
) -> R
where
    T: Send,
    R: Clone + Send + Sync,
    M: Fn(usize, &mut [T]) -> R + Sync + Send,
    C: Fn(R, R) -> R + Sync + Send,
{
    data.par_chunks_mut(chunk_len)
        .enumerate()
        .map(|(index, chunk)| map(index, chunk))
        .reduce(|| identity.clone(), combine)
}

/// `map(chunk)` for every chunk of `chunk_len` elements of `data`, computed
/// in parallel and returned in the chunks' order (so the same whatever the
/// number of threads).
///
/// # Panics
/// If `chunk_len` is 0.
pub fn map_chunks<T, R, M>(data: &[T], chunk_len: usize, map: M) -> Vec<R>
where
    T: Sync,
    R: Send,
    M: Fn(&[T]) -> R + Sync + Send,
{
    data.par_chunks(chunk_len).map(map).collect()
}

/// Folds the chunks of `chunk_len` elements of `data` into one accumulator
/// a thread, each thread taking the next chunk until none is left:
/// `fold(&mut acc, index, chunk)`, chunk `index` starting at element
/// `index * chunk_len`. The accumulators (made by `init`) are then combined
/// with `combine`. Few accumulators, however many chunks: for one that is
/// large (a sum per state of a level, a sorted set). The chunks an
/// accumulator sees depend on timing, so the result is the same whatever
/// the number of threads only when it does not depend on how the chunks
/// are grouped or ordered (an integer sum, a union).
///
/// # Panics
/// If `chunk_len` is 0.
///
/// # Example
///
/// ```
/// // How many of 0..100,000 fall in each residue class mod 7.
/// let numbers: Vec<u64> = (0..100_000).collect();
/// let counts = search_core::par::fold_chunks(
///     &numbers,
///     1_000,
///     || [0u64; 7],
///     |acc, _, chunk| chunk.iter().for_each(|n| acc[(n % 7) as usize] += 1),
///     |a, b| std::array::from_fn(|i| a[i] + b[i]),
/// );
/// assert_eq!(counts[0], 14_286);
/// assert_eq!(counts.iter().sum::<u64>(), 100_000);
/// ```
pub fn fold_chunks<T, A, I, F, C>(data: &[T], chunk_len: usize, init: I, fold: F, combine: C) -> A
where
    T: Sync,
    A: Send,
    I: Fn() -> A + Sync + Send,
    F: Fn(&mut A, usize, &[T]) + Sync + Send,
    C: Fn(A, A) -> A + Sync + Send,
{
    fold_chunks_then(data, chunk_len, init, fold, |acc| acc, combine)
}

/// [`fold_chunks`] with each accumulator turned into its result by
/// `finish` on its own thread, before the results are combined: work
/// that each accumulator needs once at the end (sorting what it holds,
/// say) runs on every thread, not in the combining one.
///
/// # Panics
/// If `chunk_len` is 0.
pub fn fold_chunks_then<T, A, B, I, F, G, C>(
    data: &[T],
    chunk_len: usize,
    init: I,
    fold: F,
    finish: G,
    combine: C,
) -> B
where
    T: Sync,
    A: Send,
    B: Send,
    I: Fn() -> A + Sync + Send,
    F: Fn(&mut A, usize, &[T]) + Sync + Send,
    G: Fn(A) -> B + Sync + Send,
    C: Fn(B, B) -> B + Sync + Send,
{
    assert!(chunk_len > 0, "chunks of no elements");
    let chunks = data.len().div_ceil(chunk_len);
    let workers = rayon::current_num_threads().min(chunks);
    if workers <= 1 {
        let mut acc = init();
        for (index, chunk) in data.chunks(chunk_len).enumerate() {
            fold(&mut acc, index, chunk);
        }
        return finish(acc);
    }
    let next = AtomicUsize::new(0);
    (0..workers)
        .into_par_iter()
        .map(|_| {
            let mut acc = init();
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= chunks {
                    break finish(acc);
                }
                let start = index * chunk_len;
                fold(
                    &mut acc,
                    index,
                    &data[start..data.len().min(start + chunk_len)],
                );
            }
        })
        .reduce_with(&combine)
        .unwrap_or_else(|| finish(init()))
}

/// The number of threads the functions of this module share work between.
pub fn threads() -> usize {
    rayon::current_num_threads()
}

/// Runs `f` with the functions of this module (and the sweeps of
/// [`layers`](crate::layers)) on a pool of `threads` threads, or of one
/// thread a core if `threads` is 0: how a test shows that a result does not
/// depend on the thread count, or a caller leaves cores to other work.
pub fn with_threads<R, F>(threads: usize, f: F) -> Result<R, ThreadsError>
where
    R: Send,
    F: FnOnce() -> R + Send,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ThreadsError(e.to_string()))?;
    Ok(pool.install(f))
}

/// The pool of threads of [`with_threads`] could not be started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadsError(String);

impl fmt::Display for ThreadsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the threads could not be started: {}", self.0)
    }
}

impl std::error::Error for ThreadsError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_do_not_depend_on_the_thread_count() {
        let run = || {
            let mut data: Vec<u32> = (0..100_003).collect();
            let odd = map_reduce_chunks_mut(
                &mut data,
                1_000,
                (0u64, 0u64),
                |index, chunk| {
                    for v in chunk.iter_mut() {
                        *v = v.wrapping_mul(2_654_435_761) ^ index as u32;
                    }
                    let odd = chunk.iter().filter(|&&v| v % 2 == 1).count() as u64;
                    (odd, chunk.len() as u64)
                },
                |a, b| (a.0 + b.0, a.1 + b.1),
            );
            for_each_chunk_mut(&mut data, 7, |index, chunk| chunk[0] ^= index as u32);
            let sums = map_chunks(&data, 4_096, |c| {
                c.iter().map(|&v| u64::from(v)).sum::<u64>()
            });
            // A sum per residue mod 101, and every element seen once by
            // its chunk's index.
            let folded = fold_chunks(
                &data,
                999,
                || (vec![0u64; 101], 0usize),
                |(sums, seen), index, chunk| {
                    assert_eq!(chunk.as_ptr(), data[index * 999..].as_ptr());
                    for &v in chunk {
                        sums[(v % 101) as usize] += u64::from(v);
                    }
                    *seen += chunk.len();
                },
                |(mut a, seen_a), (b, seen_b)| {
                    a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
                    (a, seen_a + seen_b)
                },
            );
            assert_eq!(folded.1, data.len());
            (odd, sums, data, folded.0)
        };
        let results: Vec<_> = [1, 2, 4]
            .into_iter()
            .map(|threads| with_threads(threads, run).unwrap())
            .collect();
        assert_eq!(results[0].0.1, 100_003);
        assert_eq!(results[0].1.len(), 100_003usize.div_ceil(4_096));
        assert!(results.windows(2).all(|w| w[0] == w[1]));
        assert_eq!(with_threads(3, threads).unwrap(), 3);
    }
}
