//! Peg solitaire: fewest moves proven on every board that fits the memory
//! (levels by moves met from both ends), optimal solutions counted on small
//! boards. `solve.rs` answers a fixture and draws its snapshot;
//! `analyze.rs` runs the level searches and the table of every problem of
//! a board.

use std::fmt::Write;

use peg_solitaire::{Board, Jump, Lattice, Problem, check_goal, replay_jumps};
use serde::Deserialize;

use super::PuzzleDef;
use crate::fixtures;
use crate::report::Expect;

mod analyze;
mod solve;

pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: "peg-solitaire",
    solve: solve::solve_fixture,
    validate,
    analyze: Some(analyze::analyze),
};

/// Limits that keep a user's fixture from running for hours: the searches
/// stop with an error naming the limit instead.
const MAX_EXPANDED: u64 = 200_000_000;

/// Boards with at most this many holes get the table of fewest moves from
/// every one-hole start to every one-peg finish.
const TABLE_HOLES: usize = 21;

/// A fixture: rows of `o`, `.` and spaces on a lattice.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    source: Option<String>,
    lattice: String,
    start: Vec<String>,
    /// Absent only in a board for `analyze --problems`.
    #[serde(default)]
    goal: Option<Vec<String>>,
    #[serde(default)]
    first_jump: Option<[u8; 2]>,
    #[serde(default)]
    expect: Expect,
}

impl Fixture {
    /// Its name, for the description of an analysis.
    fn title(&self) -> &str {
        self.name.as_deref().unwrap_or("the fixture's board")
    }
}

const FIELDS: fixtures::Fields = fixtures::Fields {
    required: &["lattice", "start"],
    optional: &["goal", "first_jump"],
};

struct Instance {
    start: Board,
    goal: Board,
    first_jump: Option<Jump>,
}

fn instance(fixture: &Fixture) -> Result<Instance, String> {
    let lattice: Lattice = fixture
        .lattice
        .parse()
        .map_err(|e| format!("lattice: {e}"))?;
    let start = Board::from_rows_in(lattice, &fixture.start).map_err(|e| format!("start: {e}"))?;
    let goal_rows = fixture.goal.as_ref().ok_or(
        "goal: missing (only `cargo xtask analyze peg-solitaire --problems` takes a board without a goal)",
    )?;
    let goal = Board::from_rows_in(lattice, goal_rows).map_err(|e| format!("goal: {e}"))?;
    check_goal(&start, &goal).map_err(|e| e.to_string())?;
    let first_jump = match fixture.first_jump {
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

fn validate(json: &str) -> Result<(), String> {
    instance(&fixtures::parse_fields(json, &FIELDS)?).map(|_| ())
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

/// The verdict on a solution (`None`: none was claimed) replayed with the
/// rules alone.
fn replay_verdict_of(start: &Board, goal: &Board, jumps: Option<&[Jump]>) -> Result<(), String> {
    jumps.map_or(Ok(()), |j| {
        replay_jumps(start, goal, j)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })
}
