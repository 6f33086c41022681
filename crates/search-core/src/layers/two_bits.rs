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

use super::cells::{DONE, TwoBits, compact, matching, rank_of, residue, spread};
use super::{Census, Layers, ResidueTable, Storage, SweepError};
use crate::rules::Ranked;
use crate::visited::to_index;

/// Words a task scans.
const WORDS_PER_CHUNK: u64 = 2048;

/// Two bits a rank; each layer found by scanning for its code.
pub(super) struct Scanned {
    cells: TwoBits,
    /// With [`Table::Residues`](super::Table::Residues): a bit a rank
    /// marking the cells already expanded, which keep their residue.
    expanded: Option<Vec<AtomicU32>>,
    /// The goals' ranks, for the residue table's descents.
    goals: Vec<u64>,
    census: Vec<u64>,
    /// The smallest ranks of the layer expanded last.
    sample: Vec<u64>,
    sample_len: usize,
}

impl Scanned {
    pub(super) fn new(size: u64, residues: bool, sample_len: usize) -> Self {
        let words = to_index(TwoBits::words_for(size));
        Scanned {
            cells: TwoBits::new(size),
            expanded: residues.then(|| (0..words).map(|_| AtomicU32::new(0)).collect()),
            goals: Vec::new(),
            census: Vec::new(),
            sample: Vec::new(),
            sample_len,
        }
    }

    /// The code of the cells at `distance`: its parity, or its residue.
    fn code(&self, distance: u32) -> u64 {
        match self.expanded {
            None => u64::from(distance & 1),
            Some(_) => residue(distance),
        }
    }

    /// Expands every cell of layer `distance` in one chunk of words.
    fn expand_chunk<S, C>(
        &self,
        space: &S,
        chunk: usize,
        distance: u32,
        census: Option<&C>,
    ) -> Expanded
    where
        S: Ranked,
        C: Census<S::State>,
    {
        let (current, next) = (self.code(distance), self.code(distance + 1));
        let size = self.cells.size();
        let first = chunk * WORDS_PER_CHUNK as usize;
        let last = (first + WORDS_PER_CHUNK as usize).min(self.cells.words().len());
        let mut found = 0u64;
        let mut accepted = 0u64;
        let mut sample = Vec::new();
        let mut moves = Vec::new();
        for w in first..last {
            // One low bit per cell whose code equals `current`.
            let mut matches = matching(self.cells.word(w), current);
            if let Some(expanded) = &self.expanded {
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
                if sample.len() < self.sample_len {
                    sample.push(rank);
                }
                let mut visit = |n| {
                    if self.cells.claim(n, next) {
                        found += 1;
                    }
                };
                match census {
                    None => space.neighbour_ranks(rank, &mut moves, visit),
                    Some(census) => {
                        let state = space.unrank(rank);
                        accepted += u64::from(census(&state, rank, distance));
                        space.each_neighbour(&state, rank, &mut moves, |_, r| visit(r));
                    }
                }
            }
            match &self.expanded {
                // current -> DONE for every matched cell.
                None => self.cells.recode(w, matches, current, DONE),
                Some(expanded) => {
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

impl<S: Ranked> Storage<S> for Scanned
where
    S::State: Send + Sync,
{
    fn seed<C: Census<S::State>>(&mut self, space: &S, goals: Vec<S::State>, _: Option<&C>) -> u64 {
        let code = self.code(0);
        let cells = &self.cells;
        self.goals = goals
            .iter()
            .map(|g| space.rank(g))
            .filter(|&rank| cells.claim(rank, code))
            .collect();
        self.goals.len() as u64
    }

    fn expand<C: Census<S::State>>(
        &mut self,
        space: &S,
        distance: u32,
        census: Option<&C>,
    ) -> Result<u64, SweepError> {
        let chunks = to_index(TwoBits::words_for(self.cells.size()).div_ceil(WORDS_PER_CHUNK));
        let this = &*self;
        let parts: Vec<Expanded> = (0..chunks)
            .into_par_iter()
            .map(|chunk| this.expand_chunk(space, chunk, distance, census))
            .collect();
        let found = parts.iter().map(|p| p.found).sum();
        if census.is_some() {
            self.census.push(parts.iter().map(|p| p.accepted).sum());
        }
        self.sample = parts
            .into_iter()
            .flat_map(|p| p.sample)
            .take(self.sample_len)
            .collect();
        Ok(found)
    }

    fn finish(self, histogram: Vec<u64>, farthest: usize) -> Layers {
        let Scanned {
            cells,
            expanded,
            mut goals,
            census,
            mut sample,
            ..
        } = self;
        let size = cells.size();
        let residues = expanded.map(|_| {
            goals.sort_unstable();
            let max_distance = histogram.len().saturating_sub(1) as u32;
            ResidueTable::new(cells.into_words(), size, goals, max_distance)
        });
        sample.truncate(farthest);
        Layers {
            histogram,
            farthest: sample,
            distances: None,
            residues,
            census,
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
