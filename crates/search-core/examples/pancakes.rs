//! A puzzle of one's own on search-core: the pancake puzzle. A move turns
//! over the top k pancakes of the stack; the goal is the stack sorted, the
//! smallest on top. The puzzle takes a few dozen lines here, and search-core
//! does the rest: a whole-space sweep (the largest distance is the pancake
//! number), a pattern database over an abstraction (where the largest
//! pancakes are), and IDA* with that bound, checked against the sweep.
//! Run: `cargo run --release -p search-core --example pancakes`.
#![allow(clippy::print_stdout)]

use perm_rank::{Lehmer, Placements, Ranking};
use search_core::ida::idastar;
use search_core::layers::{RankedSpace, Sweep, Table};
use search_core::pdb::{Abstraction, PatternDb};

/// N pancakes, top first; the pattern database tells the K largest apart,
/// and writes every smaller one as SMALL.
const N: usize = 9;
const K: usize = 6;
const SMALL: u8 = (N - K) as u8 - 1;

type Stack = [u8; N];
const SORTED: Stack = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// The stacks one flip away: the top `k` turned over, for `k` from 2 to N.
fn flips(stack: &Stack) -> impl Iterator<Item = Stack> + '_ {
    (2..=N).map(|k| {
        let mut flipped = *stack;
        flipped[..k].reverse();
        flipped
    })
}

/// Every stack, ranked in lexicographic order.
struct Stacks(Lehmer);

impl RankedSpace for Stacks {
    type State = Stack;
    fn size(&self) -> u64 {
        self.0.count()
    }
    fn rank(&self, stack: &Stack) -> u64 {
        self.0.rank(stack).expect("a stack is a permutation")
    }
    fn unrank(&self, rank: u64) -> Stack {
        let mut stack = [0; N];
        self.0.unrank(rank, &mut stack).expect("a rank in range");
        stack
    }
    fn neighbours<F: FnMut(Stack)>(&self, stack: &Stack, visit: F) {
        flips(stack).for_each(visit);
    }
}

fn abstraction_of(stack: &Stack) -> Stack {
    stack.map(|p| p.max(SMALL))
}

/// Stacks with the N - K smallest pancakes alike: ranked by where the K
/// largest are. A flip of a stack is a flip of its abstraction, so the
/// abstract distance never exceeds the real one.
struct Largest(Placements);

impl RankedSpace for Largest {
    type State = Stack;
    fn size(&self) -> u64 {
        self.0.count()
    }
    fn rank(&self, stack: &Stack) -> u64 {
        let mut cells = [0u8; K];
        for (cell, &p) in stack.iter().enumerate().filter(|(_, p)| **p > SMALL) {
            cells[usize::from(p - SMALL - 1)] = cell as u8;
        }
        self.0.rank_unchecked(&cells)
    }
    fn unrank(&self, rank: u64) -> Stack {
        let (cells, mut stack) = (self.0.unrank_vec(rank).expect("in range"), [SMALL; N]);
        for (i, cell) in cells.into_iter().enumerate() {
            stack[usize::from(cell)] = SMALL + 1 + i as u8;
        }
        stack
    }
    fn neighbours<F: FnMut(Stack)>(&self, stack: &Stack, visit: F) {
        flips(stack).for_each(visit);
    }
}

impl Abstraction for Largest {
    type Space = Largest;
    fn space(&self) -> &Largest {
        self
    }
    fn goals(&self) -> Vec<Stack> {
        vec![abstraction_of(&SORTED)]
    }
    fn patterns(&self) -> u64 {
        self.size()
    }
    fn pattern(&self, _: &Stack, rank: u64) -> u64 {
        rank
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let stacks = Stacks(Lehmer::new(N)?);

    // 1. The whole space: the distance of every stack from the sorted one.
    let layers = Sweep::new(Table::Bytes).run(&stacks, [SORTED], |_| {})?;
    println!("{N} pancakes: {} stacks, flips needed:", layers.reachable());
    for (flips, count) in layers.histogram.iter().enumerate() {
        println!("  {flips:>2}: {count}");
    }
    assert_eq!(layers.max_distance(), Some(10)); // the pancake number of 9 (OEIS A058986)

    // 2. A pattern database over where the K largest pancakes are.
    let abstraction = Largest(Placements::new(N, K)?);
    let db = PatternDb::build(&abstraction, &Sweep::new(Table::TwoBits), |_| {})?;
    let bound = |stack: &Stack| {
        let pattern = abstraction.rank(&abstraction_of(stack));
        db.get(pattern).expect("every pattern reaches the goal")
    };
    let max = db.max_value().unwrap_or(0);
    println!(
        "pattern database: {} patterns, values up to {max}",
        db.len()
    );

    // 3. IDA* with that bound from a few stacks, checked against the sweep.
    for &rank in layers.farthest.iter().take(4).chain(&[12_345, 200_000]) {
        let start = stacks.unrank(rank);
        let (path, length) = idastar(
            &start,
            |s| flips(s).map(|t| (t, 1)).collect::<Vec<_>>(),
            bound,
            |s| *s == SORTED,
        )
        .expect("every stack can be sorted");
        let exact = layers.distances.as_ref().and_then(|t| t.get(rank));
        assert_eq!(Some(length), exact, "IDA* is optimal");
        assert!(
            path.windows(2).all(|w| flips(&w[0]).any(|t| t == w[1])) && bound(&start) <= length,
            "every step is a flip, and the bound is admissible"
        );
        println!("{start:?}: {length} flips (bound {})", bound(&start));
    }
    Ok(())
}
