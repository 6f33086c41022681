//! Board geometry, written once for the puzzles played on grids: cells
//! numbered row by row from 0, steps in a direction, the Manhattan
//! distance, the symmetries of a rectangle as permutations of its cells, the
//! cells of a bitboard, the parity of a permutation, and the cells of a board
//! read from its rows ([`Rows`]).
//!
//! It sits in search-core rather than in a crate of its own because it is as
//! small and as dependency-free as the rest of search-core's helpers, and
//! every puzzle crate already depends on search-core; it knows nothing of
//! any puzzle's pieces or rules.
//!
//! # Example
//!
//! ```
//! use search_core::grid::{Rect, bits};
//!
//! let board = Rect::new(4, 3); // 4 columns, 3 rows: cells 0..12
//! assert_eq!(board.row_col(6), (1, 2));
//! assert_eq!(board.step(6, -1, 1), Some(3)); // up and right
//! assert_eq!(board.step(3, 0, 1), None); // off the right edge
//! assert_eq!(board.neighbours(0).collect::<Vec<_>>(), [4, 1]);
//! assert_eq!(board.manhattan(0, 11), 5);
//! assert_eq!(board.symmetries().len(), 4); // a square has 8
//! assert_eq!(bits(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
//! ```

mod draw;
mod rows;
mod slides;

pub use rows::{Rows, RowsError};

/// A rectangle of `width` x `height` cells, numbered row by row from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rect {
    width: usize,
    height: usize,
}

/// Writes, inside an `impl` block of a type that keeps its shape in two
/// fields `width: u8` and `height: u8` (a puzzle's board, its rules), the
/// accessors every such type offers: `width`, `height`, `cells` and `rect`
/// (the shape as a [`Rect`]). A trait cannot give them: a caller of a
/// board's `width()` imports nothing but the board.
///
/// ```
/// struct Board {
///     width: u8,
///     height: u8,
/// }
/// impl Board {
///     search_core::shape_accessors!();
/// }
///
/// let board = Board { width: 4, height: 3 };
/// assert_eq!((board.width(), board.height(), board.cells()), (4, 3, 12));
/// assert_eq!(board.rect(), search_core::grid::Rect::new(4, 3));
/// ```
#[macro_export]
macro_rules! shape_accessors {
    () => {
        /// Columns.
        pub fn width(&self) -> usize {
            usize::from(self.width)
        }

        /// Rows.
        pub fn height(&self) -> usize {
            usize::from(self.height)
        }

        /// The number of cells.
        pub fn cells(&self) -> usize {
            self.width() * self.height()
        }

        /// The shape, as a rectangle of cells.
        pub fn rect(&self) -> $crate::grid::Rect {
            $crate::grid::Rect::new(self.width(), self.height())
        }
    };
}

/// The four orthogonal directions as (row, column) steps: up, down, left,
/// right.
pub const ORTHOGONAL: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// The same four directions in the order of the cells they lead to: up,
/// left, right, down (each direction's opposite is `3 - i`).
pub const ASCENDING: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// No cell: a step off the rectangle, in a table of [`Rect::steps`].
pub const OFF: u8 = u8::MAX;

impl Rect {
    /// A rectangle of `width` columns and `height` rows.
    pub const fn new(width: usize, height: usize) -> Rect {
        Rect { width, height }
    }

    /// The number of columns.
    pub const fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub const fn height(&self) -> usize {
        self.height
    }

