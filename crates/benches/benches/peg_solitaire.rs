//! Peg solitaire: every minimum solution of Hiroi's 21-hole board
//! counted (with and without Hiroi's pruning), its minimum proven, one
//! solution of the English central game, the 21-hole board's counts by
//! jumps (whole, and from both ends), every problem of the 15-hole
//! triangle by levels by jumps, and its shortest problem alone.

mod shared;

#[path = "../../peg-solitaire/tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use peg_solitaire::{
    Algorithm, Board, Budget, JumpOptions, Lattice, LevelOptions, MeetOptions, SolveOptions,
    count_by_jumps, count_jump_sequences, explore_moves, find_solution, problems_by_jumps,
    shortest_problem, solve,
};
use shared::found;

fn benches(c: &mut Criterion) {
    let seed = Board::from_rows_in(Lattice::Triangular, &common::SEED).unwrap();
    let seed_goal = seed.with_pegs(1 << 6).unwrap();
    let first = seed
        .jumps()
        .into_iter()
        .find(|j| (j.from, j.to) == (14, 6))
        .unwrap();
    let english = Board::from_rows_in(
        Lattice::Square,
        &[
            "  ooo  ", "  ooo  ", "ooooooo", "ooo.ooo", "ooooooo", "  ooo  ", "  ooo  ",
        ],
    )
    .unwrap();
    let english_goal = english.with_pegs(1 << 16).unwrap();

    let mut group = c.benchmark_group("peg-solitaire");
    for (name, first_jump, pruning) in [
        (
            "seed 21-hole: count the 96 from 14 -> 6, no pruning",
            Some(first),
            false,
        ),
        (
            "seed 21-hole: count the 96 from 14 -> 6, pruning",
            Some(first),
            true,
        ),
        ("seed 21-hole: count all 192, no pruning", None, false),
        ("seed 21-hole: count all 192, pruning", None, true),
    ] {
        let options = SolveOptions {
            algorithm: Algorithm::IdaCorners,
            first_jump,
            pruning,
            ..SolveOptions::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| {
                found(count_jump_sequences(
                    black_box(&seed),
                    &seed_goal,
                    12,
                    &options,
                ))
            })
        });
    }
    let options = SolveOptions {
        algorithm: Algorithm::IdaCorners,
        first_jump: Some(first),
        pruning: true,
        ..SolveOptions::default()
    };
    group.bench_function("seed 21-hole: 12 moves by IDA*, pruning", |b| {
        b.iter(|| found(solve(black_box(&seed), &seed_goal, &options)))
    });
    let levels = LevelOptions {
        goal: Some(seed_goal.clone()),
        ..LevelOptions::default()
    };
    group.bench_function("seed 21-hole: 12 moves by BFS by moves", |b| {
        b.iter(|| explore_moves(black_box(&seed), &levels, |_| {}).unwrap())
    });
    group.bench_function("English 33-hole: one solution (31 jumps)", |b| {
        b.iter(|| {
            find_solution(black_box(&english), &english_goal, &Budget::default())
                .unwrap()
                .unwrap()
        })
    });
    for (name, solvable_only) in [
        ("seed 21-hole: counts by jumps, whole census", false),
        ("seed 21-hole: counts by jumps, solvable only", true),
    ] {
        let options = JumpOptions {
            solvable_only,
            ..JumpOptions::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| count_by_jumps(black_box(&seed), &seed_goal, &options, |_| {}).unwrap())
        });
    }
    let triangle = Board::from_rows_in(Lattice::Triangular, &common::TRIANGLE).unwrap();
    // Corner to the same corner: the goal is the start's complement, read
    // from the start alone.
    let corner = triangle.with_pegs(triangle.geometry().all() & !1).unwrap();
    let corner_goal = corner.complement();
    for (name, solvable_only) in [
        (
            "15-hole triangle, corner to corner: counts by jumps, whole census",
            false,
        ),
        (
            "15-hole triangle, corner to corner: counts by jumps, solvable only",
            true,
        ),
    ] {
        let options = JumpOptions {
            solvable_only,
            ..JumpOptions::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| count_by_jumps(black_box(&corner), &corner_goal, &options, |_| {}).unwrap())
        });
    }
    group.bench_function("15-hole triangle: every problem by levels by jumps", |b| {
        b.iter(|| problems_by_jumps(black_box(&triangle), &JumpOptions::default(), |_| {}).unwrap())
    });
    group.bench_function("15-hole triangle: the shortest problem", |b| {
        b.iter(|| shortest_problem(black_box(&triangle), &MeetOptions::default(), |_| {}))
    });
    group.finish();
}

criterion_group!(pegs, benches);
criterion_main!(pegs);
