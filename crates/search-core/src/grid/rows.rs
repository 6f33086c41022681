//! Boards as people write them: rows of cells, every row as long as the
//! first.

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

    /// The one cell for which `is` holds (a board's blank), by number;
    /// [`RowsError::NotOne`] naming `what` (`"spaces (S)"`) otherwise.
    pub fn the_one(&self, what: &'static str, is: impl Fn(&T) -> bool) -> Result<usize, RowsError> {
        let mut found = self.cells.iter().enumerate().filter(|(_, cell)| is(cell));
        match (found.next(), found.count()) {
            (Some((cell, _)), 0) => Ok(cell),
            (first, more) => Err(RowsError::NotOne {
                what,
                found: usize::from(first.is_some()) + more,
            }),
        }
    }
}

impl Rows<char> {
    /// Each character read as a cell by `cell`, which refuses one that is
    /// not a cell with `None`; [`RowsError::UnknownCharacter`], whose
    /// message lists the `expected` characters, for the first refused.
    ///
    /// ```
    /// use search_core::grid::Rows;
    ///
    /// let black = |c: char| match c {
    ///     'B' => Some(true),
    ///     'W' => Some(false),
    ///     _ => None,
    /// };
    /// let rows = Rows::read(&["BW", "WB"], |r| r.chars().collect())?;
    /// assert_eq!(rows.parse("B or W", black)?.the_one("white cells", |&b| !b).is_err(), true);
    /// let rows = Rows::read(&["BW", "WX"], |r| r.chars().collect())?;
    /// assert_eq!(
    ///     rows.parse("B or W", black).unwrap_err().to_string(),
    ///     "row 2, column 2: 'X' is not a cell (B or W)"
    /// );
    /// # Ok::<(), search_core::grid::RowsError>(())
    /// ```
    pub fn parse<T>(
        self,
        expected: &'static str,
        mut cell: impl FnMut(char) -> Option<T>,
    ) -> Result<Rows<T>, RowsError> {
        let width = self.width;
        let cells = self.cells.into_iter().enumerate().map(|(i, found)| {
            cell(found).ok_or(RowsError::UnknownCharacter {
                row: i / width + 1,
                column: i % width + 1,
                found,
                expected,
            })
        });
        Ok(Rows {
            width,
            cells: cells.collect::<Result<_, _>>()?,
        })
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
    /// A character that is not a cell ([`Rows::parse`]).
    UnknownCharacter {
        /// The row (the first is 1).
        row: usize,
        /// The column, counted in cells (the first is 1).
        column: usize,
        /// The character.
        found: char,
        /// The characters that are cells.
        expected: &'static str,
    },
    /// Not exactly one cell of a kind, such as a blank
    /// ([`Rows::the_one`]).
    NotOne {
        /// The kind, plural: `"spaces (S)"`.
        what: &'static str,
        /// How many the board has.
        found: usize,
    },
}

crate::error_messages! {
    RowsError {
        Empty => "the board has no cells";
        Ragged { row, expected, found } =>
            "row {row} has {found} cells, but the first row has {expected}";
        UnknownCharacter { row, column, found, expected } =>
            "row {row}, column {column}: {found:?} is not a cell ({expected})";
        NotOne { what, found } => "the board has {found} {what}; it must have exactly one";
    }
}
