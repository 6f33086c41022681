//! IDA*: depth-first searches under a rising bound on the cost so far plus
//! a lower bound of the cost left, over any [`Rules`] and any [`Bound`].
//!
//! The rules play moves in place and take them back; the bound is updated
//! move by move from a memo the search keeps per depth; a
//! [`prune::Automaton`](crate::prune::Automaton) may skip move sequences
//! that a twin replaces ([`Ida::pruned`]); a move that undoes the one before
//! it is skipped where the rules give [`inverse`](Rules::inverse)s. One
//! search runs on one core ([`Ida::solve`]) or on every core
//! ([`Ida::solve_parallel`]: the tree is split at a depth into tasks, each
//! run to the iteration's bound), with the same solution and the same node
//! counts either way.
//!
//! # Optimal means proven
//!
//! With an admissible bound the first solution found is optimal. The search
//! also checks its own answer, so that a bound that overestimates cannot
//! pass unseen: a solution no dearer than a bound an earlier iteration
//! exhausted, or a state on the solution whose bound exceeds the cost left,
//! proves the bound inadmissible, and [`Path::inadmissible`] says where.
//! The check sees what the solution's path shows; it does not prove a bound
//! admissible.
//!
//! # Example
//!
//! A counter must reach 7 by steps of +1 or +2.
//!
//! ```
//! use search_core::bound::Computed;
//! use search_core::ida::Ida;
//! use search_core::rules::Rules;
//!
//! struct Steps;
//! impl Rules for Steps {
//!     type State = u32;
//!     type Move = u32;
//!     fn moves(&self, &n: &u32, out: &mut Vec<u32>) { out.extend([1, 2].into_iter().filter(|d| n + d <= 7)) }
//!     fn apply(&self, n: &mut u32, d: u32) { *n += d }
//!     fn undo(&self, n: &mut u32, d: u32) { *n -= d }
//! }
//!
//! let half = Computed(|&n: &u32| (7 - n).div_ceil(2));
//! let outcome = Ida::new(&Steps, &half).solve(&0, |&n| n == 7)?;
//! let path = outcome.found.unwrap();
//! assert_eq!((path.cost, path.moves.iter().sum::<u32>()), (4, 7));
//! assert!(path.inadmissible.is_none());
//! # Ok::<(), search_core::Interrupted>(())
//! ```

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::bound::{Bound, DEAD};
use crate::prune::{Automaton, Labelled};
use crate::rules::Rules;
use crate::{Budget, Interrupted, Iteration, Outcome, Path, Progress, Reason, Stats};

/// Settings of an IDA* search.
///
/// Bounds run through `residue, residue + step, residue + 2 * step, ..`,
/// starting at the first one not below the start's lower bound and moving on
/// to the first one not below the smallest cost that exceeded the last bound.
/// Where every solution cost has a known parity (a sliding puzzle with the
/// blank back in its cell: even), `step: 2` with the matching `residue`
/// skips iterations that cannot succeed.
#[derive(Debug, Clone, Default)]
pub struct IdaOptions {
    /// The spacing of bounds; 0 and 1 both mean every integer.
    pub step: u32,
    /// The residue of every bound modulo `step`.
    pub residue: u32,
    /// Give up (with `found: None`) once the bound would exceed this.
    pub max_bound: Option<u32>,
    /// Node budget, cancellation and progress.
    pub budget: Budget,
}

/// Why a solution IDA* found is not proven optimal: its own path shows that
/// the bound overestimated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inadmissible {
    /// The solution costs no more than the bound of an iteration that had
    /// already been searched to the end without finding it.
    FoundLate {
        /// The solution's cost.
        cost: u32,
        /// The exhausted iteration's bound.
        exhausted: u32,
    },
    /// A state on the solution's path, after `moves` moves, had a bound
    /// above the cost still to pay.
    Overestimate {
        /// Moves played before the state.
        moves: usize,
        /// The bound's value there.
        bound: u32,
        /// What the rest of the solution costs.
        left: u32,
    },
}

