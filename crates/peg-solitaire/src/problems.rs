//! Every problem of a board: from each start with one empty hole to each
//! finish with one peg, the fewest moves.

use search_core::levels::LevelReport;

use crate::board::Board;
use crate::classes::JumpSpan;
use crate::classes::LevelRanks;
use crate::geometry::Geometry;
use crate::jumps::{JUMP_BYTES_PER_POSITION, JumpOptions, by_jumps, search_by_jumps};
use crate::levels::{LevelOptions, explore_moves};
use crate::meet::{MeetOptions, meet_moves};
use crate::moves::{Mover, symmetries_keeping};
use crate::solve::SolveError;

/// One problem of a board and its answer; as JSON (feature `serde`), its
/// `vacancy`, `survivor` and `moves`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Problem {
    /// The one empty hole of the start.
    pub vacancy: u8,
    /// The one peg of the finish.
    pub survivor: u8,
    /// The fewest moves; `None` if no sequence of jumps leads there.
    pub moves: Option<u32>,
    /// How the answer was obtained: `"class"` (ruled out by [`JumpSpan`]),
    /// `"search"` (the levels by moves from both ends), or `"symmetry"`
    /// (the answer of a symmetric problem).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub by: &'static str,
}

/// What both tables of problems need of a board: its holes, the class
/// rule, its symmetries, and the one-hole starts and one-peg finishes.
pub(crate) struct Holes<'b> {
    board: &'b Board,
    pub(crate) n: usize,
    span: JumpSpan,
}

impl<'b> Holes<'b> {
    pub(crate) fn new(board: &'b Board) -> Self {
        let g = board.geometry();
        Holes {
            board,
            n: g.holes(),
            span: JumpSpan::new(g),
        }
    }

    fn symmetries(&self) -> &'b [Vec<u8>] {
        self.board.geometry().symmetries()
    }

    /// The start with hole `v` empty.
    fn start(&self, v: usize) -> Board {
        let all = self.board.geometry().all();
        self.board
            .with_pegs(all & !(1 << v))
            .expect("holes of the board")
    }

    /// The finish with one peg, in hole `s`.
    fn finish(&self, s: usize) -> Board {
        self.board.with_pegs(1 << s).expect("a hole of the board")
    }

    /// Whether the class rule allows the problem `v` -> `s`.
    pub(crate) fn same_class(&self, v: usize, s: usize) -> bool {
        self.span
            .same_class(self.board.geometry().all() & !(1 << v), 1 << s)
    }

    /// The starts to search: the least hole of each class of vacancies under
    /// the symmetries, where some survivor is allowed by the class rule.
    fn searched_starts(&self) -> Vec<usize> {
        let least_hole = |v: usize| {
            self.symmetries()
                .iter()
                .map(|p| p[v] as usize)
                .min()
                .expect("the identity")
        };
        (0..self.n)
            .filter(|&v| least_hole(v) == v && (0..self.n).any(|s| self.same_class(v, s)))
            .collect()
    }

    /// Every problem, from `rows`: for each start searched (the least hole
    /// of its class under the symmetries), the fewest moves to each
    /// survivor. A symmetry taking a vacancy v to its class's searched start
    /// takes each survivor s to the survivor of the same answer there.
    fn spread(&self, rows: &[Option<Vec<Option<u32>>>]) -> Vec<Problem> {
        let n = self.n;
        let mut out = Vec::with_capacity(n * n);
        for v in 0..n {
            let (perm, rep) = self
                .symmetries()
                .iter()
                .map(|p| (p, p[v] as usize))
                .min_by_key(|&(_, r)| r)
                .expect("the identity");
            for s in 0..n {
                let moves = rows[rep].as_ref().and_then(|row| row[perm[s] as usize]);
                out.push(self.answer(v, s, rep == v, moves));
            }
        }
        out
    }

    /// The problem `v` -> `s`: impossible by the class rule, or answered
    /// `moves` by its own search (`searched`) or by a symmetric problem's.
    fn answer(&self, v: usize, s: usize, searched: bool, moves: Option<u32>) -> Problem {
        let (moves, by) = if !self.same_class(v, s) {
            (None, "class")
        } else if searched {
            (moves, "search")
        } else {
            (moves, "symmetry")
        };
        Problem {
            vacancy: v as u8,
            survivor: s as u8,
            moves,
            by,
        }
    }
}

