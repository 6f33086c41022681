//! Boards of the sliding-tile puzzles: validation, moves, parity.

use std::fmt;

use search_core::grid::{ASCENDING, Rows, RowsError};
use std::str::FromStr;

/// The largest board has 25 cells (the 24-puzzle's 5x5).
pub const MAX_CELLS: usize = 25;

/// A sliding-tile board of `width x height` cells (each at least 2, at most
/// 25 cells), holding the tiles `1..cells` and the blank `0` once each.
///
/// A `Board` is always valid: the constructors check it. It is `Copy`, 28
/// bytes (a byte a cell), and is the state the searches play moves on.
///
/// # Example
///
/// ```
/// use eight_puzzle::Board;
///
/// let board = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// assert_eq!(board.blank(), 7);
/// assert_eq!(board.to_string(), "8 6 7\n2 5 4\n3 0 1");
/// let next = board.play(&"5".parse()?)?; // the 5 above the blank slides down
/// assert_eq!(next.rows(), ["8 6 7", "2 0 4", "3 5 1"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The tile of each cell, row by row; 0 beyond the board.
    tiles: [u8; MAX_CELLS],
    blank: u8,
    width: u8,
    height: u8,
}

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// The rows do not make a rectangle of cells.
    Rows(RowsError),
    /// A cell is not a number.
    NotATile {
        /// The row (the first is 1).
        row: usize,
        /// The text found.
        text: String,
    },
    /// The board is narrower or lower than 2, or has more than 25 cells.
    Size {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The list of tiles does not have `width * height` entries.
    Length {
        /// `width * height`.
        expected: usize,
        /// Entries given.
        found: usize,
    },
    /// A tile number is not below the number of cells.
    OutOfRange {
        /// The tile.
        tile: u32,
        /// The number of cells (tiles are `0..cells`).
        cells: usize,
    },
    /// A tile occurs twice (and so another is missing).
    Duplicate {
        /// The tile.
        tile: u8,
    },
}

search_core::error_messages! {
    BoardError {
        Rows(e) => "{e}";
        NotATile { row, text } => "row {row}: {text:?} is not a tile number";
        Size { width, height } =>
            "a {width}x{height} board is not supported (each side at least 2, at most 25 cells)";
        Length { expected, found } => "expected {expected} tiles, found {found}";
        OutOfRange { tile, cells } =>
            "tile {tile} is out of range: a board of {cells} cells holds 0..{}", cells - 1;
        Duplicate { tile } => "tile {tile} occurs more than once (so another tile is missing)";
    }
}

/// A move: the tile that slides into the blank next to it, written as its
/// number (`5`), as M. Hiroi lists solutions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The tile that slides.
    pub tile: u8,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.tile)
    }
}

impl FromStr for Move {
    type Err = String;

    fn from_str(s: &str) -> Result<Move, String> {
        match s.trim().parse() {
            Ok(tile) if tile > 0 => Ok(Move { tile }),
            _ => Err(format!(
                "{s:?} is not a move: a move is the number of the tile that slides"
            )),
        }
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// The tile is not on the board.
    NoSuchTile(u8),
    /// The tile is not next to the blank.
    NotNextToBlank(u8),
}

search_core::error_messages! {
    MoveError {
        NoSuchTile(t) => "there is no tile {t}";
        NotNextToBlank(t) => "tile {t} is not next to the blank";
    }
}

impl Board {
    /// A board from its tiles in row-major order (`0` is the blank).
    pub fn new(width: usize, height: usize, tiles: &[u8]) -> Result<Board, BoardError> {
        if width < 2 || height < 2 || width * height > MAX_CELLS {
            return Err(BoardError::Size { width, height });
        }
        let cells = width * height;
        if tiles.len() != cells {
            return Err(BoardError::Length {
                expected: cells,
                found: tiles.len(),
            });
        }
        let mut seen = 0u32;
        let mut board = Board {
            tiles: [0; MAX_CELLS],
            blank: 0,
            width: width as u8,
            height: height as u8,
        };
        for (cell, &tile) in tiles.iter().enumerate() {
            if usize::from(tile) >= cells {
                return Err(BoardError::OutOfRange {
                    tile: u32::from(tile),
                    cells,
                });
            }
            if seen & (1 << tile) != 0 {
                return Err(BoardError::Duplicate { tile });
            }
            seen |= 1 << tile;
            board.tiles[cell] = tile;
            if tile == 0 {
                board.blank = cell as u8;
            }
        }
        Ok(board)
    }

    /// A board from rows of space-separated numbers, as a person writes it:
    /// `["8 6 7", "2 5 4", "3 0 1"]`; the blank is `0` or `.`.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        let words = Rows::read(rows, |r| r.split_whitespace().map(str::to_string).collect())
            .map_err(BoardError::Rows)?;
        let (width, height) = (words.width(), words.height());
        let mut numbers: Vec<u32> = Vec::with_capacity(width * height);
        for (row, _, word) in words.cells() {
            let number = if word == "." { "0" } else { word };
            numbers.push(number.parse().map_err(|_| BoardError::NotATile {
                row: row + 1,
                text: word.clone(),
            })?);
        }
        let cells = width * height;
        if width < 2 || height < 2 || cells > MAX_CELLS {
            return Err(BoardError::Size { width, height });
        }
        let tiles = numbers
            .iter()
            .map(|&tile| u8::try_from(tile).map_err(|_| BoardError::OutOfRange { tile, cells }))
            .collect::<Result<Vec<u8>, _>>()?;
        Board::new(width, height, &tiles)
    }

    /// The solved board: tiles `1..cells` in order, the blank last.
    pub fn solved(width: usize, height: usize) -> Result<Board, BoardError> {
        let cells = width * height;
        let tiles: Vec<u8> = (1..cells).chain([0]).map(|t| t as u8).collect();
        Board::new(width, height, &tiles)
    }

