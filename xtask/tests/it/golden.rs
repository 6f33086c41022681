//! The golden snapshots: every fixture solved and verified exactly as
//! `cargo xtask solve-all` does it, its text compared with the snapshot in
//! `snapshots/<puzzle>/<case>.snap`; and every invalid fixture refused with
//! the message in `snapshots/invalid/<puzzle>.snap`.
//!
//! Under `CI=true` insta writes nothing, so a changed result fails. Locally,
//! `cargo xtask solve-all` (or `cargo insta review`) accepts the change.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Mutex;

use xtask::fixtures::INVALID_DIR;
use xtask::{display_path, puzzles, refusals, render_refusals, repo_root};

/// Runs `assert` for every case, on as many threads as there are cores (the
/// cases are independent; each solver's own parallelism shares them), then
/// fails once, naming every case that failed.
fn check_all(cases: Vec<(String, Box<dyn FnOnce() + Send + '_>)>) {
    let queue = Mutex::new(cases.into_iter());
    let failed = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let next = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
                    let Some((name, assert)) = next else { break };
                    if catch_unwind(AssertUnwindSafe(assert)).is_err() {
                        failed.lock().unwrap_or_else(|e| e.into_inner()).push(name);
                    }
                }
            });
        }
    });
    let mut failed = failed.into_inner().unwrap_or_else(|e| e.into_inner());
    failed.sort();
    assert!(failed.is_empty(), "failed: {failed:?}");
}

fn assert_snapshot(folder: &Path, name: &str, input_file: &Path, body: &str) {
    insta::with_settings!({
        snapshot_path => folder,
        prepend_module_to_snapshot => false,
        input_file => input_file,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, body);
    });
}

#[test]
fn every_fixture_is_solved_verified_and_matches_its_snapshot() {
    let root = repo_root();
    let snapshots = root.join("xtask/tests/snapshots");
    let (files, warnings) = xtask::puzzles::discover(&root.join("fixtures")).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert!(!files.is_empty());
    let cases = files
        .iter()
        .map(|file| {
            let name = display_path(&file.path);
            let folder = snapshots.join(file.puzzle.name);
            let check: Box<dyn FnOnce() + Send> = Box::new(move || {
                let report = xtask::solve_file(file).unwrap_or_else(|e| panic!("{e}"));
                assert!(
                    report.verified,
                    "{}: a solution failed its replay",
                    file.case
                );
                assert!(
                    report.problems.is_empty(),
                    "{}: {:?}",
                    file.case,
                    report.problems
                );
                assert_snapshot(&folder, &file.case, &file.path, &report.snapshot);
            });
            (name, check)
        })
        .collect();
    check_all(cases);
}

#[test]
fn every_invalid_fixture_is_refused_with_a_clear_message() {
    let root = repo_root();
    let fixtures = root.join("fixtures");
    let folder = root.join("xtask/tests/snapshots").join(INVALID_DIR);
    for puzzle in puzzles::PUZZLES {
        let refused = refusals(puzzle, &fixtures).unwrap();
        if refused.is_empty() {
            continue;
        }
        for refusal in &refused {
            let message = refusal
                .message
                .as_ref()
                .unwrap_or_else(|| panic!("{}: {}", refusal.file, xtask::ACCEPTED));
            assert!(message.starts_with(refusal.file.as_str()), "{message}");
            assert!(!message.contains('\n'), "one line: {message}");
        }
        let input = fixtures.join(INVALID_DIR).join(puzzle.name);
        assert_snapshot(&folder, puzzle.name, &input, &render_refusals(&refused));
    }
}
