//! The breadth-first build of one group's table, over placements and
//! regions of the blank, in parallel through `search_core::par`.

use std::sync::atomic::{AtomicU64, Ordering};

use perm_rank::{Placements, Ranking};
use search_core::par;

use super::subsets::{Renumber, Subsets, factorial, lehmer};
use crate::Board;
use crate::board::MAX_CELLS;

/// The most cells of a board whose tables are built: cell masks are `u16`.
pub(super) const MAX_BUILD_CELLS: usize = 16;

/// An unvisited entry during the build.
const UNSEEN: u8 = u8::MAX;

/// The bytes the search over `k` tiles of `goal` holds besides its result:
/// a byte per placement, two bits per state, the renumbering tables.
pub(super) fn search_bytes(goal: &Board, k: usize) -> u64 {
    let subsets = Subsets::new(goal, k);
    let size = factorial(k) as u64;
    let words = size.div_ceil(STATES_PER_WORD as u64);
    (subsets.count() as u64)
        .saturating_mul(size)
        .saturating_add((subsets.blocks() as u64).saturating_mul(words * 8))
        .saturating_add(Renumber::bytes(k))
}

/// Two-bit states in a 64-bit word.
const STATES_PER_WORD: usize = 32;

/// The two-bit code of the states reached at `depth`: 1, 2 or 3 by depth
/// modulo 3 (0 is unseen), enough to tell the layer being expanded from the
/// next one and from the older ones.
fn layer_code(depth: u8) -> u64 {
    u64::from(depth % 3) + 1
}

/// The bits `2i` of `word` whose two-bit state `i` is `code`.
#[inline]
fn states_equal(word: u64, code: u64) -> u64 {
    const LOW: u64 = 0x5555_5555_5555_5555;
    let x = word ^ code.wrapping_mul(LOW);
    !(x | x >> 1) & LOW
}

