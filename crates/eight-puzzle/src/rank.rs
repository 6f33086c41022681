//! A board shape's move table, and the Lehmer rank updated by a move instead
//! of recomputed.
//!
//! Sliding the tile `t` from cell `c` into the blank at cell `b` swaps two
//! entries of the arrangement. The Lehmer digit of a position counts the
//! smaller entries after it, so only the digits of the positions from
//! `min(b, c)` to `max(b, c)` change: by a count of the entries after the
//! move's span that are smaller than `t` (one SWAR comparison), and for each
//! position strictly inside the span (none for a sideways move, `width - 1`
//! for a vertical one) by one if its entry is smaller than `t`.

use crate::board::MAX_CELLS;

/// What the searches over one board shape need, computed once: the cells
/// next to each cell, and the weight `(n - 1 - j)!` of each Lehmer digit.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape {
    cells: usize,
    /// `adjacent[c][..degree[c]]`: the cells next to `c`, in ascending order.
    adjacent: [[u8; 4]; MAX_CELLS],
    degree: [u8; MAX_CELLS],
    weight: [u64; MAX_CELLS],
}

/// A board in a breadth-first search over Lehmer ranks: its tiles (four bits
/// a cell), its rank, the blank's cell and the cell the blank came from, so
/// that the move undoing the last one is never generated (Hiroi's
/// suggested improvement).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ranked {
    pub(crate) packed: u64,
    pub(crate) rank: u64,
    pub(crate) blank: u8,
    pub(crate) came_from: u8,
}

/// `came_from` of a board no move led to.
pub(crate) const NOWHERE: u8 = u8::MAX;

/// Two nodes are the same state when their ranks are.
impl PartialEq for Ranked {
    fn eq(&self, other: &Ranked) -> bool {
        self.rank == other.rank
    }
}

impl Shape {
    pub(crate) fn new(width: usize, height: usize) -> Shape {
        let cells = width * height;
        let mut adjacent = [[0u8; 4]; MAX_CELLS];
        let mut degree = [0u8; MAX_CELLS];
        for cell in 0..cells {
            let (row, col) = (cell / width, cell % width);
            let next = [
                (row > 0).then(|| cell - width),
                (col > 0).then(|| cell - 1),
                (col + 1 < width).then(|| cell + 1),
                (row + 1 < height).then(|| cell + width),
            ];
            for c in next.into_iter().flatten() {
                adjacent[cell][usize::from(degree[cell])] = c as u8;
                degree[cell] += 1;
            }
        }
        let mut weight = [0u64; MAX_CELLS];
        let mut factorial = 1u64;
        for j in (0..cells).rev() {
            weight[j] = factorial;
            factorial *= (cells - j) as u64;
        }
        Shape {
            cells,
            adjacent,
            degree,
            weight,
        }
    }

    /// The cells next to `cell`, in ascending order.
    #[inline]
    pub(crate) fn adjacent(&self, cell: usize) -> &[u8] {
        &self.adjacent[cell][..usize::from(self.degree[cell])]
    }

