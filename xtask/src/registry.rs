//! What a puzzle offers `xtask`, as data: how to solve and check its
//! fixtures, its whole-space analysis, its own flags of `solve` and
//! `analyze` with their help, and its benchmarks; and what the commands
//! hand a puzzle and get back. The commands read these entries and never
//! test a puzzle's name.

use std::path::Path;

use search_core::layers::LayerReport;
use search_core::puzzle::Report;
use serde_json::Value;

use crate::distributed::ClusterOptions;
pub use search_core::text::Census;

/// What `xtask` knows about one puzzle crate.
#[derive(Debug)]
pub struct PuzzleDef {
    /// The puzzle's name: its crate's and its fixture folder's.
    pub name: &'static str,
    /// Solves the fixture file at the path, each solution checked, the
    /// snapshot drawn; the error names the file (a flag's, no file).
    pub solve: fn(&Path, &SolveSettings) -> Result<Report, String>,
    /// Reads and checks a fixture's text without solving it (what the fuzz
    /// targets exercise: it must never panic or hang, whatever the input).
    pub validate: fn(json: &str) -> Result<(), String>,
    /// Its whole-space analysis, if it has one.
    pub analyze: Option<AnalyzeFn>,
    /// The options of `analyze` it reads of `size`, `variant`, `goal` and
    /// `table`; the others are refused before it runs.
    pub analyze_options: &'static [&'static str],
    /// Whether the analysis is a sweep of a ranked space, which `analyze
    /// --processes` can shard.
    pub sharded: bool,
    /// Its own flags of `solve` and of `analyze`.
    pub flags: &'static [Flags],
    /// What `solve <puzzle> --help` and `analyze <puzzle> --help` add: the
    /// fixture's fields, sizes, variants, defaults and examples (from
    /// `xtask/text/<puzzle>/`).
    pub help: Help,
    /// Its criterion benchmarks, one a line: `id | puzzle | task | the
    /// original article's figure | peer's name | peer's id`
    /// (`xtask/text/<puzzle>/benchmarks.txt`).
    pub benchmarks: &'static str,
    /// Its sweeps timed by `bench --sweeps`: the arguments of `analyze`
    /// after the puzzle, and what they sweep.
    pub sweeps: &'static [(&'static str, &'static str)],
}

/// A puzzle's help for `solve` and for `analyze`.
#[derive(Debug)]
pub struct Help {
    /// What `solve` reads.
    pub solve: &'static str,
    /// What `analyze` sweeps.
    pub analyze: &'static str,
}

/// A puzzle's own flags of one command: a `clap::Args` of its own, which
/// it reads back from [`Given`].
#[derive(Debug)]
pub struct Flags {
    /// `solve` or `analyze`.
    pub command: &'static str,
    /// What they are about, for the refusal of another puzzle's flag.
    pub about: &'static str,
    /// Adds them to a command: their `clap::Args::augment_args`.
    pub args: fn(clap::Command) -> clap::Command,
}

impl Flags {
    /// The flags of `A` for `command`, about `about`.
    pub const fn of<A: clap::Args>(command: &'static str, about: &'static str) -> Flags {
        Flags {
            command,
            about,
            args: A::augment_args,
        }
    }

    /// The flags, as clap arguments.
    pub fn list(&self) -> Vec<clap::Arg> {
        let command = (self.args)(clap::Command::new(self.command));
        command.get_arguments().cloned().collect()
    }
}

/// The command line of `solve` or `analyze`, every puzzle's own flags
/// among its arguments; `None`: none given.
#[derive(Debug, Clone, Default)]
pub struct Given(pub Option<clap::ArgMatches>);

impl Given {
    /// The flags of a puzzle's `clap::Args` `T`.
    pub fn read<T: clap::Args + clap::FromArgMatches>(&self) -> Result<T, String> {
        let none = || T::augment_args(clap::Command::new("none")).get_matches_from(["none"]);
        let matches = self.0.clone().unwrap_or_else(none);
        T::from_arg_matches(&matches).map_err(|e| e.to_string())
    }

    /// Refuses the first flag given that `puzzle` does not take for
    /// `command`: another puzzle's, of those in `all`.
    pub fn refuse_others(
        &self,
        puzzle: &PuzzleDef,
        command: &str,
        all: &[PuzzleDef],
    ) -> Result<(), String> {
        let flags = |p: &PuzzleDef| {
            let mine = p.flags.iter().filter(|f| f.command == command);
            let list = |f: &'static Flags| f.list().into_iter().map(move |a| (p.name, f.about, a));
            mine.flat_map(list).collect::<Vec<_>>()
        };
        let (mine, on) = (flags(puzzle), |arg: &clap::Arg| {
            let given = |m: &clap::ArgMatches| m.value_source(arg.get_id().as_str());
            self.0.as_ref().and_then(given) == Some(clap::parser::ValueSource::CommandLine)
        });
        let taken = |arg: &clap::Arg| mine.iter().any(|(.., a)| a.get_id() == arg.get_id());
        match all
            .iter()
            .flat_map(flags)
            .find(|(.., a)| on(a) && !taken(a))
        {
            None => Ok(()),
            Some((name, about, arg)) => Err(format!(
                "{} takes no --{}: it is {name}'s ({about})",
                puzzle.name,
                arg.get_long().unwrap_or_default()
            )),
        }
    }
}

