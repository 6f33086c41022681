//! The integration tests, in one binary (one link instead of one per file).

/// The referee: a plain breadth-first search over the public rules, which
/// `against_referee.rs` holds every solver against (the fuzz target shares it).
#[path = "../common/referee.rs"]
mod referee;

mod against_referee;
mod line_puzzle;
