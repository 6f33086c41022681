//! The fewest moves proven by meeting breadth-first levels by moves from
//! the start and from the goal, over positions reduced by the symmetries
//! that keep both.

use rustc_hash::FxHashSet;
use search_core::Stats;

use crate::board::{Board, Geometry, Jump, legal};
use crate::levels::Canon;
use crate::solve::{SolveError, check_goal, class_targets};

/// Bytes [`meet_moves`] counts per position it keeps: one word in its
/// level's sorted list, and as much again for the hash set that collects
/// the level being built.
pub const MEET_BYTES_PER_POSITION: u64 = 16;

/// Settings of [`meet_moves`].
#[derive(Debug, Clone, Default)]
pub struct MeetOptions {
    /// Refuse, before growing its tables, to use more bytes than this
    /// (counted as [`MEET_BYTES_PER_POSITION`] per position kept).
    pub max_memory: Option<u64>,
}

/// What [`meet_moves`] reports after each level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeetReport {
    /// Whether the level grew from the goal (`true`) or from the start.
    pub backward: bool,
    /// The number of moves of the level just completed, on its side.
    pub level: u32,
    /// Positions (up to symmetry) first reached with that many moves.
    pub positions: u64,
    /// Positions kept on both sides.
    pub seen: u64,
    /// Bytes the tables hold now (estimated).
    pub bytes: u64,
}

/// The result of [`meet_moves`].
#[derive(Debug, Clone)]
pub struct Meeting {
    /// The fewest moves and a solution with that many moves, replayed;
    /// `None` when the goal cannot be reached.
    pub solution: Option<(u32, Vec<Jump>)>,
    /// Positions per level from the start, up to symmetry.
    pub forward: Vec<u64>,
    /// Positions per level from the goal, up to symmetry.
    pub backward: Vec<u64>,
    /// How many symmetries (the identity included) the search reduced by.
    pub symmetries: usize,
    /// Positions expanded and kept, both sides together.
    pub stats: Stats,
}

/// The holes the jumps land in, per hole: the un-jumps of a peg there.
fn jumps_into(geometry: &Geometry) -> Vec<Vec<Jump>> {
    let mut into = vec![Vec::new(); geometry.holes()];
    for &j in geometry.jumps() {
        into[j.to as usize].push(j);
    }
    into
}

/// Every move from `pegs` (forward: a chain of jumps by one peg; backward:
/// a chain of un-jumps by one peg, the last forward move of a position),
/// with the jumps of the chain in the order they are made from `pegs`;
/// `visit` returns `true` to stop. Returns whether it stopped.
///
/// A backward move from `p` to `q` is exactly a forward move from `q` to
/// `p`: the peg that ends in hole `h` came there by a chain of jumps, the
/// last landing in `h`; undoing it jump by jump from the last restores a
/// peg over each jumped hole and walks the peg back to where it started.
/// The chain is given in the order of the un-jumps, so the forward move is
/// the chain reversed.
fn each_move(
    geometry: &Geometry,
    into: &[Vec<Jump>],
    pegs: u64,
    backward: bool,
    visit: &mut dyn FnMut(u64, &[Jump]) -> bool,
) -> bool {
    #[allow(clippy::too_many_arguments)]
    fn go(
        geometry: &Geometry,
        into: &[Vec<Jump>],
        pegs: u64,
        at: usize,
        backward: bool,
        chain: &mut Vec<Jump>,
        seen: &mut FxHashSet<(u64, u8)>,
        visit: &mut dyn FnMut(u64, &[Jump]) -> bool,
    ) -> bool {
        if backward {
            for &j in &into[at] {
                // Un-jump: the peg in `to` goes back to an empty `from`
                // and restores a peg in an empty `over`.
                if pegs >> j.over & 1 == 0
                    && pegs >> j.from & 1 == 0
                    && seen.insert((pegs ^ j.mask(), j.from))
                {
                    let next = pegs ^ j.mask();
                    chain.push(j);
                    if visit(next, chain)
                        || go(
                            geometry,
                            into,
                            next,
                            j.from as usize,
                            true,
                            chain,
                            seen,
                            visit,
                        )
                    {
                        return true;
                    }
                    chain.pop();
                }
            }
        } else {
            for j in geometry.jumps_from(at) {
                if legal(pegs, j) && seen.insert((pegs ^ j.mask(), j.to)) {
                    let next = pegs ^ j.mask();
                    chain.push(j);
                    if visit(next, chain)
                        || go(
                            geometry,
                            into,
                            next,
                            j.to as usize,
                            false,
                            chain,
                            seen,
                            visit,
                        )
                    {
                        return true;
                    }
                    chain.pop();
                }
            }
        }
        false
    }
    let mut chain = Vec::new();
    let mut seen = FxHashSet::default();
    let mut bits = pegs;
    while bits != 0 {
        let h = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if go(
            geometry, into, pegs, h, backward, &mut chain, &mut seen, visit,
        ) {
            return true;
        }
    }
    false
}

