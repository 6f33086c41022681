//! Optimal solutions: the algorithms, the answer, and the replay check.

use std::fmt;
use std::str::FromStr;

use search_core::bfs::bfs_with;
use search_core::bidirectional::bfs_bidirectional_with;
use search_core::ida::{IdaOptions, OperatorNode, ida_star, ida_star_pruned};
use search_core::layers::RankedSpace;
use search_core::visited::{DenseSides, DenseVisited};
use search_core::{Budget, Interrupted, Stats};

use crate::manhattan::{ManhattanNode, Slide, automaton};
use crate::pdb::{Partition, PatternDb, PdbError};
use crate::pdb_node::{ConflictNode, PdbNode};
use crate::rank::Ranked;
use crate::{Board, MoveError, SlidingSpace};

/// The most cells for which the breadth-first searches run: their tables have
/// `cells!` entries of one bit (BFS) or two (bidirectional): 60 or 120 MB for
/// 12 cells, 45 or 90 KB for the 8-puzzle.
pub const MAX_BFS_CELLS: usize = 12;

/// A search algorithm. All of them return a shortest solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Breadth-first search from the start, the visited set one bit per
    /// Lehmer rank (Hiroi's method). Up to 12 cells.
    Bfs,
    /// Breadth-first search from both ends, expanding the smaller frontier.
    /// Up to 12 cells.
    Bidirectional,
    /// IDA* with the Manhattan-distance bound, updated per move, bounds
    /// stepping by 2 (every solution has the parity of the blank's distance).
    IdaManhattan,
    /// IDA* with Manhattan distance plus linear conflicts (two tiles in
    /// their goal row or column, in reversed order, cost two more moves).
    IdaLinearConflict,
    /// IDA* with additive pattern databases of [`Partition::default_for`]
    /// the goal (6-6-3 on the 4x4 board), built for this call. To reuse
    /// tables, or for 7-8 and reflection, build a [`PatternDb`] and call
    /// [`solve_pdb`].
    IdaPdb,
}

impl Algorithm {
    /// Every algorithm, in the order of the table above.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Bfs,
        Algorithm::Bidirectional,
        Algorithm::IdaManhattan,
        Algorithm::IdaLinearConflict,
        Algorithm::IdaPdb,
    ];

    /// The algorithm's name, as [`FromStr`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Bidirectional => "bidirectional",
            Algorithm::IdaManhattan => "ida-manhattan",
            Algorithm::IdaLinearConflict => "ida-linear-conflict",
            Algorithm::IdaPdb => "ida-pdb",
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
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!("unknown algorithm {s:?} (known: {})", names.join(", "))
            })
    }
}

/// A shortest solution: the boards from start to goal, and the search's
/// counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Every board from the start to the goal, both included.
    pub boards: Vec<Board>,
    /// What the search did to find (and prove) it.
    pub stats: Stats,
}

impl Solution {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.boards.len() - 1
    }

    /// Whether the start was already the goal.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tile moved at each step.
    pub fn moves(&self) -> Vec<u8> {
        self.boards
            .windows(2)
            .map(|w| {
                w[0].moved_tile(&w[1])
                    .expect("consecutive boards are one move apart")
            })
            .collect()
    }
}

/// Why a solver could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// Start and goal have different shapes.
    ShapeMismatch,
    /// The algorithm needs a table too large for this board.
    TooLarge {
        /// The algorithm.
        algorithm: Algorithm,
        /// The board's cells.
        cells: usize,
    },
    /// The budget ran out or the search was cancelled.
    Interrupted(Interrupted),
    /// The pattern databases are for another goal, or reflection was asked
    /// on a board that is not square.
    Pdb(PdbError),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::ShapeMismatch => write!(f, "start and goal have different shapes"),
            SolveError::TooLarge { algorithm, cells } => write!(
                f,
                "{algorithm} needs a table of {cells}! states; it runs up to {MAX_BFS_CELLS} cells (use ida-pdb)"
            ),
            SolveError::Interrupted(why) => write!(f, "{why}"),
            SolveError::Pdb(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A shortest solution from `start` to `goal`, or `None` if `goal` cannot be
/// reached (decided at once by [`Board::can_reach`], never by searching).
///
/// # Example
///
/// ```
/// use eight_puzzle::{Algorithm, Board, solve};
///
/// let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// let goal = Board::solved(3, 3)?;
/// let solution = solve(&start, &goal, Algorithm::Bidirectional)?.unwrap();
/// assert_eq!(solution.len(), 31);
///
/// let swapped = Board::from_rows(&["1 2 3", "4 5 6", "8 7 0"])?;
/// assert!(solve(&swapped, &goal, Algorithm::Bfs)?.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
) -> Result<Option<Solution>, SolveError> {
    solve_with(start, goal, algorithm, &Budget::default())
}

