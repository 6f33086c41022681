//! Breadth-first search by moves over whole positions, reduced by the
//! board's symmetries: the proof of a minimum on boards too big for IDA*;
//! and a depth-first search for one solution, however many moves.

use rustc_hash::FxHashSet;
use search_core::grid;
use search_core::levels::{BitSymmetries, LevelReport, LevelSearch};
use search_core::puzzle::DEFAULT_MAX_MEMORY;
use search_core::{Budget, Interrupted, Stats};

use crate::board::{Board, Jump, legal};
use crate::geometry::Geometry;
use crate::moves::{Mover, each_chain, map_jump, symmetries_keeping};
use crate::solve::{SolveError, check_goal, class_targets};

/// Bytes the breadth-first search counts per position it keeps: one word
/// in its level's sorted list, and as much again while a level is built.
pub const BYTES_PER_POSITION: u64 = 16;

/// Settings of [`explore_moves`].
#[derive(Debug, Clone)]
pub struct LevelOptions {
    /// Stop after the first level that holds this position; the symmetries
    /// used are then those that keep both the start and this goal.
    pub goal: Option<Board>,
    /// Refuse, before growing its tables, to use more bytes than this
    /// (counted as [`BYTES_PER_POSITION`] per position kept):
    /// [`DEFAULT_MAX_MEMORY`] by default.
    pub max_memory: u64,
}

