//! The 8-puzzle and its sliding-tile family.

use std::fmt::Write;
use std::fs;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use eight_puzzle::fixture::{FIELDS, Fields, Fixture, NoExtra};
use eight_puzzle::{
    Algorithm, Board, EightPuzzle, MAX_BFS_CELLS, Puzzle, SlidingSpace, SolveError, Standard,
    check_goal, solve,
};
use search_core::layers::Table;
use search_core::{Budget, Reason};

use self::cache::choose_db;
use super::driver::{self, BoardList, Drawing, Driver, MoveList, Sections};
use super::runs::Runs;
use super::{
    Analysis, AnalyzeOptions, Progress, PuzzleDef, SweepPlan, sweep_description, sweep_space,
};
use crate::report::{Report, length, thousands};

pub mod cache;
pub mod korf;

/// The 8-puzzle family in the registry.
pub const PUZZLE: PuzzleDef = driver::entry::<EightPuzzle>(Some(analyze));

/// The algorithms run on a board: the breadth-first searches while their
/// tables are small, IDA* with every bound up to 12 cells. On larger boards
/// (the 15-puzzle) IDA* with the 6-6-3 pattern databases, from the cache,
/// and reflection comes first; the Manhattan and linear-conflict bounds follow only where
/// the optimal length is at most [`WEAK_BOUNDS_UP_TO`] moves (on Korf's
/// instances they take minutes each).
fn algorithms(cells: usize) -> Vec<Algorithm> {
    match cells {
        0..=9 => vec![
            Algorithm::Bfs,
            Algorithm::Bidirectional,
            Algorithm::IdaManhattan,
            Algorithm::IdaLinearConflict,
            Algorithm::IdaPdb,
        ],
        10..=MAX_BFS_CELLS => vec![
            Algorithm::Bidirectional,
            Algorithm::IdaManhattan,
            Algorithm::IdaLinearConflict,
            Algorithm::IdaPdb,
        ],
        _ => vec![
            Algorithm::IdaPdb,
            Algorithm::IdaLinearConflict,
            Algorithm::IdaManhattan,
        ],
    }
}

/// Whether IDA* with pattern databases on square boards above 12 cells also
/// takes the tables' sum over the board reflected about its diagonal (the
/// bound is the larger sum): on Korf's 100 it expands 3.7 times fewer nodes.
const REFLECT: bool = true;

/// On boards above 12 cells, the weaker bounds run only where the optimal
/// length is at most this.
pub const WEAK_BOUNDS_UP_TO: usize = 30;

/// Which pattern databases IDA* uses on boards above 12 cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoundChoice {
    /// The 7-8 tables where they are cached or can be built within the
    /// memory limit, otherwise 6-6-3 (`cargo xtask solve`'s default).
    Strongest,
    /// The 6-6-3 tables (on a board other than 4x4, groups of six).
    SixSixThree,
    /// The 7-8 tables, built first if they are not cached.
    SevenEight,
    /// 6-6-3, the fixed bound of `solve-all` and the golden snapshots,
    /// whatever the cache holds.
    Snapshots,
}

impl std::str::FromStr for BoundChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "strongest" => Ok(BoundChoice::Strongest),
            "6-6-3" => Ok(BoundChoice::SixSixThree),
            "7-8" => Ok(BoundChoice::SevenEight),
            _ => Err(format!(
                "unknown bound {s:?} (known: strongest, 6-6-3, 7-8)"
            )),
        }
    }
}

/// How a fixture is solved: `solve-all` uses [`SolveOptions::snapshots`],
/// `cargo xtask solve` its options.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// The pattern databases on boards above 12 cells.
    pub bound: BoundChoice,
    /// The most memory the tables may take, their build included (bytes).
    pub max_memory: u64,
    /// Give up each search after this long (the tables' load or build not
    /// counted); `None`: no limit.
    pub max_seconds: Option<f64>,
    /// Report each IDA* iteration on standard error.
    pub progress: bool,
}

impl SolveOptions {
    /// What `solve-all` and the golden tests use: 6-6-3, no time limit,
    /// nothing printed.
    pub fn snapshots() -> SolveOptions {
        SolveOptions {
            bound: BoundChoice::Snapshots,
            max_memory: super::SOLVE_MAX_MEMORY,
            max_seconds: None,
            progress: false,
        }
    }
}

