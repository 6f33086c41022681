//! One IDA* iteration on every core: the tree split at a depth into
//! subtrees, searched in parallel, counted in the order of the depth-first
//! search.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::dfs::{Dfs, Halt};
use super::{Gate, Ida};
use crate::bound::{Bound, DEAD};
use crate::par;
use crate::rules::Rules;
use crate::{Interrupted, Outcome, Path};

/// The parallel search needs rules, states, moves, the bound and its memo
/// that threads can share.
impl<'a, R, B, G> Ida<'a, R, B, G>
where
    R: Rules + Sync,
    R::State: Send + Sync,
    R::Move: Send + Sync,
    B: Bound<R> + Sync,
    B::Memo: Send + Sync,
    G: Gate<R>,
{
    /// [`solve`](Ida::solve) on every core of the current rayon pool: each
    /// iteration with more than a few thousand nodes is split at a depth
    /// into a few thousand subtrees searched in parallel. The solution and
    /// every node count are those of [`solve`](Ida::solve), whatever the
    /// number of threads: a subtree after the first one holding a solution
    /// (in the order of the depth-first search) does not count.
    pub fn solve_parallel<F: Fn(&R::State) -> bool + Sync>(
        &self,
        start: &R::State,
        goal: F,
    ) -> Result<Outcome<Path<R::Move>>, Interrupted> {
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

    /// One iteration split into subtrees searched in parallel.
    fn iterate_parallel<'s, F: Fn(&R::State) -> bool + Sync>(
        &'s self,
        dfs: &mut Dfs<'s, 'a, R, B, G, F>,
        threshold: u32,
    ) -> Result<Found<R::Move>, Halt> {
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
        // Each thread takes the next subtree in the order of the depth-first
        // search, so that all of them work near the first subtrees: those
        // before the first solution count, those after it are given up.
        let run = |i: usize, task: &Task<R, B::Memo, G::State>| {
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
            let found = sub.visit(depth, task.g, task.h, task.path.last().copied(), task.gate)?;
            if found {
                first_found.fetch_min(i, Ordering::Relaxed);
            }
            Ok(TaskResult {
                found: found.then_some((sub.cost, sub.path, sub.hs)),
                expanded: sub.stats.expanded,
                generated: sub.stats.generated,
                next: sub.next,
            })
        };
        let done = par::fold_chunks(
            &tasks,
            1,
            Vec::new,
            |done, i, task| {
                if first_found.load(Ordering::Relaxed) > i {
                    done.push((i, run(i, &task[0])));
                }
            },
            |mut a, b| {
                a.extend(b);
                a
            },
        );
        let mut results: Vec<Result<TaskResult<R::Move>, Halt>> =
            (0..tasks.len()).map(|_| Err(Halt::Superseded)).collect();
        for (i, result) in done {
            results[i] = result;
        }
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
pub(super) type Found<M> = Option<(u32, Vec<M>)>;

/// Where a parallel iteration splits the tree, and the subtrees found there.
pub(super) type Split<R, M, S> = (usize, Vec<Task<R, M, S>>);

/// Iterations expanding fewer nodes than this run on one core.
const PARALLEL_FROM: u64 = 20_000;
/// Subtrees per thread a parallel iteration aims at.
const TASKS_PER_THREAD: usize = 256;
/// The deepest split.
const MAX_SPLIT: usize = 64;

/// A subtree of a parallel iteration: its root, as the prefix search left it.
pub(super) struct Task<R: Rules, M, GS> {
    pub(super) state: R::State,
    pub(super) memo: M,
    pub(super) g: u32,
    pub(super) h: u32,
    pub(super) gate: GS,
    /// The moves from the start, and the bound after each.
    pub(super) path: Vec<R::Move>,
    pub(super) hs: Vec<u32>,
    /// The prefix search's counters when it reached the root.
    pub(super) counted: (u64, u64),
}

/// What a subtree's search found.
struct TaskResult<M> {
    found: Option<(u32, Vec<M>, Vec<u32>)>,
    expanded: u64,
    generated: u64,
    next: u32,
}

/// What the subtrees of a parallel iteration share.
pub(super) struct Shared<'s> {
    pub(super) index: usize,
    pub(super) first_found: &'s AtomicUsize,
    pub(super) expanded: &'s AtomicU64,
}
