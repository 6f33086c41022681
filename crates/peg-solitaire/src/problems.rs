//! Every problem of a board: from each start with one empty hole to each
//! finish with one peg, the fewest moves.

use crate::board::Board;
use crate::geometry::Geometry;
use crate::levels::{LevelOptions, explore_moves};
use crate::meet::{MeetOptions, meet_moves};
use crate::solve::SolveError;

/// The sums of jumps' holes, modulo 2: a jump flips the three holes it
/// uses, so two positions whose difference (as sets of holes, each hole
/// counted modulo 2) is not a sum of jumps' sets of holes can never be
/// joined by jumps. On the English board this is the classical rule that
/// sorts positions into 16 classes.
#[derive(Debug, Clone)]
pub struct JumpSpan {
    /// A basis of the span, each with a distinct leading hole.
    basis: Vec<u64>,
}

impl JumpSpan {
    /// The span of the jumps of `geometry`.
    pub fn new(geometry: &Geometry) -> JumpSpan {
        let mut basis: Vec<u64> = Vec::new();
        for j in geometry.jumps() {
            let v = reduce(&basis, j.mask());
            if v != 0 {
                basis.push(v);
                basis.sort_unstable_by(|a, b| b.cmp(a));
            }
        }
        JumpSpan { basis }
    }

    /// How many classes the positions fall into (2 to the number of holes
    /// less the dimension of the span).
    pub fn classes(&self, holes: usize) -> u64 {
        1u64.checked_shl((holes - self.basis.len()) as u32)
            .unwrap_or(u64::MAX)
    }

    /// Whether `a` and `b` are in the same class: a necessary condition for
    /// a sequence of jumps from one to the other.
    pub fn same_class(&self, a: u64, b: u64) -> bool {
        reduce(&self.basis, a ^ b) == 0
    }
}

/// `v` less every basis vector whose leading bit it has (basis sorted by
/// leading bit, descending).
fn reduce(basis: &[u64], mut v: u64) -> u64 {
    for &b in basis {
        let lead = 63 - b.leading_zeros();
        if v >> lead & 1 == 1 {
            v ^= b;
        }
    }
    v
}

/// One problem of a board and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub by: &'static str,
}

/// What both tables of problems need of a board: its holes, the class
/// rule, its symmetries, and the one-hole starts and one-peg finishes.
struct Holes<'b> {
    board: &'b Board,
    n: usize,
    span: JumpSpan,
}

impl<'b> Holes<'b> {
    fn new(board: &'b Board) -> Self {
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
    fn same_class(&self, v: usize, s: usize) -> bool {
        self.span
            .same_class(self.board.geometry().all() & !(1 << v), 1 << s)
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
    let syms = holes.symmetries();
    let least_hole = |v: usize| {
        syms.iter()
            .map(|p| p[v] as usize)
            .min()
            .expect("the identity")
    };
    let starts: Vec<usize> = (0..n)
        .filter(|&v| least_hole(v) == v && (0..n).any(|s| holes.same_class(v, s)))
        .collect();
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
    let mut out = Vec::with_capacity(n * n);
    for v in 0..n {
        // A symmetry taking v to its class's searched start takes each
        // survivor s to the survivor of the same answer there.
        let (perm, rep) = syms
            .iter()
            .map(|p| (p, p[v] as usize))
            .min_by_key(|&(_, r)| r)
            .expect("the identity");
        for s in 0..n {
            let moves = rows[rep].as_ref().and_then(|row| row[perm[s] as usize]);
            out.push(holes.answer(v, s, rep == v, moves));
        }
    }
    Ok(out)
}
