//! A filter of keys that a level grown last is compared with, to sort only
//! the keys that may be in it.

use super::Key;

/// A set of keys that says "maybe" for every key it holds and "no" for
/// most others: one bit per hash of a key, 16 to 32 bits per key held (a
/// power of two; a key not held passes with a chance of one in sixteen at
/// most). Small
/// enough to stay in the processor's caches for a few million keys, so
/// that testing a key costs much less than sorting it.
#[derive(Debug, Clone)]
pub(crate) struct KeyFilter {
    bits: Vec<u64>,
    shift: u32,
}

impl KeyFilter {
    /// A filter holding `keys`.
    pub(crate) fn new<T: Key>(keys: &[T]) -> Self {
        // A power of two of at least 16 bits per key, 64 at least.
        let log = (keys.len().max(4) * 16).next_power_of_two().ilog2();
        let mut filter = KeyFilter {
            bits: vec![0; 1 << (log - 6)],
            shift: 64 - log,
        };
        for &key in keys {
            let h = filter.hash(key);
            filter.bits[h >> 6] |= 1 << (h & 63);
        }
        filter
    }

    fn hash<T: Key>(&self, key: T) -> usize {
        let bits = key.to_bits();
        let folded = (bits as u64) ^ ((bits >> 64) as u64).rotate_left(29);
        (folded.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> self.shift) as usize
    }

    /// The bytes the filter takes.
    pub(crate) fn bytes(&self) -> u64 {
        std::mem::size_of_val(self.bits.as_slice()) as u64
    }

    /// Whether `key` may be held: always for a key held.
    pub(crate) fn may_hold<T: Key>(&self, key: T) -> bool {
        let h = self.hash(key);
        self.bits[h >> 6] >> (h & 63) & 1 == 1
    }

    /// `expand` keeping only the keys the filter may hold.
    pub(crate) fn keeping<'a, T, E>(
        &'a self,
        expand: &'a E,
    ) -> impl Fn(&T, &mut Vec<T>) -> u64 + Sync + 'a
    where
        T: Key,
        E: Fn(&T, &mut Vec<T>) -> u64 + Sync,
    {
        move |state, out| {
            let from = out.len();
            let count = expand(state, out);
            let mut kept = from;
            for i in from..out.len() {
                if self.may_hold(out[i]) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
            count
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key held passes; few others do.
    #[test]
    fn held_keys_pass_and_few_others() {
        let held: Vec<u64> = (0..100_000u64).map(|i| i * 7_919 + 13).collect();
        let filter = KeyFilter::new(&held);
        assert!(held.iter().all(|&k| filter.may_hold(k)));
        let others = (0..100_000u64).map(|i| i * 7_919 + 14);
        let passed = others.filter(|&k| filter.may_hold(k)).count();
        assert!(passed < 100_000 / 8, "{passed}");
        let wide: Vec<u128> = vec![1 << 100, 3];
        let filter = KeyFilter::new(&wide);
        assert!(wide.iter().all(|&k| filter.may_hold(k)));
        let expand = |&n: &u64, out: &mut Vec<u64>| {
            out.extend([n * 7_919 + 13, n * 7_919 + 14]);
            2
        };
        let filter = KeyFilter::new(&held);
        let mut out = vec![5];
        assert_eq!(filter.keeping(&expand)(&3, &mut out), 2);
        assert_eq!(out[..2], [5, 3 * 7_919 + 13]);
    }
}
