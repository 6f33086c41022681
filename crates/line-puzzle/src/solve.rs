//! Shortest solutions by IDA*, with Hiroi's bound or with additive
//! pattern databases, and the replay check.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use search_core::grid::{Rect, Sliding};
use search_core::ida::{IdaOptions, Node, OperatorNode, ida_star, ida_star_pruned};
use search_core::prune::{Automaton, AutomatonCache};
use search_core::{Budget, Interrupted, Outcome};

use crate::seed::NearestGoal;
use crate::{Board, Letter, LineSpace, Move, MoveError, PatternDb};

/// How IDA* bounds the distance to the goal. Every bound is admissible, so
/// every algorithm returns a shortest solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Hiroi's bound: each piece's Manhattan distance to the nearest goal
    /// cell of its letter. The baseline every improvement is measured
    /// against.
    IdaSeed,
    /// Additive pattern databases over the letter groups {A, B} and
    /// {C, D}, their sum maxed with Hiroi's bound. The strongest bound
    /// here: the fastest search once its tables exist, which take a few
    /// hundred milliseconds to build per goal.
    IdaPdb,
    /// One pattern database per letter, their sum maxed with Hiroi's
    /// bound. Weaker than [`Algorithm::IdaPdb`] (the search expands more
    /// nodes), but its tables hold at most a few thousand placements each
    /// and are built in about a millisecond: the fastest end to end when
    /// each goal is solved towards once or a few times.
    IdaLetterPdb,
}

impl Algorithm {
    /// Every algorithm.
    pub const ALL: [Algorithm; 3] = [
        Algorithm::IdaSeed,
        Algorithm::IdaPdb,
        Algorithm::IdaLetterPdb,
    ];

    /// The name [`FromStr`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::IdaSeed => "ida-seed",
            Algorithm::IdaPdb => "ida-pdb",
            Algorithm::IdaLetterPdb => "ida-letter-pdb",
        }
    }

    /// The letter groups of its pattern databases (none for Hiroi's bound).
    pub fn groups(self) -> &'static [&'static [Letter]] {
        match self {
            Algorithm::IdaSeed => &[],
            Algorithm::IdaPdb => &GROUPS,
            Algorithm::IdaLetterPdb => &LETTER_GROUPS,
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
                format!("unknown algorithm {s:?} (known: ida-seed, ida-pdb, ida-letter-pdb)")
            })
    }
}

/// The letter groups of [`Algorithm::IdaPdb`]'s pattern databases:
/// disjoint, so their values add.
pub const GROUPS: [&[Letter]; 2] = [&[Letter::A, Letter::B], &[Letter::C, Letter::D]];

/// The letter groups of [`Algorithm::IdaLetterPdb`]: one per letter.
pub const LETTER_GROUPS: [&[Letter]; 4] = [&[Letter::A], &[Letter::B], &[Letter::C], &[Letter::D]];

/// Why a solver could not answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// Start and goal have different shapes or numbers of pieces.
    Mismatch(String),
    /// The budget ran out or the search was cancelled.
    Interrupted(Interrupted),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Mismatch(why) => write!(f, "start and goal do not match: {why}"),
            SolveError::Interrupted(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// A shortest solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The moves, in the article's `(from, to)` notation.
    pub moves: Vec<Move>,
    /// Every board, start and goal included.
    pub boards: Vec<Board>,
}

