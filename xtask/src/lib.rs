//! The workspace's front door, as a library so that the golden tests run
//! exactly what `cargo xtask solve-all` runs.
//!
//! `xtask` is the only crate that reads files, prints tables and writes
//! snapshots; the puzzle crates do no I/O.

use std::fs;
use std::path::{Path, PathBuf};

pub mod automata;
pub mod bench;
pub mod distributed;
pub mod fixtures;
pub mod help;
pub mod plot;
pub mod puzzles;
pub mod report;
pub mod snapshot;

use puzzles::{FixtureFile, PuzzleDef};
use report::Report;

/// The workspace's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one folder below the root")
        .to_path_buf()
}

/// Where this binary is not the release build (`cargo xtask` runs the dev
/// profile, optimised but with debug assertions and overflow checks, so that
/// it shares its build with `cargo test`), a note for commands that time
/// things: the figures quoted in the docs come from the release binary.
pub fn timing_note(command: &str) -> Option<String> {
    cfg!(debug_assertions).then(|| {
        format!(
            "note: timed on the dev build (debug assertions on); the docs' figures come from the release build: cargo run --release -p xtask -- {command}"
        )
    })
}

/// `path` relative to the workspace root where it lies below it, with `/`
/// separators, so that messages and snapshots read the same everywhere.
pub fn display_path(path: &Path) -> String {
    let root = repo_root();
    let shown = path.strip_prefix(&root).unwrap_or(path);
    shown.to_string_lossy().replace('\\', "/")
}

/// Reads and solves one fixture; the error names the file and the problem.
pub fn solve_file(file: &FixtureFile) -> Result<Report, String> {
    solve_path(file.puzzle, &file.path, puzzles::SOLVE_MAX_MEMORY)
}

/// Reads and solves the fixture at `path` as a `puzzle`, with tables of at
/// most `max_memory` bytes.
pub fn solve_path(puzzle: &PuzzleDef, path: &Path, max_memory: u64) -> Result<Report, String> {
    let shown = display_path(path);
    let json = fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let case = fixtures::case_name(path);
    (puzzle.solve)(&case, &json, max_memory).map_err(|e| format!("{shown}: {e}"))
}

/// An invalid fixture and what became of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The fixture, relative to the workspace root.
    pub file: String,
    /// The error naming the file and the problem; `None` if the fixture was
    /// accepted although it should not have been.
    pub message: Option<String>,
}

/// The fixtures of `puzzle` that must be refused (`<fixtures>/invalid/<puzzle>/*.json`).
pub fn refusals(puzzle: &PuzzleDef, fixtures_dir: &Path) -> Result<Vec<Refusal>, String> {
    let dir = fixtures_dir.join(fixtures::INVALID_DIR).join(puzzle.name);
    let mut out = Vec::new();
    for path in fixtures::json_files(&dir)? {
        out.push(Refusal {
            file: display_path(&path),
            message: solve_path(puzzle, &path, puzzles::SOLVE_MAX_MEMORY).err(),
        });
    }
    Ok(out)
}

/// The snapshot body listing the refusals of one puzzle's invalid fixtures.
pub fn render_refusals(refusals: &[Refusal]) -> String {
    refusals
        .iter()
        .map(|r| match &r.message {
            Some(message) => format!("{message}\n"),
            None => format!("{}: {ACCEPTED}\n", r.file),
        })
        .collect()
}

/// What is said of an invalid fixture that was accepted.
pub const ACCEPTED: &str = "accepted, but it should have been refused";
