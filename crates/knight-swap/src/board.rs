//! Boards of black and white knights: parsing, drawing, moves.

use std::fmt;

use search_core::grid::{Rows, RowsError};

use search_core::grid::bits;

/// The most cells a board may have (its squares are bits of a `u64`).
pub const MAX_CELLS: usize = 64;

/// A rectangular board of cells, some of them squares (`#` marks a cell
/// that is not), holding black and white knights on some squares.
///
/// Cells are numbered row by row from 0, as in the Perl article on exchanging knights (`0 1 2 / 3 4 5 / ..`
/// on a board three wide). A `Board` is always valid: every knight stands on
/// a square, at most one per square.
///
/// # Example
///
/// ```
/// use knight_swap::Board;
///
/// let board = Board::from_rows(&["bbb", "...", "...", "www"])?;
/// assert_eq!((board.width(), board.height()), (3, 4));
/// assert_eq!(board.black_cells(), [0, 1, 2]);
/// assert_eq!(board.to_string(), "bbb\n...\n...\nwww");
/// assert_eq!(board.rows(), ["bbb", "...", "...", "www"]);
/// let next = board.play(&"0-5".parse()?)?;
/// assert_eq!(next.rows(), [".bb", "..b", "...", "www"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    /// Cells that are squares.
    squares: u64,
    black: u64,
    white: u64,
}

/// What stands on a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// Not a square of the board (`#`).
    Off,
    /// An empty square (`.`).
    Empty,
    /// A black knight (`b`).
    Black,
    /// A white knight (`w`).
    White,
}

/// A knight's move from one cell to another, written `from-to` (`8-3`),
/// cells numbered row by row from 0.
///
/// ```
/// use knight_swap::Move;
///
/// let m: Move = "8-3".parse()?;
/// assert_eq!(m, Move { from: 8, to: 3 });
/// assert_eq!(m.to_string(), "8-3");
/// # Ok::<(), String>(())
/// ```
pub type Move = search_core::puzzle::FromTo;

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The rows do not make a rectangle of cells, or a character is not
    /// `b`, `w`, `.` or `#`.
    Rows(RowsError),
    /// More than 64 cells.
    TooLarge {
        /// The board's cells.
        cells: usize,
    },
}