    /// The number of cells.
    pub const fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The row and column of `cell`.
    pub const fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.width, cell % self.width)
    }

    /// The cell at `row` and `col`.
    pub const fn cell(&self, row: usize, col: usize) -> usize {
        row * self.width + col
    }

    /// The cell `rows` rows down and `cols` columns right of `cell` (up and
    /// left when negative), or `None` off the rectangle.
    pub fn step(&self, cell: usize, rows: isize, cols: isize) -> Option<usize> {
        let (row, col) = self.row_col(cell);
        let row = row.checked_add_signed(rows).filter(|&r| r < self.height)?;
        let col = col.checked_add_signed(cols).filter(|&c| c < self.width)?;
        Some(self.cell(row, col))
    }

    /// For every cell, the cell one step away in each of `directions` (as
    /// (row, column) steps), or [`OFF`]: the table a puzzle whose pieces
    /// slide between neighbours lists its moves from.
    ///
    /// ```
    /// use search_core::grid::{OFF, ORTHOGONAL, Rect};
    ///
    /// let steps = Rect::new(3, 2).steps(ORTHOGONAL);
    /// assert_eq!(steps[0], [OFF, 3, OFF, 1]); // up, down, left, right
    /// ```
    pub fn steps<const D: usize>(&self, directions: [(isize, isize); D]) -> Vec<[u8; D]> {
        (0..self.cells())
            .map(|cell| {
                directions.map(|(rows, cols)| self.step(cell, rows, cols).map_or(OFF, |c| c as u8))
            })
            .collect()
    }

    /// The cells next to `cell` up, down, left and right, in that order.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours_towards(cell, ORTHOGONAL)
    }

    /// The cells one step from `cell` in each of `directions`, in that
    /// order, leaving out the steps off the rectangle.
    pub fn neighbours_towards<const D: usize>(
        &self,
        cell: usize,
        directions: [(isize, isize); D],
    ) -> impl Iterator<Item = usize> + '_ {
        directions
            .into_iter()
            .filter_map(move |(rows, cols)| self.step(cell, rows, cols))
    }

    /// The Manhattan distance between two cells.
    pub const fn manhattan(&self, a: usize, b: usize) -> usize {
        let ((ra, ca), (rb, cb)) = (self.row_col(a), self.row_col(b));
        ra.abs_diff(rb) + ca.abs_diff(cb)
    }

    /// The symmetries of the rectangle, each as the image of every cell
    /// (`map[cell]`): the identity first. A square has 8 (symmetry `g` is a
    /// mirror left to right when `g >= 4`, then `g % 4` quarter turns
    /// clockwise), any other rectangle 4 (the identity, the half turn and
    /// the two mirrors).
    pub fn symmetries(&self) -> Vec<Vec<usize>> {
        let (w, h) = (self.width, self.height);
        let square = w == h;
        (0..8)
            .filter(|g| square || g % 2 == 0)
            .map(|g| {
                (0..self.cells())
                    .map(|cell| {
                        let (mut r, mut c) = self.row_col(cell);
                        if g >= 4 {
                            c = w - 1 - c;
                        }
                        if square {
                            for _ in 0..g % 4 {
                                (r, c) = (c, w - 1 - r);
                            }
                        } else if g % 4 == 2 {
                            (r, c) = (h - 1 - r, w - 1 - c);
                        }
                        self.cell(r, c)
                    })
                    .collect()
            })
            .collect()
    }
}

/// The set bits of `mask`, from the lowest: the cells of a bitboard.
pub fn bits(mask: u64) -> Bits {
    Bits(mask)
}

/// The iterator of [`bits`].
#[derive(Debug, Clone)]
pub struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// Whether the permutation `perm` of `0..perm.len()` is even (an even number
/// of swaps sorts it), counted by its cycles.
pub fn is_even_permutation(perm: &[u8]) -> bool {
    let mut seen = vec![false; perm.len()];
    let mut swaps = 0;
    for start in 0..perm.len() {
        let mut at = start;
        let mut length = 0usize;
        while !seen[at] {
            seen[at] = true;
            at = usize::from(perm[at]);
            length += 1;
        }
        swaps += length.saturating_sub(1);
    }
    swaps % 2 == 0
}

