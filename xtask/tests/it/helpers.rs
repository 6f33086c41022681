//! Tests of the library's helpers, one module per source module. They live
//! here rather than beside the code so that `cargo test` does not compile the
//! whole library a second time with `cfg(test)` (about 18 s of the set-up's
//! build on two cores).

mod registry {
    use xtask::puzzles::PUZZLES;

    #[test]
    fn every_puzzle_has_help_for_both_commands() {
        for puzzle in PUZZLES {
            for help in [puzzle.help.solve, puzzle.help.analyze] {
                assert!(help.starts_with(&format!("{}: ", puzzle.name)), "{help}");
                assert!(help.contains("cargo xtask"), "{help}");
            }
        }
    }

    /// A puzzle's flags belong to a command, and no two puzzles read the
    /// same flag differently (one takes a value, the other not).
    #[test]
    fn every_flag_is_one_command_s_and_read_one_way() {
        let flags: Vec<_> = PUZZLES.iter().flat_map(|p| p.flags).collect();
        let args: Vec<_> = flags.iter().flat_map(|g| g.list()).collect();
        for group in &flags {
            assert!(["solve", "analyze"].contains(&group.command));
        }
        let takes_value = |a: &clap::Arg| a.get_action().takes_values();
        for flag in &args {
            for other in args.iter().filter(|o| o.get_id() == flag.get_id()) {
                assert_eq!(takes_value(other), takes_value(flag), "{}", flag.get_id());
            }
        }
    }

    /// Every benchmark row names its id, its puzzle and its task.
    #[test]
    fn every_benchmark_row_has_an_id_a_puzzle_and_a_task() {
        for puzzle in PUZZLES {
            for row in puzzle.benchmarks.lines().filter(|l| !l.trim().is_empty()) {
                let fields: Vec<&str> = row.split('|').map(str::trim).collect();
                assert!((3..=6).contains(&fields.len()), "{row}");
                assert!(fields[..3].iter().all(|f| !f.is_empty()), "{row}");
            }
        }
    }
}

mod snapshot {
    use std::fs;

    use xtask::snapshot::*;

    #[test]
    fn bodies_round_trip_through_files() {
        let dir = std::env::temp_dir().join(format!("xtask-snapshot-{}", std::process::id()));
        let file = path(&dir, "eight-puzzle", "case");
        // Checked (`true`) or written, as the fixture `fixtures/x.json`'s.
        let update = |body, check| update(&file, "fixtures/x.json", body, check);
        assert_eq!(update("body\n", true), Ok(Status::Differs));
        assert_eq!(update("body\n", false), Ok(Status::Written));
        assert_eq!(read_body(&file).as_deref(), Some("body"));
        assert_eq!(update("body", true), Ok(Status::Unchanged));
        assert_eq!(update("other", true), Ok(Status::Differs));
        assert_eq!(stale(&dir, &[]), std::slice::from_ref(&file));
        assert!(stale(&dir, &[file]).is_empty());
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn diffs_show_every_changed_line_with_context() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n";
        let new = "a\nb\nc\nd\nE\nf\ng\nh\n";
        let diff = unified_diff("snaps/x.snap", Some(old), new);
        assert_eq!(
            diff,
            "--- a/snaps/x.snap\n+++ b/snaps/x.snap\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"
        );
        assert!(unified_diff("x", None, "new\n").starts_with("--- /dev/null\n+++ b/x\n"));
        assert_eq!(unified_diff("x", Some("same"), "same\n"), "");
    }

    fn check_summary(old: Option<&str>, new: &str, expected: &str) {
        assert_eq!(change_summary("case", old, new), expected);
    }

