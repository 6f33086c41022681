//! The line puzzle: Hiroi's problem 3 with the pattern databases (tables
//! built beforehand), the tables' build, problem 3 and all ten pairs end to
//! end with both kinds of databases, and Hiroi's bound on a pair it
//! solves in a fraction of a second; `pathfinding::idastar` with the same
//! pattern databases on problem 3, in the same run.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use line_puzzle::{Algorithm, Board, Move, SolveOptions, Solver};

fn board(rows: [&str; 4]) -> Board {
    Board::from_rows(&rows).unwrap()
}

/// `algorithm`'s tables for `goal`, built.
fn solver(goal: &Board, algorithm: Algorithm) -> Solver {
    Solver::new(goal, &SolveOptions::with_algorithm(algorithm)).unwrap()
}

fn benches(c: &mut Criterion) {
    let boards = [
        board(["ACAS", "CDCA", "DBAB", "CDBD"]),
        board(["ABAS", "CDCD", "ABAB", "CDCD"]),
        board(["AABS", "AABB", "CCDD", "CCDD"]),
        board(["ABAS", "CABD", "ACDB", "CDCD"]),
        board(["ABAS", "DCDC", "BABA", "CDCD"]),
    ];
    let (start3, goal3) = (boards[2], boards[4]);
    let mut group = c.benchmark_group("line-puzzle");
    group.sample_size(10);

    let built = solver(&goal3, Algorithm::IdaPdb);
    group.bench_function("problem 3, pattern databases built", |b| {
        b.iter(|| built.solve(black_box(&start3)).unwrap())
    });
    group.bench_function(
        "problem 3, pattern databases built, pathfinding::idastar",
        |b| {
            b.iter(|| {
                pathfinding::prelude::idastar(
                    black_box(&start3),
                    |s: &Board| {
                        s.moves()
                            .into_iter()
                            .map(|m: Move| (s.play(&m).unwrap(), 1u32))
                            .collect::<Vec<_>>()
                    },
                    |s| built.bound(s),
                    |s| *s == goal3,
                )
                .unwrap()
            })
        },
    );
    group.bench_function("pattern databases for goal 3: build", |b| {
        b.iter(|| solver(black_box(&goal3), Algorithm::IdaPdb))
    });
    group.bench_function("problem 3, end to end (build and search)", |b| {
        b.iter(|| {
            solver(black_box(&goal3), Algorithm::IdaPdb)
                .solve(&start3)
                .unwrap()
        })
    });
    group.bench_function("problem 3, end to end, ida-letter-pdb", |b| {
        b.iter(|| {
            solver(black_box(&goal3), Algorithm::IdaLetterPdb)
                .solve(&start3)
                .unwrap()
        })
    });
    for algorithm in [Algorithm::IdaPdb, Algorithm::IdaLetterPdb] {
        let name = match algorithm {
            Algorithm::IdaPdb => "all ten pairs, end to end".to_string(),
            _ => format!("all ten pairs, end to end, {algorithm}"),
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                for (i, start) in boards.iter().enumerate() {
                    for goal in &boards[i + 1..] {
                        solver(goal, algorithm).solve(start).unwrap();
                    }
                }
            })
        });
    }
    // Moves can be undone, so each pair is solved towards its later board:
    // four goals, each solver built once and used for every pair ending there.
    group.bench_function("all ten pairs, ida-pdb, tables built once per goal", |b| {
        b.iter(|| {
            for (j, goal) in boards.iter().enumerate().skip(1) {
                let built = solver(goal, Algorithm::IdaPdb);
                for start in &boards[..j] {
                    built.solve(start).unwrap();
                }
            }
        })
    });
    let (start1, start2) = (boards[0], boards[1]);
    for algorithm in Algorithm::ALL {
        group.bench_function(
            format!("start1 -> start2 (30 moves), {algorithm}, end to end"),
            |b| {
                b.iter(|| {
                    solver(black_box(&start2), algorithm)
                        .solve(&start1)
                        .unwrap()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(line, benches);
criterion_main!(line);
