//! The table of a group's values put in the order of its placements.

use perm_rank::{Placements, Ranking};

use super::blocks::{Subsets, factorial, lehmer};
use super::{MAX_CELLS, MAX_GROUP};
use crate::par;

/// The values kept by block ([`Subsets`] order, then the Lehmer rank of the
/// permutation) put in [`Placements`] order. The placements are taken by
/// the cells of their first tiles (a prefix of three, or all but six), so
/// that the writes of each prefix fall in one stretch of the result that
/// stays in the cache, and by the cell of the first tile in parallel.
pub(super) fn into_placement_order(
    subsets: &Subsets,
    values: &[u8],
    placements: &Placements,
) -> Vec<u8> {
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
        // Each other cell's part of the rank if it holds the i-th other
        // tile: its digit before the discount, times the digit's weight
        // (rewritten for each subset, `rest` by `rest`).
        let mut part = [[0usize; MAX_GROUP]; MAX_GROUP];
        for (s, &mask) in self.subsets.masks.iter().enumerate() {
            if mask & used != used {
                continue;
            }
            // The Lehmer rank of the first permutation with this prefix.
            let mut first = s * size;
            let (mut taken, mut radix) = (0u32, size);
            for (i, &cell) in cells_of[..tile].iter().enumerate() {
                let th = (mask & ((1u32 << cell) - 1)).count_ones();
                radix /= self.k - i;
                first += (th - (taken & ((1u32 << th) - 1)).count_ones()) as usize * radix;
                taken |= 1 << th;
            }
            let mut left = mask & !used;
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
