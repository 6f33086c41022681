//! The sharded sweep against the single-machine one: the same histogram,
//! census and farthest ranks on one to three processes (threads of this
//! test, joined over 127.0.0.1) of one or two workers, over a hypercube of
//! 131,072 states; and a process that
//! never comes, or leaves, ends the sweep with an error, not a hang; and
//! the host files and job keys that processes are started with.

use std::net::TcpListener;
use std::time::{Duration, Instant};

use search_core::layers::{Layers, Sweep, Table};
use search_core::rules::{Ranked, Rules};
use search_distributed::{
    Cluster, DistributedError, Sharded, ShardedSweep, job_key, parse_hostfile,
};

/// The hypercube of `dimensions` dimensions: a state is a number, and its
/// neighbours differ from it in one bit. Few layers, each wide enough to be
/// split between workers.
struct Cube(u32);

impl Rules for Cube {
    type State = u64;
    type Move = u32;

    fn moves(&self, _: &u64, out: &mut Vec<u32>) {
        out.extend(0..self.0);
    }

    fn apply(&self, s: &mut u64, bit: u32) {
        *s ^= 1 << bit;
    }

    fn undo(&self, s: &mut u64, bit: u32) {
        *s ^= 1 << bit;
    }
}

impl Ranked for Cube {
    fn size(&self) -> u64 {
        1 << self.0
    }

    fn rank(&self, s: &u64) -> u64 {
        *s
    }

    fn unrank(&self, rank: u64) -> u64 {
        rank
    }
}

fn free_addresses(count: usize) -> Vec<String> {
    let listeners: Vec<TcpListener> = (0..count)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    listeners
        .iter()
        .map(|l| l.local_addr().expect("an address").to_string())
        .collect()
}

