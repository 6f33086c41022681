//! The fewest moves by IDA*, the counts of optimal solutions, Hiroi's
//! peg-class pruning, notation and replay.

use search_core::bound::{Bound, DEAD};
use search_core::count::{PathCount, count_paths, count_shortest_paths};
use search_core::grid;
use search_core::ida::{Ida, IdaOptions};
use search_core::rules::Rules;
use search_core::{Budget, Outcome, Stats};

use crate::board::{Board, Jump, legal};
use crate::geometry::Geometry;
use crate::levels::{LevelOptions, explore_moves};
use crate::meet::{MeetOptions, meet_moves};
use crate::moves::each_chain;
use crate::solution::{Solution, solution_of};

/// Why a search could not run, or stopped: the one error type of the
/// workspace's puzzle crates.
pub use search_core::puzzle::SolveError;

/// Checks that `goal` has the holes of `start`.
pub fn check_goal(start: &Board, goal: &Board) -> Result<(), SolveError> {
    if start.same_shape(goal) {
        Ok(())
    } else {
        Err(SolveError::Mismatch(
            "its holes or lattice differ from the start's".to_string(),
        ))
    }
}

/// Hiroi's peg-class pruning, derived from the board: no peg may jump
/// over a hole of the *guarded* classes (the peg classes of the holes that
/// pegs in unjumpable holes jump over) unless it jumps from an unjumpable
/// hole.
///
/// [`peg_class_pruning`] offers it only where it provably loses no
/// solution: when the pegs of the guarded classes that must go (their count
/// at the start less their count in the goal) are exactly as many as the
/// pegs in unjumpable holes that must leave them (unjumpable holes with a
/// peg at the start and none in the goal). Then every solution removes each
/// guarded peg by the first jump of one of those pegs, and no other jump
/// passes over a guarded hole; see the crate documentation for the proof.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PegClassPruning {
    /// The unjumpable holes (Hiroi's corners).
    pub corners: u64,
    /// The holes of the guarded classes.
    pub guarded: u64,
    /// The jumps it forbids: over a guarded hole, from a hole that is not a
    /// corner.
    pub forbidden: Vec<Jump>,
}

/// Hiroi's peg-class pruning for this start and goal, if it provably
/// loses no solution (see [`PegClassPruning`]); `None` otherwise.
pub fn peg_class_pruning(start: &Board, goal: &Board) -> Option<PegClassPruning> {
    let g = start.geometry();
    let corners = g.unjumpable();
    let mut guarded = 0u64;
    for j in g.jumps().iter().filter(|j| corners >> j.from & 1 == 1) {
        let class = g.class_of(j.over as usize)?;
        for h in &g.peg_classes()[class] {
            guarded |= 1 << h;
        }
    }
    let leaving = (start.pegs() & corners & !goal.pegs()).count_ones();
    let removed = (start.pegs() & guarded)
        .count_ones()
        .checked_sub((goal.pegs() & guarded).count_ones())?;
    if leaving == 0 || leaving != removed {
        return None;
    }
    let forbidden = g
        .jumps()
        .iter()
        .copied()
        .filter(|j| guarded >> j.over & 1 == 1 && corners >> j.from & 1 == 0)
        .collect();
    Some(PegClassPruning {
        corners,
        guarded,
        forbidden,
    })
}

/// The searches that [`solve`] can run, fastest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// Levels by moves from the start and from the goal until one move
    /// joins them ([`meet_moves`]): the English board in about a second.
    #[default]
    Bidirectional,
    /// IDA* over single jumps with the corner bound; the only one that
    /// takes a fixed first jump and Hiroi's pruning.
    IdaCorners,
    /// Levels by moves from the start alone until one holds the goal
    /// ([`explore_moves`]).
    Bfs,
}

search_core::named_values! {
    /// Every algorithm, fastest first.
    Algorithm: "algorithm" {
        Bidirectional => "bidirectional",
        IdaCorners => "ida-corners",
        Bfs => "bfs",
    }
}

search_core::solve_options! {
    /// How to search. The budget stops IDA* and the counts; `max_memory`
    /// bounds the levels of [`Algorithm::Bidirectional`] and
    /// [`Algorithm::Bfs`].
    SolveOptions<Algorithm> {
        /// Fix the first jump (M. Hiroi fixes 14 -> 6); IDA* and the counts
        /// only.
        first_jump: Option<Jump> = None,
        /// Apply Hiroi's peg-class pruning where [`peg_class_pruning`] finds
        /// it safe (elsewhere this setting changes nothing); IDA* and the
        /// counts only.
        pruning: bool = false,
    }
}

