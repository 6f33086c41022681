//! The pattern databases of sliding-tile puzzles: one group of distinct
//! tiles, the blank moving for free through the cells the group leaves
//! (Korf & Felner's additive databases), as a space in blocks that
//! [`PatternDb::build_in_blocks`] sweeps.
//!
//! A placement of the group's `k` tiles is a subset of cells (which cells
//! hold a tile) and a permutation (which tile is on which of them); the
//! regions of the blank (the connected sets of free cells, found by the
//! flood fill of [`RectBits`]) depend on the subset alone. A block is a
//! subset and one of its regions, and a state's index in it the Lehmer rank
//! of the permutation ([`Blocks`]): all the states one move leads to from a
//! block lie in one other block, and the move renumbers a permutation by a
//! table look-up instead of ranking it. A pattern is a subset and a
//! permutation, whatever the region (the blocks of a subset are one
//! [group](Blocks::group)), so a placement's value is the least over the
//! blank's cells; the table is put in `perm_rank::Placements` order at the
//! end.
//!
//! [`Tiles::build_zero_aware`] keeps in the same byte how many moves more
//! the placement needs with the blank in its main region, which
//! [`ZeroAware`](super::ZeroAware) reads (after Clausecker & Reinefeld's
//! zero-aware databases, in the space of the plain table).
//!
//! These are the values [`PatternDb::build`] gives the same abstraction
//! ([`Regions`](super::regions::Regions) with one kind a tile) by a sweep of
//! one rank a state: the tests compare them. The blocks take a quarter of
//! the memory and renumber instead of ranking, which is what makes the
//! 15-puzzle's 7-8 and the 24-puzzle's 6-tile tables quick to build.
//!
//! # Example
//!
//! Tiles 1 and 2 of the 8-puzzle, whose goal cells are 0 and 1; the blank's
//! goal is cell 8.
//!
//! ```
//! use search_core::grid::Rect;
//! use search_core::pdb::tiles::Tiles;
//!
//! let group = Tiles::new(Rect::new(3, 3), &[0, 1], 8)?;
//! let values = group.build(|_| {})?;
//! assert_eq!(values.len(), 72); // 9 * 8 placements
//! assert_eq!(values[group.placements().rank_unchecked(&[0, 1]) as usize], 0);
//! // Tile 1 on cell 1 and tile 2 on cell 0: each must go round the other.
//! assert!(values[group.placements().rank_unchecked(&[1, 0]) as usize] > 2);
//! # Ok::<(), search_core::pdb::PdbError>(())
//! ```

use perm_rank::{Placements, Ranking};

use super::regions::RectBits;
use super::{Abstraction, PatternDb, PdbError};
use crate::grid::{self, Rect};
use crate::layers::blocks::{Blocked, Blocks, InBlock, InBlocks, Link, Renumbering};
use crate::layers::{LayerReport, Sweep, Table};

mod blocks;
mod order;

pub(super) use blocks::Subsets;
use blocks::{Renumber, factorial, lehmer};
use order::into_placement_order;

/// The most cells of a board: cell masks are `u32`.
pub const MAX_CELLS: usize = 32;

/// The most tiles of a group.
pub const MAX_GROUP: usize = 12;

/// One group of distinct tiles on a rectangle, towards their goal cells.
#[derive(Debug, Clone)]
pub struct Tiles {
    rect: Rect,
    /// The goal cell of each tile of the group, in the group's order.
    goal: Vec<u8>,
    /// The blank's goal cell.
    blank: u8,
    placements: Placements,
}

