//! Bidirectional breadth-first search.

use std::hash::Hash;

use crate::rules::{
    Ranked, RankedNode, Rules, moves_along, path_of, ranked_successors, successors,
};
use crate::visited::{DenseSides, HashSides, Side, Sides};
use crate::{Budget, Interrupted, Outcome, Path, Stats};

/// A shortest path from `start` to the nearest of `goals` over `rules`,
/// searching forward from the start and backward from the goals at once
/// ([`bfs_bidirectional_with`] with the rules' moves both ways).
///
/// The moves must be reversible: every move has an
/// [`inverse`](Rules::inverse), legal where the move leads, so that the
/// states one move before a state are those one move after it.
pub fn solve<R>(rules: &R, start: &R::State, goals: &[R::State]) -> Option<Path<R::Move>>
where
    R: Rules,
    R::State: Eq + Hash,
{
    Budget::unlimited(|budget| solve_with(rules, start, goals, HashSides::default(), budget))
}

/// [`solve`] over a [`Ranked`] space: two bits a rank record the sides,
/// and every node carries its rank, updated by [`Ranked::rank_after`]
/// (the move undoing the last one is never generated).
pub fn solve_ranked<R>(
    rules: &R,
    start: &R::State,
    goals: &[R::State],
    budget: &Budget,
) -> Result<Outcome<Path<R::Move>>, Interrupted>
where
    R: Ranked,
    R::State: PartialEq,
{
    let sides = DenseSides::new(rules.size(), |n: &RankedNode<R::State, R::Move>| n.rank);
    let goals: Vec<_> = goals
        .iter()
        .map(|g| RankedNode::new(rules, g.clone()))
        .collect();
    let next = |n: &RankedNode<R::State, R::Move>| ranked_successors(rules, n);
    let start = RankedNode::new(rules, start.clone());
    let outcome = bfs_bidirectional_with(&start, &goals, next, next, sides, budget)?;
    Ok(Outcome {
        found: outcome.found.map(|nodes| {
            let states: Vec<R::State> = nodes.into_iter().map(|n| n.state).collect();
            path_of(rules, moves_along(rules, &states).expect("a path of moves"))
        }),
        stats: outcome.stats,
    })
}

/// [`solve`] with a chosen record of sides (a
/// [`DenseSides`] over a rank makes it two bits
/// a state) and a budget.
pub fn solve_with<R, X>(
    rules: &R,
    start: &R::State,
    goals: &[R::State],
    sides: X,
    budget: &Budget,
) -> Result<Outcome<Path<R::Move>>, Interrupted>
where
    R: Rules,
    R::State: PartialEq,
    X: Sides<R::State>,
{
    let next = |s: &R::State| successors(rules, s).map(|(_, n)| n);
    let outcome = bfs_bidirectional_with(start, goals, next, next, sides, budget)?;
    Ok(Outcome {
        found: outcome
            .found
            .map(|states| path_of(rules, moves_along(rules, &states).expect("a path of moves"))),
        stats: outcome.stats,
    })
}

/// A shortest path from `start` to `goal`, searching forward from the start
/// and backward from the goal at once.
///
/// - `successors`: the nodes one move after a node.
/// - `predecessors`: the nodes one move before a node (the same function for
///   puzzles whose moves can be undone).
///
/// Returns the path, start and goal included, or `None` if the goal cannot be
/// reached. The same contract as the `pathfinding` crate's
/// `bfs_bidirectional`; [`bfs_bidirectional_with`] takes several goals, a
/// dense index, a budget, and returns statistics.
///
/// # Example
///
/// ```
/// use search_core::bidirectional::bfs_bidirectional;
///
/// // Moves of +1 and -1 on a line, reversible.
/// let step = |&n: &i32| [n - 1, n + 1];
/// let path = bfs_bidirectional(&0, &5, step, step).unwrap();
/// assert_eq!(path, [0, 1, 2, 3, 4, 5]);
/// ```
pub fn bfs_bidirectional<N, FS, IS, FP, IP>(
    start: &N,
    goal: &N,
    successors: FS,
    predecessors: FP,
) -> Option<Vec<N>>
where
    N: Eq + Hash + Clone,
    FS: FnMut(&N) -> IS,
    IS: IntoIterator<Item = N>,
    FP: FnMut(&N) -> IP,
    IP: IntoIterator<Item = N>,
{
    let sides = HashSides::default();
    Budget::unlimited(|budget| {
        let goals = std::slice::from_ref(goal);
        bfs_bidirectional_with(start, goals, successors, predecessors, sides, budget)
    })
}

