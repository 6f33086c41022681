//! The jumps of one board size and variant, and the board's symmetries.

use crate::{Board, Variant};

/// A jump into a given empty cell: the piece on `from` and the cells it
/// turns over (`flips`, one bit per cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct JumpFrom {
    pub(crate) from: u8,
    pub(crate) flips: u32,
}

/// Every jump of a board size and variant, by empty cell.
#[derive(Debug, Clone)]
pub(crate) struct Rules {
    size: u8,
    variant: Variant,
    jumps: Vec<Vec<JumpFrom>>,
}

impl Rules {
    /// Derives the jumps from the geometry: along each line through the
    /// empty cell (rows and columns; diagonals too for [`Variant::Diagonal`]),
    /// a piece at least two cells away jumps in over the cells between.
    pub(crate) fn new(size: usize, variant: Variant) -> Rules {
        let n = size as i32;
        let directions: &[(i32, i32)] = match variant {
            Variant::Orthogonal => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
            Variant::Diagonal => &[
                (-1, 0),
                (1, 0),
                (0, -1),
                (0, 1),
                (-1, -1),
                (-1, 1),
                (1, -1),
                (1, 1),
            ],
        };
        let jumps = (0..n * n)
            .map(|empty| {
                let (r0, c0) = (empty / n, empty % n);
                let mut list = Vec::new();
                for &(dr, dc) in directions {
                    let mut flips = 0u32;
                    let (mut r, mut c) = (r0 + dr, c0 + dc);
                    while (0..n).contains(&r) && (0..n).contains(&c) {
                        let cell = r * n + c;
                        if flips != 0 {
                            list.push(JumpFrom {
                                from: cell as u8,
                                flips,
                            });
                        }
                        flips |= 1 << cell;
                        r += dr;
                        c += dc;
                    }
                }
                list.sort_by_key(|j| j.from);
                list
            })
            .collect();
        Rules {
            size: size as u8,
            variant,
            jumps,
        }
    }

    pub(crate) fn size(&self) -> usize {
        usize::from(self.size)
    }

    pub(crate) fn variant(&self) -> Variant {
        self.variant
    }

    /// The jumps into `empty`, by ascending starting cell.
    #[inline]
    pub(crate) fn jumps(&self, empty: usize) -> &[JumpFrom] {
        &self.jumps[empty]
    }
}

/// The eight symmetries of the square, as permutations of cells with lookup
/// tables that map a mask of cells a byte at a time.
#[derive(Debug, Clone)]
pub(crate) struct Symmetries {
    /// `cell[g][c]`: where symmetry `g` takes cell `c`.
    cell: [[u8; 25]; 8],
    /// `bytes[g][k][b]`: where `g` takes the cells `8k..8k+8` set in `b`.
    bytes: Box<[[[u32; 256]; 4]; 8]>,
}

impl Symmetries {
    pub(crate) fn new(size: usize) -> Symmetries {
        let n = size;
        let mut cell = [[0u8; 25]; 8];
        for (g, map) in cell.iter_mut().enumerate() {
            for (c, slot) in map.iter_mut().enumerate().take(n * n) {
                let (mut r, mut k) = (c / n, c % n);
                // g = rotation (0..4 quarter turns) + 4 * reflection.
                if g >= 4 {
                    k = n - 1 - k;
                }
                for _ in 0..g % 4 {
                    (r, k) = (k, n - 1 - r);
                }
                *slot = (r * n + k) as u8;
            }
        }
        let mut bytes = Box::new([[[0u32; 256]; 4]; 8]);
        for g in 0..8 {
            for k in 0..4 {
                for b in 0..256usize {
                    let mut image = 0u32;
                    for bit in 0..8 {
                        let c = k * 8 + bit;
                        if b & (1 << bit) != 0 && c < n * n {
                            image |= 1 << cell[g][c];
                        }
                    }
                    bytes[g][k][b] = image;
                }
            }
        }
        Symmetries { cell, bytes }
    }

    /// The image of `board` under symmetry `g` (0 is the identity).
    #[inline]
    pub(crate) fn image(&self, board: &Board, g: usize) -> Board {
        let black = board.black();
        let t = &self.bytes[g];
        let image = t[0][(black & 0xFF) as usize]
            | t[1][((black >> 8) & 0xFF) as usize]
            | t[2][((black >> 16) & 0xFF) as usize]
            | t[3][((black >> 24) & 0xFF) as usize];
        Board::from_parts(board.size() as u8, self.cell[g][board.empty()], image)
    }
}
