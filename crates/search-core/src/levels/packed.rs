//! Levels kept as the gaps between their sorted keys.

use std::marker::PhantomData;

use rayon::prelude::*;

use super::Key;

/// Keys packed, and read back, together by one thread.
const RUN: usize = 1 << 15;

/// A sorted, repeat-free list of keys kept as the gaps between consecutive
/// keys (the first key as its gap from 0), each gap in as few bytes as it
/// needs: seven bits a byte, least significant first, the high bit set on
/// every byte but a gap's last. A level of a few hundred million keys of
/// 36 bits has gaps of about 2^8, two bytes, against the eight of a `u64`.
///
/// The keys are packed in runs of [`RUN`] on every thread, and where each
/// run starts is kept (its first byte, and the key before it), so that
/// the runs can be read back on every thread too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Packed<T> {
    bytes: Vec<u8>,
    len: usize,
    /// Per run: its first byte, and the key before its first (0 for the
    /// first run).
    runs: Vec<(usize, u128)>,
    key: PhantomData<T>,
}

/// Appends the gaps of `keys`, the first from `last`.
fn pack_into<T: Key>(keys: &[T], mut last: u128, bytes: &mut Vec<u8>) {
    for &key in keys {
        let bits = key.to_bits();
        debug_assert!(bits >= last, "keys not ascending");
        let mut gap = bits - last;
        last = bits;
        while gap >= 0x80 {
            bytes.push(gap as u8 | 0x80);
            gap >>= 7;
        }
        bytes.push(gap as u8);
    }
}

/// The keys whose gaps start at `bytes[at]`, the first from `last`.
fn unpack<T: Key>(bytes: &[u8], mut at: usize, mut last: u128) -> impl Iterator<Item = T> + '_ {
    std::iter::from_fn(move || {
        if at == bytes.len() {
            return None;
        }
        let mut gap = 0u128;
        let mut shift = 0;
        loop {
            let byte = bytes[at];
            at += 1;
            gap |= u128::from(byte & 0x7f) << shift;
            if byte < 0x80 {
                break;
            }
            shift += 7;
        }
        last += gap;
        Some(T::from_bits(last))
    })
}

impl<T: Key> Packed<T> {
    /// The keys of `sorted`, ascending and each once.
    pub(crate) fn new(sorted: &[T]) -> Self {
        // The key before run r (0 before the first).
        let before = |r: usize| {
            if r == 0 {
                0
            } else {
                sorted[r * RUN - 1].to_bits()
            }
        };
        let runs: Vec<Vec<u8>> = sorted
            .par_chunks(RUN)
            .enumerate()
            .map(|(r, run)| {
                let mut bytes = Vec::with_capacity(run.len() * 2);
                pack_into(run, before(r), &mut bytes);
                bytes
            })
            .collect();
        let mut starts = Vec::with_capacity(runs.len());
        let mut at = 0;
        for (r, run) in runs.iter().enumerate() {
            starts.push((at, before(r)));
            at += run.len();
        }
        Packed {
            bytes: runs.concat(),
            len: sorted.len(),
            runs: starts,
            key: PhantomData,
        }
    }

    /// The bytes the gaps take (and where the runs start).
    pub(crate) fn bytes(&self) -> u64 {
        (self.bytes.len() + self.runs.len() * std::mem::size_of::<(usize, u128)>()) as u64
    }