impl fmt::Display for Inadmissible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Inadmissible::FoundLate { cost, exhausted } => write!(
                f,
                "the bound is not admissible: a solution of cost {cost} was found after the iteration of bound {exhausted} had been searched to the end"
            ),
            Inadmissible::Overestimate { moves, bound, left } => write!(
                f,
                "the bound is not admissible: after move {moves} of the solution it said {bound}, but the rest costs {left}"
            ),
        }
    }
}

/// Which moves a search plays besides those the rules list: [`Open`] plays
/// them all, [`Gated`] those a pruning automaton allows.
pub trait Gate<R: Rules>: Sync {
    /// What the gate remembers of the path.
    type State: Copy + Send + Sync;
    /// Its state at the start.
    const START: Self::State;
    /// The state after `m`, or `None` to skip it.
    fn step(&self, rules: &R, state: Self::State, m: R::Move) -> Option<Self::State>;
}

/// Every move listed.
#[derive(Debug, Clone, Copy, Default)]
pub struct Open;

impl<R: Rules> Gate<R> for Open {
    type State = ();
    const START: () = ();
    #[inline]
    fn step(&self, _: &R, _: (), _: R::Move) -> Option<()> {
        Some(())
    }
}

/// The moves an automaton allows (see [`crate::prune`]).
#[derive(Debug, Clone, Copy)]
pub struct Gated<'a>(&'a Automaton);

impl<R: Labelled> Gate<R> for Gated<'_> {
    type State = u32;
    const START: u32 = Automaton::START;
    #[inline]
    fn step(&self, rules: &R, state: u32, m: R::Move) -> Option<u32> {
        self.0.step(state, rules.operator(m))
    }
}

/// An IDA* search: the rules, the bound, the gate and the options.
pub struct Ida<'a, R, B, G = Open> {
    rules: &'a R,
    bound: &'a B,
    gate: G,
    options: IdaOptions,
}

impl<'a, R: Rules, B: Bound<R>> Ida<'a, R, B, Open> {
    /// A search over `rules` with `bound`, every move played, default options.
    pub fn new(rules: &'a R, bound: &'a B) -> Self {
        Ida {
            rules,
            bound,
            gate: Open,
            options: IdaOptions::default(),
        }
    }

    /// The same search, skipping every move that completes a sequence
    /// `automaton` forbids: one table look-up per move. The solution has the
    /// same cost (see [`crate::prune`] for why no optimal path is lost), and
    /// where the rules list their moves in operator order, it is the very
    /// solution the ungated search finds, with fewer nodes.
    pub fn pruned(self, automaton: &'a Automaton) -> Ida<'a, R, B, Gated<'a>>
    where
        R: Labelled,
    {
        Ida {
            rules: self.rules,
            bound: self.bound,
            gate: Gated(automaton),
            options: self.options,
        }
    }
}

impl<'a, R: Rules, B: Bound<R>, G: Gate<R>> Ida<'a, R, B, G> {
    /// The same search with `options`.
    pub fn with_options(mut self, options: IdaOptions) -> Self {
        self.options = options;
        self
    }

    /// A least-cost path from `start` to a state `goal` accepts, on one
    /// core. `found` is `None` when no goal is reachable within
    /// `max_bound`, when a whole iteration pruned nothing (the reachable
    /// space is exhausted), or when the bound of the start is [`DEAD`].
    /// The statistics record every iteration's bound and node counts.
    pub fn solve<F: Fn(&R::State) -> bool>(
        &self,
        start: &R::State,
        goal: F,
    ) -> Result<Outcome<Path<R::Move>>, Interrupted> {
        self.deepen(start, &goal, |dfs, threshold| {
            let found = dfs.iterate(threshold)?;
            Ok(found.map(|cost| (cost, std::mem::take(&mut dfs.path))))
        })
    }

