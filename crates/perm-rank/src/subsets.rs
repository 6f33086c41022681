//! Rankings of the subsets of `0..n` with a given number of elements and a
//! given class under a linear invariant over GF(2).

use std::sync::Arc;

use crate::binomial::MAX_N;
use crate::{RankError, Ranking};

mod batch;
mod cursor;

pub use cursor::SubsetCursor;

/// The most bits of the lowest chunk of a key (its rank within its own
/// size and class is one table lookup).
const LOW_BITS: u32 = 14;
/// The most bits of the highest chunk (one table per layer).
const TOP_BITS: u32 = 14;
/// The most bits of a chunk between them.
const MID_BITS: u32 = 8;
/// The chunks' widths where two chunks take every element.
const TWO_LOW_BITS: u32 = 16;
const TWO_TOP_BITS: u32 = 18;
/// The ranks a [`SubsetLayer`] may hold: below `2^40`, so that a table
/// entry holds a partial rank and the row below in one word.
const CUM_BITS: u32 = 40;
const CUM_MASK: u64 = (1 << CUM_BITS) - 1;

/// The subsets of `0..n` (`n <= 64`, as bit masks) split by their number of
/// elements and their *class*: the exclusive or of the weights of their
/// elements (one weight of up to 8 bits an element). These are the tables
/// shared by every [`SubsetLayer`], the subsets of one size and one class,
/// ranked `0..count` in increasing order of the masks.
///
/// A weight is a linear invariant over GF(2): where a move flips a set of
/// elements whose weights cancel (peg solitaire's jump, which flips three
/// holes, under J. H. Conway's position classes), every position reached
/// has the class of the first, so a bit array indexed by the rank within a
/// layer needs `2^c` times fewer bits than one over every subset of that
/// size (`c` the bits of the weights).
///
/// The rank is a sum of table lookups, one per chunk of the mask from the
/// highest: for each chunk, the subsets whose chunk is smaller and whose
/// chunks above are the same, given the elements and the class those leave
/// for the bits below (the *row*, which each entry gives with its partial
/// rank, for the chunk below). The lowest chunk (up to 14 bits) is ranked
/// within its own size and class, the highest (up to 14 bits) by a table of
/// its layer, and the bits between (none up to 28 elements, one chunk for
/// 33, five for 64) by chunks of up to 8 bits whose tables have a row for
/// each number of elements and class still to place. The tables take about
/// `2^14 * (2 + 6)` bytes, plus `(n + 1) * 2^c * 2^8 * 8` bytes a middle
/// chunk (for 33 elements and 16 classes, 80 KiB) and `2^14 * 8` bytes a
/// layer; a layer holds fewer than `2^40` subsets.
///
/// # Example
///
/// ```
/// use perm_rank::SubsetClasses;
///
/// // Elements 0..6, weights 0b01 and 0b10 in turn: the class of a set is
/// // the parity of its even elements and that of its odd ones.
/// let classes = std::sync::Arc::new(SubsetClasses::new(6, &[1, 2, 1, 2, 1, 2])?);
/// assert_eq!(classes.classes(), 4);
/// // Sets of two elements, both even or both odd: class 0.
/// let layer = classes.layer(2, 0)?;
/// assert_eq!(layer.count(), 6);
/// assert_eq!(layer.rank_mask(0b000101)?, 0); // {0, 2}
/// assert_eq!(layer.rank_mask(0b001010)?, 1); // {1, 3}
/// assert_eq!(layer.unrank_mask(5)?, 0b101000); // {3, 5}
/// assert!(layer.rank_mask(0b000011).is_err()); // {0, 1}: class 3
/// # Ok::<(), perm_rank::RankError>(())
/// ```
#[derive(Debug, Clone)]
pub struct SubsetClasses {
    n: u32,
    classes: u32,
    weights: Vec<u8>,
    /// Per bit of the weights, the elements whose weight has it: a class
    /// is the parities of a mask's elements among these.
    weight_bits: Vec<u64>,
    /// Bits of the lowest chunk.
    low_bits: u32,
    /// Per value of the lowest chunk: its rank among the values with as
    /// many elements and the same class.
    low_rank: Vec<u16>,
    /// Per row (elements, class) of the lowest chunk: where its values
    /// start in `low_values`, ascending (one more, the end).
    low_start: Vec<u32>,
    low_values: Vec<u16>,
    /// The chunks between the highest and the lowest, from the highest.
    mids: Vec<Chunk>,
    /// The highest chunk's first bit and width.
    top_shift: u32,
    top_bits: u32,
    /// The subsets of the bits below the highest chunk, per row (elements,
    /// class): a layer's table is built from them.
    below_top: Vec<u64>,
    /// Per value of the highest chunk, its class: read by every layer's
    /// table.
    top_class: Vec<u8>,
}

