//! What the pruning of redundant move sequences saves on Hiroi's ten
//! pairs: each algorithm's IDA* with and without the pruning automaton, in
//! the same run, the pattern databases built before the clock starts.
//! Both searches must return the same solution. Prints a Markdown table.
//!
//! `cargo run --release -p line-puzzle --example pruning [ALGORITHM..]`
//! (all three algorithms if none is named)
#![allow(clippy::print_stdout)]

mod common;

use std::time::Instant;

use line_puzzle::{Algorithm, Board, SolveOptions, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let boards = common::BOARDS;
    let clock = Instant::now();
    let hiroi = SolveOptions::with_algorithm(Algorithm::IdaHiroi);
    let first = Solver::new(&Board::from_rows(&boards[0].1)?, &hiroi)?;
    let built = clock.elapsed().as_secs_f64();
    let automaton = first.pruning().expect("pruning is on by default");
    println!(
        "automaton of the 4x4 board: {} forbidden sequences of up to {} moves, {} states, {} bytes, built in {:.1} ms",
        automaton.forbidden(),
        automaton.depth(),
        automaton.states(),
        automaton.bytes(),
        built * 1e3
    );
    println!();
    println!(
        "| pair | moves | algorithm | nodes, unpruned | nodes, pruned | ratio | time, unpruned | time, pruned |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    let named: Vec<Algorithm> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let algorithms = if named.is_empty() {
        Algorithm::ALL.to_vec()
    } else {
        named
    };
    for algorithm in algorithms {
        let mut totals = [0u64; 2];
        let mut times = [0.0f64; 2];
        for (i, (from, start)) in boards.iter().enumerate() {
            for (to, goal) in &boards[i + 1..] {
                let start = Board::from_rows(start)?;
                let goal = Board::from_rows(goal)?;
                let options = SolveOptions::with_algorithm(algorithm);
                let pruned = Solver::new(&goal, &options)?;
                let unpruned = Solver::new(
                    &goal,
                    &SolveOptions {
                        pruning: false,
                        ..options
                    },
                )?;
                let clock = Instant::now();
                let a = unpruned.solve(&start)?;
                let a_s = clock.elapsed().as_secs_f64();
                let clock = Instant::now();
                let b = pruned.solve(&start)?;
                let b_s = clock.elapsed().as_secs_f64();
                assert_eq!(a.found, b.found, "the same solution");
                let moves = b.found.as_ref().map_or(0, |s| s.len());
                println!(
                    "| {from} -> {to} | {moves} | {algorithm} | {} | {} | {:.2} | {:.2} ms | {:.2} ms |",
                    a.stats.expanded,
                    b.stats.expanded,
                    b.stats.expanded as f64 / a.stats.expanded as f64,
                    a_s * 1e3,
                    b_s * 1e3
                );
                totals[0] += a.stats.expanded;
                totals[1] += b.stats.expanded;
                times[0] += a_s;
                times[1] += b_s;
            }
        }
        println!(
            "| all ten | | {algorithm} | {} | {} | {:.2} | {:.1} ms | {:.1} ms |",
            totals[0],
            totals[1],
            totals[1] as f64 / totals[0] as f64,
            times[0] * 1e3,
            times[1] * 1e3
        );
    }
    Ok(())
}