/// How a fixture is solved: by `solve-all` (no flags), or by `solve` with
/// the puzzle's flags given.
#[derive(Debug, Clone)]
pub struct SolveSettings {
    /// The most memory the solvers' tables may take, build included (bytes).
    pub max_memory: u64,
    /// The puzzle's flags of `cargo xtask solve`; `None` in `solve-all`.
    pub flags: Option<Given>,
}

impl SolveSettings {
    /// The settings of `solve-all`: no flags, and tables of at most 1 GiB,
    /// so that a fixture that needs more is refused with an error naming the
    /// size instead of aborting the run.
    pub fn solve_all() -> SolveSettings {
        let (max_memory, flags) = (1 << 30, None);
        SolveSettings { max_memory, flags }
    }
}

/// Sweeps a puzzle's whole state space.
pub type AnalyzeFn = fn(&AnalyzeOptions, &mut dyn Progress) -> Result<Analysis, String>;

/// The options of `analyze`; each puzzle reads those it understands (the
/// others were refused, [`PuzzleDef::analyze_options`]).
#[derive(Debug, Clone, Default)]
pub struct AnalyzeOptions {
    /// `--size`, e.g. `3x3` or `4`.
    pub size: Option<String>,
    /// `--variant`.
    pub variant: Option<String>,
    /// `--goal`: a fixture file's name and text.
    pub goal: Option<(String, String)>,
    /// `--table`: `bytes`, `wide`, `two-bits` or `residues`.
    pub table: Option<String>,
    /// `--max-memory` in bytes.
    pub max_memory: u64,
    /// How many farthest states to report.
    pub farthest: usize,
    /// The puzzle's own flags.
    pub flags: Given,
    /// `--hostfile` and `--process`: this process's part of a sweep sharded
    /// over several.
    pub cluster: Option<ClusterOptions>,
}

/// A search's error in words; where its tables were refused for memory,
/// with the `--max-memory` that would let them through.
pub fn refused(error: search_core::puzzle::SolveError) -> String {
    match error {
        search_core::puzzle::SolveError::TooLarge { needed, .. } => {
            let mib = needed.div_ceil(1 << 20);
            format!("{error}; --max-memory {mib} would let it run")
        }
        error => error.to_string(),
    }
}

/// An analysis's result, ready to print (its `Display`) or serialise
/// ([`analysis_json`]), with more results for the `--json` object (the
/// text output has them in the description).
pub type Analysis = search_core::text::Analysis<serde_json::Map<String, Value>>;

/// The fields of `value` as a JSON object, for [`Analysis::extra`] (none
/// if it is not one).
pub fn fields(value: &impl serde::Serialize) -> serde_json::Map<String, Value> {
    match serde_json::to_value(value) {
        Ok(Value::Object(fields)) => fields,
        _ => serde_json::Map::new(),
    }
}

/// What a long analysis reports while it runs.
pub trait Progress {
    /// Work begins: `lines` say what it is and what it allocates; `size` is
    /// the number of states, where known in advance.
    fn begin(&mut self, lines: &str, size: Option<u64>);
    /// A layer is complete.
    fn layer(&mut self, report: &LayerReport);

    /// A search whose number of states is not known in advance begins (its
    /// description's first line is `what`); its tables grow with it, up to
    /// `limit` bytes (`--max-memory`).
    fn growing(&mut self, what: &str, limit: u64) {
        let (first, mib) = (what.lines().next().unwrap_or_default(), limit >> 20);
        let grown = "tables: grown level by level, refused past --max-memory";
        self.begin(&format!("{first}\n{grown} {mib} MiB"), None);
    }

    /// A level of such a search is complete: `states` in it, `seen` kept.
    fn level(&mut self, distance: u32, states: u64, seen: u64) {
        let size = seen;
        self.layer(&LayerReport {
            distance,
            states,
            seen,
            size,
        });
    }
}

/// The `--json` object of an analysis of `puzzle` (search-core's
/// serialisation of an `Analysis`, with `puzzle`).
pub fn analysis_json(analysis: &Analysis, puzzle: &str) -> Value {
    let mut object = serde_json::to_value(analysis).expect("analyses serialise");
    object["puzzle"] = puzzle.into();
    object
}
