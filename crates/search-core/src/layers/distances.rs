//! The distance table a dense sweep leaves: distances, descents to a goal,
//! and the number of shortest paths.

use std::fmt;

use rustc_hash::FxHashMap;

use super::cells::{CELLS_PER_WORD, UNSEEN};
use crate::Reason;
use crate::count::PathCount;
use crate::rules::Ranked;

/// Distance + 1 per rank, 0 for unreachable, in cells of one width.
#[derive(Clone, PartialEq, Eq)]
pub(super) enum Cells {
    /// One byte a rank ([`Table::Bytes`](super::Table::Bytes)).
    Bytes(Vec<u8>),
    /// Two bytes a rank ([`Table::Wide`](super::Table::Wide)).
    Wide(Vec<u16>),
}

/// The distance of every rank to the nearest goal, one or two bytes each.
#[derive(Clone, PartialEq, Eq)]
pub struct DistanceTable {
    cells: Cells,
}

impl fmt::Debug for DistanceTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DistanceTable")
            .field("ranks", &self.len())
            .finish()
    }
}

impl DistanceTable {
    pub(super) fn new(cells: Cells) -> Self {
        DistanceTable { cells }
    }

    /// The distance of the state of rank `rank`, or `None` if no goal can be
    /// reached from it (or the rank is out of range).
    pub fn get(&self, rank: u64) -> Option<u32> {
        let index = usize::try_from(rank).ok()?;
        let cell = match &self.cells {
            Cells::Bytes(bytes) => u32::from(*bytes.get(index)?),
            Cells::Wide(wide) => u32::from(*wide.get(index)?),
        };
        cell.checked_sub(1)
    }

    /// The number of ranks in the table.
    pub fn len(&self) -> u64 {
        match &self.cells {
            Cells::Bytes(bytes) => bytes.len() as u64,
            Cells::Wide(wide) => wide.len() as u64,
        }
    }

    /// Whether the table has no ranks.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A shortest path from `start` to a goal, read off the table by stepping
    /// to a neighbour one closer each time (the first such neighbour in the
    /// order `space` lists them). `None` if no goal can be reached from `start`.
    pub fn descend<S: Ranked>(&self, space: &S, start: S::State) -> Option<Vec<S::State>> {
        let mut rank = space.rank(&start);
        let mut distance = self.get(rank)?;
        let mut path = vec![start];
        let mut moves = Vec::new();
        while distance > 0 {
            let mut step = None;
            space.each_neighbour(path.last()?, rank, &mut moves, |n, r| {
                if step.is_none() && self.get(r) == Some(distance - 1) {
                    step = Some((n.clone(), r));
                }
            });
            let (next, r) = step?;
            path.push(next);
            rank = r;
            distance -= 1;
        }
        Some(path)
    }

    /// The length of a shortest path from `start` to the sweep's goals and
    /// the number of distinct shortest paths, counted without listing them:
    /// the paths are the descents through the table, one distance less at
    /// each step, and are counted layer by layer from `start` down, each
    /// state once. `Ok(None)` if no goal can be reached from `start`.
    ///
    /// # Example
    ///
    /// ```
    /// use search_core::layers::{Sweep, Table};
    /// use search_core::rules::{Ranked, Rules};
    ///
    /// // A 3x3 grid of cells, moves to the four neighbours: from a corner to
    /// // the opposite corner there are C(4, 2) = 6 shortest paths.
    /// struct Grid;
    /// impl Rules for Grid {
    ///     type State = u64;
    ///     type Move = i64; // the step in the numbering of the cells
    ///     fn moves(&self, &s: &u64, out: &mut Vec<i64>) {
    ///         let (x, y) = (s % 3, s / 3);
    ///         if x > 0 { out.push(-1) }
    ///         if x < 2 { out.push(1) }
    ///         if y > 0 { out.push(-3) }
    ///         if y < 2 { out.push(3) }
    ///     }
    ///     fn apply(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(step) }
    ///     fn undo(&self, s: &mut u64, step: i64) { *s = s.wrapping_add_signed(-step) }
    /// }
    /// impl Ranked for Grid {
    ///     fn size(&self) -> u64 { 9 }
    ///     fn rank(&self, &s: &u64) -> u64 { s }
    ///     fn unrank(&self, r: u64) -> u64 { r }
    /// }
    ///
    /// let layers = Sweep::new(Table::Bytes).run(&Grid, [0], |_| {})?;
    /// let count = layers.distances.unwrap().count_descents(&Grid, 8).unwrap().unwrap();
    /// assert_eq!((count.length, count.count), (4, 6));
    /// # Ok::<(), search_core::layers::SweepError>(())
    /// ```
    pub fn count_descents<S: Ranked>(
        &self,
        space: &S,
        start: S::State,
    ) -> Result<Option<PathCount>, Reason> {
        let Some(length) = self.get(space.rank(&start)) else {
            return Ok(None);
        };
        // The states `distance` away from the goals on some shortest path
        // from `start`, each with the number of paths reaching it.
        let mut layer: FxHashMap<u64, (S::State, u128)> = FxHashMap::default();
        layer.insert(space.rank(&start), (start, 1));
        let mut moves = Vec::new();
        for distance in (1..=length).rev() {
            let mut next: FxHashMap<u64, (S::State, u128)> = FxHashMap::default();
            let mut overflow = false;
            for (&at, (state, paths)) in &layer {
                space.each_neighbour(state, at, &mut moves, |n, rank| {
                    if self.get(rank) == Some(distance - 1) {
                        let slot = &mut next.entry(rank).or_insert_with(|| (n.clone(), 0)).1;
                        match slot.checked_add(*paths) {
                            Some(sum) => *slot = sum,
                            None => overflow = true,
                        }
                    }
                });
            }
            if overflow {
                return Err(Reason::Overflow);
            }
            layer = next;
        }
        let mut count = 0u128;
        for (_, paths) in layer.values() {
            count = count.checked_add(*paths).ok_or(Reason::Overflow)?;
        }
        Ok(Some(PathCount { length, count }))
    }
}