/// The moves of a blank (or a space) that swaps places with a neighbour, as
/// operators for [`crate::prune::Automaton`]: operator `i` moves the blank
/// by `directions[i]`, and a puzzle numbers its moves in the order it lists
/// them, so that a pruned search finds the solution an unpruned one finds.
///
/// A frame is the board with each cell holding its own number, except that
/// the blank holds 0 and cell 0 the blank's number (5 bits a cell in a
/// `u128`, so at most 25 cells; the blank is the cell holding 0): which directions apply
/// depends on the blank's cell alone, and two sequences that permute the
/// numbered board alike permute every board with the blank on that cell
/// alike, whatever its cells hold (numbered tiles, or letters repeated).
///
/// ```
/// use search_core::grid::{ORTHOGONAL, Rect, Sliding};
/// use search_core::prune::Automaton;
///
/// // The 8-puzzle's blank, moved up, down, left and right.
/// let sliding = Sliding::new(Rect::new(3, 3), ORTHOGONAL);
/// let automaton = Automaton::build(&sliding, 6);
/// assert!(!automaton.allows(&[0, 1])); // up then down undoes itself
/// assert!(automaton.allows(&[0, 2, 1, 3])); // up, left, down, right: a cycle of 3 tiles
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sliding {
    rect: Rect,
    /// `to[cell][op]`: the cell the blank moves to from `cell` by `op`, or
    /// [`OFF`] off the board.
    to: [[u8; 4]; Sliding::MAX_CELLS],
    /// `opposite[op]`: the operator that moves the blank back.
    opposite: [u8; 4],
}

/// A move of a sliding puzzle as the searches play it: the piece on `from`
/// slides into the blank on `to`, which moves by operator `dir` (the index
/// of its direction in [`Sliding::new`]'s list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slide {
    /// The piece's cell before the move: the blank's after it.
    pub from: u8,
    /// The blank's cell before the move: the piece's after it.
    pub to: u8,
    /// The operator: the direction the blank moves.
    pub dir: u8,
}

impl Sliding {
    /// The most cells of a board: 5 bits each in a `u128`.
    pub const MAX_CELLS: usize = 25;
    /// Bits a cell.
    const BITS: u32 = 5;
    /// The low bit of every cell.
    const ONES: u128 = {
        let mut ones = 0u128;
        let mut c = 0;
        while c < Sliding::MAX_CELLS {
            ones |= 1 << (Sliding::BITS as usize * c);
            c += 1;
        }
        ones
    };

    /// The blank's moves on `rect`, operator `i` moving it by `directions[i]`.
    ///
    /// # Panics
    /// If `rect` has more than [`Sliding::MAX_CELLS`] cells.
    pub fn new(rect: Rect, directions: [(isize, isize); 4]) -> Sliding {
        assert!(
            rect.cells() <= Self::MAX_CELLS,
            "at most {} cells, not {}",
            Self::MAX_CELLS,
            rect.cells()
        );
        let mut to = [[OFF; 4]; Self::MAX_CELLS];
        to[..rect.cells()].copy_from_slice(&rect.steps(directions));
        let opposite = directions.map(|(rows, cols)| {
            let back = directions.iter().position(|&d| d == (-rows, -cols));
            back.expect("each direction's opposite is listed") as u8
        });
        Sliding { rect, to, opposite }
    }

    /// Calls `visit` with each slide into the blank on `blank`, in the
    /// order of the operators.
    ///
    /// ```
    /// use search_core::grid::{ORTHOGONAL, Rect, Slide, Sliding};
    ///
    /// let sliding = Sliding::new(Rect::new(3, 3), ORTHOGONAL);
    /// let mut slides = Vec::new();
    /// sliding.each_slide(0, |m| slides.push(m));
    /// // The blank on the corner moves down (taking the piece on 3) or right.
    /// assert_eq!(slides, [Slide { from: 3, to: 0, dir: 1 }, Slide { from: 1, to: 0, dir: 3 }]);
    /// assert_eq!(sliding.inverse(slides[0]), Slide { from: 0, to: 3, dir: 0 });
    /// ```
    #[inline]
    pub fn each_slide(&self, blank: usize, mut visit: impl FnMut(Slide)) {
        let to = blank as u8;
        for (dir, &from) in self.to[blank].iter().enumerate() {
            if from != OFF {
                visit(Slide {
                    from,
                    to,
                    dir: dir as u8,
                });
            }
        }
    }

