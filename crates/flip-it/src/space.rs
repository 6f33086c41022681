//! Every placement of one board size as a ranked state space.

use std::cmp::Ordering;

use search_core::grid::Rect;
use search_core::levels::BitSymmetries;
use search_core::rules::{Ranked, Rules};

use crate::rules::Jumps;
use crate::{Board, BoardError, SIZES, Variant};

/// Every placement of an N x N board, under one variant's rules (the
/// variant of the boards it ranks and unranks), ranked
/// densely: the empty cell times `2^(N*N - 1)`, plus the colours of the
/// other cells as bits (black = 1) in row-major order. The 4x4 board has
/// `16 * 2^15 = 524,288` placements, the 5x5 board `25 * 2^24 = 419,430,400`.
///
/// Moves can be undone (a piece jumps back over the same pieces), so a sweep
/// from the goals gives every placement's distance to the nearest goal.
///
/// # Example
///
/// ```
/// use flip_it::{Board, FlipSpace, Variant};
/// use search_core::layers::{Sweep, Table};
/// use search_core::rules::Ranked;
///
/// let space = FlipSpace::new(4, Variant::Orthogonal)?;
/// assert_eq!(space.size(), 524_288);
/// let layers = Sweep::new(Table::Bytes).run(&space, space.goals(), |_| {})?;
/// assert_eq!(layers.max_distance(), Some(22));
/// assert_eq!(layers.histogram[22], 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct FlipSpace {
    rules: Jumps,
    /// The eight symmetries of the square, as permutations of its cells.
    symmetries: BitSymmetries,
}

impl FlipSpace {
    /// The placements of a `size x size` board (3 to 5) under `variant`.
    pub fn new(size: usize, variant: Variant) -> Result<FlipSpace, BoardError> {
        if !SIZES.contains(&size) {
            return Err(BoardError::Size {
                rows: size,
                width: size,
            });
        }
        Ok(FlipSpace {
            rules: Jumps::new(size, variant),
            symmetries: square_symmetries(size),
        })
    }

    /// The board side.
    pub fn board_size(&self) -> usize {
        self.rules.size()
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.rules.variant()
    }

    /// The goals: every piece white, the empty cell anywhere.
    pub fn goals(&self) -> Vec<Board> {
        let n = self.board_size();
        (0..n * n)
            .map(|e| Board::all_white(self.variant(), n, e))
            .collect()
    }

    /// The eight images of `board` under the symmetries of the square (the
    /// first is `board` itself). Both rule sets are symmetric, so all eight
    /// are the same distance from the goals.
    pub fn images(&self, board: &Board) -> [Board; 8] {
        std::array::from_fn(|g| self.image(board, g))
    }

    /// Whether `board` has the smallest rank of its eight images: exactly
    /// one placement of each class of symmetric placements is canonical.
    ///
    /// The rank orders placements by the empty cell first, so an image
    /// whose empty cell is another one ranks above or below `board` whatever
    /// its colours; only the symmetries that keep the empty cell (on the
    /// square's axes and diagonals) need the colours mapped.
    pub fn is_canonical(&self, board: &Board) -> bool {
        let (empty, black) = (board.empty(), u64::from(board.black()));
        (1..8).all(|g| {
            match usize::from(self.symmetries.permutation(g)[empty]).cmp(&empty) {
                Ordering::Greater => true,
                Ordering::Less => false,
                // Both have a white (zero) bit on the same empty cell, so
                // dropping it, as the rank does, keeps their order.
                Ordering::Equal => self.symmetries.apply(g, black) >= black,
            }
        })
    }

    /// The image of `board` under symmetry `g` (0 is the identity).
    #[inline]
    fn image(&self, board: &Board, g: usize) -> Board {
        let black = self.symmetries.apply(g, u64::from(board.black()));
        Board::from_parts(
            board.variant(),
            board.size() as u8,
            self.symmetries.permutation(g)[board.empty()],
            black as u32,
        )
    }

    /// The canonical placement of `board`'s class.
    pub fn canonical(&self, board: &Board) -> Board {
        self.images(board)
            .into_iter()
            .min_by_key(|b| self.rank(b))
            .expect("eight images")
    }
}

/// The rank of the placement of `cells` cells with the empty cell `empty`
/// and the black pieces `black` (see [`FlipSpace`]).
#[inline]
fn placement_rank(cells: usize, empty: usize, black: u32) -> u64 {
    let black = u64::from(black);
    // The colours of the other cells: drop the empty cell's (zero) bit.
    let low = black & ((1 << empty) - 1);
    let high = black >> (empty + 1);
    ((empty as u64) << (cells - 1)) | (high << empty) | low
}

/// The eight symmetries of the `size x size` square, the identity first.
fn square_symmetries(size: usize) -> BitSymmetries {
    let cells = Rect::new(size, size).symmetries();
    let perms: Vec<Vec<u8>> = cells
        .iter()
        .map(|image| image.iter().map(|&c| c as u8).collect())
        .collect();
    BitSymmetries::new(&perms)
}

/// A jump as the searches play it: the piece on `from` jumps into the empty
/// cell `to`, turning over the pieces of `flips`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The jumping piece's cell: empty after the jump.
    pub from: u8,
    /// The empty cell it lands on.
    pub to: u8,
    /// The cells between, whose pieces are turned over.
    pub flips: u32,
}

impl Rules for FlipSpace {
    type State = Board;
    type Move = Jump;

    #[inline]
    fn moves(&self, board: &Board, out: &mut Vec<Jump>) {
        let to = board.empty() as u8;
        out.extend(self.rules.jumps(board.empty()).iter().map(|j| Jump {
            from: j.from,
            to,
            flips: j.flips,
        }));
    }

    #[inline]
    fn apply(&self, board: &mut Board, j: Jump) {
        *board = board.after(j.from, j.flips);
    }

    #[inline]
    fn undo(&self, board: &mut Board, j: Jump) {
        *board = board.after(j.to, j.flips);
    }

    /// Jumping back over the same pieces turns them over again.
    #[inline]
    fn inverse(&self, j: Jump) -> Option<Jump> {
        Some(Jump {
            from: j.to,
            to: j.from,
            flips: j.flips,
        })
    }
}

impl Ranked for FlipSpace {
    fn size(&self) -> u64 {
        let cells = self.board_size() * self.board_size();
        (cells as u64) << (cells - 1)
    }

    #[inline]
    fn rank(&self, board: &Board) -> u64 {
        placement_rank(board.cells(), board.empty(), board.black())
    }

    fn unrank(&self, rank: u64) -> Board {
        let n = self.board_size();
        let cells = n * n;
        let empty = (rank >> (cells - 1)) as usize;
        let colours = rank & ((1 << (cells - 1)) - 1);
        let low = colours & ((1 << empty) - 1);
        let high = (colours >> empty) << (empty + 1);
        Board::from_parts(self.variant(), n as u8, empty as u8, (high | low) as u32)
    }

    /// The jumps into the empty cell, without listing them first (the
    /// sweeps, with a census or without, come here).
    #[inline]
    fn each_neighbour<F: FnMut(&Board, u64)>(
        &self,
        board: &Board,
        _: u64,
        _: &mut Vec<Jump>,
        mut visit: F,
    ) {
        for j in self.rules.jumps(board.empty()) {
            let next = board.after(j.from, j.flips);
            visit(&next, self.rank(&next));
        }
    }
}
