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
mod closures;
mod dfs;
mod parallel;

use std::fmt;

use crate::bound::{Bound, DEAD};
use crate::prune::{Automaton, Labelled};
use crate::rules::Rules;
use crate::{Budget, Interrupted, Iteration, Outcome, Path, Progress};

pub use closures::{idastar, idastar_with};
pub(crate) use dfs::MoveBuffers;
use dfs::{Dfs, Halt};
use parallel::Found;

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
}
