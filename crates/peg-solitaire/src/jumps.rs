//! Counts by single jumps: the positions after each number of jumps, those
//! that can still reach the goal, and the number of jump sequences that
//! solve the game.

use search_core::Stats;

use crate::board::{Board, Geometry};
use crate::levels::Canon;
use crate::meet::{FLUSH, Mover, sort_dedup};
use crate::solve::{SolveError, check_goal};

/// Bytes [`count_by_jumps`] counts per position it keeps (the positions of
/// half the game on each side are kept, each a word in its level's sorted
/// list), and per position of the level it grows and the next (a word, and
/// as much again while the next is sorted).
pub const JUMP_BYTES_PER_POSITION: u64 = 16;

/// Settings of [`count_by_jumps`].
#[derive(Debug, Clone, Default)]
pub struct JumpOptions {
    /// Refuse, before growing its tables, to use more bytes than this
    /// (counted as [`JUMP_BYTES_PER_POSITION`] per position kept).
    pub max_memory: Option<u64>,
}

/// What [`count_by_jumps`] reports after each level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JumpReport {
    /// Which pass: `"from the start"`, `"from the goal"`, `"solvable"`.
    pub pass: &'static str,
    /// The number of jumps from the start (from the goal in the second
    /// pass).
    pub level: u32,
    /// Positions (up to symmetry) in the level.
    pub positions: u64,
    /// Bytes the kept levels hold now (estimated).
    pub bytes: u64,
}

/// The result of [`count_by_jumps`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JumpCensus {
    /// `histogram[k]`: positions reachable from the start by `k` jumps, up
    /// to the symmetries that keep the start.
    pub histogram: Vec<u64>,
    /// How many symmetries keep the start (the identity included).
    pub start_symmetries: usize,
    /// `solvable[k]`: positions reachable from the start by `k` jumps from
    /// which the goal can still be reached, up to the symmetries that keep
    /// the start and the goal; empty when the goal has as many pegs as the
    /// start or more.
    pub solvable: Vec<u64>,
    /// How many symmetries keep the start and the goal.
    pub both_symmetries: usize,
    /// The number of sequences of jumps from the start to the goal.
    pub solutions: u128,
    /// Positions expanded and kept, all passes together.
    pub stats: Stats,
}

/// The elements of both sorted lists.
fn intersect(a: &[u64], b: &[u64]) -> Vec<u64> {
    let (mut i, mut k) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && k < b.len() {
        match a[i].cmp(&b[k]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => k += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                k += 1;
            }
        }
    }
    out
}

/// The least images of the positions one jump from (backward: before)
/// those of `level`, sorted, each once.
fn next_level(mover: &Mover<'_>, level: &[u64], backward: bool, holes: u32) -> Vec<u64> {
    let mut next = Vec::new();
    let mut scratch = Vec::new();
    for &pegs in level {
        mover.each(pegs, backward, true, &mut |_, least| next.push(least));
        if next.len() >= FLUSH {
            sort_dedup(&mut next, &mut scratch, holes);
        }
    }
    sort_dedup(&mut next, &mut scratch, holes);
    next.shrink_to_fit();
    next
}

/// Levels by single jumps from `first` (backward: by single un-jumps),
/// `levels` of them at most (all, if `None`): the count of each, and the
/// first `keep` levels themselves.
#[allow(clippy::too_many_arguments)]
fn levels_by_jumps(
    geometry: &Geometry,
    canon: &Canon,
    first: u64,
    backward: bool,
    levels: Option<usize>,
    keep: usize,
    options: &JumpOptions,
    stats: &mut Stats,
    progress: &mut dyn FnMut(&JumpReport),
) -> Result<(Vec<u64>, Vec<Vec<u64>>), SolveError> {
    let mover = Mover::new(geometry, canon);
    let holes = geometry.holes() as u32;
    let pass = if backward {
        "from the goal"
    } else {
        "from the start"
    };
    let mut counts = vec![1];
    let mut kept: Vec<Vec<u64>> = Vec::new();
    let mut bytes = 0;
    let mut level = vec![canon.canonical(first)];
    progress(&JumpReport {
        pass,
        level: 0,
        positions: 1,
        bytes,
    });
    loop {
        let k = counts.len() - 1;
        let next = if levels.is_some_and(|n| k >= n) {
            Vec::new()
        } else {
            next_level(&mover, &level, backward, holes)
        };
        stats.expanded += level.len() as u64;
        stats.generated += next.len() as u64;
        let keeping = k < keep;
        let needed = bytes + (level.len() + next.len()) as u64 * JUMP_BYTES_PER_POSITION;
        if let Some(limit) = options.max_memory {
            if needed > limit {
                return Err(SolveError::MemoryLimit { needed, limit });
            }
        }
        if keeping {
            bytes += level.len() as u64 * JUMP_BYTES_PER_POSITION;
            kept.push(std::mem::replace(&mut level, next));
        } else {
            level = next;
        }
        if level.is_empty() {
            break;
        }
        counts.push(level.len() as u64);
        progress(&JumpReport {
            pass,
            level: counts.len() as u32 - 1,
            positions: level.len() as u64,
            bytes,
        });
    }
    Ok((counts, kept))
}

