//! The 8-puzzle and its sliding-tile family.

use std::fmt::Write;
use std::time::{Duration, Instant};

use eight_puzzle::{Algorithm, Board, EightPuzzle, MAX_BFS_CELLS, Puzzle, SlidingSpace};
use eight_puzzle::{SolveError, SolveOptions, reflection_note, solve};
use search_core::puzzle::by_name;
use search_core::text::thousands;
use search_core::{Budget, Reason};

use self::cache::choose_db;
use crate::driver::{self, Drawing, Driver, Runs, ms_since};
use crate::registry::SolveSettings;
use crate::registry::{Analysis, AnalyzeOptions, Flags, Progress, PuzzleDef};
use crate::sweep::SweepPlan;

pub mod cache;
pub mod korf;

/// The 8-puzzle family's entry.
pub const PUZZLE: PuzzleDef = PuzzleDef {
    analyze: Some(analyze),
    analyze_options: &["size", "goal", "table"],
    flags: &[Flags::of::<SolveFlags>(
        "solve",
        "its pattern databases and time limit",
    )],
    sweeps: &[(
        "--size 4x3",
        "3x4 sliding puzzle: 479,001,600 arrangements, two-bit table",
    )],
    ..driver::entry_with_texts!(EightPuzzle, "eight-puzzle")
};

// `solve`'s own flags (read as text, so that the errors are this entry's).
#[derive(clap::Args)]
struct SolveFlags {
    #[arg(
        long,
        value_name = "BOUND",
        help = "eight-puzzle above 12 cells: strongest (the default: 7-8 if its tables are cached or fit --max-memory, else 6-6-3), 6-6-3 or 7-8"
    )]
    bound: Option<String>,
    #[arg(
        long,
        value_name = "SECONDS",
        help = "eight-puzzle: give up a search after this long (0: never; 600 by default)"
    )]
    max_seconds: Option<String>,
}

/// The algorithms run on a board: the breadth-first searches while their
/// tables are small, IDA* with every bound up to 12 cells. On larger boards
/// (the 15-puzzle) IDA* with the pattern databases (and reflection) comes
/// first; the Manhattan and linear-conflict bounds follow only where the
/// optimal length is at most [`WEAK_BOUNDS_UP_TO`] moves (on Korf's
/// instances they take minutes each).
fn algorithms(cells: usize) -> &'static [Algorithm] {
    use Algorithm::*;
    match cells {
        0..=9 => &[Bfs, Bidirectional, IdaManhattan, IdaLinearConflict, IdaPdb],
        10..=MAX_BFS_CELLS => &[Bidirectional, IdaManhattan, IdaLinearConflict, IdaPdb],
        _ => &[IdaPdb, IdaLinearConflict, IdaManhattan],
    }
}

/// On boards above 12 cells, the weaker bounds run only where the optimal
/// length is at most this.
pub const WEAK_BOUNDS_UP_TO: usize = 30;

/// The pattern databases `solve --bound` chooses from on boards above 12
/// cells: the 7-8 tables where they are cached or can be built within the
/// memory limit, otherwise 6-6-3 (the default); 6-6-3 (on a board other
/// than 4x4, groups of six); 7-8, built first if they are not cached.
pub const BOUNDS: [&str; 3] = ["strongest", "6-6-3", "7-8"];

/// How a fixture is solved: `solve-all`'s fixed bound (6-6-3 whatever the
/// cache holds), no time limit, nothing printed; or `solve`'s flags.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// One of [`BOUNDS`], or `None` for `solve-all`'s.
    pub bound: Option<&'static str>,
    /// The most memory the tables may take, their build included (bytes).
    pub max_memory: u64,
    /// Give up each search after this long (the tables' load or build not
    /// counted); `None`: no limit.
    pub max_seconds: Option<f64>,
}

impl Options {
    fn of(settings: &SolveSettings) -> Result<Options, String> {
        let max_memory = settings.max_memory;
        let Some(flags) = &settings.flags else {
            return Ok(Options {
                max_memory,
                ..Options::default()
            });
        };
        let flags: SolveFlags = flags.read()?;
        let seconds = flags.max_seconds.as_deref().unwrap_or("600");
        let max_seconds = match seconds.parse::<f64>() {
            Ok(s) if s >= 0.0 && s.is_finite() => (s > 0.0).then_some(s),
            _ => Err(format!(
                "--max-seconds {seconds}: a number of seconds, 0 or more (0: never give up)"
            ))?,
        };
        let bound = flags.bound.as_deref().unwrap_or("strongest");
        let bound = Some(by_name("bound", bound, &BOUNDS, |b| b)?);
        Ok(Options {
            bound,
            max_memory,
            max_seconds,
        })
    }

    /// A budget that stops a search after `max_seconds`, and, in `solve`,
    /// reports each IDA* iteration [`on_terminal`].
    fn budget(&self) -> Budget {
        let limit = self
            .max_seconds
            .and_then(|s| Duration::try_from_secs_f64(s).ok());
        let deadline = limit.and_then(|limit| Instant::now().checked_add(limit));
        let budget = match deadline {
            Some(deadline) => Budget::default().with_deadline(deadline),
            None => Budget::default(),
        };
        match self.bound {
            Some(_) => on_terminal(budget, ""),
            None => budget,
        }
    }

