//! The line puzzle: a 4x4 sliding-block puzzle whose pieces show quarter
//! circles (A, B, C, D), so that pieces of one letter are interchangeable.
//!
//! This crate will hold the board (any counts of A, B, C and D and one
//! space), its moves and replay check, the seed's IDA* with the
//! nearest-goal Manhattan bound, additive pattern databases over letter
//! groups, and the whole space of 252,252,000 arrangements as a ranked space
//! for a layered sweep. Nothing is implemented yet.
#![deny(missing_docs)]
