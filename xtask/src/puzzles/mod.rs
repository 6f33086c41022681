//! The registry: every puzzle's entry, in the order `solve-all` runs them,
//! and which fixtures are whose.

use std::fs;
use std::path::{Path, PathBuf};

use crate::fixtures;
use crate::registry::PuzzleDef;

pub mod eight_puzzle;
mod flip_it;
mod knight_swap;
mod line_puzzle;
mod peg_solitaire;

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
        for path in fixtures::json_files(&dir.join(puzzle.name))? {
            let case = fixtures::case_name(&path);
            found.push(FixtureFile { puzzle, path, case });
        }
    }
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut others: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != fixtures::INVALID_DIR && find(name).is_err())
        .collect();
    others.sort();
    let warnings = others
        .iter()
        .map(|name| format!("{}: not a known puzzle, skipped", dir.join(name).display()))
        .collect();
    Ok((found, warnings))
}
