//! The pattern databases of sliding-tile puzzles: one group of distinct
//! tiles, the blank moving for free through the cells the group leaves
//! (Korf & Felner's additive databases), built by a breadth-first search
//! over blocks of placements.
//!
//! A placement of the group's `k` tiles is a subset of cells (which cells
//! hold a tile) and a permutation (which tile is on which of them); the
//! regions of the blank (the connected sets of free cells, found by the
//! flood fill of [`RectBits`]) depend on the subset alone. The search
//! indexes its states by *block* (a subset and one of its regions) and by
//! the Lehmer rank of the permutation, so that all the states one move
//! leads to from a block lie in one other block of `k!` entries, and a move
//! renumbers a permutation by a table look-up. States are kept in two bits
//! each (unseen, or the layer modulo 3); each layer is computed block by
//! block in parallel, every thread writing only its own blocks: a block
//! reads its neighbours' current states where they are few (pushing them),
//! or looks up each of its own unseen states in its neighbours where those
//! are fewer (pulling), and is skipped once complete. A placement's value
//! is the layer where any of its regions was first reached, the least over
//! the blank's cells, and the table is put in `perm_rank::Placements` order
//! at the end.
//!
//! These are the values [`PatternDb::build`](super::PatternDb::build) gives
//! the same abstraction ([`Regions`](super::regions::Regions) with one kind
//! a tile) by a sweep of one rank a state: the tests compare them. The
//! blocks take a quarter of the memory and renumber instead of ranking,
//! which is what makes the 15-puzzle's 7-8 and the 24-puzzle's 6-tile
//! tables quick to build.
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
//! let values = group.build(|_| {});
//! assert_eq!(values.len(), 72); // 9 * 8 placements
//! assert_eq!(values[group.placements().rank_unchecked(&[0, 1]) as usize], 0);
//! // Tile 1 on cell 1 and tile 2 on cell 0: each must go round the other.
//! assert!(values[group.placements().rank_unchecked(&[1, 0]) as usize] > 2);
//! # Ok::<(), search_core::pdb::PdbError>(())
//! ```

use std::convert::Infallible;
use std::sync::atomic::{AtomicU64, Ordering};

use perm_rank::{Placements, Ranking};

use super::PdbError;
use super::regions::RectBits;
use crate::grid::{self, Rect};
use crate::layers;
use crate::layers::cells::{CELLS_PER_WORD, TwoBits, UNSEEN, matching};
use crate::par;

mod blocks;
mod order;

use blocks::{Map, Renumber, Subsets, factorial, lehmer};
use order::into_placement_order;

/// The most cells of a board: cell masks are `u32`.
pub const MAX_CELLS: usize = 32;

/// The most tiles of a group.
pub const MAX_GROUP: usize = 12;

