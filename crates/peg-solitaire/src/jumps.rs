//! Counts by single jumps: the positions after each number of jumps, those
//! that can still reach the goal, and the number of jump sequences that
//! solve the game.

use search_core::Stats;
use search_core::levels::{
    BitSymmetries, KeptSteps, LevelReport, LevelSearch, expand_level, intersect, map_level,
    mirror_positions, sum_over,
};
use search_core::puzzle::DEFAULT_MAX_MEMORY;

use crate::board::Board;
use crate::classes::LevelRanks;
use crate::geometry::Geometry;
use crate::moves::{Mover, symmetries_keeping};
use crate::pagoda::Pagodas;
use crate::solve::{SolveError, check_goal};

/// Bytes [`count_by_jumps`] counts per position of the level it grows (a
/// word, and as much again while it is sorted). The levels grown before
/// are kept, as lists of words or, from both ends, packed (all but the
/// last of each end) and counted by their own bytes.
pub const JUMP_BYTES_PER_POSITION: u64 = 16;

/// Settings of [`count_by_jumps`].
#[derive(Debug, Clone)]
pub struct JumpOptions {
    /// Refuse, before growing its tables, to use more bytes than this
    /// (counted as [`JUMP_BYTES_PER_POSITION`] per position kept):
    /// [`DEFAULT_MAX_MEMORY`] by default.
    pub max_memory: u64,
    /// Count only the solvable positions and the solutions (no
    /// `histogram`): the levels are grown from the start and back from the
    /// goal until they meet ([`LevelSearch::between`]), instead of every
    /// level from the start to exhaustion. When the goal is the start's
    /// [`Board::complement`], the levels back from the goal are the
    /// complements of those from the start, and only the latter are grown,
    /// to the middle ([`LevelSearch::between_mirrored`]), without the
    /// positions a pagoda function rules out (weights on the holes that no
    /// jump increases: a position weighing less than the goal cannot reach
    /// it), so the levels reported are smaller than the reachable ones.
    pub solvable_only: bool,
    /// Count the sequences of jumps from the start to the goal
    /// ([`JumpCensus::solutions`]); without, `solutions` is `None`, and
    /// the levels grown from both ends keep no steps between them (about
    /// a sixth of the time and of the memory of the English central
    /// game's `solvable_only` census). Counted by default.
    pub count_solutions: bool,
}

impl Default for JumpOptions {
    fn default() -> Self {
        JumpOptions {
            max_memory: DEFAULT_MAX_MEMORY,
            solvable_only: false,
            count_solutions: true,
        }
    }
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
    /// The number of sequences of jumps from the start to the goal;
    /// `None` where they were not counted
    /// ([`JumpOptions::count_solutions`]).
    pub solutions: Option<u128>,
    /// Positions expanded and kept, all passes together.
    pub stats: Stats,
}

/// The least images of the positions one jump from (backward: before)
/// those of `level`, sorted, each once.
pub(crate) fn next_level(mover: &Mover<'_>, level: &[u64], backward: bool, holes: u32) -> Vec<u64> {
    expand_level(level, holes, by_jumps(mover, backward)).keys
}

/// A search by levels by jumps over the positions of a board of `holes`
/// holes, counting [`JUMP_BYTES_PER_POSITION`] a position against
/// `max_memory`.
pub(crate) fn search_by_jumps(holes: u32, max_memory: u64) -> LevelSearch {
    LevelSearch::new(holes)
        .with_bytes_per_state(JUMP_BYTES_PER_POSITION)
        .with_max_memory(max_memory)
}

/// The expansion by single jumps (backward: jumps undone) for
/// [`search_core::levels`].
pub(crate) fn by_jumps<'m>(
    mover: &'m Mover<'_>,
    backward: bool,
) -> impl Fn(&u64, &mut Vec<u64>) -> u64 + Sync + 'm {
    move |&p: &u64, out: &mut Vec<u64>| {
        mover.push_jumps(p, backward, out);
        0
    }
}

