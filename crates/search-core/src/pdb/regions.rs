//! The abstraction of additive pattern databases for sliding puzzles: the
//! placement of the pieces a database counts, and the region of the board
//! in which the blank moves for free.
//!
//! A database over a group of pieces counts only the moves of those pieces
//! (Korf and Felner, "Disjoint pattern database heuristics"): every other
//! cell is free, and the blank moves through free cells at no cost. So an
//! abstract state is a placement of the group's pieces and the *region*, the
//! connected set of free cells that holds the blank (found by a flood fill);
//! a move slides a piece next to the region into a cell of the region next
//! to it, at the cost of one, and the blank's new region is the one holding
//! the cell the piece left. Pieces of one kind are interchangeable (the line
//! puzzle's letters); numbered tiles are each a kind of their own.
//!
//! A puzzle supplies which pieces count (their goal cells, by kind), how a
//! placement is ranked ([`PlacementRanking`]) and where the free moves are
//! (the moves between cells next to each other on a rectangle); [`Regions`] is then an [`Abstraction`]
//! whose database [`PatternDb::build`](super::PatternDb::build) sweeps, each
//! placement's value being the least over the blank's regions
//! ([`Regions::build_zero_aware`] keeps more: see
//! [`ZeroAware`](super::ZeroAware)). Where every
//! piece is a kind of its own (numbered tiles), [`super::tiles`] gives the
//! same values by a search over blocks of placements.
//!
//! A state is ranked as its placement's rank times the number of free cells,
//! plus the index among the free cells of the region's lowest cell. Ranks
//! whose cell is not the lowest of its region name no state: the sweep never
//! reaches them, and the table keeps one byte (or two bits) for each.
//!
//! # Example
//!
//! Tiles 1 and 2 counted on a 2x2 board whose goal is `1 2 / 3 _`: the
//! blank bottom right, tile 3 not counted (its cell is free).
//!
//! ```
//! use search_core::grid::Rect;
//! use search_core::layers::{Sweep, Table};
//! use search_core::pdb::PatternDb;
//! use search_core::pdb::regions::{PlacementRanking, Regions};
//!
//! /// Two distinct tiles on four cells: their cells in base 4.
//! struct Two;
//! impl PlacementRanking<2> for Two {
//!     fn count(&self) -> u64 { 16 }
//!     fn rank(&self, pieces: &[u64; 2]) -> u64 {
//!         u64::from(pieces[0].trailing_zeros() * 4 + pieces[1].trailing_zeros())
//!     }
//!     fn unrank(&self, rank: u64) -> [u64; 2] { [1 << (rank / 4), 1 << (rank % 4)] }
//! }
//! // Masks of 16 bits, for a board of 16 cells at most.
//! let regions = Regions::<_, 2, u16>::new(Two, Rect::new(2, 2), [0b0001, 0b0010], 3);
//! let db = PatternDb::build(&regions, &Sweep::new(Table::Bytes), |_| {})?;
//! assert_eq!(db.get(Two.rank(&[0b0001, 0b0010])), Some(0));
//! // Both tiles one step round the ring: two moves.
//! assert_eq!(db.get(Two.rank(&[0b0100, 0b0001])), Some(2));
//! // Swapped, never: on a ring the three tiles keep their cyclic order.
//! assert_eq!(db.get(Two.rank(&[0b0010, 0b0001])), None);
//! // The same values whatever the sweep's table.
//! assert_eq!(PatternDb::build(&regions, &Sweep::new(Table::TwoBits), |_| {})?, db);
//! # Ok::<(), search_core::pdb::PdbError>(())
//! ```

use super::zero_aware::{is_main, pack_slots};
use super::{Abstraction, PatternDb, PdbError};
use crate::grid::Rect;
use crate::layers::{LayerReport, Sweep};
use crate::rules::{Ranked, Rules};

/// How a puzzle ranks the placements of the `K` kinds of pieces a database
/// counts: `pieces[i]` is the mask of the cells holding pieces of kind `i`.
pub trait PlacementRanking<const K: usize>: Sync {
    /// The number of placements; every rank is below it.
    fn count(&self) -> u64;

    /// The rank of a placement, in `0..count()`.
    fn rank(&self, pieces: &[u64; K]) -> u64;

    /// The placement of rank `rank` (only called with ranks of placements
    /// the sweep reached).
    fn unrank(&self, rank: u64) -> [u64; K];
}

