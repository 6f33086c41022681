//! Optimal solutions: the algorithms, their options, the answer, and the
//! replay check.

use std::sync::Arc;

use search_core::bound::{Bound, Max, Mirrored, Sum};
use search_core::ida::{Ida, IdaOptions};
use search_core::puzzle::SolveError;
use search_core::{Outcome, Path, Stats};

use crate::bounds::{Group, LinearConflict, Manhattan};
use crate::pdb::{Partition, PatternDb, PdbError};
use crate::{Board, Move, SlidingSpace, Solution, Transpose};

/// The most cells for which the breadth-first searches run: their tables have
/// `cells!` entries of one bit (BFS) or two (bidirectional): 60 or 120 MB for
/// 12 cells, 45 or 90 KB for the 8-puzzle.
pub const MAX_BFS_CELLS: usize = 12;

/// A search algorithm. All of them return a shortest solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// IDA* with additive pattern databases: [`SolveOptions::pattern_db`],
    /// or the tables of [`Partition::default_for`] the goal (6-6-3 on the
    /// 4x4 board) built for the call. The default: the one algorithm that
    /// solves every 15-puzzle in seconds.
    #[default]
    IdaPdb,
    /// IDA* with Manhattan distance plus linear conflicts (two tiles in
    /// their goal row or column, in reversed order, cost two more moves).
    IdaLinearConflict,
    /// IDA* with the Manhattan-distance bound, updated per move, bounds
    /// stepping by 2 (every solution has the parity of the blank's distance).
    IdaManhattan,
    /// Breadth-first search from both ends, expanding the smaller frontier.
    /// Up to 12 cells.
    Bidirectional,
    /// Breadth-first search from the start, the visited set one bit per
    /// Lehmer rank (Hiroi's method). Up to 12 cells.
    Bfs,
}

search_core::named_values! {
    /// Every algorithm, the default first: on the 15-puzzle the bounds are
    /// in order of strength, and the breadth-first searches do not run.
    Algorithm: "algorithm" {
        IdaPdb => "ida-pdb",
        IdaLinearConflict => "ida-linear-conflict",
        IdaManhattan => "ida-manhattan",
        Bidirectional => "bidirectional",
        Bfs => "bfs",
    }
}

search_core::solve_options! {
    /// How [`solve`] searches. `max_memory` bounds the breadth-first
    /// searches' visited sets and the pattern databases built for the call.
    ///
    /// # Example
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// use eight_puzzle::{Algorithm, Board, Partition, PatternDb, SolveOptions, solve};
    ///
    /// // Tables built once, then used by any number of searches.
    /// let goal = Board::solved(3, 3)?;
    /// let db = PatternDb::build(&goal, &Partition::default_for(&goal), u64::MAX, |_, _| {})?;
    /// let options = SolveOptions {
    ///     pattern_db: Some(Arc::new(db)),
    ///     reflect: true,
    ///     ..SolveOptions::default()
    /// };
    /// let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
    /// let outcome = solve(&start, &goal, &options)?;
    /// assert_eq!(outcome.found.expect("reachable").len(), 31);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    SolveOptions<Algorithm> {
        /// [`Algorithm::IdaPdb`]: also take the tables' sum over the board
        /// reflected about its main diagonal, the bound being the larger sum
        /// (Korf's 100 15-puzzles expand 3.7 times fewer nodes). Only where the
        /// reflection maps the goal to itself (a square board, the goal's blank
        /// on the diagonal: [`check_reflection`]); elsewhere the search runs
        /// without it. Off by default.
        reflect: bool = false,
        /// Every IDA*: skip the sequences of up to 16 blank moves that another
        /// sequence, no longer and earlier in the order up, down, left, right,
        /// replaces from every board where it applies
        /// ([`search_core::prune::Automaton`], built once per board shape). On
        /// by default; off, the search finds the same solution expanding more
        /// nodes.
        pruning: bool = true,
        /// [`Algorithm::IdaPdb`]: tables built or loaded beforehand (any
        /// [`Partition`]), instead of the default partition's built for the
        /// call. They must be for the goal solved towards.
        pattern_db: Option<Arc<PatternDb>> = None,
    }
}

/// Checks that `goal` can be a goal of `start`: the same shape (the tiles
/// are then the same, every board holding `0..cells` once);
/// [`SolveError::Mismatch`] otherwise. Whether `goal` is reachable is
/// another question, [`Board::can_reach`]'s.
///
/// ```
/// use eight_puzzle::{Board, check_goal};
///
/// let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// assert!(check_goal(&start, &Board::solved(3, 3)?).is_ok());
/// assert!(check_goal(&start, &Board::solved(4, 4)?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_goal(start: &Board, goal: &Board) -> Result<(), SolveError> {
    SolveError::check_shape(
        (start.width(), start.height()),
        (goal.width(), goal.height()),
    )
}

