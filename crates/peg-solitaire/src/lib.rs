//! Peg solitaire on square and triangular lattices: a peg jumps over a
//! neighbour into an empty hole behind it and removes it; a *move* is a
//! chain of one or more jumps by the same peg. The fewest moves proven, and
//! the optimal solutions counted.
//!
//! - [`Board`] reads a board drawn as rows (`o` a peg, `.` an empty hole,
//!   a space no hole) on a [`Lattice`]; its [`Geometry`] derives the jumps
//!   (in Hiroi's table order), the symmetries (the lattice's rotations
//!   and reflections that map the holes onto themselves) and the peg
//!   classes (the holes a peg can ever reach) from the holes' positions.
//! - [`solve`]: the fewest moves by IDA* over single jumps (a jump that
//!   continues the last jump's peg costs nothing), with Hiroi's corner
//!   bound generalised: every peg in a hole that no jump passes over and
//!   that the goal leaves empty needs a move of its own; and a peg class
//!   with fewer pegs than the goal has there is dead.
//! - [`count_jump_sequences`] and [`count_position_sequences`] count the
//!   optimal solutions (defined below), memoised, without listing them.
//! - [`peg_class_pruning`] is Hiroi's pruning, derived from the board
//!   and offered only where the proof below holds.
//! - [`meet_moves`]: breadth-first levels by moves from the start and, by
//!   backward moves (chains of un-jumps by one peg), from the goal, over
//!   positions up to the symmetries that keep both, until one move joins
//!   them: the minimum on boards too big for IDA* (the English board's 18
//!   moves in about a second).
//! - [`explore_moves`]: a breadth-first search by moves over positions up to
//!   symmetry from the start alone, which gives every distance from a start
//!   at once.
//! - [`count_by_jumps`]: the positions after each number of jumps, the
//!   solvable ones, and the number of jump sequences that solve the game;
//!   with [`JumpOptions::solvable_only`], the last two alone, by levels by
//!   jumps grown from both ends until they meet (from the start alone to the
//!   middle when the goal is the start's [`Board::complement`]).
//! - [`problems`]: the fewest moves from every one-hole start to every
//!   one-peg finish of a board, impossible pairs sorted out first by the
//!   class rule ([`JumpSpan`]); [`problems_by_jumps`], the same answers for
//!   bigger boards, every finish of a start at once.
//! - [`find_solution`]: one solution, however many moves, in milliseconds.
//! - [`replay`] checks any claimed solution with the rules alone;
//!   a [`Move`] is written `12-14-6` (the holes its peg visits), and
//!   [`notation`] writes jumps in Hiroi's move groups, `[14, 6][11, 9]`.
//! - [`PegSolitaire`] is the puzzle under the workspace's contract
//!   ([`Puzzle`]): [`solve`] with an [`Algorithm`] in its [`SolveOptions`],
//!   a [`Solution`] of [`Move`]s, the shared [`SolveError`].
//!
//! No I/O, no panics on user input.
//!
//! # What is counted
//!
//! Moves are counted as M. Hiroi counts them: in a sequence of jumps, a jump
//! continues the current move when it starts in the hole where the jump
//! before it landed, and starts a new move otherwise ([`move_groups`]).
//! With `m` the fewest moves from the start to the goal:
//!
//! - *jump sequences* ([`count_jump_sequences`]): the distinct sequences of
//!   jumps from the start to the goal that make exactly `m` moves; with a
//!   fixed first jump, those that begin with it (Hiroi's 96 on its
//!   21-hole board, first jump 14 -> 6).
//! - *position sequences* ([`count_position_sequences`]): the distinct
//!   sequences of positions (the start, the position after each move, the
//!   goal) of length `m` in which each position is one move from the one
//!   before. Jump sequences that pass through the same positions move by
//!   move count once: a peg that runs round a triangle of holes one way or
//!   the other removes the same pegs and lands in the same hole.
//!
//! # Why Hiroi's pruning loses nothing
//!
//! Let *corners* be the holes no jump passes over, and *guarded* the peg
//! classes of the holes that jumps from corners pass over.
//! [`peg_class_pruning`] applies when `L`, the number of corners with a peg
//! at the start and none in the goal, is not zero and equals `R`, the
//! number of guarded pegs at the start less the number in the goal. Then,
//! in any solution:
//!
//! 1. A peg never leaves its class, so the guarded pegs are never
//!    replenished: exactly `R` jumps pass over a guarded hole (each removes
//!    one guarded peg).
//! 2. Each of the `L` pegs that start in a corner the goal leaves empty must
//!    leave it (nothing can jump over it to remove it), and its first jump,
//!    from a corner, passes over a guarded hole. These are `L` distinct
//!    jumps (the first jumps of distinct pegs).
//! 3. `L = R`, so these are all the jumps over guarded holes: no jump from a
//!    hole that is not a corner passes over a guarded hole.
//!
//! The jumps the pruning forbids therefore occur in no solution, and every
//! solution and every count survives it. On Hiroi's board `L = R = 6`
//! (corners 0, 1, 12, 18, 19, 20; guarded class 2, 5, 7, 13, 15, 17), and
//! the counts with and without the pruning agree, as the tests check.
//!
//! # Example
//!
//! ```
//! use peg_solitaire::{Algorithm, Board, Lattice, SolveOptions, count_jump_sequences, replay, solve};
//!
//! let start = Board::from_rows_in(Lattice::Triangular, &[
//!     "     o o     ",
//!     "      o      ",
//!     "     o o     ",
//!     "    o . o    ",
//!     "   o o o o   ",
//!     "o o o o o o o",
//!     " o         o ",
//! ])?;
//! let goal = start.with_pegs(1 << 6).unwrap(); // one peg, in hole 6
//! let first = start.jumps().into_iter().find(|j| (j.from, j.to) == (14, 6)).unwrap();
//! let options = SolveOptions {
//!     algorithm: Algorithm::IdaCorners,
//!     first_jump: Some(first),
//!     pruning: true,
//!     ..Default::default()
//! };
//! let solution = solve(&start, &goal, &options)?.found.unwrap();
//! assert_eq!(solution.len(), 12);
//! assert_eq!(solution.moves[6].to_string(), "12-14-6");
//! replay(&start, &goal, &solution.moves)?;
//! assert_eq!(count_jump_sequences(&start, &goal, 12, &options)?.found, Some(96));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub use board::{Board, BoardError, Jump, MAX_HOLES, Move, MoveError};
pub use classes::JumpSpan;
pub use geometry::{Geometry, Lattice};
pub use jumps::{JUMP_BYTES_PER_POSITION, JumpCensus, JumpOptions, count_by_jumps};
pub use levels::{BYTES_PER_POSITION, LevelOptions, MoveLevels, explore_moves, find_solution};
pub use meet::{MEET_BYTES_PER_POSITION, MeetOptions, Meeting, meet_moves};
pub use problems::{
    Problem, ProblemsReport, ProblemsStage, problems, problems_by_jumps, problems_by_starts,
};
pub use puzzle::PegSolitaire;
/// What the searches by levels report after each level.
pub use search_core::levels::LevelReport;
pub use search_core::puzzle::Puzzle;
pub use search_core::{Budget, Interrupted, Outcome, Progress, Reason, Stats};
pub use shortest::{ShortestProblem, shortest_problem};
pub use solution::{
    ReplayError, Solution, move_count, move_groups, move_notations, notation, replay, replay_jumps,
    solution_jumps,
};
pub use solve::{
    Algorithm, PegClassPruning, SolveError, SolveOptions, check_goal, count_jump_sequences,
    count_position_sequences, peg_class_pruning, solve,
};

mod board;
pub mod checks;
mod classes;
#[cfg(feature = "serde")]
pub mod fixture;
mod geometry;
mod jumps;
mod levels;
mod meet;
mod moves;
mod pagoda;
mod problems;
mod puzzle;
pub mod report;
mod shortest;
mod solution;
mod solve;
