//! Shortest solutions by IDA*, with M. Hiroi's bound or with additive
//! pattern databases, their options, and the replay check.

use std::sync::Arc;

use search_core::bound::{Bound, Max, Sum};
use search_core::grid::{ASCENDING, Rect, Sliding};
use search_core::ida::{Ida, IdaOptions};
use search_core::prune::{Automaton, AutomatonCache};
use search_core::puzzle::SolveError;
use search_core::{Budget, Outcome, Path, Stats};

use crate::hiroi::NearestGoal;
use crate::space::Step;
use crate::{Board, Letter, LineSpace, Move, MoveError, PatternDb, Solution};

/// The most letter groups a solver's databases may cover: one per letter.
const MAX_GROUPS: usize = 4;

/// How IDA* bounds the distance to the goal. Every bound is admissible, so
/// every algorithm returns a shortest solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// One pattern database per letter, their sum maxed with Hiroi's
    /// bound. Weaker than [`Algorithm::IdaPdb`] (the search expands more
    /// nodes), but its tables hold at most a few thousand placements each
    /// and are built in about a millisecond: the fastest end to end when
    /// each goal is solved towards once or a few times, and the default.
    #[default]
    IdaLetterPdb,
    /// Additive pattern databases over the letter groups {A, B} and
    /// {C, D}, their sum maxed with Hiroi's bound. The strongest bound
    /// here: the fastest search once its tables exist (a [`Solver`] keeps
    /// them), which take a few hundred milliseconds to build per goal.
    IdaPdb,
    /// M. Hiroi's bound ("Puzzle DE Programming"): each piece's Manhattan
    /// distance to the nearest goal cell of its letter. The baseline every
    /// improvement is measured against.
    IdaHiroi,
}

search_core::named_values! {
    /// Every algorithm, the fastest end to end first.
    Algorithm: "algorithm" {
        IdaLetterPdb => "ida-letter-pdb",
        IdaPdb => "ida-pdb",
        IdaHiroi => "ida-hiroi",
    }
}

impl Algorithm {
    /// The letter groups of its pattern databases (none for Hiroi's bound).
    pub fn groups(self) -> &'static [&'static [Letter]] {
        match self {
            Algorithm::IdaHiroi => &[],
            Algorithm::IdaPdb => &GROUPS,
            Algorithm::IdaLetterPdb => &LETTER_GROUPS,
        }
    }
}

/// The letter groups of [`Algorithm::IdaPdb`]'s pattern databases:
/// disjoint, so their values add.
pub const GROUPS: [&[Letter]; 2] = [&[Letter::A, Letter::B], &[Letter::C, Letter::D]];

/// The letter groups of [`Algorithm::IdaLetterPdb`]: one per letter.
pub const LETTER_GROUPS: [&[Letter]; 4] = [&[Letter::A], &[Letter::B], &[Letter::C], &[Letter::D]];

search_core::solve_options! {
    /// How [`solve`] and a [`Solver`] search. `max_memory` bounds the
    /// pattern databases, their build included.
    SolveOptions<Algorithm> {
        /// Skip every sequence of up to 12 moves that another sequence, no
        /// longer and earlier in the order up, left, right, down (the direction
        /// the space moves), replaces from every board where it applies
        /// ([`search_core::prune::Automaton`], built once per board shape). On
        /// by default; off, the search finds the same solution expanding more
        /// nodes.
        pruning: bool = true,
    }
}

