//! The rankings of a level's keys, for levels held as bit arrays
//! (`dense/`): a level's numbering of its keys, a cursor to read them back
//! in order, and a search's choice of ranking per level.

use super::Key;

/// A numbering of the keys a level may hold: a bijection onto
/// `0..count()` that increases with the key (so a level's keys read in the
/// order of their ranks are sorted).
pub trait LevelRanking: Sync {
    /// Unranks ranks given in increasing order.
    type Cursor<'c>: RankCursor
    where
        Self: 'c;

    /// The number of keys ranked.
    fn count(&self) -> u64;

    /// The rank of `key`, one of the keys ranked.
    fn rank(&self, key: u64) -> u64;

    /// The ranks of `keys` written to `ranks` (the same length), in one
    /// loop where the ranking can make it faster than one call a key.
    fn rank_all(&self, keys: &[u64], ranks: &mut [u64]) {
        for (r, &k) in ranks.iter_mut().zip(keys) {
            *r = self.rank(k);
        }
    }

    /// A cursor to unrank increasing ranks.
    fn cursor(&self) -> Self::Cursor<'_>;
}

/// Unranks the ranks of a [`LevelRanking`] given in increasing order.
pub trait RankCursor {
    /// The key of rank `rank` (below the count, and not below the rank
    /// asked before).
    fn key(&mut self, rank: u64) -> u64;
}

/// The rankings of a search's levels ([`LevelSearch::with_ranks`]), where
/// the puzzle has them: level `k` holds states `k` steps from the sources
/// (a peg solitaire position with `k` pegs fewer than the start: the sets
/// of that many holes, of the start's class).
///
/// [`LevelSearch::with_ranks`]: super::LevelSearch::with_ranks
pub trait Ranks: Sync {
    /// The ranking of one level.
    type Level<'a>: LevelRanking
    where
        Self: 'a;

    /// The ranking of level `k`'s keys, or `None` to keep it sorted.
    fn level(&self, k: usize) -> Option<Self::Level<'_>>;

    /// The number of keys level `k`'s ranking numbers, `None` where it has
    /// none: a search asks it first, so that a ranking whose tables take
    /// time to build is built only for the levels held as bit arrays.
    fn count(&self, k: usize) -> Option<u64> {
        self.level(k).map(|level| level.count())
    }
}

/// No ranking: every level is sorted.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unranked;

/// The ranking [`Unranked`] never gives.
#[derive(Debug, Clone, Copy)]
pub enum NoRanking {}

impl LevelRanking for NoRanking {
    type Cursor<'c> = NoRanking;

    fn count(&self) -> u64 {
        match *self {}
    }

    fn rank(&self, _: u64) -> u64 {
        match *self {}
    }

    fn cursor(&self) -> NoRanking {
        *self
    }
}

impl RankCursor for NoRanking {
    fn key(&mut self, _: u64) -> u64 {
        match *self {}
    }
}

impl Ranks for Unranked {
    type Level<'a> = NoRanking;

    fn level(&self, _: usize) -> Option<NoRanking> {
        None
    }
}

/// Working space to rank keys a batch at a time.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    bits: Vec<u64>,
    pub(crate) ranks: Vec<u64>,
}

impl Scratch {
    /// The ranks of `keys` in `self.ranks`, through
    /// [`LevelRanking::rank_all`].
    #[inline]
    pub(crate) fn rank<T: Key, R: LevelRanking>(&mut self, ranking: &R, keys: &[T]) {
        // Every rank is written: only a longer batch than the last one
        // fills the new room first.
        self.ranks.resize(keys.len(), 0);
        if let Some(words) = T::as_words(keys) {
            ranking.rank_all(words, &mut self.ranks);
            return;
        }
        self.bits.clear();
        self.bits.extend(keys.iter().map(|k| k.to_bits() as u64));
        ranking.rank_all(&self.bits, &mut self.ranks);
    }
}

impl<R: Ranks> Ranks for &R {
    type Level<'a>
        = R::Level<'a>
    where
        Self: 'a;

    fn level(&self, k: usize) -> Option<Self::Level<'_>> {
        (**self).level(k)
    }

    fn count(&self, k: usize) -> Option<u64> {
        (**self).count(k)
    }
}

impl<R: Ranks> Ranks for Option<R> {
    type Level<'a>
        = R::Level<'a>
    where
        Self: 'a;

    fn level(&self, k: usize) -> Option<Self::Level<'_>> {
        self.as_ref()?.level(k)
    }

    fn count(&self, k: usize) -> Option<u64> {
        self.as_ref()?.count(k)
    }
}

/// Every level: the keys below `2^bits`, each its own rank (for tests).
#[cfg(test)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plain(pub(crate) u32);

#[cfg(test)]
impl LevelRanking for Plain {
    type Cursor<'c> = Plain;

    fn count(&self) -> u64 {
        1 << self.0
    }

    fn rank(&self, key: u64) -> u64 {
        key
    }

    fn cursor(&self) -> Plain {
        *self
    }
}

#[cfg(test)]
impl RankCursor for Plain {
    fn key(&mut self, rank: u64) -> u64 {
        rank
    }
}

#[cfg(test)]
impl Ranks for Plain {
    type Level<'a> = Plain;

    fn level(&self, _: usize) -> Option<Plain> {
        Some(*self)
    }
}
