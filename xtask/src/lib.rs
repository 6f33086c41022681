//! The workspace's front door, as a library so that the golden tests run
//! exactly what `cargo xtask solve-all` runs.
//!
//! `xtask` is the only crate that reads files, prints tables and writes
//! snapshots; the puzzle crates do no I/O. Each puzzle registers what it
//! offers ([`registry::PuzzleDef`], listed in [`puzzles::PUZZLES`]); every
//! fixture takes the one generic path of [`driver`], every sweep the one of
//! [`sweep`].

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

pub mod automata;
pub mod bench;
pub mod distributed;
pub mod driver;
pub mod fixtures;
pub mod puzzles;
pub mod registry;
pub mod snapshot;
pub mod sweep;

use puzzles::FixtureFile;
use registry::{PuzzleDef, SolveSettings};
use search_core::puzzle::Report;

/// `println!`, except that a reader who has gone (`cargo xtask ... | head`)
/// ends the program quietly, with the status a shell gives a program ended
/// by SIGPIPE, instead of with a panic.
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(141);
        }
    }};
}

/// Writes `line` and a newline to standard error in one write: the
/// processes of a sharded sweep share the launcher's standard error, and
/// `eprintln!` writes its pieces apart, so two processes' lines could
/// interleave.
pub fn stderr_line(line: &str) {
    let line = format!("{line}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
}

/// The workspace's root folder.
pub fn repo_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .expect("xtask lives one folder below the root")
        .to_path_buf()
}

/// The folder of the tables kept between runs (pattern databases, pruning
/// automata): `.cache/pdb/` of the workspace.
pub fn cache_dir() -> PathBuf {
    repo_root().join(".cache").join("pdb")
}

/// Writes the file at `path` whole, its folder made first: written beside
/// it, then renamed, so that a reader never sees half a file.
pub fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let partial = path.with_extension("partial");
    fs::create_dir_all(path.parent().unwrap_or(Path::new(".")))?;
    let mut out = BufWriter::new(fs::File::create(&partial)?);
    write(&mut out)?;
    out.into_inner().map_err(io::IntoInnerError::into_error)?;
    fs::rename(&partial, path)
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

/// Reads and solves one fixture as `solve-all` does; the error names the
/// file and the problem.
pub fn solve_file(file: &FixtureFile) -> Result<Report, String> {
    (file.puzzle.solve)(&file.path, &SolveSettings::solve_all())
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
    let refuse = |path: PathBuf| Refusal {
        file: display_path(&path),
        message: (puzzle.solve)(&path, &SolveSettings::solve_all()).err(),
    };
    Ok(fixtures::json_files(&dir)?
        .into_iter()
        .map(refuse)
        .collect())
}

/// The snapshot body listing the refusals of one puzzle's invalid fixtures.
pub fn render_refusals(refusals: &[Refusal]) -> String {
    let line = |r: &Refusal| match &r.message {
        Some(message) => format!("{message}\n"),
        None => format!("{}: {ACCEPTED}\n", r.file),
    };
    refusals.iter().map(line).collect()
}

/// What is said of an invalid fixture that was accepted.
pub const ACCEPTED: &str = "accepted, but it should have been refused";
