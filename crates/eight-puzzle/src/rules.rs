//! The rules of the sliding-tile puzzles, as search-core plays them.
//!
//! [`SlidingSpace`] is the puzzle of one board shape: the moves of a board (the
//! tiles next to the blank, listed by the direction the blank moves: up,
//! down, left, right), playing and taking back a move, the inverse of a
//! move, its operator for the pruning automaton, and the Lehmer rank of a
//! board, updated by a move instead of recomputed.
//!
//! Sliding the tile `t` from cell `c` into the blank at cell `b` swaps two
//! entries of the arrangement. The Lehmer digit of a position counts the
//! smaller entries after it, so only the digits of the positions from
//! `min(b, c)` to `max(b, c)` change: by a count of the entries after the
//! move's span that are smaller than `t` (one SWAR comparison), and for each
//! position strictly inside the span (none for a sideways move, `width - 1`
//! for a vertical one) by one if its entry is smaller than `t`.

use std::sync::Arc;

use perm_rank::{Lehmer, Ranking};
use search_core::bound::Symmetry;
use search_core::grid::{ORTHOGONAL, Rect, Sliding};
use search_core::prune::{Automaton, AutomatonCache};
use search_core::rules::{Ranked, Rules};

use crate::Board;
use crate::board::MAX_CELLS;

/// A move as the searches play it: the tile on `from` slides into the blank
/// on `to`, which moves in direction `dir` (0 up, 1 down, 2 left, 3 right).
pub use search_core::grid::Slide;

/// The boards of one shape and their moves.
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, SlidingSpace};
/// use search_core::rules::{Ranked, Rules};
///
/// let rules = SlidingSpace::new(3, 3)?;
/// let mut board = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// assert_eq!(rules.rank(&board), 357_478); // M. Hiroi's number for this board
/// let mut moves = Vec::new();
/// rules.moves(&board, &mut moves);
/// assert_eq!(moves.len(), 3); // the 5 from above, the 3 and the 1 beside
/// rules.apply(&mut board, moves[0]);
/// assert_eq!(board.rows(), ["8 6 7", "2 0 4", "3 5 1"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct SlidingSpace {
    width: u8,
    height: u8,
    /// The blank's moves: up, down, left, right.
    sliding: Sliding,
    /// The Lehmer ranking of the arrangements, up to 20 cells.
    lehmer: Option<Lehmer>,
    /// The weight `(n - 1 - j)!` of each Lehmer digit.
    weight: [u64; MAX_CELLS],
    /// Whether a move updates the rank (up to 16 cells, one SWAR word).
    incremental: bool,
}

impl SlidingSpace {
    /// The rules of the `width x height` boards.
    pub fn new(width: usize, height: usize) -> Result<SlidingSpace, crate::BoardError> {
        // The solved board validates the shape.
        let board = Board::solved(width, height)?;
        let cells = board.cells();
        let mut weight = [0u64; MAX_CELLS];
        let lehmer = Lehmer::new(cells).ok();
        if lehmer.is_some() {
            let mut factorial = 1u64;
            for j in (0..cells).rev() {
                weight[j] = factorial;
                factorial = factorial.saturating_mul((cells - j) as u64);
            }
        }
        Ok(SlidingSpace {
            width: width as u8,
            height: height as u8,
            // Boards have at most 25 cells, as many as `Sliding` takes.
            sliding: Sliding::new(board.rect(), ORTHOGONAL),
            lehmer,
            weight,
            incremental: cells <= 16,
        })
    }

    search_core::shape_accessors!();

    /// The pruning automaton of this shape (see [`automaton`]).
    pub fn automaton(&self) -> Option<Arc<Automaton>> {
        automaton(self.width(), self.height())
    }
}

// A tile next to the blank slides into it.
search_core::sliding_rules!(SlidingSpace, Board, blank, slide_from);