/// A chunk of the mask between the highest and the lowest: per row (the
/// elements and the class left for the bits from this chunk down) and per
/// value of the chunk, the subsets whose chunk is smaller (the low 40 bits)
/// and the row left for the bits below (the high 24).
#[derive(Debug, Clone)]
struct Chunk {
    shift: u32,
    bits: u32,
    table: Vec<u64>,
    /// Per row, the subsets of the bits from this chunk down.
    totals: Vec<u64>,
}

/// The subsets of one size and one class ([`SubsetClasses::layer`]),
/// ranked `0..count` in increasing order of their masks.
#[derive(Debug, Clone)]
pub struct SubsetLayer {
    tables: Arc<SubsetClasses>,
    k: u32,
    class: u32,
    count: u64,
    /// Per value of the highest chunk: the subsets whose highest chunk is
    /// smaller, and the row left below.
    top: Top,
}

/// The table of a layer's highest chunk.
#[derive(Debug, Clone)]
enum Top {
    /// Partial ranks (low 40 bits) and the row left below (high 24).
    Wide(Vec<u64>),
    /// Partial ranks alone, where no chunk lies between the highest and
    /// the lowest and the layer holds fewer than `2^32` subsets: half the
    /// bytes (512 KiB for 17 bits), so that the table stays in a core's
    /// cache; the row is worked out where unranking needs it.
    Narrow(Vec<u32>),
}

/// The set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            i
        })
    })
}

/// Per row (elements `r`, class `t`) of the bits `0..bits`, the number of
/// their subsets with `r` elements and class `t`, given the weights.
fn counts_below(weights: &[u8], classes: usize, bits: usize) -> Vec<u64> {
    let mut counts = vec![0u64; (bits + 1) * classes];
    counts[0] = 1;
    for (b, &w) in weights[..bits].iter().enumerate() {
        // Element b added to the sets of r elements of bits 0..b.
        for r in (0..=b).rev() {
            for t in 0..classes {
                let n = counts[r * classes + t];
                if n != 0 {
                    counts[(r + 1) * classes + (t ^ usize::from(w))] += n;
                }
            }
        }
    }
    counts
}

impl SubsetClasses {
    /// The tables for the subsets of `0..n`, element `i` weighing
    /// `weights[i]` (`n = weights.len() <= 64`).
    pub fn new(n: usize, weights: &[u8]) -> Result<Self, RankError> {
        // Up to 34 elements, two chunks (a larger table a layer, one lookup
        // fewer); more, three or more.
        if n <= TWO_LOW_BITS as usize + TWO_TOP_BITS as usize {
            Self::with_chunks(n, weights, [TWO_LOW_BITS, TWO_TOP_BITS, MID_BITS])
        } else {
            Self::with_chunks(n, weights, [LOW_BITS, TOP_BITS, MID_BITS])
        }
    }

