//! Sorting keys by radix: long lists spread by their top bits first, then
//! each bucket (or a list of moderate length) least significant digit
//! first.

/// Lists shorter than this are sorted by comparisons.
const SHORT: usize = 64;

/// Lists at least this long are first spread by their top [`TOP`] bits.
const LONG: usize = 1 << 16;

/// The bits of the first pass over a long list: few enough destinations
/// that writing to all of them at once stays within the processor's
/// caches and address translation buffers.
const TOP: u32 = 8;

/// Sorts `data` by the low `bits` bits of `key`, through `scratch`. A long
/// list is first spread by its top bits into buckets, each then small
/// enough to be sorted within the caches; a list of moderate length is
/// sorted least significant digit first.
pub(super) fn radix_sort<T: Copy + Default + Ord>(
    data: &mut [T],
    scratch: &mut Vec<T>,
    bits: u32,
    key: impl Fn(T) -> u64,
) {
    if data.len() < SHORT {
        data.sort_unstable();
        return;
    }
    // Grown, never cleared: every element is written before it is read.
    if scratch.len() < data.len() {
        scratch.resize(data.len(), T::default());
    }
    let scratch = &mut scratch[..data.len()];
    if data.len() < LONG || bits <= 2 * TOP {
        if !lsd(data, scratch, bits, &key) {
            data.copy_from_slice(scratch);
        }
        return;
    }
    let shift = bits - TOP;
    let bucket = |x: T| (key(x) >> shift) as usize & ((1 << TOP) - 1);
    let mut starts = [0usize; (1 << TOP) + 1];
    for &x in data.iter() {
        starts[bucket(x) + 1] += 1;
    }
    for b in 0..1 << TOP {
        starts[b + 1] += starts[b];
    }
    let mut next = starts;
    for &x in data.iter() {
        let b = bucket(x);
        scratch[next[b]] = x;
        next[b] += 1;
    }
    for b in 0..1 << TOP {
        let range = starts[b]..starts[b + 1];
        let (part, spare) = (&mut scratch[range.clone()], &mut data[range]);
        if part.len() < SHORT {
            part.sort_unstable();
            spare.copy_from_slice(part);
        } else if lsd(part, spare, shift, &key) {
            spare.copy_from_slice(part);
        }
    }
}

/// Sorts `data` by the low `bits` bits of `key`, least significant digit
/// first, with `spare` (as long) as the other buffer: digits of at most
/// 12 bits (the counts fit the first-level cache), fewer for short lists.
/// Returns whether the sorted list ended in `data` (else in `spare`).
fn lsd<T: Copy>(data: &mut [T], spare: &mut [T], bits: u32, key: &impl Fn(T) -> u64) -> bool {
    let widest = data.len().max(2).ilog2().clamp(4, 12);
    let passes = bits.max(1).div_ceil(widest);
    let width = bits.max(1).div_ceil(passes);
    let mut counts = vec![0usize; 1 << width];
    let mut in_data = true;
    for p in 0..passes {
        let shift = p * width;
        let (src, dst): (&[T], &mut [T]) = if in_data {
            (data, spare)
        } else {
            (spare, data)
        };
        let digit = |x: T| (key(x) >> shift) as usize & ((1 << width) - 1);
        counts.fill(0);
        for &x in src {
            counts[digit(x)] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            let n = *c;
            *c = sum;
            sum += n;
        }
        for &x in src {
            let d = digit(x);
            dst[counts[d]] = x;
            counts[d] += 1;
        }
        in_data = !in_data;
    }
    in_data
}

#[cfg(test)]
mod tests {
    use crate::levels::Key;

    /// Lists short, moderate and long (spread by their top bits first),
    /// with repeats, against a comparison sort.
    #[test]
    fn radix_and_comparison_sorts_agree() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = |bits: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % (1 << bits)
        };
        for (len, bits) in [
            (40, 40),
            (50_000, 40),
            (300_000, 40),
            (300_000, 33),
            (200_000, 16),
        ] {
            let mut v: Vec<u64> = (0..len).map(|_| random(bits)).collect();
            v.extend_from_within(..len / 50);
            let mut w = v.clone();
            w.sort_unstable();
            w.dedup();
            let n = u64::sort_dedup(&mut v, &mut Vec::new(), bits);
            assert_eq!(v[..n], w, "{len} keys of {bits} bits");
        }
        // Working space reused, longer than the list and holding other
        // keys: none of them may show through.
        let mut scratch = vec![u64::MAX - 1; 400_000];
        for len in [100, 70_000, 300_000] {
            let mut v: Vec<u64> = (0..len).map(|_| random(33)).collect();
            let mut w = v.clone();
            w.sort_unstable();
            w.dedup();
            let n = u64::sort_dedup(&mut v, &mut scratch, 33);
            assert_eq!(v[..n], w, "{len} keys, scratch reused");
        }
        let mut small: Vec<u32> = (0..5000).map(|_| random(32) as u32 % 1000).collect();
        let mut sorted = small.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let n = u32::sort_dedup(&mut small, &mut Vec::new(), 10);
        assert_eq!(small[..n], sorted);
    }
}
