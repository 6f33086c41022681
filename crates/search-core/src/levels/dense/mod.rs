//! Levels held as bit arrays over the ranks of their keys: where a level's
//! keys are dense among those a ranking numbers, a bit a rank costs less
//! than sorting the keys found.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::ranking::{LevelRanking, RankCursor, Scratch};
use super::steps::{KeptSteps, StepPart};
use super::{Expand, Key};

mod positions;

/// States expanded together by one thread before it looks for more work.
const CHUNK: usize = 1 << 9;

/// Keys a worker ranks and marks at once: their words are loaded before
/// any is written, so that the loads' cache misses overlap.
const BATCH: usize = 1 << 8;

/// Words a thread reads back at once.
const READ_WORDS: usize = 1 << 11;

/// A level's keys as a bit array over their ranks, the words kept from
/// one level to the next (zeroed as they are read back), so that the pages
/// are written for the first time once.
#[derive(Debug, Default)]
pub(crate) struct BitLevel {
    words: Vec<AtomicU64>,
}

/// A level's keys kept as the bit array that built them, in place of the
/// keys (see [`BitLevel::take_marks`]): a level filtered back against it
/// reads a bit for each step found ([`BitLevel::mark_successors`]) instead
/// of ranking every key of the level.
#[derive(Debug)]
pub(crate) struct Marks {
    words: Vec<AtomicU64>,
}

impl Marks {
    /// The bytes held.
    pub(crate) fn bytes(&self) -> u64 {
        (self.words.capacity() * 8) as u64
    }
}

impl BitLevel {
    /// The bytes of a bit array over `count` ranks.
    pub(crate) fn bytes_for(count: u64) -> u64 {
        count.div_ceil(64).saturating_mul(8)
    }

    /// The bytes held (the words kept from one level to the next).
    pub(crate) fn bytes(&self) -> u64 {
        (self.words.len() * 8) as u64
    }

    /// At least `count` bits, all zero.
    fn reserve(&mut self, count: u64) {
        let words = count.div_ceil(64) as usize;
        if self.words.len() < words {
            self.words = Vec::new();
            // Zeroed on every thread: the pages' first writes are shared.
            self.words = (0..words)
                .into_par_iter()
                .with_min_len(1 << 14)
                .map(|_| AtomicU64::new(0))
                .collect();
        }
    }

    /// Marks the ranks of every key that `expand` gives for the states of
    /// `level` (as [`expand_level`](super::expand_level) calls it), or,
    /// `within` a level's marks, of those it holds, in parallel; returns
    /// the sum of its counts, and, where `keep` asks for them and the
    /// ranks fit 32 bits, the ranks each state gave (for
    /// [`keep_steps`](Self::keep_steps) and [`steps_at`](Self::steps_at)).
    pub(crate) fn mark_successors<T, R, E>(
        &mut self,
        level: &[T],
        ranking: &R,
        expand: &E,
        keep: bool,
        within: Option<&Marks>,
    ) -> (u64, Option<Vec<StepPart>>)
    where
        T: Key,
        R: LevelRanking,
        E: Expand<T>,
    {
        self.reserve(ranking.count());
        let keep = keep && KeptSteps::fit(ranking.count());
        let words = &self.words[..];
        let within = within.map(|m| &m.words[..]);
        let parts: Vec<(u64, StepPart)> = level
            .par_chunks(CHUNK)
            .map_init(
                || (Vec::with_capacity(2 * BATCH), Scratch::default(), 0),
                |(keys, todo, room), chunk| {
                    let mut generated = 0;
                    // Room for as many steps as the chunk before had, and
                    // a little more: the steps are held until the level
                    // before is known.
                    let mut part = StepPart::default();
                    if keep {
                        part.steps.reserve(*room);
                        part.counts.reserve(chunk.len());
                    }
                    for state in chunk {
                        let held = keys.len();
                        generated += expand(state, keys);
                        if keep {
                            part.counts.push((keys.len() - held) as u32);
                        }
                        if keys.len() >= BATCH {
                            let kept = keep.then_some(&mut part.steps);
                            mark(words, within, ranking, keys, todo, kept);
                        }
                    }
                    mark(
                        words,
                        within,
                        ranking,
                        keys,
                        todo,
                        keep.then_some(&mut part.steps),
                    );
                    *room = part.steps.len() + part.steps.len() / 8;
                    (generated, part)
                },
            )
            .collect();
        let generated = parts.iter().map(|p| p.0).sum();
        (
            generated,
            keep.then(|| parts.into_iter().map(|p| p.1).collect()),
        )
    }