const NONE: u8 = u8::MAX;

/// A position in the depth-first searches: the pegs, and the hole the last
/// jump landed in (a jump from there continues the move at no cost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Position {
    pub(crate) pegs: u64,
    pub(crate) last: u8,
}

/// A jump as the depth-first searches play it: its index in the geometry's
/// table, the hole the jump before it landed in (so that `undo` restores
/// it), and its cost: 0 when it continues the last jump's peg.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    jump: u16,
    last: u8,
    cost: u8,
}

/// The rules of single jumps, the jumps Hiroi's pruning forbids left out.
pub(crate) struct Jumping<'g> {
    geometry: &'g Geometry,
    /// Per jump index: allowed.
    allowed: Vec<bool>,
}

impl<'g> Jumping<'g> {
    pub(crate) fn new(start: &'g Board, goal: &Board, pruning: bool) -> Jumping<'g> {
        let geometry = start.geometry();
        let mut allowed = vec![true; geometry.jumps().len()];
        if pruning {
            if let Some(p) = peg_class_pruning(start, goal) {
                for (i, j) in geometry.jumps().iter().enumerate() {
                    allowed[i] = !p.forbidden.contains(j);
                }
            }
        }
        Jumping { geometry, allowed }
    }

    /// The last landing hole if its peg can go on jumping, else none: a
    /// peg that cannot continue makes every next jump a new move, so two
    /// positions that differ only there have the same futures.
    fn live_last(&self, p: &Position) -> u8 {
        if p.last != NONE
            && self
                .geometry
                .indexed_jumps_from(p.last as usize)
                .any(|(i, j)| self.allowed[i as usize] && legal(p.pegs, j))
        {
            p.last
        } else {
            NONE
        }
    }

    /// What a count memoises a position by.
    pub(crate) fn key(&self, p: &Position) -> (u64, u8) {
        (p.pegs, self.live_last(p))
    }
}

impl Rules for Jumping<'_> {
    type State = Position;
    type Move = Step;

    fn moves(&self, p: &Position, out: &mut Vec<Step>) {
        for h in grid::bits(p.pegs) {
            for (index, j) in self.geometry.indexed_jumps_from(h) {
                if self.allowed[index as usize] && legal(p.pegs, j) {
                    out.push(Step {
                        jump: index,
                        last: p.last,
                        cost: u8::from(j.from != p.last),
                    });
                }
            }
        }
    }

    fn apply(&self, p: &mut Position, m: Step) {
        let j = self.geometry.jumps()[m.jump as usize];
        p.pegs ^= j.mask();
        p.last = j.to;
    }

    fn undo(&self, p: &mut Position, m: Step) {
        let j = self.geometry.jumps()[m.jump as usize];
        p.pegs ^= j.mask();
        p.last = m.last;
    }

    fn cost(&self, m: Step) -> u32 {
        u32::from(m.cost)
    }
}

/// The depth-first searches' bound: every peg in an unjumpable hole that
/// the goal leaves empty needs a move of its own (Hiroi's corner bound),
/// but the peg that just jumped may go on for free; and a position with a
/// peg class holding fewer pegs than the goal keeps there is
/// [`DEAD`](search_core::bound::DEAD).
pub(crate) struct Corners {
    /// Unjumpable holes empty in the goal: a peg there needs a move.
    corners: u64,
    /// Per class: its holes, and the goal's pegs in it.
    classes: Vec<(u64, u32)>,
    /// Whether the bound serves a count, which keys positions by the live
    /// last hole: the bound must then depend on no more (IDA* saves the
    /// check; both are admissible).
    counting: bool,
}

impl Corners {
    pub(crate) fn new(geometry: &Geometry, goal: &Board, counting: bool) -> Corners {
        Corners {
            corners: geometry.unjumpable() & !goal.pegs(),
            classes: class_targets(geometry, goal),
            counting,
        }
    }

    fn value(&self, rules: &Jumping<'_>, p: &Position) -> u32 {
        // A peg class never gains pegs: one short of the goal's is dead.
        if self
            .classes
            .iter()
            .any(|&(mask, need)| (p.pegs & mask).count_ones() < need)
        {
            return DEAD;
        }
        let corners = p.pegs & self.corners;
        let bound = corners.count_ones();
        let last = if self.counting {
            rules.live_last(p)
        } else {
            p.last
        };
        if last != NONE && corners >> last & 1 == 1 {
            bound - 1
        } else {
            bound
        }
    }
}

