//! Flip It (Nob Yoshigahara's puzzle): on an N x N board of black and white
//! pieces around one empty cell, a piece on a line through the empty cell,
//! at least two cells away, jumps into it and turns over every piece it
//! jumps; the goal is every piece white, the empty cell anywhere.
//!
//! - [`Board`]: 3x3 to 5x5 boards, any colours, any empty cell.
//! - [`Variant`]: jumps along rows and columns (the original puzzle), or along
//!   diagonals too.
//! - [`solve`] with [`Algorithm::Bfs`] (one visited bit per placement),
//!   [`Algorithm::Bidirectional`] (from the start and all the goals at
//!   once), or [`Algorithm::IdaCorners`] (M. Hiroi's iterative deepening with
//!   its corner bound), and [`replay`] to check any solution.
//! - [`FlipSpace`]: every placement of a board size as a ranked space, for
//!   a whole-space sweep (`search_core::layers::Sweep`), with the eight
//!   symmetries of the square to count classes of placements.
//!
//! No I/O, no panics on user input.
//!
//! # Example
//!
//! ```
//! use flip_it::{Algorithm, Board, Variant, replay, solve};
//!
//! let start = Board::from_rows(&["BBBB", "BSBB", "BBBB", "BBBB"])?;
//! let solution = solve(&start, Variant::Orthogonal, Algorithm::Bfs)?.unwrap();
//! assert_eq!(solution.len(), 22);
//! assert!(solution.boards.last().unwrap().is_solved());
//! replay(&start, Variant::Orthogonal, &solution.jumps())?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, Jump, MoveError, SIZES, Variant};
pub use solve::{
    Algorithm, ReplayError, Solution, SolveError, corner_bound, replay, solve, solve_with,
};
pub use space::FlipSpace;

mod board;
mod rules;
mod solve;
mod space;

pub(crate) use rules::Rules;
