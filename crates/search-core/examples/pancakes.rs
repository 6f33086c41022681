//! A puzzle of one's own on search-core: pancakes (a move turns over the
//! top k; the goal is the stack sorted). Rules and rank are written once;
//! search-core gives a BFS, the whole space's distances, a pattern database
//! over where the largest pancakes are, and IDA* with it.
//! Run: `cargo run --release -p search-core --example pancakes`.
#![allow(clippy::print_stdout)]

use perm_rank::{Multiset, Ranking};
use search_core::ida::Ida;
use search_core::layers::{Sweep, Table};
use search_core::pdb::{Lookup, PatternDb, States};
use search_core::rules::{Ranked, Rules};

const N: usize = 9;
type Stack = [u8; N];
const SORTED: Stack = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// Stacks whose `.0` largest pancakes are told apart, the others alike:
/// all nine for the puzzle, six for its pattern database.
struct Pancakes(usize, Multiset);

impl Rules for Pancakes {
    type State = Stack;
    type Move = usize;
    fn moves(&self, _: &Stack, out: &mut Vec<usize>) {
        out.extend(2..=N);
    }
    fn apply(&self, s: &mut Stack, k: usize) {
        s[..k].reverse();
    }
    fn undo(&self, s: &mut Stack, k: usize) {
        s[..k].reverse();
    }
}

impl Ranked for Pancakes {
    fn size(&self) -> u64 {
        self.1.count()
    }
    fn rank(&self, s: &Stack) -> u64 {
        let alike = s.map(|p| (usize::from(p) + self.0).saturating_sub(N - 1) as u8);
        self.1.rank(&alike).expect("a stack")
    }
    fn unrank(&self, rank: u64) -> Stack {
        let mut s = [0; N];
        self.1.unrank(rank, &mut s).expect("a rank below size()");
        s.map(|x| (x + (N - self.0) as u8).saturating_sub(1) * u8::from(x > 0))
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let counts = |k: usize| [&[N - k][..], &[1; N][..k]].concat();
    let stacks = |k| Pancakes(k, Multiset::new(&counts(k)).unwrap());
    let (every, largest, sorted) = (stacks(N), stacks(6), |s: &Stack| *s == SORTED);
    let layers = Sweep::new(Table::TwoBits).run(&every, [SORTED], |_| {})?;
    println!(
        "{} stacks; by flips {:?}",
        layers.reachable(),
        layers.histogram
    );
    let abstraction = States::new(&largest, [largest.unrank(largest.rank(&SORTED))]);
    let db = PatternDb::build(&abstraction, &Sweep::new(Table::Bytes), |_| {})?;
    let bound = Lookup::new(&db, |s: &Stack| largest.rank(s));
    for start in [[8, 6, 7, 2, 5, 4, 3, 0, 1], [4, 8, 5, 6, 3, 1, 2, 0, 7]] {
        let bfs = search_core::bfs::solve(&every, &start, sorted).ok_or("unsolved")?;
        let ida = Ida::new(&every, &bound).solve(&start, sorted)?.found;
        let ida = ida.ok_or("unsolved")?;
        assert_eq!((bfs.cost, ida.inadmissible), (ida.cost, None));
        println!("{start:?}: {} flips, {:?}", ida.cost, ida.moves);
    }
    Ok(())
}
