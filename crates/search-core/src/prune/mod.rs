//! Move pruning: an automaton of operator sequences that a depth-first
//! search need never play, because a twin of no greater cost reaches the
//! same position from every position where they apply (Taylor and Korf,
//! "Pruning duplicate nodes in depth-first search", 1993).
//!
//! A puzzle names its moves by *operators* (a sliding puzzle: the direction
//! the blank moves) and describes their algebra through [`Operators`]: a few
//! *frames*, one per class of positions that admit the same operator
//! sequences, on which sequences that agree agree everywhere in the class.
//! [`Automaton::build`] explores every frame breadth-first up to a depth,
//! keeps the first sequence reaching each frame state in *shortlex* order
//! (shorter first, then operator by operator), and forbids the rest: a
//! sequence is forbidden when, from every frame where it applies, a
//! shortlex-smaller twin reaches the same frame state. The minimal forbidden
//! sequences are compiled into an Aho-Corasick automaton, which is then
//! minimised (Moore's partition refinement: states from which the same
//! sequences are rejected become one); its table answers one look-up per
//! move: the next automaton state, or that the move closes a forbidden
//! sequence. [`Ida::pruned`](crate::ida::Ida::pruned) steps it along the path.
//!
//! # Why no optimal path is lost
//!
//! Order paths by cost, then by length, then operator by operator. Among the
//! optimal paths from a start to a goal take the least, `p`. If `p` held a
//! forbidden sequence `w` starting at position `s`, `w` applies at `s`, so
//! (by the frame contract) it applies at the frame of `s`'s class, where a
//! twin `v` with `v < w` reaches the same frame state; by the contract again
//! `v` reaches from `s` the position `w` reaches. Replacing `w` by `v` in `p`
//! gives a path to the goal that is shorter, or as long and smaller
//! operator by operator (same prefix, then `v` before `w`): either way less
//! than `p`, a contradiction. So `p` holds no forbidden sequence and a
//! depth-first search gated by the automaton still plays it. Because every
//! forbidden sequence is larger than its twin in one total order, two rules
//! can never forbid both members of a pair, which is what would lose paths.
//! And since a depth-first search tries moves in operator order, the gated
//! search finds the very solution the ungated one finds, when the puzzle
//! lists its moves in operator order.
//!
//! All moves must cost the same (1).
//!
//! # Example
//!
//! A token on a 2x2 grid of cells, moved in four directions: the frames are
//! the four cells, and sequences agree when they end on the same cell.
//!
//! ```
//! use search_core::prune::{Automaton, Operators};
//!
//! struct Token;
//! impl Operators for Token {
//!     type Frame = u8; // the cell, 0..4, row by row
//!     fn operator_count(&self) -> usize { 4 } // up, down, left, right
//!     fn frames(&self) -> Vec<u8> { (0..4).collect() }
//!     fn apply(&self, &cell: &u8, op: u8) -> Option<u8> {
//!         match op {
//!             0 if cell >= 2 => Some(cell - 2),
//!             1 if cell < 2 => Some(cell + 2),
//!             2 if cell % 2 == 1 => Some(cell - 1),
//!             3 if cell % 2 == 0 => Some(cell + 1),
//!             _ => None,
//!         }
//!     }
//! }
//!
//! let automaton = Automaton::build(&Token, 4);
//! assert!(!automaton.allows(&[0, 1])); // up then down: the empty sequence is shorter
//! assert!(!automaton.allows(&[3, 1])); // right then down: down then right is smaller
//! assert!(automaton.allows(&[1, 3]));
//! ```

use std::hash::Hash;

mod build;
mod minimise;
mod store;

pub use store::{AutomatonCache, AutomatonError, AutomatonStore, set_store};

/// The algebra of a puzzle's operators, as [`Automaton::build`] needs it.
///
/// The contract, on which the safety of the pruning rests: every position
/// of the puzzle has a frame among [`frames`](Operators::frames) such that
///
/// 1. an operator sequence applies at the position exactly when it applies
///    at the frame (through [`apply`](Operators::apply)), and
/// 2. two sequences that apply at the frame and end on the same frame state
///    end on the same position from the position.
///
/// For a sliding puzzle the frame is the board with the blank on the
/// position's blank cell and every other cell holding its own number: which
/// sequences apply depends on the blank cell alone, and a sequence moves
/// the contents of cells the same way whatever they are, so two sequences
/// that permute the numbered frame alike permute every board alike.
pub trait Operators {
    /// A state of the algebra.
    type Frame: Clone + Eq + Hash;