search_core::error_messages! {
    BoardError {
        Rows(e) => "{e}";
        TooLarge { cells } => "the board has {cells} cells; at most {MAX_CELLS} are supported";
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// There is no knight on the starting cell.
    NoKnight(usize),
    /// The landing cell is not an empty square.
    Occupied(usize),
    /// The two cells are not a knight's move apart.
    NotAKnightMove(Move),
}

search_core::error_messages! {
    MoveError {
        NoKnight(cell) => "no knight on cell {cell}";
        Occupied(cell) => "cell {cell} is not an empty square";
        NotAKnightMove(m) => "{m} is not a knight's move";
    }
}

impl Board {
    /// A board from rows of `b` (black knight), `w` (white knight), `.`
    /// (empty square) and `#` (no square), as the fixtures draw it; knights
    /// in either case, and spaces at the end of a row ignored.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let cells =
            Rows::read(rows, |r| r.trim_end().chars().collect()).map_err(BoardError::Rows)?;
        let (width, height) = (cells.width(), cells.height());
        if width * height > MAX_CELLS {
            return Err(BoardError::TooLarge {
                cells: width * height,
            });
        }
        let mut board = Board {
            width: width as u8,
            height: height as u8,
            squares: 0,
            black: 0,
            white: 0,
        };
        let cells = cells
            .parse("b, w, . or #; knights in either case", |ch| {
                match ch.to_ascii_lowercase() {
                    '#' => Some(Cell::Off),
                    '.' => Some(Cell::Empty),
                    'b' => Some(Cell::Black),
                    'w' => Some(Cell::White),
                    _ => None,
                }
            })
            .map_err(BoardError::Rows)?;
        for (r, c, &cell) in cells.cells() {
            let bit = 1u64 << (r * width + c);
            if cell != Cell::Off {
                board.squares |= bit;
            }
            match cell {
                Cell::Black => board.black |= bit,
                Cell::White => board.white |= bit,
                Cell::Off | Cell::Empty => {}
            }
        }
        Ok(board)
    }

    search_core::shape_accessors!();

    /// What stands on `cell` ([`Cell::Off`] for a cell off the board).
    pub fn cell(&self, cell: usize) -> Cell {
        let bit = 1u64.checked_shl(cell as u32).unwrap_or(0);
        if cell >= self.cells() || self.squares & bit == 0 {
            Cell::Off
        } else if self.black & bit != 0 {
            Cell::Black
        } else if self.white & bit != 0 {
            Cell::White
        } else {
            Cell::Empty
        }
    }

    /// The cells of the black knights, ascending.
    pub fn black_cells(&self) -> Vec<usize> {
        cells_of(self.black)
    }

    /// The cells of the white knights, ascending.
    pub fn white_cells(&self) -> Vec<usize> {
        cells_of(self.white)
    }

    /// The cells that are squares, ascending.
    pub fn square_cells(&self) -> Vec<usize> {
        cells_of(self.squares)
    }

    /// Whether `other` has the same cells, the same squares and as many
    /// knights of each colour: whether one can be a goal of the other.
    pub fn same_setup(&self, other: &Board) -> bool {
        (self.width, self.height, self.squares) == (other.width, other.height, other.squares)
            && self.black.count_ones() == other.black.count_ones()
            && self.white.count_ones() == other.white.count_ones()
    }

    /// The board with every knight's colour changed: the puzzle's natural
    /// goal, each colour in the other's places.
    ///
    /// ```
    /// use knight_swap::Board;
    ///
    /// let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
    /// assert_eq!(start.exchanged(), Board::from_rows(&["www", "...", "...", "bbb"])?);
    /// # Ok::<(), knight_swap::BoardError>(())
    /// ```
    pub fn exchanged(&self) -> Board {
        Board {
            black: self.white,
            white: self.black,
            ..*self
        }
    }

    /// The cells a knight on `cell` could jump to, were they empty.
    pub fn jumps(&self, cell: usize) -> Vec<usize> {
        let rect = self.rect();
        JUMPS
            .iter()
            .filter_map(|&(rows, cols)| rect.step(cell, rows, cols))
            .filter(|&c| self.squares & (1 << c) != 0)
            .collect()
    }

    /// Every legal move: a knight to an empty square a knight's move away.
    pub fn moves(&self) -> Vec<Move> {
        let empty = self.squares & !(self.black | self.white);
        cells_of(self.black | self.white)
            .into_iter()
            .flat_map(|from| {
                self.jumps(from)
                    .into_iter()
                    .filter(move |&to| empty & (1 << to) != 0)
                    .map(move |to| Move { from, to })
            })
            .collect()
    }

    /// The board after `m`, checked against the rules: a knight's move to
    /// an empty square.
    pub fn play(&self, m: &Move) -> Result<Board, MoveError> {
        let knight = match self.cell(m.from) {
            Cell::Black | Cell::White => self.cell(m.from),
            _ => return Err(MoveError::NoKnight(m.from)),
        };
        if self.cell(m.to) != Cell::Empty {
            return Err(MoveError::Occupied(m.to));
        }
        if !self.jumps(m.from).contains(&m.to) {
            return Err(MoveError::NotAKnightMove(*m));
        }
        let (from, to) = (1u64 << m.from, 1u64 << m.to);
        let mut next = *self;
        if knight == Cell::Black {
            next.black = next.black & !from | to;
        } else {
            next.white = next.white & !from | to;
        }
        Ok(next)
    }

    /// The knights as bit masks over cells: `(black, white)`.
    pub(crate) fn masks(&self) -> (u64, u64) {
        (self.black, self.white)
    }

    /// This board's squares with other knights (masks over cells).
    pub(crate) fn with_knights(&self, black: u64, white: u64) -> Board {
        Board {
            black,
            white,
            ..*self
        }
    }

    /// The rows of `b`, `w`, `.` and `#`, as [`Board::from_rows`] reads
    /// them (and `Display` writes them, one a line).
    pub fn rows(&self) -> Vec<String> {
        self.draw(|cell| match self.cell(cell) {
            Cell::Black => 'b',
            _ => 'w',
        })
        .into_iter()
        .map(|row| row.replace('-', "."))
        .collect()
    }

    /// Draws the board with `label(cell)` for each knight, `-` for an empty
    /// square and `#` for a cell that is not one (the article's pictures).
    pub fn draw(&self, mut label: impl FnMut(usize) -> char) -> Vec<String> {
        self.rect().draw("", |cell| match self.cell(cell) {
            Cell::Off => '#',
            Cell::Empty => '-',
            Cell::Black | Cell::White => label(cell),
        })
    }
}

/// The eight knight jumps as (rows, columns).
const JUMPS: [(isize, isize); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The set bits of `mask`, ascending.
pub(crate) fn cells_of(mask: u64) -> Vec<usize> {
    bits(mask).collect()
}

/// Rows of `b`, `w`, `.` and `#`, the fixture format.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("\n"))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.to_string().replace('\n', "/"))
    }
}