/// Levels by single jumps from `first`, `levels` of them at most (all, if
/// `None`): the count of each, and the first `keep` levels themselves. A
/// jump removes a peg, so no position lies in two levels.
#[allow(clippy::too_many_arguments)]
pub(crate) fn levels_by_jumps(
    geometry: &Geometry,
    canon: &BitSymmetries,
    first: u64,
    levels: Option<u32>,
    keep: usize,
    options: &JumpOptions,
    stats: &mut Stats,
    progress: &mut dyn FnMut(&LevelReport),
) -> Result<(Vec<u64>, Vec<Vec<u64>>), SolveError> {
    let mover = Mover::new(geometry, canon);
    // Every position reached is of the start's class.
    let ranks = LevelRanks::new(geometry, &[first], &[], 0);
    let found = search_by_jumps(geometry.holes() as u32, options.max_memory)
        .with_ranks(&ranks)
        .with_max_level(levels)
        .disjoint_keeping(keep)
        .run(
            vec![canon.canonical(first)],
            by_jumps(&mover, false),
            |_| false,
            progress,
        )?;
    stats.expanded += found.stats.expanded;
    stats.generated += found.stats.generated;
    Ok((found.histogram, found.levels))
}

/// The pagoda functions ([`Pagodas::find`]) of a game of `n` jumps from
/// `start` to `goal`, up to the symmetries `both` that keep both, scored on
/// positions half way from the start: the positions a third of the way
/// (eight jumps at most), each played on by jumps chosen at random to
/// jump `n / 2`. None where those levels would pass the memory limit.
pub(crate) fn pagodas_for(
    geometry: &Geometry,
    both: &BitSymmetries,
    start: &Board,
    goal: &Board,
    n: usize,
    options: &JumpOptions,
    stats: &mut Stats,
) -> Pagodas {
    let k = (n / 3).min(8);
    // The pruning is optional: where the sample does not fit the memory
    // limit, none.
    let Ok((_, levels)) = levels_by_jumps(
        geometry,
        both,
        start.pegs(),
        Some(k as u32),
        k + 1,
        options,
        stats,
        &mut |_| {},
    ) else {
        return Pagodas::none(geometry, goal.pegs());
    };
    let sample = levels.last().map_or(&[][..], Vec::as_slice);
    let sample = random_walks(geometry, sample, n / 2 - k);
    Pagodas::find(geometry, both, goal.pegs(), &sample)
}

/// The most random walks [`pagodas_for`] scores pagoda functions on.
const WALKS: usize = 1 << 12;

/// From positions of `from` ([`WALKS`] at most, spread over it), `jumps`
/// jumps each, chosen at random (the same on every run), or until none is
/// legal: the positions reached.
fn random_walks(geometry: &Geometry, from: &[u64], jumps: usize) -> Vec<u64> {
    let step = from.len().div_ceil(WALKS).max(1);
    // Each jump's holes that must hold a peg, the hole it lands in, and
    // the holes it changes.
    let jump_list: Vec<(u64, u64, u64)> = geometry
        .jumps()
        .iter()
        .map(|j| (1 << j.from | 1 << j.over, 1 << j.to, j.mask()))
        .collect();
    let mut legal = vec![0; jump_list.len()];
    // Each walk's seed is its place among the walks.
    let mut walk = |mut seed: u64, mut pegs: u64| {
        for _ in 0..jumps {
            // The legal jumps, with no branch on the position (a third of
            // the time of a filter).
            let mut count = 0;
            for &(pegged, to, mask) in &jump_list {
                legal[count] = mask;
                count += usize::from((pegs & pegged == pegged) & (pegs & to == 0));
            }
            let count = count as u64;
            if count == 0 {
                break;
            }
            // splitmix64
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^= z >> 31;
            pegs ^= legal[(z % count) as usize];
        }
        pegs
    };
    from.iter()
        .step_by(step)
        .enumerate()
        .map(|(i, &start)| walk(i as u64, start))
        .collect()
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
///   goal (unless [`JumpOptions::count_solutions`] is off).
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
/// When the goal is the start's [`Board::complement`], a position can reach
/// the goal in `j` jumps exactly when the start reaches its complement in
/// `j` jumps: the solvable positions of level `k` are those whose
/// complements are in level `n - k`, and the sequences are summed only to
/// level `h = n / 2`, where those through a class `C` number the
/// sequences into `C` times those into the complement of one of its
/// members (for an odd `n`, carried one level on, along the jumps before
/// that complement). With `solvable_only`, the sums follow the steps the
/// search kept while it read the levels back
/// ([`LevelSearch::with_steps`]), without making a jump again.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, JumpOptions, Lattice, count_by_jumps};
///
/// let start = Board::from_rows_in(Lattice::Triangular, &["    o    ", "   o o   ", "  o o o  ", " o o o o ", "o o . o o"])?;
/// let goal = start.with_pegs(1).unwrap(); // one peg, at the apex
/// let census = count_by_jumps(&start, &goal, &JumpOptions::default(), |_| {})?;
/// assert_eq!(census.histogram[..4], [1, 2, 8, 31]);
/// assert_eq!(census.solvable[..4], [1, 2, 5, 11]);
/// assert_eq!(census.solutions, Some(16_128));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn count_by_jumps(
    start: &Board,
    goal: &Board,
    options: &JumpOptions,
    mut progress: impl FnMut(&LevelReport),
) -> Result<JumpCensus, SolveError> {
    count_by_jumps_reading(start, goal, options, true, &mut progress)
}

