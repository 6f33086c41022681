//! Boards the test files share.

/// The 15-hole triangle, full.
pub const TRIANGLE: [&str; 5] = [
    "    o    ",
    "   o o   ",
    "  o o o  ",
    " o o o o ",
    "o o o o o",
];
