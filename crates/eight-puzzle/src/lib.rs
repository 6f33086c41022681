//! The 8-puzzle and its sliding-tile family, solved optimally.
//!
//! Tiles `1..n` and a blank on a board of at most 16 cells (2x2 up to the
//! 15-puzzle's 4x4); a move slides a tile next to the blank into it. This
//! crate parses and validates boards, decides reachability by parity at
//! once, finds shortest solutions and checks any claimed solution by
//! replaying it:
//!
//! - [`Algorithm::Bfs`]: breadth-first search over a dense table indexed by
//!   the Lehmer rank of the board, as in M. Hiroi's program (one bit per arrangement).
//! - [`Algorithm::Bidirectional`]: breadth-first search from both ends.
//! - [`Algorithm::IdaManhattan`]: IDA* with the Manhattan bound, updated per move.
//! - [`Algorithm::IdaLinearConflict`]: IDA* with Manhattan distance plus
//!   linear conflicts.
//! - [`Algorithm::IdaPdb`] and [`solve_pdb`]: IDA* with additive disjoint
//!   [`PatternDb`]s (6-6-3 or 7-8 on the 15-puzzle, see [`Partition`]),
//!   optionally also over the board reflected about its diagonal; the
//!   tables serialise to bytes with a checksum
//!   ([`PatternDb::to_bytes`], [`PatternDb::from_bytes`]).
//! - [`SlidingSpace`]: the boards of one shape as a ranked space, for a
//!   whole-space sweep with [`search_core::layers::Sweep`] (the distance of
//!   every 8-puzzle arrangement from the goal: at most 31).
//!
//! The crate does no I/O and never panics on user input.
//!
//! # Example
//!
//! ```
//! use eight_puzzle::{Algorithm, Board, replay, solve};
//!
//! let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
//! let goal = Board::solved(3, 3)?;
//! let solution = solve(&start, &goal, Algorithm::Bfs)?.expect("reachable");
//! assert_eq!(solution.len(), 31);
//! assert_eq!(solution.stats.generated, 181_439);
//! replay(&start, &goal, &solution.moves())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, MAX_CELLS, MoveError};
pub use pdb::{Partition, PatternDb, PdbError};
pub use solve::{
    Algorithm, MAX_BFS_CELLS, ReplayError, Solution, SolveError, replay, solve, solve_pdb,
    solve_pdb_with_pruning, solve_with,
};
pub use space::SlidingSpace;

mod board;
mod manhattan;
mod pdb;
mod pdb_node;
mod rank;
mod solve;
mod space;
