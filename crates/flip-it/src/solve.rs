//! Shortest solutions: the algorithms, the answer, and the replay check.

use std::fmt;
use std::str::FromStr;

use search_core::bfs::bfs_with;
use search_core::bidirectional::bfs_bidirectional_to_any_with;
use search_core::ida::{IdaOptions, Node, ida_star};
use search_core::layers::RankedSpace;
use search_core::visited::{DenseSides, DenseVisited};
use search_core::{Budget, Interrupted, Outcome};

use crate::rules::Rules;
use crate::{Board, FlipSpace, Jump, MoveError, Variant};

/// A search algorithm; each returns a shortest solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Breadth-first search from the start, one visited bit per placement
    /// (the ranks of [`FlipSpace`]), until any all-white placement.
    Bfs,
    /// Breadth-first search from the start and from all the goals at once,
    /// two bits per placement.
    Bidirectional,
    /// M. Hiroi's iterative deepening with his corner bound: a black piece
    /// in a corner can never be jumped over, so it must jump out and be
    /// jumped later, at least two moves each; a jump straight back is
    /// never tried. The bound is a lower bound on every board size: the
    /// crate's tests compare it with the exact distance of every 3x3 and 4x4
    /// placement, and of every 5x5 placement within 7 moves of the goals,
    /// the only ones where a bound of at most 8 could exceed the distance.
    IdaCorners,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 3] = [
        Algorithm::Bfs,
        Algorithm::Bidirectional,
        Algorithm::IdaCorners,
    ];

    /// The algorithm's name, as [`FromStr`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::IdaCorners => "ida-corners",
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                format!("unknown algorithm {s:?} (known: bfs, bidirectional, ida-corners)")
            })
    }
}

/// A shortest solution: the boards from the start to an all-white one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Every board, start and goal included.
    pub boards: Vec<Board>,
}

impl Solution {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.boards.len() - 1
    }

    /// Whether the start was already solved.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The jumps, in order.
    pub fn jumps(&self) -> Vec<Jump> {
        self.boards
            .windows(2)
            .map(|w| Jump {
                from: w[1].empty(),
                to: w[0].empty(),
            })
            .collect()
    }
}

/// Why a solver could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The budget ran out or the search was cancelled.
    Interrupted(Interrupted),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Interrupted(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A shortest solution from `start` to any all-white board under
/// `variant`'s rules, or `None` if none can be reached (never the case for
/// 4x4, as the whole-space sweep shows).
///
/// # Example
///
/// ```
/// use flip_it::{Algorithm, Board, Variant, replay, solve};
///
/// let start = Board::from_rows(&["BBBB", "BSBB", "BBBB", "BBBB"])?;
/// let solution = solve(&start, Variant::Orthogonal, Algorithm::Bidirectional)?.unwrap();
/// assert_eq!(solution.len(), 22);
/// replay(&start, Variant::Orthogonal, &solution.jumps())?;
/// let diagonal = solve(&start, Variant::Diagonal, Algorithm::Bidirectional)?.unwrap();
/// assert_eq!(diagonal.len(), 18);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    start: &Board,
    variant: Variant,
    algorithm: Algorithm,
) -> Result<Option<Solution>, SolveError> {
    Ok(solve_with(start, variant, algorithm, &Budget::default())?.found)
}

