//! The 8-puzzle: the full sweep from the goal, and the seed instance by BFS
//! and by bidirectional BFS, beside the `pathfinding` crate's `bfs` and
//! `bfs_bidirectional` on the same instance in the same run.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use eight_puzzle::{Algorithm, Board, SlidingSpace, solve};
use search_core::layers::{Sweep, Table};

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
        group.bench_function(format!("seed instance, {algorithm}"), |b| {
            b.iter(|| solve(black_box(&start), &goal, algorithm).unwrap().unwrap())
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
    group.finish();
}

criterion_group!(eight, benches);
criterion_main!(eight);
