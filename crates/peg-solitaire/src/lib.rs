//! Peg solitaire on square and triangular lattices: a peg jumps over a
//! neighbour into an empty hole and removes it; a move is a chain of jumps by
//! one peg.
//!
//! This crate will hold boards read from pictures, jump tables and
//! symmetries derived from the geometry, the fewest-moves search with its
//! lower bounds, and the counting of optimal solutions. Nothing is
//! implemented yet.
#![deny(missing_docs)]
