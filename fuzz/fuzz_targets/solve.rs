//! Any bytes read as a random goal and a random start of one puzzle, solved
//! with every algorithm and option its crate offers, each answer held
//! against the crate's referee (`crates/<puzzle>/tests/common/referee.rs`,
//! a plain breadth-first search over the public rules): the same number of
//! moves, marked optimal, replayed; the same counts of optimal solutions.
//! Boards stay small enough for an input to take well under a second.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/eight-puzzle/tests/common/referee.rs"]
mod eight;
#[allow(dead_code)]
#[path = "../../crates/flip-it/tests/common/referee.rs"]
mod flip;
#[allow(dead_code)]
#[path = "../../crates/knight-swap/tests/common/referee.rs"]
mod knights;
#[allow(dead_code)]
#[path = "../../crates/line-puzzle/tests/common/referee.rs"]
mod line;
#[allow(dead_code)]
#[path = "../../crates/peg-solitaire/tests/common/referee.rs"]
mod pegs;

/// The input, read a byte at a time; zeros once it runs out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }

    /// Heads or tails.
    fn coin(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// A number below `n` (not 0).
    fn below(&mut self, n: usize) -> usize {
        usize::from(self.byte()) % n
    }

    /// `items` in a random order (Fisher-Yates).
    fn shuffle<T>(&mut self, mut items: Vec<T>) -> Vec<T> {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
        items
    }

    /// Up to `most` of the bytes left: a random walk's steps.
    fn steps(&mut self, most: usize) -> Vec<u8> {
        let n = self.below(most + 1);
        (0..n).map(|_| self.byte()).collect()
    }
}

/// The board shapes of the sliding puzzles below.
const EIGHT_SHAPES: [(usize, usize); 7] = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (4, 4)];
const LINE_SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)];

fuzz_target!(init: warm_up(), |data: &[u8]| {
    let mut bytes = Bytes(data);
    let result = match bytes.byte() % 5 {
        0 => eight_puzzle(&mut bytes),
        1 => line_puzzle(&mut bytes),
        2 => flip_it(&mut bytes),
        3 => knight_swap(&mut bytes),
        _ => peg_solitaire(&mut bytes),
    };
    if let Err(disagreement) = result {
        panic!("{disagreement}");
    }
});

/// Builds the pruning automaton of each sliding shape, which its first
/// search builds once per process (seconds for the 4x4 board under the
/// sanitiser), before any input is timed.
fn warm_up() {
    for (w, h) in EIGHT_SHAPES {
        let goal = eight_puzzle::Board::solved(w, h).expect("a shape");
        let options =
            eight_puzzle::SolveOptions::with_algorithm(eight_puzzle::Algorithm::IdaManhattan);
        eight_puzzle::solve(&goal, &goal, &options).expect("solved");
    }
    for (w, h) in LINE_SHAPES {
        let goal = line::arrangement(w, &vec![0; w * h - 1], 0);
        line_puzzle::solve(&goal, &goal, &line_puzzle::SolveOptions::default()).expect("solved");
    }
}

/// Any arrangement of a board of up to 9 cells, or of the 15-puzzle with
/// tables of 4 groups and walks of up to 24 moves.
fn eight_puzzle(bytes: &mut Bytes<'_>) -> Result<(), String> {
    let (w, h) = EIGHT_SHAPES[bytes.below(EIGHT_SHAPES.len())];
    let tiles = bytes.shuffle((0..(w * h) as u8).collect());
    let goal = eight_puzzle::Board::new(w, h, &tiles).expect("a permutation");
    let order = bytes.shuffle(tiles);
    // Groups of at most 4 tiles: larger tables take seconds to build here.
    let count = (w * h - 1).div_ceil(4).max(1 + bytes.below(4));
    let db = eight::tables(&goal, eight::groups(&order, count));
    let start = eight::walk(&goal, &bytes.steps(if w * h == 16 { 24 } else { 40 }));
    let settings = eight::settings(&goal, &[db]);
    eight::check(&start, &goal, eight::distance(&start, &goal), &settings)
}

/// Any letters on a board of up to 9 cells (the tables of 12 take seconds
/// under the sanitiser), walks of up to 24 moves, random letter groups.
fn line_puzzle(bytes: &mut Bytes<'_>) -> Result<(), String> {
    let (w, h) = [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 2),
        (3, 4),
        (4, 3),
    ][bytes.below(8)];
    let pieces: Vec<u8> = (1..w * h).map(|_| bytes.byte()).collect();
    let goal = line::arrangement(w, &pieces, bytes.below(w * h));
    let numbers = [bytes.byte(), bytes.byte(), bytes.byte(), bytes.byte()];
    let start = line::walk(&goal, &bytes.steps(24));
    let settings = line::settings(&[line::letter_groups(&numbers)], true);
    line::check(&start, &goal, line::distance(&start, &goal), &settings)
}

