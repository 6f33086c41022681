//! Golden snapshot files, in the format `insta` reads.
//!
//! `solve-all` writes them and `cargo test` checks them with `insta`; both
//! produce the same bytes, header included, so a run of either leaves the
//! tree unchanged when nothing changed.

use std::fs;
use std::path::{Path, PathBuf};

/// The test that checks the snapshots, named in each file's header.
const SOURCE: &str = "xtask/tests/golden.rs";

/// Where the snapshot of `case` of `puzzle` lives.
pub fn path(snapshots: &Path, puzzle: &str, case: &str) -> PathBuf {
    snapshots.join(puzzle).join(format!("{case}.snap"))
}

/// The whole file: insta's header (the test, the fixture) and the body.
pub fn file_text(input_file: &str, body: &str) -> String {
    format!(
        "---\nsource: {SOURCE}\ninput_file: {input_file}\n---\n{}\n",
        body.trim_end()
    )
}

/// The body of a snapshot file (what insta compares), if the file exists.
pub fn read_body(path: &Path) -> Option<String> {
    let text = fs::read_to_string(path).ok()?;
    let rest = text.strip_prefix("---\n")?;
    let end = rest.find("\n---\n")?;
    Some(rest[end + 5..].trim_end().to_string())
}

/// What happened to one snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The file already held this body.
    Unchanged,
    /// The file was written (new or changed).
    Written,
    /// `--check`: the file is missing or holds another body.
    Differs,
}

/// Writes (or, with `check`, compares) the snapshot at `path`.
pub fn update(path: &Path, input_file: &str, body: &str, check: bool) -> Result<Status, String> {
    if read_body(path).as_deref() == Some(body.trim_end()) {
        return Ok(Status::Unchanged);
    }
    if check {
        return Ok(Status::Differs);
    }
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    fs::write(path, file_text(input_file, body)).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(Status::Written)
}

/// The snapshot files under `dir` (one level of puzzle folders) that are not
/// in `keep`: left over from fixtures that no longer exist.
pub fn stale(dir: &Path, keep: &[PathBuf]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(puzzles) = fs::read_dir(dir) else {
        return found;
    };
    for puzzle in puzzles.filter_map(Result::ok).map(|e| e.path()) {
        let Ok(files) = fs::read_dir(&puzzle) else {
            continue;
        };
        found.extend(
            files
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "snap") && !keep.contains(p)),
        );
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_round_trip_through_files() {
        let dir = std::env::temp_dir().join(format!("xtask-snapshot-{}", std::process::id()));
        let file = path(&dir, "eight-puzzle", "case");
        assert_eq!(
            update(&file, "fixtures/x.json", "body\n", true),
            Ok(Status::Differs)
        );
        assert_eq!(
            update(&file, "fixtures/x.json", "body\n", false),
            Ok(Status::Written)
        );
        assert_eq!(read_body(&file).as_deref(), Some("body"));
        assert_eq!(
            update(&file, "fixtures/x.json", "body", true),
            Ok(Status::Unchanged)
        );
        assert_eq!(
            update(&file, "fixtures/x.json", "other", true),
            Ok(Status::Differs)
        );
        assert_eq!(stale(&dir, &[]), std::slice::from_ref(&file));
        assert!(stale(&dir, &[file]).is_empty());
        fs::remove_dir_all(dir).unwrap();
    }
}