    /// [`new`](Self::new) with the chunks' widths at most `low`, `top` and
    /// `mid` bits.
    fn with_chunks(n: usize, weights: &[u8], [low, top, mid]: [u32; 3]) -> Result<Self, RankError> {
        RankError::check_k_of_n(0, n, MAX_N, "elements")?;
        if weights.len() != n {
            return Err(RankError::WrongLength {
                expected: n,
                found: weights.len(),
            });
        }
        let classes = (usize::from(weights.iter().fold(0, |a, &w| a | w)) + 1).next_power_of_two();
        let weight_bits: Vec<u64> = (0..classes.trailing_zeros())
            .map(|b| {
                (0..n)
                    .filter(|&i| weights[i] >> b & 1 == 1)
                    .fold(0, |m, i| m | 1 << i)
            })
            .collect();
        let n = n as u32;
        let low_bits = n.min(low);
        let top_bits = (n - low_bits).min(top);
        let top_shift = n - top_bits;
        let class_of = |v: u64, shift: u32| -> usize {
            bits(v)
                .map(|i| usize::from(weights[(shift + i) as usize]))
                .fold(0, |a, w| a ^ w)
        };
        // The lowest chunk, grouped by (elements, class).
        let rows_low = (low_bits as usize + 1) * classes;
        let mut groups: Vec<Vec<u16>> = vec![Vec::new(); rows_low];
        let mut low_rank = Vec::with_capacity(1 << low_bits);
        for v in 0..1u64 << low_bits {
            let row = v.count_ones() as usize * classes + class_of(v, 0);
            low_rank.push(groups[row].len() as u16);
            groups[row].push(v as u16);
        }
        let mut low_start = Vec::with_capacity(rows_low + 1);
        let mut low_values = Vec::with_capacity(1 << low_bits);
        for g in &groups {
            low_start.push(low_values.len() as u32);
            low_values.extend_from_slice(g);
        }
        low_start.push(low_values.len() as u32);
        // The middle chunks, from the highest.
        let mid_total = top_shift - low_bits;
        let mid_count = mid_total.div_ceil(mid);
        let mut mids = Vec::with_capacity(mid_count as usize);
        let mut shift = top_shift;
        for c in 0..mid_count {
            // Split evenly, the higher chunks taking the odd bits.
            let bits = (mid_total * (mid_count - c)).div_ceil(mid_count)
                - (mid_total * (mid_count - c - 1)).div_ceil(mid_count);
            shift -= bits;
            let below = counts_below(weights, classes, shift as usize);
            let upto = counts_below(weights, classes, (shift + bits) as usize);
            let rows = (shift + bits) as usize + 1;
            let mut table = Vec::with_capacity((rows * classes) << bits);
            for r in 0..rows {
                for t in 0..classes {
                    let mut cum = 0u64;
                    for v in 0..1u64 << bits {
                        let (e, u) = (v.count_ones() as usize, t ^ class_of(v, shift));
                        let next =
                            (r >= e && r - e <= shift as usize).then(|| (r - e) * classes + u);
                        // Entries a layer uses hold partial ranks below
                        // its count: the others may saturate.
                        table.push(cum.min(CUM_MASK) | (next.unwrap_or(0) as u64) << CUM_BITS);
                        cum += next.map_or(0, |row| below[row]);
                    }
                }
            }
            mids.push(Chunk {
                shift,
                bits,
                table,
                totals: upto,
            });
        }
        Ok(SubsetClasses {
            n,
            classes: classes as u32,
            weights: weights.to_vec(),
            weight_bits,
            low_bits,
            low_rank,
            low_start,
            low_values,
            mids,
            top_shift,
            top_bits,
            below_top: counts_below(weights, classes, top_shift as usize),
            top_class: (0..1u64 << top_bits)
                .map(|v| class_of(v, top_shift) as u8)
                .collect(),
        })
    }

    /// The number of elements, `n`.
    pub fn elements(&self) -> usize {
        self.n as usize
    }

    /// The number of classes: a power of two, above every weight.
    pub fn classes(&self) -> usize {
        self.classes as usize
    }

    /// The class of `mask`: the exclusive or of its elements' weights.
    #[inline]
    pub fn class_of(&self, mask: u64) -> u8 {
        self.weight_bits
            .iter()
            .enumerate()
            .fold(0, |c, (b, &w)| c | ((mask & w).count_ones() as u8 & 1) << b)
    }

    /// The number of subsets with `k` elements and class `class`, without
    /// building a layer's table.
    pub fn count(&self, k: usize, class: u8) -> u64 {
        let classes = self.classes as usize;
        if k > self.n as usize || usize::from(class) >= classes {
            return 0;
        }
        counts_below(&self.weights, classes, self.n as usize)[k * classes + usize::from(class)]
    }

