//! Boards the test files and the benchmarks share, and the brute force
//! the tests check the searches against.

#[allow(dead_code, reason = "the benchmarks use part of it")]
pub mod brute;

/// The 15-hole triangle, full.
#[allow(dead_code, reason = "the benchmarks use part of it")]
pub const TRIANGLE: [&str; 5] = [
    "    o    ",
    "   o o   ",
    "  o o o  ",
    " o o o o ",
    "o o o o o",
];

/// The English board, 33 holes, its centre empty (the central game).
#[allow(dead_code, reason = "the benchmarks use part of it")]
pub const ENGLISH: [&str; 7] = [
    "  ooo  ", "  ooo  ", "ooooooo", "ooo.ooo", "ooooooo", "  ooo  ", "  ooo  ",
];

/// M. Hiroi's 21-hole triangular board, hole 6 empty.
#[allow(dead_code, reason = "the benchmarks use part of it")]
pub const SEED: [&str; 7] = [
    "     o o     ",
    "      o      ",
    "     o o     ",
    "    o . o    ",
    "   o o o o   ",
    "o o o o o o o",
    " o         o ",
];
