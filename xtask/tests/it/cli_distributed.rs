//! `analyze --processes` and `--hostfile`: the sweep sharded over processes
//! prints exactly what the single-machine sweep prints, on 1, 2 and 3
//! processes; a process that cannot be reached or dies ends the run with an
//! error, not a hang. Without xtask's `distributed` feature, the options
//! say how to build it.

use std::time::{Duration, Instant};

use crate::common::{assert_fails_with, assert_stderr_has, words, xtask};

#[cfg(feature = "distributed")]
mod sharded {
    use std::fs;
    use std::net::TcpListener;
    use std::process::{Command, Stdio};

    use super::*;
    use crate::common::{json_of, scratch, text};

    /// A host file in a fresh folder `name`: two free local addresses.
    fn two_free_hosts(name: &str) -> std::path::PathBuf {
        let listeners: Vec<TcpListener> = (0..2)
            .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
            .collect();
        let addresses: Vec<String> = listeners
            .iter()
            .map(|l| l.local_addr().unwrap().to_string())
            .collect();
        let hosts = scratch(name).join("hosts");
        fs::write(&hosts, addresses.join("\n")).unwrap();
        hosts
    }

    #[test]
    fn every_sweep_prints_what_the_single_machine_sweep_prints() {
        let cases = [
            "analyze eight-puzzle --json",
            "analyze eight-puzzle --size 4x2 --json",
            "analyze flip-it --size 3 --json",
            "analyze flip-it --size 4 --variant diagonal --json",
            "analyze line-puzzle --goal ../fixtures/line-puzzle/small-2x3.json --json",
            "analyze knight-swap --farthest 5 --json",
        ];
        for line in cases {
            let args = words(line);
            let single = xtask(&args);
            let result = json_of(&single);
            assert!(result["max_distance"].as_u64().unwrap() > 3, "{args:?}");
            for (processes, workers) in [("1", "1"), ("2", "1"), ("3", "1"), ("2", "2")] {
                let mut sharded_args = args.clone();
                sharded_args.extend(["--processes", processes, "--workers", workers]);
                let sharded = xtask(&sharded_args);
                assert_eq!(sharded.status.code(), Some(0), "{}", text(&sharded.stderr));
                assert_eq!(sharded.stdout, single.stdout, "{sharded_args:?}");
            }
        }
    }

    #[test]
    fn the_text_output_is_the_single_machine_one_too() {
        let single = xtask(&["analyze", "flip-it", "--size", "4"]);
        let sharded = xtask(&["analyze", "flip-it", "--size", "4", "--processes", "2"]);
        assert_eq!(sharded.status.code(), Some(0), "{}", text(&sharded.stderr));
        assert_eq!(text(&sharded.stdout), text(&single.stdout));
        // Memory per process is stated before the shards are allocated.
        assert_stderr_has(
            &sharded,
            "table: 524,288 ranks in shards over 2 processes of 1 worker, 64.0 KiB in process 0",
        );
        assert_stderr_has(&sharded, "bytes of ranks sent between processes: ");
    }

    #[test]
    fn shards_over_the_memory_limit_are_refused() {
        // 4x3: 479,001,600 ranks, 114.2 MiB at two bits, 57.1 MiB a process.
        let out = xtask(&words(
            "analyze eight-puzzle --size 4x3 --processes 2 --max-memory 50",
        ));
        // Every process refuses; whichever does first is reported, and the
        // launcher stops the others, perhaps before they say so.
        assert_fails_with(
            &out,
            "the distance table needs 57.1 MiB, more than the limit of 50.0 MiB",
        );
        let stderr = text(&out.stderr);
        assert!(
            stderr.lines().any(|l| l.starts_with("error: process ")
                && l.ends_with(
                    ": the distance table needs 57.1 MiB, more than the limit of 50.0 MiB"
                )),
            "{stderr}"
        );
    }

    #[test]
    fn a_process_that_cannot_be_reached_ends_the_run_with_an_error() {
        let hosts = two_free_hosts("unreachable-peer");
        let hosts = hosts.to_str().unwrap();
        for process in ["0", "1"] {
            let clock = Instant::now();
            let out = xtask(&[
                "analyze",
                "eight-puzzle",
                "--hostfile",
                hosts,
                "--process",
                process,
                "--timeout",
                "1",
            ]);
            assert!(clock.elapsed() < Duration::from_secs(20));
            let expected = match process {
                "0" => "error: process 0: gave up waiting for process 0 to be joined by process 1",
                _ => "error: process 1: process 0 at 127.0.0.1:",
            };
            assert_fails_with(&out, expected);
            assert!(out.stdout.is_empty());
        }
    }