impl From<u64> for SolveOptions {
    /// The options of `solve-all` with tables of at most `max_memory` bytes.
    fn from(max_memory: u64) -> SolveOptions {
        SolveOptions {
            max_memory,
            ..SolveOptions::snapshots()
        }
    }
}

/// The error of a search that stopped, in words: why, and what it proved.
fn stopped(error: &SolveError, options: &SolveOptions) -> String {
    match error {
        SolveError::Interrupted(i) => {
            let why = match (i.reason, options.max_seconds) {
                (Reason::Cancelled, Some(s)) => format!("no answer within --max-seconds {s}"),
                _ => i.to_string(),
            };
            let proved = match i.stats.iterations.len() {
                0 | 1 => String::new(),
                n => format!(
                    "; every solution is at least {} moves long (the bounds up to {} were searched in full)",
                    i.stats.iterations[n - 1].bound,
                    i.stats.iterations[n - 2].bound
                ),
            };
            format!(
                "{why}: the search stopped after {} nodes expanded{proved}",
                thousands(i.stats.expanded)
            )
        }
        other => other.to_string(),
    }
}

/// Reads and solves the fixture at `path` with `options` (what `cargo xtask
/// solve eight-puzzle` runs); the error names the file and the problem.
pub fn solve_path_with(path: &Path, options: &SolveOptions) -> Result<Report, String> {
    let shown = crate::display_path(path);
    let json = fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let case = crate::fixtures::case_name(path);
    driver::solve_with::<EightPuzzle>(&case, &json, options).map_err(|e| format!("{shown}: {e}"))
}

impl Driver for EightPuzzle {
    type Extra = NoExtra;
    type Instance = (Board, Board);
    type Settings = SolveOptions;
    /// Why the pattern databases of a board above 12 cells were chosen.
    type Found = Option<String>;

    const FIELDS: Fields = FIELDS;

    fn instance(fixture: &Fixture) -> Result<(Board, Board), String> {
        driver::start_and_goal::<EightPuzzle, _, _>(fixture, Standard, check_goal)
    }

    #[allow(clippy::print_stderr)]
    fn run(
        (start, goal): &(Board, Board),
        options: &SolveOptions,
        runs: &mut Runs<EightPuzzle>,
    ) -> Result<Option<String>, String> {
        let big = start.cells() > MAX_BFS_CELLS;
        let clock = Instant::now();
        // Parity decides an unreachable goal at once: no table is built for it.
        let chosen = if big && start.can_reach(goal) {
            Some(choose_db(goal, options)?)
        } else {
            None
        };
        // Loading or building the tables, before the first search.
        let mut tables_ms = clock.elapsed().as_secs_f64() * 1e3;
        let limit = options
            .max_seconds
            .and_then(|s| std::time::Duration::try_from_secs_f64(s).ok());
        let budget = match limit {
            Some(limit) => {
                let flag = Arc::new(AtomicBool::new(false));
                let raise = Arc::clone(&flag);
                std::thread::spawn(move || {
                    std::thread::sleep(limit);
                    raise.store(true, Ordering::Relaxed);
                });
                Budget::default().with_cancel_flag(flag)
            }
            None => Budget::default(),
        };
        // Each IDA* iteration as it begins, on a terminal: what a long search
        // has ruled out so far.
        let budget = if options.progress {
            let clock = Instant::now();
            budget.with_progress(move |p| {
                if let search_core::Progress::Iteration { bound, expanded } = p {
                    eprintln!(
                        "IDA*: bound {bound}, {} nodes expanded before it, {:.1} s",
                        thousands(expanded),
                        clock.elapsed().as_secs_f64()
                    );
                }
            })
        } else {
            budget
        };
        for algorithm in algorithms(start.cells()) {
            if big
                && algorithm != Algorithm::IdaPdb
                && runs
                    .first
                    .as_ref()
                    .is_some_and(|s| s.len() > WEAK_BOUNDS_UP_TO)
            {
                continue;
            }
            // On large boards IDA* with pattern databases uses the chosen
            // tables, reflected; elsewhere each algorithm runs as it comes.
            let (pattern_db, reflect) = match (&chosen, algorithm) {
                (Some((db, _)), Algorithm::IdaPdb) => (Some(Arc::clone(db)), REFLECT),
                _ => (None, false),
            };
            let solve_options = eight_puzzle::SolveOptions {
                algorithm,
                budget: budget.clone(),
                max_memory: options.max_memory,
                reflect,
                pruning: true,
                pattern_db,
            };
            let clock = Instant::now();
            let outcome = solve(start, goal, &solve_options).map_err(|e| stopped(&e, options))?;
            let ms = clock.elapsed().as_secs_f64() * 1e3;
            let name = match (&chosen, algorithm) {
                (Some((db, _)), Algorithm::IdaPdb) => {
                    let reflected = if REFLECT { reflection(goal) } else { "" };
                    format!("{algorithm} {}{reflected}", db.partition().name())
                }
                _ => algorithm.name().to_string(),
            };
            let build_ms = if algorithm == Algorithm::IdaPdb {
                std::mem::take(&mut tables_ms)
            } else {
                0.0
            };
            runs.record(name, start, goal, outcome, ms, build_ms);
        }
        Ok(chosen.map(|(_, why)| why))
    }

