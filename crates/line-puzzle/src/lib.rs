//! The line puzzle: a sliding-block puzzle (like the 15-puzzle) whose pieces
//! show quarter circles, A (upper left), B (upper right), C (lower left) and
//! D (lower right), so that pieces of one letter are interchangeable.
//!
//! Hiroi's board is 4x4 with 4 A, 3 B, 4 C, 4 D and the space at the top
//! right; this crate takes any board of up to 16 cells, any numbers of each
//! letter, the space anywhere, and any goal with the same pieces:
//!
//! - [`solve`] / [`Solver`]: shortest solutions by IDA*, with Hiroi's
//!   bound ([`Algorithm::IdaSeed`], the nearest-goal Manhattan distance) or
//!   with additive [`PatternDb`]s: over the letter groups {A, B} and {C, D}
//!   ([`Algorithm::IdaPdb`], the strongest bound, tables built in about a
//!   third of a second) or one per letter ([`Algorithm::IdaLetterPdb`],
//!   weaker, tables built in about 2 ms: the fastest for a one-off solve).
//! - [`replay`]: checks any solution with the rules alone.
//! - [`LineSpace`]: every arrangement as a ranked space for a whole-space
//!   sweep (`search_core::layers::Sweep`): 252,252,000 for Hiroi's board.
//!
//! No I/O, no panics on user input.
//!
//! # Example
//!
//! ```
//! use line_puzzle::{Algorithm, Board, replay, solve};
//!
//! let start = Board::from_rows(&["ACAS", "CDCA", "DBAB", "CDBD"])?;
//! let goal = Board::from_rows(&["ABAS", "CABD", "ACDB", "CDCD"])?;
//! let solution = solve(&start, &goal, Algorithm::IdaPdb)?.expect("reachable");
//! assert_eq!(solution.len(), 30); // Hiroi's problem 1
//! replay(&start, &goal, &solution.moves)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, Letter, MAX_CELLS, Move, MoveError};
pub use pdb::PatternDb;
pub use seed::seed_bound;
pub use solve::{
    Algorithm, GROUPS, LETTER_GROUPS, ReplayError, Solution, SolveError, Solver, can_reach,
    check_goal, replay, solve,
};
pub use space::LineSpace;

mod board;
mod pdb;
mod seed;
mod solve;
mod space;