impl Solution {
    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start was the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Checks that `goal` can be a goal of `start`: the same shape and as many
/// pieces of each letter.
pub fn check_goal(start: &Board, goal: &Board) -> Result<(), SolveError> {
    if (start.width(), start.height()) != (goal.width(), goal.height()) {
        return Err(SolveError::Mismatch(format!(
            "start is {}x{}, goal is {}x{}",
            start.width(),
            start.height(),
            goal.width(),
            goal.height()
        )));
    }
    for letter in Letter::ALL {
        let (s, g) = (start.count(letter), goal.count(letter));
        if s != g {
            return Err(SolveError::Mismatch(format!(
                "{s} pieces {} at the start, {g} in the goal",
                letter.symbol()
            )));
        }
    }
    Ok(())
}

/// Whether `goal` can be reached from `start` (which must match it). With a
/// letter repeated, two of its pieces can trade places unseen, so every
/// arrangement is reachable; with all pieces distinct the puzzle is a
/// sliding-tile puzzle and half of them are, by parity.
pub fn can_reach(start: &Board, goal: &Board) -> bool {
    if Letter::ALL.iter().any(|&l| start.count(l) > 1) {
        return true;
    }
    // Distinct pieces: the parity of the permutation taking start to goal
    // must equal the parity of the space's distance.
    let cells = start.cells();
    let mut perm: Vec<usize> = (0..cells)
        .map(|c| match start.letter(c) {
            None => goal.space(),
            Some(l) => goal.cells_of(l).trailing_zeros() as usize,
        })
        .collect();
    let mut odd = false;
    for i in 0..cells {
        while perm[i] != i {
            let j = perm[i];
            perm.swap(i, j);
            odd = !odd;
        }
    }
    let w = start.width();
    let (a, b) = (start.space(), goal.space());
    let distance = (a / w).abs_diff(b / w) + (a % w).abs_diff(b % w);
    odd == (distance % 2 == 1)
}

/// A goal with its bounds built: solve many starts towards one goal without
/// building its pattern databases again.
#[derive(Debug, Clone)]
pub struct Solver {
    goal: Board,
    algorithm: Algorithm,
    space: LineSpace,
    nearest: NearestGoal,
    pdbs: Vec<PatternDb>,
    /// The database holding each letter (A, B, C, D), if any.
    group_of: [Option<u8>; 4],
    /// The automaton of move sequences IDA* skips, if pruning.
    pruning: Option<Arc<Automaton>>,
}

impl Solver {
    /// Prepares `algorithm` for `goal`, building its pattern databases
    /// ([`Algorithm::groups`]): 1.3 MB for [`Algorithm::IdaPdb`] on the
    /// Hiroi's board, 7 kB for [`Algorithm::IdaLetterPdb`].
    pub fn new(goal: &Board, algorithm: Algorithm) -> Solver {
        Solver::build(goal, algorithm, algorithm.groups())
    }

    /// IDA* with additive pattern databases over `groups` of letters (which
    /// must be disjoint, or the sum is no lower bound), maxed with the
    /// Hiroi's bound. With no groups this is [`Algorithm::IdaSeed`]; with
    /// others, [`Solver::algorithm`] reports [`Algorithm::IdaPdb`].
    ///
    /// # Panics
    /// If a letter is in two groups.
    pub fn with_groups(goal: &Board, groups: &[&[Letter]]) -> Solver {
        let algorithm = if groups.is_empty() {
            Algorithm::IdaSeed
        } else {
            Algorithm::IdaPdb
        };
        Solver::build(goal, algorithm, groups)
    }

    fn build(goal: &Board, algorithm: Algorithm, groups: &[&[Letter]]) -> Solver {
        let mut group_of = [None; 4];
        for (g, group) in groups.iter().enumerate() {
            for &l in *group {
                assert!(
                    group_of[l as usize].is_none(),
                    "letter {} is in two groups",
                    l.symbol()
                );
                group_of[l as usize] = Some(g as u8);
            }
        }
        Solver {
            goal: *goal,
            algorithm,
            space: LineSpace::new(goal),
            nearest: NearestGoal::new(goal),
            pdbs: groups.iter().map(|g| PatternDb::build(goal, g)).collect(),
            group_of,
            pruning: Some(automaton(goal.width(), goal.height())),
        }
    }

    /// The same solver with the pruning of redundant move sequences on (as
    /// built) or off, to measure what it saves: both find the same
    /// solution, the pruned search expanding fewer nodes.
    ///
    /// The pruning skips every sequence of up to 12 moves that another
    /// sequence, no longer and earlier in the order up, left, right, down
    /// (the direction the space moves), replaces from every board where it
    /// applies ([`search_core::prune::Automaton`], built once per board
    /// shape).
    ///
    /// # Example
    ///
    /// ```
    /// use line_puzzle::{Algorithm, Board, Solver};
    /// use search_core::Budget;
    ///
    /// let start = Board::from_rows(&["AABS", "AABB", "CCDD", "CCDD"])?;
    /// let goal = Board::from_rows(&["ABAS", "DCDC", "BABA", "CDCD"])?;
    /// let solver = Solver::new(&goal, Algorithm::IdaPdb);
    /// let pruned = solver.solve(&start, &Budget::default())?;
    /// let plain = solver.with_pruning(false).solve(&start, &Budget::default())?;
    /// assert_eq!(pruned.found, plain.found);
    /// assert!(pruned.stats.expanded < plain.stats.expanded);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_pruning(&self, prune: bool) -> Solver {
        Solver {
            pruning: prune.then(|| automaton(self.goal.width(), self.goal.height())),
            ..self.clone()
        }
    }