    /// For each of `keys`, whether it is marked, written to `marked`: the
    /// ranks first, then a loop with no branch on what it reads.
    pub(crate) fn are_marked<T: Key, R: LevelRanking>(
        &self,
        ranking: &R,
        keys: &[T],
        scratch: &mut Scratch,
        marked: &mut Vec<bool>,
    ) {
        scratch.rank(ranking, keys);
        marked.clear();
        marked.extend(
            scratch.ranks.iter().map(|&r| {
                self.words[(r >> 6) as usize].load(Ordering::Relaxed) >> (r & 63) & 1 == 1
            }),
        );
    }

    /// The keys of `level` (in order) for which `probes` gives a marked key
    /// (it pushes the keys to probe for a key): a block of keys at a time,
    /// all their probes ranked, then read with no branch on what is read,
    /// on every thread. Where `keep` asks for them and the ranks fit 32
    /// bits, also the ranks of the probes of each key kept (for
    /// [`keep_steps`](Self::keep_steps)).
    pub(crate) fn keep_probed<T, R, P>(
        &self,
        ranking: &R,
        level: &[T],
        probes: &P,
        keep: bool,
    ) -> (Vec<T>, Option<Vec<StepPart>>)
    where
        T: Key,
        R: LevelRanking,
        P: Fn(&T, &mut Vec<T>) + Sync,
    {
        let keep = keep && KeptSteps::fit(ranking.count());
        let parts: Vec<(Vec<T>, StepPart)> = level
            .par_chunks(CHUNK)
            .map_init(
                || (Vec::new(), Vec::new(), Scratch::default(), Vec::new()),
                |(keys, counts, scratch, marked), chunk| {
                    let mut kept = Vec::new();
                    let mut part = StepPart::default();
                    for block in chunk.chunks(BATCH / 8) {
                        keys_of(block, probes, keys, counts);
                        self.are_marked(ranking, keys, scratch, marked);
                        let mut at = 0;
                        for (&x, &n) in block.iter().zip(counts.iter()) {
                            if marked[at..at + n].iter().any(|&m| m) {
                                kept.push(x);
                                if keep {
                                    let ranks = &scratch.ranks[at..at + n];
                                    part.steps.extend(ranks.iter().map(|&r| r as u32));
                                    part.counts.push(n as u32);
                                }
                            }
                            at += n;
                        }
                    }
                    (kept, part)
                },
            )
            .collect();
        let (kept, parts): (Vec<Vec<T>>, Vec<StepPart>) = parts.into_iter().unzip();
        (kept.concat(), keep.then_some(parts))
    }

    /// Marks the ranks of `keys`.
    pub(crate) fn mark_keys<T: Key, R: LevelRanking>(&mut self, keys: &[T], ranking: &R) {
        self.reserve(ranking.count());
        let words = &self.words[..];
        keys.par_chunks(CHUNK * 8).for_each_init(
            || (Vec::with_capacity(BATCH), Scratch::default()),
            |(batch, todo), chunk| {
                for part in chunk.chunks(BATCH) {
                    batch.extend_from_slice(part);
                    mark(words, None, ranking, batch, todo, None);
                }
            },
        );
    }

    /// The keys marked, sorted, read back on every thread; the bit array
    /// is left zero.
    pub(crate) fn take<T: Key, R: LevelRanking>(&mut self, ranking: &R) -> Vec<T> {
        self.read_back(ranking, |_| false).0
    }

