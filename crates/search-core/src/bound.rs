//! Lower bounds on the cost to a goal, as values that combine: hog2's
//! *heuristics*, kept apart from the rules so that one puzzle can carry
//! several bounds side by side.
//!
//! A [`Bound`] gives the value of a start, then of each state a move leads
//! to, from what it kept of the state before (its *memo*: table indices, a
//! running sum, a mirrored state). IDA* keeps one memo per depth, so a
//! bound is updated move by move and nothing is undone by hand.
//!
//! The combinators:
//!
//! | bound | value | admissible when |
//! | --- | --- | --- |
//! | [`Zero`] | 0 | always |
//! | [`Max`]`(a, b)` | the larger | both are |
//! | [`Sum`]`::new([a, b, ..])` | the sum | each counts only moves the others do not (disjoint groups of pieces, Korf & Felner) |
//! | [`Mirrored`]`(b, symmetry)` | `b` of the mirrored state | `b` is, and the symmetry maps the goal to itself: checked by [`Mirrored::new`] |
//! | [`Computed`]`(f)` | `f(state)`, from scratch | `f` is |
//!
//! A bound that proves that no goal can be reached returns [`DEAD`].
//!
//! # Example
//!
//! A counter must reach 10 by steps of 1 or 2: the steps left, halved, is
//! a bound, and so is its maximum with any other bound.
//!
//! ```
//! use search_core::bound::{Bound, Computed, Max, Zero};
//! use search_core::rules::Rules;
//!
//! struct Steps;
//! impl Rules for Steps {
//!     type State = u32;
//!     type Move = u32;
//!     fn moves(&self, &n: &u32, out: &mut Vec<u32>) { out.extend([1, 2].into_iter().filter(|d| n + d <= 10)) }
//!     fn apply(&self, n: &mut u32, d: u32) { *n += d }
//!     fn undo(&self, n: &mut u32, d: u32) { *n -= d }
//! }
//!
//! let halves = Computed(|&n: &u32| (10 - n).div_ceil(2));
//! let bound = Max(halves, Zero);
//! let (h, mut memo) = bound.start(&Steps, &3);
//! assert_eq!(h, 4);
//! assert_eq!(bound.after(&Steps, &5, 2, &mut memo, u32::MAX), 3);
//! ```

use std::fmt;

use crate::rules::Rules;

/// The value of a bound at a state from which no goal can be reached
/// (peg solitaire: a class of holes with fewer pegs than the goal needs).
pub const DEAD: u32 = u32::MAX;

/// An admissible lower bound on the cost from a state to the goal (never
/// more than the true cost), updated move by move.
pub trait Bound<R: Rules + ?Sized> {
    /// What the bound keeps of a state to update its value after a move:
    /// `()` for a bound computed from scratch.
    type Memo: Clone;

    /// The value at `s`, and the memo of `s`.
    fn start(&self, rules: &R, s: &R::State) -> (u32, Self::Memo);

    /// The value at `s`, reached by `m` from the state whose memo `memo`
    /// holds; `memo` becomes the memo of `s`.
    ///
    /// The search only needs to know whether the value exceeds `limit`: a
    /// bound may stop as soon as it does and answer any value above
    /// `limit`, its memo then left unfinished (the search does not go below
    /// a state whose bound passes the limit). [`Max`] stops before its
    /// second bound. With `limit` at `u32::MAX` the value is exact.
    fn after(&self, rules: &R, s: &R::State, m: R::Move, memo: &mut Self::Memo, limit: u32) -> u32;
}

impl<R: Rules + ?Sized, B: Bound<R> + ?Sized> Bound<R> for &B {
    type Memo = B::Memo;

    #[inline]
    fn start(&self, rules: &R, s: &R::State) -> (u32, B::Memo) {
        (**self).start(rules, s)
    }

    #[inline]
    fn after(&self, rules: &R, s: &R::State, m: R::Move, memo: &mut B::Memo, limit: u32) -> u32 {
        (**self).after(rules, s, m, memo, limit)
    }
}

/// No bound: 0 everywhere. IDA* with it is iterative deepening.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Zero;

impl<R: Rules + ?Sized> Bound<R> for Zero {
    type Memo = ();

    #[inline]
    fn start(&self, _: &R, _: &R::State) -> (u32, ()) {
        (0, ())
    }

    #[inline]
    fn after(&self, _: &R, _: &R::State, _: R::Move, _: &mut (), _: u32) -> u32 {
        0
    }
}

