//! Counting optimal solutions without listing them.

use std::hash::Hash;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::bound::Bound;
use crate::ida::MoveBuffers;
use crate::rules::Rules;
use crate::{Budget, Interrupted, Outcome, Reason, Stats};

/// The length of a shortest path and the number of distinct shortest paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathCount {
    /// The number of moves of a shortest path.
    pub length: u32,
    /// How many distinct move sequences of that length reach a goal.
    pub count: u128,
}

/// The number of distinct shortest paths from `start` to the goals, by a
/// breadth-first search that carries, for every state of a layer, the
/// number of shortest paths reaching it.
///
/// Two paths are distinct when their sequences of states differ. The count
/// sums over all goals of the first layer that holds one. `found` is `None`
/// when no goal is reachable. The work is that of one BFS (each state once),
/// however many paths there are.
///
/// # Example
///
/// ```
/// use search_core::{Budget, count::count_shortest_paths};
///
/// // Monotone lattice paths from (0, 0) to (3, 2): C(5, 2) = 10 of length 5.
/// let outcome = count_shortest_paths(
///     &(0u8, 0u8),
///     |&(x, y)| [(x + 1, y), (x, y + 1)].into_iter().filter(|&(x, y)| x <= 3 && y <= 2),
///     |&p| p == (3, 2),
///     &Budget::default(),
/// )?;
/// let found = outcome.found.unwrap();
/// assert_eq!((found.length, found.count), (5, 10));
/// # Ok::<(), search_core::Interrupted>(())
/// ```
pub fn count_shortest_paths<N, FN, IN, FS>(
    start: &N,
    mut successors: FN,
    mut success: FS,
    budget: &Budget,
) -> Result<Outcome<PathCount>, Interrupted>
where
    N: Eq + Hash + Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    let mut stats = Stats::default();
    let mut seen: FxHashSet<N> = FxHashSet::default();
    seen.insert(start.clone());
    let mut layer: Vec<(N, u128)> = vec![(start.clone(), 1)];
    let mut length = 0u32;
    loop {
        let mut goals = 0u128;
        let mut any_goal = false;
        for (node, paths) in &layer {
            if success(node) {
                any_goal = true;
                goals = goals.checked_add(*paths).ok_or_else(|| Interrupted {
                    reason: Reason::Overflow,
                    stats: stats.clone(),
                })?;
            }
        }
        if any_goal {
            return Ok(Outcome {
                found: Some(PathCount {
                    length,
                    count: goals,
                }),
                stats,
            });
        }
        if layer.is_empty() {
            return Ok(Outcome { found: None, stats });
        }
        let mut next: FxHashMap<N, u128> = FxHashMap::default();
        for (node, paths) in &layer {
            if let Err(reason) = budget.check(stats.expanded) {
                return Err(Interrupted { reason, stats });
            }
            stats.expanded += 1;
            for child in successors(node) {
                if seen.contains(&child) {
                    continue;
                }
                let slot = next.entry(child).or_insert(0);
                *slot = slot.checked_add(*paths).ok_or_else(|| Interrupted {
                    reason: Reason::Overflow,
                    stats: stats.clone(),
                })?;
            }
        }
        stats.generated += next.len() as u64;
        seen.extend(next.keys().cloned());
        layer = next.into_iter().collect();
        length += 1;
    }
}

