//! Sweeps over a space described in blocks: a storage of two bits a state
//! that expands a layer block by block, each block on one thread.
//!
//! A space is described in [`Blocks`] when its states fall into blocks of
//! one size such that every move from a state of one block leads into one
//! other block, the index of the state in its block renumbered by a
//! permutation that depends on the two blocks alone ([`Renumbering`]: a
//! table, or a function). The placements of a sliding puzzle's group of
//! tiles are such a space: a block is a set of cells with one of the
//! regions of free cells where the blank is, and an index is the order of
//! the tiles on those cells ([`pdb::tiles`](crate::pdb::tiles)).
//!
//! [`Blocked`] makes such a description [`Ranked`] rules (a state is a
//! block and an index, [`InBlock`]), so that every sweep and pattern
//! database takes it; [`InBlocks`] is the [`Storage`] that uses the blocks.
//! Each layer, a block with unseen states either reads the current states
//! of the blocks that lead into it and marks their images (pushing), or
//! looks each of its unseen states up in those blocks (pulling), whichever
//! reads less; a block with no unseen state left is skipped. Every block is
//! written by one thread only, so the layers are the same whatever the
//! number of threads.
//!
//! # Example
//!
//! Three blocks in a ring, of four states each; a move to the next block
//! adds one to the index, a move back takes one off.
//!
//! ```
//! use search_core::layers::blocks::{Blocked, Blocks, InBlock, InBlocks, Link, Renumbering};
//! use search_core::layers::{Sweep, Table};
//!
//! struct Ring { up: Vec<u16>, down: Vec<u16> }
//! impl Blocks for Ring {
//!     fn blocks(&self) -> usize { 3 }
//!     fn block_size(&self) -> usize { 4 }
//!     fn links(&self, block: usize, out: &mut Vec<Link>) {
//!         out.push(Link { from: (block + 2) % 3, forward: 0, back: 1 });
//!         out.push(Link { from: (block + 1) % 3, forward: 1, back: 0 });
//!     }
//!     fn renumbering(&self, id: usize) -> Renumbering<'_> {
//!         Renumbering::Table(if id == 0 { &self.up } else { &self.down })
//!     }
//! }
//! let ring = Blocked(Ring { up: vec![1, 2, 3, 0], down: vec![3, 0, 1, 2] });
//! let goal = InBlock { block: 0, group: 0, index: 0 };
//! let sweep = Sweep::new(Table::Bytes);
//! let layers = sweep.run_in_blocks(&ring, [goal], |_, _, _| {}, |_| {})?;
//! // Twelve states on one ring of moves.
//! assert_eq!(layers.histogram, [1, 2, 2, 2, 2, 2, 1]);
//! assert_eq!(layers.histogram, sweep.run(&ring, [goal], |_| {})?.histogram);
//! assert_eq!(InBlocks::memory_needed(3, 4), 3 * (8 + 16));
//! # Ok::<(), search_core::layers::SweepError>(())
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::cells::{CELLS_PER_WORD, TwoBits, UNSEEN, matching, rank_of, residue};
use super::{Census, LayerReport, Layers, Storage, Sweep, SweepError, goal_rank, within_memory};
use crate::rules::{Ranked, Rules};

/// A space in blocks: see the [module](self).
pub trait Blocks: Sync {
    /// The number of blocks.
    fn blocks(&self) -> usize;

    /// The number of states in every block.
    fn block_size(&self) -> usize;

    /// Pushes onto `out` (which arrives empty) a link from every block one
    /// move leads into `block` from. Moves are reversible: the moves out of
    /// `block` are the same links taken back.
    fn links(&self, block: usize, out: &mut Vec<Link>);

    /// The group of `block`: blocks whose states stand for the same
    /// things, as a table over the space may want to know (a sliding
    /// group's cells, whatever the region of the blank). Each block is its
    /// own group unless overridden.
    fn group(&self, block: usize) -> usize {
        block
    }