    fn draw(
        _: &Fixture,
        (start, goal): &(Board, Board),
        bound: &Option<String>,
        runs: &Runs<EightPuzzle>,
    ) -> Drawing {
        let solution = runs.first.as_ref();
        let mut about = format!("board: {}x{}\n", start.width(), start.height());
        if let Some(bound) = bound {
            let _ = writeln!(about, "pattern databases: {bound}");
        }
        let _ = writeln!(about, "\n{}\n", driver::ends::<EightPuzzle>(start, goal));
        let answer = match solution {
            None => "answer: unreachable (start and goal are in different parity classes; decided without search)\n".to_string(),
            Some(s) => format!(
                "answer: {} (optimal; every algorithm's solution replayed)\n",
                length(Some(s.len() as u32))
            ),
        };
        // Fifteen-puzzle solutions are long: the moves alone replay them.
        let per_row = if start.width() > 3 { 6 } else { 8 };
        let boards = solution
            .filter(|_| start.cells() <= MAX_BFS_CELLS)
            .map(|s| BoardList::of::<EightPuzzle>("boards:", s, per_row));
        Drawing {
            sections: Sections {
                about,
                answer,
                moves: solution.map(|s| {
                    MoveList::of::<EightPuzzle>("solution (tile moved at each step):", s, 16)
                }),
                boards,
                ..Sections::default()
            },
            start: start.to_string(),
            goal: goal.to_string(),
            unreachable: "unreachable: start and goal are in different parity classes (decided without search)".to_string(),
            ..Drawing::default()
        }
    }
}

/// `3x3` or `4x4` (width x height).
fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--size {text:?}: expected WIDTHxHEIGHT, e.g. 3x3");
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    Ok((w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?))
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    if let Some(variant) = &options.variant {
        return Err(format!("the eight-puzzle has no variant {variant:?}"));
    }
    let goal = match &options.goal {
        Some((file, json)) => {
            let (_, (_, goal)) =
                driver::read::<EightPuzzle>(json).map_err(|e| format!("{file}: {e}"))?;
            goal
        }
        None => {
            let (w, h) = parse_size(options.size.as_deref().unwrap_or("3x3"))?;
            Board::solved(w, h).map_err(|e| e.to_string())?
        }
    };
    if let Some(size) = &options.size {
        if parse_size(size)? != (goal.width(), goal.height()) {
            return Err(format!("--size {size} does not match the goal's board"));
        }
    }
    let space = SlidingSpace::new(goal.width(), goal.height()).map_err(|e| e.to_string())?;
    let default = if goal.cells() <= 10 {
        Table::Bytes
    } else {
        Table::TwoBits
    };
    let plan = SweepPlan {
        description: sweep_description(EightPuzzle::NAME, (goal.width(), goal.height()), &goal),
        table: default,
        census: None,
        draw: &Board::rows,
    };
    sweep_space(&space, [goal], plan, options, progress)
}

/// How a run's name says whether the tables were also looked up on the
/// reflected board: only where the reflection maps the goal to itself
/// ([`eight_puzzle::check_reflection`]); elsewhere the search runs without.
pub(super) fn reflection(goal: &Board) -> &'static str {
    if eight_puzzle::check_reflection(goal).is_ok() {
        ", reflected"
    } else {
        ", not reflected (the reflection does not map the goal to itself)"
    }
}
