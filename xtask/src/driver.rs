//! The one path every fixture takes, generic over the puzzle contract: read
//! it (every missing or unknown field named at once), check its boards, run
//! the puzzle's algorithms through [`Runs`] (each solution timed and checked
//! with the puzzle's rules alone), draw the snapshot, and assemble the
//! report. What a puzzle adds is a [`Driver`]: its fixture fields, its
//! instance, the algorithms it runs and the parts of its snapshot that are
//! its own.

use std::fs;
use std::ops::{Deref, DerefMut};
use std::path::Path;

use search_core::fixture::{ExtraFields, Fields, Fixture};
use search_core::puzzle::{self, Puzzle, Report};

use crate::registry::{AnalyzeOptions, Help, PuzzleDef, SolveSettings};
use crate::{display_path, fixtures};
pub use search_core::puzzle::ms_since;
pub use search_core::text::{Drawing, ends};

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

/// The runs of one fixture so far ([`search_core::puzzle::Runs`], which it
/// dereferences to), the fixture, and the settings they run with.
pub struct Runs<P: Driver> {
    /// The fixture's fields.
    pub fixture: Fixture<P::Extra>,
    /// How the fixture is solved: `solve-all`'s settings or `solve`'s.
    pub settings: SolveSettings,
    /// The runs, each solution checked with the rules alone.
    pub done: puzzle::Runs<P>,
}

impl<P: Driver> Runs<P> {
    /// No runs yet of `fixture`, solved with `settings`.
    pub fn new(fixture: Fixture<P::Extra>, settings: SolveSettings) -> Runs<P> {
        let done = puzzle::Runs::default();
        Runs {
            fixture,
            settings,
            done,
        }
    }

    /// What is wrong with the runs: a replay that failed, runs that
    /// disagree, an answer other than the fixture expects, and a count
    /// other than it expects (`count`, where the puzzle counts).
    pub fn problems(&self, count: Option<u128>) -> Vec<String> {
        let (expect, done) = (&self.fixture.expect, &self.done);
        expect.problems(&done.runs, &done.verdicts, count)
    }
}

impl<P: Driver> Deref for Runs<P> {
    type Target = puzzle::Runs<P>;

    fn deref(&self) -> &puzzle::Runs<P> {
        &self.done
    }
}

impl<P: Driver> DerefMut for Runs<P> {
    fn deref_mut(&mut self) -> &mut puzzle::Runs<P> {
        &mut self.done
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
    let (heading, problems) = (runs.fixture.heading(P::NAME, &case), runs.problems(d.count));
    Ok(runs.done.report(case, heading, d, problems))
}