/// Every problem of the board of `board` (its holes; its pegs do not
/// matter): for each hole as the start's vacancy and each hole as the
/// finish's survivor, the fewest moves, by [`meet_moves`], or `None` where
/// no sequence of jumps leads there. Pairs of holes that a symmetry of the
/// board maps onto each other have the same answer and are searched once
/// (the pair with the least images); pairs that [`JumpSpan`] separates are
/// impossible without a search. `progress` is called after each search
/// with the problems answered so far and the number to answer.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, Lattice, MeetOptions, problems};
///
/// let triangle = Board::from_rows_in(Lattice::Triangular, &["    o    ", "   o o   ", "  o o o  ", " o o o o ", "o o . o o"])?;
/// let all = problems(&triangle, &MeetOptions::default(), |_, _| {})?;
/// assert_eq!(all.len(), 15 * 15);
/// let apex_from_bottom_middle = all.iter().find(|p| (p.vacancy, p.survivor) == (12, 0)).unwrap();
/// assert_eq!(apex_from_bottom_middle.moves, Some(9));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn problems(
    board: &Board,
    options: &MeetOptions,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Problem>, SolveError> {
    let holes = Holes::new(board);
    let n = holes.n;
    let least = |v: usize, s: usize| {
        let (a, b) = holes
            .symmetries()
            .iter()
            .map(|p| (p[v], p[s]))
            .min()
            .expect("the identity");
        (a as usize, b as usize)
    };
    let mut answers: Vec<Option<u32>> = vec![None; n * n];
    let todo: Vec<(usize, usize)> = (0..n)
        .flat_map(|v| (0..n).map(move |s| (v, s)))
        .filter(|&(v, s)| least(v, s) == (v, s) && holes.same_class(v, s))
        .collect();
    for (done, &(v, s)) in todo.iter().enumerate() {
        if n > 1 {
            answers[v * n + s] = meet_moves(&holes.start(v), &holes.finish(s), options, |_| {})?
                .solution
                .map(|(m, _)| m);
        }
        progress(done + 1, todo.len());
    }
    let mut out = Vec::with_capacity(n * n);
    for v in 0..n {
        for s in 0..n {
            let (a, b) = least(v, s);
            out.push(holes.answer(v, s, (a, b) == (v, s), answers[a * n + b]));
        }
    }
    Ok(out)
}

/// The same answers as [`problems`], by one breadth-first search by moves
/// to exhaustion from each start ([`explore_moves`]), one start per class
/// of holes under the board's symmetries: every survivor at once, which
/// is cheaper than one search per pair on boards where many pairs share a
/// start. `progress` is called after each start with the starts done and
/// the number to do.
pub fn problems_by_starts(
    board: &Board,
    options: &MeetOptions,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Problem>, SolveError> {
    let holes = Holes::new(board);
    let n = holes.n;
    let starts = holes.searched_starts();
    let mut rows: Vec<Option<Vec<Option<u32>>>> = vec![None; n];
    for (done, &v) in starts.iter().enumerate() {
        let levels = explore_moves(
            &holes.start(v),
            &LevelOptions {
                goal: None,
                max_memory: options.max_memory,
            },
            |_| {},
        )?;
        let row = (0..n)
            .map(|s| {
                if n > 1 && holes.same_class(v, s) {
                    levels.distance(&holes.finish(s))
                } else {
                    None
                }
            })
            .collect();
        rows[v] = Some(row);
        progress(done + 1, starts.len());
    }
    Ok(holes.spread(&rows))
}

/// The stage of [`problems_by_jumps`] a [`ProblemsReport`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProblemsStage {
    /// The levels by single jumps, grown from the start and back from the
    /// finishes until they meet (the report's `backward` tells which).
    Jumps,
    /// The positions on a jump sequence from the start to a finish, level
    /// by level.
    Finishing,
    /// The levels by moves over those positions.
    Moves,
}

/// Progress of [`problems_by_jumps`], once per level of each stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProblemsReport {
    /// The starts (classes of vacancies under the board's symmetries)
    /// finished before this one, and their number.
    pub done: usize,
    /// The number of starts to search.
    pub starts: usize,
    /// The vacancy of the start being searched.
    pub vacancy: u8,
    /// The stage, and its level.
    pub stage: ProblemsStage,
    /// The level just completed.
    pub level: LevelReport,
}

