//! The one path every fixture takes, generic over the puzzle contract: read
//! it (every missing or unknown field named at once), check its boards, run
//! the puzzle's algorithms through [`Runs`] (each solution verified), draw
//! the snapshot, and assemble the report. What a puzzle adds is a
//! [`Driver`]: its fixture fields, its instance, the algorithms it runs and
//! the parts of its snapshot that are its own.

use std::fmt::{Display, Write};

use search_core::fixture::{ExtraFields, Fields, Fixture};
use search_core::puzzle::{Puzzle, SolutionOf};

use super::runs::Runs;
use super::{AnalyzeFn, PuzzleDef};
use crate::fixtures;
use crate::report::{Report, Run, heading, indent, render_runs, side_by_side};

/// What `xtask` adds to a puzzle of the contract to solve its fixtures.
pub trait Driver: Puzzle + Sized {
    /// The puzzle's own fixture fields (its crate's `fixture::Extra`, or
    /// `NoExtra`).
    type Extra: ExtraFields;
    /// A fixture's boards, checked, with whatever else it fixes.
    type Instance;
    /// How a fixture is solved: the memory its tables may take (bytes),
    /// or more where `cargo xtask solve` takes more options for the puzzle;
    /// `solve-all`'s from its memory limit.
    type Settings: From<u64>;
    /// What the runs found beside their solutions, for the snapshot.
    type Found;

    /// The fields of the puzzle's fixtures (its crate's `fixture::FIELDS`).
    const FIELDS: Fields;

    /// The instance a fixture describes, or what is wrong with it.
    fn instance(fixture: &Fixture<Self::Extra>) -> Result<Self::Instance, String>;

    /// Runs the puzzle's algorithms on `instance`, each through `runs`.
    fn run(
        instance: &Self::Instance,
        settings: &Self::Settings,
        runs: &mut Runs<Self>,
    ) -> Result<Self::Found, String>;

    /// What the snapshot and the report say of the puzzle's own.
    fn draw(
        fixture: &Fixture<Self::Extra>,
        instance: &Self::Instance,
        found: &Self::Found,
        runs: &Runs<Self>,
    ) -> Drawing;
}

/// A puzzle's part of a fixture's snapshot and report.
#[derive(Debug, Default)]
pub struct Drawing {
    /// The snapshot's sections.
    pub sections: Sections,
    /// The start, as `Display` draws it, for the report's `start` rows.
    pub start: String,
    /// The goal, as `Display` draws it, for the report's `goal` rows.
    pub goal: String,
    /// The solution's moves as the report lists them, where they are not
    /// each move's notation.
    pub notation: Option<Vec<String>>,
    /// The number of optimal solutions, where the puzzle counts them.
    pub count: Option<u128>,
    /// Why the goal cannot be reached, said when no run reached it.
    pub unreachable: String,
    /// Why the length found is not proven minimal, where it is not.
    pub unproven: Option<String>,
}

/// A snapshot, after its heading: what each puzzle writes between the parts
/// every snapshot has (the table of runs, the moves, the boards).
#[derive(Debug, Default)]
pub struct Sections {
    /// The board and the pictures of the start and goal, up to the answer.
    pub about: String,
    /// The answer and what goes with it, before the table of runs.
    pub answer: String,
    /// Lines after the table of runs.
    pub after_runs: String,
    /// The solution's moves, where it has one.
    pub moves: Option<MoveList>,
    /// The boards the solution passes through, where it has one.
    pub boards: Option<BoardList>,
    /// The last lines.
    pub trailer: String,
}

/// A snapshot's list of moves, a few to a line.
#[derive(Debug)]
pub struct MoveList {
    /// The line above them.
    pub title: String,
    /// The moves, as written.
    pub moves: Vec<String>,
    /// How many to a line.
    pub per_line: usize,
    /// What stands between two moves of a line.
    pub separator: &'static str,
}

impl MoveList {
    /// The moves of `solution` in the puzzle's notation, `per_line` to a
    /// line separated by spaces.
    pub fn of<P: Puzzle>(title: &str, solution: &SolutionOf<P>, per_line: usize) -> MoveList {
        MoveList {
            title: title.to_string(),
            moves: solution.moves.iter().map(ToString::to_string).collect(),
            per_line,
            separator: " ",
        }
    }
}

/// A snapshot's boards, side by side, numbered from 0 (the start).
#[derive(Debug)]
pub struct BoardList {
    /// The line above them.
    pub title: String,
    /// Each board as rows.
    pub boards: Vec<Vec<String>>,
    /// How many side by side.
    pub per_row: usize,
}

impl BoardList {
    /// The boards of `solution`, each as the puzzle's rows.
    pub fn of<P: Puzzle>(title: &str, solution: &SolutionOf<P>, per_row: usize) -> BoardList {
        BoardList {
            title: title.to_string(),
            boards: solution.boards().iter().map(P::rows).collect(),
            per_row,
        }
    }
}

/// The registry's entry of puzzle `P`: its fixtures solved through this
/// driver, its space swept by `analyze`.
pub const fn entry<P: Driver>(analyze: Option<AnalyzeFn>) -> PuzzleDef {
    PuzzleDef {
        name: P::NAME,
        solve: solve::<P>,
        validate: validate::<P>,
        analyze,
    }
}