impl Tiles {
    /// The group whose tile `i` has its goal on cell `goal[i]`, the blank's
    /// goal on `blank`, on `rect` (at most [`MAX_CELLS`] cells, the tiles
    /// and the blank moving between cells side by side).
    pub fn new(rect: Rect, goal: &[u8], blank: usize) -> Result<Tiles, PdbError> {
        let cells = rect.cells();
        let bad = |why: String| Err(PdbError::Abstraction(why));
        if cells > MAX_CELLS {
            return bad(format!("a board of {cells} cells: at most {MAX_CELLS}"));
        }
        if goal.is_empty() || goal.len() > MAX_GROUP || goal.len() >= cells {
            return bad(format!(
                "a group of {} tiles on {cells} cells: from 1 to {}",
                goal.len(),
                MAX_GROUP.min(cells - 1)
            ));
        }
        let mut used = 1u64 << blank;
        for &c in goal {
            if usize::from(c) >= cells || used & 1 << c != 0 {
                return bad(format!("goal cell {c} is off the board or taken twice"));
            }
            used |= 1 << c;
        }
        if blank >= cells {
            return bad(format!("the blank's goal cell {blank} is off the board"));
        }
        let placements =
            Placements::new(cells, goal.len()).map_err(|e| PdbError::Abstraction(e.to_string()))?;
        Ok(Tiles {
            rect,
            goal: goal.to_vec(),
            blank: blank as u8,
            placements,
        })
    }

    /// The symmetry of the board under which `other`'s table is this
    /// group's, if there is one: a symmetry that takes `other`'s goal cells
    /// onto this group's and the blank's goal region (the free cells it
    /// reaches in the goal placement) onto this group's. The values depend
    /// on nothing else, so `other`'s table need not be built: its value of a
    /// placement is this table's value of the placement's image (see
    /// [`Image`]). On the 24-puzzle, three of Korf & Felner's four 6-tile
    /// groups are images of one another.
    pub fn image_of(&self, other: &Tiles) -> Option<Image> {
        let k = self.goal.len();
        if self.rect != other.rect || other.goal.len() != k {
            return None;
        }
        let board = RectBits::new(self.rect);
        let region = |t: &Tiles| {
            let placed = t.goal.iter().fold(0u64, |m, &c| m | 1 << c);
            board.flood(board.all() & !placed, 1 << t.blank)
        };
        let (ours, theirs) = (region(self), region(other));
        self.rect.symmetries().into_iter().find_map(|map| {
            let order = other
                .goal
                .iter()
                .map(|&c| {
                    self.goal
                        .iter()
                        .position(|&g| usize::from(g) == map[usize::from(c)])
                })
                .collect::<Option<Vec<usize>>>()?;
            let image = grid::bits(theirs).fold(0u64, |m, c| m | 1 << map[c]);
            (image == ours).then(|| Image {
                map: map.iter().map(|&c| c as u8).collect(),
                slot: order,
            })
        })
    }

    /// How the table is indexed: the cells of the group's tiles, in the
    /// group's order, ranked by `perm_rank::Placements`.
    pub fn placements(&self) -> &Placements {
        &self.placements
    }

    /// The bytes [`build`](Tiles::build) holds at its peak: a byte a
    /// placement, two bits a state, the moves into each subset and the
    /// renumbering tables while it searches, then the values by block and
    /// in their final order.
    pub fn memory_needed(&self) -> u64 {
        let subsets = Subsets::new(self.rect, self.goal.len());
        let values = (subsets.count() as u64).saturating_mul(factorial(self.goal.len()) as u64);
        self.search_bytes(&subsets, values)
            .max(values.saturating_mul(2))
    }

    /// The bytes [`build_zero_aware`](Tiles::build_zero_aware) holds at its
    /// peak: [`memory_needed`](Tiles::memory_needed)'s with a byte a state
    /// (a placement and a region) instead of a byte a placement.
    pub fn zero_aware_memory_needed(&self) -> u64 {
        let subsets = Subsets::new(self.rect, self.goal.len());
        let size = factorial(self.goal.len()) as u64;
        let states = (subsets.blocks() as u64).saturating_mul(size);
        let table = (subsets.count() as u64).saturating_mul(size);
        self.search_bytes(&subsets, states)
            .max(table.saturating_mul(2))
    }

    /// The bytes of the search in blocks beside `values` bytes of values.
    fn search_bytes(&self, subsets: &Subsets, values: u64) -> u64 {
        let k = self.goal.len();
        values
            .saturating_add(InBlocks::memory_needed(subsets.blocks(), factorial(k)))
            .saturating_add(Space::moves_bytes(subsets.count(), k))
            .saturating_add(Renumber::bytes(k))
    }

