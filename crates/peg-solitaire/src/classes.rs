//! Conway's position classes: the sums of the jumps' holes modulo 2, and
//! the ranks of the positions of one class with a given number of pegs,
//! for levels held as bit arrays.

use std::sync::{Arc, OnceLock};

use perm_rank::{SubsetClasses, SubsetCursor, SubsetLayer};
use search_core::levels::{LevelRanking, RankCursor, Ranks};

use crate::geometry::Geometry;

/// The most coordinates of a class a weight carries (16 classes): each
/// halves the bit arrays of the levels, and doubles the rank tables'
/// middle rows.
pub(crate) const CLASS_BITS: usize = 4;

/// The sums of jumps' holes, modulo 2: a jump flips the three holes it
/// uses, so two positions whose difference (as sets of holes, each hole
/// counted modulo 2) is not a sum of jumps' sets of holes can never be
/// joined by jumps. On the English board this is the classical rule that
/// sorts positions into 16 classes.
#[derive(Debug, Clone)]
pub struct JumpSpan {
    /// A basis of the span, each with a distinct leading hole.
    basis: Vec<u64>,
}

impl JumpSpan {
    /// The span of the jumps of `geometry`.
    pub fn new(geometry: &Geometry) -> JumpSpan {
        let mut basis: Vec<u64> = Vec::new();
        for j in geometry.jumps() {
            let v = reduce(&basis, j.mask());
            if v != 0 {
                basis.push(v);
                basis.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        JumpSpan { basis }
    }

    /// How many classes the positions fall into (2 to the number of holes
    /// less the dimension of the span).
    pub fn classes(&self, holes: usize) -> u64 {
        1u64.checked_shl((holes - self.basis.len()) as u32)
            .unwrap_or(u64::MAX)
    }

    /// Whether `a` and `b` are in the same class: a necessary condition for
    /// a sequence of jumps from one to the other.
    pub fn same_class(&self, a: u64, b: u64) -> bool {
        reduce(&self.basis, a ^ b) == 0
    }

    /// A weight of up to [`CLASS_BITS`] bits for each of the `holes` holes,
    /// such that every jump's three holes weigh 0 together (exclusive or):
    /// the weight of a position, the exclusive or of its pegs' weights, is
    /// the same after a jump. These are coordinates of the class (up to
    /// [`CLASS_BITS`] of them): the holes of a position, reduced by the
    /// basis, lie outside the basis's leading holes, and each weight bit
    /// is one of those holes.
    pub(crate) fn weights(&self, holes: usize) -> Vec<u8> {
        let leading: u64 = self
            .basis
            .iter()
            .map(|b| 1u64 << (63 - b.leading_zeros()))
            .sum();
        let free: Vec<usize> = (0..holes)
            .filter(|&h| leading >> h & 1 == 0)
            .take(CLASS_BITS)
            .collect();
        (0..holes)
            .map(|h| {
                let r = reduce(&self.basis, 1 << h);
                free.iter()
                    .enumerate()
                    .map(|(bit, &f)| (((r >> f) & 1) as u8) << bit)
                    .sum()
            })
            .collect()
    }
}

/// `v` less every basis vector whose leading bit it has (basis sorted by
/// leading bit, descending).
fn reduce(basis: &[u64], mut v: u64) -> u64 {
    for &b in basis {
        let lead = 63 - b.leading_zeros();
        if v >> lead & 1 == 1 {
            v ^= b;
        }
    }
    v
}

/// The ranks of the positions of a game's levels by jumps: level `k`
/// holds positions with `k` pegs fewer than the start, of the start's
/// class (weights from [`JumpSpan::weights`]), numbered among all such
/// sets of holes ([`SubsetClasses`]).
pub(crate) struct LevelRanks {
    tables: Arc<SubsetClasses>,
    start_pegs: usize,
    class: u8,
    /// Each level's ranks, built when first asked for.
    layers: Vec<OnceLock<Option<SubsetLayer>>>,
}

impl LevelRanks {
    /// The ranks of the levels of a game from `starts` to `goals`, `depth`
    /// jumps apart, or `None` when they are not all of one class with as
    /// many pegs as their level's (then the levels from the goals would
    /// not be those ranked; no jump sequence joins two classes anyway).
    pub(crate) fn new(
        geometry: &Geometry,
        starts: &[u64],
        goals: &[u64],
        depth: usize,
    ) -> Option<LevelRanks> {
        let &start = starts.first()?;
        let pegs = start.count_ones() as usize;
        let span = JumpSpan::new(geometry);
        let fits = |set: &[u64], pegs: Option<usize>| {
            set.iter()
                .all(|&p| span.same_class(start, p) && Some(p.count_ones() as usize) == pegs)
        };
        if !fits(starts, Some(pegs)) || !fits(goals, pegs.checked_sub(depth)) {
            return None;
        }
        let weights = span.weights(geometry.holes());
        let tables = Arc::new(SubsetClasses::new(geometry.holes(), &weights).ok()?);
        let class = tables.class_of(start);
        Some(LevelRanks {
            tables,
            start_pegs: pegs,
            class,
            layers: (0..=pegs).map(|_| OnceLock::new()).collect(),
        })
    }
}

impl LevelRanks {
    /// The positions level `k` may hold: those of `k` pegs fewer than the
    /// start, of its class.
    pub(crate) fn positions(&self, k: usize) -> u64 {
        self.start_pegs
            .checked_sub(k)
            .map_or(0, |pegs| self.tables.count(pegs, self.class))
    }
}

impl Ranks for LevelRanks {
    type Level<'a> = Level<'a>;

    fn level(&self, k: usize) -> Option<Level<'_>> {
        Ranks::count(self, k)?;
        let pegs = self.start_pegs.checked_sub(k)?;
        self.layers[k]
            .get_or_init(|| self.tables.layer(pegs, self.class).ok())
            .as_ref()
            .map(Level)
    }

    /// Without building the level's tables; none where the level has
    /// fewer positions than its table would have entries.
    fn count(&self, k: usize) -> Option<u64> {
        let count = self.positions(k);
        (k <= self.start_pegs && count >= self.tables.layer_len() as u64).then_some(count)
    }
}

/// The ranks of one level ([`LevelRanks`]).
pub(crate) struct Level<'a>(&'a SubsetLayer);

