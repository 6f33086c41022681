//! Golden snapshot files, in the format `insta` reads.
//!
//! `solve-all` writes them and `cargo test` checks them with `insta`; both
//! produce the same bytes, header included, so a run of either leaves the
//! tree unchanged when nothing changed.

use std::fs;
use std::path::{Path, PathBuf};

use similar::TextDiff;

/// The test that checks the snapshots, named in each file's header.
const SOURCE: &str = "xtask/tests/it/golden.rs";

/// Where the snapshot of `case` of `puzzle` lives.
pub fn path(snapshots: &Path, puzzle: &str, case: &str) -> PathBuf {
    snapshots.join(puzzle).join(format!("{case}.snap"))
}

/// `<puzzle>/<case>` of the snapshot at `path`, as summaries name it.
pub fn label(path: &Path) -> String {
    let name = |part: Option<&std::ffi::OsStr>| part.map(|p| p.to_string_lossy().into_owned());
    let case = name(path.file_stem()).unwrap_or_default();
    match name(path.parent().and_then(Path::file_name)) {
        Some(puzzle) => format!("{puzzle}/{case}"),
        None => case,
    }
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

/// A unified diff from the snapshot file's text `old` (`None`: no file yet)
/// to `new`, with three lines of context, headed by the file's `shown` path
/// as `git diff` heads one: a reviewer reading a CI log sees exactly what a
/// run of `cargo xtask solve-all` would write (`git apply` takes it too).
pub fn unified_diff(shown: &str, old: Option<&str>, new: &str) -> String {
    let old_text = old
        .map(|b| format!("{}\n", b.trim_end()))
        .unwrap_or_default();
    let new_text = format!("{}\n", new.trim_end());
    let old_name = if old.is_some() {
        format!("a/{shown}")
    } else {
        "/dev/null".to_string()
    };
    TextDiff::from_lines(&old_text, &new_text)
        .unified_diff()
        .context_radius(3)
        .header(&old_name, &format!("b/{shown}"))
        .to_string()
}

/// One line saying what changed in a snapshot's answer (`old` and `new` are
/// the file's texts or bodies), for the summary of
/// `solve-all --check`: `seed-31: 30 -> 31 moves` when the answer changed,
/// otherwise that it did not and how many other lines did.
pub fn change_summary(case: &str, old: Option<&str>, new: &str) -> String {
    let Some(old) = old else {
        return format!(
            "{case}: new snapshot ({})",
            answer(new).unwrap_or("no answer line")
        );
    };
    match (answer(old), answer(new)) {
        (Some(before), Some(after)) if before != after => {
            format!("{case}: {}", arrow(before, after))
        }
        (before, after) => {
            let changed = TextDiff::from_lines(old, new)
                .iter_all_changes()
                .filter(|c| c.tag() == similar::ChangeTag::Insert)
                .count();
            let answer = match (before, after) {
                (Some(same), Some(_)) => format!("answer unchanged ({same})"),
                _ => "no answer line".to_string(),
            };
            let lines = if changed == 1 { "line" } else { "lines" };
            format!("{case}: {answer}; {changed} other {lines} changed")
        }
    }
}

/// The gist of a snapshot's `answer:` line: what comes before its
/// parenthesised or colon-led explanation (`31 moves`, `unreachable`).
fn answer(body: &str) -> Option<&str> {
    let line = body.lines().find_map(|l| l.strip_prefix("answer: "))?;
    let end = [" (", ": "]
        .iter()
        .filter_map(|sep| line.find(sep))
        .min()
        .unwrap_or(line.len());
    Some(line[..end].trim())
}

/// `30 moves` and `31 moves` become `30 -> 31 moves`: a shared last word is
/// said once.
fn arrow(before: &str, after: &str) -> String {
    match (before.rsplit_once(' '), after.rsplit_once(' ')) {
        (Some((b, unit)), Some((a, unit2))) if unit == unit2 => format!("{b} -> {a} {unit}"),
        _ => format!("{before} -> {after}"),
    }
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
