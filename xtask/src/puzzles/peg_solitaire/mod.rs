//! Peg solitaire: fewest moves proven on every board that fits the memory
//! (levels by moves met from both ends), optimal solutions counted on small
//! boards. `solve.rs` answers a fixture and draws its snapshot;
//! `analyze.rs` runs the level searches and the table of every problem of
//! a board.

use std::fmt::Write;
use std::ops::Deref;

use peg_solitaire::fixture::FIELDS;
use peg_solitaire::{Board, Jump, Lattice, PegSolitaire, Problem, check_goal};
use serde::Deserialize;

use super::PuzzleDef;
use super::driver;

mod analyze;
mod solve;

pub const PUZZLE: PuzzleDef = driver::entry::<PegSolitaire>(Some(analyze::analyze));

/// Limits that keep a user's fixture from running for hours: the searches
/// stop with an error naming the limit instead.
const MAX_EXPANDED: u64 = 200_000_000;

/// Boards with at most this many holes get the table of fewest moves from
/// every one-hole start to every one-peg finish.
const TABLE_HOLES: usize = 21;

/// A fixture as the crate reads it, with the title that the descriptions
/// of an analysis give it.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
struct Fixture(peg_solitaire::fixture::Fixture);

impl Deref for Fixture {
    type Target = peg_solitaire::fixture::Fixture;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl Fixture {
    /// Its name, for the description of an analysis.
    fn title(&self) -> &str {
        self.name.as_deref().unwrap_or("the fixture's board")
    }
}

/// A fixture's boards, and the jump every solution must begin with.
pub struct Instance {
    start: Board,
    goal: Board,
    first_jump: Option<Jump>,
}

/// A fixture's start on its lattice.
fn start_of(fixture: &peg_solitaire::fixture::Fixture) -> Result<Board, String> {
    let lattice: Lattice = match &fixture.extra.lattice {
        Some(name) => name.parse()?,
        None => Lattice::default(),
    };
    driver::board::<PegSolitaire>("start", lattice, &fixture.start)
}

fn instance(fixture: &peg_solitaire::fixture::Fixture) -> Result<Instance, String> {
    let start = start_of(fixture)?;
    let lattice = start.geometry().lattice();
    let goal_rows = fixture.goal.as_ref().ok_or(
        "goal: missing (a fixture without a goal is read only by `cargo xtask analyze peg-solitaire`: the levels by moves from its start, or --problems)",
    )?;
    let goal = driver::board::<PegSolitaire>("goal", lattice, goal_rows)?;
    check_goal(&start, &goal).map_err(|e| e.to_string())?;
    let first_jump = match fixture.extra.first_jump {
        None => None,
        Some([from, to]) => Some(
            start
                .geometry()
                .jumps()
                .iter()
                .copied()
                .find(|j| (j.from, j.to) == (from, to))
                .ok_or_else(|| format!("first_jump: {from} -> {to} is not a jump of this board"))
                .and_then(|j| {
                    start
                        .play_jump(j)
                        .map(|_| j)
                        .map_err(|e| format!("first_jump: {e}"))
                })?,
        ),
    };
    Ok(Instance {
        start,
        goal,
        first_jump,
    })
}

fn holes(mask: u64) -> String {
    let h: Vec<String> = search_core::grid::bits(mask)
        .map(|h| h.to_string())
        .collect();
    h.join(" ")
}

/// The fewest moves from every start with one empty hole (rows) to every
/// finish with one peg (columns), `-` where impossible.
fn problem_table(board: &Board, all: &[Problem]) -> String {
    let n = board.geometry().holes();
    let mut out = String::new();
    let header: Vec<String> = (0..n).map(|h| format!("{h:>3}")).collect();
    let _ = writeln!(out, "  empty |{}", header.join(""));
    for v in 0..n {
        let row: Vec<String> = all[v * n..(v + 1) * n]
            .iter()
            .map(|p| p.moves.map_or("  -".to_string(), |d| format!("{d:>3}")))
            .collect();
        let _ = writeln!(out, "  {v:>5} |{}", row.join(""));
    }
    out.trim_end().to_string()
}