/// The number of move sequences of total cost exactly `cost` that lead from
/// `start` to a state `goal` accepts, reaching a goal only at their end.
///
/// With `cost` the optimal cost (from [`Ida`](crate::ida::Ida)), this counts
/// the optimal solutions. The search is depth-first over `rules`, prunes
/// with `bound`, and memoises the count of every (`key`, cost so far) pair,
/// so shared sub-paths are counted once: the work is bounded by the number
/// of distinct states within the bound, not by the number of solutions.
///
/// `key` must identify everything that the state's moves, their costs, its
/// goal test and its bound depend on. No move is skipped for undoing the
/// one before it, since a pruning that depends on the path would make the
/// count of a state depend on how it was reached. There must be no cycle of
/// zero-cost moves. `stats.expanded` counts the distinct (state, cost)
/// pairs expanded.
///
/// # Example
///
/// ```
/// use search_core::bound::Computed;
/// use search_core::count::count_paths;
/// use search_core::rules::Rules;
/// use search_core::Budget;
///
/// // Reaching 10 by steps of 1 or 2, each step a move of cost 1.
/// struct Steps;
/// impl Rules for Steps {
///     type State = u32;
///     type Move = u32;
///     fn moves(&self, &n: &u32, out: &mut Vec<u32>) { out.extend([1, 2].into_iter().filter(|d| n + d <= 10)) }
///     fn apply(&self, n: &mut u32, d: u32) { *n += d }
///     fn undo(&self, n: &mut u32, d: u32) { *n -= d }
/// }
/// let half = Computed(|&n: &u32| (10 - n).div_ceil(2));
/// let count = |moves| count_paths(&Steps, &half, &0, |&n| n == 10, moves, |&n| n, &Budget::default());
/// // Five moves: only 2+2+2+2+2.
/// assert_eq!(count(5)?.found, Some(1));
/// // Six moves: four 2s and two 1s in any order, C(6, 2) = 15.
/// assert_eq!(count(6)?.found, Some(15));
/// # Ok::<(), search_core::Interrupted>(())
/// ```
pub fn count_paths<R: Rules, B: Bound<R>, K: Eq + Hash>(
    rules: &R,
    bound: &B,
    start: &R::State,
    goal: impl Fn(&R::State) -> bool,
    cost: u32,
    key: impl FnMut(&R::State) -> K,
    budget: &Budget,
) -> Result<Outcome<u128>, Interrupted> {
    let (h, memo) = bound.start(rules, start);
    let mut counter = Counter {
        rules,
        bound,
        goal,
        state: start.clone(),
        key,
        limit: cost,
        budget,
        memo: FxHashMap::default(),
        stats: Stats::default(),
        buffers: MoveBuffers::default(),
    };
    match counter.count(0, 0, h, memo) {
        Ok(0) => Ok(Outcome {
            found: None,
            stats: counter.stats,
        }),
        Ok(n) => Ok(Outcome {
            found: Some(n),
            stats: counter.stats,
        }),
        Err(reason) => Err(Interrupted {
            reason,
            stats: counter.stats,
        }),
    }
}

struct Counter<'a, R: Rules, B, K, FG, FK> {
    rules: &'a R,
    bound: &'a B,
    goal: FG,
    state: R::State,
    key: FK,
    limit: u32,
    budget: &'a Budget,
    memo: FxHashMap<(K, u32), u128>,
    stats: Stats,
    buffers: MoveBuffers<R::Move>,
}

impl<R, B, K, FG, FK> Counter<'_, R, B, K, FG, FK>
where
    R: Rules,
    B: Bound<R>,
    K: Eq + Hash,
    FG: Fn(&R::State) -> bool,
    FK: FnMut(&R::State) -> K,
{
    fn count(&mut self, g: u32, depth: usize, h: u32, memo: B::Memo) -> Result<u128, Reason> {
        if g.saturating_add(h) > self.limit {
            return Ok(0);
        }
        if (self.goal)(&self.state) {
            return Ok(u128::from(g == self.limit));
        }
        let key = ((self.key)(&self.state), g);
        if let Some(&n) = self.memo.get(&key) {
            return Ok(n);
        }
        self.budget.check(self.stats.expanded)?;
        self.stats.expanded += 1;
        let mut moves = self.buffers.take(depth);
        self.rules.moves(&self.state, &mut moves);
        let mut total = 0u128;
        let mut result = Ok(());
        for &m in &moves {
            self.stats.generated += 1;
            self.rules.apply(&mut self.state, m);
            let mut next = memo.clone();
            let g = g.saturating_add(self.rules.cost(m));
            let left = self.limit.saturating_sub(g);
            let h = self
                .bound
                .after(self.rules, &self.state, m, &mut next, left);
            let below = self.count(g, depth + 1, h, next);
            self.rules.undo(&mut self.state, m);
            match below.and_then(|n| total.checked_add(n).ok_or(Reason::Overflow)) {
                Ok(sum) => total = sum,
                Err(reason) => {
                    result = Err(reason);
                    break;
                }
            }
        }
        self.buffers.put(depth, moves);
        result?;
        self.memo.insert(key, total);
        Ok(total)
    }
}
