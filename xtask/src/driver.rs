//! The one path every fixture takes, generic over the puzzle contract: read
//! it (every missing or unknown field named at once), check its boards, run
//! the puzzle's algorithms through [`Runs`] (each solution timed and checked
//! with the puzzle's rules alone), draw the snapshot, and assemble the
//! report. What a puzzle adds is a [`Driver`]: its fixture fields, its
//! instance, the algorithms it runs and the parts of its snapshot that are
//! its own.

use std::fmt::{Display, Write};
use std::fs;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use search_core::Outcome;
use search_core::fixture::{ExtraFields, Fields, Fixture};
use search_core::puzzle::{Puzzle, SolutionOf, verify};

use crate::registry::{AnalyzeOptions, Help, PuzzleDef, SolveSettings};
use crate::report::{Report, Run, length};
use crate::{display_path, fixtures};
use search_core::text::drawn;

/// What `xtask` adds to a puzzle of the contract to solve its fixtures.
pub trait Driver: Puzzle + Sized {
    /// The puzzle's own fixture fields (its crate's `fixture::Extra`, or
    /// `NoExtra`).
    type Extra: ExtraFields;
    /// A fixture's boards, checked, with whatever else it fixes.
    type Instance;

    /// The fields of the puzzle's fixtures (its crate's `fixture::FIELDS`).
    const FIELDS: Fields;

    /// The instance a fixture describes, or what is wrong with it.
    fn instance(fixture: &Fixture<Self::Extra>) -> Result<Self::Instance, String>;

    /// Refuses the values of the puzzle's flags before any file is read.
    fn check(settings: &SolveSettings) -> Result<(), String> {
        let _ = settings;
        Ok(())
    }

    /// Runs the puzzle's algorithms on `instance`, each through `runs` (with
    /// the fixture and the settings), and draws what the snapshot and the
    /// report say of the puzzle's own.
    fn run(instance: &Self::Instance, runs: &mut Runs<Self>) -> Result<Drawing, String>;
}

/// A puzzle's part of a fixture's snapshot, around the table of runs that
/// every snapshot has, and of its report.
#[derive(Debug, Default)]
pub struct Drawing {
    /// Up to the table of runs: the board, the start and goal, the answer.
    pub before: String,
    /// After the table of runs: more results, the solution's moves and
    /// boards ([`Drawing::moves`], [`Drawing::boards`]).
    pub after: String,
    /// The start, as `Display` draws it, for the report's `start` rows.
    pub start: String,
    /// The goal, as `Display` draws it, for the report's `goal` rows.
    pub goal: String,
    /// The solution's moves as the report lists them, where they are not
    /// each move's notation.
    pub notation: Option<Vec<String>>,
    /// The number of optimal solutions, where the puzzle counts them.
    pub count: Option<u128>,
    /// Why the goal cannot be reached, said when no run reached it.
    pub unreachable: String,
    /// Why the length found is not proven minimal, where it is not.
    pub unproven: Option<String>,
}

impl Drawing {
    /// A drawing of `start` and `goal`, saying `unreachable` where no run
    /// reached the goal.
    pub fn new(start: &impl Display, goal: &impl Display, unreachable: &str) -> Drawing {
        let (start, goal) = (start.to_string(), goal.to_string());
        let unreachable = unreachable.to_string();
        Drawing {
            start,
            goal,
            unreachable,
            ..Drawing::default()
        }
    }

    /// The moves of `solution` under `title`, `per_line` to a line, and its
    /// boards under `boards`, `per_row` side by side.
    pub fn solution<P: Puzzle>(
        &mut self,
        s: &SolutionOf<P>,
        (title, per_line): (&str, usize),
        (boards, per_row): (&str, usize),
    ) {
        self.moves(title, &s.moves, per_line, " ");
        self.boards(boards, s.boards().iter().map(P::rows), per_row);
    }

    /// `moves` under `title`, `per_line` to a line, `separator` between two.
    pub fn moves<M: Display>(
        &mut self,
        title: &str,
        moves: impl IntoIterator<Item = M>,
        per_line: usize,
        separator: &str,
    ) {
        let moves: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
        let _ = writeln!(self.after, "\n{title}");
        for chunk in moves.chunks(per_line.max(1)) {
            let _ = writeln!(self.after, "  {}", chunk.join(separator));
        }
    }

    /// `boards`, each as rows and numbered from 0, under `title`, `per_row`
    /// side by side.
    pub fn boards(
        &mut self,
        title: &str,
        boards: impl Iterator<Item = Vec<String>>,
        per_row: usize,
    ) {
        let _ = writeln!(self.after, "\n{title}\n{}", drawn(0.., boards, per_row));
    }
}

