//! Node budgets and cancellation.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::{Outcome, Stats};

/// Limits on a search: a number of node expansions, a cancellation flag and
/// a deadline.
///
/// The default budget is unlimited. Cancellation is checked every few
/// thousand expansions, so a search stops shortly after the flag is raised.
///
/// # Example
///
/// ```
/// use search_core::{Budget, Reason, bfs::bfs_with, visited::HashVisited};
///
/// // Counting up from 0 never reaches a negative number: the budget stops it.
/// let budget = Budget::default().with_max_expanded(1_000);
/// let result = bfs_with(&0i64, |&n| [n + 1], |&n| n < 0, HashVisited::default(), &budget);
/// let stopped = result.unwrap_err();
/// assert_eq!(stopped.reason, Reason::NodeLimit);
/// assert_eq!(stopped.stats.expanded, 1_000);
/// ```
#[derive(Clone, Default)]
pub struct Budget {
    max_expanded: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
    progress: Option<Arc<dyn Fn(Progress) + Send + Sync>>,
}

impl fmt::Debug for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Budget")
            .field("max_expanded", &self.max_expanded)
            .field("cancel", &self.cancel)
            .field("deadline", &self.deadline)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// What a long search reports as it goes, to the callback of
/// [`Budget::with_progress`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Progress {
    /// An iteration of an iterative-deepening search begins: every solution
    /// cheaper than `bound` has been ruled out.
    Iteration {
        /// The iteration's cost bound.
        bound: u32,
        /// Nodes expanded by the iterations before it.
        expanded: u64,
    },
}

impl Budget {
    /// What `search` finds with no limit, `None` where it finds nothing
    /// (an unlimited budget never interrupts it): the plain forms of the
    /// searches that take a budget.
    pub(crate) fn unlimited<T>(
        search: impl FnOnce(&Budget) -> Result<Outcome<T>, Interrupted>,
    ) -> Option<T> {
        search(&Budget::default())
            .ok()
            .and_then(|outcome| outcome.found)
    }

    /// Stop after `limit` node expansions.
    pub fn with_max_expanded(mut self, limit: u64) -> Self {
        self.max_expanded = Some(limit);
        self
    }

    /// Stop once `flag` is set (from another thread, a signal handler, a UI).
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Stop once `deadline` has passed, as if the cancellation flag were
    /// raised then ([`Reason::Cancelled`]); the clock is read where the flag
    /// is, every few thousand expansions.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use search_core::{Budget, Reason};
    ///
    /// let budget = Budget::default().with_deadline(Instant::now());
    /// std::thread::sleep(Duration::from_millis(1));
    /// assert_eq!(budget.check(4095), Ok(()));
    /// assert_eq!(budget.check(4096), Err(Reason::Cancelled));
    /// let later = Instant::now() + Duration::from_secs(3600);
    /// assert_eq!(Budget::default().with_deadline(later).check(4096), Ok(()));
    /// ```
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Call `report` as a search makes progress (a progress line on a
    /// terminal, a log); it must be quick, since the search waits for it.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use search_core::ida::{IdaOptions, idastar_with};
    /// use search_core::{Budget, Progress};
    ///
    /// let bounds = Arc::new(Mutex::new(Vec::new()));
    /// let seen = Arc::clone(&bounds);
    /// let budget = Budget::default().with_progress(move |p| {
    ///     let Progress::Iteration { bound, .. } = p else { return };
    ///     seen.lock().unwrap().push(bound);
    /// });
    /// let options = IdaOptions { budget, ..IdaOptions::default() };
    /// // From 0 to 5 by +1, with no lower bound: one iteration per bound.
    /// let found = idastar_with(&0u32, |&n| [(n + 1, 1)], |_| 0, |&n| n == 5, &options)?;
    /// assert_eq!(found.map(|(_, cost)| cost), Some(5));
    /// assert_eq!(*bounds.lock().unwrap(), [0, 1, 2, 3, 4, 5]);
    /// # Ok::<(), search_core::Interrupted>(())
    /// ```
    pub fn with_progress(mut self, report: impl Fn(Progress) + Send + Sync + 'static) -> Self {
        self.progress = Some(Arc::new(report));
        self
    }

    /// Passes `progress` to the callback, if there is one.
    #[inline]
    pub(crate) fn report(&self, progress: Progress) {
        if let Some(report) = &self.progress {
            report(progress);
        }
    }

    /// Checks the budget after `expanded` expansions: why a search must
    /// stop now, if it must (the node limit reached, or the cancellation
    /// flag raised or the deadline passed, looked at every 4,096 expansions). For a search of a
    /// puzzle crate's own; the searches of this crate call it themselves.
    ///
    /// ```
    /// use search_core::{Budget, Reason};
    ///
    /// let budget = Budget::default().with_max_expanded(10);
    /// assert_eq!(budget.check(9), Ok(()));
    /// assert_eq!(budget.check(10), Err(Reason::NodeLimit));
    /// ```
    #[inline]
    pub fn check(&self, expanded: u64) -> Result<(), Reason> {
        if let Some(limit) = self.max_expanded {
            if expanded >= limit {
                return Err(Reason::NodeLimit);
            }
        }
        if expanded % 4096 == 0 {
            if let Some(flag) = &self.cancel {
                if flag.load(Ordering::Relaxed) {
                    return Err(Reason::Cancelled);
                }
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return Err(Reason::Cancelled);
            }
        }
        Ok(())
    }
}

/// Why a search stopped before it could answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// The budget's expansion limit was reached.
    NodeLimit,
    /// The cancellation flag was raised, or the deadline passed.
    Cancelled,
    /// A count exceeded `u128`.
    Overflow,
}

/// A search that stopped without an answer, with the work done so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interrupted {
    /// Why it stopped.
    pub reason: Reason,
    /// The counters at the time it stopped.
    pub stats: Stats,
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            Reason::NodeLimit => "node budget exhausted",
            Reason::Cancelled => "cancelled",
            Reason::Overflow => "count overflowed u128",
        };
        write!(
            f,
            "search stopped: {why} after {} expansions",
            self.stats.expanded
        )
    }
}

impl std::error::Error for Interrupted {}

impl Interrupted {
    /// Why the search stopped (`why`, or where `None` this error's own
    /// words), the nodes it expanded, and what its iterations proved: a
    /// least length of every solution, the bounds up to the last but one
    /// having been searched in full.
    ///
    /// ```
    /// use search_core::{Interrupted, Iteration, Reason, Stats};
    ///
    /// let iteration = |bound| Iteration { bound, expanded: 500, generated: 900 };
    /// let stats = Stats { expanded: 1_000, iterations: vec![iteration(40), iteration(42)], ..Stats::default() };
    /// let stopped = Interrupted { reason: Reason::NodeLimit, stats };
    /// assert_eq!(
    ///     stopped.explained(Some("out of time".to_string())),
    ///     "out of time: the search stopped after 1,000 nodes expanded; every solution is at least 42 moves long (the bounds up to 40 were searched in full)",
    /// );
    /// ```
    pub fn explained(&self, why: Option<String>) -> String {
        let why = why.unwrap_or_else(|| self.to_string());
        let proved = match self.stats.iterations.as_slice() {
            [.., before, last] => format!(
                "; every solution is at least {} moves long (the bounds up to {} were searched in full)",
                last.bound, before.bound
            ),
            _ => String::new(),
        };
        let expanded = crate::text::thousands(self.stats.expanded);
        format!("{why}: the search stopped after {expanded} nodes expanded{proved}")
    }
}
