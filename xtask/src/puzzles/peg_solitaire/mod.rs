//! Peg solitaire: fewest moves proven on every board that fits the memory
//! (levels by moves met from both ends), optimal solutions counted on small
//! boards. `solve.rs` answers a fixture and draws its snapshot;
//! `analyze.rs` runs the level searches and the table of every problem of
//! a board.

use peg_solitaire::PegSolitaire;
use peg_solitaire::fixture::{FIELDS, Fixture, Instance, instance, start_of};

use crate::driver;
use crate::registry::{Flags, PuzzleDef};

mod analyze;
mod solve;

/// Peg solitaire's entry.
pub const PUZZLE: PuzzleDef = PuzzleDef {
    analyze: Some(analyze::analyze),
    analyze_options: &["goal"],
    sharded: false,
    flags: &[Flags::of::<AnalyzeFlags>(
        "analyze",
        "its levels by moves or jumps, its problems",
    )],
    sweeps: &[(
        "--goal fixtures/peg-solitaire/english-central.json",
        "English peg solitaire, central game: the 18-move minimum proven, 23,406,641 positions up to symmetry",
    )],
    ..driver::entry_with_texts!(PegSolitaire, "peg-solitaire")
};

// `analyze`'s own flags.
#[derive(clap::Args)]
struct AnalyzeFlags {
    #[arg(
        long,
        value_name = "BY",
        help = "What one step is, where the puzzle has a choice (peg-solitaire: moves or jumps)"
    )]
    by: Option<String>,
    #[arg(long, help = "Every problem of the board (peg-solitaire)")]
    problems: bool,
    #[arg(
        long,
        help = "With `--by jumps`, count only the positions that can still reach the goal and the solutions, from both ends, without the histogram of every reachable position (peg-solitaire)"
    )]
    solvable_only: bool,
    #[arg(
        long,
        help = "With `--solvable-only`, only the positions: the jump sequences are not counted, and the levels keep no steps between them (peg-solitaire)"
    )]
    positions_only: bool,
    #[arg(
        long,
        help = "With `--problems`, only the shortest solution over every problem of the board, by levels by moves from every one-hole start and back from every one-peg finish at once (peg-solitaire)"
    )]
    shortest_only: bool,
}

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
