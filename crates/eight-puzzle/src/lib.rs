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
//! - [`Algorithm::IdaPdb`]: IDA* with additive disjoint [`PatternDb`]s
//!   (6-6-3 or 7-8 on the 15-puzzle, see [`Partition`]), built for the call
//!   or given in [`SolveOptions::pattern_db`], optionally also over the
//!   board reflected about its diagonal ([`SolveOptions::reflect`]); the
//!   tables serialise to bytes with a checksum
//!   ([`PatternDb::to_bytes`], [`PatternDb::from_bytes`]).
//! - [`SlidingSpace`]: the boards of one shape as a ranked space, for a
//!   whole-space sweep with [`search_core::layers::Sweep`] (the distance of
//!   every 8-puzzle arrangement from the goal: at most 31).
//!
//! The crate follows the workspace's puzzle contract
//! ([`search_core::puzzle`]): one [`solve`] taking [`SolveOptions`], a
//! [`Solution`] of [`Move`]s (the tile that slides, written `5`), [`replay`],
//! and the unit type [`EightPuzzle`] implementing [`Puzzle`]. It does no I/O
//! and never panics on user input.
//!
//! # Example
//!
//! ```
//! use eight_puzzle::{Algorithm, Board, SolveOptions, replay, solve};
//!
//! let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
//! let goal = Board::solved(3, 3)?;
//! let options = SolveOptions::with_algorithm(Algorithm::Bfs);
//! let outcome = solve(&start, &goal, &options)?;
//! assert_eq!(outcome.stats.generated, 181_438);
//! let solution = outcome.found.expect("reachable");
//! assert_eq!((solution.len(), solution.optimal), (31, true));
//! assert_eq!(solution.moves[0].to_string(), "5"); // the 5 slides down
//! assert_eq!(replay(&start, &goal, &solution.moves)?, solution.boards());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, MAX_CELLS, Move, MoveError};
pub use bounds::{Conflicts, Group, LinearConflict, MAX_GROUP, Manhattan, Placed};
pub use pdb::{Partition, PatternDb, PdbError};
pub use puzzle::EightPuzzle;
pub use rules::{PRUNING_DEPTH, Slide, SlidingSpace, Transpose, automaton};
pub use search_core::puzzle::{Puzzle, SolveError, Standard};
pub use search_core::{Budget, Interrupted, Outcome, Progress, Reason, Stats};
pub use solve::{
    Algorithm, MAX_BFS_CELLS, MAX_TABLES, ReplayError, SolveOptions, check_goal, check_reflection,
    reflection_note, replay, solve,
};

/// A shortest solution: the tiles moved, and the boards from the start.
pub type Solution = search_core::puzzle::Solution<Move, Board>;

mod board;
mod bounds;
#[cfg(feature = "serde")]
pub mod fixture;
mod pdb;
mod puzzle;
mod rules;
mod solve;
