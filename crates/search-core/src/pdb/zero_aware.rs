//! Zero-aware tables in one byte a placement: the least value over the
//! blank's regions, and how much more the main region needs.

use super::UNREACHED;
use super::regions::RectBits;
use crate::grid::Rect;

/// How to read a zero-aware table: one of
/// [`Tiles::build_zero_aware`](super::tiles::Tiles::build_zero_aware) or
/// [`Regions::build_zero_aware`](super::regions::Regions::build_zero_aware).
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
/// use search_core::pdb::ZeroAware;
/// use search_core::pdb::tiles::Tiles;
///
/// let group = Tiles::new(Rect::new(3, 3), &[0, 1], 8)?;
/// let (plain, zero_aware) = (group.build(|_| {})?, group.build_zero_aware(|_| {})?);
/// let read = ZeroAware::new(Rect::new(3, 3));
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
    /// The reader of the tables of a board `rect`.
    pub fn new(rect: Rect) -> ZeroAware {
        ZeroAware {
            board: RectBits::new(rect),
        }
    }

    /// The value of the entry `entry` of the placement whose tiles stand on
    /// `cells`, with the blank on `blank` (a cell none of them holds).
    #[inline]
    pub fn value(&self, entry: u8, cells: &[u8], blank: u8) -> u8 {
        if entry >> 6 == 0 {
            return entry;
        }
        let pieces = cells.iter().fold(0u64, |m, &c| m | 1 << c);
        self.value_in(entry, pieces, blank)
    }

    /// [`value`](ZeroAware::value) for the placement whose pieces hold the
    /// cells of the mask `pieces`.
    #[inline]
    pub fn value_in(&self, entry: u8, pieces: u64, blank: u8) -> u8 {
        let extra = entry >> 6;
        if extra == 0 {
            return entry;
        }
        let free = self.board.all() & !pieces;
        (entry & LEAST)
            + if self.is_main(free, 1 << blank) {
                extra
            } else {
                0
            }
    }

    /// Whether the region of the free cells `free` holding the cell `at`
    /// (a mask of one bit) is the main one.
    #[inline]
    fn is_main(&self, free: u64, at: u64) -> bool {
        is_main(self.board.flood(free, at), free)
    }
}

/// Whether `region`, one of the regions of the free cells `free`, is the
/// main one: it holds more than half of them.
#[inline]
pub(super) fn is_main(region: u64, free: u64) -> bool {
    2 * region.count_ones() > free.count_ones()
}

/// The entry of a placement whose states (one a region of the blank) have
/// the values `values`, `main` being the main region's, if there is one.
/// A least value above 63 is kept as 63 with nothing more, a smaller bound.
fn entry(values: impl Iterator<Item = u8>, main: Option<u8>) -> u8 {
    let least = values.min().unwrap_or(UNREACHED);
    let extra = match main {
        _ if least > LEAST => 0,
        Some(v) if v != UNREACHED => (v - least).min(MAX_EXTRA),
        _ => 0,
    };
    match least {
        UNREACHED => UNREACHED,
        _ => least.min(LEAST) | extra << 6,
    }
}

/// The entries of a zero-aware table in the blocks' order (subset, then
/// permutation), from `values`, the value of every state in the blocks'
/// order (block, then permutation), on a board of `cells` cells: written
/// over `values` (an entry never lies after the states it is made of),
/// which is then cut to length and shrunk.
pub(super) fn pack_blocks(
    subsets: &super::tiles::Subsets,
    (cells, size): (usize, usize),
    mut values: Vec<u8>,
) -> Vec<u8> {
    let all = u64::MAX >> (64 - cells);
    for s in 0..subsets.count() {
        let blocks = subsets.first_block[s]..subsets.first_block[s + 1];
        let free = all & !u64::from(subsets.masks[s]);
        let main = blocks
            .clone()
            .find(|&b| is_main(u64::from(subsets.regions[b]), free));
        for p in 0..size {
            let states = blocks.clone().map(|b| values[b * size + p]);
            values[s * size + p] = entry(states, main.map(|b| values[b * size + p]));
        }
    }
    into_length(values, subsets.count() * size)
}

/// The entries of a zero-aware table of `placements` placements, from
/// `values`, the value of every state (a placement's `slots` states side
/// by side, [`UNREACHED`] where none), written over `values` as
/// [`pack_blocks`] does; `main(p)` is the slot of placement `p`'s main
/// region, if it has one (asked only where its states differ).
pub(super) fn pack_slots(
    (placements, slots): (usize, usize),
    mut values: Vec<u8>,
    main: impl Fn(usize) -> Option<usize>,
) -> Vec<u8> {
    for p in 0..placements {
        let states = &values[p * slots..(p + 1) * slots];
        let reached = || states.iter().copied().filter(|&v| v != UNREACHED);
        let least = reached().min();
        let differ = reached().any(|v| Some(v) != least);
        let main = if differ {
            main(p).map(|i| states[i])
        } else {
            None
        };
        values[p] = entry(reached(), main);
    }
    into_length(values, placements)
}

/// `values` cut to `len` entries, its memory given back.
fn into_length(mut values: Vec<u8>, len: usize) -> Vec<u8> {
    values.truncate(len);
    values.shrink_to_fit();
    values
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use crate::grid::Rect;
    use crate::layers::{Sweep, Table};
    use crate::pdb::Distinct;
    use crate::pdb::regions::Regions;
    use crate::pdb::tiles::Tiles;

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
    fn check<const K: usize>(rect: Rect, goal: [u8; K], blank: u8) {
        let tiles = Tiles::new(rect, &goal, usize::from(blank)).unwrap();
        let (plain, packed) = (
            tiles.build(|_| {}).unwrap(),
            tiles.build_zero_aware(|_| {}).unwrap(),
        );
        let read = super::ZeroAware::new(rect);
        let board = super::RectBits::new(rect);
        let mut more = 0;
        for ((cells, b), d) in distances(rect, &goal, blank) {
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
        // The generic sweep over placements and regions packs the same bytes.
        let regions = Regions::<_, K, u32>::new(
            Distinct(tiles.placements()),
            rect,
            goal.map(|c| 1u64 << c),
            usize::from(blank),
        );
        for table in [Table::Bytes, Table::TwoBits] {
            let swept = regions.build_zero_aware(&Sweep::new(table), |_| {});
            assert_eq!(swept.unwrap(), packed, "{goal:?}");
        }
    }

    #[test]
    fn the_main_region_reads_its_own_distance() {
        check(Rect::new(3, 3), [0, 1], 8);
        check(Rect::new(3, 3), [1, 3, 5], 0);
        check(Rect::new(4, 3), [0, 5, 6], 3);
        check(Rect::new(2, 4), [0, 1, 2, 3, 4], 7);
    }
}
