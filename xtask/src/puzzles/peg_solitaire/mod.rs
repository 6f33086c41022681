//! Peg solitaire: fewest moves proven on every board that fits the memory
//! (levels by moves met from both ends), optimal solutions counted on small
//! boards. `solve.rs` answers a fixture and draws its snapshot;
//! `analyze.rs` runs the level searches and the table of every problem of
//! a board.

use peg_solitaire::fixture::{FIELDS, Fixture};
use peg_solitaire::{Board, Jump, Lattice, PegSolitaire, check_goal};

use crate::driver;
use crate::registry::{Flag, Flags, Help, PuzzleDef};

mod analyze;
mod solve;

/// Peg solitaire's entry.
pub const PUZZLE: PuzzleDef = PuzzleDef {
    analyze: Some(analyze::analyze),
    analyze_options: &["goal"],
    sharded: false,
    flags: &[Flags {
        command: "analyze",
        about: "its levels by moves or jumps, its problems",
        list: &[
            Flag {
                name: "by",
                value: Some("BY"),
                help: "What one step is, where the puzzle has a choice (peg-solitaire: moves or jumps)",
            },
            Flag {
                name: "problems",
                value: None,
                help: "Every problem of the board (peg-solitaire)",
            },
            Flag {
                name: "solvable-only",
                value: None,
                help: "With `--by jumps`, count only the positions that can still reach the goal and the solutions, from both ends, without the histogram of every reachable position (peg-solitaire)",
            },
            Flag {
                name: "shortest-only",
                value: None,
                help: "With `--problems`, only the shortest solution over every problem of the board, by levels by moves from every one-hole start and back from every one-peg finish at once (peg-solitaire)",
            },
        ],
    }],
    help: Help {
        solve: "\
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
        analyze: "\
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
    },
    benchmarks: "
peg-solitaire/seed 21-hole: count the 96 from 14 -> 6, pruning | peg solitaire | Hiroi's 21-hole board: the 96 minimum solutions from 14 -> 6 counted, peg-class pruning | 0.97 s (PyPy, listing them)
peg-solitaire/seed 21-hole: count the 96 from 14 -> 6, no pruning | peg solitaire | the same without the pruning | 3.0 s (PyPy)
peg-solitaire/seed 21-hole: count all 192, pruning | peg solitaire | all 192 minimum jump sequences counted (any first jump), pruning
peg-solitaire/seed 21-hole: count all 192, no pruning | peg solitaire | the same without the pruning
peg-solitaire/seed 21-hole: 12 moves by IDA*, pruning | peg solitaire | Hiroi's board, first jump 14 -> 6: one 12-move solution, proven by IDA* | 2 s (PyPy, corners and pruning)
peg-solitaire/seed 21-hole: 12 moves by BFS by moves | peg solitaire | Hiroi's board: the minimum by breadth-first search by moves, up to symmetry
peg-solitaire/English 33-hole: one solution (31 jumps) | peg solitaire | English central game: one solution, depth-first with failed positions remembered",
    sweeps: &[(
        "--goal fixtures/peg-solitaire/english-central.json",
        "English peg solitaire, central game: the 18-move minimum proven, 23,406,641 positions up to symmetry",
    )],
    ..driver::entry::<PegSolitaire>()
};

/// Limits that keep a user's fixture from running for hours: the searches
/// stop with an error naming the limit instead.
const MAX_EXPANDED: u64 = 200_000_000;

/// Boards with at most this many holes get the table of fewest moves from
/// every one-hole start to every one-peg finish.
const TABLE_HOLES: usize = 21;

/// A fixture's name, for the description of an analysis.
fn title(fixture: &Fixture) -> &str {
    fixture.title("the fixture's board")
}

/// A fixture's boards, and the jump every solution must begin with.
pub struct Instance {
    start: Board,
    goal: Board,
    first_jump: Option<Jump>,
}

/// A fixture's start on its lattice.
fn start_of(fixture: &Fixture) -> Result<Board, String> {
    let lattice: Lattice = match &fixture.extra.lattice {
        Some(name) => name.parse()?,
        None => Lattice::default(),
    };
    driver::board::<PegSolitaire>("start", lattice, &fixture.start)
}

fn instance(fixture: &Fixture) -> Result<Instance, String> {
    let start = start_of(fixture)?;
    let goal_rows = fixture.goal.as_ref().ok_or(
        "goal: missing (a fixture without a goal is read only by `cargo xtask analyze peg-solitaire`: the levels by moves from its start, or --problems)",
    )?;
    let goal = driver::board::<PegSolitaire>("goal", start.geometry().lattice(), goal_rows)?;
    check_goal(&start, &goal).map_err(|e| e.to_string())?;
    let first_jump = match fixture.extra.first_jump {
        None => None,
        Some([from, to]) => {
            let jumps = start.geometry().jumps();
            let jump = jumps.iter().find(|j| (j.from, j.to) == (from, to));
            let jump = jump
                .ok_or_else(|| format!("first_jump: {from} -> {to} is not a jump of this board"))?;
            start
                .play_jump(*jump)
                .map_err(|e| format!("first_jump: {e}"))?;
            Some(*jump)
        }
    };
    Ok(Instance {
        start,
        goal,
        first_jump,
    })
}