/// The same answers as [`problems`], by two exhaustive searches per start
/// (one start per class of vacancies under the board's symmetries), over
/// positions up to the symmetries that keep the start:
///
/// 1. the *finishing* positions, those on a jump sequence from the start to
///    a one-peg finish that [`JumpSpan`] allows, by levels by single jumps
///    grown from the start and back from those finishes until they meet
///    ([`LevelSearch::between`](search_core::levels::LevelSearch::between)):
///    level `k` holds those with `k` pegs fewer than the start, and the last
///    level the finishes this start reaches;
/// 2. the fewest moves into each finishing position, level by level by
///    jumps: a jump removes a peg, so the jumps between the levels form a
///    graph without cycles, and one pass finds the shortest ways by moves
///    (a jump costs nothing when it starts where the jump before it landed,
///    one move otherwise).
///
/// Step 2 is exact: every position after each move of a solution to a
/// one-peg finish is reachable from the start and can still finish, so the
/// pass over the finishing positions sees every solution; and the finishes
/// no jump sequence reaches are impossible. On the English board the
/// central start reaches 23,475,688 positions up to symmetry, of which a
/// few million can finish; the levels from both ends grow about half the
/// levels each, and the search by moves (whose moves are chains of jumps)
/// runs on the finishing positions alone.
///
/// Memory: [`JUMP_BYTES_PER_POSITION`](crate::JUMP_BYTES_PER_POSITION) per
/// position of the levels grown from both ends (every one is kept until
/// they meet), checked against `options.max_memory` before each level is
/// kept.
pub fn problems_by_jumps(
    board: &Board,
    options: &JumpOptions,
    mut progress: impl FnMut(&ProblemsReport),
) -> Result<Vec<Problem>, SolveError> {
    problems_by_jumps_reporting(board, options, &mut progress)
}

/// [`problems_by_jumps`], compiled once whatever the caller's closure.
fn problems_by_jumps_reporting(
    board: &Board,
    options: &JumpOptions,
    progress: &mut dyn FnMut(&ProblemsReport),
) -> Result<Vec<Problem>, SolveError> {
    let holes = Holes::new(board);
    let n = holes.n;
    let g = board.geometry();
    let starts = if n > 1 {
        holes.searched_starts()
    } else {
        Vec::new()
    };
    // Refused at once where the levels would not fit.
    let needed = starts
        .iter()
        .map(|&v| levels_memory(g, &holes.span, g.all() & !(1 << v)))
        .max()
        .unwrap_or(0);
    if needed > options.max_memory {
        return Err(SolveError::TooLarge {
            needed,
            limit: options.max_memory,
        });
    }
    let mut rows: Vec<Option<Vec<Option<u32>>>> = vec![None; n];
    for (done, &v) in starts.iter().enumerate() {
        let mut report = |stage, level: &LevelReport| {
            progress(&ProblemsReport {
                done,
                starts: starts.len(),
                vacancy: v as u8,
                stage,
                level: *level,
            })
        };
        let start = g.all() & !(1 << v);
        let row = fewest_moves_to_one_peg(g, &holes.span, start, options, &mut report)?;
        rows[v] = Some(row);
    }
    Ok(holes.spread(&rows))
}

/// Bytes a packed position is counted at in [`levels_memory`] (measured:
/// 1.46 to 1.58 on the English and French boards).
const PACKED_BYTES: u64 = 2;

/// The bytes the levels by jumps from `start` and back from its one-peg
/// finishes would take, estimated before they are grown: the search is
/// played with each level's size taken as the positions of its number of
/// pegs and the start's class up to the symmetries that keep the start
/// (the count over their number, at least; and no more than the level
/// before times the jumps of the board), the smaller end grown first as
/// [`LevelSearch::between`](search_core::levels::LevelSearch::between)
/// does, and the memory counted as it counts it (the levels kept packed,
/// the last of each end as a list, the level grown at
/// [`JUMP_BYTES_PER_POSITION`] a position, and the bit array of a level
/// grown as one), its most at any level. Near the middle of a board most
/// positions of a class are reached, so this is close to what a search
/// holds there (the triangles), or above it (on the English board a start
/// reaches about two fifths of them).
pub(crate) fn levels_memory(g: &Geometry, span: &JumpSpan, start: u64) -> u64 {
    let n = g.holes();
    let pegs = start.count_ones() as usize;
    if pegs < 2 {
        return 0;
    }
    let depth = pegs - 1;
    let finishes: Vec<u64> = (0..n)
        .map(|s| 1u64 << s)
        .filter(|&f| span.same_class(start, f))
        .collect();
    let Some(ranks) = LevelRanks::new(g, &[start], &finishes, depth) else {
        return 0;
    };
    let symmetries = symmetries_keeping(g, &[start]).len() as u64;
    let jumps = g.jumps().len() as u64;
    // Level k's positions, at most.
    let size = |k: usize, before: u64| {
        (ranks.positions(k).div_ceil(symmetries)).min(before.saturating_mul(jumps))
    };
    // Each end: its levels' sizes.
    let mut ends = [vec![1u64], vec![finishes.len() as u64]];
    let held = |e: &[u64]| {
        let (last, packed) = e.split_last().expect("a level");
        packed.iter().sum::<u64>() * PACKED_BYTES + last * 8
    };
    let mut most = 0;
    while ends[0].len() + ends[1].len() < depth + 2 {
        let back = usize::from(ends[1].last() < ends[0].last());
        let k = if back == 1 {
            depth - ends[1].len()
        } else {
            ends[0].len()
        };
        let last = *ends[back].last().expect("a level");
        let next = size(k, last);
        let grown = next * JUMP_BYTES_PER_POSITION
            + ranks.positions(k).div_ceil(64)
                * 8
                * u64::from(ranks.positions(k).div_ceil(64) <= 2 * last);
        most = most.max(held(&ends[0]) + held(&ends[1]) + grown);
        ends[back].push(next);
    }
    most
}