    /// [`solve`](Ida::solve) on every core of the current rayon pool: each
    /// iteration with more than a few thousand nodes is split at a depth
    /// into a few thousand subtrees searched in parallel. The solution and
    /// every node count are those of [`solve`](Ida::solve), whatever the
    /// number of threads: a subtree after the first one holding a solution
    /// (in the order of the depth-first search) does not count.
    pub fn solve_parallel<F>(
        &self,
        start: &R::State,
        goal: F,
    ) -> Result<Outcome<Path<R::Move>>, Interrupted>
    where
        F: Fn(&R::State) -> bool + Sync,
        R: Sync,
        R::State: Send + Sync,
        R::Move: Send + Sync,
        B: Sync,
        B::Memo: Send + Sync,
    {
        let mut last_expanded = 0u64;
        self.deepen(start, &goal, |dfs, threshold| {
            let before = dfs.stats.expanded;
            let found = if last_expanded < PARALLEL_FROM || rayon::current_num_threads() == 1 {
                dfs.iterate(threshold)?
                    .map(|cost| (cost, std::mem::take(&mut dfs.path)))
            } else {
                self.iterate_parallel(dfs, threshold)?
            };
            last_expanded = dfs.stats.expanded - before;
            Ok(found)
        })
    }

    /// The iterations, each run by `iterate(dfs, threshold)`, which answers
    /// the cost and moves of a solution if it found one (the bounds along
    /// it left in `dfs.hs`).
    fn deepen<'s, F, I>(
        &'s self,
        start: &R::State,
        goal: &'s F,
        mut iterate: I,
    ) -> Result<Outcome<Path<R::Move>>, Interrupted>
    where
        F: Fn(&R::State) -> bool,
        I: FnMut(&mut Dfs<'s, 'a, R, B, G, F>, u32) -> Result<Found<R::Move>, Halt>,
    {
        let options = &self.options;
        let step = options.step.max(1);
        let align = |cost: u32| -> u32 {
            // The first bound >= cost that is congruent to the residue.
            let residue = options.residue % step;
            let offset = (residue + step - cost % step) % step;
            cost.saturating_add(offset)
        };
        let (h, memo) = self.bound.start(self.rules, start);
        let mut dfs = Dfs::new(self, goal, start.clone(), memo, h, G::START);
        if h == DEAD {
            return Ok(Outcome {
                found: None,
                stats: dfs.stats,
            });
        }
        let mut threshold = align(h);
        let mut exhausted: Option<u32> = None;
        loop {
            if options.max_bound.is_some_and(|max| threshold > max) {
                return Ok(Outcome {
                    found: None,
                    stats: dfs.stats,
                });
            }
            options.budget.report(Progress::Iteration {
                bound: threshold,
                expanded: dfs.stats.expanded,
            });
            let before = (dfs.stats.expanded, dfs.stats.generated);
            dfs.next = DEAD;
            let result = iterate(&mut dfs, threshold);
            dfs.stats.iterations.push(Iteration {
                bound: threshold,
                expanded: dfs.stats.expanded - before.0,
                generated: dfs.stats.generated - before.1,
            });
            match result {
                Ok(Some((cost, moves))) => {
                    let inadmissible = self.certify(cost, &moves, &dfs.hs, exhausted);
                    return Ok(Outcome {
                        found: Some(Path {
                            moves,
                            cost,
                            inadmissible,
                        }),
                        stats: dfs.stats,
                    });
                }
                // Nothing was pruned: every reachable state was seen.
                Ok(None) if dfs.next == DEAD => {
                    return Ok(Outcome {
                        found: None,
                        stats: dfs.stats,
                    });
                }
                Ok(None) => {
                    exhausted = Some(threshold);
                    threshold = align(dfs.next.max(threshold + 1));
                }
                Err(halt) => {
                    return Err(Interrupted {
                        reason: halt.reason(),
                        stats: dfs.stats,
                    });
                }
            }
        }
    }

