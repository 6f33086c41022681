//! Binomial coefficients and factorials as compile-time tables.

/// Largest `n` for which [`BINOMIAL`] holds `C(n, k)`; every entry fits a `u64`.
pub(crate) const MAX_N: usize = 64;

/// `BINOMIAL[n][k] = C(n, k)` for `n, k <= 64` (0 where `k > n`).
pub(crate) static BINOMIAL: [[u64; MAX_N + 1]; MAX_N + 1] = binomial_table();

const fn binomial_table() -> [[u64; MAX_N + 1]; MAX_N + 1] {
    let mut t = [[0u64; MAX_N + 1]; MAX_N + 1];
    let mut n = 0;
    while n <= MAX_N {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
}

/// `C(n, k)`, or 0 where `k > n`. Both must be at most [`MAX_N`].
#[inline]
pub(crate) fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL[n][k]
}

/// Largest `n` whose factorial fits a `u64`.
pub(crate) const MAX_FACTORIAL: usize = 20;

/// `FACTORIAL[n] = n!` for `n <= 20`.
pub(crate) static FACTORIAL: [u64; MAX_FACTORIAL + 1] = {
    let mut t = [1u64; MAX_FACTORIAL + 1];
    let mut n = 1;
    while n <= MAX_FACTORIAL {
        t[n] = t[n - 1] * n as u64;
        n += 1;
    }
    t
};

/// Position of the `index`-th set bit of `mask` (counting from 0, lowest first).
///
/// The caller guarantees that `mask` has more than `index` set bits.
#[inline]
pub(crate) fn select_bit(mut mask: u64, index: u32) -> u32 {
    for _ in 0..index {
        mask &= mask - 1;
    }
    mask.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_match_known_values() {
        assert_eq!(binomial(16, 4), 1820);
        assert_eq!(binomial(12, 3), 220);
        assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(binomial(3, 5), 0);
    }

    #[test]
    fn factorials_match_known_values() {
        assert_eq!(FACTORIAL[9], 362_880);
        assert_eq!(FACTORIAL[20], 2_432_902_008_176_640_000);
    }

    #[test]
    fn select_bit_finds_each_set_bit() {
        let mask = 0b1011_0100u64;
        let found: Vec<u32> = (0..4).map(|i| select_bit(mask, i)).collect();
        assert_eq!(found, [2, 4, 5, 7]);
    }
}