/// A bound computed from scratch at every state by a function of it.
#[derive(Debug, Clone, Copy)]
pub struct Computed<F>(pub F);

impl<R: Rules + ?Sized, F: Fn(&R::State) -> u32> Bound<R> for Computed<F> {
    type Memo = ();

    #[inline]
    fn start(&self, _: &R, s: &R::State) -> (u32, ()) {
        ((self.0)(s), ())
    }

    #[inline]
    fn after(&self, _: &R, s: &R::State, _: R::Move, _: &mut (), _: u32) -> u32 {
        (self.0)(s)
    }
}

/// The larger of two bounds.
#[derive(Debug, Clone, Copy)]
pub struct Max<A, B>(pub A, pub B);

impl<R: Rules + ?Sized, A: Bound<R>, B: Bound<R>> Bound<R> for Max<A, B> {
    type Memo = (A::Memo, B::Memo);

    #[inline]
    fn start(&self, rules: &R, s: &R::State) -> (u32, Self::Memo) {
        let (a, ma) = self.0.start(rules, s);
        let (b, mb) = self.1.start(rules, s);
        (a.max(b), (ma, mb))
    }

    /// The second bound is not looked at when the first passes `limit`.
    #[inline]
    fn after(&self, rules: &R, s: &R::State, m: R::Move, memo: &mut Self::Memo, limit: u32) -> u32 {
        let a = self.0.after(rules, s, m, &mut memo.0, limit);
        if a > limit {
            return a;
        }
        a.max(self.1.after(rules, s, m, &mut memo.1, limit))
    }
}

/// The sum of bounds that count disjoint sets of moves: each move of the
/// puzzle is counted by at most one of them (the groups of pieces of
/// additive pattern databases, Korf & Felner). The sum of such bounds is
/// admissible; of others, it need not be.
///
/// At most `N` parts, whose memos IDA* copies at every move in one array.
#[derive(Debug, Clone)]
pub struct Sum<P, const N: usize> {
    parts: Vec<P>,
}

impl<P, const N: usize> Sum<P, N> {
    /// The sum of `parts`, or `None` if there are more than `N`.
    pub fn new(parts: impl IntoIterator<Item = P>) -> Option<Self> {
        let parts: Vec<P> = parts.into_iter().collect();
        (parts.len() <= N).then_some(Sum { parts })
    }

    /// The parts.
    pub fn parts(&self) -> &[P] {
        &self.parts
    }
}

impl<R: Rules + ?Sized, P: Bound<R>, const N: usize> Bound<R> for Sum<P, N>
where
    P::Memo: Copy + Default,
{
    type Memo = [P::Memo; N];

    #[inline]
    fn start(&self, rules: &R, s: &R::State) -> (u32, Self::Memo) {
        let mut memo = [P::Memo::default(); N];
        let mut sum = 0u32;
        for (part, m) in self.parts.iter().zip(&mut memo) {
            let (h, start) = part.start(rules, s);
            sum = sum.saturating_add(h);
            *m = start;
        }
        (sum, memo)
    }

    /// Each part is told the whole `limit`: a part above it puts the sum
    /// above it.
    #[inline]
    fn after(&self, rules: &R, s: &R::State, m: R::Move, memo: &mut Self::Memo, limit: u32) -> u32 {
        let mut sum = 0u32;
        for (part, memo) in self.parts.iter().zip(memo) {
            sum = sum.saturating_add(part.after(rules, s, m, memo, limit));
        }
        sum
    }
}

/// A symmetry of the rules: a map of states onto states that maps the
/// moves of each state onto the moves of its image (an automorphism of the
/// state graph, costs kept), so that a state and its image are as far from
/// their goals when the goal is mapped too.
pub trait Symmetry<R: Rules + ?Sized> {
    /// The image of `state`.
    fn state(&self, state: &R::State) -> R::State;

    /// The image of `m`: the move of the image state that mirrors `m`.
    fn image(&self, m: R::Move) -> R::Move;
}

/// A bound looked up on the image of the state under a [`Symmetry`]: the
/// distance of a state to a goal that the symmetry fixes is the distance
/// of its image, so a bound of the image bounds the state (Korf & Felner's
/// reflected pattern databases; the maximum with the plain lookup is
/// [`Max`]).
///
/// The rule, enforced by [`Mirrored::new`]: the symmetry must map the goal
/// to itself, or the lookup measures the distance to another goal and may
/// overestimate.
#[derive(Debug, Clone)]
pub struct Mirrored<B, S> {
    bound: B,
    symmetry: S,
}

