//! Sweeps that keep every rank's distance: one byte or two bytes a rank, the
//! layers as lists of states (so no state is ever unranked).

use std::sync::atomic::{AtomicU8, AtomicU16, Ordering};

use rayon::prelude::*;

use super::distances::{Cells, DistanceTable};
use super::{LayerReport, Layers, RankedSpace, Sweep, SweepError};
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

/// Below this many states a layer is expanded on the calling thread.
const PARALLEL_MIN: usize = 4096;

/// Splits `len` states into enough chunks to balance the threads.
fn chunk_len(len: usize) -> usize {
    (len / (rayon::current_num_threads() * 16)).max(1024)
}

impl Sweep {
    pub(super) fn run_dense<T, S, C, P>(
        &self,
        space: &S,
        goals: Vec<S::State>,
        census: Option<&C>,
        mut progress: P,
    ) -> Result<Layers, SweepError>
    where
        T: Cell,
        S: RankedSpace,
        C: Fn(&S::State, u64, u32) -> bool + Sync,
        P: FnMut(&LayerReport),
    {
        let size = space.size();
        let table: Vec<T> = (0..to_index(size)).map(|_| T::unseen()).collect();
        let claim = |rank: u64, mark: u32| table[to_index(rank)].claim(mark);
        // Layers are lists of states with their ranks.
        let mut frontier: Vec<(S::State, u64)> = goals
            .into_iter()
            .map(|g| {
                let rank = space.rank(&g);
                (g, rank)
            })
            .filter(|&(_, rank)| claim(rank, 1))
            .collect();
        let counted =
            |state: &S::State, rank: u64, at: u32| census.is_some_and(|c| c(state, rank, at));
        let mut census_counts =
            vec![frontier.iter().filter(|(s, r)| counted(s, *r, 0)).count() as u64];
        let mut histogram = Vec::new();
        let mut seen = 0;
        while !frontier.is_empty() {
            let distance = histogram.len() as u32;
            histogram.push(frontier.len() as u64);
            seen += frontier.len() as u64;
            progress(&LayerReport {
                distance,
                states: frontier.len() as u64,
                seen,
                size,
            });
            if self.cancelled() {
                return Err(SweepError::Cancelled);
            }
            // The next layer's cells would hold distance + 2.
            let mark = distance + 2;
            if mark > T::MAX {
                let deeper = frontier.iter().any(|(state, rank)| {
                    let mut unseen = false;
                    space.ranked_neighbours(state, *rank, |_, r| {
                        unseen |= table[to_index(r)].get() == 0;
                    });
                    unseen
                });
                if deeper {
                    return Err(SweepError::TooDeep { max: T::MAX - 1 });
                }
                break;
            }
            let expand = |chunk: &[(S::State, u64)]| {
                let mut next = Vec::new();
                let mut accepted = 0u64;
                for (state, rank) in chunk {
                    space.ranked_neighbours(state, *rank, |n, r| {
                        if claim(r, mark) {
                            accepted += u64::from(counted(&n, r, distance + 1));
                            next.push((n, r));
                        }
                    });
                }
                (next, accepted)
            };
            let accepted;
            (frontier, accepted) = if frontier.len() < PARALLEL_MIN {
                expand(&frontier)
            } else {
                let chunk = chunk_len(frontier.len());
                let parts: Vec<Frontier<S::State>> =
                    frontier.par_chunks(chunk).map(expand).collect();
                let accepted = parts.iter().map(|(_, a)| a).sum();
                (parts.into_iter().flat_map(|(p, _)| p).collect(), accepted)
            };
            if !frontier.is_empty() {
                census_counts.push(accepted);
            }
        }
        // The cells of the last layer hold its distance + 1 = the number of layers.
        let last = histogram.len() as u32;
        let farthest = match last {
            0 => Vec::new(),
            _ => table
                .iter()
                .enumerate()
                .filter(|(_, cell)| cell.get() == last)
                .map(|(rank, _)| rank as u64)
                .take(self.farthest)
                .collect(),
        };
        Ok(Layers {
            histogram,
            farthest,
            distances: Some(DistanceTable::new(T::into_cells(table))),
            residues: None,
            census: if census.is_some() {
                census_counts
            } else {
                Vec::new()
            },
        })
    }
}
