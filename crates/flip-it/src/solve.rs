//! Shortest solutions: the algorithms, the answer, and the replay check.

use std::fmt;

use search_core::bound::Computed;
use search_core::ida::{Ida, IdaOptions};
use search_core::rules::Ranked;
use search_core::visited::{DenseSides, DenseVisited};
use search_core::{Budget, Outcome, Path};

use crate::space::Jump;
use crate::{Board, FlipSpace, Move, ReplayError, Solution, SolveError};

/// A search algorithm; each returns a shortest solution, proven optimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// Breadth-first search from the start and from all the goals at once,
    /// two bits per placement (the ranks of [`FlipSpace`]): the fastest,
    /// and the default.
    #[default]
    Bidirectional,
    /// Breadth-first search from the start, one visited bit per placement,
    /// until any all-white placement.
    Bfs,
    /// M. Hiroi's iterative deepening with his corner bound: a black piece
    /// in a corner can never be jumped over, so it must jump out and be
    /// jumped later, at least two moves each; a jump straight back is
    /// never tried. The bound is a lower bound on every board size: the
    /// crate's tests compare it with the exact distance of every 3x3 and 4x4
    /// placement, and of every 5x5 placement within 7 moves of the goals,
    /// the only ones where a bound of at most 8 could exceed the distance.
    IdaCorners,
}

search_core::named_values! {
    /// Every algorithm, fastest first.
    Algorithm: "algorithm" {
        Bidirectional => "bidirectional",
        Bfs => "bfs",
        IdaCorners => "ida-corners",
    }
}

/// What a solution must reach. Flip It has one goal, whatever the board:
/// every piece white, the empty cell anywhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Goal {
    /// Every piece white, the empty cell anywhere.
    #[default]
    EveryPieceWhite,
}

impl Goal {
    /// Whether `board` reaches the goal.
    pub fn is_reached(self, board: &Board) -> bool {
        match self {
            Goal::EveryPieceWhite => board.is_solved(),
        }
    }
}

impl search_core::puzzle::Goal<Board> for Goal {
    fn is_reached(&self, board: &Board) -> bool {
        Goal::is_reached(*self, board)
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::EveryPieceWhite => f.write_str("every piece white"),
        }
    }
}

/// How to solve: the algorithm ([`Algorithm::Bidirectional`] by default),
/// a node limit or a cancellation flag (none by default), and the bytes the
/// search's table of placements may take (one bit per placement for BFS,
/// two for the bidirectional search, none for IDA* beyond 3x3):
/// [`DEFAULT_MAX_MEMORY`](search_core::puzzle::DEFAULT_MAX_MEMORY) by default.
pub type SolveOptions = search_core::puzzle::SolveOptions<Algorithm>;