/// A board of `variant` read from `rows`; the error names the field
/// (`start: row 2 has 3 cells, ...`).
pub fn board<P: Puzzle>(
    field: &str,
    variant: P::Variant,
    rows: &[String],
) -> Result<P::Board, String> {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    P::from_rows(variant, &rows).map_err(|e| format!("{field}: {e}"))
}

/// A fixture's start and goal, both of `variant`; where it gives no goal,
/// the puzzle's default for the start ([`Puzzle::default_goal`]), or an
/// error saying that the puzzle needs one. `check` (the crate's
/// `check_goal`) says whether the goal fits the start.
pub fn start_and_goal<P: Puzzle<Goal = <P as Puzzle>::Board>, E, C: Display>(
    fixture: &Fixture<E>,
    variant: P::Variant,
    check: impl FnOnce(&P::Board, &P::Board) -> Result<(), C>,
) -> Result<(P::Board, P::Board), String> {
    let start = board::<P>("start", variant, &fixture.start)?;
    let goal = match &fixture.goal {
        Some(rows) => board::<P>("goal", variant, rows)?,
        None => P::default_goal(&start).ok_or("goal: missing (this puzzle has no default goal)")?,
    };
    check(&start, &goal).map_err(|e| e.to_string())?;
    Ok((start, goal))
}

/// The start and the goal drawn side by side, for a snapshot.
pub fn ends<P: Puzzle>(start: &P::Board, goal: &P::Board) -> String {
    let ends = [
        ("start".to_string(), P::rows(start)),
        ("goal".to_string(), P::rows(goal)),
    ];
    indent(&side_by_side(&ends, 2))
}

/// A fixture read and checked: its fields and the instance it describes.
pub fn read<P: Driver>(json: &str) -> Result<(Fixture<P::Extra>, P::Instance), String> {
    let fixture: Fixture<P::Extra> = fixtures::parse_fields(json, &P::FIELDS)?;
    let instance = P::instance(&fixture)?;
    Ok((fixture, instance))
}

/// Reads and checks a fixture without solving it.
pub fn validate<P: Driver>(json: &str) -> Result<(), String> {
    read::<P>(json).map(|_| ())
}

/// Solves a fixture as `solve-all` does, with tables of at most
/// `max_memory` bytes.
pub fn solve<P: Driver>(case: &str, json: &str, max_memory: u64) -> Result<Report, String> {
    solve_with::<P>(case, json, &P::Settings::from(max_memory))
}

/// Solves the fixture `json` (called `case`) with `settings`: every
/// algorithm the puzzle runs, each solution verified, the snapshot drawn.
pub fn solve_with<P: Driver>(
    case: &str,
    json: &str,
    settings: &P::Settings,
) -> Result<Report, String> {
    let (fixture, instance) = read::<P>(json)?;
    let mut runs = Runs::<P>::default();
    let found = P::run(&instance, settings, &mut runs)?;
    let drawing = P::draw(&fixture, &instance, &found, &runs);
    let notation = drawing.notation.unwrap_or_else(|| runs.notation());
    let Runs {
        runs,
        verdicts,
        first,
        unproven,
    } = runs;
    let mut snapshot = heading(
        P::NAME,
        case,
        fixture.name.as_deref(),
        fixture.source.as_deref(),
    );
    render(&mut snapshot, &drawing.sections, &runs, first.is_some());
    if let (None, Some(why)) = (&drawing.unproven, &unproven) {
        let _ = writeln!(snapshot, "\nnot proven optimal: {why}");
    }
    let report = Report::new(
        P::NAME,
        case,
        runs,
        verdicts,
        notation,
        drawing.count,
        &fixture.expect,
        snapshot,
    )
    .with_boards(&drawing.start, &drawing.goal)
    .unreachable_because(drawing.unreachable);
    Ok(match drawing.unproven.or(unproven) {
        Some(reason) => report.not_optimal(reason),
        None => report,
    })
}

/// Writes a snapshot's sections around the table of `runs`; the moves and
/// boards only where a solution was found.
fn render(out: &mut String, sections: &Sections, runs: &[Run], solved: bool) {
    out.push_str(&sections.about);
    out.push_str(&sections.answer);
    let _ = writeln!(out, "\n{}", render_runs(runs).trim_end());
    out.push_str(&sections.after_runs);
    if solved {
        if let Some(list) = &sections.moves {
            let _ = writeln!(out, "\n{}", list.title);
            for chunk in list.moves.chunks(list.per_line.max(1)) {
                let _ = writeln!(out, "  {}", chunk.join(list.separator));
            }
        }
        if let Some(list) = &sections.boards {
            let drawn: Vec<(String, Vec<String>)> = list
                .boards
                .iter()
                .enumerate()
                .map(|(i, rows)| (i.to_string(), rows.clone()))
                .collect();
            let _ = writeln!(
                out,
                "\n{}\n{}",
                list.title,
                indent(&side_by_side(&drawn, list.per_row))
            );
        }
    }
    out.push_str(&sections.trailer);
}
