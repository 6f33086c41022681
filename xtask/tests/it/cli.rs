//! The command line, run as a user runs it: `solve` on single files,
//! `solve-all` and its `--check` over a bad fixture among good ones, bad
//! input, help, and a closed stdout.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::common::{
    assert_stderr_has, same_with_any_thread_count, scratch, solve_all, solve_json, text, xtask,
};

#[test]
fn a_bad_fixture_is_reported_and_the_run_goes_on() {
    let dir = scratch("bad-fixture");
    let puzzle = dir.join("fixtures/eight-puzzle");
    fs::create_dir_all(&puzzle).unwrap();
    fs::write(
        puzzle.join("a-good.json"),
        r#"{"name": "good", "source": "test", "start": ["1 2 3", "4 5 6", "7 0 8"], "expect": {"moves": 1}}"#,
    )
    .unwrap();
    fs::write(
        puzzle.join("b-bad.json"),
        r#"{"name": "bad", "source": "test", "start": ["1 2 3", "4 5"]}"#,
    )
    .unwrap();
    fs::write(
        puzzle.join("c-good.json"),
        r#"{"name": "good", "source": "test", "start": ["1 2 3", "4 5 6", "0 7 8"], "expect": {"moves": 2}}"#,
    )
    .unwrap();
    let fixtures = dir.join("fixtures");
    let snapshots = dir.join("snapshots");
    let out = solve_all(&fixtures, &snapshots, &["--json"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let errors: Vec<&str> = stderr.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(
        errors[0].ends_with("b-bad.json: start: row 2 has 2 cells, but the first row has 3"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let results: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cases: Vec<(&str, u64)> = results
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["case"].as_str().unwrap(), r["moves"].as_u64().unwrap()))
        .collect();
    assert_eq!(cases, [("a-good", 1), ("c-good", 2)]);
    assert!(snapshots.join("eight-puzzle/a-good.snap").exists());
    assert!(snapshots.join("eight-puzzle/c-good.snap").exists());

    // --check now passes for what was written and changes nothing.
    fs::remove_file(puzzle.join("b-bad.json")).unwrap();
    let check = solve_all(&fixtures, &snapshots, &["--check"]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));

    // A changed fixture makes --check fail, naming the snapshot.
    fs::write(
        puzzle.join("c-good.json"),
        r#"{"name": "changed", "source": "test", "start": ["1 2 3", "4 5 6", "0 7 8"]}"#,
    )
    .unwrap();
    let check = solve_all(&fixtures, &snapshots, &["--check"]);
    assert_eq!(check.status.code(), Some(1));
    assert_stderr_has(&check, "c-good.snap: differs");
}

#[test]
fn solve_prints_one_json_object() {
    let result = solve_json("eight-puzzle", "seed-31");
    assert_eq!(result["moves"], 31);
    assert_eq!(result["verified"], true);
    assert_eq!(result["solution"].as_array().unwrap().len(), 31);
    assert!(result["nodes"].as_u64().unwrap() > 0);
    assert!(result["ms"].as_f64().is_some());

    let result = solve_json("eight-puzzle", "unreachable");
    assert!(result["moves"].is_null());
}

/// Every JSON answer says whether its length is proven minimal, gives a
/// reason whenever there is no solution or no proof, draws both boards, and
/// splits its time into table builds and search.
#[test]
fn every_json_answer_is_honest_about_optimality() {
    for (puzzle, file) in [
        ("eight-puzzle", "seed-31"),
        ("eight-puzzle", "unreachable"),
        ("flip-it", "seed-orthogonal"),
        ("flip-it", "small-3x3"),
        ("knight-swap", "seed-3x4"),
        ("line-puzzle", "small-2x3"),
        ("line-puzzle", "distinct-2x2"),
        ("peg-solitaire", "triangle-15"),
        ("peg-solitaire", "english-central"),
        ("peg-solitaire", "triangle-15-unreachable"),
    ] {
        let path = format!("{puzzle}/{file}");
        let answer = solve_json(puzzle, file);
        let optimal = answer["optimal"].as_bool().expect("optimal is a boolean");
        let needs_reason = answer["moves"].is_null() || !optimal;
        assert_eq!(
            answer["reason"].is_string(),
            needs_reason,
            "{path}: {answer}"
        );
        assert!(!answer["start"].as_array().unwrap().is_empty(), "{path}");
        if !answer["moves"].is_null() {
            assert!(!answer["goal"].as_array().unwrap().is_empty(), "{path}");
        }
        let ms = |key: &str| answer[key].as_f64().unwrap();
        assert!(
            (ms("ms") - ms("build_ms") - ms("search_ms")).abs() < 1e-9,
            "{path}"
        );
    }
}

/// A user's file needs only the boards: `name` and `source` are optional,
/// and so is the goal wherever the puzzle has a natural one, and a
/// variant or lattice that is the default.
#[test]
fn a_file_with_only_the_boards_solves() {
    let dir = scratch("only-boards");
    for (puzzle, json, moves) in [
        (
            "eight-puzzle",
            r#"{"start": ["8 6 7", "2 5 4", "3 . 1"]}"#,
            31,
        ),
        (
            "flip-it",
            r#"{"start": ["bbbb", "b.bb", "bbbb", "bbbb"]}"#,
            22,
        ),
        (
            "knight-swap",
            r#"{"start": ["bbb", "...", "...", "www"]}"#,
            16,
        ),
        (
            "line-puzzle",
            r#"{"start": ["BCA", "AsB"], "goal": ["aab", "bc."]}"#,
            9,
        ),
        // No lattice: a square one.
        (
            "peg-solitaire",
            r#"{"start": ["oo.o"], "goal": [".o.."]}"#,
            2,
        ),
    ] {
        let file = dir.join(format!("{puzzle}.json"));
        fs::write(&file, json).unwrap();
        let out = xtask(&["solve", puzzle, file.to_str().unwrap(), "--json"]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{puzzle}: {}",
            text(&out.stderr)
        );
        let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["moves"], moves, "{puzzle}");
        assert_eq!(answer["optimal"], true, "{puzzle}");
    }
}

