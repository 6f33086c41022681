//! The registry of puzzles: which fixtures are whose, how to solve a fixture
//! of each (through the one generic [`driver`]), and how to sweep its whole
//! state space.

use std::fs;
use std::path::{Path, PathBuf};

use search_core::layers::{LayerReport, Layers, RankedSpace, Sweep, Table};
use search_core::puzzle::Puzzle;

use crate::fixtures;
use crate::report::Report;

pub mod driver;
pub mod eight_puzzle;
mod flip_it;
mod knight_swap;
mod line_puzzle;
mod peg_solitaire;
pub mod runs;

/// What `xtask` knows about one puzzle crate.
#[derive(Debug)]
pub struct PuzzleDef {
    /// The puzzle's name: its crate's and its fixture folder's.
    pub name: &'static str,
    /// Solves one fixture (`case` is its file name, `json` its text) with
    /// tables of at most `max_memory` bytes, checks every solution, and
    /// renders its snapshot. The error says what is wrong with the fixture.
    pub solve: fn(case: &str, json: &str, max_memory: u64) -> Result<Report, String>,
    /// Parses and validates one fixture without solving it (what the fuzz
    /// targets exercise: it must never panic or hang, whatever the input).
    pub validate: fn(json: &str) -> Result<(), String>,
    /// Sweeps the whole state space, if the puzzle supports it.
    pub analyze: Option<AnalyzeFn>,
}

/// Why a sharded sweep does not apply to an analysis that is not a sweep of
/// a ranked space (peg solitaire's levels of positions).
pub const NOT_A_SWEEP: &str =
    "analysis is not a sweep of a ranked space; --processes and --hostfile do not apply";

/// Sweeps a puzzle's whole state space.
pub type AnalyzeFn = fn(&AnalyzeOptions, &mut dyn Progress) -> Result<Analysis, String>;

/// The most memory one fixture's solvers may allocate for their tables in
/// `solve-all` (1 GiB): a fixture that needs more is refused with an error
/// naming the size, instead of aborting the run. `solve` and `analyze` take
/// `--max-memory` instead.
pub const SOLVE_MAX_MEMORY: u64 = 1 << 30;

/// Every puzzle, in the order `solve-all` runs them.
pub static PUZZLES: &[PuzzleDef] = &[
    eight_puzzle::PUZZLE,
    flip_it::PUZZLE,
    knight_swap::PUZZLE,
    line_puzzle::PUZZLE,
    peg_solitaire::PUZZLE,
];

/// The puzzle called `name`.
pub fn find(name: &str) -> Result<&'static PuzzleDef, String> {
    PUZZLES.iter().find(|p| p.name == name).ok_or_else(|| {
        let names: Vec<&str> = PUZZLES.iter().map(|p| p.name).collect();
        format!("unknown puzzle {name:?} (known: {})", names.join(", "))
    })
}

/// One fixture file of a known puzzle.
#[derive(Debug, Clone)]
pub struct FixtureFile {
    /// The puzzle, from the folder the file is in.
    pub puzzle: &'static PuzzleDef,
    /// The file.
    pub path: PathBuf,
    /// The file name without `.json`.
    pub case: String,
}

/// Every `<dir>/<puzzle>/*.json` of a known puzzle, by puzzle then file
/// name; and a warning for each other folder (but `invalid`).
pub fn discover(dir: &Path) -> Result<(Vec<FixtureFile>, Vec<String>), String> {
    let mut found = Vec::new();
    for puzzle in PUZZLES {
        found.extend(
            fixtures::json_files(&dir.join(puzzle.name))?
                .into_iter()
                .map(|path| FixtureFile {
                    puzzle,
                    case: fixtures::case_name(&path),
                    path,
                }),
        );
    }
    let mut warnings = Vec::new();
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut others: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != fixtures::INVALID_DIR && !PUZZLES.iter().any(|p| p.name == name))
        .collect();
    others.sort();
    for name in others {
        warnings.push(format!(
            "{}: not a known puzzle, skipped",
            dir.join(name).display()
        ));
    }
    Ok((found, warnings))
}

/// The options of `analyze`; each puzzle reads those it understands and
/// refuses the others.
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
    /// `--by`: what one step of the sweep is, where the puzzle has a
    /// choice (peg solitaire: `moves`, the default, or `jumps`).
    pub by: Option<String>,
    /// `--problems`: every problem of the board instead of one (peg
    /// solitaire: every one-hole start to every one-peg finish).
    pub problems: bool,
    /// `--solvable-only`: with `--by jumps`, no histogram of every
    /// reachable position (peg solitaire).
    pub solvable_only: bool,
    /// `--shortest-only`: with `--problems`, only the shortest solution
    /// over every problem (peg solitaire).
    pub shortest_only: bool,
    /// `--hostfile` and `--process`: this process's part of a sweep sharded
    /// over several.
    pub cluster: Option<crate::distributed::ClusterOptions>,
}

/// A sweep's result, ready to print or serialise.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// What was swept, in words.
    pub description: String,
    /// The size of the ranked space.
    pub ranks: u64,
    /// `histogram[d]`: states at distance `d` from the goals; empty when
    /// the analysis counts only its `census` (peg solitaire's
    /// `--solvable-only`), and then printed and written as absent.
    pub histogram: Vec<u64>,
    /// Some of the farthest states, each drawn as rows.
    pub farthest: Vec<Vec<String>>,
    /// A second count per distance, where the puzzle has one (e.g. classes
    /// of symmetric states).
    pub census: Option<Census>,
    /// More results, added as they are to the `--json` object (the text
    /// output has them in the description).
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// A second count per distance in an [`Analysis`].
#[derive(Debug, Clone)]
pub struct Census {
    /// The key of the counts in `--json` output.
    pub key: &'static str,
    /// The column heading in the table.
    pub heading: &'static str,
    /// The counts, one per distance.
    pub counts: Vec<u64>,
}