    /// The renumbering a link names ([`Link::forward`], [`Link::back`]),
    /// looked up only for the links a layer uses.
    fn renumbering(&self, id: usize) -> Renumbering<'_>;
}

/// The moves from block `from` into the block whose links hold this one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// The block the moves come from.
    pub from: usize,
    /// The renumbering ([`Blocks::renumbering`]) of the index a state of
    /// `from` gets in this block.
    pub forward: usize,
    /// The renumbering of the index a state of this block gets in `from`.
    pub back: usize,
}

/// How a move renumbers the index of a state from one block to the next.
#[derive(Clone, Copy)]
pub enum Renumbering<'a> {
    /// Index `i` becomes `table[i]`.
    Table(&'a [u16]),
    /// Index `i` becomes `f(i)`, for blocks too large to tabulate.
    Computed(&'a (dyn Fn(usize) -> usize + Sync)),
}

impl Renumbering<'_> {
    /// The index `index` becomes.
    #[inline]
    pub fn apply(&self, index: usize) -> usize {
        match self {
            Renumbering::Table(table) => usize::from(table[index]),
            Renumbering::Computed(f) => f(index),
        }
    }
}

/// A state of a space in blocks: its block and its index in the block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InBlock {
    /// The block.
    pub block: usize,
    /// The block's [group](Blocks::group), carried along so that a census
    /// reads it without a look-up.
    pub group: usize,
    /// The index in the block.
    pub index: usize,
}

/// A space in blocks as [`Ranked`] rules: the rank of a state is its block
/// times the block size, plus its index.
#[derive(Debug, Clone)]
pub struct Blocked<B>(pub B);

impl<B: Blocks> Rules for Blocked<B> {
    type State = InBlock;
    /// The states before and after the move.
    type Move = (InBlock, InBlock);

    fn moves(&self, state: &InBlock, out: &mut Vec<(InBlock, InBlock)>) {
        let mut links = Vec::new();
        self.0.links(state.block, &mut links);
        out.extend(links.iter().map(|link| {
            let to = InBlock {
                block: link.from,
                group: self.0.group(link.from),
                index: self.0.renumbering(link.back).apply(state.index),
            };
            (*state, to)
        }));
    }

    fn apply(&self, state: &mut InBlock, (_, to): (InBlock, InBlock)) {
        *state = to;
    }

    fn undo(&self, state: &mut InBlock, (from, _): (InBlock, InBlock)) {
        *state = from;
    }

    fn inverse(&self, (from, to): (InBlock, InBlock)) -> Option<(InBlock, InBlock)> {
        Some((to, from))
    }
}

impl<B: Blocks> Ranked for Blocked<B> {
    fn size(&self) -> u64 {
        (self.0.blocks() * self.0.block_size()) as u64
    }

    fn rank(&self, state: &InBlock) -> u64 {
        (state.block * self.0.block_size() + state.index) as u64
    }

    fn unrank(&self, rank: u64) -> InBlock {
        let size = self.0.block_size() as u64;
        let block = (rank / size) as usize;
        InBlock {
            block,
            group: self.0.group(block),
            index: (rank % size) as usize,
        }
    }
}

impl Sweep {
    /// Sweeps a space described in blocks with the [`InBlocks`] storage
    /// (the sweep's table is not used: the blocks keep two bits a state),
    /// calling `visit(state, rank, distance)` once for every reachable state
    /// as [`run_visiting`](Sweep::run_visiting) does, and `progress` after
    /// every layer. The goals' groups are taken from the space. No farthest
    /// states are kept. See [the module](self).
    pub fn run_in_blocks<B: Blocks>(
        &self,
        space: &Blocked<B>,
        goals: impl IntoIterator<Item = InBlock>,
        visit: impl Fn(&InBlock, u64, u32) + Sync,
        mut progress: impl FnMut(&LayerReport),
    ) -> Result<Layers, SweepError> {
        let (blocks, block_size) = (space.0.blocks(), space.0.block_size());
        within_memory(InBlocks::memory_needed(blocks, block_size), self.max_memory)?;
        let mut goals: Vec<InBlock> = goals.into_iter().collect();
        for goal in &mut goals {
            let rank = goal_rank(space, goal)?;
            if goal.index >= block_size {
                let size = space.size();
                return Err(SweepError::RankOutOfRange { rank, size });
            }
            // The census reads the group from the state: the space's own.
            goal.group = space.0.group(goal.block);
        }
        let visits = move |state: &InBlock, rank: u64, distance: u32| {
            visit(state, rank, distance);
            false
        };
        let storage = InBlocks::new(&space.0);
        let mut layers = self.drive(space, goals, Some(&visits), &mut progress, storage)?;
        layers.census.clear();
        Ok(layers)
    }
}