/// For each hole `s`, the fewest moves from `start` to the position with
/// one peg, in `s`; `None` where no jump sequence leads there. The three
/// stages of [`problems_by_jumps`].
fn fewest_moves_to_one_peg(
    g: &Geometry,
    span: &JumpSpan,
    start: u64,
    options: &JumpOptions,
    report: &mut dyn FnMut(ProblemsStage, &LevelReport),
) -> Result<Vec<Option<u32>>, SolveError> {
    let n = g.holes();
    let bits = n as u32;
    let canon = symmetries_keeping(g, &[start]);
    let mover = Mover::new(g, &canon);
    let pegs = start.count_ones() as usize;
    // 1-2. The finishing positions: those on a jump sequence from the start
    // to a one-peg finish that the class rule allows, by levels by jumps
    // grown from both ends until they meet.
    let finishes: Vec<u64> = (0..n)
        .map(|s| 1u64 << s)
        .filter(|&f| span.same_class(start, f))
        .map(|f| canon.canonical(f))
        .collect();
    let last = pegs - 1;
    let sources = vec![canon.canonical(start)];
    let ranks = LevelRanks::new(g, &sources, &finishes, last);
    let search = search_by_jumps(bits, options.max_memory).with_ranks(&ranks);
    let found = search.between(
        sources,
        finishes,
        last as u32,
        by_jumps(&mover, false),
        by_jumps(&mover, true),
        |r| report(ProblemsStage::Jumps, r),
    )?;
    let finishing = found.levels;
    let mut kept = 0;
    for (k, level) in finishing.iter().enumerate() {
        kept += level.len() as u64;
        report(
            ProblemsStage::Finishing,
            &LevelReport {
                backward: false,
                level: k as u32,
                states: level.len() as u64,
                kept,
                bytes: kept * JUMP_BYTES_PER_POSITION,
            },
        );
    }
    let mut row = vec![None; n];
    if finishing[0].is_empty() {
        // No finish is reached.
        return Ok(row);
    }
    // 2. The fewest moves into each finishing position, level by level by
    // jumps (a jump removes a peg, so the jumps between the levels form a
    // graph without cycles): per position, the fewest moves `best` and the
    // holes where the last peg to move can stand after `best` moves. A jump
    // from such a hole continues that move (0 more), any other jump starts
    // a new one (1 more); a way in with more than `best` moves never does
    // better than `best + 1` afterwards, which one new move from a `best`
    // way already gives, so only the `best` ways are kept. The masks are
    // kept for the least image of each position: a jump's landing hole is
    // mapped by every symmetry that gives that image.
    let mut best: Vec<u8> = vec![0];
    let mut holes_of: Vec<u64> = vec![0];
    for k in 0..last {
        let (this, next) = (&finishing[k], &finishing[k + 1]);
        let ways: Vec<(u8, u64)> = best.iter().copied().zip(holes_of.iter().copied()).collect();
        let carried = search.carry_forward(
            k,
            this,
            &ways,
            next,
            |&p, &(b, holes), emit| {
                mover.each_jump(p, &mut |jump, least, landing| {
                    emit(least, (b + u8::from(holes >> jump.from & 1 == 0), landing));
                });
            },
            |a, b| {
                if b.0 < a.0 {
                    *a = b;
                } else if b.0 == a.0 {
                    a.1 |= b.1;
                }
            },
        );
        (best, holes_of) = carried
            .into_iter()
            .map(|w| w.expect("every position on a path is reached"))
            .unzip();
        report(
            ProblemsStage::Moves,
            &LevelReport {
                backward: false,
                level: k as u32 + 1,
                states: next.len() as u64,
                kept,
                bytes: kept * JUMP_BYTES_PER_POSITION,
            },
        );
    }
    let finishes = &finishing[last];
    for (s, answer) in row.iter_mut().enumerate() {
        if let Ok(i) = finishes.binary_search(&canon.canonical(1 << s)) {
            *answer = Some(u32::from(best[i]));
        }
    }
    Ok(row)
}
