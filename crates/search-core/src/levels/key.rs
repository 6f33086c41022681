//! The keys a level holds, and their sort.

use super::radix::radix_sort;

/// A key a level holds: small, ordered, and sortable fast.
///
/// The default [`sort_dedup`](Key::sort_dedup) is a comparison sort; `u32`
/// and `u64` override it with a radix sort over the bits in use.
pub trait Key: Copy + Ord + Default + Send + Sync {
    /// The key as a number (for levels kept as the gaps between their
    /// keys), and back.
    fn to_bits(self) -> u128;

    /// The key whose [`to_bits`](Key::to_bits) is `bits`.
    fn from_bits(bits: u128) -> Self;

    /// `keys` as the numbers [`to_bits`](Key::to_bits) gives, without a
    /// copy, where the keys are those numbers already (`u64`).
    fn as_words(keys: &[Self]) -> Option<&[u64]> {
        let _ = keys;
        None
    }

    /// Sorts `v` ascending and moves its distinct keys to the front;
    /// returns how many there are. Every key in `v` is below `2^bits` (a
    /// radix sort needs no more passes); `scratch` is working space, left
    /// in any state.
    fn sort_dedup(v: &mut [Self], scratch: &mut Vec<Self>, bits: u32) -> usize {
        let _ = (scratch, bits);
        v.sort_unstable();
        dedup_sorted(v)
    }
}

/// A level's expansion: `expand(state, out)` pushes onto `out` the keys
/// one step from `state` and returns how many moves it counted (see
/// [`expand_level`](super::expand_level)); called from any thread.
pub trait Expand<T>: Fn(&T, &mut Vec<T>) -> u64 + Sync {}

impl<T, F: Fn(&T, &mut Vec<T>) -> u64 + Sync> Expand<T> for F {}

/// `Key` for unsigned integers of at most 64 bits, sorted by radix over
/// the bits in use.
macro_rules! radix_key {
    ($($t:ty => $words:expr),*) => {$(
        impl Key for $t {
            fn to_bits(self) -> u128 {
                self.into()
            }

            fn from_bits(bits: u128) -> Self {
                bits as $t
            }

            fn as_words(keys: &[$t]) -> Option<&[u64]> {
                $words(keys)
            }

            fn sort_dedup(v: &mut [$t], scratch: &mut Vec<$t>, bits: u32) -> usize {
                radix_sort(v, scratch, bits.min(<$t>::BITS), u64::from);
                dedup_sorted(v)
            }
        }
    )*};
}

radix_key!(u32 => |_| None, u64 => Some);

impl Key for u128 {
    fn to_bits(self) -> u128 {
        self
    }

    fn from_bits(bits: u128) -> Self {
        bits
    }
}

/// Moves the distinct elements of sorted `v` to its front; returns how many.
fn dedup_sorted<T: Copy + Eq>(v: &mut [T]) -> usize {
    let mut k = 0;
    for i in 0..v.len() {
        if k == 0 || v[i] != v[k - 1] {
            v[k] = v[i];
            k += 1;
        }
    }
    k
}
