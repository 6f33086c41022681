//! Puzzle-agnostic state-space search.
//!
//! The algorithms that solve puzzles optimally, written once and generic over
//! the puzzle: none of them knows any puzzle. Breadth-first searches take
//! closures, in the style of the `pathfinding` crate (a successor function, a
//! goal predicate, `Option` of a path); depth-first and whole-space searches
//! take a puzzle through a small trait.
//!
//! | module | what | puzzle given as |
//! | --- | --- | --- |
//! | [`rules`] | the contract: a puzzle's [`Rules`](rules::Rules), optionally [`Ranked`](rules::Ranked) | |
//! | [`bfs`] | shortest path, hash or dense-bit visited set | [`rules::Rules`] or closures |
//! | [`bidirectional`] | shortest path from both ends | [`rules::Rules`] or closures |
//! | [`ida`] | IDA* and iterative deepening, on one core or all, any bound, move costs, a certificate of its answer | [`rules::Rules`] and a [`bound::Bound`], or closures |
//! | [`bound`] | lower bounds updated move by move, combined: maximum, sum, through a symmetry | [`bound::Bound`] |
//! | [`prune`] | an automaton of move sequences IDA* need never play, proven safe | [`prune::Operators`] |
//! | [`count`] | the number of optimal solutions, without listing them | [`rules::Rules`] or closures |
//! | [`layers`] | distances of a whole ranked space, in parallel, one loop over a chosen storage | [`rules::Ranked`] |
//! | [`levels`] | levels of states kept as sorted keys, in parallel, canonical under symmetries | an expansion closure |
//! | [`pdb`] | pattern databases for any abstraction, cached as checked bytes | [`pdb::Abstraction`] |
//! | [`grid`] | cells, steps, distances and symmetries of rectangles, bitboards | |
//! | [`memo`] | values built once per process and shared, by key | |
//! | [`par`] | parallel loops over chunks of a slice, for specialised table builds | closures |
//! | [`visited`] | visited sets and records of sides, hashed or dense | |
//! | [`replay`] | checking a solution with the puzzle's own rules | a `play` function |
//! | `fixture` | the fixture format (feature `serde`) | |
//! | [`puzzle`] | the contract every puzzle crate follows: one API shape | [`puzzle::Puzzle`] |
//!
//! Every search reports deterministic [`Stats`] (nodes expanded and
//! generated, per-iteration counters) and honours a [`Budget`] (a node limit
//! and a cancellation flag).
//!
//! # Example
//!
//! The fewest moves of a knight from one corner of a 3x3 board to the other,
//! by BFS and by IDA* with a lower bound of zero.
//!
//! ```
//! use search_core::bfs::bfs;
//!
//! let jumps = |&(x, y): &(i8, i8)| {
//!     [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
//!         .into_iter()
//!         .map(move |(dx, dy)| (x + dx, y + dy))
//!         .filter(|&(x, y)| (0..3).contains(&x) && (0..3).contains(&y))
//! };
//! let path = bfs(&(0, 0), jumps, |&p| p == (2, 2)).unwrap();
//! assert_eq!(path.len(), 5); // four jumps
//! ```
#![deny(missing_docs)]

pub use budget::{Budget, Interrupted, Progress, Reason};
pub use bytes::Bytes;
pub use stats::{Iteration, Outcome, Path, Stats};

pub mod bfs;
pub mod bidirectional;
pub mod bound;
pub mod count;
#[cfg(feature = "serde")]
pub mod fixture;
pub mod grid;
pub mod ida;
pub mod layers;
pub mod levels;
pub mod memo;
pub mod par;
pub mod pdb;
pub mod prune;
pub mod puzzle;
pub mod replay;
pub mod rules;
pub mod text;
pub mod visited;

mod budget;
mod bytes;
mod stats;
mod stored;

/// The algorithms, for `use search_core::prelude::*`.
pub mod prelude {
    pub use crate::bfs::{bfs, bfs_with};
    pub use crate::bidirectional::{bfs_bidirectional, bfs_bidirectional_with};
    pub use crate::bound::{Bound, Computed, DEAD, Max, Mirrored, Sum, Symmetry, Zero};
    pub use crate::count::{PathCount, count_paths, count_shortest_paths};
    pub use crate::ida::{Ida, IdaOptions, Inadmissible, idastar, idastar_with};
    pub use crate::layers::{
        DistanceTable, LayerReport, Layers, ResidueTable, Storage, Sweep, Table,
    };
    pub use crate::levels::{BitSymmetries, LevelReport, LevelSearch, Levels, expand_level};
    pub use crate::prune::{Automaton, Labelled, Operators};
    pub use crate::puzzle::{Puzzle, Solution, SolutionOf, SolveError, Standard};
    pub use crate::replay::{ReplayError, replay};
    pub use crate::rules::{Ranked, Rules};
    pub use crate::visited::{
        DenseSides, DenseVisited, HashSides, HashVisited, Side, Sides, Visited,
    };
    pub use crate::{Budget, Bytes, Interrupted, Outcome, Path, Progress, Reason, Stats};
}