/// Why a symmetry cannot serve a bound: it does not map the goal to itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotSymmetric;

impl fmt::Display for NotSymmetric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the symmetry does not map the goal to itself")
    }
}

impl std::error::Error for NotSymmetric {}

impl<B, S> Mirrored<B, S> {
    /// `bound` looked up through `symmetry`, for a search towards `goal`;
    /// refused unless the symmetry maps `goal` to itself.
    pub fn new<R>(bound: B, symmetry: S, goal: &R::State) -> Result<Self, NotSymmetric>
    where
        R: Rules + ?Sized,
        R::State: PartialEq,
        S: Symmetry<R>,
    {
        if symmetry.state(goal) == *goal {
            Ok(Mirrored { bound, symmetry })
        } else {
            Err(NotSymmetric)
        }
    }
}

impl<R: Rules + ?Sized, B: Bound<R>, S: Symmetry<R>> Bound<R> for Mirrored<B, S> {
    /// The image state, and the bound's memo of it.
    type Memo = (R::State, B::Memo);

    #[inline]
    fn start(&self, rules: &R, state: &R::State) -> (u32, Self::Memo) {
        let image = self.symmetry.state(state);
        let (h, memo) = self.bound.start(rules, &image);
        (h, (image, memo))
    }

    #[inline]
    fn after(&self, rules: &R, _: &R::State, m: R::Move, memo: &mut Self::Memo, limit: u32) -> u32 {
        let m = self.symmetry.image(m);
        rules.apply(&mut memo.0, m);
        self.bound.after(rules, &memo.0, m, &mut memo.1, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk on a ring of 12 cells; the goal is cell 0.
    struct Ring;
    impl Rules for Ring {
        type State = u8;
        type Move = i8;
        fn moves(&self, _: &u8, out: &mut Vec<i8>) {
            out.extend([1, -1]);
        }
        fn apply(&self, s: &mut u8, m: i8) {
            *s = (*s as i8 + m).rem_euclid(12) as u8;
        }
        fn undo(&self, s: &mut u8, m: i8) {
            self.apply(s, -m);
        }
    }

    /// The reflection `c -> 12 - c` about cell 0 (or about cell 3).
    struct Reflect(u8);
    impl Symmetry<Ring> for Reflect {
        fn state(&self, &s: &u8) -> u8 {
            (2 * self.0 + 12 - s) % 12
        }
        fn image(&self, m: i8) -> i8 {
            -m
        }
    }

    /// The distance clockwise only: not admissible, but a test of images.
    fn clockwise(&s: &u8) -> u32 {
        u32::from((12 - s) % 12)
    }

    #[test]
    fn a_mirrored_bound_follows_the_image_move_by_move() {
        let bound = Mirrored::new::<Ring>(Computed(clockwise), Reflect(0), &0).unwrap();
        let (h, mut memo) = bound.start(&Ring, &2);
        assert_eq!((h, memo.0), (2, 10));
        assert_eq!(bound.after(&Ring, &3, 1, &mut memo, u32::MAX), 3);
        assert_eq!(memo.0, 9);
    }

    #[test]
    fn a_symmetry_that_moves_the_goal_is_refused() {
        let refused = Mirrored::new::<Ring>(Computed(clockwise), Reflect(3), &0);
        assert_eq!(refused.err(), Some(NotSymmetric));
        assert!(Mirrored::new::<Ring>(Computed(clockwise), Reflect(3), &3).is_ok());
    }

    #[test]
    fn sums_and_maxima_combine_their_parts() {
        type Part = Computed<fn(&u8) -> u32>;
        let (own, one): (Part, Part) = (Computed(|&s| u32::from(s)), Computed(|_| 1));
        let parts: Sum<Part, 2> = Sum::new([own, one]).unwrap();
        let both = Max(parts, Computed(clockwise));
        assert_eq!(both.start(&Ring, &3).0, 9);
        assert_eq!(both.start(&Ring, &8).0, 9);
        let (dead, zero): (Part, Part) = (Computed(|_| DEAD), Computed(|_| 0));
        assert!(Sum::<Part, 1>::new([dead, zero]).is_none());
        let dead: Sum<Part, 4> = Sum::new([dead, zero]).unwrap();
        assert_eq!(dead.start(&Ring, &0).0, DEAD);
    }
}
