//! The fewest moves proven by meeting breadth-first levels by moves from
//! the start and from the goal, over positions reduced by the symmetries
//! that keep both.

use search_core::Stats;
use search_core::levels::{BitSymmetries, LevelReport, expand_level, first_common, remove_known};

use crate::board::{Board, Jump};
use crate::geometry::Geometry;
use crate::moves::{Mover, each_move, jumps_into, symmetries_keeping};
use crate::solve::{SolveError, check_goal, class_targets};

/// Bytes [`meet_moves`] counts per position it keeps: one word in its
/// level's sorted list, and as much again while the level is built.
pub const MEET_BYTES_PER_POSITION: u64 = 16;

/// Settings of [`meet_moves`].
#[derive(Debug, Clone, Default)]
pub struct MeetOptions {
    /// Refuse, before growing its tables, to use more bytes than this
    /// (counted as [`MEET_BYTES_PER_POSITION`] per position kept).
    pub max_memory: Option<u64>,
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
    check_goal(start, goal)?;
    let geometry = start.geometry();
    let into = jumps_into(geometry);
    let canon = symmetries_keeping(geometry, &[start.pegs(), goal.pegs()]);
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
            let backward = this.backward;
            let grown = expand_level(this.last(), holes, |&pegs, out| {
                let mut found = 0;
                mover.each(pegs, backward, &mut |r, least| {
                    found += 1;
                    if alive(r, backward) {
                        out.push(least);
                    }
                });
                found
            });
            let (mut next, found) = (grown.keys, grown.generated);
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
                    return Err(SolveError::TooLarge {
                        needed: bytes,
                        limit,
                    });
                }
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
    let mut meeting_out = Meeting {
        solution: None,
        forward: count(&sides[0]),
        backward: count(&sides[1]),
        symmetries,
        stats,
    };
    if let Some((x, edge, y, f, b)) = meeting {
        // Every level's positions were generated by the moves read back,
        // and the meeting pair is one move apart: the walk finds a path.
        let jumps = read_back(geometry, &into, &canon, &sides, (x, f), edge, (y, b))
            .expect("the levels lead back to both ends");
        crate::solution::replay_jumps(start, goal, &jumps)
            .expect("a solution read back from the levels replays");
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
    canon: &BitSymmetries,
    sides: &[Side; 2],
    (x, to_x): (u64, u32),
    edge: Vec<Jump>,
    (y, from_y): (u64, u32),
) -> Option<Vec<Jump>> {
    // From `at`, one move at a time down the levels of side `side`
    // (backward on the start's side), each move's jumps in forward order.
    let walk = |mut at: u64, levels: u32, side: usize| -> Option<Vec<Vec<Jump>>> {
        let backward = side == 0;
        let mut moves = Vec::new();
        for level in (0..levels as usize).rev() {
            let want = &sides[side].levels[level];
            let mut found = None;
            each_move(geometry, into, at, backward, &mut |q, chain| {
                let hit = want.binary_search(&canon.canonical(q)).is_ok();
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
        Some(moves)
    };
    let mut moves = walk(x, to_x, 0)?;
    moves.reverse();
    moves.push(edge);
    moves.extend(walk(y, from_y, 1)?);
    Some(moves.into_iter().flatten().collect())
}
