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

/// The fields of one puzzle's fixtures, beside the ones every fixture may
/// have ([`COMMON_FIELDS`]).
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// Fields a fixture must have.
    pub required: &'static [&'static str],
    /// Fields it may have.
    pub optional: &'static [&'static str],
}

/// Fields every fixture may have: `name` (default: the file's stem),
/// `source` (where the instance comes from) and `expect` (facts checked
/// against the solvers).
pub const COMMON_FIELDS: [&str; 3] = ["name", "source", "expect"];

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
    let missing: Vec<String> = fields
        .required
        .iter()
        .filter(|f| !object.contains_key(**f))
        .map(|f| format!("`{f}`"))
        .collect();
    let known = |key: &str| {
        fields.required.contains(&key)
            || fields.optional.contains(&key)
            || COMMON_FIELDS.contains(&key)
    };
    let unknown: Vec<String> = object
        .keys()
        .filter(|k| !known(k))
        .map(|k| format!("`{k}`"))
        .collect();
    if !missing.is_empty() || !unknown.is_empty() {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let mut problems = Vec::new();
        if !missing.is_empty() {
            problems.push(format!(
                "missing field{} {}",
                plural(missing.len()),
                missing.join(", ")
            ));
        }
        if !unknown.is_empty() {
            problems.push(format!(
                "unknown field{} {}",
                plural(unknown.len()),
                unknown.join(", ")
            ));
        }
        let all: Vec<&str> = fields
            .required
            .iter()
            .chain(fields.optional)
            .chain(&COMMON_FIELDS)
            .copied()
            .collect();
        return Err(format!(
            "{} (the fields: {}; required: {})",
            problems.join("; "),
            all.join(", "),
            fields.required.join(", ")
        ));
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Fixture {
        start: Vec<String>,
        #[serde(default)]
        goal: Option<Vec<String>>,
        #[serde(default)]
        name: Option<String>,
    }

    const FIELDS: Fields = Fields {
        required: &["start"],
        optional: &["goal"],
    };

    fn check(json: &str, expected: Result<(), &str>) {
        let parsed = parse_fields::<Fixture>(json, &FIELDS).map(|_| ());
        assert_eq!(
            parsed.as_ref().map_err(String::as_str).copied(),
            expected,
            "{json}"
        );
    }

    #[test]
    fn every_missing_and_unknown_field_is_named_at_once() {
        check(r#"{"start": ["1 2", "3 0"]}"#, Ok(()));
        check(
            r#"{"start": [], "goal": [], "name": "n", "source": "s"}"#,
            Ok(()),
        );
        check(
            r#"{"goals": [], "nmae": "x"}"#,
            Err(
                "missing field `start`; unknown fields `goals`, `nmae` (the fields: start, goal, name, source, expect; required: start)",
            ),
        );
        check(
            r#"{"start": "1 2 3"}"#,
            Err("invalid type: string \"1 2 3\", expected a sequence at line 1 column 17"),
        );
        check(
            "[1]",
            Err("expected a JSON object, one field per property of the instance"),
        );
        check(
            "{",
            Err("invalid JSON: EOF while parsing an object at line 1 column 1"),
        );
    }
}
