//! A filter of keys that a level grown last is compared with, to sort only
//! the keys that may be in it.

use super::{Expand, Key};

/// A set of keys that says "maybe" for every key it holds and "no" for
/// most others: two bits per key, both in one word chosen by a hash of
/// the key, in [`BITS_PER_KEY`] to twice as many bits per key held (a key
/// not held passes with a chance of about one in twenty at 8 bits a key,
/// less with more). Small
/// enough to stay in the processor's caches for a few million keys, so
/// that testing a key costs much less than sorting it, and one word read
/// a test.
#[derive(Debug, Clone)]
pub(crate) struct KeyFilter {
    words: Vec<u64>,
    shift: u32,
}

/// The least number of bits a [`KeyFilter`] takes per key it holds.
/// Fewer bits keep it in a nearer cache (with 16, a filter of a level of
/// a few million keys is read from the processor's last cache, and
/// growing the English board's level past the middle took a fifth longer
/// than with 8) but let more keys through.
const BITS_PER_KEY: usize = 8;

impl KeyFilter {
    /// A filter holding `keys`.
    pub(crate) fn new<T: Key>(keys: &[T]) -> Self {
        // A power of two of words, at least BITS_PER_KEY bits a key.
        let words = (keys.len().max(8) * BITS_PER_KEY)
            .div_ceil(64)
            .next_power_of_two();
        let mut filter = KeyFilter {
            words: vec![0; words],
            shift: 64 - words.ilog2(),
        };
        for &key in keys {
            let (word, bits) = filter.place(key);
            filter.words[word] |= bits;
        }
        filter
    }

    /// The word of `key` and its two bits there, from a hash of it.
    fn place<T: Key>(&self, key: T) -> (usize, u64) {
        let bits = key.to_bits();
        let folded = (bits as u64) ^ ((bits >> 64) as u64).rotate_left(29);
        let hash = folded.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let word = if self.shift == 64 {
            0
        } else {
            (hash >> self.shift) as usize
        };
        // The bits from the top of a second product (a product's low bits
        // depend on the key's low bits alone).
        let second = (folded ^ hash >> 31).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 52;
        (word, 1 << (second & 63) | 1 << (second >> 6))
    }

    /// The bytes the filter takes.
    pub(crate) fn bytes(&self) -> u64 {
        std::mem::size_of_val(self.words.as_slice()) as u64
    }

    /// Whether `key` may be held: always for a key held.
    pub(crate) fn may_hold<T: Key>(&self, key: T) -> bool {
        let (word, bits) = self.place(key);
        self.words[word] & bits == bits
    }

    /// `expand` keeping only the keys the filter may hold.
    pub(crate) fn keeping<'a, T, E>(&'a self, expand: &'a E) -> impl Expand<T> + 'a
    where
        T: Key,
        E: Expand<T>,
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
