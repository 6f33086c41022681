//! Knight swap: black and white knights exchange places on a small board,
//! one knight's move at a time, never capturing.
//!
//! The puzzle of the Perl article on exchanging knights: three black knights on the top row of a board three
//! wide and four high, three white knights on the bottom row; exchange
//! them. This crate takes any board of up to 64 cells, with cells that are
//! not squares (`#`), any numbers of knights and any goal, and answers with
//! proof:
//!
//! - [`solve`] with [`SolveOptions`] finds a shortest solution, proven, by
//!   [`Algorithm::Sweep`] (every arrangement reachable from the start, one
//!   byte each in a dense table ranked by [`KnightSpace`], the default) or
//!   [`Algorithm::Bidirectional`] (breadth first from both ends); an
//!   unreachable goal is an answer, `found: None`. A move is written `8-3`.
//! - [`explore`] keeps that sweep: the distance of every arrangement from
//!   the start, the farthest ones, and the number of shortest solutions
//!   to any goal ([`Exploration::count_solutions`]).
//! - [`routes`] names the knights as the article does (`A`, `B`, `C` and `X`,
//!   `Y`, `Z`) and gives each knight's route in the article's notation
//!   (`2:3:8:3:8:9`), retreats included.
//! - [`replay`] checks any claimed solution with the rules alone.
//! - [`KnightSwap`]: the puzzle as a [`Puzzle`], for code generic over
//!   puzzles.
//!
//! No I/O, no panics on user input.
//!
//! # Example
//!
//! ```
//! use knight_swap::{Board, SolveOptions, explore, replay, routes, solve};
//!
//! let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
//! let goal = start.exchanged();
//! let solution = solve(&start, &goal, &SolveOptions::default())?.found.expect("reachable");
//! assert_eq!(solution.len(), 16);
//! assert!(solution.optimal);
//! replay(&start, &goal, &solution.moves)?;
//! let routes = routes(&start, &solution.moves)?;
//! assert_eq!(routes.iter().map(|r| r.moves()).sum::<usize>(), 16);
//! assert_eq!(explore(&start, 1 << 20)?.count_solutions(&goal)?, 98_496);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, Cell, MAX_CELLS, Move, MoveError};
pub use puzzle::KnightSwap;
pub use search_core::puzzle::{Puzzle, SolveError, Standard};
pub use search_core::{Budget, Interrupted, Outcome, Progress, Reason, Stats};
pub use solve::{
    Algorithm, Exploration, Route, RouteError, SolveOptions, check_goal, explore, named_boards,
    replay, routes, solve,
};
pub use space::{KnightSpace, Knights, Leap};

/// A solution: the moves, the boards they pass through, and whether their
/// number is proven least.
pub type Solution = search_core::puzzle::Solution<Move, Board>;

/// Why a claimed solution is not one.
pub type ReplayError = search_core::replay::ReplayError<MoveError, Board>;

mod board;
#[cfg(feature = "serde")]
pub mod fixture;
mod puzzle;
pub mod report;
mod solve;
mod space;