/// [`solve`] with a node budget or a cancellation flag, returning the
/// search's counters too (also when no goal can be reached).
///
/// [`Algorithm::IdaCorners`] cannot tell an unreachable goal from a far one
/// by itself: on a 3x3 board, where some placements cannot be solved, a
/// breadth-first search over its 2,304 placements decides reachability
/// first; on 4x4 and 5x5 boards every placement can be solved, as the
/// whole-space sweeps show.
pub fn solve_with(
    start: &Board,
    variant: Variant,
    algorithm: Algorithm,
    budget: &Budget,
) -> Result<Outcome<Solution>, SolveError> {
    let space = FlipSpace::new(start.size(), variant).expect("a board's size is valid");
    let rules = space.rules();
    let next = |b: &Board| {
        let b = *b;
        rules
            .jumps(b.empty())
            .iter()
            .map(move |j| b.after(j.from, j.flips))
    };
    let rank = |b: &Board| space.rank(b);
    let outcome = match algorithm {
        Algorithm::Bfs => bfs_with(
            start,
            next,
            Board::is_solved,
            DenseVisited::new(space.size(), rank),
            budget,
        ),
        Algorithm::Bidirectional => bfs_bidirectional_to_any_with(
            start,
            &space.goals(),
            next,
            next,
            DenseSides::new(space.size(), rank),
            budget,
        ),
        Algorithm::IdaCorners => {
            if start.size() == 3 {
                let unlimited = Budget::default();
                let reachable = bfs_with(
                    start,
                    next,
                    Board::is_solved,
                    DenseVisited::new(space.size(), rank),
                    &unlimited,
                )
                .map_err(SolveError::Interrupted)?;
                if reachable.found.is_none() {
                    return Ok(Outcome {
                        found: None,
                        stats: reachable.stats,
                    });
                }
            }
            return solve_ida(start, rules, budget);
        }
    }
    .map_err(SolveError::Interrupted)?;
    Ok(Outcome {
        found: outcome.found.map(|boards| Solution { boards }),
        stats: outcome.stats,
    })
}

/// The corner cells of an N x N board, as a mask.
pub(crate) fn corners(size: usize) -> u32 {
    let n = size;
    [0, n - 1, n * (n - 1), n * n - 1]
        .into_iter()
        .fold(0, |m, c| m | 1 << c)
}

/// M. Hiroi's lower bound: two moves per black piece in a corner.
pub fn corner_bound(board: &Board) -> u32 {
    2 * (board.black() & corners(board.size())).count_ones()
}

/// A board searched in place by IDA*.
struct CornerNode<'a> {
    board: Board,
    rules: &'a Rules,
    corners: u32,
}

/// A jump, with what undoing it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    from: u8,
    to: u8,
    flips: u32,
}

impl Node for CornerNode<'_> {
    type Move = Step;

    #[inline]
    fn lower_bound(&self) -> u32 {
        2 * (self.board.black() & self.corners).count_ones()
    }

    #[inline]
    fn is_goal(&self) -> bool {
        self.board.is_solved()
    }

    fn moves(&self, previous: Option<Step>, out: &mut Vec<Step>) {
        let to = self.board.empty() as u8;
        for j in self.rules.jumps(self.board.empty()) {
            // The piece that just jumped jumping straight back would recreate
            // the position of two moves before.
            if previous.is_some_and(|p| p.to == j.from) {
                continue;
            }
            out.push(Step {
                from: j.from,
                to,
                flips: j.flips,
            });
        }
    }

    #[inline]
    fn apply(&mut self, m: Step) -> u32 {
        self.board = self.board.after(m.from, m.flips);
        1
    }

    #[inline]
    fn undo(&mut self, m: Step) {
        self.board = self.board.after(m.to, m.flips);
    }
}

fn solve_ida(
    start: &Board,
    rules: &Rules,
    budget: &Budget,
) -> Result<Outcome<Solution>, SolveError> {
    let mut node = CornerNode {
        board: *start,
        rules,
        corners: corners(start.size()),
    };
    let options = IdaOptions {
        budget: budget.clone(),
        ..IdaOptions::default()
    };
    let outcome = ida_star(&mut node, &options).map_err(SolveError::Interrupted)?;
    let found = outcome.found.map(|path| {
        let mut boards = vec![*start];
        for step in path.moves {
            let last = boards[boards.len() - 1];
            boards.push(last.after(step.from, step.flips));
        }
        Solution { boards }
    });
    Ok(Outcome {
        found,
        stats: outcome.stats,
    })
}

/// Why a claimed solution is not one.
pub type ReplayError = search_core::replay::ReplayError<MoveError, Board>;

/// Plays `jumps` from `start` with the rules of `variant` alone and checks
/// that every piece ends white; returns the boards.
pub fn replay(start: &Board, variant: Variant, jumps: &[Jump]) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, jumps, |b, j| b.play(variant, j), Board::is_solved)
}
