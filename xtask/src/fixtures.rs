//! Reading fixture files: the `.json` files of a folder, and a fixture's
//! text checked against its puzzle's fields, then parsed.

use std::fs;
use std::path::{Path, PathBuf};

pub use search_core::fixture::{COMMON_FIELDS, Fields};

/// The folder of fixtures that must be refused (with their error messages
/// snapshotted); `solve-all` skips it.
pub const INVALID_DIR: &str = "invalid";

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

/// Reads a fixture and parses it as `T` after checking its fields against
/// `fields`: every missing and every unknown field is named in one message
/// (the file's name is added by the caller).
pub fn parse_fields<T: serde::de::DeserializeOwned>(
    json: &str,
    fields: &Fields,
) -> Result<T, String> {
    let value: serde_json::Value = parse(json)?;
    let object = value
        .as_object()
        .ok_or("expected a JSON object, one field per property of the instance")?;
    fields.check(object.keys().map(String::as_str))?;
    // From the text again, so that an error says where it is.
    parse(json)
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