/// A shortest solution from `start` to `goal` (`found`, proven optimal), or
/// `None` if `goal` cannot be reached (decided at once by
/// [`Board::can_reach`], never by searching), with the search's counters.
///
/// Errors: [`SolveError::Mismatch`] if the boards' shapes differ ([`check_goal`]) or the
/// pattern databases are for another goal; [`SolveError::Unsupported`] for
/// a breadth-first search above [`MAX_BFS_CELLS`] cells or reflection on a
/// board that is not square; [`SolveError::TooLarge`] if the tables exceed
/// [`SolveOptions::max_memory`]; [`SolveError::Interrupted`] when the budget
/// runs out.
///
/// # Example
///
/// ```
/// use eight_puzzle::{Algorithm, Board, SolveOptions, solve};
///
/// let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// let goal = Board::solved(3, 3)?;
/// let options = SolveOptions::with_algorithm(Algorithm::Bidirectional);
/// let solution = solve(&start, &goal, &options)?.found.unwrap();
/// assert_eq!(solution.len(), 31);
///
/// let swapped = Board::from_rows(&["1 2 3", "4 5 6", "8 7 0"])?;
/// assert!(solve(&swapped, &goal, &options)?.found.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Outcome<Solution>, SolveError> {
    check_goal(start, goal)?;
    let algorithm = options.algorithm;
    let cells = start.cells();
    let budget = &options.budget;
    if let Algorithm::Bfs | Algorithm::Bidirectional = algorithm {
        if cells > MAX_BFS_CELLS {
            return Err(SolveError::Unsupported(format!(
                "{algorithm} needs a table of {cells}! states; it runs up to {MAX_BFS_CELLS} cells (use ida-pdb)"
            )));
        }
        // One bit per arrangement, two from both ends.
        let bits = (1..=cells as u64).product::<u64>();
        let needed = if algorithm == Algorithm::Bfs {
            bits
        } else {
            2 * bits
        }
        .div_ceil(8);
        if needed > options.max_memory {
            return Err(SolveError::TooLarge {
                needed,
                limit: options.max_memory,
            });
        }
    }
    if algorithm == Algorithm::IdaPdb {
        if let Some(db) = &options.pattern_db {
            if db.goal() != goal {
                return Err(SolveError::Mismatch(
                    "the pattern databases were built for another goal".to_string(),
                ));
            }
        }
    }
    // Parity decides reachability before any table is built.
    if !start.can_reach(goal) {
        return Ok(Outcome {
            found: None,
            stats: Stats::default(),
        });
    }
    let rules = SlidingSpace::new(start.width(), start.height()).expect("a board's shape is valid");
    let at_goal = |board: &Board| board == goal;
    let outcome = match algorithm {
        Algorithm::Bfs => search_core::bfs::solve_ranked(&rules, start, at_goal, budget)?,
        Algorithm::Bidirectional => {
            search_core::bidirectional::solve_ranked(&rules, start, &[*goal], budget)?
        }
        Algorithm::IdaManhattan => ida(&rules, &Manhattan::new(goal), start, goal, options)?,
        Algorithm::IdaLinearConflict => {
            ida(&rules, &LinearConflict::new(goal), start, goal, options)?
        }
        Algorithm::IdaPdb => {
            let built;
            let db = match &options.pattern_db {
                Some(db) => db,
                None => {
                    let partition = Partition::default_for(goal);
                    built = PatternDb::build(goal, &partition, options.max_memory, |_, _| {})
                        .map_err(pdb_error)?;
                    &built
                }
            };
            let tables = Sum::<Group<'_>, MAX_TABLES>::new(db.groups())
                .expect("a partition has at most MAX_TABLES groups");
            let reflection = options.reflect.then(|| Transpose::new(goal)).flatten();
            match reflection
                .and_then(|t| Mirrored::new::<SlidingSpace>(tables.clone(), t, goal).ok())
            {
                Some(mirrored) => ida(&rules, &Max(tables, mirrored), start, goal, options)?,
                None => ida(&rules, &tables, start, goal, options)?,
            }
        }
    };
    let found = outcome.found.map(|path| solution(start, path));
    Ok(Outcome {
        found,
        stats: outcome.stats,
    })
}

/// The most pattern databases a partition holds (IDA* keeps each one's
/// memo in one array it copies at every move).
pub const MAX_TABLES: usize = 8;