    /// What the solution's own path says of the bound: `hs[i]` is the bound
    /// after `moves[..i]`.
    fn certify(
        &self,
        cost: u32,
        moves: &[R::Move],
        hs: &[u32],
        exhausted: Option<u32>,
    ) -> Option<Inadmissible> {
        if let Some(exhausted) = exhausted.filter(|&e| cost <= e) {
            return Some(Inadmissible::FoundLate { cost, exhausted });
        }
        let mut left = cost;
        for (i, &bound) in hs.iter().enumerate().take(moves.len() + 1) {
            if bound > left {
                return Some(Inadmissible::Overestimate {
                    moves: i,
                    bound,
                    left,
                });
            }
            if let Some(&m) = moves.get(i) {
                left -= self.rules.cost(m);
            }
        }
        None
    }

    /// One iteration split into subtrees searched in parallel.
    fn iterate_parallel<'s, F>(
        &'s self,
        dfs: &mut Dfs<'s, 'a, R, B, G, F>,
        threshold: u32,
    ) -> Result<Found<R::Move>, Halt>
    where
        F: Fn(&R::State) -> bool + Sync,
        R: Sync,
        R::State: Send + Sync,
        R::Move: Send + Sync,
        B: Sync,
        B::Memo: Send + Sync,
    {
        let want = TASKS_PER_THREAD * rayon::current_num_threads();
        let base = (dfs.stats.expanded, dfs.stats.generated);
        // The prefix of the tree down to the split, searched again one level
        // deeper until it holds enough subtrees; only the last one counts.
        let mut depth = 1;
        let (tasks, prefix_found) = loop {
            dfs.stats.expanded = base.0;
            dfs.stats.generated = base.1;
            dfs.next = DEAD;
            dfs.split = Some((depth, Vec::new()));
            let found = dfs.iterate(threshold)?;
            let (_, tasks) = dfs.split.take().expect("set above");
            if found.is_some() || tasks.len() >= want || tasks.is_empty() || depth >= MAX_SPLIT {
                break (tasks, found);
            }
            depth += 1;
        };
        let prefix = (dfs.stats.expanded, dfs.stats.generated);
        let first_found = AtomicUsize::new(usize::MAX);
        let expanded = AtomicU64::new(prefix.0);
        let results: Vec<Result<TaskResult<R::Move>, Halt>> = tasks
            .par_iter()
            .enumerate()
            .map(|(i, task)| {
                let mut sub = Dfs::new(
                    self,
                    dfs.goal,
                    task.state.clone(),
                    task.memo.clone(),
                    task.h,
                    task.gate,
                );
                sub.shared = Some(Shared {
                    index: i,
                    first_found: &first_found,
                    expanded: &expanded,
                });
                let depth = task.path.len();
                sub.threshold = threshold;
                sub.memos.resize(depth + 1, task.memo.clone());
                sub.hs.clone_from(&task.hs);
                sub.path.clone_from(&task.path);
                let found =
                    sub.visit(depth, task.g, task.h, task.path.last().copied(), task.gate)?;
                if found {
                    first_found.fetch_min(i, Ordering::Relaxed);
                }
                Ok(TaskResult {
                    found: found.then_some((sub.cost, sub.path, sub.hs)),
                    expanded: sub.stats.expanded,
                    generated: sub.stats.generated,
                    next: sub.next,
                })
            })
            .collect();
        // In the order of the depth-first search: every subtree before the
        // first holding a solution, and that one.
        let mut stats = prefix;
        for (task, result) in tasks.iter().zip(results) {
            let result = match result {
                Ok(result) => result,
                Err(Halt::Superseded) => continue,
                Err(halt) => return Err(halt),
            };
            if let Some((cost, path, hs)) = result.found {
                dfs.stats.expanded = task.counted.0 + stats.0 - prefix.0 + result.expanded;
                dfs.stats.generated = task.counted.1 + stats.1 - prefix.1 + result.generated;
                dfs.hs = hs;
                return Ok(Some((cost, path)));
            }
            stats.0 += result.expanded;
            stats.1 += result.generated;
            dfs.next = dfs.next.min(result.next);
        }
        dfs.stats.expanded = stats.0;
        dfs.stats.generated = stats.1;
        Ok(prefix_found.map(|cost| (cost, std::mem::take(&mut dfs.path))))
    }
}

