//! Symmetries of boards whose cells are the bits of a `u64`.

/// A group of permutations of the bits of a `u64` (the symmetries of a
/// board whose cells are bits), applied by byte lookup tables:
/// `tables[s][k][b]` is the image under permutation `s` of the bits `b`
/// in positions `8k..8k+8`.
#[derive(Debug, Clone)]
pub struct BitSymmetries {
    perms: Vec<Vec<u8>>,
    tables: Vec<Vec<[u64; 256]>>,
}

impl BitSymmetries {
    /// The permutations `perms`, each mapping bit `i` to bit `perm[i]`
    /// (below 64; all of one length). They should form a group, the
    /// identity included, for [`canonical`](Self::canonical) to pick one
    /// key per class.
    pub fn new<P: AsRef<[u8]>>(perms: &[P]) -> BitSymmetries {
        let perms: Vec<Vec<u8>> = perms.iter().map(|p| p.as_ref().to_vec()).collect();
        let tables = perms
            .iter()
            .map(|perm| {
                (0..perm.len().div_ceil(8))
                    .map(|k| {
                        let mut table = [0u64; 256];
                        for (b, slot) in table.iter_mut().enumerate() {
                            for bit in 0..8 {
                                let i = 8 * k + bit;
                                if b >> bit & 1 == 1 && i < perm.len() {
                                    *slot |= 1 << perm[i];
                                }
                            }
                        }
                        table
                    })
                    .collect()
            })
            .collect();
        BitSymmetries { perms, tables }
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
        let mut kept = self.clone();
        let keep: Vec<bool> = (0..self.len())
            .map(|s| fixed.iter().all(|&x| self.apply(s, x) == x))
            .collect();
        let mut flags = keep.iter();
        kept.perms.retain(|_| *flags.next().expect("one flag each"));
        let mut flags = keep.iter();
        kept.tables
            .retain(|_| *flags.next().expect("one flag each"));
        kept
    }

    /// The image of `bits` under permutation `s`.
    #[inline]
    pub fn apply(&self, s: usize, bits: u64) -> u64 {
        self.tables[s]
            .iter()
            .enumerate()
            .fold(0, |out, (k, t)| out | t[(bits >> (8 * k)) as usize & 0xff])
    }

    /// The least image of `bits` under the permutations (`bits` itself if
    /// there are none): one key for every member of its class.
    #[inline]
    pub fn canonical(&self, bits: u64) -> u64 {
        (0..self.tables.len())
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
