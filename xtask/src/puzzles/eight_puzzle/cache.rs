//! The pattern-database cache of the sliding-tile family in `.cache/pdb/`:
//! the tables read from their file when it passes its checksum, otherwise
//! built and written there, and kept once per process.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use eight_puzzle::{Board, Partition, PatternDb};
use indicatif::{ProgressBar, ProgressStyle};
use search_core::memo::BuiltOnce;

use super::Options;
use crate::{cache_dir, display_path};

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
    let (w, h, name) = (
        goal.width(),
        goal.height(),
        partition.name().replace(' ', "-"),
    );
    dir.join(format!("{w}x{h}-{tiles}-{name}.bin"))
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
    let (shown, name) = (display_path(&path), partition.name());
    let tables = partition.memory_needed(goal);
    let peak = partition.build_memory_needed(goal);
    let (mib, limit) = (|bytes: u64| bytes.div_ceil(1 << 20), max_memory >> 20);
    if tables > max_memory {
        return Err(format!(
            "the {name} pattern databases need {} MiB ({tables} bytes), more than --max-memory {limit} MiB",
            mib(tables),
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
    let (peak_mib, tables_mib) = (mib(peak), mib(tables));
    if peak > max_memory {
        return Err(format!(
            "building the {name} pattern databases needs {peak_mib} MiB ({peak} bytes: {tables_mib} MiB of tables, the rest while one is built), more than --max-memory {limit} MiB",
        ));
    }
    eprintln!(
        "building the {name} pattern databases: {tables} entries, {tables_mib} MiB of tables, {peak_mib} MiB at the peak of the build, into {shown}",
    );
    let style = ProgressStyle::with_template("{bar:30} {pos}/{len} placements [{elapsed}]");
    let bar = ProgressBar::new(tables).with_style(style.expect("a valid template"));
    let db = PatternDb::build(goal, partition, max_memory, |done, _| {
        bar.set_position(done)
    });
    let db = db.map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    crate::write_whole(&path, |out| db.write_to(out)).map_err(|e| format!("{shown}: {e}"))?;
    Ok((db, event))
}

/// The tables of `partition` for `goal`, loaded (or built) once per process.
fn cached_db(
    goal: &Board,
    partition: &Partition,
    max_memory: u64,
) -> Result<(Arc<PatternDb>, CacheEvent), String> {
    static LOADED: BuiltOnce<(Board, Partition), PatternDb> = BuiltOnce::new();
    let mut event = CacheEvent::Loaded;
    let key = (*goal, partition.clone());
    let db = LOADED.get_or_build(key, || {
        let (db, e) = load_or_build(&cache_dir(), goal, partition, max_memory)?;
        event = e;
        Ok::<_, String>(db)
    })?;
    Ok((db, event))
}

/// The tables for `goal` by `options.bound`, and the sentence saying which
/// and why, for the snapshot's header.
pub(super) fn choose_db(
    goal: &Board,
    options: &Options,
) -> Result<(Arc<PatternDb>, String), String> {
    let max = options.max_memory;
    let six = || Ok::<_, String>(cached_db(goal, &Partition::default_for(goal), max)?.0);
    let seven = Partition::seven_eight(goal).map_err(|e| e.to_string());
    let built = |event: CacheEvent| match event {
        CacheEvent::Loaded => "its tables were cached",
        CacheEvent::Built | CacheEvent::Rebuilt(_) => "its tables were built for this run",
    };
    let (db, why) = match options.bound {
        None => (six()?, "solve-all's fixed bound".to_string()),
        Some("7-8") => {
            let (db, event) = cached_db(goal, &seven?, max)?;
            (db, format!("--bound 7-8; {}", built(event)))
        }
        Some("strongest") => match seven.map(|seven| cached_db(goal, &seven, max)) {
            Ok(Ok((db, event))) => (db, format!("the strongest: {}", built(event))),
            Ok(Err(refused)) => (six()?, format!("7-8 not used: {refused}")),
            Err(_) => (six()?, "the strongest for this board".to_string()),
        },
        Some(bound) => (six()?, format!("--bound {bound}")),
    };
    let reflected = eight_puzzle::reflection_note(goal);
    let why = format!("{}{reflected} ({why})", db.partition().name());
    Ok((db, why))
}
