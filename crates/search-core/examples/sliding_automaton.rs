//! The move-pruning automaton of a sliding puzzle's blank: its size and
//! the time to build it, before and after minimisation.
//!
//! `cargo run --release -p search-core --example sliding_automaton -- WIDTH HEIGHT DEPTH [line]`
//! (`line`: the line puzzle's operator order, up, left, right, down;
//! otherwise the 8- and 15-puzzle's, up, down, left, right).
#![allow(clippy::print_stdout)]

use std::time::Instant;

use search_core::grid::{ORTHOGONAL, Rect, Sliding};
use search_core::prune::Automaton;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [width, height, depth] = [0, 1, 2].map(|i| args.get(i).map(|a| a.parse::<usize>()));
    let (Some(width), Some(height), Some(depth)) = (width, height, depth) else {
        return Err("usage: sliding_automaton WIDTH HEIGHT DEPTH [line]".into());
    };
    let (width, height, depth) = (width?, height?, depth?);
    if width * height > 16 || width * height < 2 || depth > 255 {
        return Err("2 to 16 cells and a depth of at most 255".into());
    }
    let line = args.get(3).is_some_and(|a| a == "line");
    let directions = if line {
        [(-1, 0), (0, -1), (0, 1), (1, 0)]
    } else {
        ORTHOGONAL
    };
    let sliding = Sliding::new(Rect::new(width, height), directions);
    let clock = Instant::now();
    let automaton = Automaton::build(&sliding, depth);
    let built = clock.elapsed().as_secs_f64();
    let plain = Automaton::aho_corasick(&sliding, depth);
    println!(
        "{width}x{height}{}, depth {depth}: {} forbidden sequences, {} states ({} before minimisation), {} bytes, built in {:.1} ms on {} threads",
        if line { " (line puzzle's order)" } else { "" },
        automaton.forbidden(),
        automaton.states(),
        plain.states(),
        automaton.bytes(),
        built * 1e3,
        rayon::current_num_threads()
    );
    println!("by length: {:?}", automaton.forbidden_by_length());
    Ok(())
}