/// A solution an iteration found: its cost and moves.
type Found<M> = Option<(u32, Vec<M>)>;

/// Where a parallel iteration splits the tree, and the subtrees found there.
type Split<R, M, S> = (usize, Vec<Task<R, M, S>>);

/// Iterations expanding fewer nodes than this run on one core.
const PARALLEL_FROM: u64 = 20_000;
/// Subtrees per thread a parallel iteration aims at.
const TASKS_PER_THREAD: usize = 256;
/// The deepest split.
const MAX_SPLIT: usize = 64;

/// A subtree of a parallel iteration: its root, as the prefix search left it.
struct Task<R: Rules, M, GS> {
    state: R::State,
    memo: M,
    g: u32,
    h: u32,
    gate: GS,
    /// The moves from the start, and the bound after each.
    path: Vec<R::Move>,
    hs: Vec<u32>,
    /// The prefix search's counters when it reached the root.
    counted: (u64, u64),
}

/// What a subtree's search found.
struct TaskResult<M> {
    found: Option<(u32, Vec<M>, Vec<u32>)>,
    expanded: u64,
    generated: u64,
    next: u32,
}

/// Why a depth-first iteration stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Halt {
    /// The budget ran out.
    Budget(Reason),
    /// A subtree of a parallel iteration gave up: one before it in the
    /// order of the search holds a solution.
    Superseded,
}

impl From<Reason> for Halt {
    fn from(reason: Reason) -> Halt {
        Halt::Budget(reason)
    }
}

impl Halt {
    fn reason(self) -> Reason {
        match self {
            Halt::Budget(reason) => reason,
            // Only the subtrees of a parallel iteration are superseded, and
            // the iteration passes over them.
            Halt::Superseded => Reason::Cancelled,
        }
    }
}

/// What the subtrees of a parallel iteration share.
struct Shared<'s> {
    index: usize,
    first_found: &'s AtomicUsize,
    expanded: &'s AtomicU64,
}

/// The state of one depth-first iteration.
struct Dfs<'s, 'a, R: Rules, B: Bound<R>, G: Gate<R>, F> {
    ida: &'s Ida<'a, R, B, G>,
    goal: &'s F,
    state: R::State,
    /// The bound's memo at each depth of the current path.
    memos: Vec<B::Memo>,
    /// The bound at each depth of the current path.
    hs: Vec<u32>,
    /// The moves of the current path (of the solution, once found).
    path: Vec<R::Move>,
    /// The start's bound and gate state.
    h: u32,
    gate_start: G::State,
    threshold: u32,
    /// The smallest cost estimate that exceeded `threshold`.
    next: u32,
    /// The cost of the solution found.
    cost: u32,
    stats: Stats,
    buffers: MoveBuffers<R::Move>,
    /// Where a parallel iteration splits the tree, and the subtrees found.
    split: Option<Split<R, B::Memo, G::State>>,
    /// In a subtree of a parallel iteration.
    shared: Option<Shared<'s>>,
}

impl<'s, 'a, R: Rules, B: Bound<R>, G: Gate<R>, F: Fn(&R::State) -> bool> Dfs<'s, 'a, R, B, G, F> {
    fn new(
        ida: &'s Ida<'a, R, B, G>,
        goal: &'s F,
        state: R::State,
        memo: B::Memo,
        h: u32,
        gate_start: G::State,
    ) -> Self {
        Dfs {
            ida,
            goal,
            state,
            memos: vec![memo],
            hs: vec![h],
            path: Vec::new(),
            h,
            gate_start,
            threshold: 0,
            next: DEAD,
            cost: 0,
            stats: Stats::default(),
            buffers: MoveBuffers::default(),
            split: None,
            shared: None,
        }
    }

    /// One iteration from the start: the cost of a solution, if found.
    fn iterate(&mut self, threshold: u32) -> Result<Option<u32>, Halt> {
        self.threshold = threshold;
        self.path.clear();
        self.hs.truncate(1);
        let found = self.visit(0, 0, self.h, None, self.gate_start)?;
        Ok(found.then_some(self.cost))
    }