    /// The pruning automaton, if pruning (its size is the memory it takes).
    pub fn pruning(&self) -> Option<&Automaton> {
        self.pruning.as_deref()
    }

    /// The algorithm this solver runs.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The pattern databases (none for [`Algorithm::IdaSeed`]).
    pub fn pattern_dbs(&self) -> &[PatternDb] {
        &self.pdbs
    }

    /// The bound of `board`: what IDA* starts from.
    pub fn bound(&self, board: &Board) -> u32 {
        let seed = self.nearest.bound(board);
        self.pdbs
            .iter()
            .map(|p| p.value(board))
            .sum::<u32>()
            .max(seed)
    }

    /// A shortest solution from `start`, or `None` if the goal cannot be
    /// reached (decided before searching), with the search's counters.
    pub fn solve(&self, start: &Board, budget: &Budget) -> Result<Outcome<Solution>, SolveError> {
        check_goal(start, &self.goal)?;
        if !can_reach(start, &self.goal) {
            return Ok(Outcome {
                found: None,
                stats: Default::default(),
            });
        }
        let values: Vec<u32> = self.pdbs.iter().map(|p| p.value(start)).collect();
        let mut node = IdaNode {
            board: *start,
            solver: self,
            seed: self.nearest.bound(start),
            sum: values.iter().sum(),
            values,
            history: Vec::new(),
        };
        let w = start.width();
        let (a, b) = (start.space(), self.goal.space());
        let options = IdaOptions {
            // Every move moves the space one cell: solutions have the parity
            // of the space's distance, so bounds step by 2.
            step: 2,
            residue: ((a / w).abs_diff(b / w) + (a % w).abs_diff(b % w)) as u32 % 2,
            max_bound: None,
            budget: budget.clone(),
        };
        let outcome = match &self.pruning {
            Some(automaton) => ida_star_pruned(&mut node, &options, automaton),
            None => ida_star(&mut node, &options),
        }
        .map_err(SolveError::Interrupted)?;
        let found = outcome.found.map(|path| {
            let mut boards = vec![*start];
            let moves: Vec<Move> = path
                .moves
                .iter()
                .map(|step| {
                    let last = boards[boards.len() - 1];
                    boards.push(last.slide(usize::from(step.from)));
                    Move {
                        from: usize::from(step.from),
                        to: usize::from(step.to),
                    }
                })
                .collect();
            Solution { moves, boards }
        });
        Ok(Outcome {
            found,
            stats: outcome.stats,
        })
    }
}

/// A shortest solution from `start` to `goal`, or `None` if it cannot be
/// reached.
///
/// # Example
///
/// ```
/// use line_puzzle::{Algorithm, Board, replay, solve};
///
/// // Hiroi's problem 3: 38 moves (40 with the piece taken out and put back).
/// let start = Board::from_rows(&["AABS", "AABB", "CCDD", "CCDD"])?;
/// let goal = Board::from_rows(&["ABAS", "DCDC", "BABA", "CDCD"])?;
/// let solution = solve(&start, &goal, Algorithm::IdaPdb)?.unwrap();
/// assert_eq!(solution.len(), 38);
/// replay(&start, &goal, &solution.moves)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
) -> Result<Option<Solution>, SolveError> {
    check_goal(start, goal)?;
    Ok(Solver::new(goal, algorithm)
        .solve(start, &Budget::default())?
        .found)
}

/// A board searched in place: Hiroi's bound and the pattern databases'
/// values, each updated by the moved piece alone.
struct IdaNode<'a> {
    board: Board,
    solver: &'a Solver,
    seed: u32,
    /// Each pattern database's value, and their sum (kept, not summed at
    /// every node).
    values: Vec<u32>,
    sum: u32,
    /// The pattern database value each move replaced, to restore on undo.
    history: Vec<u32>,
}

