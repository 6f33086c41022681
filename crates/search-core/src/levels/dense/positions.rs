//! Where a marked rank stands among the marked ones: its position in
//! the level marked, from the marks before each word, so that steps found
//! as ranks become positions in a sorted level, and values of a level are
//! found by rank.

use std::ops::AddAssign;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::super::ranking::{LevelRanking, Scratch};
use super::super::steps::{KeptSteps, StepPart};
use super::super::{Expand, Key};
use super::{BitLevel, CHUNK, READ_WORDS, keys_of};

impl BitLevel {
    /// The steps of `parts` (ranks, as [`mark_successors`] or
    /// [`keep_probed`] keep them) as positions in the sorted, repeat-free
    /// `level`, those of keys not in it dropped, gathered in one list
    /// (`None` if they are 2^32 or more, or `level` holds 2^31 keys or
    /// more). The bit array is left zero.
    ///
    /// [`mark_successors`]: Self::mark_successors
    /// [`keep_probed`]: Self::keep_probed
    pub(crate) fn keep_steps<T: Key, R: LevelRanking>(
        &mut self,
        level: &[T],
        ranking: &R,
        parts: Vec<StepPart>,
    ) -> Option<KeptSteps> {
        if level.len() >= 1 << 31 {
            return None;
        }
        let before = self.index(level, ranking);
        let kept = self.steps_at(&before, parts);
        self.clear(ranking);
        kept
    }

    /// The steps of `parts` (ranks, as [`mark_successors`] or
    /// [`keep_probed`] keep them) as positions in the level marked, with
    /// `before` its counts ([`before`](Self::before)), those of ranks not
    /// marked dropped, gathered in one list (`None` if they are 2^32 or
    /// more).
    ///
    /// [`mark_successors`]: Self::mark_successors
    /// [`keep_probed`]: Self::keep_probed
    pub(crate) fn steps_at(&self, before: &[u32], mut parts: Vec<StepPart>) -> Option<KeptSteps> {
        // Each part's positions in place of its ranks, those not in the
        // level dropped.
        parts.par_iter_mut().for_each(|part| {
            for step in &mut part.steps {
                *step = self.found(before, u64::from(*step));
            }
            let (mut from, mut kept) = (0, 0);
            for count in &mut part.counts {
                let n = *count as usize;
                let start = kept;
                for i in from..from + n {
                    let p = part.steps[i];
                    part.steps[kept] = p >> 1;
                    kept += (p & 1) as usize;
                }
                *count = (kept - start) as u32;
                from += n;
            }
            part.steps.truncate(kept);
        });
        KeptSteps::gather(parts)
    }

    /// For each key of the sorted `next`, the sum of `values` (one for each
    /// key of the sorted, repeat-free `level`, whose keys `ranking` ranks)
    /// over the keys `backward` gives for it, each as often as it gives it,
    /// those not in `level` left out. The bit array is left zero.
    pub(crate) fn carry_back<T, R, B, W>(
        &mut self,
        level: &[T],
        values: &[W],
        ranking: &R,
        next: &[T],
        backward: &B,
    ) -> Vec<W>
    where
        T: Key,
        R: LevelRanking,
        B: Expand<T>,
        W: Copy + Default + AddAssign + Send + Sync,
    {
        let before = self.index(level, ranking);
        let sums = next
            .par_chunks(CHUNK)
            .map_init(
                || (Vec::new(), Vec::new(), Scratch::default()),
                |(keys, counts, scratch), chunk| {
                    // The keys of the whole chunk first, then their
                    // positions (read with no branch on what is read).
                    keys_of(chunk, backward, keys, counts);
                    scratch.rank(ranking, keys);
                    let at = self.positions(&before, scratch.ranks.iter().copied());
                    let mut from = 0;
                    counts
                        .iter()
                        .map(|&n| {
                            let mut sum = W::default();
                            for &p in &at[from..from + n] {
                                if p & 1 == 1 {
                                    sum += values[(p >> 1) as usize];
                                }
                            }
                            from += n;
                            sum
                        })
                        .collect::<Vec<W>>()
                },
            )
            .flatten_iter()
            .collect();
        self.clear(ranking);
        sums
    }

    /// For each of `ranks`, twice its position in the level
    /// [`index`](Self::index) marked (its place among the marked ranks),
    /// plus one if it is there: a loop with no branch on what it reads, so
    /// that the reads' misses overlap.
    pub(crate) fn positions(&self, before: &[u32], ranks: impl Iterator<Item = u64>) -> Vec<u32> {
        ranks.map(|r| self.found(before, r)).collect()
    }

    /// Twice the position of rank `r` in the level [`index`](Self::index)
    /// marked, plus one if it is there.
    #[inline]
    fn found(&self, before: &[u32], r: u64) -> u32 {
        let (i, bit) = ((r >> 6) as usize, 1u64 << (r & 63));
        let word = self.words[i].load(Ordering::Relaxed);
        (before[i] + (word & (bit - 1)).count_ones()) << 1 | u32::from(word & bit != 0)
    }

    /// Marks the keys of the sorted, repeat-free `level`, and counts the
    /// marks before each word ([`before`](Self::before)).
    pub(crate) fn index<T: Key, R: LevelRanking>(&mut self, level: &[T], ranking: &R) -> Vec<u32> {
        assert!(level.len() < 1 << 31, "a level of 2^31 keys or more");
        self.mark_keys(level, ranking);
        self.before(ranking).0
    }

    /// The marks before each word of `ranking`'s ranks, the position of a
    /// marked rank among them, and the marks in all. Positions fit 31 bits
    /// ([`positions`](Self::positions) keeps a flag beside each) where
    /// fewer than 2^31 ranks are marked.
    pub(crate) fn before<R: LevelRanking>(&self, ranking: &R) -> (Vec<u32>, u64) {
        let used = ranking.count().div_ceil(64) as usize;
        let words = &self.words[..used];
        let ones = |w: &AtomicU64| w.load(Ordering::Relaxed).count_ones();
        // The marks of each part of the words, then each part's counts
        // from the marks before it, on every thread.
        let parts: Vec<u64> = words
            .par_chunks(READ_WORDS)
            .map(|part| part.iter().map(|w| u64::from(ones(w))).sum())
            .collect();
        let mut marks = 0;
        let starts: Vec<u32> = parts
            .iter()
            .map(|&n| {
                let start = marks as u32;
                marks += n;
                start
            })
            .collect();
        let mut before = vec![0u32; used];
        before
            .par_chunks_mut(READ_WORDS)
            .zip(words.par_chunks(READ_WORDS))
            .zip(starts)
            .for_each(|((before, part), mut count)| {
                for (b, w) in before.iter_mut().zip(part) {
                    *b = count;
                    count += ones(w);
                }
            });
        (before, marks)
    }

    /// The position of rank `r` in the level [`index`](Self::index)
    /// marked, if it is there.
    #[inline]
    pub(crate) fn position(&self, before: &[u32], r: u64) -> Option<u32> {
        let found = self.found(before, r);
        (found & 1 == 1).then_some(found >> 1)
    }
}
