//! Shortest solutions: the algorithms, the answer, and the replay check.

use std::fmt;

use search_core::bfs::bfs_with;
use search_core::bidirectional::bfs_bidirectional_to_any_with;
use search_core::ida::{IdaOptions, Node, ida_star};
use search_core::layers::RankedSpace;
use search_core::visited::{DenseSides, DenseVisited};
use search_core::{Budget, Outcome};

use crate::rules::Rules;
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
    let rules = space.rules();
    let next = |b: &Board| {
        let b = *b;
        rules
            .jumps(b.empty())
            .iter()
            .map(move |j| b.after(j.from, j.flips))
    };
    let rank = |b: &Board| space.rank(b);
    let outcome = match options.algorithm {
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
                )?;
                if reachable.found.is_none() {
                    return Ok(Outcome {
                        found: None,
                        stats: reachable.stats,
                    });
                }
            }
            return solve_ida(start, rules, budget);
        }
    }?;
    Ok(Outcome {
        found: outcome.found.map(solution_through),
        stats: outcome.stats,
    })
}

/// The solution passing through `boards`, one jump apart: each move's piece
/// leaves the cell that is empty after it.
fn solution_through(boards: Vec<Board>) -> Solution {
    let moves = boards
        .windows(2)
        .map(|w| Move {
            from: w[1].empty(),
            to: w[0].empty(),
        })
        .collect();
    Solution::new(moves, boards, true)
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
    let outcome = ida_star(&mut node, &options)?;
    let found = outcome.found.map(|path| {
        let mut boards = vec![*start];
        for step in path.moves {
            let last = boards[boards.len() - 1];
            boards.push(last.after(step.from, step.flips));
        }
        solution_through(boards)
    });
    Ok(Outcome {
        found,
        stats: outcome.stats,
    })
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
