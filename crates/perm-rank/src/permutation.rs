//! Rankings of permutations of `0..n`.

use crate::binomial::{FACTORIAL, MAX_FACTORIAL, select_bit};
use crate::{RankError, Ranking};

/// Checks that `seq` is a permutation of `0..n` (`n <= 20`) and returns the
/// set of values as a bit mask.
fn check_permutation(seq: &[u8], n: usize) -> Result<u32, RankError> {
    RankError::check_length(n, seq.len())?;
    let mut seen = 0u32;
    for (position, &value) in seq.iter().enumerate() {
        if usize::from(value) >= n {
            return Err(RankError::UnknownSymbol {
                position,
                value,
                symbols: n,
            });
        }
        let bit = 1u32 << value;
        if seen & bit != 0 {
            return Err(repeated(seq, value));
        }
        seen |= bit;
    }
    Ok(seen)
}

fn repeated(seq: &[u8], value: u8) -> RankError {
    RankError::WrongCount {
        symbol: value,
        expected: 1,
        found: seq.iter().filter(|&&v| v == value).count(),
    }
}

fn check_size(n: usize) -> Result<(), RankError> {
    RankError::check_size(n, MAX_FACTORIAL, || {
        let limit = format!("{MAX_FACTORIAL} elements, since 21! overflows u64");
        (format!("a permutation of {n} elements"), limit)
    })
}

/// A ranking of the permutations of `0..n`: the struct, its constructor,
/// and its [`Ranking`] impl over the type's own `rank_of` and
/// `unrank_into` (the two orders differ in nothing else).
macro_rules! permutations {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $name {
            n: usize,
        }

        impl $name {
            /// A ranking of the permutations of `0..n`, for `n <= 20`.
            pub fn new(n: usize) -> Result<Self, RankError> {
                check_size(n)?;
                Ok($name { n })
            }
        }

        impl Ranking for $name {
            fn positions(&self) -> usize {
                self.n
            }

            fn count(&self) -> u64 {
                FACTORIAL[self.n]
            }

            #[inline]
            fn rank(&self, seq: &[u8]) -> Result<u64, RankError> {
                self.rank_of(seq)
            }

            #[inline]
            fn unrank(&self, rank: u64, out: &mut [u8]) -> Result<(), RankError> {
                self.unrank_into(rank, out)
            }
        }
    };
}

fn check_rank(rank: u64, count: u64) -> Result<(), RankError> {
    if rank >= count {
        return Err(RankError::RankOutOfRange { rank, count });
    }
    Ok(())
}

permutations! {
    /// Permutations of `0..n` ranked in lexicographic order by their Lehmer code.
    ///
    /// The rank of `p` is `sum over j of d_j * (n-1-j)!`, where the digit `d_j`
    /// counts the entries after position `j` that are smaller than `p[j]`.
    /// Rank 0 is the identity `0 1 .. n-1`, rank `n! - 1` is its reverse.
    /// Both directions take `O(n)` word operations (a bit mask of the values
    /// used so far and a population count stand in for the inner loop of the
    /// textbook algorithm). `n` is at most 20, since `21!` overflows a `u64`.
    ///
    /// # Example
    ///
    /// ```
    /// use perm_rank::{Lehmer, Ranking};
    ///
    /// let lehmer = Lehmer::new(9)?;
    /// // The worked example of the 8-puzzle: 8*8! + 6*7! + 6*6! + 2*5! + 4*4! + 3*3! + 2*2!.
    /// assert_eq!(lehmer.rank(&[8, 6, 7, 2, 5, 4, 3, 0, 1])?, 357_478);
    /// assert_eq!(lehmer.unrank_vec(357_478)?, [8, 6, 7, 2, 5, 4, 3, 0, 1]);
    /// # Ok::<(), perm_rank::RankError>(())
    /// ```
    Lehmer
}

impl Lehmer {
    fn rank_of(&self, seq: &[u8]) -> Result<u64, RankError> {
        RankError::check_length(self.n, seq.len())?;
        // One pass both checks and ranks: `seen` holds the values used so far.
        let mut seen = 0u32;
        let mut rank = 0u64;
        for (j, &value) in seq.iter().enumerate() {
            if usize::from(value) >= self.n {
                return Err(RankError::UnknownSymbol {
                    position: j,
                    value,
                    symbols: self.n,
                });
            }
            let bit = 1u32 << value;
            if seen & bit != 0 {
                return Err(repeated(seq, value));
            }
            // Entries after j smaller than p[j] = values below p[j] not used before j.
            let digit = u64::from(value) - u64::from((seen & (bit - 1)).count_ones());
            rank += digit * FACTORIAL[self.n - 1 - j];
            seen |= bit;
        }
        Ok(rank)
    }

    fn unrank_into(&self, mut rank: u64, out: &mut [u8]) -> Result<(), RankError> {
        check_rank(rank, self.count())?;
        RankError::check_length(self.n, out.len())?;
        let mut unused = (1u64 << self.n) - 1;
        for (j, slot) in out.iter_mut().enumerate() {
            let weight = FACTORIAL[self.n - 1 - j];
            let digit = rank / weight;
            rank %= weight;
            // digit < n - j = unused.count_ones(), so the bit exists and the value fits a u8.
            let value = select_bit(unused, digit as u32);
            *slot = value as u8;
            unused &= !(1u64 << value);
        }
        Ok(())
    }
}

permutations! {
    /// Permutations of `0..n` ranked by the linear-time bijection of Myrvold and
    /// Ruskey ("Ranking and unranking permutations in linear time", 2001).
    ///
    /// Use it where any bijection between permutations and `0..n!` will do (a
    /// visited table, a distance table): it needs `n` swaps and no division by a
    /// factorial. The order of ranks is not lexicographic. `n` is at most 20.
    ///
    /// # Example
    ///
    /// ```
    /// use perm_rank::{MyrvoldRuskey, Ranking};
    ///
    /// let mr = MyrvoldRuskey::new(4)?;
    /// let perm = [2, 0, 3, 1];
    /// let rank = mr.rank(&perm)?;
    /// assert!(rank < 24);
    /// assert_eq!(mr.unrank_vec(rank)?, perm);
    /// # Ok::<(), perm_rank::RankError>(())
    /// ```
    MyrvoldRuskey
}

impl MyrvoldRuskey {
    fn rank_of(&self, seq: &[u8]) -> Result<u64, RankError> {
        check_permutation(seq, self.n)?;
        let mut perm = [0u8; MAX_FACTORIAL];
        let mut inverse = [0u8; MAX_FACTORIAL];
        perm[..self.n].copy_from_slice(seq);
        for (i, &v) in seq.iter().enumerate() {
            inverse[usize::from(v)] = i as u8;
        }
        // Iterative form of rank1: rank(m) = s + m * rank(m - 1).
        let mut rank = 0u64;
        let mut weight = 1u64;
        for m in (1..=self.n).rev() {
            let s = perm[m - 1];
            let at = inverse[m - 1];
            perm.swap(m - 1, usize::from(at));
            inverse.swap(usize::from(s), m - 1);
            rank += u64::from(s) * weight;
            weight *= m as u64;
        }
        Ok(rank)
    }

    fn unrank_into(&self, mut rank: u64, out: &mut [u8]) -> Result<(), RankError> {
        check_rank(rank, self.count())?;
        RankError::check_length(self.n, out.len())?;
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = i as u8;
        }
        for m in (1..=self.n).rev() {
            let m64 = m as u64;
            out.swap(m - 1, (rank % m64) as usize);
            rank /= m64;
        }
        Ok(())
    }
}