/// A placement whose value is not known yet.
const UNKNOWN: u8 = u8::MAX;

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
    /// placement, two bits a state and the renumbering tables while it
    /// searches, then the values by block and in their final order.
    pub fn memory_needed(&self) -> u64 {
        let k = self.goal.len();
        let subsets = Subsets::new(self.rect, k);
        let size = factorial(k) as u64;
        let words = size.div_ceil(STATES_PER_WORD as u64);
        let values = (subsets.count() as u64).saturating_mul(size);
        let search = values
            .saturating_add((subsets.blocks() as u64).saturating_mul(words * 8))
            .saturating_add(Renumber::bytes(k));
        search.max(values.saturating_mul(2))
    }

    /// The fewest moves of the group's tiles from every placement to their
    /// goal cells, in [`placements`](Tiles::placements) order
    /// ([`UNREACHED`](super::UNREACHED) where none reaches them, as when the
    /// group holds every tile and the placement has the other parity);
    /// `progress(n)` gets the placements reached after each layer. In
    /// parallel, the values the same whatever the number of threads.
    pub fn build(&self, mut progress: impl FnMut(u64)) -> Vec<u8> {
        self.build_reporting(&mut progress)
    }

    /// [`build`](Tiles::build), compiled once whatever the caller's closure.
    fn build_reporting(&self, progress: &mut dyn FnMut(u64)) -> Vec<u8> {
        let cells = self.rect.cells();
        let k = self.goal.len();
        let subsets = Subsets::new(self.rect, k);
        let size = factorial(k);
        let renumber = Renumber::new(k);
        let words = size.div_ceil(STATES_PER_WORD);
        let neighbours: Vec<u32> = (0..cells)
            .map(|c| self.rect.neighbours(c).fold(0u32, |m, n| m | 1 << n))
            .collect();
        let states = TwoBits::new((subsets.blocks() * words) as u64 * CELLS_PER_WORD);
        let mut values = vec![UNKNOWN; subsets.count() * size];
        // Per block: its states in the current layer, and those never reached.
        let mut frontier = vec![0u64; subsets.blocks()];
        let mut unseen = vec![size as u64; subsets.blocks()];

        // The goal placement, with the blank's region.
        let start = &self.goal;
        let start_mask = start.iter().fold(0u32, |m, &c| m | 1 << c);
        let order: Vec<u8> = start
            .iter()
            .map(|&c| (start_mask & ((1u32 << c) - 1)).count_ones() as u8)
            .collect();
        let start_rank = lehmer(k).rank(&order).expect("a permutation of 0..k") as usize;
        let start_block = subsets.block_at(start_mask, usize::from(self.blank));
        let start_subset = subsets.index(start_mask);
        states.claim(
            (start_block * words * STATES_PER_WORD + start_rank) as u64,
            layer_code(0),
        );
        values[start_subset * size + start_rank] = 0;
        frontier[start_block] = 1;
        unseen[start_block] -= 1;
        let mut reached = 1u64;
        progress(reached);

        let next_frontier: Vec<AtomicU64> =
            (0..subsets.blocks()).map(|_| AtomicU64::new(0)).collect();
        let all_states = states.words();
        let block_states = |block: usize| &all_states[block * words..(block + 1) * words];
        // The placements reached at `distance + 1` get that value, at most
        // 254 (below UNKNOWN): a smaller value than the true one is still a
        // lower bound.
        let Ok(_) = layers::each_layer(states.size(), 1, &mut |_| {}, |distance| {
            let (current, next) = (layer_code(distance), layer_code(distance + 1));
            let depth = distance.min(253) as u8;
            let (found, any) = par::map_reduce_chunks_mut(
                &mut values,
                size,
                (0u64, 0u64),
                |s, values| {
                    // Copies the closure can keep in registers.
                    let (current, next, size, words) = (current, next, size, words);
                    let (mut found, mut any) = (0u64, 0u64);
                    // Per block: each source's states and renumberings.
                    let mut sources: Vec<Source<'_>> = Vec::new();
                    let mask = subsets.masks[s];
                    for block in subsets.first_block[s]..subsets.first_block[s + 1] {
                        next_frontier[block].store(0, Ordering::Relaxed);
                        if unseen[block] == 0 {
                            continue;
                        }
                        // A state of this block comes from one where the tile
                        // now on `to` stood on `from`, a cell of this block's
                        // region: the sources with current states.
                        sources.clear();
                        let mut push_cost = 0u64;
                        let mut froms = subsets.regions[block];
                        while froms != 0 {
                            let from = froms.trailing_zeros() as usize;
                            froms &= froms - 1;
                            let mut tos = neighbours[from] & mask;
                            while tos != 0 {
                                let to = tos.trailing_zeros() as usize;
                                tos &= tos - 1;
                                let before = mask ^ (1 << to) ^ (1 << from);
                                let source = subsets.block_at(before, to);
                                if frontier[source] == 0 {
                                    continue;
                                }
                                let from_th = (before & ((1u32 << from) - 1)).count_ones() as usize;
                                let to_th = (mask & ((1u32 << to) - 1)).count_ones() as usize;
                                sources.push(Source {
                                    states: block_states(source),
                                    forward: renumber.map(from_th, to_th),
                                    back: renumber.map(to_th, from_th),
                                });
                                push_cost += words as u64 + frontier[source];
                            }
                        }
                        if sources.is_empty() {
                            continue;
                        }
                        let target = block_states(block);
                        let mut new = 0u64;
                        let mut mark = |rank: usize, slot: &AtomicU64, old: u64, new: &mut u64| {
                            let shift = 2 * (rank % STATES_PER_WORD);
                            slot.store(old & !((UNSEEN ^ next) << shift), Ordering::Relaxed);
                            *new += 1;
                            if values[rank] == UNKNOWN {
                                values[rank] = depth + 1;
                                found += 1;
                            }
                        };
                        if unseen[block] * sources.len() as u64 / 2 < push_cost {
                            // Pull: each unseen state looks for a current one.
                            for (w, slot) in target.iter().enumerate() {
                                let old = slot.load(Ordering::Relaxed);
                                let mut empty = matching(old, UNSEEN);
                                if (w + 1) * STATES_PER_WORD > size {
                                    empty &= (1u64 << (2 * (size - w * STATES_PER_WORD))) - 1;
                                }
                                let mut bits = old;
                                while empty != 0 {
                                    let rank =
                                        w * STATES_PER_WORD + empty.trailing_zeros() as usize / 2;
                                    empty &= empty - 1;
                                    let hit = sources.iter().any(|source| {
                                        let back = source.back.apply(rank);
                                        let word = source.states[back / STATES_PER_WORD]
                                            .load(Ordering::Relaxed);
                                        word >> (2 * (back % STATES_PER_WORD)) & 3 == current
                                    });
                                    if hit {
                                        mark(rank, slot, bits, &mut new);
                                        bits &=
                                            !((UNSEEN ^ next) << (2 * (rank % STATES_PER_WORD)));
                                    }
                                }
                            }
                        } else {
                            // Push: each current state of a source marks its image.
                            for source in &sources {
                                for (w, word) in source.states.iter().enumerate() {
                                    let mut hits = matching(word.load(Ordering::Relaxed), current);
                                    while hits != 0 {
                                        let rank = w * STATES_PER_WORD
                                            + hits.trailing_zeros() as usize / 2;
                                        hits &= hits - 1;
                                        let rank = source.forward.apply(rank);
                                        let slot = &target[rank / STATES_PER_WORD];
                                        let old = slot.load(Ordering::Relaxed);
                                        if old >> (2 * (rank % STATES_PER_WORD)) & 3 == UNSEEN {
                                            mark(rank, slot, old, &mut new);
                                        }
                                    }
                                }
                            }
                        }
                        next_frontier[block].store(new, Ordering::Relaxed);
                        any += new;
                    }
                    (found, any)
                },
                |a, b| (a.0 + b.0, a.1 + b.1),
            );
            if any > 0 {
                reached += found;
                progress(reached);
                for ((f, u), n) in frontier.iter_mut().zip(&mut unseen).zip(&next_frontier) {
                    *f = n.load(Ordering::Relaxed);
                    *u -= *f;
                }
            }
            Ok::<u64, Infallible>(any)
        });
        drop(states);
        into_placement_order(&subsets, &values, &self.placements)
    }
}