/// Moves from positions, each result reduced by the kept symmetries
/// without recomputing its images: the images of a position under each
/// symmetry are those of the position it came from with the images of the
/// jumps' holes flipped, so a chain step costs one exclusive or per
/// symmetry.
pub(crate) struct Mover<'a> {
    geometry: &'a Geometry,
    canon: &'a Canon,
    /// Per hole, the indices of the jumps from it and into it.
    from: Vec<Vec<u16>>,
    into: Vec<Vec<u16>>,
    /// Per jump index: its three holes, and their images under each kept
    /// symmetry.
    masks: Vec<u64>,
    images: Vec<Vec<u64>>,
}

impl<'a> Mover<'a> {
    pub(crate) fn new(geometry: &'a Geometry, canon: &'a Canon) -> Mover<'a> {
        let jumps = geometry.jumps();
        let mut from = vec![Vec::new(); geometry.holes()];
        let mut into = vec![Vec::new(); geometry.holes()];
        for (i, j) in jumps.iter().enumerate() {
            from[j.from as usize].push(i as u16);
            into[j.to as usize].push(i as u16);
        }
        let masks: Vec<u64> = jumps.iter().map(|j| j.mask()).collect();
        let images = masks
            .iter()
            .map(|&m| (0..canon.len()).map(|s| canon.apply(s, m)).collect())
            .collect();
        Mover {
            geometry,
            canon,
            from,
            into,
            masks,
            images,
        }
    }

    /// Calls `visit` with every position one move from `pegs` (backward:
    /// one move before it) and its least image, repeats included; with
    /// `single`, moves of one jump only.
    pub(crate) fn each(
        &self,
        pegs: u64,
        backward: bool,
        single: bool,
        visit: &mut dyn FnMut(u64, u64),
    ) {
        let n = self.canon.len();
        let mut images = [0u64; 12];
        for (s, image) in images.iter_mut().enumerate().take(n) {
            *image = self.canon.apply(s, pegs);
        }
        let mut seen = FxHashSet::default();
        let mut bits = pegs;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut walk = Walk {
                images: &mut images[..n],
                backward,
                single,
                seen: &mut seen,
                visit,
            };
            self.chain(pegs, h, 1, &mut walk);
        }
    }

    fn chain(&self, pegs: u64, at: usize, depth: u32, walk: &mut Walk<'_>) {
        let list = if walk.backward {
            &self.into[at]
        } else {
            &self.from[at]
        };
        for &i in list {
            let j = self.geometry.jumps()[i as usize];
            let playable = if walk.backward {
                pegs >> j.over & 1 == 0 && pegs >> j.from & 1 == 0
            } else {
                legal(pegs, j)
            };
            if !playable {
                continue;
            }
            let next = pegs ^ self.masks[i as usize];
            let to = if walk.backward { j.from } else { j.to };
            // The same position with the peg in the same hole, reached by
            // another chain, has the same continuations (single jumps from
            // one position all differ).
            if depth > 1 && !walk.seen.insert((next, to)) {
                continue;
            }
            let flips = &self.images[i as usize];
            let mut least = u64::MAX;
            for (image, &f) in walk.images.iter_mut().zip(flips) {
                *image ^= f;
                least = least.min(*image);
            }
            (walk.visit)(next, least);
            if !walk.single {
                self.chain(next, to as usize, depth + 1, walk);
            }
            for (image, &f) in walk.images.iter_mut().zip(flips) {
                *image ^= f;
            }
        }
    }
}

/// The state of one call of [`Mover::each`].
struct Walk<'w> {
    images: &'w mut [u64],
    backward: bool,
    single: bool,
    seen: &'w mut FxHashSet<(u64, u8)>,
    visit: &'w mut dyn FnMut(u64, u64),
}

/// One side of the search: its levels, each sorted.
struct Side {
    backward: bool,
    levels: Vec<Vec<u64>>,
    /// Moves per position found when it last grew (1 before): the cost of
    /// growing it again is about this times its last level.
    branching: f64,
}

impl Side {
    fn last(&self) -> &[u64] {
        self.levels.last().expect("level 0 exists")
    }