    /// The boards one move away from `node`, but the one undoing its last move.
    #[inline]
    pub(crate) fn successors(&self, node: Ranked) -> impl Iterator<Item = Ranked> + use<'_> {
        let blank = usize::from(node.blank);
        self.adjacent(blank)
            .iter()
            .filter(move |&&from| from != node.came_from)
            .map(move |&from| {
                let from = usize::from(from);
                let tile = (node.packed >> (4 * from)) & 0xF;
                Ranked {
                    packed: node.packed ^ (tile << (4 * from)) ^ (tile << (4 * blank)),
                    rank: self.after_slide(node.packed, node.rank, blank, from),
                    blank: from as u8,
                    came_from: node.blank,
                }
            })
    }

    /// The rank of the board after sliding the tile in cell `from` into the
    /// blank at cell `to`, given `rank`, the rank of the board `packed`.
    #[inline]
    pub(crate) fn after_slide(&self, packed: u64, rank: u64, to: usize, from: usize) -> u64 {
        let tile = (packed >> (4 * from)) & 0xF;
        let (lo, hi) = (to.min(from), to.max(from));
        // Entries strictly inside the span that are smaller than the tile.
        let mut inside = 0u64;
        let mut inside_weight = 0u64;
        for k in lo + 1..hi {
            if (packed >> (4 * k)) & 0xF < tile {
                inside += 1;
                inside_weight += self.weight[k];
            }
        }
        let after = smaller_after(packed, hi, tile, self.cells);
        let (w_to, w_from) = (self.weight[to], self.weight[from]);
        if from > to {
            // The tile moves back to `to` and the blank forward to `from`: the
            // tile's digit now also counts the span and the blank; every entry
            // inside the span smaller than the tile gains the blank behind it.
            rank + w_to * (inside + 1 + after) + inside_weight - w_from * after
        } else {
            // The mirror image: the tile moves forward past the span.
            rank + w_to * after - w_from * (inside + 1 + after) - inside_weight
        }
    }
}

/// How many cells after `position` hold a tile smaller than `tile` (the
/// blank excluded: it never lies after the span of a move).
#[inline]
fn smaller_after(packed: u64, position: usize, tile: u64, cells: usize) -> u64 {
    const LOW_NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let rest = packed.checked_shr(4 * (position as u32 + 1)).unwrap_or(0);
    // Spread the 16 nibbles over the bytes of two words; in each byte,
    // (x + 128 - tile) has its top bit set exactly when x >= tile.
    let even = rest & LOW_NIBBLES;
    let odd = (rest >> 4) & LOW_NIBBLES;
    let at_least = (((even | HIGH_BITS) - tile * ONES) & HIGH_BITS).count_ones()
        + (((odd | HIGH_BITS) - tile * ONES) & HIGH_BITS).count_ones();
    // Of the 16 fields below `tile`, the zeros shifted in and the unused
    // nibbles above the board are not cells after `position`.
    let below = 16 - u64::from(at_least);
    below - (16 - cells as u64) - (position as u64 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SlidingSpace;
    use search_core::layers::RankedSpace;

    /// Every move from `rank`: the updated rank is the one recomputed from scratch.
    fn check_moves(space: &SlidingSpace, shape: &Shape, rank: u64) {
        let board = space.unrank(rank);
        let blank = board.blank();
        for &from in shape.adjacent(blank) {
            let from = usize::from(from);
            let next = board.slide(board.tile(from)).unwrap();
            let updated = shape.after_slide(board.packed(), rank, blank, from);
            assert_eq!(updated, space.rank(&next), "{board:?}, tile from {from}");
        }
    }

    #[test]
    fn updated_ranks_equal_recomputed_ones() {
        for (width, height) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
            let space = SlidingSpace::new(width, height).unwrap();
            let shape = Shape::new(width, height);
            for rank in 0..space.size() {
                check_moves(&space, &shape, rank);
            }
        }
    }

    #[test]
    fn updated_ranks_hold_on_larger_boards() {
        for (width, height) in [(4, 3), (3, 4), (4, 4), (2, 8), (8, 2)] {
            let space = SlidingSpace::new(width, height).unwrap();
            let shape = Shape::new(width, height);
            // A deterministic spread of ranks over the whole range.
            for i in 0..20_000u64 {
                check_moves(
                    &space,
                    &shape,
                    i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % space.size(),
                );
            }
        }
    }

    #[test]
    fn adjacency_lists_cells_in_ascending_order() {
        let shape = Shape::new(3, 3);
        assert_eq!(shape.adjacent(0), [1, 3]);
        assert_eq!(shape.adjacent(4), [1, 3, 5, 7]);
        assert_eq!(shape.adjacent(8), [5, 7]);
    }
}
