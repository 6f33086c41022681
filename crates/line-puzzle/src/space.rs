//! Every arrangement of a board's pieces as a ranked state space.

use perm_rank::{Multiset, Ranking};
use search_core::layers::RankedSpace;

use crate::board::MAX_CELLS;
use crate::{Board, Letter};

/// Every arrangement of one board's pieces (its shape, its numbers of A, B,
/// C and D, one space), ranked densely with `perm_rank::Multiset` over the
/// symbols space, A, B, C, D. Hiroi's board (1 space, 4 A, 3 B, 4 C,
/// 4 D) has `16! / (4! 3! 4! 4!) = 252,252,000` arrangements.
///
/// # Example
///
/// ```
/// use line_puzzle::{Board, LineSpace};
/// use search_core::layers::RankedSpace;
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
    /// `adjacent[c][..degree[c]]`: the cells next to `c`.
    adjacent: [[u8; 4]; MAX_CELLS],
    degree: [u8; MAX_CELLS],
}

impl LineSpace {
    /// The arrangements of `board`'s pieces on its shape.
    pub fn new(board: &Board) -> LineSpace {
        let mut counts = vec![1];
        counts.extend(Letter::ALL.iter().map(|&l| board.count(l)));
        let mut adjacent = [[0u8; 4]; MAX_CELLS];
        let mut degree = [0u8; MAX_CELLS];
        for cell in 0..board.cells() {
            for (i, n) in board.neighbours(cell).into_iter().enumerate() {
                adjacent[cell][i] = n as u8;
                degree[cell] += 1;
            }
        }
        LineSpace {
            width: board.width() as u8,
            height: board.height() as u8,
            ranking: Multiset::new(&counts).expect("16 cells rank within a u64"),
            adjacent,
            degree,
        }
    }

    /// The cells next to `cell`.
    #[inline]
    pub(crate) fn adjacent(&self, cell: usize) -> &[u8] {
        &self.adjacent[cell][..usize::from(self.degree[cell])]
    }

    fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }
}

impl RankedSpace for LineSpace {
    type State = Board;

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

    #[inline]
    fn neighbours<F: FnMut(Board)>(&self, board: &Board, mut visit: F) {
        for &from in self.adjacent(board.space()) {
            visit(board.slide(usize::from(from)));
        }
    }
}
