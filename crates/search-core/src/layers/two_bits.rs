//! Sweeps in two bits a rank: the layer being expanded is found by scanning
//! the table, so no list of states is kept and depth has no limit.
//!
//! Two codings share the table's layout and its scan. [`Table::TwoBits`]
//! codes a cell as unseen, done, or the parity of its distance while its
//! layer is being found and expanded; it keeps nothing but the census.
//! [`Table::Residues`] codes a cell as unseen or its distance modulo 3 and
//! keeps it, with one more bit a rank while sweeping to mark the cells
//! already expanded: the kept table gives a shortest path from any state by
//! descent ([`ResidueTable`]).
//!
//! [`Table::TwoBits`]: super::Table::TwoBits
//! [`Table::Residues`]: super::Table::Residues

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::cells::{TwoBits, compact, matching, rank_of, spread};
use super::{LayerReport, Layers, RankedSpace, ResidueTable, Sweep, SweepError};
use crate::visited::to_index;

/// Words a task scans.
const WORDS_PER_CHUNK: u64 = 2048;
/// The code of a cell already expanded ([`Table::TwoBits`](super::Table::TwoBits)).
const DONE: u64 = 0b10;

/// How the cells of the layer being expanded are told apart, and retired.
#[derive(Clone, Copy)]
enum Coding<'a> {
    /// A layer's cells hold its parity and become `DONE` once expanded.
    Parity,
    /// A cell holds its distance modulo 3 for good; a bit a rank (32 a word,
    /// word for word with the table) marks the cells already expanded.
    Residues { expanded: &'a [AtomicU32] },
}

impl Coding<'_> {
    /// The code of the cells at `distance`.
    fn code(self, distance: u32) -> u64 {
        match self {
            Coding::Parity => u64::from(distance & 1),
            Coding::Residues { .. } => u64::from(distance % 3),
        }
    }
}

/// A table of two-bit cells in atomic words, 32 cells a word.
///
/// During the expansion of layer `d`, cells only move from `UNSEEN` to the
/// code of `d + 1` (by any thread), and, in the parity coding, from the code
/// of `d` to `DONE` (by the thread expanding the cell), so plain atomic AND
/// and XOR suffice.
struct TwoBitTable<'a> {
    cells: &'a TwoBits,
    coding: Coding<'a>,
}

impl Sweep {
    pub(super) fn run_two_bits<S, C, P>(
        &self,
        space: &S,
        goals: Vec<S::State>,
        census: Option<&C>,
        mut progress: P,
        residues: bool,
    ) -> Result<Layers, SweepError>
    where
        S: RankedSpace,
        C: Fn(&S::State, u64, u32) -> bool + Sync,
        P: FnMut(&LayerReport),
    {
        let size = space.size();
        let cells = TwoBits::new(size);
        let words = TwoBits::words_for(size);
        let expanded: Vec<AtomicU32> = if residues {
            (0..to_index(words)).map(|_| AtomicU32::new(0)).collect()
        } else {
            Vec::new()
        };
        let table = TwoBitTable {
            cells: &cells,
            coding: if residues {
                Coding::Residues {
                    expanded: &expanded,
                }
            } else {
                Coding::Parity
            },
        };
        let mut goal_ranks: Vec<u64> = goals
            .iter()
            .map(|g| space.rank(g))
            .filter(|&rank| cells.claim(rank, table.coding.code(0)))
            .collect();
        let mut histogram = Vec::new();
        let mut layer = goal_ranks.len() as u64;
        let mut seen = 0;
        let mut farthest = Vec::new();
        let mut census_counts = Vec::new();
        let chunks = to_index(words.div_ceil(WORDS_PER_CHUNK));
        while layer > 0 {
            let distance = histogram.len() as u32;
            histogram.push(layer);
            seen += layer;
            progress(&LayerReport {
                distance,
                states: layer,
                seen,
                size,
            });
            if self.cancelled() {
                return Err(SweepError::Cancelled);
            }
            let sample_len = self.farthest;
            let parts: Vec<Expanded> = (0..chunks)
                .into_par_iter()
                .map(|chunk| table.expand_chunk(space, chunk, distance, sample_len, census))
                .collect();
            layer = parts.iter().map(|p| p.found).sum();
            census_counts.push(parts.iter().map(|p| p.accepted).sum());
            farthest = parts
                .into_iter()
                .flat_map(|p| p.sample)
                .take(self.farthest)
                .collect();
        }
        drop(expanded);
        let residues = residues.then(|| {
            goal_ranks.sort_unstable();
            ResidueTable::new(
                cells.into_words(),
                size,
                goal_ranks,
                histogram.len().saturating_sub(1) as u32,
            )
        });
        Ok(Layers {
            histogram,
            farthest,
            distances: None,
            residues,
            census: if census.is_some() {
                census_counts
            } else {
                Vec::new()
            },
        })
    }
}

impl TwoBitTable<'_> {
    /// Expands every cell of layer `distance` in one chunk of words.
    fn expand_chunk<S, C>(
        &self,
        space: &S,
        chunk: usize,
        distance: u32,
        sample_len: usize,
        census: Option<&C>,
    ) -> Expanded
    where
        S: RankedSpace,
        C: Fn(&S::State, u64, u32) -> bool + Sync,
    {
        let current = self.coding.code(distance);
        let next = self.coding.code(distance + 1);
        let size = space.size();
        let first = chunk * WORDS_PER_CHUNK as usize;
        let last = (first + WORDS_PER_CHUNK as usize).min(self.cells.words().len());
        let mut found = 0u64;
        let mut accepted = 0u64;
        let mut sample = Vec::new();
        for w in first..last {
            // One low bit per cell whose code equals `current`.
            let mut matches = matching(self.cells.word(w), current);
            if let Coding::Residues { expanded } = self.coding {
                matches &= !spread(expanded[w].load(Ordering::Relaxed));
            }
            if matches == 0 {
                continue;
            }
            let mut bits = matches;
            while bits != 0 {
                let rank = rank_of(w, bits.trailing_zeros());
                bits &= bits - 1;
                if rank >= size {
                    break;
                }
                if sample.len() < sample_len {
                    sample.push(rank);
                }
                let mut visit = |n| {
                    if self.cells.claim(n, next) {
                        found += 1;
                    }
                };
                match census {
                    None => space.neighbour_ranks(rank, visit),
                    Some(census) => {
                        let state = space.unrank(rank);
                        accepted += u64::from(census(&state, rank, distance));
                        space.ranked_neighbours(&state, rank, |_, r| visit(r));
                    }
                }
            }
            match self.coding {
                // current -> DONE for every matched cell: XOR each with current ^ DONE.
                Coding::Parity => self.cells.recode(w, matches, current, DONE),
                Coding::Residues { expanded } => {
                    expanded[w].fetch_or(compact(matches), Ordering::Relaxed);
                }
            }
        }
        Expanded {
            found,
            accepted,
            sample,
        }
    }
}

/// What expanding one chunk of a two-bit table found.
struct Expanded {
    /// Cells newly claimed for the next layer.
    found: u64,
    /// Cells expanded that the census accepted.
    accepted: u64,
    /// The first ranks expanded, in order.
    sample: Vec<u64>,
}