impl IdaNode<'_> {
    fn letter_on(&self, cell: usize) -> usize {
        let masks = self.board.letter_masks();
        (0..4)
            .find(|&l| masks[l] & (1 << cell) != 0)
            .expect("a piece next to the space")
    }
}

/// A move of the piece on `from` into the space at `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    from: u8,
    to: u8,
}

impl Node for IdaNode<'_> {
    type Move = Step;

    #[inline]
    fn lower_bound(&self) -> u32 {
        self.sum.max(self.seed)
    }

    #[inline]
    fn is_goal(&self) -> bool {
        self.board == self.solver.goal
    }

    fn moves(&self, previous: Option<Step>, out: &mut Vec<Step>) {
        let to = self.board.space() as u8;
        for &from in self.solver.space.adjacent(self.board.space()) {
            // Sliding the piece just moved straight back would undo the move.
            if previous.is_some_and(|p| p.to == from) {
                continue;
            }
            out.push(Step { from, to });
        }
    }

    #[inline]
    fn apply(&mut self, m: Step) -> u32 {
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let letter = self.letter_on(from);
        self.seed = self.seed + self.solver.nearest.term(letter, to)
            - self.solver.nearest.term(letter, from);
        self.board = self.board.slide(from);
        if let Some(g) = self.solver.group_of[letter] {
            let g = usize::from(g);
            let new = self.solver.pdbs[g].value_of(&self.board.letter_masks());
            let old = std::mem::replace(&mut self.values[g], new);
            self.sum = self.sum + new - old;
            self.history.push(old);
        }
        1
    }

    #[inline]
    fn undo(&mut self, m: Step) {
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let letter = self.letter_on(to);
        self.board = self.board.slide(to);
        self.seed = self.seed + self.solver.nearest.term(letter, from)
            - self.solver.nearest.term(letter, to);
        if let Some(g) = self.solver.group_of[letter] {
            let g = usize::from(g);
            let old = self.history.pop().expect("apply recorded it");
            self.sum = self.sum + old - self.values[g];
            self.values[g] = old;
        }
    }
}

impl OperatorNode for IdaNode<'_> {
    #[inline]
    fn operator(&self, m: Step) -> u8 {
        direction(m)
    }
}

/// The operator of a move: the direction the space moves, numbered in the
/// order the node lists the moves (up, left, right, down), so that a search
/// gated by the [`Automaton`] finds the solution an ungated one finds.
#[inline]
fn direction(m: Step) -> u8 {
    // Boards are at least 2 wide: cells 1 apart are side by side.
    if m.from + 1 == m.to {
        1
    } else if m.to + 1 == m.from {
        2
    } else if m.from < m.to {
        0
    } else {
        3
    }
}

/// The longest move sequences the automaton considers: 12 moves. On
/// Hiroi's 4x4 board it is built in about 20 ms (2,027 sequences, 119 KB)
/// and saves nearly as many nodes as one of 14 moves, which takes 126 ms
/// to build, more than a one-off solve with one database per letter.
const PRUNING_DEPTH: usize = 12;

/// The pruning automaton of the `width x height` boards, built on first
/// use and kept for the process (one per shape).
fn automaton(width: usize, height: usize) -> Arc<Automaton> {
    static CACHE: AutomatonCache<(usize, usize)> = AutomatonCache::new();
    CACHE.get_or_build((width, height), || {
        // Up, left, right, down: the order the node lists the moves in.
        let sliding = Sliding::new(Rect::new(width, height), [(-1, 0), (0, -1), (0, 1), (1, 0)]);
        Automaton::build(&sliding, PRUNING_DEPTH)
    })
}

/// Why a claimed solution is not one.
pub type ReplayError = search_core::replay::ReplayError<MoveError, Board>;

/// Plays `moves` from `start` with the rules alone (a piece next to the
/// space slides into it) and checks that they end on `goal`; returns the
/// boards.
pub fn replay(start: &Board, goal: &Board, moves: &[Move]) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, moves, Board::play, |end| end == goal)
}
