//! The referee of every solver: the fewest moves by a plain bidirectional
//! breadth-first search, and every setting of `solve` held against it,
//! each solution verified by the crate's rules. Shared by
//! `tests/it/against_referee.rs` (fixed seeds) and the `solve` fuzz target.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use eight_puzzle::{
    Algorithm, Board, EightPuzzle, MAX_BFS_CELLS, Partition, PatternDb, SolveOptions, solve,
};
use search_core::puzzle::{Backtrack, check_against, random_walk};

/// The boards one move from `board`, each legal move played by the rules.
pub fn next(board: &Board) -> Vec<Board> {
    board
        .moves()
        .iter()
        .map(|m| board.play(m).expect("a listed move is legal"))
        .collect()
}

/// The fewest moves from `start` to `goal`, or `None` when one side's
/// search runs out (only ever on small boards: a 4x4 side never does).
///
/// Both searches grow a whole layer at a time, the smaller frontier first.
/// After layers `a` and `b` with no board reached from both sides, every
/// path is longer than `a + b`; the first board of layer `a + 1` already
/// reached from the other side closes one of `a + 1 + b` moves. The boards
/// are packed in a word each and slid by [`slides`], the rules written
/// again here (the crate's `verify` replays every solution by its own), so
/// that the 40 moves of a 15-puzzle take seconds.
pub fn distance(start: &Board, goal: &Board) -> Option<u32> {
    let (width, cells) = (start.width(), start.cells());
    let (start, goal) = (pack(start), pack(goal));
    if start == goal {
        return Some(0);
    }
    // The search is the same from either end: `this` is the side to grow.
    let (mut this, mut other) = (Side::new(start), Side::new(goal));
    let mut next = Vec::with_capacity(4);
    loop {
        if other.frontier.len() < this.frontier.len() {
            std::mem::swap(&mut this, &mut other);
        }
        if this.frontier.is_empty() {
            return None;
        }
        let mut layer = Vec::new();
        for board in std::mem::take(&mut this.frontier) {
            slides(board, width, cells, &mut next);
            for &n in &next {
                if other.seen.contains(&n) {
                    return Some(this.depth + 1 + other.depth);
                }
                if this.seen.insert(n) {
                    layer.push(n);
                }
            }
        }
        this.frontier = layer;
        this.depth += 1;
    }
}

/// A board in one word: the tile of cell `c` in bits `4c..4c + 4`.
fn pack(board: &Board) -> u64 {
    (0..board.cells()).fold(0, |word, c| word | u64::from(board.tile(c)) << (4 * c))
}

/// The packed boards one move from `board` (of `cells` cells, `width` a
/// row): a tile next to the blank, above, below, left or right of it,
/// slides into it.
fn slides(board: u64, width: usize, cells: usize, out: &mut Vec<u64>) {
    out.clear();
    let blank = (0..cells)
        .find(|c| board >> (4 * c) & 15 == 0)
        .expect("a blank");
    let (row, col) = (blank / width, blank % width);
    let neighbours = [
        (row > 0).then(|| blank - width),
        (blank + width < cells).then(|| blank + width),
        (col > 0).then(|| blank - 1),
        (col + 1 < width).then(|| blank + 1),
    ];
    for cell in neighbours.into_iter().flatten() {
        let tile = board >> (4 * cell) & 15;
        out.push(board & !(15 << (4 * cell)) | tile << (4 * blank));
    }
}

/// One side of [`distance`]: every board reached, the last layer, its depth.
struct Side {
    seen: HashSet<u64, BuildHasherDefault<Mix>>,
    frontier: Vec<u64>,
    depth: u32,
}

impl Side {
    fn new(root: u64) -> Side {
        Side {
            seen: [root].into_iter().collect(),
            frontier: vec![root],
            depth: 0,
        }
    }
}

/// A quick hash of a packed board, the murmur3 finaliser of its word
/// (std's SipHash is the slower part of [`distance`]).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 ^= word;
    }

    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
}

/// The board at most `steps.len()` random moves from `from`, never
/// straight back to the board before.
pub fn walk(from: &Board, steps: &[u8]) -> Board {
    random_walk(from, steps, Backtrack::Avoided, next)
}