/// Bidirectional breadth-first search from `start` to the nearest of
/// `goals` (the backward search starts from all of them at once), with a
/// chosen record of sides and a budget.
///
/// Both searches proceed a whole layer at a time, and the side with the
/// smaller frontier expands next. The first state reached from both sides
/// closes a shortest path: before that layer no state was reached from both,
/// so every meeting in it adds up to the same, smallest, length. The path
/// ends at whichever goal is closest to the start; `found` is `None` when
/// `goals` is empty or none can be reached. `stats.generated` counts the
/// distinct states entered into either queue.
///
/// `sides` records which search reached each state; a
/// [`DenseSides`] over a perfect rank makes that
/// two bits per state. Where the searches meet, the state is looked up in
/// the other side's queue once, by a linear scan, as in the classic C
/// formulation with one check table.
///
/// # Example
///
/// ```
/// use search_core::{Budget, bidirectional::bfs_bidirectional_with, visited::DenseSides};
///
/// let step = |&n: &u8| [n.wrapping_sub(1), n.wrapping_add(1)];
/// let sides = DenseSides::new(256, |&n: &u8| u64::from(n));
/// let outcome = bfs_bidirectional_with(&10, &[250], step, step, sides, &Budget::default())?;
/// assert_eq!(outcome.found.unwrap().len(), 17); // 10, 9, .., 0, 255, .., 250
///
/// // From 0, the goal 3 is nearer than -7.
/// let step = |&n: &i32| [n - 1, n + 1];
/// let sides = search_core::visited::HashSides::default();
/// let outcome = bfs_bidirectional_with(&0, &[-7, 3], step, step, sides, &Budget::default())?;
/// assert_eq!(outcome.found.unwrap(), [0, 1, 2, 3]);
/// # Ok::<(), search_core::Interrupted>(())
/// ```
pub fn bfs_bidirectional_with<N, FS, IS, FP, IP, X>(
    start: &N,
    goals: &[N],
    mut successors: FS,
    mut predecessors: FP,
    mut sides: X,
    budget: &Budget,
) -> Result<Outcome<Vec<N>>, Interrupted>
where
    N: Clone + PartialEq,
    FS: FnMut(&N) -> IS,
    IS: IntoIterator<Item = N>,
    FP: FnMut(&N) -> IP,
    IP: IntoIterator<Item = N>,
    X: Sides<N>,
{
    let mut stats = Stats::default();
    sides.mark(start, Side::Forward);
    let mut backward = Queue {
        nodes: Vec::new(),
        parent: Vec::new(),
        head: 0,
    };
    for goal in goals {
        match sides.mark(goal, Side::Backward) {
            Some(Side::Forward) => {
                return Ok(Outcome {
                    found: Some(vec![start.clone()]),
                    stats,
                });
            }
            Some(Side::Backward) => {}
            None => {
                backward.nodes.push(goal.clone());
                backward.parent.push(u32::MAX);
            }
        }
    }
    let mut queues = [Queue::new(start.clone()), backward];
    loop {
        let [forward, backward] = &queues;
        if forward.frontier_is_empty() || backward.frontier_is_empty() {
            return Ok(Outcome { found: None, stats });
        }
        let side = if backward.frontier_len() < forward.frontier_len() {
            Side::Backward
        } else {
            Side::Forward
        };
        let queue = &mut queues[side as usize];
        let layer_end = queue.nodes.len();
        while queue.head < layer_end {
            if let Err(reason) = budget.check(stats.expanded) {
                return Err(Interrupted { reason, stats });
            }
            stats.expanded += 1;
            let at = queue.head;
            // A copy of the node, so that the queue can grow while its neighbours are visited.
            let node = queue.nodes[at].clone();
            let neighbours = match side {
                Side::Forward => Either::Left(successors(&node).into_iter()),
                Side::Backward => Either::Right(predecessors(&node).into_iter()),
            };
            for next in neighbours {
                match sides.mark(&next, side) {
                    None => {
                        stats.generated += 1;
                        queue.nodes.push(next);
                        queue.parent.push(at as u32);
                    }
                    Some(earlier) if earlier != side => {
                        // The searches meet: `at` on this side, `next` on the other.
                        let other = &queues[1 - side as usize];
                        let there = other
                            .nodes
                            .iter()
                            .position(|n| *n == next)
                            .expect("a state marked by a side is in its queue");
                        let (f, b) = match side {
                            Side::Forward => (at, there),
                            Side::Backward => (there, at),
                        };
                        let mut path = queues[0].path_to(f);
                        path.reverse();
                        path.extend(queues[1].path_to(b));
                        return Ok(Outcome {
                            found: Some(path),
                            stats,
                        });
                    }
                    Some(_) => {}
                }
            }
            queue.head += 1;
        }
    }
}

/// One direction of the search: its queue, which also records parents.
struct Queue<N> {
    nodes: Vec<N>,
    parent: Vec<u32>,
    /// The next entry to expand; entries from `head` on are the frontier.
    head: usize,
}

impl<N: Clone> Queue<N> {
    fn new(root: N) -> Self {
        Queue {
            nodes: vec![root],
            parent: vec![u32::MAX],
            head: 0,
        }
    }

    fn frontier_len(&self) -> usize {
        self.nodes.len() - self.head
    }

    fn frontier_is_empty(&self) -> bool {
        self.frontier_len() == 0
    }

    /// The nodes from entry `at` back to this side's root.
    fn path_to(&self, mut at: usize) -> Vec<N> {
        let mut path = Vec::new();
        loop {
            path.push(self.nodes[at].clone());
            match self.parent[at] {
                u32::MAX => return path,
                p => at = p as usize,
            }
        }
    }
}

/// One of two iterators over the same items.
enum Either<L, R> {
    Left(L),
    Right(R),
}

impl<T, L: Iterator<Item = T>, R: Iterator<Item = T>> Iterator for Either<L, R> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        match self {
            Either::Left(l) => l.next(),
            Either::Right(r) => r.next(),
        }
    }
}
