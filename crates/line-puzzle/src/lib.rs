//! The line puzzle: a sliding-block puzzle (like the 15-puzzle) whose pieces
//! show quarter circles, A (upper left), B (upper right), C (lower left) and
//! D (lower right), so that pieces of one letter are interchangeable.
//!
//! Hiroi's board is 4x4 with 4 A, 3 B, 4 C, 4 D and the space at the top
//! right; this crate takes any board of up to 16 cells, any numbers of each
//! letter, the space anywhere, and any goal with the same pieces:
//!
//! - [`solve`]: shortest solutions by IDA*, with M. Hiroi's bound
//!   ([`Algorithm::IdaHiroi`], the nearest-goal Manhattan distance of
//!   "Puzzle DE Programming", [`hiroi_bound`]) or with additive
//!   [`PatternDb`]s: one per letter ([`Algorithm::IdaLetterPdb`], the
//!   default: tables built in about 2 ms, the fastest for a one-off solve)
//!   or over the letter groups {A, B} and {C, D} ([`Algorithm::IdaPdb`],
//!   the strongest bound, tables built in about a third of a second).
//! - [`Solver`]: a goal with its tables built, for many starts.
//! - [`replay`]: checks any solution with the rules alone.
//! - [`LineSpace`]: every arrangement as a ranked space for a whole-space
//!   sweep (`search_core::layers::Sweep`): 252,252,000 for Hiroi's board.
//!
//! The crate follows the workspace's puzzle contract
//! ([`search_core::puzzle`]): one [`solve`] taking [`SolveOptions`], a
//! [`Solution`] of [`Move`]s written `from-to` (cells numbered row by row
//! from 0), [`replay`], and the unit type [`LinePuzzle`] implementing
//! [`Puzzle`]. No I/O, no panics on user input.
//!
//! # Example
//!
//! ```
//! use line_puzzle::{Algorithm, Board, SolveOptions, replay, solve};
//!
//! let start = Board::from_rows(&["ACAS", "CDCA", "DBAB", "CDBD"])?;
//! let goal = Board::from_rows(&["ABAS", "CABD", "ACDB", "CDCD"])?;
//! let options = SolveOptions::with_algorithm(Algorithm::IdaPdb);
//! let outcome = solve(&start, &goal, &options)?;
//! let solution = outcome.found.expect("reachable");
//! assert_eq!((solution.len(), solution.optimal), (30, true)); // Hiroi's problem 1
//! assert_eq!(solution.moves[0].to_string(), "7-3"); // the A on cell 7 slides up
//! assert_eq!(replay(&start, &goal, &solution.moves)?, solution.boards());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, Letter, MAX_CELLS, Move, MoveError};
pub use hiroi::{NearestGoal, hiroi_bound};
pub use pdb::PatternDb;
pub use puzzle::LinePuzzle;
pub use search_core::puzzle::{Puzzle, SolveError, Standard};
pub use search_core::{Budget, Interrupted, Outcome, Progress, Reason, Stats};
pub use solve::{
    Algorithm, GROUPS, LETTER_GROUPS, ReplayError, SolveOptions, Solver, can_reach, check_goal,
    memory_needed, replay, solve,
};
pub use space::{LineSpace, Step};

/// A shortest solution: the moves, and the boards from the start.
pub type Solution = search_core::puzzle::Solution<Move, Board>;

mod board;
#[cfg(feature = "serde")]
pub mod fixture;
mod hiroi;
mod pdb;
mod puzzle;
mod solve;
mod space;
