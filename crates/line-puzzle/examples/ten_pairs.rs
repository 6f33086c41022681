//! The seed's table of ten pairs, measured: for each pair, the seed's bound
//! and the pattern databases' bound at the start, the nodes each IDA*
//! expands and the time each takes (the databases' build included, and
//! apart), all in one run. Prints a Markdown table.
//!
//! `cargo run --release -p line-puzzle --example ten_pairs`
#![allow(clippy::print_stdout)]

use std::time::Instant;

use line_puzzle::{Algorithm, Board, Solver, seed_bound};
use search_core::Budget;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let boards = [
        ("start1", ["ACAS", "CDCA", "DBAB", "CDBD"]),
        ("start2", ["ABAS", "CDCD", "ABAB", "CDCD"]),
        ("start3", ["AABS", "AABB", "CCDD", "CCDD"]),
        ("goal1", ["ABAS", "CABD", "ACDB", "CDCD"]),
        ("goal3", ["ABAS", "DCDC", "BABA", "CDCD"]),
    ];
    println!(
        "| pair | moves | seed's bound | PDB bound | seed: nodes | seed: time | PDB: nodes | PDB: search | PDB: tables | PDB: end to end |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut totals = [0.0f64; 3];
    for (i, (from, start)) in boards.iter().enumerate() {
        for (to, goal) in &boards[i + 1..] {
            let start = Board::from_rows(start)?;
            let goal = Board::from_rows(goal)?;
            let clock = Instant::now();
            let seed = Solver::new(&goal, Algorithm::IdaSeed).solve(&start, &Budget::default())?;
            let seed_s = clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            let solver = Solver::new(&goal, Algorithm::IdaPdb);
            let build_s = clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            let pdb = solver.solve(&start, &Budget::default())?;
            let search_s = clock.elapsed().as_secs_f64();
            let moves = pdb.found.as_ref().map_or(0, |s| s.len());
            assert_eq!(seed.found.map(|s| s.len()), Some(moves));
            totals[0] += seed_s;
            totals[1] += search_s;
            totals[2] += build_s;
            println!(
                "| {from} -> {to} | {moves} | {} | {} | {} | {:.1} ms | {} | {:.2} ms | {:.0} ms | {:.0} ms |",
                seed_bound(&start, &goal),
                solver.bound(&start),
                seed.stats.expanded,
                seed_s * 1e3,
                pdb.stats.expanded,
                search_s * 1e3,
                build_s * 1e3,
                (build_s + search_s) * 1e3,
            );
        }
    }
    println!(
        "| all ten | | | | | {:.1} s | | {:.1} ms | {:.2} s | {:.2} s |",
        totals[0],
        totals[1] * 1e3,
        totals[2],
        totals[1] + totals[2]
    );
    Ok(())
}