    #[test]
    fn a_process_that_dies_ends_the_others_with_an_error() {
        let hosts = two_free_hosts("dead-peer");
        // A sweep of seconds: 239,500,800 states.
        let start = |process: &str| {
            Command::new(env!("CARGO_BIN_EXE_xtask"))
                .args(words("analyze eight-puzzle --size 4x3 --timeout 60"))
                .arg("--hostfile")
                .arg(&hosts)
                .args(["--process", process])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let first = start("0");
        let mut second = start("1");
        std::thread::sleep(Duration::from_millis(1500));
        second.kill().unwrap();
        second.wait().unwrap();
        let clock = Instant::now();
        let out = first.wait_with_output().unwrap();
        // Well before the 60 s timeout: the broken connection is seen at once.
        assert!(clock.elapsed() < Duration::from_secs(30));
        assert_fails_with(
            &out,
            "error: process 0: the connection to another process was lost",
        );
        assert!(out.stdout.is_empty());
    }

    #[test]
    fn an_analysis_that_is_not_a_sweep_refuses_before_it_runs() {
        let hosts = two_free_hosts("not-a-sweep");
        let line = format!(
            "analyze peg-solitaire --goal ../fixtures/peg-solitaire/english-central.json --process 0 --hostfile {}",
            hosts.display()
        );
        let out = xtask(&words(&line));
        assert_fails_with(
            &out,
            "error: process 0: peg-solitaire's analysis is not a sweep of a ranked space; --processes and --hostfile do not apply",
        );
    }

    #[test]
    fn a_launch_refuses_once_what_every_process_would_refuse() {
        for (line, error) in [
            (
                "analyze peg-solitaire --goal ../fixtures/peg-solitaire/english-central.json --processes 2",
                "error: peg-solitaire's analysis is not a sweep of a ranked space; --processes and --hostfile do not apply",
            ),
            (
                "analyze flip-it --goal ../fixtures/flip-it/farthest-5x5-diagonal.json --processes 2",
                "error: flip-it takes no --goal",
            ),
        ] {
            let out = xtask(&words(line));
            assert_fails_with(&out, error);
            // Said once, by the launcher: no process was started.
            let stderr = text(&out.stderr);
            assert_eq!(
                stderr.lines().filter(|l| l.starts_with("error:")).count(),
                1,
                "{stderr}"
            );
        }
    }

    #[test]
    fn a_timeout_that_is_not_one_is_refused() {
        let out = xtask(&words(
            "analyze eight-puzzle --hostfile hosts --process 0 --timeout 0",
        ));
        assert_fails_with(&out, "--timeout 0: expected a number of seconds above 0");
    }

    #[test]
    fn a_host_file_that_is_not_one_says_where() {
        let dir = scratch("bad-hostfile");
        let hosts = dir.join("hosts");
        fs::write(&hosts, "127.0.0.1:7001\nnot-an-address\n").unwrap();
        let out = xtask(&[
            "analyze",
            "eight-puzzle",
            "--hostfile",
            hosts.to_str().unwrap(),
            "--process",
            "0",
        ]);
        assert_fails_with(
            &out,
            "hosts:2: expected host:port, found \"not-an-address\"",
        );
    }
}

#[test]
fn sharding_options_without_a_sharded_sweep_are_refused() {
    let out = xtask(&["analyze", "eight-puzzle", "--workers", "2"]);
    assert_fails_with(&out, "--workers and --timeout apply to a sharded sweep");
}

#[cfg(not(feature = "distributed"))]
#[test]
fn without_the_feature_the_sharded_options_say_how_to_build_it() {
    for line in [
        "analyze eight-puzzle --processes 2",
        "analyze eight-puzzle --hostfile hosts --process 0",
    ] {
        let clock = Instant::now();
        let out = xtask(&words(line));
        assert!(clock.elapsed() < Duration::from_secs(20));
        assert_fails_with(&out, "built without the sharded sweep");
        assert_stderr_has(&out, "`distributed` feature");
    }
}
