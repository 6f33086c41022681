//! Flip It: M. Hiroi's start solved by each algorithm; the whole 4x4 space
//! swept per variant, with the classes under the eight symmetries counted.

mod shared;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use flip_it::{Algorithm, Board, FlipIt, FlipSpace, Goal, Puzzle, Variant, solve};
use search_core::layers::{Sweep, Table};
use shared::found;

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("flip-it");
    group.sample_size(20);
    for variant in Variant::ALL {
        let start = Board::from_rows_in(variant, &["BBBB", "BSBB", "BBBB", "BBBB"]).unwrap();
        let space = FlipSpace::new(4, variant).unwrap();
        group.bench_function(format!("4x4 {variant}: whole space, with classes"), |b| {
            b.iter(|| {
                let canonical = |board: &Board, _: u64| space.is_canonical(board);
                Sweep::new(Table::Bytes)
                    .run_with_census(&space, space.goals(), canonical, |_| {})
                    .unwrap()
            })
        });
        for algorithm in Algorithm::ALL {
            let options = FlipIt::options(algorithm);
            group.bench_function(format!("seed start, {variant}, {algorithm}"), |b| {
                b.iter(|| found(solve(black_box(&start), &Goal::EveryPieceWhite, &options)))
            });
        }
    }
    group.finish();
}

criterion_group!(flip, benches);
criterion_main!(flip);