/// A shortest solution from `start` to `goal` under the rules of the
/// board's variant: `found` is `None` when no all-white placement can be
/// reached (never the case for 4x4 and 5x5, as the whole-space sweeps
/// show), with the search's counters in either case. Every algorithm
/// proves its answer minimal ([`Solution::optimal`] is true).
///
/// [`Algorithm::IdaCorners`] cannot tell an unreachable goal from a far one
/// by itself: on a 3x3 board, where some placements cannot be solved, a
/// breadth-first search over its 2,304 placements decides reachability
/// first; on 4x4 and 5x5 boards every placement can be solved.
///
/// # Errors
///
/// [`SolveError::TooLarge`] when the algorithm's table of placements needs
/// more than `options.max_memory`; [`SolveError::Interrupted`] when the
/// budget runs out.
///
/// # Example
///
/// ```
/// use flip_it::{Algorithm, Board, Goal, SolveOptions, Variant, replay, solve};
///
/// let start = Board::from_rows(&["BBBB", "BSBB", "BBBB", "BBBB"])?;
/// let solution = solve(&start, &Goal::EveryPieceWhite, &SolveOptions::default())?.found.unwrap();
/// assert_eq!(solution.len(), 22);
/// replay(&start, &Goal::EveryPieceWhite, &solution.moves)?;
/// let diagonal = Board::from_rows_in(Variant::Diagonal, &["BBBB", "BSBB", "BBBB", "BBBB"])?;
/// let options = SolveOptions { algorithm: Algorithm::Bfs, ..SolveOptions::default() };
/// assert_eq!(solve(&diagonal, &Goal::EveryPieceWhite, &options)?.found.unwrap().len(), 18);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    start: &Board,
    goal: &Goal,
    options: &SolveOptions,
) -> Result<Outcome<Solution>, SolveError> {
    let Goal::EveryPieceWhite = goal;
    let space = FlipSpace::new(start.size(), start.variant()).expect("a board's size is valid");
    let needed = match options.algorithm {
        Algorithm::Bfs => space.size().div_ceil(8),
        Algorithm::Bidirectional => space.size().div_ceil(4),
        Algorithm::IdaCorners if start.size() == 3 => space.size().div_ceil(8),
        Algorithm::IdaCorners => 0,
    };
    if needed > options.max_memory {
        return Err(SolveError::TooLarge {
            needed,
            limit: options.max_memory,
        });
    }
    let budget = &options.budget;
    let rank = |b: &Board| space.rank(b);
    let bfs = |budget| {
        let visited = DenseVisited::new(space.size(), rank);
        search_core::bfs::solve_with(&space, start, Board::is_solved, visited, budget)
    };
    let outcome = match options.algorithm {
        Algorithm::Bfs => bfs(budget)?,
        Algorithm::Bidirectional => {
            let sides = DenseSides::new(space.size(), rank);
            search_core::bidirectional::solve_with(&space, start, &space.goals(), sides, budget)?
        }
        Algorithm::IdaCorners => {
            if start.size() == 3 {
                let reachable = bfs(&Budget::default())?;
                if reachable.found.is_none() {
                    return Ok(Outcome {
                        found: None,
                        stats: reachable.stats,
                    });
                }
            }
            let options = IdaOptions {
                budget: budget.clone(),
                ..IdaOptions::default()
            };
            Ida::new(&space, &Computed(corner_bound))
                .with_options(options)
                .solve(start, Board::is_solved)?
        }
    };
    Ok(Outcome {
        found: outcome.found.map(|path| solution(start, path)),
        stats: outcome.stats,
    })
}

/// The solution of `path`'s jumps from `start`.
fn solution(start: &Board, path: Path<Jump>) -> Solution {
    let mut boards = vec![*start];
    let mut moves = Vec::with_capacity(path.moves.len());
    for j in path.moves {
        let last = boards[boards.len() - 1];
        boards.push(last.after(j.from, j.flips));
        moves.push(Move {
            from: usize::from(j.from),
            to: usize::from(j.to),
        });
    }
    let reason = path.inadmissible.map(|i| i.to_string());
    Solution::new(moves, boards, reason.is_none()).with_reason(reason)
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

/// Plays `moves` from `start` with the rules of the board's variant alone
/// and checks that they end on `goal`; returns the boards, the start first.
///
/// # Example
///
/// ```
/// use flip_it::{Board, Goal, Move, replay};
///
/// let start = Board::from_rows(&["WWWW", "WWBS", "WWWW", "WWWW"])?;
/// let boards = replay(&start, &Goal::EveryPieceWhite, &[Move { from: 5, to: 7 }])?;
/// assert!(boards[1].is_solved());
/// let err = replay(&start, &Goal::EveryPieceWhite, &["6-7".parse()?]).unwrap_err();
/// assert_eq!(err.to_string(), "move 1: 6-7 is not a jump along a line of the board, over at least one piece");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(start: &Board, goal: &Goal, moves: &[Move]) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, moves, |b, m| b.play(&m), |end| goal.is_reached(end))
}
