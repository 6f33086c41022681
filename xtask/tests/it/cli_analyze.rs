//! The `analyze` command, run as a user runs it: the 8-puzzle's sweep, its
//! chart, its memory limit, every puzzle's sweep printing the same JSON
//! whatever the thread count, and peg solitaire's counts by jumps with and
//! without the histogram, its options refused for the other puzzles.

use std::fs;

use crate::common::{assert_stderr_has, json_of, same_with_any_thread_count, scratch, text, xtask};

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

/// The 15-hole triangle, peg solitaire's goal in the tests below.
const TRIANGLE_15: &str = "../fixtures/peg-solitaire/triangle-15.json";

/// `analyze peg-solitaire --goal <goal>` with `options`.
fn analyze_peg(goal: &str, options: &[&str]) -> std::process::Output {
    let args = ["analyze", "peg-solitaire", "--goal", goal];
    xtask(&[&args[..], options].concat())
}

#[test]
fn peg_solitaires_solvable_positions_alone_are_those_of_the_whole_census() {
    let census = |more: &[&str]| {
        json_of(&analyze_peg(
            TRIANGLE_15,
            &[&["--by", "jumps", "--json"], more].concat(),
        ))
    };
    let (whole, alone) = (census(&[]), census(&["--solvable-only"]));
    assert_eq!(whole["states"], 2169);
    assert_eq!(alone["solvable"], whole["solvable"]);
    assert_eq!(alone["solutions"], whole["solutions"]);
    // The positions alone: the sequences not counted.
    let positions = census(&["--solvable-only", "--positions-only"]);
    assert_eq!(positions["solvable"], whole["solvable"]);
    assert!(positions["solutions"].is_null() && whole["solutions"].is_string());
    // Nothing said about the positions not counted.
    for key in [
        "histogram",
        "states",
        "ranks",
        "max_distance",
        "farthest_count",
    ] {
        assert!(alone[key].is_null(), "{key}: {}", alone[key]);
    }
}

#[test]
fn peg_solitaires_options_are_refused_where_they_do_not_apply() {
    for (puzzle, option) in [
        ("flip-it", "--problems"),
        ("eight-puzzle", "--solvable-only"),
        ("line-puzzle", "--shortest-only"),
    ] {
        let out = xtask(&["analyze", puzzle, option]);
        assert_eq!(out.status.code(), Some(1));
        assert_stderr_has(&out, &format!("{puzzle} takes no {option}"));
    }
    let out = xtask(&["analyze", "knight-swap", "--by", "jumps"]);
    assert_stderr_has(&out, "knight-swap takes no --by");
    // And peg solitaire's own only where it applies.
    for (option, applies) in [
        ("--solvable-only", "the counts by jumps"),
        ("--positions-only", "the solvable positions"),
        ("--shortest-only", "the problems of a board"),
    ] {
        let out = analyze_peg(TRIANGLE_15, &[option]);
        assert_eq!(out.status.code(), Some(1));
        assert_stderr_has(&out, &format!("{option} applies to {applies}"));
    }
}

#[test]
fn peg_solitaires_shortest_problem_is_the_least_of_the_table() {
    let problems = |more: &[&str]| {
        let goal = "../fixtures/peg-solitaire/boards/triangle-6.json";
        json_of(&analyze_peg(
            goal,
            &[&["--problems", "--json"], more].concat(),
        ))
    };
    let (table, shortest) = (problems(&[]), problems(&["--shortest-only"]));
    // OEIS A127500: 9 moves on the triangle of side 6.
    assert_eq!(table["shortest"], 9);
    assert_eq!(shortest["shortest"], 9);
    let (v, s) = (&shortest["vacancy"], &shortest["survivor"]);
    let entry = table["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| &p["vacancy"] == v && &p["survivor"] == s)
        .unwrap();
    assert_eq!(entry["moves"], 9);
    let solution = shortest["solution"].as_str().unwrap();
    assert_eq!(solution.matches('[').count(), 9, "{solution}");
}

#[test]
fn peg_solitaires_problems_too_big_are_refused_at_once() {
    // The triangle of side 8: its levels are estimated before any is
    // grown, and the run refused with the figure and the flag.
    let goal = "../fixtures/peg-solitaire/boards/triangle-8.json";
    let out = analyze_peg(goal, &["--problems"]);
    assert_eq!(out.status.code(), Some(1));
    assert_stderr_has(&out, "over the limit of 8.0 GiB; --max-memory ");
    assert_stderr_has(&out, " would let it run");
    // No start was searched.
    assert!(
        !text(&out.stderr).contains("start 1 of"),
        "{}",
        text(&out.stderr)
    );
}
