//! The rules of the line puzzle, as search-core plays them: every
//! arrangement of a board's pieces, their moves and their rank.

use perm_rank::{Multiset, Ranking};
use search_core::grid::{ASCENDING, Slide, Sliding};
use search_core::rules::Ranked;

use crate::board::MAX_CELLS;
use crate::{Board, Letter};

/// The rules of one board's pieces (its shape, its numbers of A, B, C and
/// D, one space): a move slides a piece next to the space into it, listed
/// by the direction the space moves (up, left, right, down: the cells in
/// ascending order). Every arrangement is ranked densely with
/// `perm_rank::Multiset` over the symbols space, A, B, C, D: Hiroi's board
/// (1 space, 4 A, 3 B, 4 C, 4 D) has `16! / (4! 3! 4! 4!) = 252,252,000`
/// arrangements.
///
/// # Example
///
/// ```
/// use line_puzzle::{Board, LineSpace};
/// use search_core::rules::Ranked;
///
/// let goal = Board::from_rows(&["AABS", "AABB", "CCDD", "CCDD"])?;
/// let space = LineSpace::new(&goal);
/// assert_eq!(space.size(), 252_252_000);
/// assert_eq!(space.unrank(space.rank(&goal)), goal);
/// # Ok::<(), line_puzzle::BoardError>(())
/// ```
#[derive(Debug, Clone)]
pub struct LineSpace {
    width: u8,
    height: u8,
    ranking: Multiset,
    /// The space's moves: up, left, right, down.
    sliding: Sliding,
}

impl LineSpace {
    /// The arrangements of `board`'s pieces on its shape.
    pub fn new(board: &Board) -> LineSpace {
        let mut counts = vec![1];
        counts.extend(Letter::ALL.iter().map(|&l| board.count(l)));
        LineSpace {
            width: board.width() as u8,
            height: board.height() as u8,
            ranking: Multiset::new(&counts).expect("16 cells rank within a u64"),
            // Boards have at most 16 cells, fewer than `Sliding` takes.
            sliding: Sliding::new(board.rect(), ASCENDING),
        }
    }

    fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }
}

/// A move as the searches play it: the piece on `from` slides into the
/// space on `to`; `dir` is the direction the space moves (0 up, 1 left,
/// 2 right, 3 down), the operator of the pruning automaton.
pub type Step = Slide;

// A piece next to the space slides into it.
search_core::sliding_rules!(LineSpace, Board, space, slide_from);

impl Ranked for LineSpace {
    fn size(&self) -> u64 {
        self.ranking.count()
    }

    #[inline]
    fn rank(&self, board: &Board) -> u64 {
        let [a, b, c, d] = board.letter_masks();
        let masks = [
            1u64 << board.space(),
            u64::from(a),
            u64::from(b),
            u64::from(c),
            u64::from(d),
        ];
        self.ranking.rank_masks_unchecked(&masks)
    }

    fn unrank(&self, rank: u64) -> Board {
        let mut symbols = [0u8; MAX_CELLS];
        self.ranking
            .unrank(rank, &mut symbols[..self.cells()])
            .expect("sweeps only unrank ranks below size()");
        let mut letters = [0u16; 4];
        let mut space = 0;
        for (cell, &s) in symbols[..self.cells()].iter().enumerate() {
            match s {
                0 => space = cell as u8,
                s => letters[usize::from(s) - 1] |= 1 << cell,
            }
        }
        Board::from_parts(self.width, self.height, space, letters)
    }

    /// The slides into the space, straight from the step table, without
    /// listing them first or taking them back (the sweeps come here).
    #[inline]
    fn each_neighbour<F: FnMut(&Board, u64)>(
        &self,
        board: &Board,
        _: u64,
        _: &mut Vec<Step>,
        mut visit: F,
    ) {
        self.sliding.each_slide(board.space(), |m| {
            let mut next = *board;
            next.slide_from(usize::from(m.from));
            visit(&next, self.rank(&next));
        });
    }
}