/// A block one move away from the block being computed: its states, and
/// the renumbering of the move from it and back.
struct Source<'a> {
    states: &'a [AtomicU64],
    forward: Map<'a>,
    back: Map<'a>,
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

/// Two-bit states in a 64-bit word.
const STATES_PER_WORD: usize = CELLS_PER_WORD as usize;

/// The two-bit code of the states reached at `distance`: the distance
/// modulo 3, enough to tell the layer being expanded from the next one and
/// from the older ones.
fn layer_code(distance: u32) -> u64 {
    u64::from(distance % 3)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::{Sweep, Table};
    use crate::pdb::PatternDb;
    use crate::pdb::regions::{PlacementRanking, Regions};

    /// Placements of `K` distinct tiles as one kind each: the masks' cells
    /// ranked by `perm_rank::Placements`.
    struct Distinct<'a>(&'a Placements);

    impl<const K: usize> PlacementRanking<K> for Distinct<'_> {
        fn count(&self) -> u64 {
            self.0.count()
        }
        fn rank(&self, pieces: &[u64; K]) -> u64 {
            self.0
                .rank_unchecked(&pieces.map(|m| m.trailing_zeros() as u8))
        }
        fn unrank(&self, rank: u64) -> [u64; K] {
            let cells = self.0.unrank_vec(rank).expect("a rank below count()");
            std::array::from_fn(|i| 1 << cells[i])
        }
    }

    /// The blocks' values are those of a sweep of the same abstraction, one
    /// rank a state, on every thread count.
    fn check<const K: usize>(rect: Rect, goal: [u8; K], blank: usize) {
        let tiles = Tiles::new(rect, &goal, blank).unwrap();
        let built = tiles.build(|_| {});
        let regions = Regions::<_, K, u32>::new(
            Distinct(tiles.placements()),
            rect,
            goal.map(|c| 1u64 << c),
            blank,
        );
        let swept = PatternDb::build(&regions, &Sweep::new(Table::TwoBits), |_| {}).unwrap();
        assert_eq!(built, swept.into_values(), "{rect:?} {goal:?}");
        for threads in [1, 3] {
            let again = crate::par::with_threads(threads, || tiles.build(|_| {})).unwrap();
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
        let (ours, theirs) = (a.build(|_| {}), b.build(|_| {}));
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
        assert_ne!(inside.build(|_| {}), outside.build(|_| {}));
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