/// States in a word.
const PER_WORD: usize = CELLS_PER_WORD as usize;

/// The storage of a sweep of a space in [`Blocks`]: two bits a state (the
/// distance modulo 3, or unseen), block after block, each block starting
/// on a word. It keeps the histogram and the census, not the farthest
/// states ([`Layers::farthest`] is empty).
pub struct InBlocks {
    cells: TwoBits,
    /// The states of each block.
    size: usize,
    /// The words of each block.
    words: usize,
    /// Per block: its states in the current layer, and those never reached.
    frontier: Vec<u64>,
    unseen: Vec<u64>,
    census: Vec<u64>,
}

impl InBlocks {
    /// The storage of a sweep of `space`.
    pub fn new(space: &impl Blocks) -> InBlocks {
        let (blocks, size) = (space.blocks(), space.block_size());
        let words = size.div_ceil(PER_WORD);
        InBlocks {
            cells: TwoBits::new((blocks * words * PER_WORD) as u64),
            size,
            words,
            frontier: vec![0; blocks],
            unseen: vec![size as u64; blocks],
            census: Vec::new(),
        }
    }

    /// The bytes of the storage of a sweep of a space of `blocks` blocks
    /// of `block_size` states each.
    pub fn memory_needed(blocks: usize, block_size: usize) -> u64 {
        let words = block_size.div_ceil(PER_WORD) as u64;
        (blocks as u64).saturating_mul(words * 8 + 16)
    }

    /// The words of `block`.
    fn block(&self, block: usize) -> &[AtomicU64] {
        &self.cells.words()[block * self.words..(block + 1) * self.words]
    }

    /// Marks the states of `block` one move from the current layer
    /// (`distance`) with the next layer's code; returns how many.
    fn expand_block<'a, B: Blocks, C: Census<InBlock>>(
        &'a self,
        space: &'a B,
        block: usize,
        distance: u32,
        census: Option<&C>,
        sources: &mut Vec<Source<'a>>,
        links: &mut Vec<Link>,
    ) -> (u64, u64) {
        if self.unseen[block] == 0 {
            return (0, 0);
        }
        let (current, next) = (residue(distance), residue(distance + 1));
        links.clear();
        space.links(block, links);
        sources.clear();
        let mut push_cost = 0u64;
        for link in links.iter() {
            if self.frontier[link.from] != 0 {
                sources.push(Source {
                    states: self.block(link.from),
                    forward: space.renumbering(link.forward),
                    back: space.renumbering(link.back),
                });
                push_cost += self.words as u64 + self.frontier[link.from];
            }
        }
        if sources.is_empty() {
            return (0, 0);
        }
        let size = self.size;
        let group = space.group(block);
        let target = self.block(block);
        let (mut new, mut accepted) = (0u64, 0u64);
        // Marks the unseen cell `index` of the word `old` in `slot` for the
        // next layer; returns the word written.
        let mut mark = |index: usize, slot: &AtomicU64, old: u64| {
            let word = old & !((UNSEEN ^ next) << (2 * (index % PER_WORD)));
            slot.store(word, Ordering::Relaxed);
            new += 1;
            if let Some(census) = census {
                let state = InBlock {
                    block,
                    group,
                    index,
                };
                let rank = (block * size + index) as u64;
                accepted += u64::from(census(&state, rank, distance + 1));
            }
            word
        };
        let load = |slot: &AtomicU64| slot.load(Ordering::Relaxed);
        if self.unseen[block] * sources.len() as u64 / 2 < push_cost {
            // Pull: each unseen state looks for a current one.
            for (w, slot) in target.iter().enumerate() {
                let old = load(slot);
                let mut empty = matching(old, UNSEEN);
                if (w + 1) * PER_WORD > size {
                    empty &= (1u64 << (2 * (size - w * PER_WORD))) - 1;
                }
                let mut bits = old;
                while empty != 0 {
                    let index = rank_of(w, empty.trailing_zeros()) as usize;
                    empty &= empty - 1;
                    let hit = sources.iter().any(|source| {
                        let back = source.back.apply(index);
                        let word = load(&source.states[back / PER_WORD]);
                        word >> (2 * (back % PER_WORD)) & 3 == current
                    });
                    if hit {
                        bits = mark(index, slot, bits);
                    }
                }
            }
        } else {
            // Push: each current state of a source marks its image.
            for source in sources.iter() {
                for (w, word) in source.states.iter().enumerate() {
                    let mut hits = matching(load(word), current);
                    while hits != 0 {
                        let index = rank_of(w, hits.trailing_zeros()) as usize;
                        hits &= hits - 1;
                        let index = source.forward.apply(index);
                        let slot = &target[index / PER_WORD];
                        let old = load(slot);
                        if old >> (2 * (index % PER_WORD)) & 3 == UNSEEN {
                            mark(index, slot, old);
                        }
                    }
                }
            }
        }
        (new, accepted)
    }
}

