//! Breadth-first search for a shortest path.

use std::hash::Hash;

use crate::rules::{
    Ranked, RankedNode, Rules, moves_along, path_of, ranked_successors, successors,
};
use crate::visited::{DenseVisited, HashVisited, Visited};
use crate::{Budget, Interrupted, Outcome, Path, Stats};

/// A shortest path from `start` to a state `goal` accepts, over `rules`,
/// by breadth-first search with a hash-set visited set: [`bfs`] with the
/// rules' moves. `None` if no goal can be reached.
pub fn solve<R, FS>(rules: &R, start: &R::State, goal: FS) -> Option<Path<R::Move>>
where
    R: Rules,
    R::State: Eq + Hash,
    FS: FnMut(&R::State) -> bool,
{
    Budget::unlimited(|budget| solve_with(rules, start, goal, HashVisited::default(), budget))
}

/// A shortest path over a [`Ranked`] space by breadth-first search with
/// one bit a rank as its visited set (M. Hiroi's 8-puzzle program): every
/// node carries its rank, updated by [`Ranked::rank_after`], and the move
/// undoing the last is never generated. The statistics are those of
/// [`bfs_with`].
pub fn solve_ranked<R, FS>(
    rules: &R,
    start: &R::State,
    mut goal: FS,
    budget: &Budget,
) -> Result<Outcome<Path<R::Move>>, Interrupted>
where
    R: Ranked,
    FS: FnMut(&R::State) -> bool,
{
    let visited = DenseVisited::new(rules.size(), |n: &RankedNode<R::State, R::Move>| n.rank);
    let outcome = bfs_with(
        &RankedNode::new(rules, start.clone()),
        |n| ranked_successors(rules, n),
        |n| goal(&n.state),
        visited,
        budget,
    )?;
    Ok(Outcome {
        found: outcome.found.map(|nodes| {
            path_of(
                rules,
                nodes.into_iter().skip(1).filter_map(|n| n.last).collect(),
            )
        }),
        stats: outcome.stats,
    })
}

/// [`solve`] with a chosen visited set (a
/// [`DenseVisited`] over a rank makes it a
/// bit a state) and a budget: [`bfs_with`] with the rules' moves.
pub fn solve_with<R, FS, V>(
    rules: &R,
    start: &R::State,
    goal: FS,
    visited: V,
    budget: &Budget,
) -> Result<Outcome<Path<R::Move>>, Interrupted>
where
    R: Rules,
    R::State: PartialEq,
    FS: FnMut(&R::State) -> bool,
    V: Visited<R::State>,
{
    let next = |s: &R::State| successors(rules, s).map(|(_, n)| n);
    let outcome = bfs_with(start, next, goal, visited, budget)?;
    Ok(Outcome {
        found: outcome
            .found
            .map(|states| path_of(rules, moves_along(rules, &states).expect("a path of moves"))),
        stats: outcome.stats,
    })
}

/// A shortest path from `start` to a node for which `success` returns `true`,
/// by breadth-first search with a hash-set visited set.
///
/// - `start`: the first node.
/// - `successors`: the nodes one move away from a node.
/// - `success`: whether a node is a goal.
///
/// Returns the path, start and goal included, or `None` if no goal can be
/// reached (after exploring everything reachable). The same contract as the
/// `pathfinding` crate's `bfs`; [`bfs_with`] takes a dense visited set, a
/// budget, and returns statistics.
///
/// # Example
///
/// ```
/// use search_core::bfs::bfs;
///
/// // Fewest steps of +3 or *2 from 1 to 11: 1, 4, 8, 11.
/// let path = bfs(&1u32, |&n| [n + 3, n * 2], |&n| n == 11).unwrap();
/// assert_eq!(path, [1, 4, 8, 11]);
/// ```
pub fn bfs<N, FN, IN, FS>(start: &N, successors: FN, success: FS) -> Option<Vec<N>>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    Budget::unlimited(|budget| bfs_with(start, successors, success, HashVisited::default(), budget))
}

/// Breadth-first search with a chosen visited set and budget.
///
/// Like [`bfs`], but the visited set is the caller's (a
/// [`DenseVisited`] over a perfect rank makes
/// it one bit per state), the search stops when `budget` is spent, and the
/// outcome carries [`Stats`]: `generated` counts the distinct states entered
/// into the queue, as in the classic C formulation of BFS over a rank table.
///
/// A goal is recognised when it is generated, so the search stops one layer
/// earlier than a test at expansion would.
///
/// # Example
///
/// ```
/// use search_core::{Budget, bfs::bfs_with, visited::DenseVisited};
///
/// // States 0..1000, ranked by themselves.
/// let visited = DenseVisited::new(1000, |&n: &u32| u64::from(n));
/// let outcome = bfs_with(
///     &1u32,
///     |&n| [n + 3, n * 2].into_iter().filter(|&m| m < 1000),
///     |&n| n == 11,
///     visited,
///     &Budget::default(),
/// )?;
/// assert_eq!(outcome.found.unwrap(), [1, 4, 8, 11]);
/// assert_eq!(outcome.stats.expanded, 5); // 1, 4, 2, 7, 8
/// # Ok::<(), search_core::Interrupted>(())
/// ```
pub fn bfs_with<N, FN, IN, FS, V>(
    start: &N,
    mut successors: FN,
    mut success: FS,
    mut visited: V,
    budget: &Budget,
) -> Result<Outcome<Vec<N>>, Interrupted>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
    V: Visited<N>,
{
    let mut stats = Stats::default();
    if success(start) {
        return Ok(Outcome {
            found: Some(vec![start.clone()]),
            stats,
        });
    }
    visited.insert(start);
    // The queue is also the record of parents: entry i was reached from entry parent[i].
    let mut queue = vec![start.clone()];
    let mut parent = vec![u32::MAX];
    let mut head = 0;
    while head < queue.len() {
        if let Err(reason) = budget.check(stats.expanded) {
            return Err(Interrupted { reason, stats });
        }
        stats.expanded += 1;
        for next in successors(&queue[head]) {
            if !visited.insert(&next) {
                continue;
            }
            stats.generated += 1;
            if success(&next) {
                let mut path = vec![next];
                let mut at = head as u32;
                while at != u32::MAX {
                    path.push(queue[at as usize].clone());
                    at = parent[at as usize];
                }
                path.reverse();
                return Ok(Outcome {
                    found: Some(path),
                    stats,
                });
            }
            queue.push(next);
            parent.push(head as u32);
        }
        head += 1;
    }
    Ok(Outcome { found: None, stats })
}
