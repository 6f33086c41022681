//! Knight swap: black and white knights exchange places on a small board,
//! one knight's move at a time, never capturing.
//!
//! The puzzle of the Perl article on exchanging knights: three black knights on the top row of a board three
//! wide and four high, three white knights on the bottom row; exchange
//! them. This crate takes any board of up to 64 cells, with cells that are
//! not squares (`#`), any numbers of knights and any goal, and answers with
//! proof:
//!
//! - [`solve`] finds a shortest solution and counts the shortest solutions,
//!   after a breadth-first sweep over every arrangement reachable from the
//!   start (one byte each in a dense table ranked by [`KnightSpace`]), so
//!   the minimum is proven; an unreachable goal is an answer, `None`.
//! - [`explore`] keeps that sweep: the distance of every arrangement from
//!   the start and the farthest ones.
//! - [`routes`] names the knights as the article does (`A`, `B`, `C` and `X`,
//!   `Y`, `Z`) and gives each knight's route in the article's notation
//!   (`2:3:8:3:8:9`), retreats included.
//! - [`replay`] checks any claimed solution with the rules alone.
//!
//! No I/O, no panics on user input.
//!
//! # Example
//!
//! ```
//! use knight_swap::{Board, replay, routes, solve};
//!
//! let start = Board::from_rows(&["bbb", "...", "...", "www"])?;
//! let goal = Board::from_rows(&["www", "...", "...", "bbb"])?;
//! let solution = solve(&start, &goal)?.expect("reachable");
//! assert_eq!(solution.len(), 16);
//! replay(&start, &goal, &solution.moves)?;
//! let routes = routes(&start, &solution.moves).unwrap();
//! assert_eq!(routes.iter().map(|r| r.moves()).sum::<usize>(), 16);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, Cell, MAX_CELLS, Move, MoveError};
pub use solve::{
    Exploration, ReplayError, Route, Solution, SolveError, check_goal, explore, named_boards,
    replay, routes, solve,
};
pub use space::{KnightSpace, Knights};

mod board;
mod solve;
mod space;
