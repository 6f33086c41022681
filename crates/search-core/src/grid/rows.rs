//! Boards as people write them: rows of cells, every row as long as the
//! first.

use std::error::Error;
use std::fmt;

/// The cells of a board read from its rows, row by row, checked to make a
/// rectangle; what each cell means is the puzzle's to say.
///
/// ```
/// use search_core::grid::{Rows, RowsError};
///
/// let chars = |row: &str| row.chars().filter(|&c| c != ' ').collect::<Vec<_>>();
/// let board = Rows::read(&["B W", "WS"], chars)?;
/// assert_eq!((board.width(), board.height()), (2, 2));
/// assert_eq!(board.cells().nth(3), Some((1, 1, &'S')));
/// assert_eq!(
///     Rows::read(&["BW", "W"], chars).unwrap_err().to_string(),
///     "row 2 has 1 cells, but the first row has 2"
/// );
/// assert_eq!(Rows::read(&[""], chars), Err(RowsError::Empty));
/// # Ok::<(), RowsError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rows<T> {
    width: usize,
    cells: Vec<T>,
}

impl<T> Rows<T> {
    /// Reads `rows`, `split` cutting each into its cells (characters,
    /// words).
    ///
    /// # Errors
    ///
    /// [`RowsError::Empty`] where the first row has no cell (or there is
    /// no row), [`RowsError::Ragged`] for the first row whose length
    /// differs from the first's.
    pub fn read<S: AsRef<str>>(
        rows: &[S],
        mut split: impl FnMut(&str) -> Vec<T>,
    ) -> Result<Rows<T>, RowsError> {
        let mut cells = Vec::new();
        let mut width = 0;
        for (row, text) in rows.iter().enumerate() {
            let mut these = split(text.as_ref());
            if row == 0 {
                width = these.len();
            } else if these.len() != width {
                return Err(RowsError::Ragged {
                    row: row + 1,
                    expected: width,
                    found: these.len(),
                });
            }
            cells.append(&mut these);
        }
        if width == 0 {
            return Err(RowsError::Empty);
        }
        Ok(Rows { width, cells })
    }

    /// Cells in a row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.cells.len() / self.width
    }

    /// Every cell with its row and column (from 0), row by row: the cell
    /// numbered `row * width + column`.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, &T)> {
        let width = self.width;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, cell)| (i / width, i % width, cell))
    }
}

/// Why rows do not make a rectangle of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RowsError {
    /// No rows, or a first row without cells.
    Empty,
    /// A row has a different number of cells than the first.
    Ragged {
        /// The row (the first is 1).
        row: usize,
        /// Cells in the first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
}

impl fmt::Display for RowsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowsError::Empty => f.write_str("the board has no cells"),
            RowsError::Ragged {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {row} has {found} cells, but the first row has {expected}"
            ),
        }
    }
}

impl Error for RowsError {}
