//! Knight swap: the Perl article's 3x4 puzzle solved, proven (every reachable
//! arrangement swept) and counted; and Guarini's 3x3 puzzle.

mod shared;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use knight_swap::{Algorithm, Board, KnightSwap, Puzzle, explore, solve};
use shared::found;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight-swap");
    for (name, start, goal) in [
        (
            "seed 3x4: solve, prove and count",
            ["bbb", "...", "...", "www"].as_slice(),
            ["www", "...", "...", "bbb"].as_slice(),
        ),
        (
            "Guarini 3x3: solve, prove and count",
            &["w.w", "...", "b.b"],
            &["b.b", "...", "w.w"],
        ),
        (
            "4x4, four knights each: solve, prove and count",
            &["bbbb", "....", "....", "wwww"],
            &["wwww", "....", "....", "bbbb"],
        ),
    ] {
        let start = Board::from_rows(start).unwrap();
        let goal = Board::from_rows(goal).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| {
                let explored = explore(black_box(&start), 1 << 30).unwrap();
                let solution = explored.solution_to(&goal).unwrap().unwrap();
                (solution, explored.count_solutions(&goal).unwrap())
            })
        });
        for algorithm in Algorithm::ALL {
            let options = KnightSwap::options(algorithm);
            let name = name.replace("solve, prove and count", &format!("solve by {algorithm}"));
            group.bench_function(name, |b| {
                b.iter(|| found(solve(black_box(&start), &goal, &options)))
            });
        }
    }
    group.finish();
}

criterion_group!(knights, benches);
criterion_main!(knights);
