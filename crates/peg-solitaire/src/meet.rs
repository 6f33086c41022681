//! The fewest moves proven by meeting breadth-first levels by moves from
//! the start and from the goal, over positions reduced by the symmetries
//! that keep both.

use search_core::Stats;
use search_core::levels::{
    BitSymmetries, LevelReport, expand_level_within, first_common, remove_known,
};
use search_core::puzzle::DEFAULT_MAX_MEMORY;

use crate::board::{Board, Jump};
use crate::geometry::Geometry;
use crate::jumps::{JumpOptions, pagodas_for};
use crate::moves::{Mover, each_move, jumps_into, symmetries_keeping};
use crate::solve::{SolveError, check_goal, class_targets};

/// Bytes [`meet_moves`] counts per position it keeps: one word in its
/// level's sorted list (the buffers that build a level are counted by
/// their own bytes while it is built).
pub const MEET_BYTES_PER_POSITION: u64 = 8;

/// Settings of [`meet_moves`].
#[derive(Debug, Clone)]
pub struct MeetOptions {
    /// Refuse to use more bytes than this: [`MEET_BYTES_PER_POSITION`] per
    /// position kept, and the buffers that build a level by their own
    /// bytes, checked while it is built; [`DEFAULT_MAX_MEMORY`] by default.
    pub max_memory: u64,
}