/// [`count_by_jumps`], reading a mirror game back by its mirror only where
/// `by_mirror` (else from both ends, as any other game: the independent
/// count the tests hold the mirror's against).
fn count_by_jumps_reading(
    start: &Board,
    goal: &Board,
    options: &JumpOptions,
    by_mirror: bool,
    progress: &mut dyn FnMut(&LevelReport),
) -> Result<JumpCensus, SolveError> {
    check_goal(start, goal)?;
    let geometry = start.geometry();
    let holes = geometry.holes() as u32;
    let by_start = symmetries_keeping(geometry, &[start.pegs()]);
    let by_both = symmetries_keeping(geometry, &[start.pegs(), goal.pegs()]);
    let mut stats = Stats::default();
    // The jumps of a game: the start's pegs less the goal's.
    let n = (goal.peg_count() < start.peg_count())
        .then(|| (start.peg_count() - goal.peg_count()) as usize);
    let mover = Mover::new(geometry, &by_both);
    // A game whose goal is the image of the start's complement under a
    // symmetry of the board that is its own inverse (the identity, say) is
    // its own mirror: the complement of a position turns a jump into a jump
    // played backwards (pegs and holes swap), and the symmetry a jump into
    // a jump, so the positions from which the goal is reached in `j` jumps
    // are the mirrors of those reached from the start in `j` jumps.
    let board = BitSymmetries::new(geometry.symmetries());
    let flip = goal.mirror_symmetry(start).filter(|_| by_mirror);
    let complement = flip.is_some();
    let all = geometry.all();
    let mirror = |&pegs: &u64| match flip {
        Some(Some(s)) => mover.least(board.apply(s, all ^ pegs)),
        _ => mover.least(all ^ pegs),
    };
    let mut histogram = Vec::new();
    // solvable[k]: the positions k jumps from the start and n - k from the
    // goal, up to the symmetries that keep both.
    let ranks = n.and_then(|n| LevelRanks::new(geometry, &[start.pegs()], &[goal.pegs()], n));
    let search = search_by_jumps(holes, options.max_memory).with_ranks(&ranks);
    let search = match options.count_solutions {
        true => search.with_steps(),
        false => search,
    };
    let backward = by_jumps(&mover, true);
    // The positions one jump before a mirror: for the complement itself,
    // the complements of the positions one jump on.
    let before_mirror = |pegs: &u64, out: &mut Vec<u64>| {
        match flip {
            Some(Some(_)) => {
                backward(&mirror(pegs), out);
            }
            _ => mover.push_complements_of_jumps(*pegs, all, out),
        }
        0
    };
    let (solvable, steps): (Vec<Vec<u64>>, Vec<Option<KeptSteps>>) = match n {
        Some(n) if options.solvable_only => {
            let ends = (
                vec![by_both.canonical(start.pegs())],
                vec![by_both.canonical(goal.pegs())],
            );
            let found = if complement {
                // Positions that a pagoda function rules out are not grown:
                // they cannot reach the goal, so they are on no path, and
                // every position on a path (and its mirror) is still grown.
                let pagodas = pagodas_for(geometry, &by_both, start, goal, n, options, &mut stats);
                let forward = |&pegs: &u64, out: &mut Vec<u64>| {
                    mover.push_jumps_allowed(pegs, false, pagodas.after_jump(pegs), out);
                    0
                };
                // The levels past the middle are the mirrors of those
                // before it: only their sizes are reported.
                search.clone().without_mirrored_levels().between_mirrored(
                    ends.0,
                    n as u32,
                    forward,
                    &backward,
                    mirror,
                    |pegs: &u64, out: &mut Vec<u64>| {
                        before_mirror(pegs, out);
                    },
                    &mut *progress,
                )?
            } else {
                search.clone().between(
                    ends.0,
                    ends.1,
                    n as u32,
                    by_jumps(&mover, false),
                    &backward,
                    &mut *progress,
                )?
            };
            stats.expanded += found.stats.expanded;
            stats.generated += found.stats.generated;
            (found.levels, found.steps)
        }
        _ => {
            // From the start: every level counted; those of a game kept, up
            // to the symmetries that keep both ends (a second search when
            // fewer symmetries keep the goal too).
            let keep = n.map_or(0, |n| n + 1);
            let same = by_start.len() == by_both.len();
            let (counted, kept) = levels_by_jumps(
                geometry,
                &by_start,
                start.pegs(),
                None,
                if same { keep } else { 0 },
                options,
                &mut stats,
                &mut *progress,
            )?;
            histogram = counted;
            let forward = if same {
                kept
            } else {
                levels_by_jumps(
                    geometry,
                    &by_both,
                    start.pegs(),
                    n.map(|n| n as u32),
                    keep,
                    options,
                    &mut stats,
                    &mut *progress,
                )?
                .1
            };
            let solvable = match n {
                Some(n) => solvable_from(
                    &mover,
                    forward,
                    by_both.canonical(goal.pegs()),
                    complement.then_some(&mirror),
                    n,
                    holes,
                    &mut *progress,
                ),
                None => Vec::new(),
            };
            (solvable, Vec::new())
        }
    };
    // The jump sequences into each position (one member of its class: the
    // symmetries keep the start, so every member has as many), level by
    // level: from level k into the positions `next` along the jumps
    // before them (those the search kept, each dropped once used, else
    // found again by `back`).
    let mut steps = steps;
    let mut carry = |k: usize,
                     ways: &[u128],
                     next: &[u64],
                     back: &(dyn Fn(&u64, &mut Vec<u64>) -> u64 + Sync)| {
        match steps.get_mut(k + 1).and_then(Option::take) {
            Some(kept) => kept.carry_back(ways),
            None => search.carry_back(k, &solvable[k], ways, next, back),
        }
    };
    let mut ways_into = |top: usize| {
        let mut ways: Vec<Vec<u128>> = vec![vec![1; solvable.first().map_or(0, Vec::len)]];
        for k in 0..top {
            let next = carry(k, &ways[k], &solvable[k + 1], &backward);
            ways.push(next);
        }
        ways
    };
    let solutions = if !options.count_solutions {
        None
    } else if solvable.is_empty() {
        Some(u128::from(start.pegs() == goal.pegs()))
    } else if complement {
        // Every sequence passes one position x of level h = n / 2; those
        // through x number ways(x) times those from x to the goal, which
        // are the mirrors of those from the start to mirror(x), of level
        // n - h: for an even n, ways(mirror(x)), read in level h itself;
        // for an odd n, the sequences into mirror(x), carried from level h
        // along the jumps before it. A class C of level h counts |C| times.
        let n = solvable.len() - 1;
        let h = n / 2;
        let ways = ways_into(h);
        let beyond: Vec<u128> = if n % 2 == 0 {
            let mirrors = mirror_positions(&solvable[h], &solvable[h], mirror);
            mirrors.iter().map(|&j| ways[h][j as usize]).collect()
        } else {
            carry(h, &ways[h], &solvable[h], &before_mirror)
        };
        Some(sum_over(&solvable[h], |j, &pegs| {
            mover.class_size(pegs) as u128 * ways[h][j] * beyond[j]
        }))
    } else {
        // The goal is its own class.
        let n = solvable.len() - 1;
        Some(ways_into(n)[n].first().copied().unwrap_or(0))
    };
    // Levels past the middle left unbuilt hold the mirrors of those before
    // it.
    let mut counts: Vec<u64> = (0..solvable.len())
        .map(|k| match (complement, solvable.len().checked_sub(k + 1)) {
            (true, Some(mirror)) if mirror < k => solvable[mirror].len() as u64,
            _ => solvable[k].len() as u64,
        })
        .collect();
    if !counts.is_empty() {
        counts.resize(histogram.len().max(counts.len()), 0);
    }
    Ok(JumpCensus {
        histogram,
        start_symmetries: by_start.len(),
        solvable: counts,
        both_symmetries: by_both.len(),
        solutions,
        stats,
    })
}