impl Default for LevelOptions {
    fn default() -> Self {
        LevelOptions {
            goal: None,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

/// Every position reachable from a start, by the fewest moves that reach
/// it, up to the symmetries that keep the start (and the goal, if one was
/// given): the result of [`explore_moves`].
#[derive(Debug, Clone)]
pub struct MoveLevels {
    start: Board,
    goal: Option<u64>,
    symmetries: usize,
    levels: Vec<Vec<u64>>,
    stats: Stats,
}

/// A breadth-first search over positions by moves: level `k` holds the
/// positions, each reduced to the least of its images under the kept
/// symmetries, that `k` moves (chains of jumps by one peg) reach and fewer
/// do not. Each level is generated from the one before by
/// [`search_core::levels::LevelSearch`] (in parallel, sorted, without the
/// positions of earlier levels), so the levels do not depend on the number
/// of threads.
///
/// With a goal, the search stops after the first level that holds it: that
/// level is the proven minimum (every position with fewer moves was
/// generated, none was the goal). Without one, it runs until no new
/// position appears.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, Lattice, LevelOptions, explore_moves};
///
/// let start = Board::from_rows_in(Lattice::Triangular, &["    .    ", "   o o   ", "  o o o  ", " o o o o ", "o o o o o"])?;
/// let goal = start.with_pegs(1).unwrap(); // one peg, at the apex
/// let levels = explore_moves(&start, &LevelOptions { goal: Some(goal.clone()), ..LevelOptions::default() }, |_| {})?;
/// assert_eq!(levels.distance(&goal), Some(10));
/// let jumps = levels.solution_to(&goal).unwrap();
/// assert_eq!(peg_solitaire::move_count(&jumps), 10);
/// peg_solitaire::replay_jumps(&start, &goal, &jumps)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explore_moves(
    start: &Board,
    options: &LevelOptions,
    mut progress: impl FnMut(&LevelReport),
) -> Result<MoveLevels, SolveError> {
    explore_moves_reporting(start, options, &mut progress)
}

/// [`explore_moves`], compiled once whatever the caller's closure.
fn explore_moves_reporting(
    start: &Board,
    options: &LevelOptions,
    progress: &mut dyn FnMut(&LevelReport),
) -> Result<MoveLevels, SolveError> {
    let geometry = start.geometry();
    let mut fixed = vec![start.pegs()];
    if let Some(goal) = &options.goal {
        check_goal(start, goal)?;
        fixed.push(goal.pegs());
    }
    let canon = symmetries_keeping(geometry, &fixed);
    let goal = options.goal.as_ref().map(|g| canon.canonical(g.pegs()));
    let mover = Mover::new(geometry, &canon);
    let found = LevelSearch::new(geometry.holes() as u32)
        .with_bytes_per_state(BYTES_PER_POSITION)
        .with_max_memory(options.max_memory)
        .run(
            vec![canon.canonical(start.pegs())],
            |&pegs, out| {
                let mut moves = 0;
                mover.each(pegs, false, &mut |_, least| {
                    moves += 1;
                    out.push(least);
                });
                moves
            },
            |level| goal.is_some_and(|g| level.binary_search(&g).is_ok()),
            progress,
        )?;
    Ok(MoveLevels {
        start: start.clone(),
        goal,
        symmetries: canon.len(),
        levels: found.levels,
        stats: found.stats,
    })
}

impl MoveLevels {
    fn canon(&self) -> BitSymmetries {
        let mut fixed = vec![self.start.pegs()];
        fixed.extend(self.goal);
        // The goal's canonical form is kept by the same symmetries as the
        // goal itself, which keep the start.
        symmetries_keeping(self.start.geometry(), &fixed)
    }

    /// `histogram[k]`: positions (up to symmetry) whose fewest moves from
    /// the start are `k`.
    pub fn histogram(&self) -> Vec<u64> {
        self.levels.iter().map(|l| l.len() as u64).collect()
    }

    /// The positions (as sets of holes, each the least of its images under
    /// the symmetries kept) whose fewest moves from the start are `k`,
    /// ascending; empty past the last level.
    pub fn level(&self, k: usize) -> &[u64] {
        self.levels.get(k).map_or(&[], Vec::as_slice)
    }

    /// The number of positions (up to symmetry) kept.
    pub fn positions(&self) -> u64 {
        self.levels.iter().map(|l| l.len() as u64).sum()
    }

    /// How many symmetries (the identity included) the search reduced by.
    pub fn symmetries(&self) -> usize {
        self.symmetries
    }

    /// Positions expanded and kept.
    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The fewest moves from the start to `board`; `None` if no level holds
    /// it (unreachable, or beyond the level where the search stopped).
    pub fn distance(&self, board: &Board) -> Option<u32> {
        if !self.start.same_shape(board) {
            return None;
        }
        let c = self.canon().canonical(board.pegs());
        self.levels
            .iter()
            .position(|l| l.binary_search(&c).is_ok())
            .map(|d| d as u32)
    }

    /// A solution from the start to `board` with the fewest moves, read
    /// back level by level; `None` where [`distance`](Self::distance) is.
    pub fn solution_to(&self, board: &Board) -> Option<Vec<Jump>> {
        let d = self.distance(board)? as usize;
        let canon = self.canon();
        let geometry = self.start.geometry();
        let mut target = board.pegs();
        let mut moves: Vec<Vec<Jump>> = Vec::new();
        for level in (0..d).rev() {
            let want = canon.canonical(target);
            // A move from the level before to a position of `want`'s class.
            let (chain, reached, from) = self.levels[level].iter().find_map(|&p| {
                let mut found = None;
                each_chain(geometry, p, &|_| true, &mut |r, chain| {
                    let hit = canon.canonical(r) == want;
                    if hit {
                        found = Some((chain.to_vec(), r, p));
                    }
                    hit
                });
                found
            })?;
            let s = (0..canon.len()).find(|&s| canon.apply(s, reached) == target)?;
            moves.push(chain.into_iter().map(|j| map_jump(&canon, s, j)).collect());
            target = canon.apply(s, from);
        }
        (target == self.start.pegs()).then(|| moves.into_iter().rev().flatten().collect())
    }
}

/// One solution, however many moves, by a depth-first search over single
/// jumps that remembers the positions (up to the symmetries that keep the
/// goal) from which it failed, so that none is searched twice; a peg class
/// holding fewer pegs than the goal needs there is abandoned at once.
/// `None` when the goal cannot be reached (every position reachable from
/// the start was then searched); [`SolveError::Interrupted`] once the
/// budget runs out (its node limit counts positions expanded, its flag is
/// looked at as IDA*'s is; the search has no iterations to report to its
/// progress callback) without an answer. The statistics count positions
/// expanded.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, Budget, Lattice, find_solution, replay_jumps};
///
/// let start = Board::from_rows_in(Lattice::Square, &["  ooo  ", "  ooo  ", "ooooooo", "ooo.ooo", "ooooooo", "  ooo  ", "  ooo  "])?;
/// let goal = start.with_pegs(1 << 16).unwrap(); // one peg, in the centre
/// let (jumps, _stats) = find_solution(&start, &goal, &Budget::default())?.unwrap();
/// assert_eq!(jumps.len(), 31);
/// replay_jumps(&start, &goal, &jumps)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_solution(
    start: &Board,
    goal: &Board,
    budget: &Budget,
) -> Result<Option<(Vec<Jump>, Stats)>, SolveError> {
    check_goal(start, goal)?;
    let geometry = start.geometry();
    let canon = symmetries_keeping(geometry, &[goal.pegs()]);
    let classes: Vec<(u64, u32)> = class_targets(geometry, goal);
    struct Dfs<'a> {
        geometry: &'a Geometry,
        canon: &'a BitSymmetries,
        classes: &'a [(u64, u32)],
        goal: u64,
        goal_pegs: u32,
        dead: FxHashSet<u64>,
        path: Vec<Jump>,
        stats: Stats,
        budget: &'a Budget,
    }
    impl Dfs<'_> {
        fn visit(&mut self, pegs: u64) -> Result<bool, SolveError> {
            if pegs == self.goal {
                return Ok(true);
            }
            if pegs.count_ones() <= self.goal_pegs
                || self
                    .classes
                    .iter()
                    .any(|&(m, need)| (pegs & m).count_ones() < need)
            {
                return Ok(false);
            }
            let key = self.canon.canonical(pegs);
            if self.dead.contains(&key) {
                return Ok(false);
            }
            if let Err(reason) = self.budget.check(self.stats.expanded) {
                return Err(SolveError::Interrupted(Interrupted {
                    reason,
                    stats: self.stats.clone(),
                }));
            }
            self.stats.expanded += 1;
            for h in grid::bits(pegs) {
                for j in self.geometry.jumps_from(h) {
                    if legal(pegs, j) {
                        self.stats.generated += 1;
                        self.path.push(j);
                        if self.visit(pegs ^ j.mask())? {
                            return Ok(true);
                        }
                        self.path.pop();
                    }
                }
            }
            self.dead.insert(key);
            Ok(false)
        }
    }
    let mut dfs = Dfs {
        geometry,
        canon: &canon,
        classes: &classes,
        goal: goal.pegs(),
        goal_pegs: goal.peg_count(),
        dead: FxHashSet::default(),
        path: Vec::new(),
        stats: Stats::default(),
        budget,
    };
    let found = dfs.visit(start.pegs())?;
    Ok(found.then_some((dfs.path, dfs.stats)))
}