    /// The number of operators, labelled `0..count`; at most 256.
    fn operator_count(&self) -> usize;

    /// One frame per class of positions.
    fn frames(&self) -> Vec<Self::Frame>;

    /// The frame after operator `op`, or `None` where it does not apply.
    fn apply(&self, frame: &Self::Frame, op: u8) -> Option<Self::Frame>;
}

/// Rules whose moves are named by the operators of an [`Operators`]
/// algebra, so that IDA* can step an [`Automaton`] along its path
/// ([`Ida::pruned`](crate::ida::Ida::pruned)).
pub trait Labelled: crate::rules::Rules {
    /// The operator of `m`.
    fn operator(&self, m: Self::Move) -> u8;
}

/// No such node or state.
const NONE: u32 = u32::MAX;

/// An automaton over operators that rejects exactly the sequences holding a
/// forbidden one (see the [module](self) documentation).
///
/// [`Automaton::build`] compiles the forbidden sequences into an
/// Aho-Corasick automaton, whose states are their proper prefixes, and
/// minimises it; its table holds one `u32` per state and operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automaton {
    operators: usize,
    depth: usize,
    /// `table[state + op]`: the next state, or [`NONE`] where the move
    /// completes a forbidden sequence. A state is the index of its row
    /// (its number times the operator count), which spares a multiplication
    /// per look-up.
    table: Vec<u32>,
    /// The number of minimal forbidden sequences.
    words: usize,
    /// How many of them have each length.
    lengths: Vec<usize>,
}

impl Automaton {
    /// The state before any move.
    pub const START: u32 = 0;

    /// The state after operator `op` from `state`, or `None` if the move
    /// completes a forbidden sequence (and need not be played).
    #[inline]
    pub fn step(&self, state: u32, op: u8) -> Option<u32> {
        debug_assert!(usize::from(op) < self.operators);
        let next = self.table[state as usize + usize::from(op)];
        (next != NONE).then_some(next)
    }

    /// Whether `ops` holds no forbidden sequence.
    pub fn allows(&self, ops: &[u8]) -> bool {
        ops.iter()
            .try_fold(Self::START, |s, &op| self.step(s, op))
            .is_some()
    }

    /// The number of minimal forbidden sequences.
    pub fn forbidden(&self) -> usize {
        self.words
    }

    /// How many minimal forbidden sequences have each length (index).
    pub fn forbidden_by_length(&self) -> &[usize] {
        &self.lengths
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.table.len() / self.operators.max(1)
    }

    /// The longest sequence considered.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The bytes of its table.
    pub fn bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A numbered board and its blank's cell.
    pub(super) type Frame = (Vec<u8>, u8);

    /// A sliding puzzle on a `w x h` board: the frame is the numbered
    /// board, operators move the blank up, down, left, right.
    pub(super) struct Sliding {
        pub(super) w: u8,
        pub(super) h: u8,
    }

    impl Operators for Sliding {
        type Frame = (Vec<u8>, u8);
        fn operator_count(&self) -> usize {
            4
        }
        fn frames(&self) -> Vec<(Vec<u8>, u8)> {
            let n = self.w * self.h;
            (0..n).map(|b| ((0..n).collect(), b)).collect()
        }
        fn apply(&self, (cells, b): &(Vec<u8>, u8), op: u8) -> Option<(Vec<u8>, u8)> {
            let (w, b) = (self.w, *b);
            let from = match op {
                0 if b >= w => b - w,
                1 if b + w < w * self.h => b + w,
                2 if b % w > 0 => b - 1,
                3 if b % w + 1 < w => b + 1,
                _ => return None,
            };
            let mut cells = cells.clone();
            cells.swap(usize::from(from), usize::from(b));
            Some((cells, from))
        }
    }

    #[test]
    fn sizes_are_reported() {
        let automaton = Automaton::build(&Sliding { w: 3, h: 3 }, 6);
        assert_eq!(automaton.depth(), 6);
        assert_eq!(automaton.bytes(), automaton.states() * 4 * 4);
        assert_eq!(
            automaton.forbidden_by_length().iter().sum::<usize>(),
            automaton.forbidden()
        );
        // Undoing a move is forbidden in every direction: 4 sequences of 2.
        assert_eq!(automaton.forbidden_by_length()[2], 4);
    }
}
