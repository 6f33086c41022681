//! The space the sweep tests share.

use search_core::layers::RankedSpace;

/// A ring of `n` states with reversible chords, for sweeps large enough to
/// run in parallel.
pub struct Ring {
    n: u64,
    /// The inverse of 7 modulo `n`, so that the chord `s -> 7s + 3` can be undone.
    inverse_of_7: u64,
}

impl Ring {
    pub fn new(n: u64) -> Self {
        // Extended Euclid: 7 * x = 1 (mod n).
        let (mut r0, mut r1, mut x0, mut x1) = (n as i128, 7i128, 0i128, 1i128);
        while r1 != 0 {
            let q = r0 / r1;
            (r0, r1) = (r1, r0 - q * r1);
            (x0, x1) = (x1, x0 - q * x1);
        }
        assert_eq!(r0, 1, "n must be coprime with 7");
        let inverse_of_7 = x0.rem_euclid(n as i128) as u64;
        Ring { n, inverse_of_7 }
    }
}

impl RankedSpace for Ring {
    type State = u64;

    fn size(&self) -> u64 {
        self.n
    }

    fn rank(&self, s: &u64) -> u64 {
        *s
    }

    fn unrank(&self, rank: u64) -> u64 {
        rank
    }

    fn neighbours<F: FnMut(u64)>(&self, s: &u64, mut visit: F) {
        let n = self.n;
        visit((s + 1) % n);
        visit((s + n - 1) % n);
        // Chords make the layers wide enough to be split between threads.
        visit((s * 7 + 3) % n);
        visit((s + n - 3) % n * self.inverse_of_7 % n);
    }
}
