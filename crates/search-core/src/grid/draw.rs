//! A rectangle's cells drawn as rows of text.

use std::fmt::{Display, Write};

use super::Rect;

impl Rect {
    /// The rows of a board, `cell(i)` drawn for each cell `i`, the cells
    /// of a row joined by `separator`: how the puzzle crates draw boards.
    ///
    /// ```
    /// use search_core::grid::Rect;
    ///
    /// let rows = Rect::new(3, 2).draw(" ", |cell| if cell == 4 { 'S' } else { 'B' });
    /// assert_eq!(rows, ["B B B", "B S B"]);
    /// assert_eq!(Rect::new(2, 2).draw("", |cell| cell), ["01", "23"]);
    /// ```
    pub fn draw<C: Display>(
        &self,
        separator: &str,
        mut cell: impl FnMut(usize) -> C,
    ) -> Vec<String> {
        (0..self.height)
            .map(|row| {
                let mut line = String::new();
                for column in 0..self.width {
                    if column > 0 {
                        line.push_str(separator);
                    }
                    let _ = write!(line, "{}", cell(row * self.width + column));
                }
                line
            })
            .collect()
    }
}