impl<'g> Bound<Jumping<'g>> for Corners {
    type Memo = ();

    fn start(&self, rules: &Jumping<'g>, p: &Position) -> (u32, ()) {
        (self.value(rules, p), ())
    }

    fn after(&self, rules: &Jumping<'g>, p: &Position, _: Step, _: &mut (), _: u32) -> u32 {
        self.value(rules, p)
    }
}

/// The rules, the start position after the fixed first jump (if any), and
/// the moves it spent.
fn begin<'g>(
    start: &'g Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<(Jumping<'g>, Position, u32), SolveError> {
    check_goal(start, goal)?;
    let rules = Jumping::new(start, goal, options.pruning);
    let mut position = Position {
        pegs: start.pegs(),
        last: NONE,
    };
    match options.first_jump {
        None => Ok((rules, position, 0)),
        Some(j) => {
            start
                .play_jump(j)
                .map_err(|e| SolveError::Unsupported(format!("the first jump: {e}")))?;
            position.pegs ^= j.mask();
            position.last = j.to;
            Ok((rules, position, 1))
        }
    }
}

/// A solution with the fewest moves, by the search `options.algorithm`
/// names (see [`Algorithm`]); `None` when the goal cannot be reached (the
/// search then ran to exhaustion). Every solution is replayed.
///
/// IDA* runs over single jumps (a jump that continues the last jump's peg
/// costs nothing, any other jump one move), with an admissible bound: the
/// pegs in unjumpable holes that the goal leaves empty (each needs a move
/// of its own; Hiroi's corner bound), and no solution where a peg class
/// holds fewer pegs than the goal has in it. Its statistics are per
/// iteration.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Algorithm, Board, Lattice, SolveOptions, replay, solve};
///
/// let start = Board::from_rows_in(Lattice::Square, &["o.oo"])?;
/// let goal = Board::from_rows_in(Lattice::Square, &["..o."])?;
/// let solution = solve(&start, &goal, &SolveOptions::default())?.found.unwrap();
/// assert_eq!(solution.notation(), "3-1 0-2");
/// assert_eq!(solution.len(), 2);
/// assert!(solution.optimal);
/// replay(&start, &goal, &solution.moves)?;
/// // No jump sequence leaves a single peg in the last hole.
/// let far = Board::from_rows_in(Lattice::Square, &["...o"])?;
/// let ida = SolveOptions { algorithm: Algorithm::IdaCorners, ..SolveOptions::default() };
/// assert!(solve(&start, &far, &ida)?.found.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Outcome<Solution>, SolveError> {
    check_goal(start, goal)?;
    if options.algorithm != Algorithm::IdaCorners && options.first_jump.is_some() {
        return Err(SolveError::Unsupported(format!(
            "a fixed first jump is taken by IDA* only, not by {}",
            options.algorithm
        )));
    }
    let (jumps, stats, reason) = match options.algorithm {
        Algorithm::IdaCorners => solve_ida(start, goal, options)?,
        Algorithm::Bidirectional => {
            let meeting = meet_moves(
                start,
                goal,
                &MeetOptions {
                    max_memory: options.max_memory,
                },
                |_| {},
            )?;
            (meeting.solution.map(|(_, j)| j), meeting.stats, None)
        }
        Algorithm::Bfs => {
            let levels = explore_moves(
                start,
                &LevelOptions {
                    goal: Some(goal.clone()),
                    max_memory: options.max_memory,
                },
                |_| {},
            )?;
            (levels.solution_to(goal), levels.stats().clone(), None)
        }
    };
    Ok(Outcome {
        found: jumps.map(|j| solution_of(start, &j, reason.is_none()).with_reason(reason)),
        stats,
    })
}

/// The jumps of a solution, if found, the search's statistics, and why the
/// solution is not proven optimal, if it is not.
type Found = (Option<Vec<Jump>>, Stats, Option<String>);

