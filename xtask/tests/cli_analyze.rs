//! The `analyze` command, run as a user runs it: the 8-puzzle's sweep, its
//! chart, its memory limit, and every puzzle's sweep printing the same JSON
//! whatever the thread count.

use std::fs;

mod common;
use common::{assert_stderr_has, json_of, same_with_any_thread_count, scratch, text, xtask};

#[test]
fn analyze_sweeps_the_eight_puzzle() {
    let out = xtask(&["analyze", "eight-puzzle", "--json"]);
    let result = json_of(&out);
    assert_eq!(result["states"], 181_440);
    assert_eq!(result["max_distance"], 31);
    assert_eq!(result["histogram"][31], 2);
    assert_eq!(
        result["farthest"],
        serde_json::json!([["6 4 7", "8 5 0", "3 2 1"], ["8 6 7", "2 5 4", "3 0 1"]])
    );
    // The table is stated before it is allocated.
    assert_stderr_has(&out, "table: 362,880 ranks, 0.3 MiB");
}

#[test]
fn analyze_refuses_tables_over_the_memory_limit() {
    let out = xtask(&[
        "analyze",
        "eight-puzzle",
        "--size",
        "4x3",
        "--max-memory",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).ends_with(
            "error: the distance table needs 114.2 MiB, more than the limit of 10.0 MiB\n"
        ),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn sweeps_print_the_same_json_whatever_the_thread_count() {
    // Every puzzle's sweep, on a space small enough for a test, with both tables.
    for args in [
        &["analyze", "eight-puzzle", "--json"][..],
        &[
            "analyze",
            "eight-puzzle",
            "--size",
            "4x2",
            "--table",
            "two-bits",
            "--json",
        ],
        &[
            "analyze",
            "flip-it",
            "--size",
            "4",
            "--variant",
            "diagonal",
            "--json",
        ],
        &[
            "analyze", "flip-it", "--size", "3", "--table", "two-bits", "--json",
        ],
        &["analyze", "knight-swap", "--json"],
        &[
            "analyze",
            "line-puzzle",
            "--goal",
            "../fixtures/line-puzzle/small-2x3.json",
            "--json",
        ],
    ] {
        same_with_any_thread_count(args, |out| out);
    }
}

#[test]
fn analyze_draws_the_histogram() {
    let dir = scratch("svg");
    let file = dir.join("chart.svg");
    let out = xtask(&[
        "analyze",
        "eight-puzzle",
        "--size",
        "3x2",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = fs::read_to_string(file).unwrap();
    // The 3x2 board's 360 reachable arrangements lie at distances 0..=21.
    assert_eq!(svg.matches("<title>distance").count(), 22);
}