#[test]
fn bad_input_gets_one_line_and_no_panic() {
    let check = |args: &[&str], expected: &str| {
        let out = xtask(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = text(&out.stderr);
        assert_eq!(stderr.trim_end(), expected, "{args:?}");
    };
    check(
        &[
            "solve",
            "eight-puzzle",
            "../fixtures/invalid/eight-puzzle/duplicate-tile.json",
        ],
        "error: ../fixtures/invalid/eight-puzzle/duplicate-tile.json: start: tile 8 occurs more than once (so another tile is missing)",
    );
    let known: Vec<&str> = xtask::puzzles::PUZZLES.iter().map(|p| p.name).collect();
    check(
        &["solve", "no-such-puzzle", "x.json"],
        &format!(
            "error: unknown puzzle \"no-such-puzzle\" (known: {})",
            known.join(", ")
        ),
    );
    check(
        &["analyze", "eight-puzzle", "--size", "3by3"],
        "error: --size \"3by3\": expected WIDTHxHEIGHT, e.g. 3x3",
    );
}

#[test]
fn counts_are_the_same_whatever_the_thread_count() {
    // The JSON of solve-all, but for the times it measures.
    let without_times = |out: Vec<u8>| {
        let mut all: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let times = ["ms", "build_ms", "search_ms"];
        for report in all.as_array_mut().unwrap() {
            let object = report.as_object_mut().unwrap();
            times.iter().for_each(|t| drop(object.remove(*t)));
            for run in report["runs"].as_array_mut().unwrap() {
                let object = run.as_object_mut().unwrap();
                times.iter().for_each(|t| drop(object.remove(*t)));
            }
        }
        serde_json::to_vec(&all).unwrap()
    };
    let dir = scratch("counts");
    let snapshots = dir.join("snapshots");
    same_with_any_thread_count(
        &[
            "solve-all",
            "--json",
            "--puzzle",
            "knight-swap",
            "--snapshots",
            snapshots.to_str().unwrap(),
        ],
        without_times,
    );
    // Peg solitaire's levels met from both ends (the English board), whose
    // levels are generated in parallel. Its counts and the other fixtures'
    // searches run on one thread (search_core::count, IDA*): they add
    // nothing here.
    let fixtures = dir.join("fixtures");
    let peg = fixtures.join("peg-solitaire");
    fs::create_dir_all(&peg).unwrap();
    let name = "english-central.json";
    fs::copy(
        Path::new("../fixtures/peg-solitaire").join(name),
        peg.join(name),
    )
    .unwrap();
    same_with_any_thread_count(
        &[
            "solve-all",
            "--json",
            "--fixtures",
            fixtures.to_str().unwrap(),
            "--snapshots",
            snapshots.to_str().unwrap(),
        ],
        without_times,
    );
}

#[test]
fn knight_swap_reports_its_count_in_json() {
    let result = solve_json("knight-swap", "seed-3x4");
    assert_eq!(result["moves"], 16);
    // The count, recomputed here by a plain breadth-first path count.
    let start = knight_swap::Board::from_rows(&["bbb", "...", "...", "www"]).unwrap();
    let goal = knight_swap::Board::from_rows(&["www", "...", "...", "bbb"]).unwrap();
    let next = |b: &knight_swap::Board| -> Vec<knight_swap::Board> {
        b.moves().into_iter().map(|m| b.play(&m).unwrap()).collect()
    };
    let plain =
        search_core::count::count_shortest_paths(&start, next, |b| *b == goal, &Default::default())
            .unwrap()
            .found
            .unwrap();
    assert_eq!(result["count"].as_u64().map(u128::from), Some(plain.count));
}

#[test]
fn peg_solitaire_reports_its_count_and_refuses_to_exceed_memory() {
    let result = solve_json("peg-solitaire", "seed-21");
    assert_eq!(result["moves"], 12);
    assert_eq!(result["count"], 96);
    assert_eq!(result["solution"][0], "[14, 6]");
    let out = xtask(&[
        "analyze",
        "peg-solitaire",
        "--goal",
        "../fixtures/peg-solitaire/english-central.json",
        "--max-memory",
        "1",
    ]);
    assert_ne!(out.status.code(), Some(0));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("over the limit of 1.0 MiB"), "{stderr}");
}