    /// The slide that takes `m` back.
    #[inline]
    pub fn inverse(&self, m: Slide) -> Slide {
        Slide {
            from: m.to,
            to: m.from,
            dir: self.opposite[usize::from(m.dir)],
        }
    }
}

impl crate::prune::Operators for Sliding {
    type Frame = u128;

    fn operator_count(&self) -> usize {
        4
    }

    fn frames(&self) -> Vec<u128> {
        let cells = self.rect.cells() as u128;
        let numbered = (0..cells).fold(0, |p, c| p | c << (Self::BITS as u128 * c));
        // The blank's number moves to cell 0, and 0 to the blank.
        (0..cells)
            .map(|blank| numbered & !(31 << (Self::BITS as u128 * blank)) | blank)
            .collect()
    }

    #[inline]
    fn apply(&self, &cells: &u128, op: u8) -> Option<u128> {
        // The lowest field that is 0 (a borrow only runs upwards from it).
        let zero = cells.wrapping_sub(Self::ONES) & !cells & (Self::ONES << (Self::BITS - 1));
        let blank = zero.trailing_zeros() / Self::BITS;
        let from = self.to[blank as usize][usize::from(op)];
        if from == OFF {
            return None;
        }
        let shift = |cell: u32| Self::BITS * cell;
        let tile = (cells >> shift(u32::from(from))) & 31;
        Some(cells ^ tile << shift(u32::from(from)) ^ tile << shift(blank))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every symmetry is a permutation of the cells that keeps neighbours
    /// neighbours, and they are all distinct.
    fn check_symmetries(rect: Rect, count: usize) {
        let maps = rect.symmetries();
        assert_eq!(maps.len(), count, "{rect:?}");
        assert_eq!(maps[0], (0..rect.cells()).collect::<Vec<_>>());
        for map in &maps {
            let mut sorted = map.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..rect.cells()).collect::<Vec<_>>(), "{rect:?}");
            for cell in 0..rect.cells() {
                for n in rect.neighbours(cell) {
                    assert_eq!(rect.manhattan(map[cell], map[n]), 1, "{rect:?}");
                }
            }
        }
        for (i, a) in maps.iter().enumerate() {
            assert!(maps[i + 1..].iter().all(|b| a != b), "{rect:?}");
        }
    }

    #[test]
    fn rectangles_have_4_symmetries_and_squares_8() {
        check_symmetries(Rect::new(3, 3), 8);
        check_symmetries(Rect::new(5, 5), 8);
        check_symmetries(Rect::new(4, 3), 4);
        check_symmetries(Rect::new(2, 5), 4);
    }

    #[test]
    fn steps_stay_on_the_rectangle() {
        let rect = Rect::new(3, 2);
        let all: Vec<Vec<usize>> = (0..6).map(|c| rect.neighbours(c).collect()).collect();
        assert_eq!(
            all,
            [
                vec![3, 1],
                vec![4, 0, 2],
                vec![5, 1],
                vec![0, 4],
                vec![1, 3, 5],
                vec![2, 4]
            ]
        );
        assert_eq!(rect.step(5, 1, 0), None);
        assert_eq!(rect.step(5, -1, -2), Some(0));
    }

    #[test]
    fn parity_counts_swaps() {
        assert!(is_even_permutation(&[0, 1, 2]));
        assert!(!is_even_permutation(&[1, 0, 2]));
        assert!(is_even_permutation(&[1, 2, 0]));
        assert!(!is_even_permutation(&[3, 2, 1, 0, 4, 5, 7, 6, 8]));
        assert_eq!(bits(0).len(), 0);
        assert_eq!(bits(u64::MAX).last(), Some(63));
    }
}