/// The distances of every placement of `tiles` from their goal cells, by a
/// layered breadth-first search over placements and the blank's region;
/// `progress(n)` gets the placements reached after each layer.
///
/// An abstract state is a placement of the group's tiles and the region of
/// cells free of them that holds the blank: the blank moves inside its region
/// for free, and a tile next to the region may slide into it at the cost of
/// one move (the blank then stands where the tile was). A placement's value
/// is the layer where any of its regions was first reached, which is the
/// least over the blank's cells.
///
/// States are kept in two bits each (unseen, or the layer modulo 3), grouped
/// in blocks of `k!` (see [`Subsets`]). Each layer is computed block by
/// block in parallel: a block's new states are the renumbered current states
/// of the blocks one move away, so every thread writes only its own blocks
/// and reads the others' current layer, which no one writes. A block reads
/// its neighbours' current states where they are few (pushing them), or
/// looks up each of its own unseen states in its neighbours where those are
/// fewer (pulling), and is skipped once complete. The values are kept in
/// the blocks' order during the search and put in [`Placements`] order at
/// the end.
pub(super) fn breadth_first(
    goal: &Board,
    tiles: &[u8],
    placements: &Placements,
    mut progress: impl FnMut(u64),
) -> Vec<u8> {
    let cells = goal.cells();
    let k = tiles.len();
    let subsets = Subsets::new(goal, k);
    let size = factorial(k);
    let renumber = Renumber::new(k);
    let words = size.div_ceil(STATES_PER_WORD);
    let neighbours: Vec<u16> = (0..cells)
        .map(|c| goal.neighbour_cells(c).fold(0u16, |m, n| m | 1 << n))
        .collect();
    let states: Vec<AtomicU64> = (0..subsets.blocks() * words)
        .map(|_| AtomicU64::new(0))
        .collect();
    let mut values = vec![UNSEEN; subsets.count() * size];
    // Per block: its states in the current layer, and those never reached.
    let mut frontier = vec![0u64; subsets.blocks()];
    let mut unseen = vec![size as u64; subsets.blocks()];

    // The goal placement, with the blank's region.
    let start: Vec<u8> = tiles
        .iter()
        .map(|&t| goal.position(t).expect("a tile of the goal") as u8)
        .collect();
    let start_mask = start.iter().fold(0u16, |m, &c| m | 1 << c);
    let order: Vec<u8> = start
        .iter()
        .map(|&c| (start_mask & ((1u16 << c) - 1)).count_ones() as u8)
        .collect();
    let start_rank = lehmer(k).rank(&order).expect("a permutation of 0..k") as usize;
    let start_block = subsets.block_at(start_mask, goal.blank());
    let start_subset = subsets.index[usize::from(start_mask)] as usize;
    states[start_block * words + start_rank / STATES_PER_WORD].store(
        layer_code(0) << (2 * (start_rank % STATES_PER_WORD)),
        Ordering::Relaxed,
    );
    values[start_subset * size + start_rank] = 0;
    frontier[start_block] = 1;
    unseen[start_block] -= 1;
    let mut reached = 1u64;
    progress(reached);

    let next_frontier: Vec<AtomicU64> = (0..subsets.blocks()).map(|_| AtomicU64::new(0)).collect();
    let block_states = |block: usize| &states[block * words..(block + 1) * words];
    for depth in 0u8.. {
        let (current, next) = (layer_code(depth), layer_code(depth + 1));
        let (found, any) = par::map_reduce_chunks_mut(
            &mut values,
            size,
            (0u64, 0u64),
            |s, values| {
                let (mut found, mut any) = (0u64, 0u64);
                let mask = subsets.masks[s];
                for block in subsets.first_block[s]..subsets.first_block[s + 1] {
                    next_frontier[block].store(0, Ordering::Relaxed);
                    if unseen[block] == 0 {
                        continue;
                    }
                    // A state of this block comes from one where the tile
                    // now on `to` stood on `from`, a cell of this block's
                    // region: the sources with current states.
                    let mut sources = [(0usize, 0usize, 0usize); 4 * MAX_CELLS];
                    let (mut count, mut push_cost) = (0usize, 0u64);
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
                            let from_th = (before & ((1u16 << from) - 1)).count_ones() as usize;
                            let to_th = (mask & ((1u16 << to) - 1)).count_ones() as usize;
                            sources[count] = (source, from_th, to_th);
                            count += 1;
                            push_cost += words as u64 + frontier[source];
                        }
                    }
                    if count == 0 {
                        continue;
                    }
                    let target = block_states(block);
                    let mut new = 0u64;
                    let mut mark = |rank: usize, slot: &AtomicU64, old: u64, new: &mut u64| {
                        let shift = 2 * (rank % STATES_PER_WORD);
                        slot.store(old | next << shift, Ordering::Relaxed);
                        *new += 1;
                        if values[rank] == UNSEEN {
                            values[rank] = depth + 1;
                            found += 1;
                        }
                    };
                    if unseen[block] * count as u64 / 2 < push_cost {
                        // Pull: each unseen state looks for a current one.
                        for (w, slot) in target.iter().enumerate() {
                            let old = slot.load(Ordering::Relaxed);
                            let mut empty = states_equal(old, 0);
                            if (w + 1) * STATES_PER_WORD > size {
                                empty &= (1u64 << (2 * (size - w * STATES_PER_WORD))) - 1;
                            }
                            let mut bits = old;
                            while empty != 0 {
                                let rank =
                                    w * STATES_PER_WORD + empty.trailing_zeros() as usize / 2;
                                empty &= empty - 1;
                                let hit =
                                    sources[..count].iter().any(|&(source, from_th, to_th)| {
                                        let back = renumber.apply(to_th, from_th, rank);
                                        let word = block_states(source)[back / STATES_PER_WORD]
                                            .load(Ordering::Relaxed);
                                        word >> (2 * (back % STATES_PER_WORD)) & 3 == current
                                    });
                                if hit {
                                    mark(rank, slot, bits, &mut new);
                                    bits |= next << (2 * (rank % STATES_PER_WORD));
                                }
                            }
                        }
                    } else {
                        // Push: each current state of a source marks its image.
                        for &(source, from_th, to_th) in &sources[..count] {
                            for (w, word) in block_states(source).iter().enumerate() {
                                let mut hits = states_equal(word.load(Ordering::Relaxed), current);
                                while hits != 0 {
                                    let rank =
                                        w * STATES_PER_WORD + hits.trailing_zeros() as usize / 2;
                                    hits &= hits - 1;
                                    let rank = renumber.apply(from_th, to_th, rank);
                                    let slot = &target[rank / STATES_PER_WORD];
                                    let old = slot.load(Ordering::Relaxed);
                                    if old >> (2 * (rank % STATES_PER_WORD)) & 3 == 0 {
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
        if any == 0 {
            break;
        }
        reached += found;
        progress(reached);
        for ((f, u), n) in frontier.iter_mut().zip(&mut unseen).zip(&next_frontier) {
            *f = n.load(Ordering::Relaxed);
            *u -= *f;
        }
    }
    drop(states);
    into_placement_order(&subsets, &values, placements)
}

/// The values kept by block ([`Subsets`] order, then the Lehmer rank of the
/// permutation) put in [`Placements`] order. The placements are taken by
/// the cells of their first tiles (a prefix of three, or all but six), so
/// that the writes of each prefix fall in one stretch of the result that
/// stays in the cache, and by the cell of the first tile in parallel.
fn into_placement_order(subsets: &Subsets, values: &[u8], placements: &Placements) -> Vec<u8> {
    let k = subsets.k;
    let cells = placements.cells();
    let prefix = k.min(3).max(k.saturating_sub(6));
    // The place value of tile i's digit in a Placements rank.
    let weights: Vec<usize> = (0..k)
        .map(|i| ((i + 1)..k).map(|j| cells - j).product())
        .collect();
    // The rest's permutations in Lehmer order, and what each takes off the
    // digits: a tile's digit is its cell less the used cells below it, and
    // among the rest's used cells those below depend only on the permutation.
    let rest = k - prefix;
    let mut orders = vec![0u8; factorial(rest) * rest.max(1)];
    let mut discounts = Vec::with_capacity(factorial(rest));
    for (rank, order) in orders
        .chunks_mut(rest.max(1))
        .enumerate()
        .take(factorial(rest))
    {
        lehmer(rest)
            .unrank(rank as u64, &mut order[..rest])
            .expect("a rank below rest!");
        let discount: usize = (0..rest)
            .map(|i| {
                let below = order[..i].iter().filter(|&&q| q < order[i]).count();
                below * weights[prefix + i]
            })
            .sum();
        discounts.push(discount);
    }
    let walk = Walk {
        k,
        cells,
        prefix,
        subsets,
        weights: &weights,
        values,
        orders: &orders,
        discounts: &discounts,
    };
    let mut out = vec![0u8; placements.count() as usize];
    par::for_each_chunk_mut(&mut out, weights[0], |first, out| {
        let mut cells_of = [0u8; MAX_CELLS];
        cells_of[0] = first as u8;
        walk.prefixes(1, &mut cells_of, 0, out);
    });
    out
}

/// The enumeration of [`into_placement_order`].
struct Walk<'a> {
    k: usize,
    cells: usize,
    /// The tiles whose cells are chosen before the subset.
    prefix: usize,
    subsets: &'a Subsets,
    weights: &'a [usize],
    values: &'a [u8],
    /// The permutations of the other tiles, `k - prefix` positions each.
    orders: &'a [u8],
    discounts: &'a [usize],
}

impl Walk<'_> {
    /// Chooses the cells of tiles `tile..prefix` in increasing order, then
    /// writes the values of every subset holding the prefix's cells.
    fn prefixes(&self, tile: usize, cells_of: &mut [u8; MAX_CELLS], rank: usize, out: &mut [u8]) {
        let used = cells_of[..tile].iter().fold(0u32, |m, &c| m | 1 << c);
        if tile < self.prefix {
            for cell in 0..self.cells {
                if used & 1 << cell != 0 {
                    continue;
                }
                cells_of[tile] = cell as u8;
                let digit = cell - (used & ((1u32 << cell) - 1)).count_ones() as usize;
                self.prefixes(tile + 1, cells_of, rank + digit * self.weights[tile], out);
            }
            return;
        }
        let rest = self.k - tile;
        let size = factorial(self.k);
        for (s, &mask) in self.subsets.masks.iter().enumerate() {
            if u32::from(mask) & used != used {
                continue;
            }
            // The Lehmer rank of the first permutation with this prefix.
            let mut first = s * size;
            let (mut taken, mut radix) = (0u32, size);
            for (i, &cell) in cells_of[..tile].iter().enumerate() {
                let th = (mask & ((1u16 << cell) - 1)).count_ones();
                radix /= self.k - i;
                first += (th - (taken & ((1u32 << th) - 1)).count_ones()) as usize * radix;
                taken |= 1 << th;
            }
            // Each other cell's part of the rank if it holds the i-th other
            // tile: its digit before the discount, times the digit's weight.
            let mut part = [[0usize; MAX_CELLS]; MAX_CELLS];
            let mut left = u32::from(mask) & !used;
            for row in part.iter_mut().take(rest) {
                let cell = left.trailing_zeros();
                left &= left - 1;
                let digit = cell as usize - (used & ((1u32 << cell) - 1)).count_ones() as usize;
                for (i, slot) in row.iter_mut().take(rest).enumerate() {
                    *slot = digit * self.weights[tile + i];
                }
            }
            let values = &self.values[first..first + self.discounts.len()];
            for ((order, &discount), &value) in self
                .orders
                .chunks_exact(rest.max(1))
                .zip(self.discounts)
                .zip(values)
            {
                let sum: usize = order[..rest]
                    .iter()
                    .enumerate()
                    .map(|(i, &q)| part[usize::from(q)][i])
                    .sum();
                out[rank + sum - discount] = value;
            }
        }
    }
}