#[test]
fn a_closed_stdout_ends_the_run_without_a_panic() {
    // `cargo xtask analyze ... | head -0`: the reader is gone before the
    // first line is written.
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["analyze", "eight-puzzle", "--size", "3x3"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("xtask runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(out.status.code(), Some(141), "{stderr}");
}

#[test]
fn check_shows_every_changed_snapshot_as_a_diff_and_names_what_changed() {
    let dir = scratch("check-diffs");
    let puzzle = dir.join("fixtures/eight-puzzle");
    fs::create_dir_all(&puzzle).unwrap();
    for (case, row) in [("one", "7 0 8"), ("two", "0 7 8")] {
        fs::write(
            puzzle.join(format!("{case}.json")),
            format!(
                r#"{{"name": "{case}", "source": "test", "start": ["1 2 3", "4 5 6", "{row}"]}}"#
            ),
        )
        .unwrap();
    }
    let fixtures = dir.join("fixtures");
    let snapshots = dir.join("snapshots");
    let run = |check: bool| {
        solve_all(
            &fixtures,
            &snapshots,
            if check { &["--check"] } else { &[] },
        )
    };
    assert_eq!(run(false).status.code(), Some(0));

    let unchanged = run(true);
    assert_eq!(
        unchanged.status.code(),
        Some(0),
        "{}",
        text(&unchanged.stderr)
    );
    assert_stderr_has(&unchanged, "snapshots: 2 unchanged, 0 written, 0 differ\n");

    // Both snapshots edited: one answer, one node count.
    let edit = |case: &str, from: &str, to: &str| {
        let file = snapshots.join(format!("eight-puzzle/{case}.snap"));
        let before = fs::read_to_string(&file).unwrap();
        assert!(before.contains(from), "{before}");
        fs::write(&file, before.replacen(from, to, 1)).unwrap();
    };
    edit("one", "answer: 1 move ", "answer: 3 moves ");
    edit(
        "two",
        "bfs                      2",
        "bfs                      9",
    );
    let changed = run(true);
    let stderr = text(&changed.stderr);
    assert_eq!(changed.status.code(), Some(1), "{stderr}");
    for line in [
        "-answer: 3 moves (optimal; every algorithm's solution replayed)",
        "+answer: 1 move (optimal; every algorithm's solution replayed)",
        "-bfs                      9",
        "+bfs                      2",
        "snapshots: 0 unchanged, 0 written, 2 differ; 2 problems",
        "  changed: eight-puzzle/one: 3 moves -> 1 move",
        "  changed: eight-puzzle/two: answer unchanged (2 moves); 1 other line changed",
    ] {
        assert!(
            stderr.lines().any(|l| l.contains(line)),
            "{line:?} missing from\n{stderr}"
        );
    }
    assert!(
        stderr.contains("--- a/") && stderr.contains("eight-puzzle/one.snap"),
        "{stderr}"
    );
    // --check wrote nothing.
    let kept = fs::read_to_string(snapshots.join("eight-puzzle/one.snap")).unwrap();
    assert!(kept.contains("answer: 3 moves"));
}

#[test]
fn help_names_each_puzzles_fields_sizes_and_defaults() {
    let help = |args: &[&str]| {
        let out = xtask(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        text(&out.stdout)
    };
    let flip = help(&["analyze", "flip-it", "--help"]);
    assert!(flip.contains("--size N      3, 4 (default) or 5"), "{flip}");
    assert!(flip.contains("Usage: "), "{flip}");
    let knights = help(&["solve", "knight-swap", "--help"]);
    assert!(
        knights.contains("default: the start with every knight's colour changed"),
        "{knights}"
    );
    // Without a puzzle, the command's own help.
    let plain = help(&["analyze", "--help"]);
    assert!(
        plain.contains("Usage: ") && !plain.contains("flip-it:"),
        "{plain}"
    );
}

#[test]
fn solve_names_its_bound_and_answers_a_budget_with_a_reason() {
    let korf = "fixtures/eight-puzzle/korf-001.json";
    let root = xtask::repo_root();
    let path = root.join(korf);
    let path = path.to_str().unwrap();
    let out = xtask(&["solve", "eight-puzzle", path, "--bound", "6-6-3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("pattern databases: 6-6-3 zero-aware, reflected (--bound 6-6-3)"),
        "{stdout}"
    );
    assert!(stdout.contains("answer: 57 moves"), "{stdout}");
    // A budget far below the search's needs stops it with the reason and
    // what was proved (the cancellation is checked every few thousand nodes;
    // this search expands about 245,000).
    let out = xtask(&[
        "solve",
        "eight-puzzle",
        path,
        "--bound",
        "6-6-3",
        "--max-seconds",
        "0.000001",
    ]);
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("no answer within --max-seconds 0.000001: the search stopped after"),
        "{stderr}"
    );
    let out = xtask(&["solve", "eight-puzzle", path, "--bound", "9-6"]);
    assert!(!out.status.success());
    assert_stderr_has(&out, "unknown bound \"9-6\" (known: strongest, 6-6-3, 7-8)");
    let out = xtask(&["solve", "eight-puzzle", path, "--max-seconds=-3"]);
    assert!(!out.status.success());
    assert_stderr_has(&out, "--max-seconds -3: a number of seconds, 0 or more");
}

#[test]
fn solve_refuses_the_flags_of_another_puzzle() {
    let root = xtask::repo_root();
    let path = root.join("fixtures/flip-it/small-3x3.json");
    let path = path.to_str().unwrap();
    for flag in [["--bound", "6-6-3"], ["--max-seconds", "5"]] {
        let mut args = vec!["solve", "flip-it", path];
        args.extend(flag);
        let out = xtask(&args);
        assert!(!out.status.success());
        assert_stderr_has(
            &out,
            &format!("flip-it takes no {}: it is eight-puzzle's", flag[0]),
        );
    }
}
