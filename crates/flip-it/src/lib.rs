//! Flip It (Nob Yoshigahara's puzzle): on an N x N board of black and white
//! pieces around one empty cell, a piece on a line through the empty cell,
//! at least two cells away, jumps into it and turns over every piece it
//! jumps; the goal is every piece white, the empty cell anywhere.
//!
//! - [`Board`]: 3x3 to 5x5 boards, any colours, any empty cell, played by
//!   the rules of its [`Variant`]: jumps along rows and columns (the
//!   original puzzle, [`Board::from_rows`]), or along diagonals too
//!   ([`Board::from_rows_in`]).
//! - [`Move`]: the piece's cell and the empty cell, written `8-5`.
//! - [`solve`] with [`SolveOptions`]: [`Algorithm::Bidirectional`] (from the
//!   start and all the goals at once, the default), [`Algorithm::Bfs`] (one
//!   visited bit per placement) or [`Algorithm::IdaCorners`] (M. Hiroi's
//!   iterative deepening with its corner bound); each proves its solution
//!   shortest. [`replay`] checks any solution with the rules alone.
//! - [`FlipSpace`]: every placement of a board size as a ranked space, for
//!   a whole-space sweep (`search_core::layers::Sweep`), with the eight
//!   symmetries of the square to count classes of placements.
//! - [`FlipIt`]: the puzzle as a [`Puzzle`], for code generic over puzzles.
//!
//! No I/O, no panics on user input.
//!
//! # Example
//!
//! ```
//! use flip_it::{Algorithm, Board, Goal, SolveOptions, replay, solve};
//!
//! let start = Board::from_rows(&["BBBB", "BSBB", "BBBB", "BBBB"])?;
//! let options = SolveOptions { algorithm: Algorithm::Bfs, ..SolveOptions::default() };
//! let solution = solve(&start, &Goal::EveryPieceWhite, &options)?.found.unwrap();
//! assert_eq!(solution.len(), 22);
//! assert!(solution.optimal);
//! assert!(solution.end().is_solved());
//! assert_eq!(solution.moves[0].to_string(), "7-5");
//! replay(&start, &Goal::EveryPieceWhite, &solution.moves)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, Move, MoveError, SIZES, Variant};
pub use puzzle::FlipIt;
pub use search_core::puzzle::{Puzzle, SolveError};
pub use search_core::{Budget, Interrupted, Outcome, Progress, Reason, Stats};
pub use solve::{Algorithm, Goal, SolveOptions, corner_bound, replay, solve};
pub use space::{FlipSpace, Jump};

/// A solution: the moves, the boards they pass through, and whether their
/// number is proven least.
pub type Solution = search_core::puzzle::Solution<Move, Board>;

/// Why a claimed solution is not one.
pub type ReplayError = search_core::replay::ReplayError<MoveError, Board>;

mod board;
#[cfg(feature = "serde")]
pub mod fixture;
mod puzzle;
mod rules;
mod solve;
mod space;

pub(crate) use rules::Jumps;
