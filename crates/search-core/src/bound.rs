//! Lower bounds for IDA* that a move updates instead of recomputing.
//!
//! An additive bound is a sum of terms (one per pattern database, one per
//! tile of a Manhattan distance) of which a move changes one: [`Additive`]
//! keeps the terms and their sum, and [`Additive::replace`] swaps one term
//! and hands back the old value, which the node keeps to undo the move.
//! Bounds compose by maximum: a node with tables looked up on the board and
//! on its mirror image keeps two [`Additive`]s and answers
//! [`max`](Additive::max_sum) of their sums; a node with a cheap bound of its
//! own beside the tables answers the larger of the two. The maximum of
//! admissible bounds is admissible, and a sum of terms is when every move
//! changes the term of one group only (disjoint groups, Korf & Felner).
//!
//! # Example
//!
//! Two groups whose values a node tracks through a move and its undo.
//!
//! ```
//! use search_core::bound::Additive;
//!
//! let mut bound = Additive::new([3, 5]);
//! assert_eq!(bound.sum(), 8);
//! let old = bound.replace(1, 4); // a move of a tile of group 1
//! assert_eq!((bound.sum(), old), (7, 5));
//! bound.replace(1, old); // its undo
//! assert_eq!(bound.sum(), 8);
//! assert_eq!(Additive::max_sum(&bound, &Additive::new([9, 0])), 9);
//! ```

/// The terms of an additive lower bound, at most `N`, and their sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Additive<const N: usize> {
    values: [u8; N],
    sum: u32,
}

impl<const N: usize> Additive<N> {
    /// Terms with these values (unused ones 0).
    pub fn new(values: [u8; N]) -> Additive<N> {
        let sum = values.iter().map(|&v| u32::from(v)).sum();
        Additive { values, sum }
    }

    /// The bound: the sum of the terms.
    #[inline]
    pub fn sum(&self) -> u32 {
        self.sum
    }

    /// Term `term`'s value.
    #[inline]
    pub fn get(&self, term: usize) -> u8 {
        self.values[term]
    }

    /// Sets term `term` to `value` and returns its old value: what the same
    /// call restores on undo.
    #[inline]
    pub fn replace(&mut self, term: usize, value: u8) -> u8 {
        let old = std::mem::replace(&mut self.values[term], value);
        self.sum = self.sum + u32::from(value) - u32::from(old);
        old
    }

    /// The larger of two bounds' sums: tables looked up on a board and on
    /// its reflection.
    #[inline]
    pub fn max_sum(a: &Additive<N>, b: &Additive<N>) -> u32 {
        a.sum.max(b.sum)
    }
}

#[cfg(test)]
mod tests {
    use super::Additive;

    #[test]
    fn replacing_and_restoring_keeps_the_sum_of_the_terms() {
        let mut bound = Additive::new([0u8; 8]);
        let mut undo = Vec::new();
        for step in 0..200u32 {
            let term = (step * 7 % 8) as usize;
            let value = (step * 13 % 40) as u8;
            undo.push((term, bound.replace(term, value)));
            let sum: u32 = (0..8).map(|t| u32::from(bound.get(t))).sum();
            assert_eq!(bound.sum(), sum);
        }
        while let Some((term, old)) = undo.pop() {
            bound.replace(term, old);
        }
        assert_eq!(bound, Additive::new([0u8; 8]));
    }
}