impl Default for MeetOptions {
    fn default() -> Self {
        MeetOptions {
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
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
/// never gains pegs); and those a pagoda function rules out (weights on
/// the holes that no jump increases, found for the board and the goal):
/// on the start's side those whose pegs weigh less than the goal's, on
/// the goal's side those whose complements weigh less than the start's
/// complement, under the pagoda functions of the game played on
/// complements (where a jump is a jump undone). No position of a solution
/// is dropped.
///
/// With levels `0..=f` from the start and `0..=b` from the goal complete,
/// and `d` the fewest moves, the search keeps this invariant: `d > f + b`.
/// Then `d = f + b + 1` exactly when one move leads from a position of the
/// start's level `f` to one of the goal's level `b` (the `f`-th and
/// `f + 1`-th positions of a solution of `f + b + 1` moves are such a pair,
/// and such a pair makes a solution), which the search checks on the
/// positions one move from the side it grows next (the one whose last
/// level times its moves per position is the smaller), sorted, against the
/// other side's last level. Otherwise `d > f + b + 1`, and those positions,
/// less the ones the side reached before, are its next level, which keeps
/// the invariant. When a side has no new position, the goal cannot be
/// reached. Where the next level would not fit in the memory allowed, the
/// check is still made, a part of the growing side's last level at a time,
/// before the search gives up.
///
/// The solution is read back move by move from the meeting pair and
/// replayed.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, Lattice, MeetOptions, meet_moves, replay_jumps};
///
/// let start = Board::from_rows_in(Lattice::Triangular, &["    .    ", "   o o   ", "  o o o  ", " o o o o ", "o o o o o"])?;
/// let goal = start.with_pegs(1).unwrap(); // one peg, at the apex
/// let meeting = meet_moves(&start, &goal, &MeetOptions::default(), |_| {})?;
/// let (moves, jumps) = meeting.solution.unwrap();
/// assert_eq!(moves, 10);
/// replay_jumps(&start, &goal, &jumps)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn meet_moves(
    start: &Board,
    goal: &Board,
    options: &MeetOptions,
    mut progress: impl FnMut(&LevelReport),
) -> Result<Meeting, SolveError> {
    meet_moves_reporting(start, goal, options, &mut progress)
}

/// [`meet_moves`], compiled once whatever the caller's closure.
fn meet_moves_reporting(
    start: &Board,
    goal: &Board,
    options: &MeetOptions,
    progress: &mut dyn FnMut(&LevelReport),
) -> Result<Meeting, SolveError> {
    check_goal(start, goal)?;
    let geometry = start.geometry();
    let canon = symmetries_keeping(geometry, &[start.pegs(), goal.pegs()]);
    // Per class: its holes, the pegs the goal keeps there, the start's.
    let classes: Vec<(u64, u32, u32)> = class_targets(geometry, goal)
        .into_iter()
        .map(|(mask, need)| (mask, need, (start.pegs() & mask).count_ones()))
        .collect();
    // Pagoda functions: a position from the start whose pegs weigh less
    // than the goal's cannot reach it; a position from the goal whose
    // complement weighs less than the start's complement (under those of
    // the game played on complements, where a jump is a jump undone) cannot
    // be reached from the start.
    let jumps = start.peg_count().saturating_sub(goal.peg_count()) as usize;
    let sample = JumpOptions {
        max_memory: options.max_memory,
        ..JumpOptions::default()
    };
    let mut stats = Stats::default();
    let toward_goal = pagodas_for(geometry, &canon, start, goal, jumps, &sample, &mut stats);
    let (from_goal, to_start) = (goal.complement(), start.complement());
    let toward_start = pagodas_for(
        geometry, &canon, &from_goal, &to_start, jumps, &sample, &mut stats,
    );
    let all = geometry.all();
    let alive = |pegs: u64, backward: bool| {
        classes.iter().all(|&(mask, need, have)| {
            let n = (pegs & mask).count_ones();
            if backward { n <= have } else { n >= need }
        }) && if backward {
            toward_start.may_reach(all ^ pegs)
        } else {
            toward_goal.may_reach(pegs)
        }
    };
    if start.pegs() != goal.pegs() && !(alive(start.pegs(), false) && alive(goal.pegs(), true)) {
        return Ok(Meeting {
            solution: None,
            forward: vec![1],
            backward: vec![1],
            symmetries: canon.len(),
            stats: Stats::default(),
        });
    }
    let ends = (vec![start.pegs()], vec![goal.pegs()]);
    let mut met = meet_between(geometry, &canon, ends, &alive, options, progress);
    met.stats.expanded += stats.expanded;
    met.stats.generated += stats.generated;
    if let Some(stopped) = met.stopped {
        return Err(stopped);
    }
    if let Some((_, from, to, jumps)) = &met.solution {
        // The symmetries kept fix the start and the goal: the walks end on
        // them exactly.
        debug_assert_eq!((*from, *to), (start.pegs(), goal.pegs()));
        crate::solution::replay_jumps(start, goal, jumps)
            .expect("a solution read back from the levels replays");
    }
    Ok(Meeting {
        solution: met.solution.map(|(moves, _, _, jumps)| (moves, jumps)),
        forward: met.forward,
        backward: met.backward,
        symmetries: canon.len(),
        stats: met.stats,
    })
}

/// [`meet_between`]'s result.
pub(crate) struct Met {
    /// The fewest moves, the source and the target a solution with that
    /// many joins, and its jumps.
    pub(crate) solution: Option<(u32, u64, u64, Vec<Jump>)>,
    /// No solution has fewer moves (the solution's, where one was found).
    pub(crate) at_least: u32,
    /// Why the search stopped before the sides met (the memory limit), if
    /// it did: then `solution` is `None` and `at_least` is what was proven.
    pub(crate) stopped: Option<SolveError>,
    /// Positions per level from the sources.
    pub(crate) forward: Vec<u64>,
    /// Positions per level from the targets.
    pub(crate) backward: Vec<u64>,
    /// Positions expanded and kept.
    pub(crate) stats: Stats,
}

/// The fewest moves from a position of `ends.0` to one of `ends.1` (sets
/// that the symmetries `canon` map onto themselves), by levels by moves
/// grown from both ends until they meet, over positions reduced by `canon`,
/// and a solution read back; `alive(position, backward)` keeps the
/// positions that may lie on a solution. [`meet_moves`] documents the
/// method.
pub(crate) fn meet_between(
    geometry: &Geometry,
    canon: &BitSymmetries,
    ends: (Vec<u64>, Vec<u64>),
    alive: &(dyn Fn(u64, bool) -> bool + Sync),
    options: &MeetOptions,
    progress: &mut dyn FnMut(&LevelReport),
) -> Met {
    let into = jumps_into(geometry);
    let holes = geometry.holes() as u32;
    let mover = Mover::new(geometry, canon);
    let level_of = |set: Vec<u64>| {
        let mut level: Vec<u64> = set.into_iter().map(|p| mover.least(p)).collect();
        level.sort_unstable();
        level.dedup();
        level
    };
    let mut sides = [
        Side {
            backward: false,
            levels: vec![level_of(ends.0)],
            branching: 1.0,
        },
        Side {
            backward: true,
            levels: vec![level_of(ends.1)],
            branching: 1.0,
        },
    ];
    let mut stats = Stats::default();
    // No solution has fewer moves than this; why the search stopped before
    // the sides met, if it did.
    let mut at_least = 0;
    let mut stopped = None;
    let meeting: Option<(u64, Vec<Jump>, u64, u32, u32)> = if let Some(v) =
        first_common(sides[0].last(), sides[1].last())
    {
        Some((v, Vec::new(), v, 0, 0))
    } else if sides.iter().any(|s| s.last().is_empty()) {
        None
    } else {
        at_least = 1;
        loop {
            // Grow the side that is cheaper to grow (its last level times
            // its moves per position): the positions one move from it,
            // sorted.
            let cost = |s: &Side| s.last().len() as f64 * s.branching;
            let grow = usize::from(cost(&sides[1]) < cost(&sides[0]));
            let (this, other) = (&sides[grow], &sides[1 - grow]);
            let backward = this.backward;
            let (f, b) = (
                sides[0].levels.len() as u32 - 1,
                sides[1].levels.len() as u32 - 1,
            );
            let expand = |&pegs: &u64, out: &mut Vec<u64>| {
                let mut found = 0;
                mover.each(pegs, backward, &mut |r, least| {
                    found += 1;
                    if alive(r, backward) {
                        out.push(least);
                    }
                });
                found
            };
            // The buffers that build the level get what the limit
            // leaves after the levels kept.
            let held = (sides[0].kept() + sides[1].kept()).saturating_mul(MEET_BYTES_PER_POSITION);
            let budget = options.max_memory.saturating_sub(held);
            // The meeting move into `v`, one of the other side's last
            // level: a solution of f + b + 1 moves.
            let meeting_at = |v: u64| {
                let mut edge = None;
                for &p in this.last() {
                    each_move(geometry, &into, p, backward, &mut |r, chain| {
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
                if backward {
                    // r is one move before p: the chain of un-jumps reversed.
                    (r, chain.into_iter().rev().collect(), p, f, b)
                } else {
                    (p, chain, r, f, b)
                }
            };
            let grown = match expand_level_within(this.last(), holes, budget, expand) {
                Ok(grown) => grown,
                Err(buffers) => {
                    // The level does not fit; whether one move joins the
                    // two last levels does not need it: part by part.
                    let refused = SolveError::TooLarge {
                        needed: held.saturating_add(buffers),
                        limit: options.max_memory,
                    };
                    stats.expanded += this.last().len() as u64;
                    match meet_by_parts(this.last(), other.last(), holes, budget, expand) {
                        Some(Some(v)) => break Some(meeting_at(v)),
                        Some(None) => at_least = f + b + 2,
                        None => {}
                    }
                    stopped = Some(refused);
                    break None;
                }
            };
            let (mut next, found) = (grown.keys, grown.generated);
            stats.expanded += this.last().len() as u64;
            // One move between the two last levels: f + b + 1 moves.
            if let Some(v) = first_common(&next, other.last()) {
                break Some(meeting_at(v));
            }
            at_least = f + b + 2;
            // No solution of f + b + 1 moves: the new level keeps the
            // positions not met before on this side.
            remove_known(&mut next, &this.levels);
            next.shrink_to_fit();
            stats.generated += next.len() as u64;
            let kept = sides[0].kept() + sides[1].kept() + next.len() as u64;
            let bytes = kept.saturating_mul(MEET_BYTES_PER_POSITION);
            if bytes > options.max_memory {
                stopped = Some(SolveError::TooLarge {
                    needed: bytes,
                    limit: options.max_memory,
                });
                break None;
            }
            let this = &mut sides[grow];
            this.branching = (found as f64 / this.last().len() as f64).max(1.0);
            let report = LevelReport {
                backward: this.backward,
                level: this.levels.len() as u32,
                states: next.len() as u64,
                kept,
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
    let mut met = Met {
        solution: None,
        at_least,
        stopped,
        forward: count(&sides[0]),
        backward: count(&sides[1]),
        stats,
    };
    if let Some((x, edge, y, f, b)) = meeting {
        // Every level's positions were generated by the moves read back,
        // and the meeting pair is one move apart: the walk finds a path.
        let (from, jumps, to) = read_back(geometry, &into, canon, &sides, (x, f), edge, (y, b))
            .expect("the levels lead back to both ends");
        let moves = f + b + u32::from(from != to);
        met.at_least = moves;
        met.solution = Some((moves, from, to, jumps));
    }
    met
}

/// Whether one step of `expand` leads from `level` into `other` (both
/// sorted), without building the whole next level: the level's states part
/// by part, each part's successors sorted within `budget` bytes and
/// compared with `other`; a part too big is halved. `Some(Some(key))`: a
/// successor in `other`; `Some(None)`: none; `None`: a single state's
/// successors do not fit.
fn meet_by_parts(
    level: &[u64],
    other: &[u64],
    bits: u32,
    budget: u64,
    expand: impl Fn(&u64, &mut Vec<u64>) -> u64 + Sync,
) -> Option<Option<u64>> {
    // The whole level did not fit: half of it at most.
    let mut part = level.len() / 2;
    if part == 0 {
        return None;
    }
    let mut rest = level;
    while !rest.is_empty() {
        let (this, after) = rest.split_at(part.min(rest.len()));
        match expand_level_within(this, bits, budget, &expand) {
            Ok(next) => {
                if let Some(v) = first_common(&next.keys, other) {
                    return Some(Some(v));
                }
                rest = after;
            }
            Err(_) if part > 1 => part /= 2,
            Err(_) => return None,
        }
    }
    Some(None)
}

/// A solution through the move `edge` from `x` (on the sources' level
/// `to_x`) to `y` (on the targets' level `from_y`): back to a source by
/// backward moves whose positions lie on the sources' levels one below the
/// other, and on to a target by forward moves down the targets' levels.
/// Returns the source, the jumps and the target.
fn read_back(
    geometry: &Geometry,
    into: &[Vec<Jump>],
    canon: &BitSymmetries,
    sides: &[Side; 2],
    (x, to_x): (u64, u32),
    edge: Vec<Jump>,
    (y, from_y): (u64, u32),
) -> Option<(u64, Vec<Jump>, u64)> {
    let on = |side: usize| {
        move |level: usize, q: u64| {
            sides[side].levels[level]
                .binary_search(&canon.canonical(q))
                .is_ok()
        }
    };
    let (from, back) = walk_down(geometry, into, x, to_x, true, &on(0))?;
    let (to, ahead) = walk_down(geometry, into, y, from_y, false, &on(1))?;
    let jumps = back
        .into_iter()
        .rev()
        .chain([edge])
        .chain(ahead)
        .flatten()
        .collect();
    Some((from, jumps, to))
}

/// From `at`, `levels` moves down levels `levels - 1`, ..., 0 (forward
/// moves, or backward ones): each move to a position `q` for which
/// `on(level, q)` holds. Returns the position reached and the moves in the
/// order walked, each move's jumps in forward order (a backward walk's
/// moves, reversed, lead forward to `at`).
fn walk_down(
    geometry: &Geometry,
    into: &[Vec<Jump>],
    mut at: u64,
    levels: u32,
    backward: bool,
    on: &dyn Fn(usize, u64) -> bool,
) -> Option<(u64, Vec<Vec<Jump>>)> {
    let mut moves = Vec::new();
    for level in (0..levels as usize).rev() {
        let mut found = None;
        each_move(geometry, into, at, backward, &mut |q, chain| {
            let hit = on(level, q);
            if hit {
                let mut chain = chain.to_vec();
                if backward {
                    chain.reverse();
                }
                found = Some((q, chain));
            }
            hit
        });
        let (q, chain) = found?;
        moves.push(chain);
        at = q;
    }
    Some((at, moves))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The check by parts finds what the whole next level would, within a
    /// budget the whole level exceeds.
    #[test]
    fn one_step_between_two_levels_is_found_part_by_part() {
        // Each number leads to 3000 numbers below 2^24.
        let wide = |&n: &u64, out: &mut Vec<u64>| {
            out.extend((0..3000).map(|i| (n * 7919 + i * 4099) % (1 << 24)));
            3000
        };
        let level: Vec<u64> = (0..3000).collect();
        let whole = expand_level_within(&level, 24, u64::MAX, wide)
            .unwrap()
            .keys;
        let budget = 8 << 20;
        assert!(expand_level_within(&level, 24, budget, wide).is_err());
        // A key the last state alone reaches, and keys none reaches.
        let mut last = Vec::new();
        wide(&2999, &mut last);
        let target = *last
            .iter()
            .find(|k| whole.binary_search(k).is_ok())
            .unwrap();
        let other: Vec<u64> = vec![target];
        assert_eq!(
            meet_by_parts(&level, &other, 24, budget, wide),
            Some(Some(target))
        );
        let missing: Vec<u64> = (0..1 << 24)
            .filter(|k| whole.binary_search(k).is_err())
            .take(5)
            .collect();
        assert_eq!(missing.len(), 5);
        assert_eq!(
            meet_by_parts(&level, &missing, 24, budget, wide),
            Some(None)
        );
    }
}