    /// Searches below the current state, reached at cost `g` after `depth`
    /// moves (the last `previous`), its bound `h`, the gate in `gate`;
    /// returns whether a goal was found (its moves are then in `self.path`).
    fn visit(
        &mut self,
        depth: usize,
        g: u32,
        h: u32,
        previous: Option<R::Move>,
        gate: G::State,
    ) -> Result<bool, Halt> {
        let f = g.saturating_add(h);
        if f > self.threshold {
            self.next = self.next.min(f);
            return Ok(false);
        }
        if (self.goal)(&self.state) {
            self.cost = g;
            return Ok(true);
        }
        if let Some((split, tasks)) = &mut self.split {
            if depth == *split {
                tasks.push(Task {
                    state: self.state.clone(),
                    memo: self.memos[depth].clone(),
                    g,
                    h,
                    gate,
                    path: self.path.clone(),
                    hs: self.hs.clone(),
                    counted: (self.stats.expanded, self.stats.generated),
                });
                return Ok(false);
            }
        }
        self.check_budget()?;
        self.stats.expanded += 1;
        let mut moves = self.buffers.take(depth);
        self.ida.rules.moves(&self.state, &mut moves);
        let undoes = previous.and_then(|p| self.ida.rules.inverse(p));
        if self.memos.len() <= depth + 1 {
            self.memos.push(self.memos[depth].clone());
        }
        let mut result = Ok(false);
        for &m in &moves {
            if undoes == Some(m) {
                continue;
            }
            let Some(next_gate) = self.ida.gate.step(self.ida.rules, gate, m) else {
                continue;
            };
            self.stats.generated += 1;
            self.ida.rules.apply(&mut self.state, m);
            let (done, rest) = self.memos.split_at_mut(depth + 1);
            rest[0].clone_from(&done[depth]);
            let g = g.saturating_add(self.ida.rules.cost(m));
            // A child whose bound passes what is left of the threshold is
            // not searched: the bound may stop as soon as it knows.
            let limit = self.threshold.saturating_sub(g);
            let ida = self.ida;
            let h = ida
                .bound
                .after_within(ida.rules, &self.state, m, &mut rest[0], limit);
            self.path.push(m);
            self.hs.push(h);
            result = self.visit(depth + 1, g, h, Some(m), next_gate);
            self.ida.rules.undo(&mut self.state, m);
            match result {
                Ok(false) => {
                    self.path.pop();
                    self.hs.pop();
                }
                Ok(true) | Err(_) => break,
            }
        }
        self.buffers.put(depth, moves);
        result
    }

    #[inline]
    fn check_budget(&self) -> Result<(), Halt> {
        match &self.shared {
            None => Ok(self.ida.options.budget.check(self.stats.expanded)?),
            Some(shared) => {
                if self.stats.expanded % 1024 != 0 {
                    return Ok(());
                }
                if shared.first_found.load(Ordering::Relaxed) < shared.index {
                    return Err(Halt::Superseded);
                }
                let total = shared.expanded.fetch_add(1024, Ordering::Relaxed);
                Ok(self.ida.options.budget.check(total & !4095)?)
            }
        }
    }
}

/// One list of moves per depth of a depth-first search, each reused from
/// one visit of its depth to the next, so that the search allocates only
/// while it first goes deeper.
pub(crate) struct MoveBuffers<M>(Vec<Vec<M>>);

impl<M> Default for MoveBuffers<M> {
    fn default() -> MoveBuffers<M> {
        MoveBuffers(Vec::new())
    }
}

impl<M> MoveBuffers<M> {
    /// The list of `depth`, emptied; [`MoveBuffers::put`] hands it back.
    #[inline]
    pub(crate) fn take(&mut self, depth: usize) -> Vec<M> {
        if self.0.len() <= depth {
            self.0.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.0[depth]);
        moves.clear();
        moves
    }

    /// Hands back the list of `depth`, its capacity kept for the next visit.
    #[inline]
    pub(crate) fn put(&mut self, depth: usize, moves: Vec<M>) {
        self.0[depth] = moves;
    }
}

