//! Solves the 8-puzzle through the public API of the `eight-puzzle` crate
//! alone, and checks the answer with the crate's own replay.

use eight_puzzle::{Algorithm, Board, SolveOptions, replay, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
    let goal = Board::solved(3, 3)?;
    let options = SolveOptions::with_algorithm(Algorithm::Bidirectional);
    let solution = solve(&start, &goal, &options)?.found.ok_or("unreachable")?;
    replay(&start, &goal, &solution.moves)?;
    if solution.len() != 31 || !solution.optimal {
        return Err(format!("expected 31 moves, optimal, found {}", solution.len()).into());
    }
    println!(
        "eight-puzzle: {} moves, proven optimal, replayed",
        solution.len()
    );
    Ok(())
}