    /// The error of a search that stopped, in words: why, and what it proved.
    fn stopped(&self, error: SolveError) -> String {
        let SolveError::Interrupted(i) = error else {
            return error.to_string();
        };
        let why = match (i.reason, self.max_seconds) {
            (Reason::Cancelled, Some(s)) => Some(format!("no answer within --max-seconds {s}")),
            _ => None,
        };
        i.explained(why)
    }
}

impl Driver for EightPuzzle {
    driver::start_and_goal_driver!(EightPuzzle, eight_puzzle);

    fn check(settings: &SolveSettings) -> Result<(), String> {
        Options::of(settings).map(drop)
    }

    fn run((start, goal): &(Board, Board), runs: &mut Runs<Self>) -> Result<Drawing, String> {
        let options = Options::of(&runs.settings)?;
        let big = start.cells() > MAX_BFS_CELLS;
        let clock = Instant::now();
        // Parity decides an unreachable goal at once: no table is built for it.
        let chosen = match big && start.can_reach(goal) {
            true => Some(choose_db(goal, &options)?),
            false => None,
        };
        // Loading or building the tables, before the first search.
        let mut tables_ms = ms_since(clock);
        let budget = options.budget();
        for &algorithm in algorithms(start.cells()) {
            let long = runs
                .first
                .as_ref()
                .is_some_and(|s| s.len() > WEAK_BOUNDS_UP_TO);
            if big && algorithm != Algorithm::IdaPdb && long {
                continue;
            }
            // On large boards IDA* with pattern databases uses the chosen
            // tables, also over the board reflected about its diagonal (the
            // bound is the larger sum: on Korf's 100, 3.7 times fewer nodes).
            let db = chosen.as_ref().filter(|_| algorithm == Algorithm::IdaPdb);
            let db = db.map(|(db, _)| db);
            let solve_options = SolveOptions {
                algorithm,
                budget: budget.clone(),
                max_memory: options.max_memory,
                reflect: db.is_some(),
                pruning: true,
                pattern_db: db.cloned(),
            };
            let clock = Instant::now();
            let outcome = solve(start, goal, &solve_options).map_err(|e| options.stopped(e))?;
            let ms = ms_since(clock);
            let (name, build_ms) = match db {
                Some(db) => {
                    let name = format!(
                        "{algorithm} {}{}",
                        db.partition().name(),
                        reflection_note(goal)
                    );
                    (name, std::mem::take(&mut tables_ms))
                }
                None => (algorithm.name().to_string(), 0.0),
            };
            runs.record(name, (start, goal), outcome, (ms, build_ms));
        }
        let unreachable =
            "unreachable: start and goal are in different parity classes (decided without search)";
        let mut d = Drawing::new(start, goal, unreachable);
        d.before = format!("board: {}x{}\n", start.width(), start.height());
        if let Some((_, why)) = &chosen {
            let _ = writeln!(d.before, "pattern databases: {why}");
        }
        let ends = driver::ends::<EightPuzzle>(start, goal);
        let how = "every algorithm's solution replayed";
        let why = "start and goal are in different parity classes; decided without search";
        let _ = writeln!(d.before, "\n{ends}\n\n{}", runs.answer(how, why));
        if let Some(s) = &runs.first {
            let title = ("solution (tile moved at each step):", 16);
            let per_row = if start.width() > 3 { 6 } else { 8 };
            match big {
                // Fifteen-puzzle solutions are long: the moves alone replay them.
                true => d.moves(title.0, &s.moves, title.1, " "),
                false => d.solution::<EightPuzzle>(s, title, ("boards:", per_row)),
            }
        }
        Ok(d)
    }
}

/// `budget`, reporting each IDA* iteration as it begins (what a long
/// search has ruled out so far) where stderr is a terminal, each line
/// after `indent`.
#[allow(clippy::print_stderr)]
pub fn on_terminal(budget: Budget, indent: &'static str) -> Budget {
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        return budget;
    }
    let clock = Instant::now();
    budget.with_progress(move |p| {
        if let search_core::Progress::Iteration { bound, expanded } = p {
            let (expanded, seconds) = (thousands(expanded), clock.elapsed().as_secs_f64());
            eprintln!(
                "{indent}IDA*: bound {bound}, {expanded} nodes expanded before it, {seconds:.1} s"
            );
        }
    })
}

/// `3x3` or `4x4` (width x height).
fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--size {text:?}: expected WIDTHxHEIGHT, e.g. 3x3");
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    Ok((w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?))
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    let asked = options.size.as_deref().map(parse_size).transpose()?;
    let goal = match driver::goal_file::<EightPuzzle>(options)? {
        Some((_, goal)) => goal,
        None => {
            let (w, h) = asked.unwrap_or((3, 3));
            Board::solved(w, h).map_err(|e| e.to_string())?
        }
    };
    let size = (goal.width(), goal.height());
    if let (Some(text), true) = (&options.size, asked.is_some_and(|a| a != size)) {
        return Err(format!("--size {text} does not match the goal's board"));
    }
    let space = SlidingSpace::new(size.0, size.1).map_err(|e| e.to_string())?;
    let plan = SweepPlan::from_goal(EightPuzzle::NAME, size, &goal, &Board::rows);
    plan.sweep(&space, [goal], options, progress)
}
