//! Helpers the command-line test files share: running the built `xtask`,
//! reading its output, scratch folders, and comparing runs across thread
//! counts.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn xtask(args: &[&str]) -> Output {
    xtask_with(args, &[])
}

pub fn xtask_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("xtask runs")
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder under the target directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `args` with one rayon thread and with three and checks that the
/// outputs agree, after `normalise`: sequential against parallel, with an odd
/// number of threads so that no chunk boundary falls where two threads' would.
pub fn same_with_any_thread_count(args: &[&str], normalise: impl Fn(Vec<u8>) -> Vec<u8>) {
    let outputs: Vec<Vec<u8>> = ["1", "3"]
        .iter()
        .map(|threads| {
            let out = xtask_with(args, &[("RAYON_NUM_THREADS", threads)]);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{args:?}: {}",
                text(&out.stderr)
            );
            normalise(out.stdout)
        })
        .collect();
    assert!(outputs.windows(2).all(|w| w[0] == w[1]), "{args:?}");
}

/// Runs `solve-all` over `fixtures` into `snapshots`, with `more` arguments.
pub fn solve_all(fixtures: &Path, snapshots: &Path, more: &[&str]) -> Output {
    let mut args = vec![
        "solve-all",
        "--fixtures",
        fixtures.to_str().unwrap(),
        "--snapshots",
        snapshots.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    xtask(&args)
}

/// The JSON object a successful run printed.
pub fn json_of(out: &Output) -> serde_json::Value {
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The JSON answer of `solve` on the fixture `fixtures/<puzzle>/<case>.json`.
pub fn solve_json(puzzle: &str, case: &str) -> serde_json::Value {
    let path = format!("../fixtures/{puzzle}/{case}.json");
    json_of(&xtask(&["solve", puzzle, &path, "--json"]))
}

/// Checks that a run's standard error says `message`.
pub fn assert_stderr_has(out: &Output, message: &str) {
    assert!(text(&out.stderr).contains(message), "{}", text(&out.stderr));
}

/// Checks that a run failed, with status 1, and that its standard error says
/// `message`.
pub fn assert_fails_with(out: &Output, message: &str) {
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_stderr_has(out, message);
}

/// The arguments of a command line written as one string, split at spaces.
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}