/// A block one move away from the block being expanded: its states, and
/// the renumberings of the link.
struct Source<'a> {
    states: &'a [AtomicU64],
    forward: Renumbering<'a>,
    back: Renumbering<'a>,
}

impl<B: Blocks> Storage<Blocked<B>> for InBlocks {
    fn seed<C: Census<InBlock>>(
        &mut self,
        space: &Blocked<B>,
        goals: Vec<InBlock>,
        census: Option<&C>,
    ) -> u64 {
        let mut seeded = 0;
        let mut accepted = 0;
        for goal in goals {
            let rank = (goal.block * self.words * PER_WORD + goal.index) as u64;
            if self.cells.claim(rank, residue(0)) {
                seeded += 1;
                self.frontier[goal.block] += 1;
                self.unseen[goal.block] -= 1;
                if let Some(census) = census {
                    accepted += u64::from(census(&goal, space.rank(&goal), 0));
                }
            }
        }
        if census.is_some() {
            self.census.push(accepted);
        }
        seeded
    }

    fn expand<C: Census<InBlock>>(
        &mut self,
        space: &Blocked<B>,
        distance: u32,
        census: Option<&C>,
    ) -> Result<u64, SweepError> {
        let this = &*self;
        let found: Vec<(u64, u64)> = (0..self.frontier.len())
            .into_par_iter()
            .map_init(
                || (Vec::new(), Vec::new()),
                |(sources, links), block| {
                    this.expand_block(&space.0, block, distance, census, sources, links)
                },
            )
            .collect();
        let (mut new, mut accepted) = (0, 0);
        for ((frontier, unseen), &(n, a)) in
            self.frontier.iter_mut().zip(&mut self.unseen).zip(&found)
        {
            *frontier = n;
            *unseen -= n;
            new += n;
            accepted += a;
        }
        if new > 0 && census.is_some() {
            self.census.push(accepted);
        }
        Ok(new)
    }