/// `order`'s tiles (the blank skipped) dealt in turn into `count` groups
/// (at most 4, what `solve` adds up), every tile in one: at least as
/// strong a bound as Manhattan distance.
pub fn groups(order: &[u8], count: usize) -> Vec<Vec<u8>> {
    let mut groups = vec![Vec::new(); count.clamp(1, 4)];
    let n = groups.len();
    for (i, tile) in order.iter().copied().filter(|&t| t != 0).enumerate() {
        groups[i % n].push(tile);
    }
    groups.retain(|g| !g.is_empty());
    groups
}

/// The tables of `groups` for `goal`.
pub fn tables(goal: &Board, groups: Vec<Vec<u8>>) -> Arc<PatternDb> {
    let partition = Partition::new(goal, groups).expect("disjoint groups of tiles");
    Arc::new(PatternDb::build(goal, &partition, u64::MAX, |_, _| {}).expect("tables that fit"))
}

/// A setting of [`solve`], named for the report.
pub struct Setting {
    /// The algorithm and its options, in words.
    pub name: String,
    /// What `solve` is given.
    pub options: SolveOptions,
}

/// Every setting the crate offers for `goal`'s board: each algorithm (the
/// breadth-first searches up to [`MAX_BFS_CELLS`] cells), the move pruning
/// on and off, and IDA* with pattern databases over each of `tables`
/// (and, up to 12 cells, over the default partition built by `solve`),
/// each plain and, on a square board, reflected.
pub fn settings(goal: &Board, tables: &[Arc<PatternDb>]) -> Vec<Setting> {
    let square = goal.width() == goal.height();
    let mut out = Vec::new();
    for algorithm in Algorithm::ALL {
        if matches!(algorithm, Algorithm::Bfs | Algorithm::Bidirectional)
            && goal.cells() > MAX_BFS_CELLS
        {
            continue;
        }
        // The pruning is of IDA*'s moves: the breadth-first searches ignore it.
        let prunings: &[bool] = match algorithm {
            Algorithm::Bfs | Algorithm::Bidirectional => &[true],
            _ => &[true, false],
        };
        for &pruning in prunings {
            let plain = SolveOptions {
                pruning,
                ..SolveOptions::with_algorithm(algorithm)
            };
            if algorithm != Algorithm::IdaPdb {
                out.push(Setting {
                    name: format!("{algorithm}, pruning {pruning}"),
                    options: plain,
                });
                continue;
            }
            let default = (goal.cells() <= MAX_BFS_CELLS).then_some(None);
            for db in default.into_iter().chain(tables.iter().map(Some)) {
                for reflect in [false, true] {
                    if reflect && !square {
                        continue;
                    }
                    let partition = db.map_or("default".to_string(), |db| {
                        format!("{:?}", db.partition().groups())
                    });
                    out.push(Setting {
                        name: format!(
                            "{algorithm}, partition {partition}, reflect {reflect}, pruning {pruning}"
                        ),
                        options: SolveOptions {
                            reflect,
                            pattern_db: db.cloned(),
                            ..plain.clone()
                        },
                    });
                }
            }
        }
    }
    out
}

/// Solves `start` -> `goal` with every setting and holds each answer against
/// `expected` (the referee's [`distance`]): the same number of moves, marked
/// optimal, verified by the rules; `None` where the goal cannot be reached.
/// A panic counts as a wrong answer. The first disagreement, in words.
pub fn check(
    start: &Board,
    goal: &Board,
    expected: Option<u32>,
    settings: &[Setting],
) -> Result<(), String> {
    for Setting { name, options } in settings {
        let wrong = |what: String| {
            format!(
                "start {:?}, goal {:?}, {name}: {what}",
                start.rows(),
                goal.rows()
            )
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| solve(start, goal, options)))
            .map_err(|panic| wrong(format!("panicked: {}", panic_text(&panic))))?
            .map_err(|e| wrong(format!("error: {e}")))?;
        check_against::<EightPuzzle>(
            start,
            goal,
            outcome.found.as_ref(),
            expected.map(|e| e as usize),
        )
        .map_err(wrong)?;
    }
    Ok(())
}

/// A panic's message.
fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}