/// [`solve`] with a node budget or a cancellation flag.
pub fn solve_with(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
    budget: &Budget,
) -> Result<Option<Solution>, SolveError> {
    if (start.width(), start.height()) != (goal.width(), goal.height()) {
        return Err(SolveError::ShapeMismatch);
    }
    let cells = start.cells();
    let breadth_first = matches!(algorithm, Algorithm::Bfs | Algorithm::Bidirectional);
    if breadth_first && cells > MAX_BFS_CELLS {
        return Err(SolveError::TooLarge { algorithm, cells });
    }
    if !start.can_reach(goal) {
        return Ok(None);
    }
    let space = SlidingSpace::new(start.width(), start.height()).expect("a board's shape is valid");
    // Nodes carry their Lehmer rank, updated move by move, to index the dense tables.
    let shape = space.shape();
    let successors = |n: &Ranked| shape.successors(*n);
    let rank_of = |n: &Ranked| n.rank;
    let goal_rank = space.rank(goal);
    let outcome = match algorithm {
        Algorithm::Bfs => bfs_with(
            &space.node(start),
            successors,
            |n: &Ranked| n.rank == goal_rank,
            DenseVisited::new(space.size(), rank_of),
            budget,
        ),
        Algorithm::Bidirectional => bfs_bidirectional_with(
            &space.node(start),
            &space.node(goal),
            successors,
            successors,
            DenseSides::new(space.size(), rank_of),
            budget,
        ),
        Algorithm::IdaManhattan => {
            return solve_ida(start, ManhattanNode::new(start, goal), goal, true, budget);
        }
        Algorithm::IdaLinearConflict => {
            return solve_ida(start, ConflictNode::new(start, goal), goal, true, budget);
        }
        Algorithm::IdaPdb => {
            let db = PatternDb::build(goal, &Partition::default_for(goal), u64::MAX, |_, _| {})
                .map_err(SolveError::Pdb)?;
            return solve_pdb(start, &db, false, budget);
        }
    }
    .map_err(SolveError::Interrupted)?;
    Ok(outcome.found.map(|path| Solution {
        boards: path.iter().map(|n| space.board(n)).collect(),
        stats: outcome.stats,
    }))
}

/// A shortest solution from `start` to the goal of `db` by IDA* with its
/// additive pattern databases; with `reflect`, the bound is the larger of the
/// tables' sums on the board and on the board reflected about its main
/// diagonal (square boards only). `None` if the goal cannot be reached
/// (decided by parity first).
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, Partition, PatternDb, replay, solve_pdb};
/// use search_core::Budget;
///
/// let goal = Board::solved(3, 3)?;
/// let db = PatternDb::build(&goal, &Partition::default_for(&goal), u64::MAX, |_, _| {})?;
/// let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// let solution = solve_pdb(&start, &db, true, &Budget::default())?.expect("reachable");
/// assert_eq!(solution.len(), 31);
/// replay(&start, &goal, &solution.moves())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_pdb(
    start: &Board,
    db: &PatternDb,
    reflect: bool,
    budget: &Budget,
) -> Result<Option<Solution>, SolveError> {
    solve_pdb_with_pruning(start, db, reflect, true, budget)
}

