//! The ranks of a batch of subsets of one [`SubsetLayer`], in one loop.

use super::{CUM_BITS, CUM_MASK, SubsetLayer, Top};

impl SubsetLayer {
    /// The ranks of `masks` (each a subset of the layer, as for
    /// [`rank`](Self::rank)) written to `ranks`, the same length: one loop
    /// over them all, the tables looked up from the same registers.
    pub fn rank_all(&self, masks: &[u64], ranks: &mut [u64]) {
        let t = &*self.tables;
        let (top_shift, top_mask) = (t.top_shift, (1u64 << t.top_bits) - 1);
        let (low, low_mask) = (&t.low_rank[..], (1u64 << t.low_bits) - 1);
        let entry = |e: u64| (e & CUM_MASK, (e >> CUM_BITS) as usize);
        let top = match &self.top {
            Top::Narrow(cum) => {
                let (cum, low) = (&cum[..=top_mask as usize], &low[..=low_mask as usize]);
                rank_two(cum, low, top_shift, masks, ranks, u64::from);
                return;
            }
            Top::Wide(top) => &top[..],
        };
        match &t.mids[..] {
            [] => {
                let (top, low) = (&top[..=top_mask as usize], &low[..=low_mask as usize]);
                rank_two(top, low, top_shift, masks, ranks, |e| e & CUM_MASK);
            }
            [c] => {
                let (table, shift, bits, mask) =
                    (&c.table[..], c.shift, c.bits, (1u64 << c.bits) - 1);
                for (r, &m) in ranks.iter_mut().zip(masks) {
                    let (cum, row) = entry(top[(m >> top_shift & top_mask) as usize]);
                    let mid = table[(row << bits) | (m >> shift & mask) as usize] & CUM_MASK;
                    *r = cum + mid + u64::from(low[(m & low_mask) as usize]);
                }
            }
            _ => {
                for (r, &m) in ranks.iter_mut().zip(masks) {
                    *r = self.rank(m);
                }
            }
        }
    }
}

/// [`SubsetLayer::rank_all`] over two chunks: the top table (one entry a
/// value of the top chunk, which starts at bit `top_shift`, read by
/// `cum`) and the low table (one entry a value of the bits below), each
/// cut to a power of two entries. A loop of its own, the indices masked
/// by the tables' lengths: its tables stay in registers and its loads
/// need no bounds checks (a third fewer instructions a rank, on the
/// English board's census).
fn rank_two<E: Copy>(
    top: &[E],
    low: &[u16],
    top_shift: u32,
    masks: &[u64],
    ranks: &mut [u64],
    cum: impl Fn(E) -> u64,
) {
    let (top_mask, low_mask) = (top.len() - 1, low.len() - 1);
    for (r, &m) in ranks.iter_mut().zip(masks) {
        *r = cum(top[(m >> top_shift) as usize & top_mask]) + u64::from(low[m as usize & low_mask]);
    }
}
