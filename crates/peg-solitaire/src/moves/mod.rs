//! Moves of a peg solitaire position, forward (a chain of jumps by one
//! peg) and backward (a chain of un-jumps by one peg): here the plain
//! walks over the chains, which the searches' fast generator, [`Mover`]
//! (in `mover.rs`), with the least image of each result under the
//! symmetries kept, is tested against.

use rustc_hash::FxHashSet;
use search_core::grid;
use search_core::levels::BitSymmetries;

use crate::board::{Jump, legal};
use crate::geometry::Geometry;

mod mover;

pub(crate) use mover::Mover;

/// The symmetries of `geometry` that map every set of holes of `fixed`
/// onto itself, as tables ready to apply to positions.
pub(crate) fn symmetries_keeping(geometry: &Geometry, fixed: &[u64]) -> BitSymmetries {
    BitSymmetries::new(geometry.symmetries()).keeping(fixed)
}

/// The image of `jump` under symmetry `s`.
pub(crate) fn map_jump(symmetries: &BitSymmetries, s: usize, jump: Jump) -> Jump {
    let p = symmetries.permutation(s);
    Jump {
        from: p[jump.from as usize],
        over: p[jump.over as usize],
        to: p[jump.to as usize],
    }
}

/// The holes the jumps land in, per hole: the un-jumps of a peg there.
pub(crate) fn jumps_into(geometry: &Geometry) -> Vec<Vec<Jump>> {
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
pub(crate) fn each_move(
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
        let (mut un_jumps, mut jumps);
        let list: &mut dyn Iterator<Item = Jump> = if backward {
            un_jumps = into[at].iter().copied();
            &mut un_jumps
        } else {
            jumps = geometry.jumps_from(at);
            &mut jumps
        };
        for j in list {
            // Un-jump: the peg in `to` goes back to an empty `from` and
            // restores a peg in an empty `over`.
            let (playable, land) = if backward {
                (pegs >> j.over & 1 == 0 && pegs >> j.from & 1 == 0, j.from)
            } else {
                (legal(pegs, j), j.to)
            };
            let next = pegs ^ j.mask();
            if !playable || !seen.insert((next, land)) {
                continue;
            }
            chain.push(j);
            if visit(next, chain)
                || go(
                    geometry,
                    into,
                    next,
                    land as usize,
                    backward,
                    chain,
                    seen,
                    visit,
                )
            {
                return true;
            }
            chain.pop();
        }
        false
    }
    let mut chain = Vec::new();
    let mut seen = FxHashSet::default();
    for h in grid::bits(pegs) {
        if go(
            geometry, into, pegs, h, backward, &mut chain, &mut seen, visit,
        ) {
            return true;
        }
    }
    false
}

/// Calls `visit(next, chain)` with every position `next` one forward move
/// from `pegs` (a chain of jumps by one peg) and the chain that reaches it,
/// following only the jumps `allowed` keeps, depth first from each peg in
/// turn; `visit` returns `true` to stop. Returns whether it stopped. No
/// set of the positions reached is kept (unlike [`each_move`]): a position
/// that two chains reach is visited twice, which costs less than the set
/// where moves are few.
pub(crate) fn each_chain(
    geometry: &Geometry,
    pegs: u64,
    allowed: &(impl Fn(Jump) -> bool + ?Sized),
    visit: &mut impl FnMut(u64, &[Jump]) -> bool,
) -> bool {
    fn go(
        geometry: &Geometry,
        pegs: u64,
        at: usize,
        allowed: &(impl Fn(Jump) -> bool + ?Sized),
        chain: &mut Vec<Jump>,
        visit: &mut impl FnMut(u64, &[Jump]) -> bool,
    ) -> bool {
        for j in geometry.jumps_from(at) {
            if legal(pegs, j) && allowed(j) {
                let next = pegs ^ j.mask();
                chain.push(j);
                if visit(next, chain) || go(geometry, next, j.to as usize, allowed, chain, visit) {
                    return true;
                }
                chain.pop();
            }
        }
        false
    }
    let mut chain = Vec::new();
    grid::bits(pegs).any(|h| go(geometry, pegs, h, allowed, &mut chain, visit))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::geometry::Lattice;

    /// Every backward move is a forward move read in reverse, and the
    /// positions one backward move away are those one forward move leads
    /// from; the fast generator finds the same positions with the same
    /// least images.
    #[test]
    fn backward_moves_are_forward_moves_reversed() {
        let board = Board::from_rows_in(
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
                assert_eq!(crate::solution::move_count(chain), 1);
                forward_pairs.push((pegs, r));
                false
            });
            each_move(g, &into, pegs, true, &mut |q, chain| {
                let forward: Vec<Jump> = chain.iter().rev().copied().collect();
                // Replaying the reversed chain from q gives pegs, as one move.
                let from = board.with_pegs(q).unwrap();
                let boards =
                    crate::solution::replay_jumps(&from, &board.with_pegs(pegs).unwrap(), &forward)
                        .unwrap();
                assert_eq!(boards.len(), forward.len() + 1);
                assert_eq!(crate::solution::move_count(&forward), 1);
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
        let canon = symmetries_keeping(g, &[]);
        let mover = Mover::new(g, &canon);
        for backward in [false, true] {
            for pegs in (0..=all).step_by(7) {
                let mut slow = Vec::new();
                each_move(g, &into, pegs, backward, &mut |r, _| {
                    slow.push((r, canon.canonical(r)));
                    false
                });
                let mut fast = Vec::new();
                mover.each(pegs, backward, &mut |r, least| fast.push((r, least)));
                slow.sort();
                fast.sort();
                slow.dedup();
                fast.dedup();
                assert_eq!(slow, fast);
                // Single jumps: one by one, and by the groups of jumps, the
                // same least images, each jump once.
                let mut plain: Vec<u64> = g
                    .jumps()
                    .iter()
                    .filter(|j| {
                        if backward {
                            pegs >> j.to & 1 == 1 && pegs & ((1 << j.over) | (1 << j.from)) == 0
                        } else {
                            legal(pegs, **j)
                        }
                    })
                    .map(|j| canon.canonical(pegs ^ j.mask()))
                    .collect();
                let mut groups = Vec::new();
                mover.push_jumps(pegs, backward, &mut groups);
                plain.sort_unstable();
                groups.sort_unstable();
                assert_eq!(plain, groups);
                // The class's size: the symmetries over those that fix it.
                let fixed = (0..canon.len())
                    .filter(|&s| canon.apply(s, pegs) == pegs)
                    .count();
                assert_eq!(mover.class_size(pegs), canon.len() / fixed);
                if !backward {
                    let mut jumps = Vec::new();
                    mover.each_jump(pegs, &mut |j, least, landing| {
                        assert_eq!(least, canon.canonical(pegs ^ j.mask()));
                        assert_ne!(landing, 0);
                        jumps.push(least);
                    });
                    jumps.sort_unstable();
                    assert_eq!(jumps, groups);
                }
            }
        }
    }
}