/// [`solve_pdb`] with the pruning of redundant move sequences on (as in
/// every IDA* of this crate) or off, to measure what it saves: both return
/// the same solution, the pruned search expanding fewer nodes.
///
/// The pruning skips every sequence of up to 14 blank moves that another
/// sequence, no longer and earlier in the order up, down, left, right,
/// replaces from every board where it applies
/// ([`search_core::prune::Automaton`], built once per board shape).
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, Partition, PatternDb, solve_pdb_with_pruning};
/// use search_core::Budget;
///
/// let goal = Board::solved(3, 3)?;
/// let db = PatternDb::build(&goal, &Partition::default_for(&goal), u64::MAX, |_, _| {})?;
/// let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// let budget = Budget::default();
/// let pruned = solve_pdb_with_pruning(&start, &db, false, true, &budget)?.unwrap();
/// let plain = solve_pdb_with_pruning(&start, &db, false, false, &budget)?.unwrap();
/// assert_eq!(pruned.boards, plain.boards);
/// assert!(pruned.stats.expanded < plain.stats.expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_pdb_with_pruning(
    start: &Board,
    db: &PatternDb,
    reflect: bool,
    prune: bool,
    budget: &Budget,
) -> Result<Option<Solution>, SolveError> {
    let goal = db.goal();
    if (start.width(), start.height()) != (goal.width(), goal.height()) {
        return Err(SolveError::ShapeMismatch);
    }
    if reflect && start.width() != start.height() {
        return Err(SolveError::Pdb(PdbError::Shape(format!(
            "reflection needs a square board, not {}x{}",
            start.width(),
            start.height()
        ))));
    }
    if !start.can_reach(goal) {
        return Ok(None);
    }
    solve_ida(start, PdbNode::new(start, db, reflect), goal, prune, budget)
}

/// IDA* from `start` with `node`'s bound, the moves gated by the shape's
/// pruning automaton if `prune`.
pub(crate) fn solve_ida<N: OperatorNode<Move = Slide>>(
    start: &Board,
    mut node: N,
    goal: &Board,
    prune: bool,
    budget: &Budget,
) -> Result<Option<Solution>, SolveError> {
    let options = IdaOptions {
        step: 2,
        residue: (start.manhattan(start.blank(), goal.blank()) % 2) as u32,
        max_bound: None,
        budget: budget.clone(),
    };
    // The goal is reachable (checked by parity), so the search ends.
    let outcome = if prune {
        let automaton = automaton(start.width(), start.height());
        ida_star_pruned(&mut node, &options, &automaton)
    } else {
        ida_star(&mut node, &options)
    }
    .map_err(SolveError::Interrupted)?;
    let Some(path) = outcome.found else {
        return Ok(None);
    };
    let mut boards = vec![*start];
    for slide in path.moves {
        let last = boards[boards.len() - 1];
        let tile = last.tile(usize::from(slide.from));
        boards.push(last.slide(tile).expect("IDA* only plays legal moves"));
    }
    Ok(Some(Solution {
        boards,
        stats: outcome.stats,
    }))
}

/// Why a claimed solution is not one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// Move `index` (from 0) is illegal.
    IllegalMove {
        /// The move's position in the sequence.
        index: usize,
        /// Why it is illegal.
        error: MoveError,
    },
    /// All moves are legal, but they end on another board.
    WrongEnd(Board),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::IllegalMove { index, error } => write!(f, "move {}: {error}", index + 1),
            ReplayError::WrongEnd(board) => {
                write!(f, "the moves end on {:?}, not on the goal", board.tiles())
            }
        }
    }
}

impl std::error::Error for ReplayError {}

/// Plays `tiles` (the tile moved at each step) from `start` with the
/// puzzle's own rules, independently of any search, and checks that they end
/// on `goal`. Returns the boards passed through.
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, replay};
///
/// let start = Board::from_rows(&["1 2 3", "4 5 6", "0 7 8"])?;
/// let goal = Board::solved(3, 3)?;
/// assert_eq!(replay(&start, &goal, &[7, 8])?.len(), 3);
/// assert!(replay(&start, &goal, &[8]).is_err()); // 8 is not next to the blank
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(start: &Board, goal: &Board, tiles: &[u8]) -> Result<Vec<Board>, ReplayError> {
    let mut boards = vec![*start];
    for (index, &tile) in tiles.iter().enumerate() {
        let next = boards[index]
            .slide(tile)
            .map_err(|error| ReplayError::IllegalMove { index, error })?;
        boards.push(next);
    }
    let end = boards[boards.len() - 1];
    if end != *goal {
        return Err(ReplayError::WrongEnd(end));
    }
    Ok(boards)
}
