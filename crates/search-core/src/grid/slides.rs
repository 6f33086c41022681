//! The rules of a sliding puzzle, written once: a piece next to the blank
//! slides into it ([`sliding_rules!`](crate::sliding_rules)).

/// Writes [`Rules`](crate::rules::Rules) and
/// [`Labelled`](crate::prune::Labelled) for the rules of a sliding puzzle:
/// a type that keeps the blank's moves in a field `sliding`
/// ([`Sliding`](crate::grid::Sliding)), over boards whose method `$blank`
/// gives the blank's cell and `$slide(&mut self, cell)` slides the piece
/// on `cell`, next to the blank, into it. A move is a
/// [`Slide`](crate::grid::Slide) into the blank, listed in the order of
/// the `Sliding`'s operators; its inverse slides the piece back; its
/// operator, for the pruning automaton, is the direction the blank moves.
/// A trait cannot give them: each puzzle's rules type also ranks its
/// boards its own way ([`Ranked`](crate::rules::Ranked)).
///
/// ```
/// use search_core::grid::{ORTHOGONAL, Rect, Slide, Sliding};
/// use search_core::rules::Rules;
///
/// /// Three cells in a row, the blank (0) on the first.
/// #[derive(Clone, Debug, PartialEq)]
/// struct Row([u8; 3]);
/// impl Row {
///     fn blank(&self) -> usize {
///         self.0.iter().position(|&c| c == 0).unwrap()
///     }
///     fn slide_from(&mut self, cell: usize) {
///         let blank = self.blank();
///         self.0.swap(blank, cell);
///     }
/// }
/// struct RowRules {
///     sliding: Sliding,
/// }
/// search_core::sliding_rules!(RowRules, Row, blank, slide_from);
///
/// let rules = RowRules { sliding: Sliding::new(Rect::new(3, 1), ORTHOGONAL) };
/// let mut row = Row([0, 1, 2]);
/// let mut moves = Vec::new();
/// rules.moves(&row, &mut moves);
/// assert_eq!(moves, [Slide { from: 1, to: 0, dir: 3 }]);
/// rules.apply(&mut row, moves[0]);
/// assert_eq!(row, Row([1, 0, 2]));
/// rules.undo(&mut row, moves[0]);
/// assert_eq!(row, Row([0, 1, 2]));
/// ```
#[macro_export]
macro_rules! sliding_rules {
    ($rules:ty, $board:ty, $blank:ident, $slide:ident) => {
        impl $crate::rules::Rules for $rules {
            type State = $board;
            type Move = $crate::grid::Slide;

            #[inline]
            fn moves(&self, board: &$board, out: &mut Vec<$crate::grid::Slide>) {
                self.sliding.each_slide(board.$blank(), |m| out.push(m));
            }

            #[inline]
            fn apply(&self, board: &mut $board, m: $crate::grid::Slide) {
                board.$slide(usize::from(m.from));
            }

            #[inline]
            fn undo(&self, board: &mut $board, m: $crate::grid::Slide) {
                board.$slide(usize::from(m.to));
            }

            #[inline]
            fn inverse(&self, m: $crate::grid::Slide) -> Option<$crate::grid::Slide> {
                Some(self.sliding.inverse(m))
            }
        }

        impl $crate::prune::Labelled for $rules {
            #[inline]
            fn operator(&self, m: $crate::grid::Slide) -> u8 {
                m.dir
            }
        }
    };
}
