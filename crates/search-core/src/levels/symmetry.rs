//! Symmetries of boards whose cells are the bits of a `u64`.

/// A group of permutations of the bits of a `u64` (the symmetries of a
/// board whose cells are bits), applied by byte lookup tables: the image
/// under a permutation of the bits `b` in positions `8k..8k+8` is entry `b`
/// of its table `k`. Permutations of at most 32 bits keep four tables of
/// `u32`, a quarter of the cache of eight tables of `u64` (Flip It's 5x5
/// sweep looks up seven images of each of its 419 million placements).
#[derive(Debug, Clone)]
pub struct BitSymmetries {
    perms: Vec<Vec<u8>>,
    /// The tables of each permutation, where they all move bits below 32.
    narrow: Vec<[[u32; 256]; 4]>,
    /// The tables of each permutation, otherwise.
    wide: Vec<[[u64; 256]; 8]>,
    /// The bytes of a key the permutations read: those of its bits below
    /// their length.
    bytes: usize,
}

/// The tables of `perm`: entry `b` of table `k` is the image of the bits
/// `b` in positions `8k..8k+8`.
fn tables<const K: usize>(perm: &[u8]) -> [[u64; 256]; K] {
    let mut tables = [[0u64; 256]; K];
    for (k, table) in tables.iter_mut().enumerate() {
        for (b, slot) in table.iter_mut().enumerate() {
            for bit in 0..8 {
                let i = 8 * k + bit;
                if b >> bit & 1 == 1 && i < perm.len() {
                    *slot |= 1 << perm[i];
                }
            }
        }
    }
    tables
}

impl BitSymmetries {
    /// The permutations `perms`, each mapping bit `i` to bit `perm[i]`
    /// (below 64; all of one length). They should form a group, the
    /// identity included, for [`canonical`](Self::canonical) to pick one
    /// key per class.
    pub fn new<P: AsRef<[u8]>>(perms: &[P]) -> BitSymmetries {
        let perms: Vec<Vec<u8>> = perms.iter().map(|p| p.as_ref().to_vec()).collect();
        let bytes = perms.iter().map(|p| p.len().div_ceil(8)).max().unwrap_or(0);
        let mut group = BitSymmetries {
            perms,
            narrow: Vec::new(),
            wide: Vec::new(),
            bytes,
        };
        if group.perms.iter().flatten().all(|&to| to < 32) {
            let narrow = group
                .perms
                .iter()
                .map(|p| tables::<4>(p).map(|t| t.map(|i| i as u32)));
            group.narrow = narrow.collect();
        } else {
            group.wide = group.perms.iter().map(|p| tables::<8>(p)).collect();
        }
        group
    }

    /// The permutations that map each set of `fixed` onto itself (a
    /// subgroup, when these form a group).
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::levels::BitSymmetries;
    ///
    /// // The identity and the reversal of four bits.
    /// let both = BitSymmetries::new(&[[0u8, 1, 2, 3], [3, 2, 1, 0]]);
    /// assert_eq!(both.apply(1, 0b0011), 0b1100);
    /// assert_eq!(both.canonical(0b1100), 0b0011);
    /// assert_eq!(both.keeping(&[0b1001]).len(), 2);
    /// assert_eq!(both.keeping(&[0b0001]).len(), 1);
    /// ```
    pub fn keeping(&self, fixed: &[u64]) -> BitSymmetries {
        let kept: Vec<&Vec<u8>> = (0..self.len())
            .filter(|&s| fixed.iter().all(|&x| self.apply(s, x) == x))
            .map(|s| &self.perms[s])
            .collect();
        BitSymmetries::new(&kept)
    }

    /// The image of `bits` under permutation `s`.
    #[inline]
    pub fn apply(&self, s: usize, bits: u64) -> u64 {
        let byte = |k: usize| (bits >> (8 * k)) as usize & 0xff;
        match self.narrow.get(s) {
            Some(t) => u64::from(t[0][byte(0)] | t[1][byte(1)] | t[2][byte(2)] | t[3][byte(3)]),
            None => self.wide[s][..self.bytes]
                .iter()
                .enumerate()
                .fold(0, |out, (k, t)| out | t[byte(k)]),
        }
    }

    /// The least image of `bits` under the permutations (`bits` itself if
    /// there are none): one key for every member of its class.
    #[inline]
    pub fn canonical(&self, bits: u64) -> u64 {
        (0..self.len())
            .map(|s| self.apply(s, bits))
            .min()
            .unwrap_or(bits)
    }

    /// Permutation `s`: bit `i` goes to bit `permutation(s)[i]`.
    pub fn permutation(&self, s: usize) -> &[u8] {
        &self.perms[s]
    }

    /// The number of permutations.
    pub fn len(&self) -> usize {
        self.perms.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.perms.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms_pick_one_key_per_class() {
        let rotations: Vec<Vec<u8>> = (0..12)
            .map(|r| (0..12).map(|i| (i + r) % 12).collect())
            .collect();
        let group = BitSymmetries::new(&rotations);
        for bits in 0..1u64 << 12 {
            let images: Vec<u64> = (0..12).map(|s| group.apply(s, bits)).collect();
            assert_eq!(group.canonical(bits), *images.iter().min().unwrap());
            assert!(
                images
                    .iter()
                    .all(|&i| group.canonical(i) == group.canonical(bits))
            );
        }
        // 0b0101_0101_0101 is kept by the rotations by an even amount.
        assert_eq!(group.keeping(&[0b0101_0101_0101]).len(), 6);
        assert_eq!(group.permutation(1)[11], 0);
    }
}
