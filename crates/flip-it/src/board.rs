//! Boards, the two rule sets, and jumps.

use std::fmt;
use std::str::FromStr;

/// The smallest and largest boards: 3x3 to 5x5.
pub const SIZES: std::ops::RangeInclusive<usize> = 3..=5;

/// Which lines a piece may jump along.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows and columns only (the original puzzle).
    Orthogonal,
    /// Rows, columns and diagonals.
    Diagonal,
}

impl Variant {
    /// Both variants.
    pub const ALL: [Variant; 2] = [Variant::Orthogonal, Variant::Diagonal];

    /// `"orthogonal"` or `"diagonal"`, as fixtures write it.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Orthogonal => "orthogonal",
            Variant::Diagonal => "diagonal",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;

    fn from_str(s: &str) -> Result<Variant, String> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| format!("unknown variant {s:?} (known: orthogonal, diagonal)"))
    }
}

/// An N x N board (N from 3 to 5) of black and white pieces around one
/// empty cell. Cells are numbered row by row from 0.
///
/// # Example
///
/// ```
/// use flip_it::Board;
///
/// let board = Board::from_rows(&["BBBB", "BSBB", "BBBB", "BBBB"])?;
/// assert_eq!((board.size(), board.empty()), (4, 5));
/// assert_eq!(board.to_string(), "B B B B\nB S B B\nB B B B\nB B B B");
/// assert!(!board.is_solved());
/// # Ok::<(), flip_it::BoardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    size: u8,
    empty: u8,
    /// Black pieces, one bit per cell; the empty cell's bit is 0.
    black: u32,
}

/// A piece's jump into the empty cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The cell the piece leaves.
    pub from: usize,
    /// The empty cell it lands in.
    pub to: usize,
}

impl fmt::Display for Jump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.from, self.to)
    }
}

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
    /// A row has a different number of cells than the board has rows.
    Ragged {
        /// The row (the first is 1).
        row: usize,
        /// Cells expected.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A character other than `B`, `W` or `S`.
    UnknownCharacter {
        /// The row (the first is 1).
        row: usize,
        /// The character.
        found: char,
    },
    /// Not exactly one empty cell.
    EmptyCells(usize),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size { rows, width } => write!(
                f,
                "a board of {rows} rows of {width} cells is not a square of 3x3 to 5x5"
            ),
            BoardError::Ragged {
                row,
                expected,
                found,
            } => write!(f, "row {row} has {found} cells, expected {expected}"),
            BoardError::UnknownCharacter { row, found } => {
                write!(
                    f,
                    "row {row}: {found:?} is not a cell (B, W, or S or . for the empty cell)"
                )
            }
            BoardError::EmptyCells(n) => {
                write!(
                    f,
                    "the board has {n} empty cells (S); it must have exactly one"
                )
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a jump was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// The landing cell is not the empty one.
    NotEmpty(usize),
    /// The cells are not on one line of the variant, at least two apart.
    NotALine(Jump),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotEmpty(cell) => write!(f, "cell {cell} is not the empty cell"),
            MoveError::NotALine(j) => write!(
                f,
                "{j} is not a jump along a line of the board, over at least one piece"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl Board {
    /// A board from rows of `B` (black), `W` (white) and `S` or `.` (the
    /// empty cell), in either case; spaces between cells are ignored, so
    /// `B S B B` (as M. Hiroi draws boards) reads as well as `BSBB`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let cells: Vec<Vec<char>> = rows
            .iter()
            .map(|r| r.as_ref().chars().filter(|c| *c != ' ').collect())
            .collect();
        let n = cells.len();
        let width = cells.first().map_or(0, Vec::len);
        if !SIZES.contains(&n) || width != n {
            return Err(BoardError::Size { rows: n, width });
        }
        let mut black = 0u32;
        let mut empties = Vec::new();
        for (r, row) in cells.iter().enumerate() {
            if row.len() != n {
                return Err(BoardError::Ragged {
                    row: r + 1,
                    expected: n,
                    found: row.len(),
                });
            }
            for (c, &ch) in row.iter().enumerate() {
                let cell = r * n + c;
                match ch {
                    'B' | 'b' => black |= 1 << cell,
                    'W' | 'w' => {}
                    'S' | 's' | '.' => empties.push(cell),
                    found => return Err(BoardError::UnknownCharacter { row: r + 1, found }),
                }
            }
        }
        match empties[..] {
            [empty] => Ok(Board {
                size: n as u8,
                empty: empty as u8,
                black,
            }),
            _ => Err(BoardError::EmptyCells(empties.len())),
        }
    }

    /// The solved board of `size` with the empty cell at `empty`: all white.
    ///
    /// # Panics
    /// If `size` is not 3 to 5 or `empty` is off the board.
    pub fn all_white(size: usize, empty: usize) -> Board {
        assert!(
            SIZES.contains(&size) && empty < size * size,
            "no such board"
        );
        Board {
            size: size as u8,
            empty: empty as u8,
            black: 0,
        }
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

    /// Every legal jump under `variant`.
    pub fn jumps(&self, variant: Variant) -> Vec<Jump> {
        crate::Rules::new(self.size(), variant)
            .jumps(self.empty())
            .iter()
            .map(|j| Jump {
                from: usize::from(j.from),
                to: self.empty(),
            })
            .collect()
    }

    /// The board after `jump`, checked against the rules of `variant`: the
    /// piece lands in the empty cell, keeps its colour, and turns over every
    /// piece it jumps.
    pub fn play(&self, variant: Variant, jump: Jump) -> Result<Board, MoveError> {
        if jump.to != self.empty() {
            return Err(MoveError::NotEmpty(jump.to));
        }
        let rules = crate::Rules::new(self.size(), variant);
        let j = rules
            .jumps(self.empty())
            .iter()
            .find(|j| usize::from(j.from) == jump.from)
            .ok_or(MoveError::NotALine(jump))?;
        Ok(self.after(j.from, j.flips))
    }

    /// The board after the piece on `from` jumps into the empty cell over `flips`.
    #[inline]
    pub(crate) fn after(&self, from: u8, flips: u32) -> Board {
        let colour = (self.black >> from) & 1;
        let black = ((self.black ^ flips) & !(1 << from)) | (colour << self.empty);
        Board {
            size: self.size,
            empty: from,
            black,
        }
    }

    /// A board from parts known to be valid.
    #[inline]
    pub(crate) fn from_parts(size: u8, empty: u8, black: u32) -> Board {
        Board { size, empty, black }
    }

    /// The rows as M. Hiroi draws them: `B B B B`, `S` for the empty cell.
    pub fn rows(&self) -> Vec<String> {
        let n = self.size();
        (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| {
                        let cell = r * n + c;
                        if cell == self.empty() {
                            "S"
                        } else if self.black & (1 << cell) != 0 {
                            "B"
                        } else {
                            "W"
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
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