/// A placement of the counted pieces and the region of free cells that
/// holds the blank, each a mask of cells of type `M` (`u16` for a board of
/// up to 16 cells keeps the layers of a build small).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RegionState<const K: usize, M = u64> {
    /// The cells of the pieces of each kind.
    pub pieces: [M; K],
    /// The free cells the blank can reach.
    pub region: M,
}

/// A mask of cells as a state of [`Regions`] stores it: `u16`, `u32` or
/// `u64`, the cells of a board being its low bits.
pub trait Mask: Copy + Send + Sync + Eq + std::fmt::Debug + std::hash::Hash + 'static {
    /// The most cells a mask holds.
    const BITS: u32;
    /// The mask as a `u64`.
    fn to_u64(self) -> u64;
    /// A mask of cells below [`BITS`](Mask::BITS) (higher bits are dropped).
    fn from_u64(mask: u64) -> Self;
}

macro_rules! mask {
    ($($t:ty),*) => {$(
        impl Mask for $t {
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn to_u64(self) -> u64 {
                u64::from(self)
            }
            #[inline]
            fn from_u64(mask: u64) -> Self {
                mask as $t
            }
        }
    )*};
}

mask!(u16, u32, u64);

/// The abstract space of placements and regions of one board, towards one
/// goal placement: [`Ranked`] rules and an [`Abstraction`] whose patterns
/// are the placements.
#[derive(Debug, Clone)]
pub struct Regions<R, const K: usize, M = u64> {
    ranking: R,
    /// The board: where the blank and the pieces move.
    board: RectBits,
    goal: RegionState<K, M>,
    /// The number of cells holding no counted piece.
    free_cells: u64,
}

impl<R: PlacementRanking<K>, const K: usize, M: Mask> Regions<R, K, M> {
    /// The space of the rectangle `rect` (at most `M::BITS` cells; pieces and the
    /// blank move between cells next to each other up, down, left or right),
    /// the pieces of kind `i` having their goal cells in `goal[i]` and the
    /// blank its goal cell at `blank`, a cell free of them.
    ///
    /// # Panics
    /// If the rectangle has more than `M::BITS` cells, or `blank` holds a
    /// piece.
    pub fn new(ranking: R, rect: Rect, goal: [u64; K], blank: usize) -> Self {
        assert!(
            rect.cells() <= M::BITS as usize,
            "more cells than a mask holds"
        );
        let board = RectBits::new(rect);
        let occupied = goal.iter().fold(0, |m, p| m | p);
        assert!(occupied & 1 << blank == 0, "the blank's cell holds a piece");
        let free = board.all() & !occupied;
        Regions {
            ranking,
            goal: RegionState {
                pieces: goal.map(M::from_u64),
                region: M::from_u64(board.flood(free, 1 << blank)),
            },
            free_cells: u64::from(free.count_ones()),
            board,
        }
    }

    /// The ranking of placements.
    pub fn ranking(&self) -> &R {
        &self.ranking
    }

    /// The table [`PatternDb::build`] gives this abstraction by `sweep`, a
    /// byte a placement, each entry also telling how many moves more the
    /// placement needs with the blank in its main region (see
    /// [`ZeroAware`](super::ZeroAware), which reads it). The sweep keeps a
    /// byte a state, a placement and a region, until the entries are made.
    pub fn build_zero_aware(
        &self,
        sweep: &Sweep,
        progress: impl FnMut(&LayerReport),
    ) -> Result<Vec<u8>, PdbError> {
        let db = PatternDb::build(&ByState(self), sweep, progress)?;
        let slots = self.free_cells as usize;
        let shape = (self.ranking.count() as usize, slots);
        Ok(pack_slots(shape, db.into_values(), |p| {
            // The regions in the order of their lowest cells, as ranked.
            let free = self.free(&self.ranking.unrank(p as u64));
            let mut left = free;
            while left != 0 {
                let region = self.board.flood(free, left & left.wrapping_neg());
                if is_main(region, free) {
                    return Some(slot(free, region) as usize);
                }
                left &= !region;
            }
            None
        }))
    }

    /// The cells holding no counted piece.
    #[inline]
    fn free(&self, pieces: &[u64; K]) -> u64 {
        self.board.all() & !pieces.iter().fold(0, |m, p| m | p)
    }

    /// The placement's rank and the index of the region's lowest cell among
    /// the free cells.
    #[inline]
    fn rank_parts(&self, state: &RegionState<K, M>) -> (u64, u64) {
        let pieces = state.pieces.map(M::to_u64);
        let index = slot(self.free(&pieces), state.region.to_u64());
        (self.ranking.rank(&pieces), index)
    }
}