/// IDA*'s jumps of a solution with the fewest moves, its statistics, and
/// why the solution is not proven optimal if the search's own answer shows
/// its bound to overestimate.
fn solve_ida(start: &Board, goal: &Board, options: &SolveOptions) -> Result<Found, SolveError> {
    let (rules, position, _) = begin(start, goal, options)?;
    let bound = Corners::new(start.geometry(), goal, false);
    let target = goal.pegs();
    let outcome = Ida::new(&rules, &bound)
        .with_options(IdaOptions {
            budget: options.budget.clone(),
            ..IdaOptions::default()
        })
        .solve(&position, |p| p.pegs == target)?;
    let table = start.geometry().jumps();
    let reason = outcome
        .found
        .as_ref()
        .and_then(|path| path.inadmissible)
        .map(|i| i.to_string());
    let jumps = outcome.found.map(|path| {
        options
            .first_jump
            .into_iter()
            .chain(path.moves.iter().map(|s| table[s.jump as usize]))
            .collect()
    });
    Ok((jumps, outcome.stats, reason))
}

/// The number of distinct sequences of jumps from `start` to `goal` (with
/// the fixed first jump, if any) whose number of moves is exactly `moves`,
/// by [`count_paths`] memoised on (pegs, hole of the last landing if its
/// peg can jump on, moves so far). Moves are counted as in [`move_groups`](crate::move_groups): a jump continues the
/// move of the jump before it when it starts where that one landed. With
/// `moves` the minimum, this is the number of jump sequences of minimum
/// move count.
pub fn count_jump_sequences(
    start: &Board,
    goal: &Board,
    moves: u32,
    options: &SolveOptions,
) -> Result<Outcome<u128>, SolveError> {
    let (rules, position, spent) = begin(start, goal, options)?;
    let bound = Corners::new(start.geometry(), goal, true);
    let target = goal.pegs();
    let Some(rest) = moves.checked_sub(spent) else {
        return Ok(Outcome {
            found: None,
            stats: Stats::default(),
        });
    };
    Ok(count_paths(
        &rules,
        &bound,
        &position,
        |p| p.pegs == target,
        rest,
        |p| rules.key(p),
        &options.budget,
    )?)
}

/// The positions one move (a chain of one or more jumps by one peg) away
/// from `pegs`, ascending, each once; only jumps for which `allowed` holds.
pub(crate) fn move_results(
    geometry: &Geometry,
    pegs: u64,
    allowed: &dyn Fn(Jump) -> bool,
    out: &mut Vec<u64>,
) {
    let start = out.len();
    each_chain(geometry, pegs, allowed, &mut |next, _| {
        out.push(next);
        false
    });
    out[start..].sort_unstable();
    let mut keep = start;
    for i in start..out.len() {
        if keep == start || out[keep - 1] != out[i] {
            out[keep] = out[i];
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// The fewest moves and the number of distinct sequences of positions
/// (the start, the position after each move, the goal) of that length, by
/// [`count_shortest_paths`] over positions, where the successors of a
/// position are the distinct positions one move away. Two solutions whose
/// moves leave the same positions count once, even if their jumps differ.
/// With `pruning`, moves use only the jumps Hiroi's pruning allows
/// (where [`peg_class_pruning`] finds it safe). `None` if the goal cannot
/// be reached.
pub fn count_position_sequences(
    start: &Board,
    goal: &Board,
    pruning: bool,
    budget: &Budget,
) -> Result<Outcome<PathCount>, SolveError> {
    check_goal(start, goal)?;
    let forbidden = if pruning {
        peg_class_pruning(start, goal).map_or_else(Vec::new, |p| p.forbidden)
    } else {
        Vec::new()
    };
    let geometry = start.geometry();
    let allowed = |j: Jump| !forbidden.contains(&j);
    let target = goal.pegs();
    Ok(count_shortest_paths(
        &start.pegs(),
        |&pegs| {
            let mut out = Vec::new();
            move_results(geometry, pegs, &allowed, &mut out);
            out
        },
        |&pegs| pegs == target,
        budget,
    )?)
}

/// Each peg class of the board as a mask of holes, with the number of pegs
/// the goal keeps in it: a position with fewer pegs in a class than that can
/// never reach the goal (no peg ever enters another class).
pub(crate) fn class_targets(geometry: &Geometry, goal: &Board) -> Vec<(u64, u32)> {
    geometry
        .peg_classes()
        .iter()
        .map(|holes| {
            let mask = holes.iter().fold(0u64, |m, &h| m | 1 << h);
            (mask, (goal.pegs() & mask).count_ones())
        })
        .collect()
}
