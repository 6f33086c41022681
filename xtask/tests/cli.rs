//! The command line, run as a user runs it: a bad fixture among good ones,
//! single files, and sweeps.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output};

fn xtask(args: &[&str]) -> Output {
    xtask_with(args, &[])
}

fn xtask_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("xtask runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

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
    let out = xtask(&[
        "solve-all",
        "--json",
        "--fixtures",
        fixtures.to_str().unwrap(),
        "--snapshots",
        snapshots.to_str().unwrap(),
    ]);
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
    let check = xtask(&[
        "solve-all",
        "--check",
        "--fixtures",
        fixtures.to_str().unwrap(),
        "--snapshots",
        snapshots.to_str().unwrap(),
    ]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));

    // A changed fixture makes --check fail, naming the snapshot.
    fs::write(
        puzzle.join("c-good.json"),
        r#"{"name": "changed", "source": "test", "start": ["1 2 3", "4 5 6", "0 7 8"]}"#,
    )
    .unwrap();
    let check = xtask(&[
        "solve-all",
        "--check",
        "--fixtures",
        fixtures.to_str().unwrap(),
        "--snapshots",
        snapshots.to_str().unwrap(),
    ]);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        text(&check.stderr).contains("c-good.snap: differs"),
        "{}",
        text(&check.stderr)
    );
}