/// The index among the free cells `free` of the lowest cell of `region`.
#[inline]
fn slot(free: u64, region: u64) -> u64 {
    let below = (region & region.wrapping_neg()) - 1;
    u64::from((free & below).count_ones())
}

/// The cells of a rectangle as the bits of a `u64` (cell `c` is bit `c`),
/// with their neighbourhoods computed by shifts: the flood fill that finds
/// the blank's region.
///
/// ```
/// use search_core::grid::Rect;
/// use search_core::pdb::regions::RectBits;
///
/// // 0 1 2
/// // 3 4 5, the middle column blocked.
/// let board = RectBits::new(Rect::new(3, 2));
/// assert_eq!(board.dilate(0b000_001), 0b001_011);
/// assert_eq!(board.flood(0b101_101, 0b000_001), 0b001_001);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RectBits {
    all: u64,
    width: u32,
    /// Cells not in the first column (may receive a shift from the left).
    not_first: u64,
    /// Cells not in the last column.
    not_last: u64,
}

impl RectBits {
    /// The cells of `rect`.
    ///
    /// # Panics
    /// If `rect` has more than 64 cells.
    pub fn new(rect: Rect) -> RectBits {
        let cells = rect.cells();
        assert!(cells <= 64, "at most 64 cells, not {cells}");
        let all = if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        let column = |c: usize| (0..rect.height()).fold(0u64, |m, r| m | 1 << rect.cell(r, c));
        RectBits {
            all,
            width: rect.width() as u32,
            not_first: all & !column(0),
            not_last: all & !column(rect.width() - 1),
        }
    }

    /// Every cell.
    #[inline]
    pub fn all(&self) -> u64 {
        self.all
    }

    /// The cells of `mask` and the cells next to them.
    #[inline]
    pub fn dilate(&self, mask: u64) -> u64 {
        let w = self.width;
        (mask | mask << w | mask >> w | (mask << 1 & self.not_first) | (mask >> 1 & self.not_last))
            & self.all
    }

    /// The cells of `within` connected to the cells of `from` through cells
    /// of `within`: a flood fill.
    #[inline]
    pub fn flood(&self, within: u64, from: u64) -> u64 {
        let mut region = from & within;
        loop {
            let grown = self.dilate(region) & within;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// A move of the abstraction: the piece on `from` slides into `to`, a cell
/// of the blank's region next to it; `region` is the region before the
/// move, which taking it back restores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RegionMove<M> {
    from: u8,
    to: u8,
    region: M,
}

impl<R: PlacementRanking<K>, const K: usize, M: Mask> Rules for Regions<R, K, M> {
    type State = RegionState<K, M>;
    type Move = RegionMove<M>;

    /// The pieces next to the region, each into each region cell next to it.
    #[inline]
    fn moves(&self, state: &RegionState<K, M>, out: &mut Vec<RegionMove<M>>) {
        let pieces = state.pieces.map(M::to_u64);
        let region = state.region.to_u64();
        let free = self.free(&pieces);
        let mut movers = self.board.dilate(region) & !free;
        while movers != 0 {
            let from = movers.trailing_zeros() as u8;
            movers &= movers - 1;
            let mut landings = self.board.dilate(1 << from) & region;
            while landings != 0 {
                let to = landings.trailing_zeros() as u8;
                landings &= landings - 1;
                out.push(RegionMove {
                    from,
                    to,
                    region: state.region,
                });
            }
        }
    }

    /// The piece moves, and the blank's region is the one holding the cell
    /// it left.
    #[inline]
    fn apply(&self, state: &mut RegionState<K, M>, m: RegionMove<M>) {
        let step = 1u64 << m.from | 1 << m.to;
        let mut pieces = state.pieces.map(M::to_u64);
        for mask in &mut pieces {
            if *mask & 1 << m.from != 0 {
                *mask ^= step;
            }
        }
        let region = self.board.flood(self.free(&pieces), 1 << m.from);
        *state = RegionState {
            pieces: pieces.map(M::from_u64),
            region: M::from_u64(region),
        };
    }

    #[inline]
    fn undo(&self, state: &mut RegionState<K, M>, m: RegionMove<M>) {
        let step = 1u64 << m.from | 1 << m.to;
        for mask in &mut state.pieces {
            if mask.to_u64() & 1 << m.to != 0 {
                *mask = M::from_u64(mask.to_u64() ^ step);
            }
        }
        state.region = m.region;
    }
}

impl<R: PlacementRanking<K>, const K: usize, M: Mask> Ranked for Regions<R, K, M> {
    fn size(&self) -> u64 {
        self.ranking.count() * self.free_cells
    }

    #[inline]
    fn rank(&self, state: &RegionState<K, M>) -> u64 {
        let (placement, index) = self.rank_parts(state);
        placement * self.free_cells + index
    }

    fn unrank(&self, rank: u64) -> RegionState<K, M> {
        let pieces = self.ranking.unrank(rank / self.free_cells);
        let mut free = self.free(&pieces);
        for _ in 0..rank % self.free_cells {
            free &= free - 1;
        }
        let region = self
            .board
            .flood(self.free(&pieces), free & free.wrapping_neg());
        RegionState {
            pieces: pieces.map(M::from_u64),
            region: M::from_u64(region),
        }
    }
}

impl<R: PlacementRanking<K>, const K: usize, M: Mask> Abstraction for Regions<R, K, M> {
    type Space = Self;

    fn space(&self) -> &Self {
        self
    }

    fn goals(&self) -> Vec<RegionState<K, M>> {
        vec![self.goal]
    }

    fn patterns(&self) -> u64 {
        self.ranking.count()
    }

    #[inline]
    fn pattern(&self, _: &RegionState<K, M>, rank: u64) -> u64 {
        rank / self.free_cells
    }
}

/// The states of [`Regions`] as the patterns of their own table.
struct ByState<'a, R, const K: usize, M>(&'a Regions<R, K, M>);

impl<R: PlacementRanking<K>, const K: usize, M: Mask> Abstraction for ByState<'_, R, K, M> {
    type Space = Regions<R, K, M>;

