//! The 8-puzzle and its sliding-tile family.

use std::fmt::Write;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use eight_puzzle::{
    Algorithm, Board, MAX_BFS_CELLS, Partition, PatternDb, SlidingSpace, Solution, replay, solve,
    solve_pdb,
};
use indicatif::{ProgressBar, ProgressStyle};
use search_core::layers::{RankedSpace, Sweep, Table};
use search_core::{Budget, Stats};
use serde::Deserialize;

use super::{Analysis, AnalyzeOptions, Progress, PuzzleDef, table_option};
use crate::fixtures;
use crate::report::{Expect, Report, Run, indent, length, render_runs, side_by_side};

/// The 8-puzzle family in the registry.
pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: "eight-puzzle",
    solve: solve_fixture,
    validate,
    analyze: Some(analyze),
};

/// A fixture: rows of space-separated numbers, 0 for the blank.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    name: String,
    source: String,
    start: Vec<String>,
    /// Default: the tiles in order, the blank last.
    #[serde(default)]
    goal: Option<Vec<String>>,
    #[serde(default)]
    expect: Expect,
}

fn boards(fixture: &Fixture) -> Result<(Board, Board), String> {
    let start = Board::from_rows(&fixture.start).map_err(|e| format!("start: {e}"))?;
    let goal = match &fixture.goal {
        Some(rows) => Board::from_rows(rows).map_err(|e| format!("goal: {e}"))?,
        None => Board::solved(start.width(), start.height()).map_err(|e| e.to_string())?,
    };
    if (start.width(), start.height()) != (goal.width(), goal.height()) {
        return Err(format!(
            "start is {}x{} but goal is {}x{}",
            start.width(),
            start.height(),
            goal.width(),
            goal.height()
        ));
    }
    Ok((start, goal))
}

/// The algorithms run on a board: the breadth-first searches while their
/// tables are small, IDA* with every bound up to 12 cells. On larger boards
/// (the 15-puzzle) IDA* with the 6-6-3 pattern databases, from the cache,
/// comes first; the Manhattan and linear-conflict bounds follow only where
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

/// On boards above 12 cells, the weaker bounds run only where the optimal
/// length is at most this.
pub const WEAK_BOUNDS_UP_TO: usize = 30;

/// The pattern-database cache folder: `.cache/pdb/` of the workspace.
pub fn cache_dir() -> PathBuf {
    crate::repo_root().join(".cache").join("pdb")
}

/// What became of the cache file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CacheEvent {
    /// It was read and its checksum, goal and groups matched.
    Loaded,
    /// There was none: the tables were built and written.
    Built,
    /// It was refused (the reason) and replaced by freshly built tables.
    Rebuilt(String),
}

/// The cache file of the tables for `goal` and `partition`.
pub fn cache_file(dir: &Path, goal: &Board, partition: &Partition) -> PathBuf {
    let tiles: String = goal.tiles().iter().map(|t| format!("{t:x}")).collect();
    dir.join(format!(
        "{}x{}-{tiles}-{}.bin",
        goal.width(),
        goal.height(),
        partition.name()
    ))
}

/// The pattern databases for `goal` and `partition`, read from `dir` if a
/// file there passes its checksum and matches, otherwise built (with the
/// memory stated first and a progress bar on a terminal) and written there.
/// Refuses to build tables larger than `max_memory` bytes.
#[allow(clippy::print_stderr)]
pub fn load_or_build(
    dir: &Path,
    goal: &Board,
    partition: &Partition,
    max_memory: u64,
) -> Result<(PatternDb, CacheEvent), String> {
    let path = cache_file(dir, goal, partition);
    let shown = crate::display_path(&path);
    let mut event = CacheEvent::Built;
    if let Ok(bytes) = fs::read(&path) {
        match PatternDb::from_bytes_for(&bytes, goal, partition) {
            Ok(db) => return Ok((db, CacheEvent::Loaded)),
            Err(e) => {
                eprintln!("warning: {shown}: {e}; rebuilding it");
                event = CacheEvent::Rebuilt(e.to_string());
            }
        }
    }
    let bytes = partition.memory_needed(goal.cells());
    if bytes > max_memory {
        return Err(format!(
            "the {} pattern databases need {} MiB ({bytes} bytes), more than --max-memory {} MiB",
            partition.name(),
            bytes.div_ceil(1 << 20),
            max_memory >> 20
        ));
    }
    eprintln!(
        "building the {} pattern databases: {} entries, {:.1} MiB, into {shown}",
        partition.name(),
        bytes,
        bytes as f64 / f64::from(1 << 20)
    );
    let bar = ProgressBar::new(bytes).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} placements [{elapsed}]")
            .expect("a valid template"),
    );
    let db = PatternDb::build(goal, partition, max_memory, |done, _| {
        bar.set_position(done);
    })
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // Written beside, then renamed: a reader never sees half a file.
    let partial = path.with_extension("partial");
    fs::write(&partial, db.to_bytes()).map_err(|e| format!("{}: {e}", partial.display()))?;
    fs::rename(&partial, &path).map_err(|e| format!("{shown}: {e}"))?;
    Ok((db, event))
}

/// The tables this process has loaded, by goal and partition.
static LOADED: Mutex<Vec<Arc<PatternDb>>> = Mutex::new(Vec::new());