    fn kept(&self) -> u64 {
        self.levels.iter().map(|l| l.len() as u64).sum()
    }
}

/// Candidates are sorted and deduplicated each time this many accumulate,
/// which bounds the buffer whatever the branching.
pub(crate) const FLUSH: usize = 1 << 22;

/// Sorts `v` (numbers below `1 << bits`) and removes repeats: a radix
/// sort by 11 bits at a time, through `scratch`.
pub(crate) fn sort_dedup(v: &mut Vec<u64>, scratch: &mut Vec<u64>, bits: u32) {
    const DIGIT: u32 = 11;
    scratch.clear();
    scratch.resize(v.len(), 0);
    let mut shift = 0;
    while shift < bits {
        let mut counts = vec![0usize; 1 << DIGIT];
        for &x in v.iter() {
            counts[(x >> shift) as usize & ((1 << DIGIT) - 1)] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            let n = *c;
            *c = sum;
            sum += n;
        }
        for &x in v.iter() {
            let d = (x >> shift) as usize & ((1 << DIGIT) - 1);
            scratch[counts[d]] = x;
            counts[d] += 1;
        }
        std::mem::swap(v, scratch);
        shift += DIGIT;
    }
    v.dedup();
}

/// The least element of both sorted lists.
fn first_common(a: &[u64], b: &[u64]) -> Option<u64> {
    let (mut i, mut k) = (0, 0);
    while i < a.len() && k < b.len() {
        match a[i].cmp(&b[k]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => k += 1,
            std::cmp::Ordering::Equal => return Some(a[i]),
        }
    }
    None
}

/// The elements of sorted `v` that no sorted list of `old` holds.
pub(crate) fn remove_known(v: &mut Vec<u64>, old: &[Vec<u64>]) {
    for level in old {
        let mut k = 0;
        let mut i = 0;
        for idx in 0..v.len() {
            let x = v[idx];
            while i < level.len() && level[i] < x {
                i += 1;
            }
            if i < level.len() && level[i] == x {
                continue;
            }
            v[k] = x;
            k += 1;
        }
        v.truncate(k);
    }
}