    fn space(&self) -> &Regions<R, K, M> {
        self.0
    }

    fn goals(&self) -> Vec<RegionState<K, M>> {
        self.0.goals()
    }

    fn patterns(&self) -> u64 {
        self.0.size()
    }

    #[inline]
    fn pattern(&self, _: &RegionState<K, M>, rank: u64) -> u64 {
        rank
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::{Sweep, Table};
    use crate::pdb::PatternDb;

    /// Two pieces of kind 0 and one of kind 1 on a 3x3 board, ranked as the
    /// two masks side by side (most ranks name no placement).
    struct Masks;
    impl PlacementRanking<2> for Masks {
        fn count(&self) -> u64 {
            1 << 18
        }
        fn rank(&self, pieces: &[u64; 2]) -> u64 {
            pieces[0] << 9 | pieces[1]
        }
        fn unrank(&self, rank: u64) -> [u64; 2] {
            [rank >> 9, rank & 511]
        }
    }

    fn regions<M: Mask>() -> Regions<Masks, 2, M> {
        // 0 0 1
        // . . .
        // . . _
        Regions::new(Masks, Rect::new(3, 3), [0b000_000_011, 0b000_000_100], 8)
    }

    #[test]
    fn every_sweep_and_thread_count_gives_the_same_values() {
        let built = PatternDb::build(&regions::<u64>(), &Sweep::new(Table::Bytes), |_| {}).unwrap();
        let swept = PatternDb::build(&regions::<u64>(), &Sweep::new(Table::TwoBits), |_| {});
        assert_eq!(swept.unwrap(), built);
        for threads in [1, 2, 3] {
            let small = crate::par::with_threads(threads, || {
                PatternDb::build(&regions::<u16>(), &Sweep::new(Table::Bytes), |_| {})
            });
            assert_eq!(small.unwrap().unwrap(), built);
        }
        // 9 * 8 / 2 * 7 placements, all reachable with three free cells.
        let reached = (0..built.len()).filter(|&p| built.get(p).is_some()).count();
        assert_eq!(reached, 252);
        assert_eq!(built.get(Masks.rank(&[0b011, 0b100])), Some(0));
        // The piece of kind 1 and one of kind 0 swapped: one move each way
        // round the board is not enough.
        assert!(built.get(Masks.rank(&[0b101, 0b010])).unwrap() > 1);
    }

    #[test]
    fn flood_fills_stay_inside() {
        let board = RectBits::new(Rect::new(4, 2));
        // 0 1 2 3
        // 4 5 6 7, cells 1 and 6 blocked: two regions.
        let free = 0b1011_1101;
        assert_eq!(board.flood(free, 1), 0b0001_0001 | 0b0010_0000);
        assert_eq!(board.flood(free, 1 << 3), 0b1000_1100);
        assert_eq!(board.dilate(1 << 3), 0b1000_1100);
    }
}