/// Runs every process of a cluster on its own thread.
fn sweep_on(
    space: &Cube,
    goals: &[u64],
    processes: usize,
    workers: usize,
    census: bool,
) -> Vec<Result<Sharded, DistributedError>> {
    let addresses = free_addresses(processes);
    let sweep = ShardedSweep::new().with_farthest(5).with_job(7);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..processes)
            .map(|p| {
                let cluster = Cluster::new(addresses.clone(), p, workers)
                    .expect("a cluster")
                    .with_timeout(Duration::from_secs(60));
                let sweep = &sweep;
                scope.spawn(move || {
                    let goals = goals.iter().copied();
                    if census {
                        sweep.run_with_census(space, goals, |s, _| s % 7 == 0, &cluster, |_| {})
                    } else {
                        sweep.run(space, goals, &cluster, |_| {})
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    })
}

#[test]
fn every_process_and_worker_count_gives_the_single_machine_sweep() {
    let space = Cube(17);
    for goals in [vec![0], vec![5, 77_777, 5]] {
        for census in [false, true] {
            let single = Sweep::new(Table::TwoBits).with_farthest(5);
            let expected = if census {
                single.run_with_census(&space, goals.iter().copied(), |s, _| s % 7 == 0, |_| {})
            } else {
                single.run(&space, goals.iter().copied(), |_| {})
            }
            .expect("the single-machine sweep");
            assert!(expected.histogram.len() > 5);
            for processes in 1..=3 {
                for workers in 1..=2 {
                    for result in sweep_on(&space, &goals, processes, workers, census) {
                        let sharded = result.expect("the sharded sweep");
                        let context = format!("{processes} processes of {workers} workers");
                        assert_eq!(sharded.layers.histogram, expected.histogram, "{context}");
                        assert_eq!(sharded.layers.census, expected.census, "{context}");
                        assert_eq!(sharded.layers.farthest, expected.farthest, "{context}");
                        assert_eq!(sharded.exchanged.len(), expected.histogram.len());
                        if processes == 1 {
                            assert!(sharded.exchanged.iter().all(|&b| b == 0));
                        } else {
                            assert!(sharded.exchanged.iter().sum::<u64>() > 0);
                        }
                    }
                }
            }
        }
    }
}

/// The layers of the sweep on one machine from `goal`, as the sharded
/// sweep must give them.
fn single_machine(space: &Cube, goal: u64) -> Layers {
    Sweep::new(Table::TwoBits)
        .run(space, [goal], |_| {})
        .expect("a sweep")
}

#[test]
fn progress_reports_every_layer_with_the_whole_cluster_s_counts() {
    let space = Cube(10);
    let expected = single_machine(&space, 0);
    let mut seen = Vec::new();
    ShardedSweep::new()
        .run(&space, [0], &Cluster::local(3), |r| {
            seen.push((r.distance, r.states))
        })
        .expect("a sweep");
    let histogram: Vec<u64> = seen.iter().map(|&(_, n)| n).collect();
    assert_eq!(histogram, expected.histogram);
    assert!(
        seen.iter()
            .enumerate()
            .all(|(d, &(at, _))| at as usize == d)
    );
}

#[test]
fn more_workers_than_words_still_sweep_everything() {
    let space = Cube(5);
    let expected = single_machine(&space, 3);
    let sharded = ShardedSweep::new()
        .run(&space, [3], &Cluster::local(4), |_| {})
        .expect("a sweep");
    assert_eq!(sharded.layers.histogram, expected.histogram);
}

#[test]
fn memory_is_stated_per_process_and_refused_over_the_limit() {
    let space = Cube(20);
    let cluster = Cluster::new(free_addresses(2), 0, 2).expect("a cluster");
    let sweep = ShardedSweep::new();
    // 2^20 ranks at two bits, split in two processes.
    assert_eq!(sweep.memory_needed(space.size(), &cluster), 1 << 17);
    let err = sweep
        .with_max_memory(1 << 16)
        .run(&space, [0], &cluster, |_| {})
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the distance table needs 128.0 KiB, more than the limit of 64.0 KiB"
    );
}

#[test]
fn a_process_that_never_comes_ends_the_sweep_with_an_error() {
    let addresses = free_addresses(2);
    let space = Cube(10);
    for me in 0..2 {
        let cluster = Cluster::new(addresses.clone(), me, 1)
            .expect("a cluster")
            .with_timeout(Duration::from_millis(500));
        let clock = Instant::now();
        let err = ShardedSweep::new()
            .run(&space, [0], &cluster, |_| {})
            .unwrap_err();
        assert!(clock.elapsed() < Duration::from_secs(5));
        let text = err.to_string();
        match me {
            0 => assert!(text.contains("to be joined by process 1"), "{text}"),
            _ => assert!(text.starts_with("process 0 at 127.0.0.1:"), "{text}"),
        }
    }
}

#[test]
fn a_process_that_fails_mid_sweep_ends_the_others_with_an_error() {
    let addresses = free_addresses(2);
    let space = Cube(17);
    let results: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|p| {
                let cluster = Cluster::new(addresses.clone(), p, 1)
                    .expect("a cluster")
                    .with_timeout(Duration::from_secs(2));
                let space = &space;
                scope.spawn(move || {
                    ShardedSweep::new().run(space, [0], &cluster, |report| {
                        // Process 1 fails after three layers.
                        assert!(p == 0 || report.distance < 3, "process 1 fails");
                    })
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join()).collect()
    });
    // The failure itself goes on unwinding: it is not the engine's.
    assert!(results[1].is_err());
    let first = results[0].as_ref().expect("process 0 does not panic");
    let text = first.as_ref().unwrap_err().to_string();
    assert!(
        text.contains("gave up waiting") || text.contains("connection"),
        "{text}"
    );
}

#[test]
fn processes_started_for_different_sweeps_refuse_each_other() {
    let addresses = free_addresses(2);
    let space = Cube(10);
    let results: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2u64)
            .map(|p| {
                let cluster = Cluster::new(addresses.clone(), p as usize, 1)
                    .expect("a cluster")
                    .with_timeout(Duration::from_secs(2));
                let space = &space;
                scope.spawn(move || {
                    ShardedSweep::new()
                        .with_job(p)
                        .run(space, [0], &cluster, |_| {})
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    for result in results {
        let text = result.unwrap_err().to_string();
        assert!(text.contains("was started for another sweep"), "{text}");
    }
}

#[test]
fn host_files_list_host_and_port_a_line() {
    let text = "# the cluster\n127.0.0.1:2101\n\n  node-b:2101  \n";
    assert_eq!(
        parse_hostfile("hosts", text).unwrap(),
        ["127.0.0.1:2101", "node-b:2101"]
    );
    let error = |text: &str| parse_hostfile("hosts", text).unwrap_err().to_string();
    assert_eq!(
        error("a:1\nb\n"),
        "hosts:2: expected host:port, found \"b\""
    );
    assert_eq!(error("# none\n"), "hosts: no process listed");
}

#[test]
fn job_keys_tell_sweeps_apart() {
    assert_ne!(job_key("flip-it 3x3\n24"), job_key("flip-it 3x3\n25"));
    assert_eq!(job_key(""), 0xcbf2_9ce4_8422_2325);
}