/// What a long sweep reports while it runs.
pub trait Progress {
    /// The sweep is about to allocate `bytes` for a table over `ranks` states.
    fn start(&mut self, what: &str, ranks: u64, bytes: u64);
    /// A search whose number of states is not known in advance begins; its
    /// tables grow with it, up to `limit` bytes (`--max-memory`).
    fn start_growing(&mut self, what: &str, limit: u64);
    /// A layer is complete.
    fn layer(&mut self, report: &LayerReport);
    /// Process `process` of `processes`, of `workers` workers each, is
    /// about to allocate `bytes` for its shards of a table over `ranks`
    /// states.
    fn start_sharded(
        &mut self,
        what: &str,
        ranks: u64,
        bytes: u64,
        (process, processes, workers): (usize, usize, usize),
    ) {
        let _ = (process, processes, workers);
        self.start(what, ranks, bytes);
    }
}

/// The goal `analyze` sweeps from, for a puzzle whose board comes from
/// `--goal` alone (`who` names it in errors): the goal of the fixture that
/// `--goal` names, or the board of `default` rows; `--variant` and `--size`
/// refused.
pub fn goal_option<P>(
    who: &str,
    options: &AnalyzeOptions,
    default: &[&str],
) -> Result<P::Board, String>
where
    P: driver::Driver<Instance = (<P as Puzzle>::Board, <P as Puzzle>::Board)>,
{
    if let Some(v) = &options.variant {
        return Err(format!("{who} has no variant {v:?}"));
    }
    if let Some(s) = &options.size {
        return Err(format!(
            "{who} takes its board from --goal, not --size {s:?}"
        ));
    }
    match &options.goal {
        Some((file, json)) => {
            let (_, (_, goal)) = driver::read::<P>(json).map_err(|e| format!("{file}: {e}"))?;
            Ok(goal)
        }
        None => P::from_rows(P::Variant::default(), default).map_err(|e| e.to_string()),
    }
}

/// The first lines of a sweep's report: the puzzle, its board's size and
/// the goal, drawn.
pub fn sweep_description(
    puzzle: &str,
    (width, height): (usize, usize),
    goal: &impl std::fmt::Display,
) -> String {
    format!(
        "{puzzle} {width}x{height}: the distance of every arrangement from the goal\n{}",
        crate::report::indent(&goal.to_string())
    )
}

/// Parses `--table`.
pub fn table_option(
    options: &AnalyzeOptions,
    default: search_core::layers::Table,
) -> Result<search_core::layers::Table, String> {
    use search_core::layers::Table;
    match options.table.as_deref() {
        None => Ok(default),
        Some("bytes") => Ok(Table::Bytes),
        Some("wide") => Ok(Table::Wide),
        Some("two-bits") => Ok(Table::TwoBits),
        Some("residues") => Ok(Table::Residues),
        Some(other) => Err(format!(
            "unknown table {other:?} (known: bytes, wide, two-bits, residues)"
        )),
    }
}

/// A census counted by a sweep: its names, and which states it counts.
pub struct CensusOf<'a, S: RankedSpace> {
    /// The key of the counts in `--json` output.
    pub key: &'static str,
    /// The column heading in the table.
    pub heading: &'static str,
    /// Whether a state (with its rank) is counted.
    pub counts: &'a (dyn Fn(&S::State, u64) -> bool + Sync),
}

/// What a puzzle's `analyze` sweeps, beside the space and its goals.
pub struct SweepPlan<'a, S: RankedSpace> {
    /// What is swept, in words: the first lines of the report.
    pub description: String,
    /// The table when `--table` names none.
    pub table: Table,
    /// A second count per distance, if the puzzle has one.
    pub census: Option<CensusOf<'a, S>>,
    /// Draws a state as rows.
    pub draw: &'a dyn Fn(&S::State) -> Vec<String>,
}

/// The one sweep behind every puzzle's `analyze`: `space` swept from
/// `goals` in the table `--table` names (the plan's if none), within
/// `--max-memory`, with progress; the farthest states drawn by the plan.
pub fn sweep_space<S: RankedSpace>(
    space: &S,
    goals: impl IntoIterator<Item = S::State>,
    plan: SweepPlan<'_, S>,
    options: &AnalyzeOptions,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    if let Some(cluster) = &options.cluster {
        return crate::distributed::sweep(space, goals, plan, options, cluster, progress);
    }
    let sweep = Sweep::new(table_option(options, plan.table)?)
        .with_max_memory(options.max_memory)
        .with_farthest(options.farthest);
    progress.start(
        &plan.description,
        space.size(),
        sweep.memory_needed(space.size()),
    );
    let report = |r: &LayerReport| progress.layer(r);
    let layers = match &plan.census {
        None => sweep.run(space, goals, report),
        Some(c) => sweep.run_with_census(space, goals, c.counts, report),
    }
    .map_err(|e| e.to_string())?;
    Ok(plan.analysis(space, layers))
}

impl<S: RankedSpace> SweepPlan<'_, S> {
    /// The report of the sweep of `space` that found `layers`, on one
    /// machine or sharded: the farthest states drawn, the census named.
    pub fn analysis(self, space: &S, layers: Layers) -> Analysis {
        Analysis {
            description: self.description,
            ranks: space.size(),
            histogram: layers.histogram,
            farthest: layers
                .farthest
                .iter()
                .map(|&r| (self.draw)(&space.unrank(r)))
                .collect(),
            census: self.census.map(|c| Census {
                key: c.key,
                heading: c.heading,
                counts: layers.census,
            }),
            extra: serde_json::Map::new(),
        }
    }
}