    /// The entries of a layer's table ([`layer`](Self::layer) builds one
    /// a layer, in as many steps): a layer of fewer subsets is cheaper to
    /// keep sorted.
    pub fn layer_len(&self) -> usize {
        self.top_class.len()
    }

    /// The subsets with `k` elements and class `class`, ranked; refused
    /// where they number `2^40` or more.
    pub fn layer(self: &Arc<Self>, k: usize, class: u8) -> Result<SubsetLayer, RankError> {
        RankError::check_k_of_n(k, self.n as usize, MAX_N, "elements")?;
        if u32::from(class) >= self.classes {
            return Err(RankError::UnknownSymbol {
                position: 0,
                value: class,
                symbols: self.classes as usize,
            });
        }
        let classes = self.classes as usize;
        let mut top = Vec::with_capacity(1 << self.top_bits);
        let mut cum = 0u64;
        for (v, &c) in self.top_class.iter().enumerate() {
            let e = v.count_ones() as usize;
            let u = usize::from(class ^ c);
            let next = (k >= e && k - e <= self.top_shift as usize).then(|| (k - e) * classes + u);
            top.push(cum | (next.unwrap_or(0) as u64) << CUM_BITS);
            cum += next.map_or(0, |row| self.below_top[row]);
            if cum > CUM_MASK {
                return Err(RankError::TooLarge {
                    what: format!("the {k}-element subsets of class {class} of 0..{}", self.n),
                    limit: format!("2^{CUM_BITS} subsets"),
                });
            }
        }
        let top = if self.mids.is_empty() && cum <= u64::from(u32::MAX) {
            Top::Narrow(top.iter().map(|&e| (e & CUM_MASK) as u32).collect())
        } else {
            Top::Wide(top)
        };
        Ok(SubsetLayer {
            tables: Arc::clone(self),
            k: k as u32,
            class: u32::from(class),
            count: cum,
            top,
        })
    }
}

impl SubsetLayer {
    /// The number of subsets in the layer.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The number of elements of each subset.
    pub fn elements(&self) -> usize {
        self.k as usize
    }

    /// The class of each subset.
    pub fn class(&self) -> u8 {
        self.class as u8
    }

    /// The rank of `mask`, which must be a subset of the layer (its number
    /// of elements and its class): what [`rank_mask`](Self::rank_mask)
    /// gives, without the checks (another mask gets some number, perhaps
    /// past the count). A table lookup per chunk.
    #[inline(always)]
    pub fn rank(&self, mask: u64) -> u64 {
        let t = &*self.tables;
        let v = (mask >> t.top_shift) as usize & ((1 << t.top_bits) - 1);
        let low = u64::from(t.low_rank[mask as usize & ((1 << t.low_bits) - 1)]);
        let top = match &self.top {
            Top::Narrow(cum) => return u64::from(cum[v]) + low,
            Top::Wide(top) => top,
        };
        let e = top[v];
        let mut rank = e & CUM_MASK;
        let mut row = (e >> CUM_BITS) as usize;
        for c in &t.mids {
            let v = (mask >> c.shift) as usize & ((1 << c.bits) - 1);
            let e = c.table[(row << c.bits) | v];
            rank += e & CUM_MASK;
            row = (e >> CUM_BITS) as usize;
        }
        rank + low
    }

    /// The rank of `mask`, checked: its bits below `n`, its number of
    /// elements and its class those of the layer.
    pub fn rank_mask(&self, mask: u64) -> Result<u64, RankError> {
        let t = &*self.tables;
        if t.n < 64 && mask >> t.n != 0 {
            let value = (63 - mask.leading_zeros()) as u8;
            return Err(RankError::UnknownSymbol {
                position: usize::from(value),
                value,
                symbols: t.n as usize,
            });
        }
        let found = mask.count_ones() as usize;
        if found != self.k as usize {
            return Err(RankError::WrongCount {
                symbol: 1,
                expected: self.k as usize,
                found,
            });
        }
        let class = t.class_of(mask);
        if u32::from(class) != self.class {
            return Err(RankError::WrongClass {
                expected: self.class as u8,
                found: class,
            });
        }
        Ok(self.rank(mask))
    }