    /// The keys, ascending.
    #[cfg(test)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = T> + '_ {
        unpack(&self.bytes, 0, 0)
    }

    /// The keys of the sorted, repeat-free `keys` that this holds, in
    /// order, found run by run on every thread.
    pub(crate) fn intersect(&self, keys: &[T]) -> Vec<T> {
        let parts: Vec<Vec<T>> = (0..self.runs.len())
            .into_par_iter()
            .map(|r| {
                let (at, last) = self.runs[r];
                let end = self.runs.get(r + 1).map_or(self.bytes.len(), |run| run.0);
                // The run's keys are above `last` (or the first run's at
                // least 0) and at most the next run's `last`.
                let from = if r == 0 {
                    0
                } else {
                    keys.partition_point(|k| k.to_bits() <= last)
                };
                let to = match self.runs.get(r + 1) {
                    Some(&(_, next)) => keys.partition_point(|k| k.to_bits() <= next),
                    None => keys.len(),
                };
                super::sorted::intersect_with(
                    &keys[from..to],
                    unpack::<T>(&self.bytes[..end], at, last),
                )
            })
            .collect();
        parts.concat()
    }

    /// The keys for which `keep` marks `true`, in order, read run by run
    /// on every thread: `keep(keys, marks)` marks a block of keys at once.
    pub(crate) fn keep(&self, keep: impl Fn(&[T], &mut Vec<bool>) + Sync) -> Vec<T> {
        const BLOCK: usize = 1 << 8;
        let parts: Vec<Vec<T>> = (0..self.runs.len())
            .into_par_iter()
            .map(|r| {
                let (at, last) = self.runs[r];
                let end = self.runs.get(r + 1).map_or(self.bytes.len(), |run| run.0);
                let mut keys = unpack::<T>(&self.bytes[..end], at, last);
                let (mut block, mut marks, mut kept) =
                    (Vec::with_capacity(BLOCK), Vec::new(), Vec::new());
                loop {
                    block.clear();
                    block.extend(keys.by_ref().take(BLOCK));
                    if block.is_empty() {
                        return kept;
                    }
                    keep(&block, &mut marks);
                    kept.extend(
                        block
                            .iter()
                            .zip(&marks)
                            .filter(|(_, m)| **m)
                            .map(|(k, _)| *k),
                    );
                }
            })
            .collect();
        parts.concat()
    }

    /// The keys, ascending, as a list.
    #[cfg(test)]
    pub(crate) fn to_vec(&self) -> Vec<T> {
        let mut keys = Vec::with_capacity(self.len);
        keys.extend(self.iter());
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys with gaps of every width, and the extremes, come back as they
    /// went in.
    #[test]
    fn packed_keys_come_back_unchanged() {
        let mut keys: Vec<u64> = vec![0, 1, 2, 127, 128, 129, 16_383, 16_384];
        let mut x = 1u64;
        for _ in 0..1000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            keys.push(x >> (x % 64));
        }
        keys.push(u64::MAX);
        keys.sort_unstable();
        keys.dedup();
        let packed = Packed::new(&keys);
        assert_eq!(packed.len, keys.len());
        assert_eq!(packed.to_vec(), keys);
        // Gaps of one byte: one byte a key.
        let dense: Vec<u32> = (1000..2000).collect();
        let packed = Packed::new(&dense);
        assert_eq!(
            packed.bytes(),
            1000 + 1 + std::mem::size_of::<(usize, u128)>() as u64
        );
        assert_eq!(packed.to_vec(), dense);
        let wide: Vec<u128> = vec![0, u128::MAX >> 1, u128::MAX];
        assert_eq!(Packed::new(&wide).to_vec(), wide);
        assert!(Packed::<u64>::new(&[]).iter().next().is_none());
    }

    /// Runs packed and intersected on several threads give what one
    /// packing read in order gives.
    #[test]
    fn runs_read_back_in_parts() {
        let keys: Vec<u64> = (0..5 * RUN as u64 + 17).map(|i| i * 5 + (i % 3)).collect();
        let probe: Vec<u64> = (0..20 * RUN as u64).map(|i| i * 2).collect();
        let want: Vec<u64> = probe
            .iter()
            .copied()
            .filter(|k| keys.binary_search(k).is_ok())
            .collect();
        for threads in [1, 3] {
            let (packed, found) = crate::par::with_threads(threads, || {
                let packed = Packed::new(&keys);
                let found = packed.intersect(&probe);
                (packed, found)
            })
            .unwrap();
            assert_eq!(packed.to_vec(), keys);
            assert_eq!(found, want, "{threads} threads");
            assert!(packed.intersect(&[]).is_empty());
            let odd: Vec<u64> = keys.iter().copied().filter(|k| k % 2 == 1).collect();
            let keep = |keys: &[u64], marks: &mut Vec<bool>| {
                marks.clear();
                marks.extend(keys.iter().map(|k| k % 2 == 1));
            };
            assert_eq!(packed.keep(keep), odd);
        }
    }
}
