//! The cursor of a [`SubsetLayer`]: its ranks unranked in increasing
//! order, each in about constant time.

use super::{CUM_BITS, CUM_MASK, SubsetLayer, Top};

impl SubsetLayer {
    /// A cursor that unranks ranks given in increasing order, each in
    /// about constant time (the tables' rows are searched from where the
    /// last rank was found).
    pub fn cursor(&self) -> SubsetCursor<'_> {
        SubsetCursor {
            layer: self,
            top: None,
            mids: vec![None; self.tables.mids.len()],
        }
    }
}

/// One chunk's place in a [`SubsetCursor`]: the chunk's value, the ranks
/// (relative to the chunk above) its subsets take, and the row below.
#[derive(Debug, Clone, Copy)]
struct Place {
    value: usize,
    lo: u64,
    hi: u64,
    row: usize,
}

/// Unranks a [`SubsetLayer`]'s ranks given in increasing order
/// ([`SubsetLayer::cursor`]).
#[derive(Debug, Clone)]
pub struct SubsetCursor<'a> {
    layer: &'a SubsetLayer,
    top: Option<Place>,
    mids: Vec<Option<Place>>,
}

/// The place of `rank` in a table row of `len` entries (partial ranks in
/// their low 40 bits, increasing; the row below in the high 24), the row's
/// subsets numbering `total`: the value `v` with `cum(v) <= rank < cum(v +
/// 1)`, searched from `from`.
fn place(entries: &[u64], total: u64, rank: u64, from: usize) -> Place {
    place_by(
        entries.len(),
        |v| entries[v] & CUM_MASK,
        |v| (entries[v] >> CUM_BITS) as usize,
        total,
        rank,
        from,
    )
}

/// [`place`] in a row of `len` entries whose partial ranks `cum` gives,
/// and the rows below `row`.
fn place_by(
    len: usize,
    cum: impl Fn(usize) -> u64,
    row: impl Fn(usize) -> usize,
    total: u64,
    rank: u64,
    from: usize,
) -> Place {
    let end = |v: usize| if v + 1 < len { cum(v + 1) } else { total };
    let at = |v: usize| Place {
        value: v,
        lo: cum(v),
        hi: end(v),
        row: row(v),
    };
    // A few steps forward, then a binary search over the rest.
    let mut v = from;
    for _ in 0..4 {
        if end(v) > rank {
            return at(v);
        }
        v += 1;
    }
    let (mut lo, mut hi) = (v, len - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if cum(mid) <= rank {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    at(lo)
}

impl SubsetCursor<'_> {
    /// The subset of rank `rank`, which must be below the count and not
    /// below the rank asked before (else the search starts over).
    #[inline]
    pub fn mask(&mut self, rank: u64) -> u64 {
        let layer = self.layer;
        let t = &*layer.tables;
        let mut changed = false;
        let p = match self.top {
            Some(p) if p.lo <= rank && rank < p.hi => p,
            old => {
                changed = true;
                let from = old.filter(|p| p.hi <= rank).map_or(0, |p| p.value + 1);
                let p = match &layer.top {
                    Top::Wide(top) => place(top, layer.count, rank, from),
                    Top::Narrow(cum) => place_by(
                        cum.len(),
                        |v| u64::from(cum[v]),
                        |v| layer.row_below(v),
                        layer.count,
                        rank,
                        from,
                    ),
                };
                self.top = Some(p);
                p
            }
        };
        let mut mask = (p.value as u64) << t.top_shift;
        let mut rel = rank - p.lo;
        let mut row = p.row;
        for (c, slot) in t.mids.iter().zip(self.mids.iter_mut()) {
            let p = match *slot {
                Some(p) if !changed && p.lo <= rel && rel < p.hi => p,
                old => {
                    let from = if changed {
                        0
                    } else {
                        old.filter(|p| p.hi <= rel).map_or(0, |p| p.value + 1)
                    };
                    changed = true;
                    let entries = &c.table[row << c.bits..][..1 << c.bits];
                    let p = place(entries, c.totals[row], rel, from);
                    *slot = Some(p);
                    p
                }
            };
            mask |= (p.value as u64) << c.shift;
            rel -= p.lo;
            row = p.row;
        }
        mask | u64::from(t.low_values[t.low_start[row] as usize + rel as usize])
    }
}