/// The arrangements of a board of up to 20 cells, ranked in lexicographic
/// order (M. Hiroi's numbering): `cells!` ranks, half of them reachable.
impl Ranked for SlidingSpace {
    fn size(&self) -> u64 {
        self.lehmer.as_ref().map_or(0, Ranking::count)
    }

    #[inline]
    fn rank(&self, board: &Board) -> u64 {
        self.lehmer
            .as_ref()
            .expect("boards of up to 20 cells are ranked")
            .rank(board.cells_slice())
            .expect("a board holds a permutation of its cells")
    }

    fn unrank(&self, rank: u64) -> Board {
        let mut tiles = [0u8; MAX_CELLS];
        let cells = self.cells();
        self.lehmer
            .as_ref()
            .expect("boards of up to 20 cells are ranked")
            .unrank(rank, &mut tiles[..cells])
            .expect("only ranks below size() are unranked");
        Board::from_valid(self.width, self.height, &tiles[..cells])
    }

    /// The slides into the blank straight from the table of steps, without
    /// listing them first (what the sweeps and table builds call). Each
    /// rank is read off `board` itself, before the move: the cells the
    /// update reads are the same on both boards, and `board` was not just
    /// written a byte at a time.
    #[inline]
    fn each_neighbour<F: FnMut(&Board, u64)>(
        &self,
        board: &Board,
        rank: u64,
        _: &mut Vec<Slide>,
        mut visit: F,
    ) {
        self.sliding.each_slide(board.blank(), |m| {
            let tile = board.tile_array()[usize::from(m.from)];
            let after = self.slid_rank(board, tile, rank, m);
            let mut next = *board;
            self.apply(&mut next, m);
            visit(&next, after.unwrap_or_else(|| self.rank(&next)));
        });
    }

    #[inline]
    fn rank_after(&self, board: &Board, rank: u64, m: Slide) -> u64 {
        // The tile now on `to` came from `from`.
        let tile = board.tile_array()[usize::from(m.to)];
        self.slid_rank(board, tile, rank, m)
            .unwrap_or_else(|| self.rank(board))
    }
}

impl SlidingSpace {
    /// The rank after `m` slides `tile`, from `rank` before it, read off
    /// either board (the one before the move or the one after: they agree
    /// on every cell but the move's two); `None` beyond 16 cells.
    #[inline]
    fn slid_rank(&self, board: &Board, tile: u8, rank: u64, m: Slide) -> Option<u64> {
        if !self.incremental {
            return None;
        }
        let tiles = board.tile_array();
        let (to, from) = (usize::from(m.to), usize::from(m.from));
        let (lo, hi) = (to.min(from), to.max(from));
        // Entries strictly inside the span that are smaller than the tile.
        let mut inside = 0u64;
        let mut inside_weight = 0u64;
        for (&t, &weight) in tiles[lo + 1..hi].iter().zip(&self.weight[lo + 1..hi]) {
            if t < tile {
                inside += 1;
                inside_weight += weight;
            }
        }
        let after = smaller_after(tiles, hi, tile, self.cells());
        let (w_to, w_from) = (self.weight[to], self.weight[from]);
        Some(if to < from {
            // The tile moved back to `to` and the blank forward to `from`: the
            // tile's digit now also counts the span and the blank; every entry
            // inside the span smaller than the tile gains the blank behind it.
            rank + w_to * (inside + 1 + after) + inside_weight - w_from * after
        } else {
            // The mirror image: the tile moved forward past the span.
            rank + w_to * after - w_from * (inside + 1 + after) - inside_weight
        })
    }
}