/// The fewest moves from `start` to `goal`, proven by breadth-first levels
/// by moves grown from both ends until they meet.
///
/// Level `k` of the start's side holds the positions that `k` moves (chains
/// of jumps by one peg) reach and fewer do not; level `k` of the goal's side
/// the positions from which `k` moves reach the goal and fewer do not,
/// grown by backward moves (chains of un-jumps by one peg, see
/// `each_move`). Positions are reduced to the least of their images under
/// the symmetries that keep both the start and the goal, which keep every
/// distance. Positions that cannot lie on a solution are dropped: on the
/// start's side those with fewer pegs in some peg class than the goal has
/// there, on the goal's side those with more than the start has (a class
/// never gains pegs).
///
/// With levels `0..=f` from the start and `0..=b` from the goal complete,
/// and `d` the fewest moves, the search keeps this invariant: `d > f + b`.
/// Then `d = f + b + 1` exactly when one move leads from a position of the
/// start's level `f` to one of the goal's level `b` (the `f`-th and
/// `f + 1`-th positions of a solution of `f + b + 1` moves are such a pair,
/// and such a pair makes a solution), which the search checks from the
/// smaller of the two levels without storing anything. Otherwise
/// `d > f + b + 1`, and the side with the smaller last level grows by one
/// level, which keeps the invariant. When a side has no new position, the
/// goal cannot be reached.
///
/// The solution is read back move by move from the meeting pair and
/// replayed.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, Lattice, MeetOptions, meet_moves, replay};
///
/// let start = Board::from_rows(Lattice::Triangular, &["    .    ", "   o o   ", "  o o o  ", " o o o o ", "o o o o o"])?;
/// let goal = start.with_pegs(1).unwrap(); // one peg, at the apex
/// let meeting = meet_moves(&start, &goal, &MeetOptions::default(), |_| {})?;
/// let (moves, jumps) = meeting.solution.unwrap();
/// assert_eq!(moves, 10);
/// replay(&start, &goal, &jumps)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn meet_moves(
    start: &Board,
    goal: &Board,
    options: &MeetOptions,
    mut progress: impl FnMut(&MeetReport),
) -> Result<Meeting, SolveError> {
    check_goal(start, goal)?;
    let geometry = start.geometry();
    let into = jumps_into(geometry);
    let canon = Canon::new(geometry, &[start.pegs(), goal.pegs()]);
    let symmetries = canon.len();
    let holes = geometry.holes() as u32;
    let mover = Mover::new(geometry, &canon);
    // Per class: its holes, the pegs the goal keeps there, the start's.
    let classes: Vec<(u64, u32, u32)> = class_targets(geometry, goal)
        .into_iter()
        .map(|(mask, need)| (mask, need, (start.pegs() & mask).count_ones()))
        .collect();
    let alive = |pegs: u64, backward: bool| {
        classes.iter().all(|&(mask, need, have)| {
            let n = (pegs & mask).count_ones();
            if backward { n <= have } else { n >= need }
        })
    };
    let mut sides = [
        Side {
            backward: false,
            levels: vec![vec![canon.canonical(start.pegs())]],
            branching: 1.0,
        },
        Side {
            backward: true,
            levels: vec![vec![canon.canonical(goal.pegs())]],
            branching: 1.0,
        },
    ];
    let mut stats = Stats::default();
    let meeting: Option<(u64, Vec<Jump>, u64, u32, u32)> = if start.pegs() == goal.pegs() {
        Some((start.pegs(), Vec::new(), goal.pegs(), 0, 0))
    } else if !alive(start.pegs(), false) || !alive(goal.pegs(), true) {
        None
    } else {
        loop {
            // Grow the side that is cheaper to grow (its last level times
            // its moves per position): the positions one move from it,
            // sorted.
            let cost = |s: &Side| s.last().len() as f64 * s.branching;
            let grow = usize::from(cost(&sides[1]) < cost(&sides[0]));
            let (this, other) = (&sides[grow], &sides[1 - grow]);
            let mut next = Vec::new();
            let mut scratch = Vec::new();
            let mut found = 0u64;
            for &pegs in this.last() {
                mover.each(pegs, this.backward, false, &mut |r, least| {
                    found += 1;
                    if alive(r, this.backward) {
                        next.push(least);
                    }
                });
                if next.len() >= FLUSH {
                    sort_dedup(&mut next, &mut scratch, holes);
                }
            }
            sort_dedup(&mut next, &mut scratch, holes);
            drop(scratch);
            stats.expanded += this.last().len() as u64;
            let (f, b) = (
                sides[0].levels.len() as u32 - 1,
                sides[1].levels.len() as u32 - 1,
            );
            // One move between the two last levels: f + b + 1 moves.
            if let Some(v) = first_common(&next, other.last()) {
                drop(next);
                let mut edge = None;
                for &p in this.last() {
                    each_move(geometry, &into, p, this.backward, &mut |r, chain| {
                        if canon.canonical(r) == v {
                            edge = Some((p, r, chain.to_vec()));
                            return true;
                        }
                        false
                    });
                    if edge.is_some() {
                        break;
                    }
                }
                let (p, r, chain) = edge.expect("the move found was a move from the level");
                break Some(if this.backward {
                    // r is one move before p: the chain of un-jumps reversed.
                    (r, chain.into_iter().rev().collect(), p, f, b)
                } else {
                    (p, chain, r, f, b)
                });
            }
            // No solution of f + b + 1 moves: the new level keeps the
            // positions not met before on this side.
            remove_known(&mut next, &this.levels);
            next.shrink_to_fit();
            stats.generated += next.len() as u64;
            let kept = sides[0].kept() + sides[1].kept() + next.len() as u64;
            let bytes = kept.saturating_mul(MEET_BYTES_PER_POSITION);
            if let Some(limit) = options.max_memory {
                if bytes > limit {
                    return Err(SolveError::MemoryLimit {
                        needed: bytes,
                        limit,
                    });
                }
            }
            let this = &mut sides[grow];
            this.branching = (found as f64 / this.last().len() as f64).max(1.0);
            let report = MeetReport {
                backward: this.backward,
                level: this.levels.len() as u32,
                positions: next.len() as u64,
                seen: kept,
                bytes,
            };
            let exhausted = next.is_empty();
            this.levels.push(next);
            progress(&report);
            if exhausted {
                break None;
            }
        }
    };
    let count = |s: &Side| s.levels.iter().map(|l| l.len() as u64).collect::<Vec<_>>();
    let mut meeting_out = Meeting {
        solution: None,
        forward: count(&sides[0]),
        backward: count(&sides[1]),
        symmetries,
        stats,
    };
    if let Some((x, edge, y, f, b)) = meeting {
        let jumps =
            read_back(geometry, &into, &canon, &sides, (x, f), edge, (y, b)).ok_or_else(|| {
                SolveError::Interrupted(
                    "internal error: the solution could not be read back".to_string(),
                )
            })?;
        crate::solve::replay(start, goal, &jumps).map_err(|e| {
            SolveError::Interrupted(format!("internal error, the solution does not replay: {e}"))
        })?;
        let moves = f + b + u32::from(start.pegs() != goal.pegs());
        meeting_out.solution = Some((moves, jumps));
    }
    Ok(meeting_out)
}

