//! The space the sweep tests share.

use search_core::rules::{Ranked, Rules};

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

/// A move: which of the four neighbours, in the order listed.
impl Rules for Ring {
    type State = u64;
    type Move = u8;

    fn moves(&self, _: &u64, out: &mut Vec<u8>) {
        out.extend(0..4);
    }

    fn apply(&self, s: &mut u64, m: u8) {
        let n = self.n;
        *s = match m {
            0 => (*s + 1) % n,
            1 => (*s + n - 1) % n,
            // Chords make the layers wide enough to be split between threads.
            2 => (*s * 7 + 3) % n,
            _ => (*s + n - 3) % n * self.inverse_of_7 % n,
        };
    }

    fn undo(&self, s: &mut u64, m: u8) {
        // Each move's inverse is the move listed beside it.
        self.apply(s, m ^ 1);
    }
}

impl Ranked for Ring {
    fn size(&self) -> u64 {
        self.n
    }

    fn rank(&self, s: &u64) -> u64 {
        *s
    }

    fn unrank(&self, rank: u64) -> u64 {
        rank
    }
}
