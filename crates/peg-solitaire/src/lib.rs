//! Peg solitaire on square and triangular lattices: a peg jumps over a
//! neighbour into an empty hole and removes it; a move is a chain of jumps by
//! one peg.
#![deny(missing_docs)]

pub use board::{Board, BoardError, Geometry, Jump, JumpError, Lattice, MAX_HOLES};
pub use levels::{
    BYTES_PER_POSITION, LevelOptions, LevelReport, MoveLevels, explore_moves, find_solution,
};
pub use solve::{
    PegClassPruning, ReplayError, Solution, SolveError, SolveOptions, check_goal,
    count_jump_sequences, count_position_sequences, move_count, move_groups, notation,
    peg_class_pruning, replay, solve,
};

mod board;
mod levels;
mod solve;