/// Checks that `goal` can be a goal of `start`: the same shape and as many
/// pieces of each letter ([`SolveError::Mismatch`] otherwise).
pub fn check_goal(start: &Board, goal: &Board) -> Result<(), SolveError> {
    SolveError::check_shape(
        (start.width(), start.height()),
        (goal.width(), goal.height()),
    )?;
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

/// The bytes the pattern databases over `groups` take for `goal`: one per
/// placement of each group's pieces, and while one is built, one bit per
/// placement and cell.
pub fn memory_needed(goal: &Board, groups: &[&[Letter]]) -> u64 {
    let cells = goal.cells() as u64;
    let placements = |group: &[Letter]| -> u64 {
        // Choose each letter's cells in turn among those left.
        let mut left = cells;
        let mut count = 1u64;
        for &letter in group {
            let k = goal.count(letter) as u64;
            count *= binomial(left, k);
            left -= k;
        }
        count
    };
    let tables: u64 = groups.iter().map(|g| placements(g)).sum();
    let build = groups
        .iter()
        .map(|g| (placements(g) * cells).div_ceil(8))
        .max()
        .unwrap_or(0);
    tables + build
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// A goal with its bounds built: solve many starts towards one goal without
/// building its pattern databases again. [`solve`] is
/// `Solver::new(goal, options)?.solve(start)`.
///
/// # Example
///
/// ```
/// use line_puzzle::{Algorithm, Board, SolveOptions, Solver};
///
/// let start = Board::from_rows(&["AABS", "AABB", "DCDC", "CDCD"])?;
/// let goal = Board::from_rows(&["ABAS", "DCDC", "BABA", "CDCD"])?;
/// let options = SolveOptions::with_algorithm(Algorithm::IdaLetterPdb);
/// let solver = Solver::new(&goal, &options)?;
/// let pruned = solver.solve(&start)?;
/// let plain = Solver::new(&goal, &SolveOptions { pruning: false, ..options })?.solve(&start)?;
/// assert_eq!(pruned.found.as_ref().map(|s| s.len()), Some(28));
/// assert_eq!(pruned.found, plain.found);
/// assert!(pruned.stats.expanded < plain.stats.expanded);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    goal: Board,
    algorithm: Algorithm,
    budget: Budget,
    space: LineSpace,
    nearest: NearestGoal,
    pdbs: Vec<PatternDb>,
    /// The automaton of move sequences IDA* skips, if pruning.
    pruning: Option<Arc<Automaton>>,
}

impl Solver {
    /// Prepares `options.algorithm` for `goal`, building its pattern
    /// databases ([`Algorithm::groups`]): 1.3 MB for [`Algorithm::IdaPdb`]
    /// on Hiroi's board, 7 kB for [`Algorithm::IdaLetterPdb`]; refused
    /// ([`SolveError::TooLarge`]) if they would take more than
    /// `options.max_memory` ([`memory_needed`]). The solver keeps the
    /// options' budget and pruning for every start.
    pub fn new(goal: &Board, options: &SolveOptions) -> Result<Solver, SolveError> {
        Solver::with_groups(goal, options.algorithm.groups(), options)
    }

    /// IDA* with additive pattern databases over `groups` of letters,
    /// maxed with Hiroi's bound. With no groups this is
    /// [`Algorithm::IdaHiroi`]; with others, [`Solver::algorithm`] reports
    /// [`Algorithm::IdaPdb`]. `options.algorithm` is not used.
    ///
    /// A letter in two groups is refused ([`SolveError::Unsupported`]): the
    /// sum would not be a lower bound.
    pub fn with_groups(
        goal: &Board,
        groups: &[&[Letter]],
        options: &SolveOptions,
    ) -> Result<Solver, SolveError> {
        if groups.len() > MAX_GROUPS || groups.iter().any(|g| g.is_empty()) {
            return Err(SolveError::Unsupported(format!(
                "{} groups: give one to four groups of letters, none empty",
                groups.len()
            )));
        }
        let mut group_of = [None; 4];
        for (g, group) in groups.iter().enumerate() {
            for &l in *group {
                if group_of[l as usize].is_some() {
                    return Err(SolveError::Unsupported(format!(
                        "letter {} is in two groups",
                        l.symbol()
                    )));
                }
                group_of[l as usize] = Some(g as u8);
            }
        }
        let needed = memory_needed(goal, groups);
        if needed > options.max_memory {
            return Err(SolveError::TooLarge {
                needed,
                limit: options.max_memory,
            });
        }
        let algorithm = match (groups.is_empty(), options.algorithm) {
            (true, _) => Algorithm::IdaHiroi,
            (false, a) if a.groups() == groups => a,
            (false, _) => Algorithm::IdaPdb,
        };
        Ok(Solver {
            goal: *goal,
            algorithm,
            budget: options.budget.clone(),
            space: LineSpace::new(goal),
            nearest: NearestGoal::new(goal),
            pdbs: groups.iter().map(|g| PatternDb::build(goal, g)).collect(),
            pruning: options
                .pruning
                .then(|| automaton(goal.width(), goal.height())),
        })
    }

    /// The pruning automaton, if pruning (its size is the memory it takes).
    pub fn pruning(&self) -> Option<&Automaton> {
        self.pruning.as_deref()
    }

    /// The algorithm this solver runs.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The goal it solves towards.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The pattern databases (none for [`Algorithm::IdaHiroi`]).
    pub fn pattern_dbs(&self) -> &[PatternDb] {
        &self.pdbs
    }

    /// The bound of `board`: what IDA* starts from.
    pub fn bound(&self, board: &Board) -> u32 {
        let hiroi = self.nearest.bound(board);
        self.pdbs
            .iter()
            .map(|p| p.value(board))
            .sum::<u32>()
            .max(hiroi)
    }

    /// A shortest solution from `start` (`found`, proven optimal), or `None`
    /// if the goal cannot be reached (decided before searching), with the
    /// search's counters; [`SolveError::Mismatch`] if `start` does not fit
    /// the goal, [`SolveError::Interrupted`] when the budget runs out.
    pub fn solve(&self, start: &Board) -> Result<Outcome<Solution>, SolveError> {
        check_goal(start, &self.goal)?;
        if !can_reach(start, &self.goal) {
            return Ok(Outcome {
                found: None,
                stats: Stats::default(),
            });
        }
        let w = start.width();
        let (a, b) = (start.space(), self.goal.space());
        let options = IdaOptions {
            // Every move moves the space one cell: solutions have the parity
            // of the space's distance, so bounds step by 2.
            step: 2,
            residue: ((a / w).abs_diff(b / w) + (a % w).abs_diff(b % w)) as u32 % 2,
            max_bound: None,
            budget: self.budget.clone(),
        };
        let outcome = if self.pdbs.is_empty() {
            self.ida(&self.nearest, start, options)
        } else {
            let tables =
                Sum::<&PatternDb, MAX_GROUPS>::new(&self.pdbs).expect("at most MAX_GROUPS groups");
            self.ida(&Max(tables, &self.nearest), start, options)
        }?;
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
            let reason = path.inadmissible.map(|i| i.to_string());
            Solution::new(moves, boards, reason.is_none()).with_reason(reason)
        });
        Ok(Outcome {
            found,
            stats: outcome.stats,
        })
    }

    /// IDA* from `start` with `bound`, gated by the automaton if pruning.
    fn ida<B: Bound<LineSpace>>(
        &self,
        bound: &B,
        start: &Board,
        options: IdaOptions,
    ) -> Result<Outcome<Path<Step>>, search_core::Interrupted> {
        let at_goal = |board: &Board| *board == self.goal;
        match &self.pruning {
            Some(automaton) => Ida::new(&self.space, bound)
                .pruned(automaton)
                .with_options(options)
                .solve(start, at_goal),
            None => Ida::new(&self.space, bound)
                .with_options(options)
                .solve(start, at_goal),
        }
    }
}