    /// The keys marked, sorted, and the marks themselves where `keep(n)`
    /// (with `n` keys marked) says so: the next level then starts a bit
    /// array of its own. Else the bit array is left zero.
    pub(crate) fn take_marks<T: Key, R: LevelRanking>(
        &mut self,
        ranking: &R,
        keep: impl FnOnce(usize) -> bool,
    ) -> (Vec<T>, Option<Marks>) {
        let (keys, kept) = self.read_back(ranking, keep);
        let marks = kept.then(|| {
            let mut words = std::mem::take(&mut self.words);
            words.truncate(ranking.count().div_ceil(64) as usize);
            Marks { words }
        });
        (keys, marks)
    }

    /// Marks kept by [`take_marks`](Self::take_marks), to read and clear
    /// as the bit array's own.
    pub(crate) fn restore(&mut self, marks: Marks) {
        self.words = marks.words;
    }

    /// The keys marked, sorted, read back on every thread, and whether
    /// `keep` (given their number, once counted) kept the marks: else
    /// they are zeroed as they are read.
    fn read_back<T: Key, R: LevelRanking>(
        &mut self,
        ranking: &R,
        keep: impl FnOnce(usize) -> bool,
    ) -> (Vec<T>, bool) {
        let used = ranking.count().div_ceil(64) as usize;
        let words = &mut self.words[..used];
        // Counted first, so that each part is written in its place.
        let counts: Vec<usize> = words
            .par_chunks_mut(READ_WORDS)
            .map(|part| {
                part.iter_mut()
                    .map(|w| w.get_mut().count_ones() as usize)
                    .sum()
            })
            .collect();
        let total = counts.iter().sum();
        let kept = keep(total);
        let zero = !kept;
        let mut keys = vec![T::default(); total];
        let mut places = Vec::with_capacity(counts.len());
        let mut rest = &mut keys[..];
        for &n in &counts {
            let (place, tail) = rest.split_at_mut(n);
            places.push(place);
            rest = tail;
        }
        words
            .par_chunks_mut(READ_WORDS)
            .zip(places)
            .enumerate()
            .for_each(|(c, (part, place))| {
                let mut cursor = ranking.cursor();
                let mut out = place.iter_mut();
                for (i, word) in part.iter_mut().enumerate() {
                    let mut bits = *word.get_mut();
                    if zero {
                        *word.get_mut() = 0;
                    }
                    let base = ((c * READ_WORDS + i) as u64) << 6;
                    while bits != 0 {
                        let rank = base | u64::from(bits.trailing_zeros());
                        *out.next().expect("counted") = T::from_bits(cursor.key(rank).into());
                        bits &= bits - 1;
                    }
                }
            });
        (keys, kept)
    }

    /// The keys of sorted `keys` that are marked, in order; the bit array
    /// is left zero.
    pub(crate) fn keep_marked<T, I, R>(&mut self, keys: I, ranking: &R) -> Vec<T>
    where
        T: Key,
        I: IndexedParallelIterator<Item = T>,
        R: LevelRanking,
    {
        let keys: Vec<T> = keys.collect();
        let (kept, _) =
            self.keep_probed(ranking, &keys, &|&k, out: &mut Vec<T>| out.push(k), false);
        self.clear(ranking);
        kept
    }

    /// Zeroes the words of `ranking`'s ranks.
    pub(crate) fn clear<R: LevelRanking>(&mut self, ranking: &R) {
        let used = (ranking.count().div_ceil(64) as usize).min(self.words.len());
        self.words[..used]
            .par_chunks_mut(READ_WORDS)
            .for_each(|words| words.iter_mut().for_each(|w| *w.get_mut() = 0));
    }
}

