//! The 8-puzzle: the full sweep from the goal, and Hiroi's instance by BFS
//! and by bidirectional BFS, beside the `pathfinding` crate's `bfs` and
//! `bfs_bidirectional` on the same instance in the same run, and IDA* with
//! Manhattan distance beside `pathfinding::idastar`; and the
//! 15-puzzle on ten of Korf's instances with pattern databases.

mod shared;

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use eight_puzzle::{Algorithm, Board, Partition, PatternDb, SlidingSpace, SolveOptions, solve};
use search_core::layers::{Sweep, Table};
use shared::found;

/// IDA* with the tables `db`, reflected or not, pruning or not.
fn with_db(db: &Arc<PatternDb>, reflect: bool, pruning: bool) -> SolveOptions {
    SolveOptions {
        pattern_db: Some(Arc::clone(db)),
        reflect,
        pruning,
        ..SolveOptions::default()
    }
}

fn benches(c: &mut Criterion) {
    let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"]).unwrap();
    let goal = Board::solved(3, 3).unwrap();
    let space = SlidingSpace::new(3, 3).unwrap();

    let mut group = c.benchmark_group("eight-puzzle");
    group.sample_size(20);
    group.bench_function("sweep from the goal (bytes)", |b| {
        b.iter(|| {
            Sweep::new(Table::Bytes)
                .run(&space, [goal], |_| {})
                .unwrap()
        })
    });
    group.bench_function("sweep from the goal (two bits)", |b| {
        b.iter(|| {
            Sweep::new(Table::TwoBits)
                .run(&space, [goal], |_| {})
                .unwrap()
        })
    });
    for algorithm in Algorithm::ALL {
        let options = SolveOptions::with_algorithm(algorithm);
        group.bench_function(format!("seed instance, {algorithm}"), |b| {
            b.iter(|| found(solve(black_box(&start), &goal, &options)))
        });
    }
    group.bench_function("seed instance, pathfinding::bfs", |b| {
        b.iter(|| {
            pathfinding::prelude::bfs(black_box(&start), Board::neighbours, |b| *b == goal).unwrap()
        })
    });
    group.bench_function("seed instance, pathfinding::bfs_bidirectional", |b| {
        b.iter(|| {
            pathfinding::prelude::bfs_bidirectional(
                black_box(&start),
                &goal,
                Board::neighbours,
                Board::neighbours,
            )
            .unwrap()
        })
    });
    // The same Manhattan distance as `Algorithm::IdaManhattan`, written from
    // the public API, for the peer's IDA*.
    let manhattan = |b: &Board| -> u32 {
        let w = b.width();
        (0..b.cells())
            .filter(|&cell| b.tile(cell) != 0)
            .map(|cell| {
                let home = goal.position(b.tile(cell)).unwrap();
                ((cell / w).abs_diff(home / w) + (cell % w).abs_diff(home % w)) as u32
            })
            .sum()
    };
    group.bench_function("seed instance, pathfinding::idastar", |b| {
        b.iter(|| {
            pathfinding::prelude::idastar(
                black_box(&start),
                |b| b.neighbours().map(|n| (n, 1u32)),
                manhattan,
                |b| *b == goal,
            )
            .unwrap()
        })
    });
    // The move pruning, on and off, with the 8-puzzle's pattern databases
    // (built once, outside the measurement).
    let db = PatternDb::build(&goal, &Partition::default_for(&goal), u64::MAX, |_, _| {}).unwrap();
    let db = Arc::new(db);
    for (name, prune) in [("with", true), ("without", false)] {
        let options = with_db(&db, false, prune);
        group.bench_function(
            format!("seed instance, ida-pdb, tables built, {name} move pruning"),
            |b| b.iter(|| found(solve(black_box(&start), &goal, &options))),
        );
    }
    group.finish();
}

/// The 15-puzzle: Korf's instances 1 to 10 with the 6-6-3 pattern databases
/// (built once, outside the measurement), with and without reflection, the
/// reflected search also without the move pruning (whose automaton is built
/// on the first solve, outside the samples), and with linear conflicts on
/// instance 2 (the others take seconds each).
fn fifteen(c: &mut Criterion) {
    let goal = Board::from_rows(&["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"]).unwrap();
    let db = PatternDb::build(
        &goal,
        &Partition::six_six_three(&goal).unwrap(),
        u64::MAX,
        |_, _| {},
    )
    .unwrap();
    let db = Arc::new(db);
    let korf: [[u8; 16]; 10] = [
        [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3],
        [13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6],
        [14, 7, 8, 2, 13, 11, 10, 4, 9, 12, 5, 0, 3, 6, 1, 15],
        [5, 12, 10, 7, 15, 11, 14, 0, 8, 2, 1, 13, 3, 4, 9, 6],
        [4, 7, 14, 13, 10, 3, 9, 12, 11, 5, 6, 15, 1, 2, 8, 0],
        [14, 7, 1, 9, 12, 3, 6, 15, 8, 11, 2, 5, 10, 0, 4, 13],
        [2, 11, 15, 5, 13, 4, 6, 7, 12, 8, 10, 1, 9, 3, 14, 0],
        [12, 11, 15, 3, 8, 0, 4, 2, 6, 13, 9, 5, 14, 1, 10, 7],
        [3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0],
        [13, 11, 8, 9, 0, 15, 7, 10, 4, 3, 6, 14, 5, 12, 2, 1],
    ];
    let starts: Vec<Board> = korf.iter().map(|t| Board::new(4, 4, t).unwrap()).collect();
    let mut group = c.benchmark_group("fifteen-puzzle");
    group.sample_size(10);
    for (name, reflect, pruning) in [
        ("6-6-3, tables built", false, true),
        ("6-6-3 reflected, tables built", true, true),
        (
            "6-6-3 reflected, tables built, without move pruning",
            true,
            false,
        ),
    ] {
        let options = with_db(&db, reflect, pruning);
        group.bench_function(format!("Korf 1-10, {name}"), |b| {
            b.iter(|| {
                for start in &starts {
                    found(solve(black_box(start), &goal, &options));
                }
            })
        });
    }
    group.bench_function("6-6-3 tables built", |b| {
        b.iter(|| {
            PatternDb::build(
                black_box(&goal),
                &Partition::six_six_three(&goal).unwrap(),
                u64::MAX,
                |_, _| {},
            )
            .unwrap()
        })
    });
    let conflicts = SolveOptions::with_algorithm(Algorithm::IdaLinearConflict);
    group.bench_function("Korf 2, ida-linear-conflict", |b| {
        b.iter(|| found(solve(black_box(&starts[1]), &goal, &conflicts)))
    });
    group.finish();
}

criterion_group!(eight, benches, fifteen);
criterion_main!(eight);