    /// The subset of rank `rank`, as a mask.
    pub fn unrank_mask(&self, rank: u64) -> Result<u64, RankError> {
        if rank >= self.count {
            return Err(RankError::RankOutOfRange {
                rank,
                count: self.count,
            });
        }
        Ok(self.cursor().mask(rank))
    }

    /// The row (elements, class) left for the bits below the highest
    /// chunk when that chunk's value is `v`.
    fn row_below(&self, v: usize) -> usize {
        let t = &*self.tables;
        let e = (v as u64).count_ones();
        let u = u32::from(t.class_of((v as u64) << t.top_shift)) ^ self.class;
        (self.k.saturating_sub(e) * t.classes + u) as usize
    }
}

impl Ranking for SubsetLayer {
    fn positions(&self) -> usize {
        self.tables.n as usize
    }

    fn count(&self) -> u64 {
        self.count
    }

    fn rank(&self, seq: &[u8]) -> Result<u64, RankError> {
        self.rank_mask(crate::combination::sequence_mask(
            seq,
            self.tables.n as usize,
        )?)
    }

    fn unrank(&self, rank: u64, out: &mut [u8]) -> Result<(), RankError> {
        if out.len() != self.tables.n as usize {
            return Err(RankError::WrongLength {
                expected: self.tables.n as usize,
                found: out.len(),
            });
        }
        let mask = self.unrank_mask(rank)?;
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = ((mask >> i) & 1) as u8;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every subset of a layer, listed in increasing order by brute force.
    fn brute(weights: &[u8], k: usize, class: u8) -> Vec<u64> {
        let n = weights.len();
        (0..1u64 << n)
            .filter(|&m| m.count_ones() as usize == k)
            .filter(|&m| {
                (0..n)
                    .filter(|&i| m >> i & 1 == 1)
                    .fold(0, |a, i| a ^ weights[i])
                    == class
            })
            .collect()
    }

    #[test]
    fn layers_rank_their_subsets_in_order() {
        // Sizes with no middle chunk, one, and two.
        let sizes = [
            (0usize, None),
            (1, None),
            (5, None),
            (14, None),
            (20, None),
            (23, None),
        ];
        // Small chunks: one middle chunk, and several.
        let small = [
            (9, Some([3, 3, 2])),
            (12, Some([2, 3, 3])),
            (16, Some([4, 4, 3])),
        ];
        for (n, chunks) in sizes.into_iter().chain(small) {
            let weights: Vec<u8> = (0..n).map(|i| ((i * 7 + i / 3) % 4) as u8).collect();
            let classes = Arc::new(match chunks {
                None => SubsetClasses::new(n, &weights).unwrap(),
                Some(c) => SubsetClasses::with_chunks(n, &weights, c).unwrap(),
            });
            assert_eq!(classes.mids.is_empty(), chunks.is_none());
            for k in 0..=n {
                for class in 0..classes.classes() as u8 {
                    let want = brute(&weights, k, class);
                    let layer = classes.layer(k, class).unwrap();
                    assert_eq!(
                        layer.count(),
                        want.len() as u64,
                        "n {n} k {k} class {class}"
                    );
                    assert_eq!(classes.count(k, class), want.len() as u64);
                    let mut cursor = layer.cursor();
                    for (r, &m) in want.iter().enumerate() {
                        assert_eq!(layer.rank(m), r as u64, "n {n} k {k} {m:b}");
                        assert_eq!(cursor.mask(r as u64), m);
                    }
                    // All at once, as the levels rank a batch.
                    let mut ranks = vec![u64::MAX; want.len()];
                    layer.rank_all(&want, &mut ranks);
                    assert!(ranks.iter().enumerate().all(|(r, &x)| x == r as u64));
                    // A cursor skipping ranks, and started anew.
                    let mut cursor = layer.cursor();
                    for r in (0..want.len()).step_by(3) {
                        assert_eq!(cursor.mask(r as u64), want[r]);
                    }
                    if let Some(&last) = want.last() {
                        assert_eq!(cursor.mask(0), want[0]);
                        assert_eq!(layer.unrank_mask(want.len() as u64 - 1), Ok(last));
                    }
                }
            }
        }
    }
}