/// The keys `expand` pushes for each of `states`, one state's after
/// another's, in `keys`, and how many each pushed, in `counts` (both
/// emptied first).
fn keys_of<T, X>(
    states: &[T],
    expand: impl Fn(&T, &mut Vec<T>) -> X,
    keys: &mut Vec<T>,
    counts: &mut Vec<usize>,
) {
    keys.clear();
    counts.clear();
    for state in states {
        let held = keys.len();
        expand(state, keys);
        counts.push(keys.len() - held);
    }
}

/// Marks the ranks of `keys` in `words` (those marked `within` a level,
/// where it is given) and empties `keys`: the words are read first, all of
/// them, and only those whose bit is still clear are written (with an
/// atomic or), so that the reads' misses overlap and most keys (repeats,
/// usually) cost no write. The ranks are appended to `kept` where it is
/// given (they fit 32 bits).
#[inline]
fn mark<T: Key, R: LevelRanking>(
    words: &[AtomicU64],
    within: Option<&[AtomicU64]>,
    ranking: &R,
    keys: &mut Vec<T>,
    scratch: &mut Scratch,
    kept: Option<&mut Vec<u32>>,
) {
    // The ranks first (table lookups, in the caches), then a short loop of
    // independent loads with no branch on what they read, so that many
    // are in flight at once.
    scratch.rank(ranking, keys);
    if let Some(kept) = kept {
        kept.extend(scratch.ranks.iter().map(|&r| r as u32));
    }
    let ranks = &mut scratch.ranks;
    let mut fresh = 0;
    let load = |words: &[AtomicU64], r: u64| words[(r >> 6) as usize].load(Ordering::Relaxed);
    for j in 0..ranks.len() {
        let r = ranks[j];
        ranks[fresh] = r;
        let open = within.map_or(u64::MAX, |within| load(within, r));
        fresh += ((!load(words, r) & open) >> (r & 63) & 1) as usize;
    }
    for &r in &ranks[..fresh] {
        words[(r >> 6) as usize].fetch_or(1 << (r & 63), Ordering::Relaxed);
    }
    keys.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The even numbers below `2n`, ranked by halving.
    struct Evens(u64);

    impl LevelRanking for Evens {
        type Cursor<'c> = Halves;

        fn count(&self) -> u64 {
            self.0
        }

        fn rank(&self, key: u64) -> u64 {
            key / 2
        }

        fn cursor(&self) -> Halves {
            Halves
        }
    }

    struct Halves;

    impl RankCursor for Halves {
        fn key(&mut self, rank: u64) -> u64 {
            rank * 2
        }
    }

    #[test]
    fn marked_keys_read_back_sorted_and_once() {
        let evens = Evens(1 << 20);
        let level: Vec<u64> = (0..5000).map(|i| i * 7).collect();
        let expand = |&n: &u64, out: &mut Vec<u64>| {
            out.extend([n * 2, (n * 2 + 10) % (1 << 21), n * 2]);
            3
        };
        let mut want: Vec<u64> = level
            .iter()
            .flat_map(|&n| [n * 2, (n * 2 + 10) % (1 << 21)])
            .collect();
        want.sort_unstable();
        want.dedup();
        for threads in [1, 3] {
            let mut bits = BitLevel::default();
            let (generated, got) = crate::par::with_threads(threads, || {
                let (generated, _) = bits.mark_successors(&level, &evens, &expand, false, None);
                (generated, bits.take::<u64, _>(&evens))
            })
            .unwrap();
            assert_eq!(generated, 15_000);
            assert_eq!(got, want);
            assert!(bits.words.iter().all(|w| w.load(Ordering::Relaxed) == 0));
            // Marked keys, then a filter of others.
            bits.mark_keys(&want[..100], &evens);
            let probe: Vec<u64> = (0..2000).map(|i| i * 2).collect();
            let kept = bits.keep_marked(probe.par_iter().copied(), &evens);
            let expected: Vec<u64> = probe
                .iter()
                .copied()
                .filter(|k| want[..100].contains(k))
                .collect();
            assert_eq!(kept, expected);
            assert!(bits.words.iter().all(|w| w.load(Ordering::Relaxed) == 0));
        }
    }
}
