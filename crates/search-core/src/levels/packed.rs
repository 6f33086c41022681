//! Levels kept as the gaps between their sorted keys.

use std::marker::PhantomData;

use super::Key;

/// A sorted, repeat-free list of keys kept as the gaps between consecutive
/// keys (the first key as its gap from 0), each gap in as few bytes as it
/// needs: seven bits a byte, least significant first, the high bit set on
/// every byte but a gap's last. A level of a few hundred million keys of
/// 36 bits has gaps of about 2^8, two bytes, against the eight of a `u64`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Packed<T> {
    bytes: Vec<u8>,
    len: usize,
    key: PhantomData<T>,
}

impl<T: Key> Packed<T> {
    /// The keys of `sorted`, ascending and each once.
    pub(crate) fn new(sorted: &[T]) -> Self {
        let mut bytes = Vec::with_capacity(sorted.len() * 2);
        let mut last = 0u128;
        for &key in sorted {
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
        bytes.shrink_to_fit();
        Packed {
            bytes,
            len: sorted.len(),
            key: PhantomData,
        }
    }

    /// The number of keys.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The bytes the gaps take.
    pub(crate) fn bytes(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// The keys, ascending.
    pub(crate) fn iter(&self) -> impl Iterator<Item = T> + '_ {
        let mut at = 0;
        let mut last = 0u128;
        std::iter::from_fn(move || {
            if at == self.bytes.len() {
                return None;
            }
            let mut gap = 0u128;
            let mut shift = 0;
            loop {
                let byte = self.bytes[at];
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
        assert_eq!(packed.len(), keys.len());
        assert_eq!(packed.to_vec(), keys);
        // Gaps of one byte: one byte a key.
        let dense: Vec<u32> = (1000..2000).collect();
        let packed = Packed::new(&dense);
        assert_eq!(packed.bytes(), 1000 + 1);
        assert_eq!(packed.to_vec(), dense);
        let wide: Vec<u128> = vec![0, u128::MAX >> 1, u128::MAX];
        assert_eq!(Packed::new(&wide).to_vec(), wide);
        assert!(Packed::<u64>::new(&[]).iter().next().is_none());
    }
}
