//! The pattern-database cache of the sliding-tile family in `.cache/pdb/`:
//! the tables read from their file when it passes its checksum, otherwise
//! built and written there, and kept once per process.

use std::fs;
use std::path::{Path, PathBuf};

use crate::cache_dir;
use std::sync::{Arc, Mutex};

use eight_puzzle::{Board, Partition, PatternDb};
use indicatif::{ProgressBar, ProgressStyle};

use super::Options;

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
    let tables = partition.memory_needed(goal.cells());
    let peak = partition.build_memory_needed(goal);
    let mib = |bytes: u64| bytes.div_ceil(1 << 20);
    if tables > max_memory {
        return Err(format!(
            "the {} pattern databases need {} MiB ({tables} bytes), more than --max-memory {} MiB",
            partition.name(),
            mib(tables),
            max_memory >> 20
        ));
    }
    let mut event = CacheEvent::Built;
    if let Ok(file) = fs::File::open(&path) {
        let reader = std::io::BufReader::with_capacity(1 << 16, file);
        match PatternDb::read_for(reader, goal, partition, max_memory) {
            Ok(db) => return Ok((db, CacheEvent::Loaded)),
            Err(e) => {
                eprintln!("warning: {shown}: {e}; rebuilding it");
                event = CacheEvent::Rebuilt(e.to_string());
            }
        }
    }
    if peak > max_memory {
        return Err(format!(
            "building the {} pattern databases needs {} MiB ({peak} bytes: {} MiB of tables, the rest while one is built), more than --max-memory {} MiB",
            partition.name(),
            mib(peak),
            mib(tables),
            max_memory >> 20
        ));
    }
    eprintln!(
        "building the {} pattern databases: {tables} entries, {} MiB of tables, {} MiB at the peak of the build, into {shown}",
        partition.name(),
        mib(tables),
        mib(peak)
    );
    let bar = ProgressBar::new(tables).with_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} placements [{elapsed}]")
            .expect("a valid template"),
    );
    let db = PatternDb::build(goal, partition, max_memory, |done, _| {
        bar.set_position(done);
    })
    .map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    crate::write_whole(&path, |out| db.write_to(out)).map_err(|e| format!("{shown}: {e}"))?;
    Ok((db, event))
}

/// The tables this process has loaded, by goal and partition.
static LOADED: Mutex<Vec<Arc<PatternDb>>> = Mutex::new(Vec::new());

/// The tables of `partition` for `goal`, loaded (or built) once per process.
fn cached_db(
    goal: &Board,
    partition: &Partition,
    max_memory: u64,
) -> Result<(Arc<PatternDb>, CacheEvent), String> {
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(db) = loaded
        .iter()
        .find(|db| db.goal() == goal && db.partition() == partition)
    {
        return Ok((Arc::clone(db), CacheEvent::Loaded));
    }
    let (db, event) = load_or_build(&cache_dir(), goal, partition, max_memory)?;
    let db = Arc::new(db);
    loaded.push(Arc::clone(&db));
    Ok((db, event))
}

/// The tables for `goal` by `options.bound`, and the sentence saying which
/// and why, for the snapshot's header.
pub(super) fn choose_db(
    goal: &Board,
    options: &Options,
) -> Result<(Arc<PatternDb>, String), String> {
    let max = options.max_memory;
    let six = || cached_db(goal, &Partition::default_for(goal), max);
    let seven = Partition::seven_eight(goal).map_err(|e| e.to_string());
    let built = |event: CacheEvent| match event {
        CacheEvent::Loaded => "its tables were cached",
        CacheEvent::Built | CacheEvent::Rebuilt(_) => "its tables were built for this run",
    };
    let (db, why) = match options.bound {
        None => (six()?.0, "solve-all's fixed bound".to_string()),
        Some("7-8") => {
            let (db, event) = cached_db(goal, &seven?, max)?;
            (db, format!("--bound 7-8; {}", built(event)))
        }
        Some("strongest") => match seven.map(|seven| cached_db(goal, &seven, max)) {
            Ok(Ok((db, event))) => (db, format!("the strongest: {}", built(event))),
            Ok(Err(refused)) => (six()?.0, format!("7-8 not used: {refused}")),
            Err(_) => (six()?.0, "the strongest for this board".to_string()),
        },
        Some(_) => {
            let db = six()?.0;
            let why = format!("--bound {}", db.partition().name());
            (db, why)
        }
    };
    let why = format!(
        "{}{} ({why})",
        db.partition().name(),
        super::reflection(goal)
    );
    Ok((db, why))
}
