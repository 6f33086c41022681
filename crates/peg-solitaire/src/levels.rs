//! Breadth-first search by moves over whole positions, reduced by the
//! board's symmetries: the proof of a minimum on boards too big for IDA*;
//! and a depth-first search for one solution, however many moves.

use rayon::prelude::*;
use rustc_hash::FxHashSet;
use search_core::Stats;

use crate::board::{Board, Geometry, Jump, legal};
use crate::solve::{SolveError, check_goal, class_targets, move_results};

/// Bytes the breadth-first search spends per position it keeps: one word
/// in its level's list and about two in the hash set of positions seen.
pub const BYTES_PER_POSITION: u64 = 24;

/// The symmetries kept by a search, as byte lookup tables: `tables[s][k][b]`
/// is the image under symmetry `s` of the pegs `b` in holes `8k..8k+8`.
pub(crate) struct Canon {
    perms: Vec<Vec<u8>>,
    tables: Vec<Vec<[u64; 256]>>,
}

impl Canon {
    /// The symmetries of `geometry` that map every board of `fixed` onto
    /// itself.
    pub(crate) fn new(geometry: &Geometry, fixed: &[u64]) -> Canon {
        let perms: Vec<Vec<u8>> = (0..geometry.symmetries().len())
            .filter(|&s| fixed.iter().all(|&p| geometry.transform(s, p) == p))
            .map(|s| geometry.symmetries()[s].clone())
            .collect();
        let bytes = geometry.holes().div_ceil(8);
        let tables = perms
            .iter()
            .map(|perm| {
                (0..bytes)
                    .map(|k| {
                        let mut table = [0u64; 256];
                        for (b, slot) in table.iter_mut().enumerate() {
                            for bit in 0..8 {
                                let hole = 8 * k + bit;
                                if b >> bit & 1 == 1 && hole < perm.len() {
                                    *slot |= 1 << perm[hole];
                                }
                            }
                        }
                        table
                    })
                    .collect()
            })
            .collect();
        Canon { perms, tables }
    }

    #[inline]
    pub(crate) fn apply(&self, s: usize, pegs: u64) -> u64 {
        self.tables[s]
            .iter()
            .enumerate()
            .fold(0, |out, (k, t)| out | t[(pegs >> (8 * k)) as usize & 0xff])
    }

    /// The number of symmetries kept (the identity included).
    pub(crate) fn len(&self) -> usize {
        self.perms.len()
    }

    /// The least image of `pegs` under the symmetries.
    #[inline]
    pub(crate) fn canonical(&self, pegs: u64) -> u64 {
        (0..self.tables.len())
            .map(|s| self.apply(s, pegs))
            .min()
            .unwrap_or(pegs)
    }

    fn map_jump(&self, s: usize, j: Jump) -> Jump {
        let p = &self.perms[s];
        Jump {
            from: p[j.from as usize],
            over: p[j.over as usize],
            to: p[j.to as usize],
        }
    }
}

/// Settings of [`explore_moves`].
#[derive(Debug, Clone, Default)]
pub struct LevelOptions {
    /// Stop after the first level that holds this position; the symmetries
    /// used are then those that keep both the start and this goal.
    pub goal: Option<Board>,
    /// Refuse, before growing its tables, to use more bytes than this
    /// (counted as [`BYTES_PER_POSITION`] per position kept).
    pub max_memory: Option<u64>,
}

/// What the breadth-first search reports after each level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelReport {
    /// The number of moves of the level just completed.
    pub level: u32,
    /// Positions (up to symmetry) first reached with that many moves.
    pub positions: u64,
    /// Positions kept so far, this level included.
    pub seen: u64,
    /// Bytes the tables hold now (estimated as [`BYTES_PER_POSITION`] each).
    pub bytes: u64,
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
/// do not. Each level is generated in parallel from the one before and
/// sorted, so the levels do not depend on the number of threads.
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
/// let start = Board::from_rows(Lattice::Triangular, &["    .    ", "   o o   ", "  o o o  ", " o o o o ", "o o o o o"])?;
/// let goal = start.with_pegs(1).unwrap(); // one peg, at the apex
/// let levels = explore_moves(&start, &LevelOptions { goal: Some(goal.clone()), ..LevelOptions::default() }, |_| {})?;
/// assert_eq!(levels.distance(&goal), Some(10));
/// let jumps = levels.solution_to(&goal).unwrap();
/// assert_eq!(peg_solitaire::move_count(&jumps), 10);
/// peg_solitaire::replay(&start, &goal, &jumps)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explore_moves(
    start: &Board,
    options: &LevelOptions,
    mut progress: impl FnMut(&LevelReport),
) -> Result<MoveLevels, SolveError> {
    let geometry = start.geometry();
    let mut fixed = vec![start.pegs()];
    if let Some(goal) = &options.goal {
        check_goal(start, goal)?;
        fixed.push(goal.pegs());
    }
    let canon = Canon::new(geometry, &fixed);
    let goal = options.goal.as_ref().map(|g| canon.canonical(g.pegs()));
    let check_memory = |positions: u64| -> Result<(), SolveError> {
        let needed = positions.saturating_mul(BYTES_PER_POSITION);
        match options.max_memory {
            Some(limit) if needed > limit => Err(SolveError::MemoryLimit { needed, limit }),
            _ => Ok(()),
        }
    };
    let first = canon.canonical(start.pegs());
    let mut seen: FxHashSet<u64> = FxHashSet::default();
    seen.insert(first);
    let mut levels = vec![vec![first]];
    let mut stats = Stats::default();
    progress(&LevelReport {
        level: 0,
        positions: 1,
        seen: 1,
        bytes: BYTES_PER_POSITION,
    });
    loop {
        let last = levels.last().expect("level 0 exists");
        if goal.is_some_and(|g| last.binary_search(&g).is_ok()) || last.is_empty() {
            break;
        }
        let seen_ref = &seen;
        let canon_ref = &canon;
        let mut next: Vec<u64> = last
            .par_chunks(1 << 12)
            .map(|chunk| {
                let mut out = Vec::new();
                let mut moves = Vec::new();
                for &pegs in chunk {
                    moves.clear();
                    move_results(geometry, pegs, &|_| true, &mut moves);
                    for &r in &moves {
                        let c = canon_ref.canonical(r);
                        if !seen_ref.contains(&c) {
                            out.push(c);
                        }
                    }
                }
                out.sort_unstable();
                out.dedup();
                out
            })
            .flatten_iter()
            .collect();
        stats.expanded += last.len() as u64;
        next.par_sort_unstable();
        next.dedup();
        stats.generated += next.len() as u64;
        check_memory(seen.len() as u64 + next.len() as u64)?;
        seen.reserve(next.len());
        seen.extend(next.iter().copied());
        let report = LevelReport {
            level: levels.len() as u32,
            positions: next.len() as u64,
            seen: seen.len() as u64,
            bytes: seen.len() as u64 * BYTES_PER_POSITION,
        };
        levels.push(next);
        progress(&report);
    }
    if levels.last().is_some_and(Vec::is_empty) {
        levels.pop();
    }
    Ok(MoveLevels {
        start: start.clone(),
        goal,
        symmetries: canon.perms.len(),
        levels,
        stats,
    })
}