/// Unranks a [`Level`]'s increasing ranks.
pub(crate) struct Cursor<'a>(SubsetCursor<'a>);

impl LevelRanking for Level<'_> {
    type Cursor<'c>
        = Cursor<'c>
    where
        Self: 'c;

    fn count(&self) -> u64 {
        self.0.count()
    }

    #[inline(always)]
    fn rank(&self, key: u64) -> u64 {
        self.0.rank(key)
    }

    fn rank_all(&self, keys: &[u64], ranks: &mut [u64]) {
        self.0.rank_all(keys, ranks);
    }

    fn cursor(&self) -> Cursor<'_> {
        Cursor(self.0.cursor())
    }
}

impl RankCursor for Cursor<'_> {
    #[inline]
    fn key(&mut self, rank: u64) -> u64 {
        self.0.mask(rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::geometry::Lattice;

    /// The weights are invariant under every jump, and tell apart the
    /// classes the span does (up to the bits kept).
    #[test]
    fn class_weights_are_jump_invariants() {
        let english = Board::from_rows_in(
            Lattice::Square,
            &[
                "  ooo  ", "  ooo  ", "ooooooo", "ooo.ooo", "ooooooo", "  ooo  ", "  ooo  ",
            ],
        )
        .unwrap();
        let triangle = Board::from_rows_in(
            Lattice::Triangular,
            &[
                "    o    ",
                "   o o   ",
                "  o o o  ",
                " o o o o ",
                "o o o o o",
            ],
        )
        .unwrap();
        for (board, classes) in [(&english, 16), (&triangle, 4)] {
            let g = board.geometry();
            let span = JumpSpan::new(g);
            assert_eq!(span.classes(g.holes()), classes);
            let w = span.weights(g.holes());
            let weigh = |p: u64| {
                (0..g.holes())
                    .filter(|&h| p >> h & 1 == 1)
                    .fold(0, |a, h| a ^ w[h])
            };
            for j in g.jumps() {
                assert_eq!(weigh(j.mask()), 0, "{j:?}");
            }
            // Every class shows: the weights of single holes span them all.
            let mut seen = vec![false; classes as usize];
            for p in 0..1u64 << 12 {
                seen[usize::from(weigh(p))] = true;
            }
            assert!(seen.iter().all(|&s| s));
            for a in (0..g.all()).step_by(9_973).take(200) {
                for b in (0..g.all()).step_by(7_919).take(50) {
                    assert_eq!(span.same_class(a, b), weigh(a) == weigh(b));
                }
            }
        }
    }
}
