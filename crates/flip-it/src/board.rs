//! Boards, the two rule sets, and moves.

use std::fmt;

use search_core::grid::{Rect, Rows, RowsError};

/// The smallest and largest boards: 3x3 to 5x5.
pub const SIZES: std::ops::RangeInclusive<usize> = 3..=5;

/// Which lines a piece may jump along.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Variant {
    /// Rows and columns only (the original puzzle, and the default).
    #[default]
    Orthogonal,
    /// Rows, columns and diagonals.
    Diagonal,
}

search_core::named_values! {
    /// Both variants.
    Variant: "variant" { Orthogonal => "orthogonal", Diagonal => "diagonal" }
}

/// An N x N board (N from 3 to 5) of black and white pieces around one
/// empty cell, under the rules of one [`Variant`]. Cells are numbered row by
/// row from 0.
///
/// # Example
///
/// ```
/// use flip_it::{Board, Move, Variant};
///
/// let board = Board::from_rows(&["BBBB", "BSBB", "BBBB", "BBBB"])?;
/// assert_eq!((board.size(), board.empty(), board.variant()), (4, 5, Variant::Orthogonal));
/// assert_eq!(board.to_string(), "B B B B\nB S B B\nB B B B\nB B B B");
/// assert!(!board.is_solved());
/// assert_eq!(board.moves(), [Move { from: 7, to: 5 }, Move { from: 13, to: 5 }]);
/// let next = board.play(&"13-5".parse()?)?;
/// assert_eq!(next.rows(), ["B B B B", "B B B B", "B W B B", "B S B B"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    size: u8,
    empty: u8,
    variant: Variant,
    /// Black pieces, one bit per cell; the empty cell's bit is 0.
    black: u32,
}

/// A move: the piece on `from` jumps into the empty cell `to`, written
/// `from-to` (`8-5`), cells numbered row by row from 0.
///
/// ```
/// use flip_it::Move;
///
/// let m: Move = "8-5".parse()?;
/// assert_eq!(m, Move { from: 8, to: 5 });
/// assert_eq!(m.to_string(), "8-5");
/// assert!("8->5".parse::<Move>().is_err());
/// # Ok::<(), String>(())
/// ```
pub type Move = search_core::puzzle::FromTo;

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The rows do not make a square of 3x3 to 5x5.
    Size {
        /// Rows given.
        rows: usize,
        /// Cells in the first row.
        width: usize,
    },
    /// The rows do not make a rectangle of cells, a character is not
    /// `B`, `W` or `S`, or there is not exactly one empty cell.
    Rows(RowsError),
}

/// Why a jump was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The landing cell is not the empty one.
    NotEmpty(usize),
    /// The cells are not on one line of the variant, at least two apart.
    NotALine(Move),
}

search_core::error_messages! {
    BoardError {
        Size { rows, width } =>
            "a board of {rows} rows of {width} cells is not a square of 3x3 to 5x5";
        Rows(e) => "{e}";
    }
    MoveError {
        NotEmpty(cell) => "cell {cell} is not the empty cell";
        NotALine(j) => "{j} is not a jump along a line of the board, over at least one piece";
    }
}

impl Board {
    /// A board of the original rules ([`Variant::Orthogonal`]) from rows of
    /// `B` (black), `W` (white) and `S` or `.` (the empty cell), in either
    /// case; spaces between cells are ignored, so `B S B B` (as M. Hiroi
    /// draws boards) reads as well as `BSBB`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        Board::from_rows_in(Variant::default(), rows)
    }

    /// A board of `variant` from rows, as [`Board::from_rows`] reads them.
    pub fn from_rows_in<S: AsRef<str>>(variant: Variant, rows: &[S]) -> Result<Board, BoardError> {
        let cells = Rows::read(rows, |r| r.chars().filter(|c| *c != ' ').collect())
            .map_err(BoardError::Rows)?;
        let (n, width) = (cells.height(), cells.width());
        if !SIZES.contains(&n) || width != n {
            return Err(BoardError::Size { rows: n, width });
        }
        let cells = cells
            .parse("B, W, or S or . for the empty cell", |ch| {
                match ch.to_ascii_uppercase() {
                    'B' => Some(Some(true)),
                    'W' => Some(Some(false)),
                    'S' | '.' => Some(None),
                    _ => None,
                }
            })
            .map_err(BoardError::Rows)?;
        let empty =
            (cells.the_one("empty cells (S)", Option::is_none)).map_err(BoardError::Rows)?;
        let black = cells
            .cells()
            .filter(|&(_, _, &cell)| cell == Some(true))
            .fold(0, |black, (r, c, _)| black | 1 << (r * n + c));
        Ok(Board::from_parts(variant, n as u8, empty as u8, black))
    }

    /// The solved board of `variant` and `size` with the empty cell at
    /// `empty`: all white.
    ///
    /// # Panics
    /// If `size` is not 3 to 5 or `empty` is off the board.
    pub fn all_white(variant: Variant, size: usize, empty: usize) -> Board {
        assert!(
            SIZES.contains(&size) && empty < size * size,
            "no such board"
        );
        Board::from_parts(variant, size as u8, empty as u8, 0)
    }

    /// The rules the board is played by.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.size() * self.size()
    }

    /// The empty cell.
    pub fn empty(&self) -> usize {
        usize::from(self.empty)
    }

    /// The black pieces, one bit per cell.
    pub fn black(&self) -> u32 {
        self.black
    }

    /// Whether every piece is white.
    pub fn is_solved(&self) -> bool {
        self.black == 0
    }

    /// Every legal move, by ascending starting cell.
    pub fn moves(&self) -> Vec<Move> {
        crate::Jumps::of(self.size(), self.variant)
            .jumps(self.empty())
            .iter()
            .map(|j| Move {
                from: usize::from(j.from),
                to: self.empty(),
            })
            .collect()
    }

    /// The board after `m`, checked against the rules of the board's
    /// variant: the piece lands in the empty cell, keeps its colour, and
    /// turns over every piece it jumps.
    pub fn play(&self, m: &Move) -> Result<Board, MoveError> {
        if m.to != self.empty() {
            return Err(MoveError::NotEmpty(m.to));
        }
        let j = crate::Jumps::of(self.size(), self.variant)
            .jumps(self.empty())
            .iter()
            .find(|j| usize::from(j.from) == m.from)
            .ok_or(MoveError::NotALine(*m))?;
        Ok(self.after(j.from, j.flips))
    }

    /// The board after the piece on `from` jumps into the empty cell over `flips`.
    #[inline]
    pub(crate) fn after(&self, from: u8, flips: u32) -> Board {
        let colour = (self.black >> from) & 1;
        let black = ((self.black ^ flips) & !(1 << from)) | (colour << self.empty);
        Board {
            empty: from,
            black,
            ..*self
        }
    }

    /// A board from parts known to be valid.
    #[inline]
    pub(crate) fn from_parts(variant: Variant, size: u8, empty: u8, black: u32) -> Board {
        Board {
            size,
            empty,
            variant,
            black,
        }
    }

    /// The rows as M. Hiroi draws them: `B B B B`, `S` for the empty cell;
    /// [`Board::from_rows_in`] of the board's variant reads them back.
    pub fn rows(&self) -> Vec<String> {
        let square = Rect::new(self.size(), self.size());
        square.draw(" ", |cell| match cell == self.empty() {
            true => 'S',
            false if self.black & (1 << cell) != 0 => 'B',
            false => 'W',
        })
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("\n"))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}: {})", self.variant, self.rows().join(" / "))
    }
}