    /// [`build`](Tiles::build)'s table, each entry also telling how many
    /// moves more the placement needs with the blank in its main region
    /// (see [`ZeroAware`](super::ZeroAware), which reads it).
    pub fn build_zero_aware(
        &self,
        mut progress: impl FnMut(&LayerReport),
    ) -> Result<Vec<u8>, PdbError> {
        self.build_reporting(true, &mut progress)
    }

    /// The fewest moves of the group's tiles from every placement to their
    /// goal cells, in [`placements`](Tiles::placements) order
    /// ([`UNREACHED`](super::UNREACHED) where none reaches them, as when the
    /// group holds every tile and the placement has the other parity),
    /// calling `progress` after each layer. Built by
    /// [`PatternDb::build_in_blocks`], block by block in parallel, the
    /// values the same whatever the number of threads.
    pub fn build(&self, mut progress: impl FnMut(&LayerReport)) -> Result<Vec<u8>, PdbError> {
        self.build_reporting(false, &mut progress)
    }

    /// [`build`](Tiles::build) or [`build_zero_aware`](Tiles::build_zero_aware),
    /// compiled once whatever the caller's closure.
    fn build_reporting(
        &self,
        zero_aware: bool,
        progress: &mut dyn FnMut(&LayerReport),
    ) -> Result<Vec<u8>, PdbError> {
        let space = Blocked(Space::new(self));
        let start = &self.goal;
        let mask = start.iter().fold(0u32, |m, &c| m | 1 << c);
        let order: Vec<u8> = start
            .iter()
            .map(|&c| (mask & ((1u32 << c) - 1)).count_ones() as u8)
            .collect();
        let block = space.0.subsets.block_at(mask, usize::from(self.blank));
        let goal = InBlock {
            block,
            group: space.0.group(block),
            index: lehmer(start.len())
                .rank(&order)
                .expect("a permutation of 0..k") as usize,
        };
        let search = Search {
            space,
            goal,
            zero_aware,
        };
        let db = PatternDb::build_in_blocks(&search, &Sweep::new(Table::TwoBits), progress)?;
        let Search { space, .. } = search;
        let subsets = &space.0.subsets;
        let values = match zero_aware {
            true => {
                let shape = (self.rect.cells(), space.0.renumber.size);
                super::zero_aware::pack_blocks(subsets, shape, db.into_values())
            }
            false => db.into_values(),
        };
        Ok(into_placement_order(subsets, &values, &self.placements))
    }
}

/// The placements of a group as a space in blocks: a block is a subset of
/// cells and one of the regions of the blank, an index the Lehmer rank of
/// the order of the tiles on those cells.
struct Space {
    subsets: Subsets,
    renumber: Renumber,
    /// The moves into the blocks of subset `s` are
    /// `moves[first_move[s]..first_move[s + 1]]`.
    first_move: Vec<usize>,
    moves: Vec<Move>,
}

/// A move into a block of a subset: the tile on a cell of the subset came
/// from `from`, a free cell next to it, which must lie in the block's
/// region; `source` is the block it came from, `forward` and `back` the
/// renumberings ([`Renumber::map`]).
#[derive(Clone, Copy)]
struct Move {
    source: u32,
    from: u8,
    forward: u8,
    back: u8,
}

impl Space {
    fn new(tiles: &Tiles) -> Space {
        let k = tiles.goal.len();
        let rect = tiles.rect;
        let subsets = Subsets::new(rect, k);
        let neighbours: Vec<u32> = (0..rect.cells())
            .map(|c| rect.neighbours(c).fold(0u32, |m, n| m | 1 << n))
            .collect();
        let all = (u64::MAX >> (64 - rect.cells())) as u32;
        let (mut first_move, mut moves) = (vec![0], Vec::new());
        for &mask in &subsets.masks {
            let mut froms = all & !mask;
            while froms != 0 {
                let from = froms.trailing_zeros() as usize;
                froms &= froms - 1;
                let mut tos = neighbours[from] & mask;
                while tos != 0 {
                    let to = tos.trailing_zeros() as usize;
                    tos &= tos - 1;
                    let before = mask ^ (1 << to) ^ (1 << from);
                    let from_th = (before & ((1u32 << from) - 1)).count_ones() as usize;
                    let to_th = (mask & ((1u32 << to) - 1)).count_ones() as usize;
                    moves.push(Move {
                        source: subsets.block_at(before, to) as u32,
                        from: from as u8,
                        forward: (from_th * k + to_th) as u8,
                        back: (to_th * k + from_th) as u8,
                    });
                }
            }
            first_move.push(moves.len());
        }
        Space {
            subsets,
            renumber: Renumber::new(k),
            first_move,
            moves,
        }
    }

