//! Flip It: on an N x N board of black and white pieces and one empty cell,
//! a piece jumps along a line into the empty cell and turns over every piece
//! it passes; the goal is all white.
//!
//! This crate will hold the board, the orthogonal and diagonal rule sets,
//! the replay check, the solvers (BFS over a dense table, bidirectional BFS,
//! IDA* with the corner bound) and the whole space as a ranked space for a
//! layered sweep. Nothing is implemented yet.
#![deny(missing_docs)]
