//! Boards of quarter-circle pieces: parsing, drawing, moves.

use std::fmt;

use search_core::grid::{ASCENDING, Rows, RowsError};

/// The largest board: 16 cells, so that each letter's cells fit a `u16`.
pub const MAX_CELLS: usize = 16;

/// The four pieces, named after the quarter of the circle they show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Letter {
    /// The upper-left quarter.
    A,
    /// The upper-right quarter.
    B,
    /// The lower-left quarter.
    C,
    /// The lower-right quarter.
    D,
}

impl Letter {
    /// All four, in order.
    pub const ALL: [Letter; 4] = [Letter::A, Letter::B, Letter::C, Letter::D];

    /// The letter as written on a board.
    pub fn symbol(self) -> char {
        ['A', 'B', 'C', 'D'][self as usize]
    }
}

/// A board of `width x height` cells (at most 16) holding pieces A, B, C, D
/// in any numbers and exactly one space `S`. Pieces of one letter are
/// interchangeable. Cells are numbered row by row from 0.
///
/// # Example
///
/// ```
/// use line_puzzle::{Board, Letter};
///
/// let board = Board::from_rows(&["AABS", "AABB", "CCDD", "CCDD"])?;
/// assert_eq!(board.space(), 3);
/// assert_eq!(board.count(Letter::B), 3);
/// assert_eq!(board.to_string(), "A A B S\nA A B B\nC C D D\nC C D D");
/// # Ok::<(), line_puzzle::BoardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    width: u8,
    height: u8,
    space: u8,
    /// The cells of each letter, one bit per cell.
    letters: [u16; 4],
}

/// A move: the piece on `from` slides into the space at `to`, written
/// `from-to` (`2-3`), cells numbered row by row from 0.
pub type Move = search_core::puzzle::FromTo;

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// No cells, a side of 1, or more than 16 cells.
    Size {
        /// Cells in the first row.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The rows do not make a rectangle of cells, a character is not
    /// `S`, `A`, `B`, `C` or `D`, or there is not exactly one space.
    Rows(RowsError),
}

search_core::error_messages! {
    BoardError {
        Size { width, height } =>
            "a {width}x{height} board is not supported (each side at least 2, at most {MAX_CELLS} cells)";
        Rows(e) => "{e}";
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The landing cell is not the space.
    NotTheSpace(usize),
    /// The cells are not next to each other (or off the board).
    NotAdjacent(Move),
}

search_core::error_messages! {
    MoveError {
        NotTheSpace(cell) => "cell {cell} is not the space";
        NotAdjacent(m) => "{m}: the cells are not next to each other";
    }
}

impl Board {
    /// A board from rows of `A`, `B`, `C`, `D` and `S` or `.` (a space), in
    /// either case; spaces between cells are ignored, so `A C A S` reads as
    /// well as `ACAS`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let cells = Rows::read(rows, |r| r.chars().filter(|c| *c != ' ').collect())
            .map_err(BoardError::Rows)?;
        let (width, height) = (cells.width(), cells.height());
        if width < 2 || height < 2 || width * height > MAX_CELLS {
            return Err(BoardError::Size { width, height });
        }
        let cells = cells
            .parse("A, B, C, D, or S or . for a space", |ch| {
                match ch.to_ascii_uppercase() {
                    'S' | '.' => Some(None),
                    ch => Letter::ALL.into_iter().find(|l| l.symbol() == ch).map(Some),
                }
            })
            .map_err(BoardError::Rows)?;
        let space = (cells.the_one("spaces (S)", Option::is_none)).map_err(BoardError::Rows)?;
        let mut letters = [0u16; 4];
        for (r, c, &letter) in cells.cells() {
            if let Some(letter) = letter {
                letters[letter as usize] |= 1 << (r * width + c);
            }
        }
        Ok(Board {
            width: width as u8,
            height: height as u8,
            space: space as u8,
            letters,
        })
    }

    search_core::shape_accessors!();

    /// The space's cell.
    pub fn space(&self) -> usize {
        usize::from(self.space)
    }

    /// The cells of `letter`, one bit per cell.
    pub fn cells_of(&self, letter: Letter) -> u16 {
        self.letters[letter as usize]
    }

    /// The number of pieces of `letter`.
    pub fn count(&self, letter: Letter) -> usize {
        self.cells_of(letter).count_ones() as usize
    }

    /// The letter on `cell`, `None` for the space or a cell off the board.
    pub fn letter(&self, cell: usize) -> Option<Letter> {
        Letter::ALL
            .into_iter()
            .find(|&l| cell < MAX_CELLS && self.cells_of(l) & (1 << cell) != 0)
    }

    /// Whether `other` has the same shape and as many pieces of each letter.
    pub fn same_pieces(&self, other: &Board) -> bool {
        (self.width, self.height) == (other.width, other.height)
            && Letter::ALL.iter().all(|&l| self.count(l) == other.count(l))
    }

    /// The cells next to `cell`, in ascending order.
    pub fn neighbours(&self, cell: usize) -> Vec<usize> {
        let rect = self.rect();
        rect.neighbours_towards(cell, ASCENDING).collect()
    }

    /// Every legal move.
    pub fn moves(&self) -> Vec<Move> {
        self.neighbours(self.space())
            .into_iter()
            .map(|from| Move {
                from,
                to: self.space(),
            })
            .collect()
    }

    /// The board after `m`, checked against the rules.
    pub fn play(&self, m: &Move) -> Result<Board, MoveError> {
        if m.to != self.space() {
            return Err(MoveError::NotTheSpace(m.to));
        }
        if m.from >= self.cells() || !self.neighbours(m.to).contains(&m.from) {
            return Err(MoveError::NotAdjacent(*m));
        }
        Ok(self.slide(m.from))
    }

    /// The board after the piece on `from` (next to the space) slides.
    #[inline]
    pub(crate) fn slide(mut self, from: usize) -> Board {
        self.slide_from(from);
        self
    }

    /// Slides the piece on `from`, next to the space, into it.
    #[inline]
    pub(crate) fn slide_from(&mut self, from: usize) {
        let moved = (1u16 << from) | (1u16 << self.space);
        for mask in &mut self.letters {
            if *mask & (1 << from) != 0 {
                *mask ^= moved;
            }
        }
        self.space = from as u8;
    }

    /// The letters' masks, in order A, B, C, D.
    #[inline]
    pub(crate) fn letter_masks(&self) -> [u16; 4] {
        self.letters
    }

    /// A board from parts known to be valid.
    #[inline]
    pub(crate) fn from_parts(width: u8, height: u8, space: u8, letters: [u16; 4]) -> Board {
        Board {
            width,
            height,
            space,
            letters,
        }
    }

    /// The rows as M. Hiroi draws them: `A C A S`.
    pub fn rows(&self) -> Vec<String> {
        self.rect()
            .draw(" ", |cell| self.letter(cell).map_or('S', Letter::symbol))
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("\n"))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({})", self.rows().join(" / "))
    }
}
