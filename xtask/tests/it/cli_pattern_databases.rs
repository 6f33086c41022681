//! Tables as the command line keeps and limits them: the sliding-tile
//! pattern databases cached on disk, rebuilt when corrupt or stale, and every
//! puzzle's tables refused over `--max-memory`.

use std::fs;

use crate::common::{assert_stderr_has, scratch, text, xtask};

#[test]
fn pattern_databases_are_cached_and_a_corrupt_or_stale_file_is_rebuilt() {
    use eight_puzzle::{Board, Partition};
    use xtask::puzzles::eight_puzzle::cache::{CacheEvent, cache_file, load_or_build};
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
    use xtask::puzzles::eight_puzzle::cache::load_or_build;
    let dir = scratch("pdb-memory");
    let goal = Board::from_rows(&["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"]).unwrap();
    let refusal = |max_memory: u64| {
        load_or_build(
            &dir,
            &goal,
            &Partition::seven_eight(&goal).unwrap(),
            max_memory,
        )
        .unwrap_err()
    };
    assert_eq!(
        refusal(256 << 20),
        "the 7-8 zero-aware pattern databases need 550 MiB (576576000 bytes), more than --max-memory 256 MiB"
    );
    let error = refusal(900 << 20);
    assert!(
        error.starts_with("building the 7-8 zero-aware pattern databases needs 1708 MiB"),
        "{error}"
    );
    assert!(
        fs::read_dir(&dir).unwrap().next().is_none(),
        "nothing written"
    );
    let output = xtask(&["korf", "--bound", "7-8", "--max-memory", "100"]);
    assert!(!output.status.success());
    assert_stderr_has(&output, "more than --max-memory 100 MiB");
}

#[test]
fn every_puzzle_s_solve_refuses_tables_over_max_memory() {
    let refused = [
        (
            "flip-it",
            "../fixtures/flip-it/farthest-5x5-orthogonal.json",
            "10",
            "the tables need 100.0 MiB, over the limit of 10.0 MiB",
        ),
        (
            "line-puzzle",
            "../fixtures/line-puzzle/pair-start1-goal3.json",
            "1",
            "the tables need 3.0 MiB, over the limit of 1.0 MiB",
        ),
    ];
    for (puzzle, file, limit, message) in refused {
        let output = xtask(&["solve", puzzle, file, "--max-memory", limit]);
        assert_eq!(output.status.code(), Some(1), "{puzzle}");
        assert_stderr_has(&output, message);
    }
    // Within the limit, the same command solves.
    let output = xtask(&[
        "solve",
        "line-puzzle",
        "../fixtures/line-puzzle/pair-start1-goal3.json",
        "--max-memory",
        "4",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
}

#[test]
fn an_unsolvable_fifteen_puzzle_is_answered_before_any_table_is_built() {
    // Korf's goal with tiles 1 and 2 swapped: the other parity. The 7-8
    // tables would need 550 MiB, far over --max-memory 1, so the answer can
    // only come from the parity check that runs first.
    let dir = scratch("unsolvable-4x4");
    let file = dir.join("swapped.json");
    let fixture = r#"{"start": ["0 2 1 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"],
                      "goal": ["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"]}"#;
    fs::write(&file, fixture).unwrap();
    let path = file.to_str().unwrap();
    for bound in ["7-8", "6-6-3"] {
        let args = [
            "solve",
            "eight-puzzle",
            path,
            "--json",
            "--bound",
            bound,
            "--max-memory",
            "1",
        ];
        let output = xtask(&args);
        assert!(output.status.success(), "{}", text(&output.stderr));
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert!(json["moves"].is_null(), "{json}");
        let answer = text(&output.stdout);
        assert!(answer.contains("parity"), "{answer}");
    }
}

#[test]
fn korf_refuses_instances_it_does_not_have() {
    for (size, list) in [
        ("5x5", "51"),
        ("5x5", "40,0"),
        ("4x4", "9-3"),
        ("4x4", "1,,2"),
    ] {
        let output = xtask(&["korf", "--size", size, "--instances", list]);
        assert!(!output.status.success(), "{size} {list}");
        let within = if size == "5x5" { "1-50" } else { "1-100" };
        assert_stderr_has(
            &output,
            &format!("expected a list of N or FIRST-LAST within {within}"),
        );
    }
}

#[test]
fn korf_reads_zero_aware_tables_by_default_and_plain_ones_on_request() {
    let run = |extra: &[&str]| {
        let mut args = vec!["korf", "--reflect", "--instances", "79", "--json"];
        args.extend(extra);
        let output = xtask(&args);
        assert!(output.status.success(), "{}", text(&output.stderr));
        serde_json::from_slice::<serde_json::Value>(&output.stdout).unwrap()
    };
    let (zero_aware, plain) = (run(&[]), run(&["--plain"]));
    assert_eq!(zero_aware["zero_aware"], true, "{zero_aware}");
    assert_eq!(plain["zero_aware"], false, "{plain}");
    // Korf's instance 79: 42 moves either way, in fewer nodes zero-aware.
    assert_eq!(zero_aware["moves"], 42);
    assert_eq!(plain["moves"], 42);
    let expanded = |json: &serde_json::Value| json["expanded"].as_u64().unwrap();
    assert!(
        expanded(&zero_aware) < expanded(&plain),
        "{zero_aware} {plain}"
    );
}