/// How many of the first `cells` cells after `position` hold a tile smaller
/// than `tile` (the blank is never after a move's span), by one comparison
/// of the 16 bytes of the first 16 cells.
#[inline]
fn smaller_after(tiles: &[u8; MAX_CELLS], position: usize, tile: u8, cells: usize) -> u64 {
    const HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;
    const ONES: u128 = 0x0101_0101_0101_0101_0101_0101_0101_0101;
    let bytes: [u8; 16] = tiles[..16].try_into().expect("16 of 25 cells");
    let rest = u128::from_le_bytes(bytes)
        .checked_shr(8 * (position as u32 + 1))
        .unwrap_or(0);
    // In each byte, (x | 128) - tile keeps its top bit exactly when x >= tile.
    let at_least = ((rest | HIGH) - u128::from(tile) * ONES) & HIGH;
    let count = (cells - position - 1) as u32;
    let lanes = if count == 16 {
        u128::MAX
    } else {
        (1u128 << (8 * count)) - 1
    };
    u64::from(count - (at_least & lanes).count_ones())
}

/// The reflection of a square board about its main diagonal, with the tiles
/// renamed so that the goal it is made for maps to itself where it can:
/// tile `t`, whose goal cell is `p`, becomes the tile whose goal cell is
/// `p`'s mirror image; the blank stays the blank.
///
/// A goal whose blank lies off the diagonal has no such image (the blank
/// would have to move), so [`search_core::bound::Mirrored::new`] refuses
/// the reflection for it; so does any goal of a board that is not square
/// ([`Transpose::new`] gives `None`).
#[derive(Debug, Clone)]
pub struct Transpose {
    /// `cell[c]`: the mirror image of cell `c`.
    cell: [u8; MAX_CELLS],
    /// `tile[t]`: the name of tile `t` on the reflected board.
    tile: [u8; MAX_CELLS],
    cells: usize,
}

impl Transpose {
    /// The reflection made for `goal`, or `None` if the board is not square.
    pub fn new(goal: &Board) -> Option<Transpose> {
        let (w, cells) = (goal.width(), goal.cells());
        if w != goal.height() {
            return None;
        }
        let mut cell = [0u8; MAX_CELLS];
        for (c, image) in cell.iter_mut().enumerate().take(cells) {
            *image = ((c % w) * w + c / w) as u8;
        }
        let mut tile = [0u8; MAX_CELLS];
        let pairs = || (0..cells).map(|c| (goal.tile(c), goal.tile(usize::from(cell[c]))));
        let mut named = 1u32; // the blank keeps its name
        for (t, image) in pairs().filter(|&(t, image)| t != 0 && image != 0) {
            tile[usize::from(t)] = image;
            named |= 1 << image;
        }
        // With the blank off the diagonal, the tile on the blank's mirror cell
        // has no image left but its own name: the renaming stays one-to-one.
        let spare = (!named).trailing_zeros() as u8;
        for (t, _) in pairs().filter(|&(t, image)| t != 0 && image == 0) {
            tile[usize::from(t)] = spare;
        }
        Some(Transpose { cell, tile, cells })
    }
}

impl Symmetry<SlidingSpace> for Transpose {
    fn state(&self, board: &Board) -> Board {
        let mut tiles = [0u8; MAX_CELLS];
        for (&image, &t) in self.cell.iter().zip(board.cells_slice()) {
            tiles[usize::from(image)] = self.tile[usize::from(t)];
        }
        Board::from_valid(
            board.width() as u8,
            board.height() as u8,
            &tiles[..self.cells],
        )
    }

    #[inline]
    fn image(&self, m: Slide) -> Slide {
        // Up and left trade places, and down and right.
        Slide {
            from: self.cell[usize::from(m.from)],
            to: self.cell[usize::from(m.to)],
            dir: m.dir ^ 2,
        }
    }
}

/// The longest blank-move sequences the automaton considers: 16 moves. On
/// Korf's 100 with the 6-6-3 tables and reflection, 16 moves expand 4%
/// fewer nodes than 14; on the 4x4 board the automaton takes 1.5 MB and a
/// few tenths of a second to build, which a registered store saves.
pub const PRUNING_DEPTH: usize = 16;

