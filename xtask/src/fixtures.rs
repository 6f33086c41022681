//! Finding and reading fixture files.

use std::fs;
use std::path::{Path, PathBuf};

use crate::puzzles::{PUZZLES, PuzzleDef};

/// The folder of fixtures that must be refused (with their error messages
/// snapshotted); `solve-all` skips it.
pub const INVALID_DIR: &str = "invalid";

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
            json_files(&dir.join(puzzle.name))?
                .into_iter()
                .map(|path| FixtureFile {
                    puzzle,
                    case: case_name(&path),
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
        .filter(|name| name != INVALID_DIR && !PUZZLES.iter().any(|p| p.name == name))
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

/// The `.json` files directly in `dir`, sorted; none if `dir` does not exist.
pub fn json_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    Ok(files)
}

/// The case name of a fixture: its file name without `.json`.
pub fn case_name(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// Reads a fixture and parses it as `T`, with errors that say what is wrong
/// (the file's name is added by the caller).
pub fn parse<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, String> {
    serde_json::from_str(json).map_err(|e| {
        use serde_json::error::Category;
        match e.classify() {
            Category::Syntax | Category::Eof => format!("invalid JSON: {e}"),
            Category::Data | Category::Io => e.to_string(),
        }
    })
}
