//! Sweeps that keep every rank's distance: one byte or two bytes a rank, the
//! layers as lists of states (so no state is ever unranked).

use std::sync::atomic::{AtomicU8, AtomicU16, Ordering};

use rayon::prelude::*;

use super::distances::{Cells, DistanceTable};
use super::{Census, Layers, Storage, SweepError};
use crate::rules::Ranked;
use crate::visited::to_index;

/// A cell of a dense distance table: distance + 1, or 0 for unseen.
pub(super) trait Cell: Send + Sync + Sized {
    /// The largest value a cell holds: the largest distance plus one.
    const MAX: u32;
    /// An unseen cell.
    fn unseen() -> Self;
    /// The value held.
    fn get(&self) -> u32;
    /// Sets an unseen cell to `mark`; whether it was unseen.
    fn claim(&self, mark: u32) -> bool;
    /// The finished table.
    fn into_cells(table: Vec<Self>) -> Cells;
}

macro_rules! cell {
    ($atomic:ty, $plain:ty, $variant:ident) => {
        impl Cell for $atomic {
            const MAX: u32 = <$plain>::MAX as u32;

            fn unseen() -> Self {
                <$atomic>::new(0)
            }

            #[inline]
            fn get(&self) -> u32 {
                u32::from(self.load(Ordering::Relaxed))
            }

            #[inline]
            fn claim(&self, mark: u32) -> bool {
                // Callers never pass a mark above MAX.
                let mark = mark as $plain;
                self.load(Ordering::Relaxed) == 0
                    && self
                        .compare_exchange(0, mark, Ordering::Relaxed, Ordering::Relaxed)
                        .is_ok()
            }

            fn into_cells(table: Vec<Self>) -> Cells {
                Cells::$variant(table.into_iter().map(<$atomic>::into_inner).collect())
            }
        }
    };
}

cell!(AtomicU8, u8, Bytes);
cell!(AtomicU16, u16, Wide);

/// A layer's states with their ranks, and how many of them the census accepted.
type Frontier<T> = (Vec<(T, u64)>, u64);

/// States a layer holds before it is expanded on every core.
const PARALLEL_MIN: usize = 4096;

fn chunk_len(len: usize) -> usize {
    (len / (rayon::current_num_threads() * 16)).max(1024)
}

/// One or two bytes a rank holding distance + 1 (0 unseen), and the layer
/// being expanded as lists of states with their ranks, so that no state is
/// ever unranked: [`Table::Bytes`](super::Table::Bytes) and
/// [`Table::Wide`](super::Table::Wide). A layer stays in the parts its
/// threads found it in, never copied into one list.
pub(super) struct Listed<T, S: Ranked> {
    table: Vec<T>,
    frontier: Vec<Vec<(S::State, u64)>>,
    census: Option<Vec<u64>>,
}

impl<T: Cell, S: Ranked> Listed<T, S> {
    pub(super) fn new(size: u64, census: bool) -> Self {
        Listed {
            table: (0..to_index(size)).map(|_| T::unseen()).collect(),
            frontier: Vec::new(),
            census: census.then(Vec::new),
        }
    }
}

impl<T: Cell, S: Ranked> Storage<S> for Listed<T, S>
where
    S::State: Send + Sync,
{
    fn seed<C: Census<S::State>>(
        &mut self,
        space: &S,
        goals: Vec<S::State>,
        census: Option<&C>,
    ) -> u64 {
        let table = &self.table;
        let seeds: Vec<(S::State, u64)> = goals
            .into_iter()
            .map(|g| {
                let rank = space.rank(&g);
                (g, rank)
            })
            .filter(|&(_, rank)| table[to_index(rank)].claim(1))
            .collect();
        if let (Some(counts), Some(census)) = (&mut self.census, census) {
            counts.push(seeds.iter().filter(|(s, r)| census(s, *r, 0)).count() as u64);
        }
        let seeded = seeds.len() as u64;
        self.frontier = vec![seeds];
        seeded
    }

    fn expand<C: Census<S::State>>(
        &mut self,
        space: &S,
        distance: u32,
        census: Option<&C>,
    ) -> Result<u64, SweepError> {
        let table = &self.table;
        // The next layer's cells would hold distance + 2.
        let mark = distance + 2;
        if mark > T::MAX {
            let mut moves = Vec::new();
            let deeper = self.frontier.iter().flatten().any(|(state, rank)| {
                let mut unseen = false;
                space.each_neighbour(state, *rank, &mut moves, |_, r| {
                    unseen |= table[to_index(r)].get() == 0;
                });
                unseen
            });
            if deeper {
                return Err(SweepError::TooDeep { max: T::MAX - 1 });
            }
            self.frontier.clear();
            return Ok(0);
        }
        let expand = |chunk: &[(S::State, u64)]| {
            let mut next = Vec::new();
            let mut accepted = 0u64;
            let mut moves = Vec::new();
            for (state, rank) in chunk {
                space.each_neighbour(state, *rank, &mut moves, |n, r| {
                    if table[to_index(r)].claim(mark) {
                        accepted += u64::from(census.is_some_and(|c| c(n, r, distance + 1)));
                        next.push((n.clone(), r));
                    }
                });
            }
            (next, accepted)
        };
        let states: usize = self.frontier.iter().map(Vec::len).sum();
        let parts: Vec<Frontier<S::State>> = if states < PARALLEL_MIN {
            self.frontier.iter().map(|part| expand(part)).collect()
        } else {
            let chunk = chunk_len(states);
            let chunks: Vec<&[(S::State, u64)]> = self
                .frontier
                .iter()
                .flat_map(|part| part.chunks(chunk))
                .collect();
            chunks.into_par_iter().map(expand).collect()
        };
        let accepted: u64 = parts.iter().map(|(_, a)| a).sum();
        self.frontier = parts.into_iter().map(|(p, _)| p).collect();
        let found: usize = self.frontier.iter().map(Vec::len).sum();
        if let Some(counts) = self.census.as_mut().filter(|_| found > 0) {
            counts.push(accepted);
        }
        Ok(found as u64)
    }

    fn finish(self, histogram: Vec<u64>, farthest: usize) -> Layers {
        // The cells of the last layer hold its distance + 1 = the number of layers.
        let last = histogram.len() as u32;
        let farthest = match last {
            0 => Vec::new(),
            _ => self
                .table
                .iter()
                .enumerate()
                .filter(|(_, cell)| cell.get() == last)
                .map(|(rank, _)| rank as u64)
                .take(farthest)
                .collect(),
        };
        Layers {
            histogram,
            farthest,
            distances: Some(DistanceTable::new(T::into_cells(self.table))),
            residues: None,
            census: self.census.unwrap_or_default(),
        }
    }
}