/// A shortest solution from `start` to `goal` (`found`, proven optimal), or
/// `None` if it cannot be reached, with the search's counters: the tables
/// of `options.algorithm` built for this call (a [`Solver`] keeps them for
/// many starts).
///
/// # Example
///
/// ```
/// use line_puzzle::{Algorithm, Board, SolveOptions, replay, solve};
///
/// // Hiroi's problem 3: 38 moves (40 with the piece taken out and put back).
/// let start = Board::from_rows(&["AABS", "AABB", "CCDD", "CCDD"])?;
/// let goal = Board::from_rows(&["ABAS", "DCDC", "BABA", "CDCD"])?;
/// let options = SolveOptions::with_algorithm(Algorithm::IdaPdb);
/// let solution = solve(&start, &goal, &options)?.found.unwrap();
/// assert_eq!(solution.len(), 38);
/// replay(&start, &goal, &solution.moves)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    start: &Board,
    goal: &Board,
    options: &SolveOptions,
) -> Result<Outcome<Solution>, SolveError> {
    check_goal(start, goal)?;
    Solver::new(goal, options)?.solve(start)
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
        let sliding = Sliding::new(Rect::new(width, height), ASCENDING);
        Automaton::build(&sliding, PRUNING_DEPTH)
    })
}

/// Why a claimed solution is not one.
pub type ReplayError = search_core::replay::ReplayError<MoveError, Board>;

/// Plays `moves` from `start` with the rules alone (a piece next to the
/// space slides into it) and checks that they end on `goal`; returns the
/// boards.
pub fn replay(start: &Board, goal: &Board, moves: &[Move]) -> Result<Vec<Board>, ReplayError> {
    search_core::replay::replay(start, moves, |b, m| b.play(&m), |end| end == goal)
}