/// The counts by single jumps of a game from `start` to `goal`:
///
/// - `histogram`: the positions reachable by each number of jumps, up to
///   the symmetries that keep the start (a breadth-first search by jumps:
///   a jump removes one peg, so level `k` holds the reachable positions
///   with `k` pegs fewer than the start);
/// - `solvable`: of those, the ones from which the goal can still be
///   reached, up to the symmetries that keep the start and the goal;
/// - `solutions`: the number of sequences of jumps from the start to the
///   goal.
///
/// With `n` the jumps of a game (the start's pegs less the goal's), the
/// levels `0..=n` are kept (a second search keeps them when fewer
/// symmetries keep the goal too). The goal is solvable at level `n`; the
/// solvable positions of level `k` are those of level `k` one jump before
/// a solvable position of level `k + 1`, found from the latter by
/// un-jumps. The number of jump sequences into each solvable position
/// (into its whole class of symmetric positions, which makes the sums
/// exact: the symmetries map sequences to sequences) is summed level by
/// level; the goal is its own class.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, JumpOptions, Lattice, count_by_jumps};
///
/// let start = Board::from_rows(Lattice::Triangular, &["    o    ", "   o o   ", "  o o o  ", " o o o o ", "o o . o o"])?;
/// let goal = start.with_pegs(1).unwrap(); // one peg, at the apex
/// let census = count_by_jumps(&start, &goal, &JumpOptions::default(), |_| {})?;
/// assert_eq!(census.histogram[..4], [1, 2, 8, 31]);
/// assert_eq!(census.solvable[..4], [1, 2, 5, 11]);
/// assert_eq!(census.solutions, 16_128);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_by_jumps(
    start: &Board,
    goal: &Board,
    options: &JumpOptions,
    mut progress: impl FnMut(&JumpReport),
) -> Result<JumpCensus, SolveError> {
    check_goal(start, goal)?;
    let geometry = start.geometry();
    let holes = geometry.holes() as u32;
    let by_start = Canon::new(geometry, &[start.pegs()]);
    let by_both = Canon::new(geometry, &[start.pegs(), goal.pegs()]);
    let same = by_start.len() == by_both.len();
    let mut stats = Stats::default();
    let game = goal.peg_count() < start.peg_count();
    let n = if game {
        (start.peg_count() - goal.peg_count()) as usize
    } else {
        0
    };
    // From the start: every level counted; those of a game kept, up to
    // the symmetries that keep both ends.
    let (histogram, forward) = if same {
        levels_by_jumps(
            geometry,
            &by_start,
            start.pegs(),
            false,
            None,
            if game { n + 1 } else { 0 },
            options,
            &mut stats,
            &mut progress,
        )?
    } else {
        let (histogram, _) = levels_by_jumps(
            geometry,
            &by_start,
            start.pegs(),
            false,
            None,
            0,
            options,
            &mut stats,
            &mut progress,
        )?;
        let (_, forward) = levels_by_jumps(
            geometry,
            &by_both,
            start.pegs(),
            false,
            Some(n),
            if game { n + 1 } else { 0 },
            options,
            &mut stats,
            &mut progress,
        )?;
        (histogram, forward)
    };
    let mut census = JumpCensus {
        histogram,
        start_symmetries: by_start.len(),
        solvable: Vec::new(),
        both_symmetries: by_both.len(),
        solutions: u128::from(start.pegs() == goal.pegs()),
        stats: Stats::default(),
    };
    if !game {
        census.stats = stats;
        return Ok(census);
    }
    let mover = Mover::new(geometry, &by_both);
    // solvable[k]: the positions of level k one jump before a solvable one
    // of level k + 1, from the goal down.
    let mut solvable: Vec<Vec<u64>> = vec![Vec::new(); n + 1];
    if let Some(last) = forward.get(n) {
        solvable[n] = intersect(last, &[by_both.canonical(goal.pegs())]);
    }
    for k in (0..n).rev() {
        let before = next_level(&mover, &solvable[k + 1], true, holes);
        solvable[k] = forward
            .get(k)
            .map_or_else(Vec::new, |f| intersect(&before, f));
    }
    drop(forward);
    for (k, level) in solvable.iter().enumerate() {
        progress(&JumpReport {
            pass: "solvable",
            level: k as u32,
            positions: level.len() as u64,
            bytes: 0,
        });
    }
    // Jump sequences into each solvable class, level by level.
    let mut ways: Vec<u128> = vec![1; solvable[0].len()];
    for k in 0..n {
        let (this, next) = (&solvable[k], &solvable[k + 1]);
        let mut sums = vec![0u128; next.len()];
        for (&pegs, &w) in this.iter().zip(&ways) {
            mover.each(pegs, false, true, &mut |_, least| {
                if let Ok(i) = next.binary_search(&least) {
                    sums[i] += w;
                }
            });
        }
        ways = sums;
    }
    census.solutions = ways.first().copied().unwrap_or(0);
    let mut counts: Vec<u64> = solvable.iter().map(|l| l.len() as u64).collect();
    counts.resize(census.histogram.len().max(counts.len()), 0);
    census.solvable = counts;
    census.stats = stats;
    Ok(census)
}