impl MoveLevels {
    fn canon(&self) -> Canon {
        let mut fixed = vec![self.start.pegs()];
        fixed.extend(self.goal);
        // The goal's canonical form is kept by the same symmetries as the
        // goal itself, which keep the start.
        Canon::new(self.start.geometry(), &fixed)
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
            let (chain, reached, from) = self.levels[level].iter().find_map(|&p| {
                let mut chain = Vec::new();
                find_chain(geometry, p, &|r| canon.canonical(r) == want, &mut chain)
                    .map(|r| (chain, r, p))
            })?;
            let s = (0..canon.perms.len()).find(|&s| canon.apply(s, reached) == target)?;
            moves.push(chain.into_iter().map(|j| canon.map_jump(s, j)).collect());
            target = canon.apply(s, from);
        }
        (target == self.start.pegs()).then(|| moves.into_iter().rev().flatten().collect())
    }
}

/// A chain of jumps by one peg from `pegs` to a position for which `want`
/// holds: the position, with the chain in `chain`.
fn find_chain(
    geometry: &Geometry,
    pegs: u64,
    want: &dyn Fn(u64) -> bool,
    chain: &mut Vec<Jump>,
) -> Option<u64> {
    fn from_hole(
        geometry: &Geometry,
        pegs: u64,
        at: usize,
        want: &dyn Fn(u64) -> bool,
        chain: &mut Vec<Jump>,
    ) -> Option<u64> {
        for j in geometry.jumps_from(at) {
            if legal(pegs, j) {
                let next = pegs ^ j.mask();
                chain.push(j);
                if want(next) {
                    return Some(next);
                }
                if let Some(found) = from_hole(geometry, next, j.to as usize, want, chain) {
                    return Some(found);
                }
                chain.pop();
            }
        }
        None
    }
    let mut bits = pegs;
    while bits != 0 {
        let h = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if let Some(found) = from_hole(geometry, pegs, h, want, chain) {
            return Some(found);
        }
    }
    None
}

/// One solution, however many moves, by a depth-first search over single
/// jumps that remembers the positions (up to the symmetries that keep the
/// goal) from which it failed, so that none is searched twice; a peg class
/// holding fewer pegs than the goal needs there is abandoned at once.
/// `None` when the goal cannot be reached (every position reachable from
/// the start was then searched); an error once `max_expanded` positions
/// were expanded without an answer. The statistics count positions
/// expanded.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, Lattice, find_solution, replay};
///
/// let start = Board::from_rows(Lattice::Square, &["  ooo  ", "  ooo  ", "ooooooo", "ooo.ooo", "ooooooo", "  ooo  ", "  ooo  "])?;
/// let goal = start.with_pegs(1 << 16).unwrap(); // one peg, in the centre
/// let (jumps, _stats) = find_solution(&start, &goal, None)?.unwrap();
/// assert_eq!(jumps.len(), 31);
/// replay(&start, &goal, &jumps)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find_solution(
    start: &Board,
    goal: &Board,
    max_expanded: Option<u64>,
) -> Result<Option<(Vec<Jump>, Stats)>, SolveError> {
    check_goal(start, goal)?;
    let geometry = start.geometry();
    let canon = Canon::new(geometry, &[goal.pegs()]);
    let classes: Vec<(u64, u32)> = class_targets(geometry, goal);
    struct Dfs<'a> {
        geometry: &'a Geometry,
        canon: &'a Canon,
        classes: &'a [(u64, u32)],
        goal: u64,
        goal_pegs: u32,
        dead: FxHashSet<u64>,
        path: Vec<Jump>,
        stats: Stats,
        max_expanded: Option<u64>,
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
            if self.max_expanded.is_some_and(|m| self.stats.expanded >= m) {
                return Err(SolveError::Interrupted(format!(
                    "search stopped: no solution within {} positions expanded",
                    self.stats.expanded
                )));
            }
            self.stats.expanded += 1;
            let mut bits = pegs;
            while bits != 0 {
                let h = bits.trailing_zeros() as usize;
                bits &= bits - 1;
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
        max_expanded,
    };
    let found = dfs.visit(start.pegs())?;
    Ok(found.then_some((dfs.path, dfs.stats)))
}
