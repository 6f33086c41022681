//! The arrangements of one board's knights as a ranked state space.

use perm_rank::Multiset;
use search_core::rules::{Ranked, Rules};

use crate::board::cells_of;
use crate::{Board, SolveError};

/// Where the knights stand, as bit masks over the board's squares (bit `i`
/// for the `i`-th square in row-major order; cells that are not squares are
/// skipped). Knights of one colour are interchangeable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Knights {
    /// The squares of the black knights.
    pub black: u64,
    /// The squares of the white knights.
    pub white: u64,
}

/// Every arrangement of a board's knights on its squares, ranked densely: the
/// black knights' squares as a colex-ranked combination, then the white
/// knights' among the squares left (`perm_rank::Multiset` over the symbols
/// black, white, empty). The article's 3x4 board with three knights of each
/// colour has `C(12, 3) * C(9, 3) = 18,480` arrangements.
///
/// # Example
///
/// ```
/// use knight_swap::{Board, KnightSpace};
/// use search_core::rules::{Ranked, Rules};
///
/// let board = Board::from_rows(&["bbb", "...", "...", "www"])?;
/// let space = KnightSpace::new(&board)?;
/// assert_eq!(space.size(), 18_480);
/// let knights = space.knights(&board);
/// assert_eq!(space.unrank(space.rank(&knights)), knights);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct KnightSpace {
    template: Board,
    /// The cell of each square.
    cells: Vec<usize>,
    /// `jumps[i]`: the squares a knight's move from square `i`, as a mask.
    jumps: Vec<u64>,
    ranking: Multiset,
    all: u64,
}

impl KnightSpace {
    /// The space of `board`'s squares and numbers of knights, or
    /// [`SolveError::Unsupported`] when its arrangements are too many to
    /// rank in a `u64`.
    pub fn new(board: &Board) -> Result<KnightSpace, SolveError> {
        let cells = board.square_cells();
        let index = |cell: usize| cells.iter().position(|&c| c == cell);
        let jumps = cells
            .iter()
            .map(|&cell| {
                board
                    .jumps(cell)
                    .into_iter()
                    .filter_map(index)
                    .fold(0u64, |mask, i| mask | 1 << i)
            })
            .collect();
        let (black, white) = board.masks();
        let (b, w) = (black.count_ones() as usize, white.count_ones() as usize);
        let ranking = Multiset::new(&[b, w, cells.len() - b - w])
            .map_err(|e| SolveError::Unsupported(format!("too many arrangements: {e}")))?;
        let all = if cells.len() == 64 {
            u64::MAX
        } else {
            (1u64 << cells.len()) - 1
        };
        Ok(KnightSpace {
            template: *board,
            cells,
            jumps,
            ranking,
            all,
        })
    }

    /// The knights of `board` (which must have this space's squares).
    pub fn knights(&self, board: &Board) -> Knights {
        let (black, white) = board.masks();
        Knights {
            black: self.to_squares(black),
            white: self.to_squares(white),
        }
    }

    /// The board with `knights` on it.
    pub fn board(&self, knights: &Knights) -> Board {
        self.template
            .with_knights(self.to_cells(knights.black), self.to_cells(knights.white))
    }

    fn to_squares(&self, cells: u64) -> u64 {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| cells & (1 << c) != 0)
            .fold(0, |mask, (i, _)| mask | 1 << i)
    }

    fn to_cells(&self, squares: u64) -> u64 {
        cells_of(squares)
            .into_iter()
            .fold(0, |mask, i| mask | 1 << self.cells[i])
    }
}

/// A knight's jump as the searches play it: the colour that jumps and the
/// squares (indices among the board's squares) it leaves and lands on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Leap {
    /// Whether a black knight jumps.
    pub black: bool,
    /// The square it leaves.
    pub from: u8,
    /// The square it lands on.
    pub to: u8,
}

impl Rules for KnightSpace {
    type State = Knights;
    type Move = Leap;

    /// Black knights first, then white ones, each by ascending square.
    #[inline]
    fn moves(&self, k: &Knights, out: &mut Vec<Leap>) {
        let empty = self.all & !(k.black | k.white);
        for (mine, black) in [(k.black, true), (k.white, false)] {
            let mut knights = mine;
            while knights != 0 {
                let from = knights.trailing_zeros() as u8;
                knights &= knights - 1;
                let mut targets = self.jumps[usize::from(from)] & empty;
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    out.push(Leap { black, from, to });
                }
            }
        }
    }

    #[inline]
    fn apply(&self, k: &mut Knights, m: Leap) {
        let step = 1u64 << m.from | 1 << m.to;
        if m.black {
            k.black ^= step;
        } else {
            k.white ^= step;
        }
    }

    #[inline]
    fn undo(&self, k: &mut Knights, m: Leap) {
        self.apply(k, m);
    }

    #[inline]
    fn inverse(&self, m: Leap) -> Option<Leap> {
        Some(Leap {
            from: m.to,
            to: m.from,
            ..m
        })
    }
}

impl Ranked for KnightSpace {
    fn size(&self) -> u64 {
        perm_rank::Ranking::count(&self.ranking)
    }

    #[inline]
    fn rank(&self, k: &Knights) -> u64 {
        let empty = self.all & !(k.black | k.white);
        self.ranking
            .rank_masks_unchecked(&[k.black, k.white, empty])
    }

    fn unrank(&self, rank: u64) -> Knights {
        let masks = self
            .ranking
            .unrank_masks(rank)
            .expect("sweeps only unrank ranks below size()");
        Knights {
            black: masks[0],
            white: masks[1],
        }
    }
}