/// An optimal path by IDA*, with closures in the style of the `pathfinding`
/// crate's `idastar`: a thin adapter over [`Ida`].
///
/// - `successors`: the nodes one move away, each with the move's cost.
/// - `heuristic`: an admissible lower bound on the cost to a goal.
/// - `success`: whether a node is a goal.
///
/// Returns the path (start and goal included) and its cost, or `None` if no
/// goal is reachable. Each node visited is cloned; implement [`Rules`] to
/// play moves in place instead.
///
/// # Example
///
/// ```
/// use search_core::ida::idastar;
///
/// // From 3 to 20 by +1 (cost 1) or *2 (cost 3).
/// let (path, cost) = idastar(
///     &3u32,
///     |&n| [(n + 1, 1), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 20),
///     |&n| u32::from(n != 20),
///     |&n| n == 20,
/// )
/// .unwrap();
/// assert_eq!(path, [3, 4, 5, 10, 20]);
/// assert_eq!(cost, 8);
/// ```
pub fn idastar<N, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
) -> Option<(Vec<N>, u32)>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
{
    idastar_with(
        start,
        successors,
        heuristic,
        success,
        &IdaOptions::default(),
    )
    .ok()
    .flatten()
}

/// [`idastar`] with settings: bounds stepped by a parity, a largest bound,
/// and a [`Budget`] (node limit, cancellation, progress). `Ok(None)` when the
/// search proved that no goal can be reached (or passed `max_bound`).
pub fn idastar_with<N, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    options: &IdaOptions,
) -> Result<Option<(Vec<N>, u32)>, Interrupted>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
    FH: FnMut(&N) -> u32,
    FS: FnMut(&N) -> bool,
{
    let rules = Closures(RefCell::new(successors), PhantomData);
    let (heuristic, success) = (RefCell::new(heuristic), RefCell::new(success));
    let bound = crate::bound::Computed(|path: &Vec<N>| (heuristic.borrow_mut())(last(path)));
    let outcome = Ida::new(&rules, &bound)
        .with_options(options.clone())
        .solve(&vec![start.clone()], |path| {
            (success.borrow_mut())(last(path))
        })?;
    let Some(found) = outcome.found else {
        return Ok(None);
    };
    let mut path = vec![start.clone()];
    for &(i, _) in &found.moves {
        let next = rules.children(last(&path)).swap_remove(i as usize).0;
        path.push(next);
    }
    Ok(Some((path, found.cost)))
}

fn last<N>(path: &[N]) -> &N {
    path.last().expect("the path always holds the start")
}

/// The rules behind [`idastar`]: a state is the path of nodes from the
/// start, a move the index of a successor of the last, with its cost.
struct Closures<N, FN, IN>(RefCell<FN>, PhantomData<fn(&N) -> IN>);

impl<N, FN, IN> Closures<N, FN, IN> {
    fn children(&self, node: &N) -> Vec<(N, u32)>
    where
        FN: FnMut(&N) -> IN,
        IN: IntoIterator<Item = (N, u32)>,
    {
        (self.0.borrow_mut())(node).into_iter().collect()
    }
}

impl<N, FN, IN> Rules for Closures<N, FN, IN>
where
    N: Clone,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, u32)>,
{
    type State = Vec<N>;
    type Move = (u32, u32);

    fn moves(&self, path: &Vec<N>, out: &mut Vec<(u32, u32)>) {
        let children = self.children(last(path));
        out.extend(
            children
                .iter()
                .enumerate()
                .map(|(i, &(_, c))| (i as u32, c)),
        );
    }

    fn apply(&self, path: &mut Vec<N>, (i, _): (u32, u32)) {
        let child = self.children(last(path)).swap_remove(i as usize).0;
        path.push(child);
    }

    fn undo(&self, path: &mut Vec<N>, _: (u32, u32)) {
        path.pop();
    }

    fn cost(&self, (_, cost): (u32, u32)) -> u32 {
        cost
    }
}