/// The distance of every rank to the nearest goal modulo 3, two bits each,
/// as a [`Table::Residues`](super::Table::Residues) sweep leaves it.
///
/// Moves are reversible, so a neighbour of a state at distance `d` lies at
/// `d - 1`, `d` or `d + 1`: three distances with three different residues.
/// Stepping each time to a neighbour whose residue is one less (modulo 3)
/// is therefore stepping one closer, and leads to a goal by a shortest path.
#[derive(Clone, PartialEq, Eq)]
pub struct ResidueTable {
    /// 32 cells a word: the residue, or `UNSEEN` for unreachable.
    words: Vec<u64>,
    size: u64,
    /// The goals' ranks, ascending.
    goals: Vec<u64>,
    /// The largest distance of any reachable state.
    max_distance: u32,
}

impl fmt::Debug for ResidueTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ResidueTable")
            .field("ranks", &self.size)
            .field("goals", &self.goals.len())
            .finish()
    }
}

impl ResidueTable {
    pub(super) fn new(words: Vec<u64>, size: u64, goals: Vec<u64>, max_distance: u32) -> Self {
        ResidueTable {
            words,
            size,
            goals,
            max_distance,
        }
    }

    /// The distance of the state of rank `rank` modulo 3, or `None` if no
    /// goal can be reached from it (or the rank is out of range).
    pub fn residue(&self, rank: u64) -> Option<u32> {
        if rank >= self.size {
            return None;
        }
        let word = self.words[usize::try_from(rank / CELLS_PER_WORD).ok()?];
        let code = (word >> ((rank % CELLS_PER_WORD) * 2)) & 3;
        (code != UNSEEN).then_some(code as u32)
    }

    /// The number of ranks in the table.
    pub fn len(&self) -> u64 {
        self.size
    }

    /// Whether the table has no ranks.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// A shortest path from `start` to one of the sweep's goals (both ends
    /// included), read off the table by stepping each time to the first
    /// neighbour, in the order `space` lists them, whose residue is one less.
    /// `None` if no goal can be reached from `start`.
    ///
    /// # Example
    ///
    /// Tower of Hanoi with 8 discs: 255 moves from one peg to another.
    ///
    /// ```
    /// use search_core::layers::{Sweep, Table};
    /// use search_core::rules::{Ranked, Rules};
    ///
    /// /// Disc `i` (0 the smallest) on peg `digit i` of the state in base 3;
    /// /// a move is (disc, from, to).
    /// struct Hanoi(u32);
    /// impl Rules for Hanoi {
    ///     type State = u64;
    ///     type Move = (u32, u64, u64);
    ///     fn moves(&self, &s: &u64, out: &mut Vec<(u32, u64, u64)>) {
    ///         let peg = |disc: u32| s / 3u64.pow(disc) % 3;
    ///         for from in 0..3 {
    ///             // The top disc of a peg is the smallest disc on it.
    ///             let Some(top) = (0..self.0).find(|&d| peg(d) == from) else { continue };
    ///             for to in (0..3).filter(|&to| to != from) {
    ///                 if (0..top).all(|d| peg(d) != to) {
    ///                     out.push((top, from, to));
    ///                 }
    ///             }
    ///         }
    ///     }
    ///     fn apply(&self, s: &mut u64, (d, from, to): (u32, u64, u64)) { *s = *s + to * 3u64.pow(d) - from * 3u64.pow(d) }
    ///     fn undo(&self, s: &mut u64, (d, from, to): (u32, u64, u64)) { *s = *s + from * 3u64.pow(d) - to * 3u64.pow(d) }
    /// }
    /// impl Ranked for Hanoi {
    ///     fn size(&self) -> u64 { 3u64.pow(self.0) }
    ///     fn rank(&self, &s: &u64) -> u64 { s }
    ///     fn unrank(&self, r: u64) -> u64 { r }
    /// }
    ///
    /// let hanoi = Hanoi(8);
    /// let all_on = |peg: u64| (0..8).map(|d| peg * 3u64.pow(d)).sum::<u64>();
    /// let layers = Sweep::new(Table::Residues).run(&hanoi, [all_on(2)], |_| {})?;
    /// assert_eq!(layers.reachable(), 6561);
    /// let path = layers.residues.unwrap().descend(&hanoi, all_on(0)).unwrap();
    /// assert_eq!(path.len(), 256); // 255 moves
    /// assert_eq!(path.last(), Some(&all_on(2)));
    /// # Ok::<(), search_core::layers::SweepError>(())
    /// ```
    pub fn descend<S: Ranked>(&self, space: &S, start: S::State) -> Option<Vec<S::State>> {
        let mut rank = space.rank(&start);
        let mut residue = self.residue(rank)?;
        let mut path = vec![start];
        let mut moves = Vec::new();
        // No shortest path is longer than the sweep's deepest layer; the
        // bound also ends the loop for a space whose moves are not reversible.
        for _ in 0..=self.max_distance {
            if self.goals.binary_search(&rank).is_ok() {
                return Some(path);
            }
            let closer = (residue + 2) % 3;
            let mut step = None;
            space.each_neighbour(path.last()?, rank, &mut moves, |n, r| {
                if step.is_none() && self.residue(r) == Some(closer) {
                    step = Some((n.clone(), r));
                }
            });
            // None only if the space's moves are not reversible.
            let (next, r) = step?;
            path.push(next);
            rank = r;
            residue = closer;
        }
        None
    }
}