/// Any placement of the 3x3 board, or a walk of up to 6 moves from an
/// all-white 4x4 or 5x5 board (a search over all of the 4x4 board's
/// placements takes seconds under the sanitiser), in either variant.
fn flip_it(bytes: &mut Bytes<'_>) -> Result<(), String> {
    let variant = [flip_it::Variant::Orthogonal, flip_it::Variant::Diagonal][bytes.below(2)];
    let size = 3 + bytes.below(3);
    let cells = size * size;
    let empty = bytes.below(cells);
    let black: Vec<bool> = (0..cells).map(|_| size == 3 && bytes.coin()).collect();
    let rows: Vec<String> = (0..size)
        .map(|r| {
            (0..size)
                .map(|c| match r * size + c {
                    cell if cell == empty => 'S',
                    cell if black[cell] => 'B',
                    _ => 'W',
                })
                .collect()
        })
        .collect();
    let board = flip_it::Board::from_rows_in(variant, &rows).expect("a board");
    let start = flip::walk(&board, &bytes.steps(6));
    flip::check(&start, flip::distance(&start))
}

/// Knights on a board of 3 or 4 cells a side, some cells not squares, at
/// most three of each colour (two on the 4x4 board: at most 18,480
/// arrangements); the goal the knights shuffled or a walk away.
fn knight_swap(bytes: &mut Bytes<'_>) -> Result<(), String> {
    let (w, h) = (3 + bytes.below(2), 3 + bytes.below(2));
    let most = if w * h == 16 { 2 } else { 3 };
    let (mut black, mut white) = (0, 0);
    let cells: Vec<char> = (0..w * h)
        .map(|_| match bytes.below(9) {
            0 | 1 if black < most => {
                black += 1;
                'b'
            }
            2 | 3 if white < most => {
                white += 1;
                'w'
            }
            4 => '#',
            _ => '.',
        })
        .collect();
    let board = |cells: &[char]| {
        let rows: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
        knight_swap::Board::from_rows(&rows).expect("a board")
    };
    let start = board(&cells);
    let goal = if bytes.coin() {
        knights::walk(&start, &bytes.steps(40))
    } else {
        let squares: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != '#').collect();
        let shuffled = bytes.shuffle(squares.iter().map(|&c| cells[c]).collect());
        let mut goal = cells.clone();
        for (&c, k) in squares.iter().zip(shuffled) {
            goal[c] = k;
        }
        board(&goal)
    };
    let expected = knights::shortest_paths(&start).get(&goal).copied();
    knights::check(&start, &goal, expected)
}

/// A rectangle of up to 15 cells or a triangle of side 3 to 5, holes
/// missing anywhere; the goal a few moves away or any pegs; a random first
/// jump for IDA*.
fn peg_solitaire(bytes: &mut Bytes<'_>) -> Result<(), String> {
    let cell = |bytes: &mut Bytes<'_>| match bytes.below(15) {
        0 => ' ',
        1 | 2 => '.',
        _ => 'o',
    };
    let (lattice, rows) = if bytes.coin() {
        let (h, w) = (1 + bytes.below(3), 3 + bytes.below(3));
        let rows: Vec<String> = (0..h)
            .map(|_| (0..w).map(|_| cell(bytes)).collect())
            .collect();
        (peg_solitaire::Lattice::Square, rows)
    } else {
        let n = 3 + bytes.below(3);
        let rows: Vec<String> = (0..n)
            .map(|r| {
                let holes: Vec<String> = (0..=r).map(|_| cell(bytes).to_string()).collect();
                format!("{}{}", " ".repeat(n - 1 - r), holes.join(" "))
            })
            .collect();
        (peg_solitaire::Lattice::Triangular, rows)
    };
    let Ok(start) = peg_solitaire::Board::from_rows_in(lattice, &rows) else {
        return Ok(());
    };
    let goal = if bytes.coin() {
        pegs::walk(&start, &bytes.steps(12))
    } else {
        let mask = u64::from_le_bytes([0; 8].map(|_: u8| bytes.byte())) & start.geometry().all();
        start
            .with_pegs(mask)
            .filter(|g| g.pegs() != 0)
            .unwrap_or_else(|| start.clone())
    };
    let jumps = start.jumps();
    let first = (!jumps.is_empty()).then(|| jumps[bytes.below(jumps.len())]);
    pegs::check(&start, &goal, first)
}