/// A solution through the move `edge` from `x` (on the start's level
/// `to_x`) to `y` (on the goal's level `from_y`): back to the start by
/// backward moves whose positions lie on the start's levels one below the
/// other, and on to the goal by forward moves down the goal's levels. The
/// symmetries kept fix the start and the goal, so the walks end on them
/// exactly.
fn read_back(
    geometry: &Geometry,
    into: &[Vec<Jump>],
    canon: &Canon,
    sides: &[Side; 2],
    (x, to_x): (u64, u32),
    edge: Vec<Jump>,
    (y, from_y): (u64, u32),
) -> Option<Vec<Jump>> {
    let mut moves: Vec<Vec<Jump>> = Vec::new();
    let mut at = x;
    for level in (0..to_x as usize).rev() {
        let want = &sides[0].levels[level];
        let mut found = None;
        each_move(geometry, into, at, true, &mut |q, chain| {
            if want.binary_search(&canon.canonical(q)).is_ok() {
                found = Some((q, chain.iter().rev().copied().collect::<Vec<_>>()));
                return true;
            }
            false
        });
        let (q, chain) = found?;
        moves.push(chain);
        at = q;
    }
    moves.reverse();
    moves.push(edge);
    let mut at = y;
    for level in (0..from_y as usize).rev() {
        let want = &sides[1].levels[level];
        let mut found = None;
        each_move(geometry, into, at, false, &mut |r, chain| {
            if want.binary_search(&canon.canonical(r)).is_ok() {
                found = Some((r, chain.to_vec()));
                return true;
            }
            false
        });
        let (r, chain) = found?;
        moves.push(chain);
        at = r;
    }
    Some(moves.into_iter().flatten().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Lattice;

    /// Every backward move is a forward move read in reverse, and the
    /// positions one backward move away are those one forward move leads
    /// from; the fast generator finds the same positions with the same
    /// least images.
    #[test]
    fn backward_moves_are_forward_moves_reversed() {
        let board = Board::from_rows(
            Lattice::Triangular,
            &[
                "    o    ",
                "   o .   ",
                "  . o o  ",
                " o . o o ",
                "o . o . o",
            ],
        )
        .unwrap();
        let g = board.geometry();
        let into = jumps_into(g);
        let all = g.all();
        // Every pair (p, r) of positions one move apart, r with 6 pegs or
        // more, found from both ends with their chains.
        let mut forward_pairs = Vec::new();
        let mut backward_pairs = Vec::new();
        for pegs in 0..=all {
            if pegs.count_ones() < 6 {
                continue;
            }
            each_move(g, &into, pegs, false, &mut |r, chain| {
                assert_eq!(crate::solve::move_count(chain), 1);
                forward_pairs.push((pegs, r));
                false
            });
            each_move(g, &into, pegs, true, &mut |q, chain| {
                let forward: Vec<Jump> = chain.iter().rev().copied().collect();
                // Replaying the reversed chain from q gives pegs, as one move.
                let from = board.with_pegs(q).unwrap();
                let boards =
                    crate::solve::replay(&from, &board.with_pegs(pegs).unwrap(), &forward).unwrap();
                assert_eq!(boards.len(), forward.len() + 1);
                assert_eq!(crate::solve::move_count(&forward), 1);
                backward_pairs.push((q, pegs));
                false
            });
        }
        forward_pairs.retain(|(_, r)| r.count_ones() >= 6);
        forward_pairs.sort();
        backward_pairs.sort();
        // A chain reaching a position with the peg in a hole already
        // reached is not followed again: compare the pairs as sets.
        forward_pairs.dedup();
        backward_pairs.dedup();
        assert!(forward_pairs.len() > 1000, "{}", forward_pairs.len());
        assert_eq!(forward_pairs, backward_pairs);
        let canon = Canon::new(g, &[]);
        let mover = Mover::new(g, &canon);
        for backward in [false, true] {
            for pegs in (0..=all).step_by(7) {
                let mut slow = Vec::new();
                each_move(g, &into, pegs, backward, &mut |r, _| {
                    slow.push((r, canon.canonical(r)));
                    false
                });
                let mut fast = Vec::new();
                mover.each(pegs, backward, false, &mut |r, least| fast.push((r, least)));
                slow.sort();
                fast.sort();
                slow.dedup();
                fast.dedup();
                assert_eq!(slow, fast);
            }
        }
    }
}
