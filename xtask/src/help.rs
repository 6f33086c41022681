//! What `cargo xtask solve <puzzle> --help` and `analyze <puzzle> --help` add
//! to the command's help: that puzzle's fixture fields, sizes, variants,
//! defaults and examples.

/// The help of `puzzle` for `command` (`solve` or `analyze`), if both are known.
pub fn puzzle_help(command: &str, puzzle: &str) -> Option<&'static str> {
    let (_, solve, analyze) = HELP.iter().find(|(name, _, _)| *name == puzzle)?;
    match command {
        "solve" => Some(solve),
        "analyze" => Some(analyze),
        _ => None,
    }
}

/// Per puzzle: its name, what `solve` reads, what `analyze` sweeps.
const HELP: [(&str, &str, &str); 5] = [
    (
        "eight-puzzle",
        "\
eight-puzzle: sliding tiles, 2x2 to 4x4 (the 8-puzzle, the 15-puzzle).

The file: {\"start\": [\"8 6 7\", \"2 5 4\", \"3 0 1\"]}
  start   rows of space-separated numbers, 0 (or .) for the blank
  goal    optional; default: the tiles in order, the blank last
  name, source, expect   optional, as in every fixture

Examples:
  cargo xtask solve eight-puzzle fixtures/eight-puzzle/seed-31.json
  cargo xtask solve eight-puzzle fixtures/eight-puzzle/korf-001.json --json",
        "\
eight-puzzle: the distance of every arrangement from the goal.

  --size WxH   2x2 to 4x3 fit this machine (default 3x3; 4x4 has 10^13 states)
  --goal FILE  sweep from this fixture's goal instead of the solved board
  --table      bytes (default up to 10 cells), wide, two-bits (default above), residues

Examples:
  cargo xtask analyze eight-puzzle
  cargo xtask analyze eight-puzzle --size 4x3 --json",
    ),
    (
        "line-puzzle",
        "\
line-puzzle: sliding quarter-circle pieces A, B, C, D on up to 16 cells.

The file: {\"start\": [\"ACAS\", ...], \"goal\": [\"SBCA\", ...]}
  start, goal   rows of A, B, C, D and S (or .) for a space, either case;
                both required: the puzzle has no natural goal
  name, source, expect   optional

Examples:
  cargo xtask solve line-puzzle fixtures/line-puzzle/pair-start3-goal3.json",
        "\
line-puzzle: the distance of every arrangement of the goal's pieces.

  --goal FILE  sweep from this fixture's goal (default: M. Hiroi's goal 2,
               the four full circles: 252,252,000 arrangements)
  --table      bytes (default up to 50 million arrangements), wide,
               two-bits (default above: 60 MiB for the 4x4 board), residues

Examples:
  cargo xtask analyze line-puzzle --goal fixtures/line-puzzle/small-2x3.json",
    ),
    (
        "flip-it",
        "\
flip-it: pieces jump over a piece into the empty cell and turn it over;
the goal is every piece white. Boards 3x3 to 5x5.

The file: {\"start\": [\"BBBB\", \"BSBB\", \"BBBB\", \"BBBB\"]}
  start     rows of B, W and S (or .) for the empty cell, either case
  variant   optional: orthogonal (default, the original rules) or diagonal
  name, source, expect   optional

Examples:
  cargo xtask solve flip-it fixtures/flip-it/seed-orthogonal.json",
        "\
flip-it: the distance of every placement from all white, with the classes
under the board's 8 symmetries counted.

  --size N      3, 4 (default) or 5
  --variant     orthogonal (default) or diagonal
  --table       bytes (default up to 4x4), wide, two-bits (default for 5x5), residues

Examples:
  cargo xtask analyze flip-it --variant diagonal
  cargo xtask analyze flip-it --size 5 --json",
    ),
    (
        "knight-swap",
        "\
knight-swap: black and white knights exchange places on any board of up to
64 cells.

The file: {\"start\": [\"bbb\", \"...\", \"...\", \"www\"]}
  start   rows of b and w (knights, either case), . (an empty square) and
          # (no square)
  goal    optional; default: the start with every knight's colour changed
  name, source, expect   optional

Examples:
  cargo xtask solve knight-swap fixtures/knight-swap/seed-3x4.json",
        "\
knight-swap: the distance of every arrangement from the goal.

  --goal FILE  sweep from this fixture's goal (default: the 3x4 board of the
               Perl article, white knights on top)
  --table      bytes (default), wide, two-bits, residues

Examples:
  cargo xtask analyze knight-swap
  cargo xtask analyze knight-swap --goal fixtures/knight-swap/guarini.json",
    ),
    (
        "peg-solitaire",
        "\
peg-solitaire: pegs jump over pegs into holes, on a square or triangular
lattice; a move is a chain of jumps by one peg.

The file: {\"lattice\": \"square\", \"start\": [...], \"goal\": [...]}
  lattice      optional: square (default) or triangular
  start, goal  rows of o (a peg), . (an empty hole) and spaces (no hole); on a
               triangular lattice adjacent holes of a row are two columns apart
  first_jump   optional [from, to]: the first jump, holes numbered row by row
  name, source, expect   optional

Examples:
  cargo xtask solve peg-solitaire fixtures/peg-solitaire/seed-21.json
  cargo xtask solve peg-solitaire fixtures/peg-solitaire/english-central.json",
        "\
peg-solitaire: the positions reachable from a fixture's start, level by level.

  --goal FILE   the fixture (required): its start, its goal, its board
  --by moves    (default) levels by moves, positions up to the symmetries that
                keep the start
  --by jumps    levels by jumps: the positions after each number of jumps,
                how many can still reach the goal, and the number of jump
                sequences from start to goal
  --solvable-only
                with --by jumps, the last two alone, by levels grown from
                the start and back from the goal until they meet
  --problems    every problem of the board: for each hole left empty at the
                start and each hole holding the last peg, the fewest moves
  --shortest-only
                with --problems, only the fewest moves over every problem
                and one problem with that many, by levels by moves from
                every one-hole start and back from every one-peg finish

Examples:
  cargo xtask analyze peg-solitaire --goal fixtures/peg-solitaire/english-central.json
  cargo xtask analyze peg-solitaire --goal fixtures/peg-solitaire/english-central.json --by jumps --json
  cargo xtask analyze peg-solitaire --goal fixtures/peg-solitaire/english-central.json --by jumps --solvable-only
  cargo xtask analyze peg-solitaire --goal fixtures/peg-solitaire/triangle-15.json --problems
  cargo xtask analyze peg-solitaire --goal fixtures/peg-solitaire/boards/triangle-7.json --problems --shortest-only",
    ),
];
