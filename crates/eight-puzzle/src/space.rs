//! The sliding-tile boards of one shape as a ranked state space.

use perm_rank::{Lehmer, Ranking};
use search_core::layers::RankedSpace;

use crate::Board;
use crate::rank::{NOWHERE, Ranked, Shape};

/// All arrangements of one board shape, ranked by the Lehmer code of their
/// tiles read row by row (M. Hiroi's numbering: `8 6 7 2 5 4 3 0 1` is
/// 357,478), so that a search keeps its tables in arrays of `cells!` entries.
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, SlidingSpace};
/// use search_core::layers::{RankedSpace, Sweep, Table};
///
/// let space = SlidingSpace::new(3, 3)?;
/// let seed = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// assert_eq!(space.rank(&seed), 357_478);
///
/// let layers = Sweep::new(Table::Bytes).run(&space, [Board::solved(3, 3)?], |_| {})?;
/// assert_eq!(layers.reachable(), 181_440);
/// assert_eq!(layers.max_distance(), Some(31));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct SlidingSpace {
    width: u8,
    height: u8,
    lehmer: Lehmer,
    shape: Shape,
}

impl SlidingSpace {
    /// The boards of `width x height` cells (checked as for [`Board::new`]).
    pub fn new(width: usize, height: usize) -> Result<Self, crate::BoardError> {
        // The solved board validates the shape.
        let board = Board::solved(width, height)?;
        Ok(SlidingSpace {
            width: board.width() as u8,
            height: board.height() as u8,
            lehmer: Lehmer::new(board.cells()).expect("16 cells are within Lehmer's 20"),
            shape: Shape::new(width, height),
        })
    }

    /// The move table of this shape.
    pub(crate) fn shape(&self) -> &Shape {
        &self.shape
    }

    /// `board` as a node of a breadth-first search.
    pub(crate) fn node(&self, board: &Board) -> Ranked {
        Ranked {
            packed: board.packed(),
            rank: self.rank(board),
            blank: board.blank() as u8,
            came_from: NOWHERE,
        }
    }

    /// The board of a search node.
    pub(crate) fn board(&self, node: &Ranked) -> Board {
        Board::from_packed(self.width, self.height, node.packed)
    }

    fn cells(&self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }
}

impl RankedSpace for SlidingSpace {
    type State = Board;

    fn size(&self) -> u64 {
        self.lehmer.count()
    }

    #[inline]
    fn rank(&self, board: &Board) -> u64 {
        self.lehmer
            .rank(&board.tile_array()[..self.cells()])
            .expect("a board holds a permutation of its cells")
    }

    fn unrank(&self, rank: u64) -> Board {
        let mut tiles = [0u8; crate::board::MAX_CELLS];
        self.lehmer
            .unrank(rank, &mut tiles[..self.cells()])
            .expect("sweeps only unrank ranks below size()");
        Board::from_valid(self.width, self.height, &tiles[..self.cells()])
    }

    #[inline]
    fn neighbours<F: FnMut(Board)>(&self, board: &Board, visit: F) {
        board.neighbours().for_each(visit);
    }

    #[inline]
    fn ranked_neighbours<F: FnMut(Board, u64)>(&self, board: &Board, rank: u64, mut visit: F) {
        let node = Ranked {
            packed: board.packed(),
            rank,
            blank: board.blank() as u8,
            came_from: NOWHERE,
        };
        for next in self.shape.successors(node) {
            visit(self.board(&next), next.rank);
        }
    }
}