    #[test]
    fn summaries_name_what_changed_in_the_answer() {
        let body = |answer: &str, nodes: u32| format!("case\n\nanswer: {answer}\n\nida {nodes}\n");
        let optimal = |n: u32| format!("{n} moves (optimal; every algorithm's solution replayed)");
        check_summary(
            Some(&body(&optimal(30), 7)),
            &body(&optimal(31), 7),
            "case: 30 -> 31 moves",
        );
        check_summary(
            Some(&body(&optimal(31), 7)),
            &body(&optimal(31), 8),
            "case: answer unchanged (31 moves); 1 other line changed",
        );
        check_summary(
            Some(&body(&optimal(31), 7)),
            &body("unreachable (decided without search)", 7),
            "case: 31 moves -> unreachable",
        );
        check_summary(None, &body(&optimal(4), 7), "case: new snapshot (4 moves)");
        check_summary(
            Some("x\ny\n"),
            "x\nz\n",
            "case: no answer line; 1 other line changed",
        );
    }
}

mod driver {
    use flip_it::FlipIt;
    use peg_solitaire::PegSolitaire;

    use xtask::driver::validate;

    /// A wrong value in any field, the shared ones and the puzzle's own, is
    /// reported where it stands in the file (the positions the derived
    /// readers of the fixture structs gave before them).
    #[test]
    fn an_error_in_any_field_says_where_it_is() {
        let check = |result: Result<(), String>, expected: &str| {
            assert_eq!(result.unwrap_err(), expected);
        };
        check(
            validate::<FlipIt>("{\"variant\": 3,\n \"start\": [\"BBB\", \"B.B\", \"BBB\"]}"),
            "invalid type: integer `3`, expected a string at line 1 column 13",
        );
        check(
            validate::<FlipIt>(r#"{"start": ["BBB", "B.B", "BBB"], "variant": 3}"#),
            "invalid type: integer `3`, expected a string at line 1 column 45",
        );
        check(
            validate::<PegSolitaire>(
                "{\"lattice\": \"square\",\n \"first_jump\": [1],\n \"start\": [\"ooo.\"], \"goal\": [\"..o.\"]}",
            ),
            "invalid length 1, expected an array of length 2 at line 2 column 18",
        );
        check(
            validate::<FlipIt>(r#"{"start": ["BBB", "B.B", "BBB"], "name": "a", "name": "b"}"#),
            "duplicate field `name` at line 1 column 52",
        );
        check(
            validate::<FlipIt>(r#"{"start": ["BBB", "B.B", "BBB"], "expect": {"moves": "x"}}"#),
            "invalid type: string \"x\", expected u32 at line 1 column 56",
        );
    }
}

mod report {
    use search_core::Stats;
    use search_core::fixture::Expect;
    use search_core::text::*;

    #[test]
    fn thousands_are_grouped() {
        let check = |n: u64, expected: &str| assert_eq!(thousands(n), expected);
        check(0, "0");
        check(999, "999");
        check(1000, "1,000");
        check(181_439, "181,439");
        check(252_252_000, "252,252,000");
    }

    #[test]
    fn boards_are_drawn_side_by_side() {
        let board = |label: &str, lines: &[&str]| {
            (
                label.to_string(),
                lines.iter().map(|l| l.to_string()).collect(),
            )
        };
        let text = side_by_side(
            &[
                board("0", &["1 2", "3 0"]),
                board("1", &["1 2", "0 3"]),
                board("2", &["0 2", "1 3"]),
            ],
            2,
        );
        assert_eq!(text, "0     1\n1 2   1 2\n3 0   0 3\n\n2\n0 2\n1 3");
    }

    #[test]
    fn disagreements_and_contradicted_facts_are_problems() {
        let run = |algorithm: &str, moves| Run {
            algorithm: algorithm.to_string(),
            moves,
            stats: Stats::default(),
            ms: 0.0,
            build_ms: 0.0,
        };
        let expect = Expect {
            moves: Some(Some(5)),
            count: None,
        };
        let runs = [run("bfs", Some(4)), run("ida", Some(6))];
        let replays = [Ok(()), Err("move 2: illegal".to_string())];
        assert_eq!(
            expect.problems(&runs, &replays, None),
            [
                "ida: replay failed: move 2: illegal",
                "ida found 6 moves, but bfs found 4 moves",
                "expected 5 moves, found 4 moves",
            ]
        );
    }
}

mod bench {
    use xtask::bench::*;

    #[test]
    fn the_table_sets_peers_beside_the_project_and_lists_the_rest() {
        let medians = vec![
            ("eight-puzzle/seed instance, bfs".to_string(), 2e6),
            (
                "eight-puzzle/seed instance, pathfinding::bfs".to_string(),
                7e6,
            ),
            ("somewhere/new bench".to_string(), 1500.0),
        ];
        let table = table(&medians);
        assert!(table.contains(
            "| 8-puzzle | Hiroi's instance (31 moves), BFS over the Lehmer table | 2.00 ms | 2.6 s, 181,439 states generated (C, Pentium 166) | pathfinding::bfs: 7.00 ms (3.5x slower) |"
        ));
        assert!(table.contains("| somewhere/new bench | 1.5 µs |"));
        // A peer's own row is not listed among the others.
        assert!(!table.contains("| eight-puzzle/seed instance, pathfinding::bfs |"));
    }
}

mod fixtures {
    use xtask::fixtures::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Fixture {
        start: Vec<String>,
        #[serde(default)]
        goal: Option<Vec<String>>,
        #[serde(default)]
        name: Option<String>,
    }

    const FIELDS: Fields = Fields {
        required: &["start"],
        optional: &["goal"],
    };

    fn check(json: &str, expected: Result<(), &str>) {
        let parsed = parse_fields::<Fixture>(json, &FIELDS).map(|_| ());
        assert_eq!(
            parsed.as_ref().map_err(String::as_str).copied(),
            expected,
            "{json}"
        );
    }

    #[test]
    fn every_missing_and_unknown_field_is_named_at_once() {
        check(r#"{"start": ["1 2", "3 0"]}"#, Ok(()));
        check(
            r#"{"start": [], "goal": [], "name": "n", "source": "s"}"#,
            Ok(()),
        );
        check(
            r#"{"goals": [], "nmae": "x"}"#,
            Err(
                "missing field `start`; unknown fields `goals`, `nmae` (the fields: start, goal, name, source, expect; required: start)",
            ),
        );
        check(
            r#"{"start": "1 2 3"}"#,
            Err("invalid type: string \"1 2 3\", expected a sequence at line 1 column 17"),
        );
        check(
            "[1]",
            Err("expected a JSON object, one field per property of the instance"),
        );
        check(
            "{",
            Err("invalid JSON: EOF while parsing an object at line 1 column 1"),
        );
    }
}

mod automata {
    use std::fs;

    use search_core::prune::AutomatonStore;
    use xtask::automata::*;

    #[test]
    fn files_are_written_whole_and_named_safely() {
        let dir = std::env::temp_dir().join(format!("xtask-automata-{}", std::process::id()));
        let files = AutomatonFiles::new(dir.clone());
        assert_eq!(files.file("../x"), None);
        assert_eq!(files.file(""), None);
        assert!(files.load("sliding-2x2-udlr-4").is_none());
        files.save("sliding-2x2-udlr-4", b"bytes");
        assert_eq!(
            files.load("sliding-2x2-udlr-4").as_deref(),
            Some(&b"bytes"[..])
        );
        assert!(dir.join("prune-sliding-2x2-udlr-4.bin").is_file());
        assert!(!dir.join("prune-sliding-2x2-udlr-4.partial").exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}

mod launch {
    use std::ffi::OsString;

    use xtask::distributed::forwarded;

    #[test]
    fn the_children_get_every_argument_but_processes() {
        let args = [
            "analyze",
            "flip-it",
            "--processes",
            "3",
            "--workers",
            "2",
            "--processes=4",
        ];
        let kept = forwarded(args.iter().map(OsString::from));
        assert_eq!(kept, ["analyze", "flip-it", "--workers", "2"]);
    }
}
