//! The jumps of one board size and variant, and the board's symmetries.

use std::sync::OnceLock;

use search_core::grid::{ORTHOGONAL, Rect};

use crate::{SIZES, Variant};

/// A jump into a given empty cell: the piece on `from` and the cells it
/// turns over (`flips`, one bit per cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct JumpFrom {
    pub(crate) from: u8,
    pub(crate) flips: u32,
}

/// Every jump of a board size and variant, by empty cell.
#[derive(Debug, Clone)]
pub(crate) struct Jumps {
    size: u8,
    variant: Variant,
    jumps: Vec<Vec<JumpFrom>>,
}

impl Jumps {
    /// Derives the jumps from the geometry: along each line through the
    /// empty cell (rows and columns; diagonals too for [`Variant::Diagonal`]),
    /// a piece at least two cells away jumps in over the cells between.
    pub(crate) fn new(size: usize, variant: Variant) -> Jumps {
        let rect = Rect::new(size, size);
        let directions: &[(isize, isize)] = match variant {
            Variant::Orthogonal => &ORTHOGONAL,
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
        let jumps = (0..rect.cells())
            .map(|empty| {
                let mut list = Vec::new();
                for &(rows, cols) in directions {
                    // The pieces in line beyond the empty cell: each but the
                    // nearest can jump in, turning over those it passes.
                    let mut flips = 0u32;
                    let mut at = rect.step(empty, rows, cols);
                    while let Some(cell) = at {
                        if flips != 0 {
                            list.push(JumpFrom {
                                from: cell as u8,
                                flips,
                            });
                        }
                        flips |= 1 << cell;
                        at = rect.step(cell, rows, cols);
                    }
                }
                list.sort_by_key(|j| j.from);
                list
            })
            .collect();
        Jumps {
            size: size as u8,
            variant,
            jumps,
        }
    }

    /// The rules of a board size (3 to 5) and variant, derived once per
    /// process: playing a single move needs no derivation.
    pub(crate) fn of(size: usize, variant: Variant) -> &'static Jumps {
        const SLOTS: usize = (*SIZES.end() - *SIZES.start() + 1) * Variant::ALL.len();
        static RULES: [OnceLock<Jumps>; SLOTS] = [const { OnceLock::new() }; SLOTS];
        let slot = (size - SIZES.start()) * Variant::ALL.len() + variant as usize;
        RULES[slot].get_or_init(|| Jumps::new(size, variant))
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