/// Whether the reflection about the main diagonal may serve as a bound's
/// symmetry towards `goal`: the board must be square and the reflection
/// must map the goal to itself (its blank on the diagonal), or a lookup
/// through it would bound the distance to another goal. The rule is
/// search-core's ([`Mirrored::new`]); this asks it without searching.
///
/// ```
/// use eight_puzzle::{Board, check_reflection};
///
/// assert!(check_reflection(&Board::solved(4, 4)?).is_ok());
/// let off = Board::from_rows(&["1 0 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"])?;
/// assert!(check_reflection(&off).is_err());
/// assert!(check_reflection(&Board::solved(4, 3)?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_reflection(goal: &Board) -> Result<(), SolveError> {
    let Some(transpose) = Transpose::new(goal) else {
        return Err(SolveError::Unsupported(format!(
            "the reflection about the diagonal needs a square board, not {}x{}",
            goal.width(),
            goal.height()
        )));
    };
    Mirrored::new::<SlidingSpace>((), transpose, goal)
        .map(|_| ())
        .map_err(|_| {
            SolveError::Unsupported(
                "the reflection about the diagonal does not map the goal to itself (its blank is off the diagonal)"
                    .to_string(),
            )
        })
}

/// What a run's name adds to say whether the tables were also looked up on
/// the reflected board: only where [`check_reflection`] allows it;
/// elsewhere the search runs without.
///
/// ```
/// use eight_puzzle::{Board, reflection_note};
///
/// assert_eq!(reflection_note(&Board::solved(4, 4)?), ", reflected");
/// assert!(reflection_note(&Board::solved(4, 3)?).starts_with(", not reflected ("));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reflection_note(goal: &Board) -> &'static str {
    match check_reflection(goal) {
        Ok(()) => ", reflected",
        Err(_) => ", not reflected (the reflection does not map the goal to itself)",
    }
}

/// IDA* from `start` towards `goal` with `bound`, the moves gated by the
/// shape's pruning automaton if `options.pruning`; bounds step by 2, every
/// solution having the parity of the blank's distance to its goal cell.
fn ida<B: Bound<SlidingSpace, Memo: Send + Sync> + Sync>(
    rules: &SlidingSpace,
    bound: &B,
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Outcome<Path<crate::Slide>>, SolveError> {
    let ida_options = IdaOptions {
        step: 2,
        residue: (start.manhattan(start.blank(), goal.blank()) % 2) as u32,
        max_bound: None,
        budget: options.budget.clone(),
    };
    let at_goal = |board: &Board| board == goal;
    let automaton = rules.automaton().filter(|_| options.pruning);
    Ok(match &automaton {
        Some(automaton) => Ida::new(rules, bound)
            .pruned(automaton)
            .with_options(ida_options)
            .solve_parallel(start, at_goal),
        None => Ida::new(rules, bound)
            .with_options(ida_options)
            .solve_parallel(start, at_goal),
    }?)
}

/// The solution playing `path` from `start`: the tiles moved and the boards.
fn solution(start: &Board, path: Path<crate::Slide>) -> Solution {
    let mut boards = vec![*start];
    let mut moves = Vec::with_capacity(path.moves.len());
    for slide in path.moves {
        let last = boards[boards.len() - 1];
        let m = Move {
            tile: last.tile(usize::from(slide.from)),
        };
        boards.push(last.play(&m).expect("the searches play legal moves"));
        moves.push(m);
    }
    let reason = path.inadmissible.map(|i| i.to_string());
    Solution::new(moves, boards, reason.is_none()).with_reason(reason)
}

/// A pattern database's failure to be built, as a [`SolveError`].
fn pdb_error(error: PdbError) -> SolveError {
    match error {
        PdbError::TooLarge { bytes, max } => SolveError::TooLarge {
            needed: bytes,
            limit: max,
        },
        other => SolveError::Unsupported(other.to_string()),
    }
}

/// Why a claimed solution is not one.
pub type ReplayError = search_core::replay::ReplayError<crate::MoveError, Board>;

/// Plays `moves` from `start` with the puzzle's own rules, independently of
/// any search, and checks that they end on `goal`. Returns the boards passed
/// through, the start first.
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, Move, replay};
///
/// let start = Board::from_rows(&["1 2 3", "4 5 6", "0 7 8"])?;
/// let goal = Board::solved(3, 3)?;
/// let moves: Vec<Move> = ["7", "8"].iter().map(|m| m.parse()).collect::<Result<_, _>>()?;
/// assert_eq!(replay(&start, &goal, &moves)?.len(), 3);
/// assert!(replay(&start, &goal, &[Move { tile: 8 }]).is_err()); // 8 is not next to the blank
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay(start: &Board, goal: &Board, moves: &[Move]) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, moves, |b, m| b.play(&m), |end| end == goal)
}