    search_core::shape_accessors!();

    /// The tile in `cell` (0 for the blank).
    ///
    /// # Panics
    /// If `cell` is not below [`cells`](Board::cells).
    pub fn tile(&self, cell: usize) -> u8 {
        assert!(cell < self.cells(), "cell {cell} is off the board");
        self.tiles[cell]
    }

    /// The tiles in row-major order.
    pub fn tiles(&self) -> Vec<u8> {
        self.cells_slice().to_vec()
    }

    /// The cell of the blank.
    #[inline]
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The cell holding `tile`, if it is on the board.
    pub fn position(&self, tile: u8) -> Option<usize> {
        self.cells_slice().iter().position(|&t| t == tile)
    }

    /// The board after `m`: its tile slides into the blank next to it.
    pub fn play(&self, m: &Move) -> Result<Board, MoveError> {
        self.slide(m.tile)
    }

    /// The legal moves: the tiles next to the blank, in cell order.
    pub fn moves(&self) -> Vec<Move> {
        self.neighbour_cells(self.blank())
            .map(|c| Move { tile: self.tile(c) })
            .collect()
    }

    /// The rows as [`Board::from_rows`] reads them: the lines of
    /// [`Display`](fmt::Display).
    pub fn rows(&self) -> Vec<String> {
        self.to_string().lines().map(str::to_string).collect()
    }

    /// The board after sliding `tile` into the blank next to it: [`Board::play`]
    /// by the tile's number.
    pub fn slide(&self, tile: u8) -> Result<Board, MoveError> {
        let cell = self
            .position(tile)
            .filter(|_| tile != 0)
            .ok_or(MoveError::NoSuchTile(tile))?;
        if !self.neighbour_cells(self.blank()).any(|c| c == cell) {
            return Err(MoveError::NotNextToBlank(tile));
        }
        Ok(self.swap_blank(cell))
    }

    /// Every board one move away.
    pub fn neighbours(&self) -> impl Iterator<Item = Board> + use<> {
        let board = *self;
        board
            .neighbour_cells(board.blank())
            .map(move |c| board.swap_blank(c))
    }

    /// Whether `goal` can be reached from this board.
    ///
    /// Every move swaps the blank with a tile, so it flips both the parity
    /// of the permutation taking this board to `goal` and the parity of the
    /// blank's distance to its goal cell: the two parities agree on every
    /// reachable board. On every board of at least 2x2 the converse holds
    /// too, so exactly half of all arrangements are reachable. Boards of
    /// different shapes never are.
    pub fn can_reach(&self, goal: &Board) -> bool {
        if (self.width, self.height) != (goal.width, goal.height) {
            return false;
        }
        let cells = self.cells();
        let mut goal_cell = [0usize; MAX_CELLS];
        for c in 0..cells {
            goal_cell[usize::from(goal.tile(c))] = c;
        }
        // Permutation of cells: cell c's tile belongs at goal_cell[tile].
        let mut perm = [0usize; MAX_CELLS];
        for (c, slot) in perm.iter_mut().enumerate().take(cells) {
            *slot = goal_cell[usize::from(self.tile(c))];
        }
        let mut odd = false;
        let mut done = [false; MAX_CELLS];
        for start in 0..cells {
            let mut length = 0;
            let mut c = start;
            while !done[c] {
                done[c] = true;
                c = perm[c];
                length += 1;
            }
            // A cycle of length k is k - 1 transpositions.
            if length > 0 && length % 2 == 0 {
                odd = !odd;
            }
        }
        odd == (self.manhattan(self.blank(), goal.blank()) % 2 == 1)
    }

    /// Manhattan distance between two cells.
    pub(crate) fn manhattan(&self, a: usize, b: usize) -> usize {
        let w = self.width();
        (a / w).abs_diff(b / w) + (a % w).abs_diff(b % w)
    }

    /// The cells orthogonally next to `cell`.
    pub(crate) fn neighbour_cells(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        let rect = self.rect();
        let cells: Vec<usize> = rect.neighbours_towards(cell, ASCENDING).collect();
        cells.into_iter()
    }

    /// The board with the tile of `cell` moved into the blank.
    #[inline]
    pub(crate) fn swap_blank(mut self, cell: usize) -> Board {
        self.slide_from(cell);
        self
    }

    /// Slides the tile of `cell`, next to the blank, into it.
    #[inline]
    pub(crate) fn slide_from(&mut self, cell: usize) {
        let blank = self.blank();
        self.tiles.swap(cell, blank);
        self.blank = cell as u8;
    }

    /// The tiles of the board's cells.
    #[inline]
    pub(crate) fn cells_slice(&self) -> &[u8] {
        &self.tiles[..self.cells()]
    }

    /// The tiles as an array, zero beyond the board.
    #[inline]
    pub(crate) fn tile_array(&self) -> &[u8; MAX_CELLS] {
        &self.tiles
    }

    /// A board from tiles known to be valid.
    pub(crate) fn from_valid(width: u8, height: u8, tiles: &[u8]) -> Board {
        let mut board = Board {
            tiles: [0; MAX_CELLS],
            blank: 0,
            width,
            height,
        };
        board.tiles[..tiles.len()].copy_from_slice(tiles);
        board.blank = tiles.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        board
    }
}

/// Rows of space-separated numbers, `0` for the blank, as M. Hiroi prints
/// them; numbers are right-aligned when some have two digits.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = if self.cells() > 10 { 2 } else { 1 };
        for row in 0..self.height() {
            if row > 0 {
                writeln!(f)?;
            }
            for col in 0..self.width() {
                if col > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{:>digits$}", self.tile(row * self.width() + col))?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.tiles())
    }
}
