//! The depth-first search of one IDA* iteration.

use std::sync::atomic::Ordering;

use super::parallel::{Shared, Split, Task};
use super::{Gate, Ida};
use crate::Reason;
use crate::Stats;
use crate::bound::{Bound, DEAD};
use crate::rules::Rules;

/// Why a depth-first iteration stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Halt {
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
    pub(super) fn reason(self) -> Reason {
        match self {
            Halt::Budget(reason) => reason,
            // Only the subtrees of a parallel iteration are superseded, and
            // the iteration passes over them.
            Halt::Superseded => Reason::Cancelled,
        }
    }
}

/// The state of one depth-first iteration.
pub(super) struct Dfs<'s, 'a, R: Rules, B: Bound<R>, G: Gate<R>, F> {
    pub(super) ida: &'s Ida<'a, R, B, G>,
    pub(super) goal: &'s F,
    pub(super) state: R::State,
    /// The bound's memo at each depth of the current path.
    pub(super) memos: Vec<B::Memo>,
    /// The bound at each depth of the current path.
    pub(super) hs: Vec<u32>,
    /// The moves of the current path (of the solution, once found).
    pub(super) path: Vec<R::Move>,
    /// The start's bound and gate state.
    pub(super) h: u32,
    pub(super) gate_start: G::State,
    pub(super) threshold: u32,
    /// The smallest cost estimate that exceeded `threshold`.
    pub(super) next: u32,
    /// The cost of the solution found.
    pub(super) cost: u32,
    pub(super) stats: Stats,
    pub(super) buffers: MoveBuffers<R::Move>,
    /// Where a parallel iteration splits the tree, and the subtrees found.
    pub(super) split: Option<Split<R, B::Memo, G::State>>,
    /// In a subtree of a parallel iteration.
    pub(super) shared: Option<Shared<'s>>,
}

impl<'s, 'a, R: Rules, B: Bound<R>, G: Gate<R>, F: Fn(&R::State) -> bool> Dfs<'s, 'a, R, B, G, F> {
    pub(super) fn new(
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
    pub(super) fn iterate(&mut self, threshold: u32) -> Result<Option<u32>, Halt> {
        self.threshold = threshold;
        self.path.clear();
        self.hs.truncate(1);
        let found = self.visit(0, 0, self.h, None, self.gate_start)?;
        Ok(found.then_some(self.cost))
    }

    /// Searches below the current state, reached at cost `g` after `depth`
    /// moves (the last `previous`), its bound `h`, the gate in `gate`;
    /// returns whether a goal was found (its moves are then in `self.path`).
    pub(super) fn visit(
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
                .after(ida.rules, &self.state, m, &mut rest[0], limit);
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