/// The solvable positions of a game of `n` jumps from the levels from the
/// start (`forward[k]`, up to the symmetries of `mover`): the goal in level
/// `n`, then those of level `k` one jump before a solvable position of
/// level `k + 1`, from the goal down. With a `mirror` (the goal is the
/// start's complement), those of level `k` are instead the positions whose
/// mirrors are in level `n - k`.
fn solvable_from(
    mover: &Mover<'_>,
    mut forward: Vec<Vec<u64>>,
    goal: u64,
    mirror: Option<&(dyn Fn(&u64) -> u64 + Sync)>,
    n: usize,
    holes: u32,
    progress: &mut dyn FnMut(&LevelReport),
) -> Vec<Vec<u64>> {
    let mut solvable: Vec<Vec<u64>> = vec![Vec::new(); n + 1];
    forward.truncate(n + 1);
    if let (Some(mirror), true) = (mirror, forward.len() == n + 1) {
        // The mirrors of the first half's levels (the smaller, reached by
        // fewer jumps), each chunk on its own thread.
        let mirrored = |level: &[u64]| map_level(level, holes, mirror);
        for k in 0..=n / 2 {
            solvable[n - k] = intersect(&forward[n - k], &mirrored(&forward[k]));
            solvable[k] = mirrored(&solvable[n - k]);
        }
    } else {
        if let Some(last) = forward.get(n) {
            solvable[n] = intersect(last, &[goal]);
        }
        for k in (0..n).rev() {
            let before = next_level(mover, &solvable[k + 1], true, holes);
            solvable[k] = forward
                .get(k)
                .map_or_else(Vec::new, |f| intersect(&before, f));
        }
    }
    let mut kept = 0;
    for (k, level) in solvable.iter().enumerate().rev() {
        kept += level.len() as u64;
        progress(&LevelReport {
            backward: true,
            level: (n - k) as u32,
            states: level.len() as u64,
            kept,
            bytes: kept * JUMP_BYTES_PER_POSITION,
        });
    }
    solvable
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// The French game of the page (hole 11 empty to one peg in hole 25,
    /// the complement reflected) from both ends, without the mirror: the
    /// figures the mirror gives. About 90 seconds and 5.4 GB:
    /// `cargo test --release -p peg-solitaire french -- --ignored`.
    #[test]
    #[ignore = "about 90 seconds and 5.4 GB"]
    fn the_french_game_from_both_ends_gives_the_mirrors_figures() {
        let rows = [
            "  ooo  ", " ooooo ", "ooo.ooo", "ooooooo", "ooooooo", " ooooo ", "  ooo  ",
        ];
        let start = Board::from_rows(&rows).unwrap();
        let goal = start.with_pegs(1 << 25).unwrap();
        assert!(goal.is_mirror_of(&start));
        let options = JumpOptions {
            solvable_only: true,
            max_memory: 20 << 30,
            ..JumpOptions::default()
        };
        let census = count_by_jumps_reading(&start, &goal, &options, false, &mut |_| {}).unwrap();
        assert_eq!(census.solvable.iter().sum::<u64>(), 67_339_274);
        assert_eq!(census.solutions, Some(2_391_159_317_054_857_984_652));
    }
}
