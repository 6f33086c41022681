//! What the benchmarks share.

use std::fmt::Debug;

use search_core::Outcome;

/// What a solve found: a benchmark measures only solves that succeed.
pub fn found<T, E: Debug>(solved: Result<Outcome<T>, E>) -> T {
    solved.unwrap().found.expect("a solution")
}