/// The runs of one fixture so far, the fixture, and the settings they run
/// with.
pub struct Runs<P: Driver> {
    /// The fixture's fields.
    pub fixture: Fixture<P::Extra>,
    /// How the fixture is solved: `solve-all`'s settings or `solve`'s.
    pub settings: SolveSettings,
    /// One entry per algorithm, in the order they ran.
    pub runs: Vec<Run>,
    /// For each run, whether its solution replayed to the goal through the
    /// boards it reported (and each move read back from its notation).
    pub verdicts: Vec<Result<(), String>>,
    /// The first run's solution: the one the snapshot draws.
    pub first: Option<SolutionOf<P>>,
    /// Why a run's solution is not proven optimal, where a search's own
    /// answer showed its bound to overestimate.
    pub unproven: Option<String>,
}

impl<P: Driver> Runs<P> {
    /// No runs yet of `fixture`, solved with `settings`.
    pub fn new(fixture: Fixture<P::Extra>, settings: SolveSettings) -> Runs<P> {
        Runs {
            fixture,
            settings,
            runs: Vec::new(),
            verdicts: Vec::new(),
            first: None,
            unproven: None,
        }
    }

    /// What is wrong with the runs: a replay that failed, runs that
    /// disagree, an answer other than the fixture expects, and a count
    /// other than it expects (`count`, where the puzzle counts).
    pub fn problems(&self, count: Option<u128>) -> Vec<String> {
        let expect = &self.fixture.expect;
        expect.problems(&self.runs, &self.verdicts, count)
    }

    /// Records a finished search of `algorithm` that took `ms` (and
    /// `build_ms` for its tables before): its solution is checked against
    /// the rules here.
    pub fn record(
        &mut self,
        algorithm: impl Display,
        (start, goal): (&P::Board, &P::Goal),
        outcome: Outcome<SolutionOf<P>>,
        (ms, build_ms): (f64, f64),
    ) {
        let (found, stats, algorithm) = (outcome.found, outcome.stats, algorithm.to_string());
        if let Some(s) = found.as_ref().filter(|s| !s.optimal) {
            let why = s
                .reason
                .as_deref()
                .unwrap_or("its search does not prove it minimal");
            self.unproven
                .get_or_insert_with(|| format!("{algorithm}: {why}"));
        }
        self.verdicts.push(
            found
                .as_ref()
                .map_or(Ok(()), |s| verify::<P>(start, goal, s)),
        );
        let moves = found.as_ref().map(|s| s.len() as u32);
        self.runs.push(Run {
            algorithm,
            moves,
            stats,
            ms,
            build_ms,
        });
        if self.runs.len() == 1 {
            self.first = found;
        }
    }

    /// The answer line: the length of the first run's solution, proven
    /// optimal `how`, or where it found none, the goal unreachable, `why`.
    pub fn answer(&self, how: &str, why: &str) -> String {
        match &self.first {
            Some(s) => format!("answer: {} (optimal; {how})", length(Some(s.len() as u32))),
            None => format!("answer: unreachable ({why})"),
        }
    }

    /// Solves with `options`, timed, and records the run under `name`.
    pub fn solve(
        &mut self,
        name: impl Display,
        ends: (&P::Board, &P::Goal),
        options: &P::Options,
    ) -> Result<(), String> {
        let clock = Instant::now();
        let outcome = P::solve(ends.0, ends.1, options).map_err(|e| e.to_string())?;
        self.record(name, ends, outcome, (ms_since(clock), 0.0));
        Ok(())
    }
}

/// The entry of puzzle `P`: its name, and its fixtures solved and checked
/// through this driver; a sweep that can be sharded where it has one, and
/// no analysis, flags, help, benchmarks or sweeps until its entry gives
/// them.
pub const fn entry<P: Driver>() -> PuzzleDef {
    PuzzleDef {
        name: P::NAME,
        solve: solve_path::<P>,
        validate: validate::<P>,
        analyze: None,
        analyze_options: &["goal", "table"],
        sharded: true,
        flags: &[],
        help: Help {
            solve: "",
            analyze: "",
        },
        benchmarks: "",
        sweeps: &[],
    }
}

/// Values built once per process and then shared, by key: the tables that
/// several fixtures of one goal use.
pub type BuiltOnce<K, V> = Mutex<Vec<(K, Arc<V>)>>;

/// The value of `key` in `built`, built by `build` and kept there if it is
/// not yet.
pub fn built_once<K: PartialEq, V, E>(
    built: &BuiltOnce<K, V>,
    key: K,
    build: impl FnOnce() -> Result<V, E>,
) -> Result<Arc<V>, E> {
    let mut built = built.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, value)) = built.iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(value));
    }
    let value = Arc::new(build()?);
    built.push((key, Arc::clone(&value)));
    Ok(value)
}