    fn finish(self, histogram: Vec<u64>, _: usize) -> Layers {
        Layers {
            histogram,
            farthest: Vec::new(),
            distances: None,
            residues: None,
            census: self.census,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layers::{Sweep, Table};

    /// `n` blocks in a ring, of `size` states each: a move to the next block
    /// turns the index by `step`, computed or tabulated; blocks `2i` and
    /// `2i + 1` are one group.
    struct Ring {
        n: usize,
        size: usize,
        turns: Vec<Vec<u16>>,
        computed: bool,
        forward: Box<dyn Fn(usize) -> usize + Sync>,
        back: Box<dyn Fn(usize) -> usize + Sync>,
    }

    fn ring(n: usize, size: usize, step: usize, computed: bool) -> Ring {
        let turn = |by: usize| (0..size).map(|i| ((i + by) % size) as u16).collect();
        Ring {
            n,
            size,
            turns: vec![turn(step), turn(size - step)],
            computed,
            forward: Box::new(move |i| (i + step) % size),
            back: Box::new(move |i| (i + size - step) % size),
        }
    }

    impl Blocks for Ring {
        fn blocks(&self) -> usize {
            self.n
        }
        fn block_size(&self) -> usize {
            self.size
        }
        fn links(&self, block: usize, out: &mut Vec<Link>) {
            let (before, after) = ((block + self.n - 1) % self.n, (block + 1) % self.n);
            out.push(Link {
                from: before,
                forward: 0,
                back: 1,
            });
            out.push(Link {
                from: after,
                forward: 1,
                back: 0,
            });
        }
        fn group(&self, block: usize) -> usize {
            block / 2
        }
        fn renumbering(&self, id: usize) -> Renumbering<'_> {
            match (self.computed, id) {
                (false, _) => Renumbering::Table(&self.turns[id]),
                (true, 0) => Renumbering::Computed(&*self.forward),
                (true, _) => Renumbering::Computed(&*self.back),
            }
        }
    }

    /// The blocks give the histogram of a sweep of one rank a state, and
    /// visit every state once with its distance and group, whatever the
    /// renumbering and the number of threads.
    #[test]
    fn the_blocks_sweep_as_the_tables_do() {
        for (n, size, step) in [(6, 5, 2), (7, 100, 3), (4, 64, 1)] {
            let table = Blocked(ring(n, size, step, false));
            // A goal whose group is wrong: the sweep takes the space's.
            let goal = InBlock {
                group: 99,
                ..table.unrank(3)
            };
            let swept = Sweep::new(Table::Wide).run(&table, [goal], |_| {}).unwrap();
            let distances = swept.distances.as_ref().unwrap();
            for computed in [false, true] {
                let space = Blocked(ring(n, size, step, computed));
                for threads in [1, 3] {
                    let seen: Vec<std::sync::atomic::AtomicU32> =
                        (0..n * size).map(|_| Default::default()).collect();
                    let visit = |state: &InBlock, rank: u64, distance: u32| {
                        assert_eq!(state.group, state.block / 2);
                        assert_eq!(space.rank(state), rank);
                        seen[rank as usize].fetch_add(distance + 1, Ordering::Relaxed);
                    };
                    let layers = crate::par::with_threads(threads, || {
                        Sweep::new(Table::TwoBits).run_in_blocks(&space, [goal], visit, |_| {})
                    });
                    let layers = layers.unwrap().unwrap();
                    assert_eq!(layers.histogram, swept.histogram, "{n} x {size}");
                    for (rank, seen) in seen.iter().enumerate() {
                        let expected = distances.get(rank as u64).map_or(0, |d| d + 1);
                        assert_eq!(seen.load(Ordering::Relaxed), expected, "rank {rank}");
                    }
                }
            }
        }
    }

    #[test]
    fn goals_outside_the_blocks_and_tables_too_large_are_refused() {
        let space = Blocked(ring(3, 5, 1, false));
        let sweep = Sweep::new(Table::TwoBits);
        let outside = InBlock {
            block: 0,
            group: 0,
            index: 5,
        };
        let err = sweep.run_in_blocks(&space, [outside], |_, _, _| {}, |_| {});
        assert_eq!(err, Err(SweepError::RankOutOfRange { rank: 5, size: 15 }));
        let small = sweep.with_max_memory(10);
        let err = small.run_in_blocks(&space, [space.unrank(0)], |_, _, _| {}, |_| {});
        assert!(matches!(
            err,
            Err(SweepError::MemoryLimit { needed: 72, .. })
        ));
    }
}