/// The pruning automaton of the `width x height` boards, built on first
/// use, or read from the store registered with
/// [`search_core::prune::set_store`] (`xtask` keeps them in `.cache/pdb/`),
/// and kept for the process (one per shape); `None` above 25 cells, where
/// frames do not fit the automaton's builder.
pub fn automaton(width: usize, height: usize) -> Option<Arc<Automaton>> {
    if width * height > Sliding::MAX_CELLS {
        return None;
    }
    static CACHE: AutomatonCache<(usize, usize)> = AutomatonCache::new();
    let name = format!("sliding-{width}x{height}-udlr-{PRUNING_DEPTH}");
    Some(CACHE.get_or_load((width, height), &name, || {
        // Up, down, left, right: the order `SlidingSpace::moves` lists the moves in.
        let sliding = Sliding::new(Rect::new(width, height), ORTHOGONAL);
        Automaton::build(&sliding, PRUNING_DEPTH)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every move from `rank`: the updated rank is the one recomputed from scratch.
    fn check_moves(rules: &SlidingSpace, rank: u64) {
        let board = rules.unrank(rank);
        let mut moves = Vec::new();
        rules.moves(&board, &mut moves);
        for m in moves {
            let mut next = board;
            rules.apply(&mut next, m);
            assert_eq!(
                rules.rank_after(&next, rank, m),
                rules.rank(&next),
                "{board:?} {m:?}"
            );
            rules.undo(&mut next, m);
            assert_eq!(next, board);
        }
    }

    #[test]
    fn updated_ranks_equal_recomputed_ones() {
        for (width, height) in [(2, 2), (3, 2), (2, 3), (3, 3)] {
            let rules = SlidingSpace::new(width, height).unwrap();
            for rank in 0..rules.size() {
                check_moves(&rules, rank);
            }
        }
        for (width, height) in [(4, 3), (3, 4), (4, 4), (2, 8), (8, 2)] {
            let rules = SlidingSpace::new(width, height).unwrap();
            // A deterministic spread of ranks over the whole range.
            for i in 0..20_000u64 {
                check_moves(&rules, i.wrapping_mul(0x9E37_79B9_7F4A_7C15) % rules.size());
            }
        }
    }

    #[test]
    fn moves_are_listed_up_down_left_right() {
        let rules = SlidingSpace::new(3, 3).unwrap();
        let board = Board::from_rows(&["1 2 3", "4 0 5", "6 7 8"]).unwrap();
        let mut moves = Vec::new();
        rules.moves(&board, &mut moves);
        let from: Vec<u8> = moves.iter().map(|m| m.from).collect();
        assert_eq!(from, [1, 7, 3, 5]);
        assert!(
            moves
                .iter()
                .all(|&m| rules.inverse(rules.inverse(m).unwrap()) == Some(m))
        );
    }

    #[test]
    fn the_reflection_maps_moves_to_moves_and_fixes_goals_with_the_blank_on_the_diagonal() {
        let goal = Board::solved(4, 4).unwrap();
        let t = Transpose::new(&goal).unwrap();
        assert_eq!(t.state(&goal), goal);
        let rules = SlidingSpace::new(4, 4).unwrap();
        let board = Board::from_rows(&["5 1 2 3", "4 0 6 7", "8 9 10 11", "12 13 14 15"]).unwrap();
        let mut moves = Vec::new();
        rules.moves(&board, &mut moves);
        for m in moves {
            let mut played = board;
            rules.apply(&mut played, m);
            let mut mirrored = t.state(&board);
            rules.apply(&mut mirrored, t.image(m));
            assert_eq!(mirrored, t.state(&played));
        }
        // The blank off the diagonal: the goal's image is another board.
        let off = Board::from_rows(&["1 0 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"]).unwrap();
        let t = Transpose::new(&off).unwrap();
        assert_ne!(t.state(&off), off);
        let image = t.state(&off);
        let mut sorted = image.tiles();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            (0..16).collect::<Vec<u8>>(),
            "still a board: {image:?}"
        );
        assert!(Transpose::new(&Board::solved(4, 3).unwrap()).is_none());
    }
}