/// The [`entry`] of puzzle `$puzzle` with its help and its benchmark rows
/// read from `xtask/text/$name/` at compile time (the help without its last
/// newline).
macro_rules! entry_with_texts {
    ($puzzle:ty, $name:literal) => {
        $crate::registry::PuzzleDef {
            help: $crate::registry::Help {
                solve: $crate::driver::text!($name, "solve.txt").trim_ascii_end(),
                analyze: $crate::driver::text!($name, "analyze.txt").trim_ascii_end(),
            },
            benchmarks: $crate::driver::text!($name, "benchmarks.txt"),
            ..$crate::driver::entry::<$puzzle>()
        }
    };
}
pub(crate) use entry_with_texts;

/// The file `xtask/text/$name/$file`, read at compile time.
macro_rules! text {
    ($name:literal, $file:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/text/",
            $name,
            "/",
            $file
        ))
    };
}
pub(crate) use text;

/// The milliseconds since `clock`.
pub fn ms_since(clock: Instant) -> f64 {
    clock.elapsed().as_secs_f64() * 1e3
}

/// The [`Driver`] items of a puzzle whose fixture is a start and a goal,
/// both boards (the goal optional where the puzzle has a default), read by
/// `Fixture::start_and_goal` and checked by the crate's `check_goal`.
macro_rules! start_and_goal_driver {
    ($puzzle:ty, $krate:ident) => {
        type Extra = $krate::fixture::NoExtra;
        type Instance = ($krate::Board, $krate::Board);

        const FIELDS: search_core::fixture::Fields = $krate::fixture::FIELDS;

        fn instance(fixture: &$krate::fixture::Fixture) -> Result<Self::Instance, String> {
            fixture.start_and_goal::<$puzzle, _>($krate::check_goal)
        }
    };
}
pub(crate) use start_and_goal_driver;

/// The start and the goal drawn side by side, indented.
pub fn ends<P: Puzzle>(start: &P::Board, goal: &P::Board) -> String {
    drawn(["start", "goal"], [P::rows(start), P::rows(goal)], 2)
}

/// A fixture read and checked: its fields and the instance it describes.
pub fn read<P: Driver>(json: &str) -> Result<(Fixture<P::Extra>, P::Instance), String> {
    let fixture: Fixture<P::Extra> = fixtures::parse_fields(json, &P::FIELDS)?;
    let instance = P::instance(&fixture)?;
    Ok((fixture, instance))
}

/// Reads and checks a fixture without solving it.
pub fn validate<P: Driver>(json: &str) -> Result<(), String> {
    read::<P>(json).map(|_| ())
}

/// The instance of the fixture that `analyze --goal` names, if it names one;
/// the error names the file.
pub fn goal_file<P: Driver>(options: &AnalyzeOptions) -> Result<Option<P::Instance>, String> {
    let Some((file, json)) = &options.goal else {
        return Ok(None);
    };
    let (_, instance) = read::<P>(json).map_err(|e| format!("{file}: {e}"))?;
    Ok(Some(instance))
}

/// Reads and solves the fixture file at `path` with `settings`: every
/// algorithm the puzzle runs, each solution verified, the snapshot drawn;
/// the error names the file and the problem.
pub fn solve_path<P: Driver>(path: &Path, settings: &SolveSettings) -> Result<Report, String> {
    P::check(settings)?;
    let (shown, case) = (display_path(path), fixtures::case_name(path));
    let in_file = |e: String| format!("{shown}: {e}");
    let json = fs::read_to_string(path).map_err(|e| in_file(e.to_string()))?;
    let (fixture, instance) = read::<P>(&json).map_err(in_file)?;
    let mut runs = Runs::<P>::new(fixture, settings.clone());
    let d = P::run(&instance, &mut runs).map_err(in_file)?;
    let mut out = runs.fixture.heading(P::NAME, &case);
    let table = search_core::text::runs(&runs.runs);
    let _ = write!(out, "{}\n{}\n{}", d.before, table.trim_end(), d.after);
    if let (None, Some(why)) = (&d.unproven, &runs.unproven) {
        let _ = writeln!(out, "\nnot proven optimal: {why}");
    }
    let moves = runs.first.iter().flat_map(|s| &s.moves);
    let solution = d
        .notation
        .unwrap_or_else(|| moves.map(ToString::to_string).collect());
    let problems = runs.problems(d.count);
    let unproven = d.unproven.or(runs.unproven);
    let moves = runs.runs.first().and_then(|r| r.moves);
    let unreachable = moves.is_none().then_some(d.unreachable);
    let rows = |board: &str| board.lines().map(str::to_string).collect();
    Ok(Report {
        puzzle: P::NAME,
        problems,
        verified: runs.verdicts.iter().all(Result::is_ok),
        runs: runs.runs,
        case,
        moves,
        solution,
        count: d.count,
        snapshot: out,
        optimal: unproven.is_none(),
        reason: unproven.or(unreachable),
        start: rows(&d.start),
        goal: rows(&d.goal),
    })
}