/// The 6-6-3 (or default) tables for `goal`, loaded once per process.
fn cached_db(goal: &Board) -> Result<Arc<PatternDb>, String> {
    let partition = Partition::default_for(goal);
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(db) = loaded
        .iter()
        .find(|db| db.goal() == goal && *db.partition() == partition)
    {
        return Ok(Arc::clone(db));
    }
    let (db, _) = load_or_build(&cache_dir(), goal, &partition, 1 << 30)?;
    let db = Arc::new(db);
    loaded.push(Arc::clone(&db));
    Ok(db)
}

fn validate(json: &str) -> Result<(), String> {
    let fixture: Fixture = fixtures::parse(json)?;
    boards(&fixture).map(|_| ())
}

fn solve_fixture(case: &str, json: &str) -> Result<Report, String> {
    let fixture: Fixture = fixtures::parse(json)?;
    let (start, goal) = boards(&fixture)?;
    let mut runs = Vec::new();
    let mut replays = Vec::new();
    let mut first: Option<Solution> = None;
    let big = start.cells() > MAX_BFS_CELLS;
    for algorithm in algorithms(start.cells()) {
        if big
            && algorithm != Algorithm::IdaPdb
            && first.as_ref().is_some_and(|s| s.len() > WEAK_BOUNDS_UP_TO)
        {
            continue;
        }
        let clock = Instant::now();
        let found = if big && algorithm == Algorithm::IdaPdb {
            let db = cached_db(&goal)?;
            solve_pdb(&start, &db, false, &Budget::default())
        } else {
            solve(&start, &goal, algorithm)
        }
        .map_err(|e| e.to_string())?;
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        replays.push(match &found {
            None => Ok(()),
            Some(s) => match replay(&start, &goal, &s.moves()) {
                Ok(boards) if boards == s.boards => Ok(()),
                Ok(_) => Err("the replayed boards differ from the reported ones".to_string()),
                Err(e) => Err(e.to_string()),
            },
        });
        runs.push(Run {
            algorithm: if big && algorithm == Algorithm::IdaPdb {
                format!("{algorithm} {}", Partition::default_for(&goal).name())
            } else {
                algorithm.name().to_string()
            },
            moves: found.as_ref().map(|s| s.len() as u32),
            stats: found
                .as_ref()
                .map_or_else(Stats::default, |s| s.stats.clone()),
            ms,
        });
        if first.is_none() {
            first = found;
        }
    }
    let solution: Vec<String> = first
        .as_ref()
        .map_or_else(Vec::new, |s| s.moves().iter().map(u8::to_string).collect());
    let snapshot = render(case, &fixture, &start, &goal, &runs, first.as_ref());
    Ok(Report::new(
        PUZZLE.name,
        case,
        runs,
        replays,
        solution,
        None,
        &fixture.expect,
        snapshot,
    ))
}

fn lines(board: &Board) -> Vec<String> {
    board.to_string().lines().map(str::to_string).collect()
}

fn render(
    case: &str,
    fixture: &Fixture,
    start: &Board,
    goal: &Board,
    runs: &[Run],
    solution: Option<&Solution>,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "eight-puzzle: {case}");
    let _ = writeln!(out, "name: {}", fixture.name);
    let _ = writeln!(out, "source: {}", fixture.source);
    let _ = writeln!(out, "board: {}x{}\n", start.width(), start.height());
    let ends = [
        ("start".to_string(), lines(start)),
        ("goal".to_string(), lines(goal)),
    ];
    let _ = writeln!(out, "{}\n", indent(&side_by_side(&ends, 2)));
    match solution {
        None => {
            let _ = writeln!(
                out,
                "answer: unreachable (start and goal are in different parity classes; decided without search)"
            );
        }
        Some(s) => {
            let _ = writeln!(
                out,
                "answer: {} (optimal; every algorithm's solution replayed)",
                length(Some(s.len() as u32))
            );
        }
    }
    let _ = writeln!(out, "\n{}", render_runs(runs).trim_end());
    if let Some(s) = solution {
        let moves: Vec<String> = s.moves().iter().map(u8::to_string).collect();
        let _ = writeln!(out, "\nsolution (tile moved at each step):");
        for chunk in moves.chunks(16) {
            let _ = writeln!(out, "  {}", chunk.join(" "));
        }
        if start.cells() > MAX_BFS_CELLS {
            // Fifteen-puzzle solutions are long: the moves alone replay them.
            return out;
        }
        let drawn: Vec<(String, Vec<String>)> = s
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| (i.to_string(), lines(b)))
            .collect();
        let per_row = if start.width() > 3 { 6 } else { 8 };
        let _ = writeln!(out, "\nboards:\n{}", indent(&side_by_side(&drawn, per_row)));
    }
    out
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
            let fixture: Fixture = fixtures::parse(json).map_err(|e| format!("{file}: {e}"))?;
            boards(&fixture).map_err(|e| format!("{file}: {e}"))?.1
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
    let table = table_option(options, default)?;
    let sweep = Sweep::new(table)
        .with_max_memory(options.max_memory)
        .with_farthest(options.farthest);
    let description = format!(
        "eight-puzzle {}x{}: the distance of every arrangement from the goal\n{}",
        goal.width(),
        goal.height(),
        indent(&goal.to_string())
    );
    progress.start(
        &description,
        space.size(),
        sweep.memory_needed(space.size()),
    );
    let layers = sweep
        .run(&space, [goal], |r| progress.layer(r))
        .map_err(|e| e.to_string())?;
    Ok(Analysis {
        description,
        ranks: space.size(),
        histogram: layers.histogram,
        farthest: layers
            .farthest
            .iter()
            .map(|&r| lines(&space.unrank(r)))
            .collect(),
        census: None,
    })
}