#[test]
fn solve_prints_one_json_object() {
    let out = xtask(&[
        "solve",
        "eight-puzzle",
        "../fixtures/eight-puzzle/seed-31.json",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(result["moves"], 31);
    assert_eq!(result["verified"], true);
    assert_eq!(result["solution"].as_array().unwrap().len(), 31);
    assert!(result["nodes"].as_u64().unwrap() > 0);
    assert!(result["ms"].as_f64().is_some());

    let unreachable = xtask(&[
        "solve",
        "eight-puzzle",
        "../fixtures/eight-puzzle/unreachable.json",
        "--json",
    ]);
    assert_eq!(unreachable.status.code(), Some(0));
    let result: serde_json::Value = serde_json::from_slice(&unreachable.stdout).unwrap();
    assert!(result["moves"].is_null());
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
fn analyze_sweeps_the_eight_puzzle() {
    let out = xtask(&["analyze", "eight-puzzle", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(result["states"], 181_440);
    assert_eq!(result["max_distance"], 31);
    assert_eq!(result["histogram"][31], 2);
    assert_eq!(
        result["farthest"],
        serde_json::json!([["6 4 7", "8 5 0", "3 2 1"], ["8 6 7", "2 5 4", "3 0 1"]])
    );
    // The table is stated before it is allocated.
    assert!(
        text(&out.stderr).contains("table: 362,880 ranks, 0.3 MiB"),
        "{}",
        text(&out.stderr)
    );
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
        text(&out.stderr)
            .ends_with("error: the distance table needs 115 MiB, more than the limit of 10 MiB\n"),
        "{}",
        text(&out.stderr)
    );
}

/// Runs `args` with 1, 2 and 4 rayon threads and checks that the outputs
/// agree, after `normalise`.
fn same_with_any_thread_count(args: &[&str], normalise: impl Fn(Vec<u8>) -> Vec<u8>) {
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
fn counts_are_the_same_whatever_the_thread_count() {
    // The JSON of solve-all, but for the times it measures.
    let without_times = |out: Vec<u8>| {
        let mut all: serde_json::Value = serde_json::from_slice(&out).unwrap();
        for report in all.as_array_mut().unwrap() {
            report.as_object_mut().unwrap().remove("ms");
            for run in report["runs"].as_array_mut().unwrap() {
                run.as_object_mut().unwrap().remove("ms");
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
    // Peg solitaire's counts and its breadth-first search by moves, whose
    // levels are generated in parallel.
    same_with_any_thread_count(
        &[
            "solve-all",
            "--json",
            "--puzzle",
            "peg-solitaire",
            "--snapshots",
            snapshots.to_str().unwrap(),
        ],
        without_times,
    );
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

#[test]
fn knight_swap_reports_its_count_in_json() {
    let out = xtask(&[
        "solve",
        "knight-swap",
        "../fixtures/knight-swap/seed-3x4.json",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(result["moves"], 16);
    // The count, recomputed here by a plain breadth-first path count.
    let start = knight_swap::Board::from_rows(&["bbb", "...", "...", "www"]).unwrap();
    let goal = knight_swap::Board::from_rows(&["www", "...", "...", "bbb"]).unwrap();
    let next = |b: &knight_swap::Board| -> Vec<knight_swap::Board> {
        b.moves().into_iter().map(|m| b.play(m).unwrap()).collect()
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
    let out = xtask(&[
        "solve",
        "peg-solitaire",
        "../fixtures/peg-solitaire/seed-21.json",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
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
    assert!(stderr.contains("more than the limit of 1 MiB"), "{stderr}");
}

#[test]
fn pattern_databases_are_cached_and_a_corrupt_or_stale_file_is_rebuilt() {
    use eight_puzzle::{Board, Partition};
    use xtask::puzzles::eight_puzzle::{CacheEvent, cache_file, load_or_build};
    let dir = scratch("pdb-cache");
    let goal = Board::solved(3, 3).unwrap();
    let partition = Partition::default_for(&goal);
    let check = |expected: &str| {
        let (db, event) = load_or_build(&dir, &goal, &partition, 1 << 30).unwrap();
        let event = match event {
            CacheEvent::Loaded => "loaded".to_string(),
            CacheEvent::Built => "built".to_string(),
            CacheEvent::Rebuilt(why) => format!("rebuilt: {why}"),
        };
        assert_eq!(event, expected);
        assert_eq!(
            db.bound(&Board::from_rows(&["1 2 3", "4 5 6", "7 0 8"]).unwrap()),
            1
        );
    };
    check("built");
    check("loaded");
    let file = cache_file(&dir, &goal, &partition);
    let mut bytes = fs::read(&file).unwrap();
    bytes[40] ^= 0x10;
    fs::write(&file, &bytes).unwrap();
    check("rebuilt: corrupt pattern database: the checksum does not match");
    check("loaded");
    fs::write(&file, &bytes[..100]).unwrap();
    check("rebuilt: corrupt pattern database: the file is truncated");
    fs::write(&file, "not a table").unwrap();
    check("rebuilt: corrupt pattern database: not a pattern database file (bad header)");
    // A valid file for another goal under this name is stale.
    let other = Board::from_rows(&["0 1 2", "3 4 5", "6 7 8"]).unwrap();
    let (_, _) = load_or_build(&dir, &other, &Partition::default_for(&other), 1 << 30).unwrap();
    fs::copy(
        cache_file(&dir, &other, &Partition::default_for(&other)),
        &file,
    )
    .unwrap();
    check("rebuilt: the pattern database was built for another goal or partition");
    check("loaded");
}

#[test]
fn pattern_databases_larger_than_max_memory_are_refused() {
    use eight_puzzle::{Board, Partition};
    use xtask::puzzles::eight_puzzle::load_or_build;
    let dir = scratch("pdb-memory");
    let goal = Board::from_rows(&["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"]).unwrap();
    let error = load_or_build(
        &dir,
        &goal,
        &Partition::seven_eight(&goal).unwrap(),
        256 << 20,
    )
    .unwrap_err();
    assert_eq!(
        error,
        "the 7-8 pattern databases need 550 MiB (576576000 bytes), more than --max-memory 256 MiB"
    );
    let error = load_or_build(
        &dir,
        &goal,
        &Partition::seven_eight(&goal).unwrap(),
        900 << 20,
    )
    .unwrap_err();
    assert!(
        error.starts_with("building the 7-8 pattern databases needs 990 MiB"),
        "{error}"
    );
    assert!(
        fs::read_dir(&dir).unwrap().next().is_none(),
        "nothing written"
    );
    let output = xtask(&["korf", "--bound", "7-8", "--max-memory", "100"]);
    assert!(!output.status.success());
    assert!(
        text(&output.stderr).contains("more than --max-memory 100 MiB"),
        "{}",
        text(&output.stderr)
    );
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
fn solve_names_its_bound_and_answers_a_budget_with_a_reason() {
    let korf = "fixtures/eight-puzzle/korf-001.json";
    let root = xtask::repo_root();
    let path = root.join(korf);
    let path = path.to_str().unwrap();
    let out = xtask(&["solve", "eight-puzzle", path, "--bound", "6-6-3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("pattern databases: 6-6-3, reflected (--bound 6-6-3)"),
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
    assert!(
        text(&out.stderr).contains("unknown bound \"9-6\" (known: strongest, 6-6-3, 7-8)"),
        "{}",
        text(&out.stderr)
    );
}