    /// At most the bytes of the moves of `subsets` subsets of `k` cells:
    /// each of the `k` tiles has at most four neighbours.
    fn moves_bytes(subsets: usize, k: usize) -> u64 {
        let per_subset = (4 * k * std::mem::size_of::<Move>() + 8) as u64;
        (subsets as u64).saturating_mul(per_subset)
    }
}

impl Blocks for Space {
    fn blocks(&self) -> usize {
        self.subsets.blocks()
    }

    fn block_size(&self) -> usize {
        self.renumber.size
    }

    /// A state of `block` comes from one where the tile now on a cell of
    /// the subset stood on a cell of the block's region next to it.
    fn links(&self, block: usize, out: &mut Vec<Link>) {
        let s = self.subsets.subset_of[block] as usize;
        let region = self.subsets.regions[block];
        let moves = &self.moves[self.first_move[s]..self.first_move[s + 1]];
        out.extend(
            moves
                .iter()
                .filter(|m| region & 1 << m.from != 0)
                .map(|m| Link {
                    from: m.source as usize,
                    forward: usize::from(m.forward),
                    back: usize::from(m.back),
                }),
        );
    }

    /// The subset of cells of the block, as the first of its patterns:
    /// its index times the block size.
    fn group(&self, block: usize) -> usize {
        self.subsets.subset_of[block] as usize * self.renumber.size
    }

    /// The renumbering of the move of the tile on the cell `id / k`-th in
    /// order to the `id % k`-th.
    fn renumbering(&self, id: usize) -> Renumbering<'_> {
        self.renumber.map(id)
    }
}

/// The abstraction the blocks are built for: a pattern is a subset and an
/// order of the tiles (a placement, in the blocks' order), whatever the
/// region of the blank; or, `zero_aware`, a state (a block and an order).
struct Search {
    space: Blocked<Space>,
    goal: InBlock,
    zero_aware: bool,
}

impl Abstraction for Search {
    type Space = Blocked<Space>;

    fn space(&self) -> &Blocked<Space> {
        &self.space
    }

    fn goals(&self) -> Vec<InBlock> {
        vec![self.goal]
    }

    fn patterns(&self) -> u64 {
        let space = &self.space.0;
        let groups = match self.zero_aware {
            true => space.subsets.blocks(),
            false => space.subsets.count(),
        };
        (groups * space.renumber.size) as u64
    }

    #[inline]
    fn pattern(&self, state: &InBlock, rank: u64) -> u64 {
        match self.zero_aware {
            true => rank,
            false => (state.group + state.index) as u64,
        }
    }
}

/// How a group's table serves another group: through a symmetry of the
/// board ([`Tiles::image_of`]). The other group's tile `i` standing on cell
/// `c` stands for this group's tile `slot[i]` on cell `map[c]`: the other
/// group's value of a placement is this group's value of the placement whose
/// tile `slot[i]` is on `map[cell of i]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// The image of every cell.
    pub map: Vec<u8>,
    /// The tile of this group that each tile of the other stands for.
    pub slot: Vec<usize>,
}

