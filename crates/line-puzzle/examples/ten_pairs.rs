//! The article's table of ten pairs, measured: for each pair, each algorithm's
//! bound at the start, the nodes its IDA* expands and its time, the pattern
//! databases' build included (and for `ida-pdb` also apart), all in one
//! run. Prints a Markdown table; the last row adds the times up, and for
//! `ida-pdb` also gives the total of a run that builds the tables once per
//! goal (four goals cover the ten pairs, solved towards either board).
//!
//! `cargo run --release -p line-puzzle --example ten_pairs`
#![allow(clippy::print_stdout)]

mod common;

use std::time::Instant;

use line_puzzle::{Algorithm, Board, SolveOptions, Solver, hiroi_bound};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let options = SolveOptions::with_algorithm;
    let boards = common::BOARDS;
    println!(
        "| pair | moves | bounds: Hiroi's / letters / pairs | ida-hiroi: nodes | ida-hiroi: time | ida-letter-pdb: nodes | ida-letter-pdb: end to end | ida-pdb: nodes | ida-pdb: search | ida-pdb: tables | ida-pdb: end to end |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    // Hiroi's bound, letters end to end, pairs search, pairs tables.
    let mut totals = [0.0f64; 4];
    let mut goals_built = Vec::new();
    let mut once_per_goal = 0.0;
    for (i, (from, start)) in boards.iter().enumerate() {
        for (to, goal) in &boards[i + 1..] {
            let start = Board::from_rows(start)?;
            let goal = Board::from_rows(goal)?;
            let clock = Instant::now();
            let hiroi = Solver::new(&goal, &options(Algorithm::IdaHiroi))?.solve(&start)?;
            let hiroi_s = clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            let letters_solver = Solver::new(&goal, &options(Algorithm::IdaLetterPdb))?;
            let letters = letters_solver.solve(&start)?;
            let letters_s = clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            let solver = Solver::new(&goal, &options(Algorithm::IdaPdb))?;
            let build_s = clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            let pdb = solver.solve(&start)?;
            let search_s = clock.elapsed().as_secs_f64();
            let moves = pdb.found.as_ref().map_or(0, |s| s.len());
            assert_eq!(hiroi.found.map(|s| s.len()), Some(moves));
            assert_eq!(letters.found.map(|s| s.len()), Some(moves));
            totals[0] += hiroi_s;
            totals[1] += letters_s;
            totals[2] += search_s;
            totals[3] += build_s;
            once_per_goal += search_s;
            if !goals_built.contains(&goal) {
                goals_built.push(goal);
                once_per_goal += build_s;
            }
            println!(
                "| {from} -> {to} | {moves} | {} / {} / {} | {} | {:.1} ms | {} | {:.1} ms | {} | {:.2} ms | {:.0} ms | {:.0} ms |",
                hiroi_bound(&start, &goal),
                letters_solver.bound(&start),
                solver.bound(&start),
                hiroi.stats.expanded,
                hiroi_s * 1e3,
                letters.stats.expanded,
                letters_s * 1e3,
                pdb.stats.expanded,
                search_s * 1e3,
                build_s * 1e3,
                (build_s + search_s) * 1e3,
            );
        }
    }
    println!(
        "| all ten | | | | {:.1} s | | {:.0} ms | | {:.1} ms | {:.2} s | {:.2} s ({:.2} s with the tables built once for each of the {} goals) |",
        totals[0],
        totals[1] * 1e3,
        totals[2] * 1e3,
        totals[3],
        totals[2] + totals[3],
        once_per_goal,
        goals_built.len()
    );
    Ok(())
}
