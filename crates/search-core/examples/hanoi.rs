//! A puzzle of one's own on search-core: the Tower of Hanoi with four pegs,
//! 8 discs (65,536 positions). Rules and rank are written once; search-core
//! gives a BFS, every position's distance, a pattern database over the
//! seven largest discs (the same rules with fewer discs), and IDA*.
//! Run: `cargo run --release -p search-core --example hanoi`.
#![allow(clippy::print_stdout)]

use search_core::ida::Ida;
use search_core::layers::{Sweep, Table};
use search_core::pdb::{Lookup, PatternDb, States};
use search_core::rules::{Ranked, Rules};

const PEGS: u32 = 4;

/// `.0` discs; a position holds disc `d`'s peg in bits `2d..2d + 2`
/// (disc 0 the smallest), so it is its own rank.
struct Hanoi(u32);

/// The disc, the peg it leaves and the peg it goes to.
type Move = (u32, u32, u32);

impl Rules for Hanoi {
    type State = u32;
    type Move = Move;
    fn moves(&self, &s: &u32, out: &mut Vec<Move>) {
        // The top disc of each peg: the smallest on it.
        let top = |peg| (0..self.0).find(|d| s >> (2 * d) & 3 == peg);
        for from in 0..PEGS {
            let Some(disc) = top(from) else { continue };
            let free = |to| to != from && top(to).is_none_or(|t| t > disc);
            out.extend((0..PEGS).filter(|&to| free(to)).map(|to| (disc, from, to)));
        }
    }
    fn apply(&self, s: &mut u32, (disc, from, to): Move) {
        *s ^= (from ^ to) << (2 * disc);
    }
    fn undo(&self, s: &mut u32, m: Move) {
        self.apply(s, m);
    }
    fn inverse(&self, (disc, from, to): Move) -> Option<Move> {
        Some((disc, to, from))
    }
}

impl Ranked for Hanoi {
    fn size(&self) -> u64 {
        u64::from(PEGS).pow(self.0)
    }
    fn rank(&self, &s: &u32) -> u64 {
        u64::from(s)
    }
    fn unrank(&self, rank: u64) -> u32 {
        rank as u32
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The pattern: the seven largest discs, the digits above the smallest.
    let (tower, largest, small) = (Hanoi(8), Hanoi(7), 2);
    let (start, goal) = (0, u32::MAX >> 16); // every disc on peg 0, then on peg 3
    let layers = Sweep::new(Table::TwoBits).run(&tower, [goal], |_| {})?;
    println!(
        "{} positions; by moves {:?}",
        layers.reachable(),
        layers.histogram
    );
    let abstraction = States::new(&largest, [goal >> small]);
    let db = PatternDb::build(&abstraction, &Sweep::new(Table::Bytes), |_| {})?;
    let bound = Lookup::new(&db, |&s: &u32| u64::from(s >> small));
    let bfs = search_core::bfs::solve(&tower, &start, |&s| s == goal).ok_or("unsolved")?;
    let ida = Ida::new(&tower, &bound).solve_parallel(&start, |&s| s == goal)?;
    let path = ida.found.ok_or("unsolved")?;
    assert_eq!((bfs.cost, path.inadmissible), (path.cost, None));
    let nodes = ida.stats.expanded;
    println!(
        "8 discs from peg 0 to peg 3: {} moves, {nodes} nodes",
        path.cost
    );
    Ok(())
}