/// `C(n, k)`, 0 when `k > n`.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |c, i| c.saturating_mul(n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::{Sweep, Table};
    use crate::pdb::regions::Regions;
    use crate::pdb::{Distinct, PatternDb};

    /// The blocks' values are those of a sweep of the same abstraction, one
    /// rank a state, on every thread count.
    fn check<const K: usize>(rect: Rect, goal: [u8; K], blank: usize) {
        let tiles = Tiles::new(rect, &goal, blank).unwrap();
        let built = tiles.build(|_| {}).unwrap();
        let regions = Regions::<_, K, u32>::new(
            Distinct(tiles.placements()),
            rect,
            goal.map(|c| 1u64 << c),
            blank,
        );
        let swept = PatternDb::build(&regions, &Sweep::new(Table::TwoBits), |_| {}).unwrap();
        assert_eq!(built, swept.into_values(), "{rect:?} {goal:?}");
        for threads in [1, 3] {
            let again = crate::par::with_threads(threads, || tiles.build(|_| {}))
                .unwrap()
                .unwrap();
            assert_eq!(again, built);
        }
    }

    #[test]
    fn the_blocks_give_the_values_of_a_sweep() {
        check(Rect::new(3, 3), [0, 1, 2], 8);
        check(Rect::new(3, 3), [4, 8], 0);
        check(Rect::new(4, 3), [0, 5, 6, 11], 3);
        check(Rect::new(2, 4), [0, 1, 2, 3, 4, 5, 6], 7);
    }

    /// `b`'s table is `a`'s through the image, placement by placement.
    fn check_image(rect: Rect, a: &[u8], b: &[u8], blank: usize) {
        let (a, b) = (
            Tiles::new(rect, a, blank).unwrap(),
            Tiles::new(rect, b, blank).unwrap(),
        );
        let image = a.image_of(&b).expect("an image");
        let (ours, theirs) = (a.build(|_| {}).unwrap(), b.build(|_| {}).unwrap());
        for rank in 0..b.placements().count() {
            let cells = b.placements().unrank_vec(rank).unwrap();
            let mut mapped = vec![0u8; cells.len()];
            for (i, &c) in cells.iter().enumerate() {
                mapped[image.slot[i]] = image.map[usize::from(c)];
            }
            let at = a.placements().rank_unchecked(&mapped);
            assert_eq!(theirs[rank as usize], ours[at as usize], "{cells:?}");
        }
    }

    #[test]
    fn a_group_is_read_in_the_table_of_its_mirror_image() {
        // The 8-puzzle's corners 0, 1 and 8, 7 under the half turn, the
        // blank's goal (4) in the middle.
        check_image(Rect::new(3, 3), &[0, 1], &[8, 7], 4);
        // Mirrored left to right, the tiles listed in another order.
        check_image(Rect::new(4, 3), &[0, 4, 5], &[7, 3, 6], 9);
        // A quarter turn of the 4x4, with a group that walls its corner off.
        check_image(Rect::new(4, 4), &[1, 4, 5], &[2, 7, 6], 10);
    }

    #[test]
    fn no_image_where_the_blank_s_region_differs() {
        let rect = Rect::new(3, 3);
        // Tiles on 1 and 3 wall cell 0 off: the blank's goal inside the
        // wall or outside it gives other values.
        let inside = Tiles::new(rect, &[1, 3], 0).unwrap();
        let outside = Tiles::new(rect, &[1, 3], 8).unwrap();
        assert!(inside.image_of(&outside).is_none());
        assert!(inside.image_of(&inside).is_some());
        assert_ne!(
            inside.build(|_| {}).unwrap(),
            outside.build(|_| {}).unwrap()
        );
        // Another size, another board: none.
        let two = Tiles::new(rect, &[0, 1], 8).unwrap();
        assert!(
            two.image_of(&Tiles::new(rect, &[0, 1, 2], 8).unwrap())
                .is_none()
        );
        assert!(
            two.image_of(&Tiles::new(Rect::new(4, 3), &[0, 1], 8).unwrap())
                .is_none()
        );
    }

    #[test]
    fn groups_off_the_board_are_refused() {
        let rect = Rect::new(3, 3);
        assert!(Tiles::new(rect, &[0, 9], 8).is_err());
        assert!(Tiles::new(rect, &[0, 0], 8).is_err());
        assert!(Tiles::new(rect, &[0, 8], 8).is_err());
        assert!(Tiles::new(Rect::new(6, 6), &[0], 8).is_err());
    }
}
