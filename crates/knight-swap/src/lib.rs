//! Knight swap: black and white knights exchange places on a small board,
//! one knight's move at a time.
//!
//! This crate will hold boards of any shape, the moves and replay check,
//! the shortest solution by BFS over a dense table of colour-only states,
//! the number of shortest solutions, and the seed's view of each knight's
//! route. Nothing is implemented yet.
#![deny(missing_docs)]
