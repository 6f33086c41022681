//! Helpers the command-line test files share: running the built `xtask`,
//! reading its output, scratch folders, and comparing runs across thread
//! counts.

use std::fs;
use std::path::PathBuf;
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

/// Runs `args` with 1, 2 and 4 rayon threads and checks that the outputs
/// agree, after `normalise`.
#[allow(dead_code, reason = "not every test file compares thread counts")]
pub fn same_with_any_thread_count(args: &[&str], normalise: impl Fn(Vec<u8>) -> Vec<u8>) {
    let outputs: Vec<Vec<u8>> = ["1", "2", "4"]
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
