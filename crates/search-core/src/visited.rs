//! Visited sets and records of sides: hash-based for any state, dense for ranked ones.
//!
//! A puzzle whose states have a perfect rank (a bijection onto `0..size`, see
//! the `perm-rank` crate) can keep its visited set in one bit per state and
//! the sides of a bidirectional search in two: no hashing, no resizing.

use std::hash::Hash;

use bitvec::vec::BitVec;
use rustc_hash::{FxHashMap, FxHashSet};

/// A set of states that records which ones a search has already seen.
///
/// # Example
///
/// ```
/// use search_core::visited::{HashVisited, Visited};
///
/// let mut seen = HashVisited::default();
/// assert!(seen.insert(&"start"));
/// assert!(!seen.insert(&"start"));
/// ```
pub trait Visited<N> {
    /// Adds `node`; returns `true` if it was not in the set before.
    fn insert(&mut self, node: &N) -> bool;
}

/// A visited set in a hash set (FxHash), for states without a rank.
#[derive(Debug, Clone)]
pub struct HashVisited<N>(FxHashSet<N>);

impl<N> Default for HashVisited<N> {
    fn default() -> Self {
        HashVisited(FxHashSet::default())
    }
}

impl<N: Eq + Hash + Clone> Visited<N> for HashVisited<N> {
    #[inline]
    fn insert(&mut self, node: &N) -> bool {
        // Look up first so that a state already seen is never cloned.
        if self.0.contains(node) {
            return false;
        }
        self.0.insert(node.clone())
    }
}

/// A visited set of one bit per rank, for states with a perfect rank.
///
/// `rank` must map every state the search can meet into `0..size`; a rank out
/// of range is a bug in the caller and panics.
///
/// # Example
///
/// ```
/// use search_core::visited::{DenseVisited, Visited};
///
/// let mut seen = DenseVisited::new(100, |&n: &u8| u64::from(n));
/// assert!(seen.insert(&42));
/// assert!(!seen.insert(&42));
/// ```
pub struct DenseVisited<F> {
    bits: BitVec,
    rank: F,
}

impl<F> DenseVisited<F> {
    /// An empty set over the ranks `0..size`: `size / 8` bytes.
    pub fn new(size: u64, rank: F) -> Self {
        DenseVisited {
            bits: BitVec::repeat(false, to_index(size)),
            rank,
        }
    }
}

impl<N, F: FnMut(&N) -> u64> Visited<N> for DenseVisited<F> {
    #[inline]
    fn insert(&mut self, node: &N) -> bool {
        let index = to_index((self.rank)(node));
        let word = &mut self.bits.as_raw_mut_slice()[index / usize::BITS as usize];
        let bit = 1usize << (index % usize::BITS as usize);
        let fresh = *word & bit == 0;
        *word |= bit;
        fresh
    }
}

/// One of the two searches of a bidirectional search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The search from the start.
    Forward,
    /// The search from the goal.
    Backward,
}

/// A record of which side of a bidirectional search reached each state.
///
/// # Example
///
/// ```
/// use search_core::visited::{HashSides, Side, Sides};
///
/// let mut sides = HashSides::default();
/// assert_eq!(sides.mark(&(1, 2), Side::Backward), None);
/// assert_eq!(sides.mark(&(1, 2), Side::Forward), Some(Side::Backward)); // the searches meet
/// ```
pub trait Sides<N> {
    /// Records that `side` reached `node`, unless a side already had: then
    /// returns that side and records nothing.
    fn mark(&mut self, node: &N, side: Side) -> Option<Side>;
}

/// [`Sides`] in a hash map (FxHash), for states without a rank.
#[derive(Debug, Clone)]
pub struct HashSides<N>(FxHashMap<N, Side>);

impl<N> Default for HashSides<N> {
    fn default() -> Self {
        HashSides(FxHashMap::default())
    }
}

impl<N: Eq + Hash + Clone> Sides<N> for HashSides<N> {
    #[inline]
    fn mark(&mut self, node: &N, side: Side) -> Option<Side> {
        if let Some(&earlier) = self.0.get(node) {
            return Some(earlier);
        }
        self.0.insert(node.clone(), side);
        None
    }
}

/// [`Sides`] in two bits per rank, for states with a perfect rank: the
/// 8-puzzle's 9! arrangements take 90 KB.
///
/// # Example
///
/// ```
/// use search_core::visited::{DenseSides, Side, Sides};
///
/// let mut sides = DenseSides::new(10, |&n: &u8| u64::from(n));
/// assert_eq!(sides.mark(&3, Side::Forward), None);
/// assert_eq!(sides.mark(&3, Side::Backward), Some(Side::Forward));
/// ```
pub struct DenseSides<F> {
    /// Bit `2r` is set when the forward search reached rank `r`, bit `2r + 1`
    /// when the backward one did.
    bits: BitVec,
    rank: F,
}

impl<F> DenseSides<F> {
    /// An empty record over the ranks `0..size`.
    pub fn new(size: u64, rank: F) -> Self {
        DenseSides {
            bits: BitVec::repeat(false, to_index(size) * 2),
            rank,
        }
    }
}

impl<N, F: FnMut(&N) -> u64> Sides<N> for DenseSides<F> {
    #[inline]
    fn mark(&mut self, node: &N, side: Side) -> Option<Side> {
        let at = to_index((self.rank)(node)) * 2;
        if self.bits[at] {
            return Some(Side::Forward);
        }
        if self.bits[at + 1] {
            return Some(Side::Backward);
        }
        self.bits
            .set(at + usize::from(side == Side::Backward), true);
        None
    }
}

/// Converts a rank or a table size to an index; a table that does not fit
/// the address space cannot be allocated anyway.
#[inline]
pub(crate) fn to_index(rank: u64) -> usize {
    usize::try_from(rank).expect("rank exceeds the address space")
}
