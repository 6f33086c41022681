//! Search statistics and the outcome of a search.

/// Counters kept by every search. They depend only on the puzzle and the
/// algorithm, never on timing or thread count, so they can be snapshotted.
///
/// # Example
///
/// ```
/// use search_core::{Budget, bfs::bfs_with, visited::HashVisited};
///
/// // Doubling or adding one, from 1 to 6: 1, 2, 3, 6.
/// let outcome = bfs_with(&1u32, |&n| [n + 1, n * 2], |&n| n == 6, HashVisited::default(), &Budget::default())?;
/// assert_eq!(outcome.found, Some(vec![1, 2, 3, 6]));
/// assert_eq!((outcome.stats.expanded, outcome.stats.generated), (3, 4)); // 1, 2, 3; 2, 3, 4, 6
/// assert!(outcome.stats.iterations.is_empty()); // not an iterative search
/// # Ok::<(), search_core::Interrupted>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Nodes created: for breadth-first searches the distinct states entered
    /// into the queue (the start excluded), for depth-first searches every
    /// child visited.
    pub generated: u64,
    /// One entry per iteration of an iterative-deepening search; empty for
    /// the others.
    pub iterations: Vec<Iteration>,
}

/// The counters of one iteration of an iterative-deepening search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Iteration {
    /// The cost bound of this iteration.
    pub bound: u32,
    /// Nodes expanded in this iteration.
    pub expanded: u64,
    /// Children visited in this iteration.
    pub generated: u64,
}

/// What a search found, with its statistics.
///
/// `found` is `None` when the search ran to completion and proved that no
/// goal can be reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome<T> {
    /// The path, count or other answer, if a goal was reached.
    pub found: Option<T>,
    /// The search's counters.
    pub stats: Stats,
}

/// A solution of a depth-first search: the moves from the start and their
/// total cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path<M> {
    /// The moves, in order from the start.
    pub moves: Vec<M>,
    /// The sum of the moves' costs.
    pub cost: u32,
    /// Where the search's own answer shows that its bound overestimated
    /// (IDA*, see [`crate::ida`]): the path is then not proven optimal.
    /// `None` for every breadth-first search.
    pub inadmissible: Option<crate::ida::Inadmissible>,
}
