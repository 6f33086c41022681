//! Zero-aware tables in one byte a placement: the least value over the
//! blank's regions, and how much more the largest region needs.

use super::RectBits;
use super::blocks::Subsets;
use crate::grid::Rect;
use crate::pdb::UNREACHED;

/// How to read a table of [`Tiles::build_zero_aware`](super::Tiles::build_zero_aware).
///
/// The search behind a group's table knows the value of every placement
/// with the blank in each region of the cells the group leaves free
/// (Clausecker & Reinefeld's zero-aware databases keep them all). A plain
/// table keeps the least. A zero-aware one keeps, in the same byte a
/// placement, the least in its low six bits and, in its top two, how many
/// moves more the blank's *main* region needs (the region of more than
/// half the free cells, where there is one), capped at three. A bound
/// reads the byte as before and, where the top bits are not zero, adds them
/// when a flood fill from the blank finds more than half the free cells.
/// Both values are at most the placement's with the blank where it is, so
/// the tables of disjoint groups still add up to an admissible bound;
/// the blank is almost always in the main region.
///
/// # Example
///
/// Tiles 1 and 2 of the 8-puzzle, the blank's goal on cell 8.
///
/// ```
/// use search_core::grid::Rect;
/// use search_core::pdb::tiles::Tiles;
///
/// let group = Tiles::new(Rect::new(3, 3), &[0, 1], 8)?;
/// let (plain, zero_aware) = (group.build(|_| {})?, group.build_zero_aware(|_| {})?);
/// let read = group.zero_aware();
/// // Tile 1 on cell 3 and tile 2 on its goal cell 1 wall cell 0 off.
/// // With the blank there, tile 1 moves in: one move. With the blank
/// // outside, tile 2 must step aside and come back: three.
/// let at = group.placements().rank_unchecked(&[3, 1]) as usize;
/// assert_eq!(plain[at], 1);
/// assert_eq!(read.value(zero_aware[at], &[3, 1], 0), 1);
/// assert_eq!(read.value(zero_aware[at], &[3, 1], 4), 3);
/// # Ok::<(), search_core::pdb::PdbError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ZeroAware {
    board: RectBits,
}

/// The bits of an entry that hold the least value.
const LEAST: u8 = 0x3f;

/// The most a zero-aware entry adds for the main region.
const MAX_EXTRA: u8 = 3;

impl ZeroAware {
    pub(super) fn new(rect: Rect) -> ZeroAware {
        ZeroAware {
            board: RectBits::new(rect),
        }
    }

    /// The value of the entry `entry` of the placement whose tiles stand on
    /// `cells`, with the blank on `blank` (a cell none of them holds).
    #[inline]
    pub fn value(&self, entry: u8, cells: &[u8], blank: u8) -> u8 {
        let extra = entry >> 6;
        if extra == 0 {
            return entry;
        }
        let tiles = cells.iter().fold(0u64, |m, &c| m | 1 << c);
        let free = self.board.all() & !tiles;
        let region = self.board.flood(free, 1 << blank);
        let main = 2 * region.count_ones() > free.count_ones();
        (entry & LEAST) + if main { extra } else { 0 }
    }
}

/// The entries of a zero-aware table in the blocks' order (subset, then
/// permutation), from `values`, the value of every state in the blocks'
/// order (block, then permutation), on a board of `cells` cells: written
/// over `values` (an entry never lies after the states it is made of),
/// which is then cut to length and shrunk. A least value above 63 is kept as 63 with
/// nothing more, a smaller bound.
pub(super) fn pack(
    subsets: &Subsets,
    (cells, size): (usize, usize),
    mut values: Vec<u8>,
) -> Vec<u8> {
    let free = cells - subsets.k;
    for s in 0..subsets.count() {
        let blocks = subsets.first_block[s]..subsets.first_block[s + 1];
        let main = blocks
            .clone()
            .find(|&b| 2 * subsets.regions[b].count_ones() as usize > free);
        for p in 0..size {
            let least = blocks.clone().map(|b| values[b * size + p]).min();
            let least = least.unwrap_or(UNREACHED);
            let extra = match main.map(|b| values[b * size + p]) {
                _ if least > LEAST => 0,
                Some(v) if v != UNREACHED => (v - least).min(MAX_EXTRA),
                _ => 0,
            };
            values[s * size + p] = match least {
                UNREACHED => UNREACHED,
                _ => least.min(LEAST) | extra << 6,
            };
        }
    }
    values.truncate(subsets.count() * size);
    // Give the states' bytes back before the table is put in order.
    values.shrink_to_fit();
    values
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use super::super::Tiles;
    use crate::grid::Rect;

    /// Every state's distance by a breadth-first search of the group's tiles
    /// and the blank's *cell*, the blank's moves costing nothing: a search
    /// that knows nothing of regions or blocks.
    fn distances(rect: Rect, goal: &[u8], blank: u8) -> HashMap<(Vec<u8>, u8), u8> {
        let mut seen = HashMap::new();
        let mut queue = VecDeque::from([((goal.to_vec(), blank), 0u8)]);
        while let Some((state, d)) = queue.pop_front() {
            if seen.contains_key(&state) {
                continue;
            }
            seen.insert(state.clone(), d);
            let (cells, b) = state;
            for n in rect.neighbours(usize::from(b)) {
                let n = n as u8;
                match cells.iter().position(|&c| c == n) {
                    None => queue.push_front(((cells.clone(), n), d)),
                    Some(i) => {
                        let mut moved = cells.clone();
                        moved[i] = b;
                        queue.push_back(((moved, n), d + 1));
                    }
                }
            }
        }
        seen
    }

    /// The value read is at most the state's distance, at least the plain
    /// table's, and the distance itself wherever the blank is in the main
    /// region and the distance exceeds the least by three at most; and some
    /// states read more than the plain table.
    fn check(rect: Rect, goal: &[u8], blank: u8) {
        let tiles = Tiles::new(rect, goal, usize::from(blank)).unwrap();
        let (plain, packed) = (
            tiles.build(|_| {}).unwrap(),
            tiles.build_zero_aware(|_| {}).unwrap(),
        );
        let read = tiles.zero_aware();
        let board = super::RectBits::new(rect);
        let mut more = 0;
        for ((cells, b), d) in distances(rect, goal, blank) {
            let at = tiles.placements().rank_unchecked(&cells) as usize;
            let value = read.value(packed[at], &cells, b);
            assert!(plain[at] <= value && value <= d, "{cells:?} {b}");
            let free = board.all() & !cells.iter().fold(0u64, |m, &c| m | 1 << c);
            let main = 2 * board.flood(free, 1 << b).count_ones() > free.count_ones();
            if main && d - plain[at] <= super::MAX_EXTRA {
                assert_eq!(value, d, "{cells:?} {b}");
            }
            more += usize::from(value > plain[at]);
        }
        assert!(more > 0, "{goal:?}");
        let again = crate::par::with_threads(3, || tiles.build_zero_aware(|_| {}));
        assert_eq!(again.unwrap().unwrap(), packed);
    }

    #[test]
    fn the_main_region_reads_its_own_distance() {
        check(Rect::new(3, 3), &[0, 1], 8);
        check(Rect::new(3, 3), &[1, 3, 5], 0);
        check(Rect::new(4, 3), &[0, 5, 6], 3);
        check(Rect::new(2, 4), &[0, 1, 2, 3, 4], 7);
    }
}
