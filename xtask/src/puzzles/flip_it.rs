//! Flip It: pieces jump over pieces and turn them over.

use std::fmt::Write;

use flip_it::fixture::{Extra, FIELDS, Fields, Fixture};
use flip_it::{Algorithm, Board, FlipIt, FlipSpace, Goal, SolveOptions, Variant};
use search_core::layers::Table;

use super::driver::{self, BoardList, Drawing, Driver, MoveList, Sections};
use super::runs::Runs;
use super::{Analysis, AnalyzeOptions, CensusOf, Progress, PuzzleDef, SweepPlan, sweep_space};
use crate::report::{indent, length};

pub const PUZZLE: PuzzleDef = driver::entry::<FlipIt>(Some(analyze));

/// A Flip It fixture: its variant and its start; the goal is every piece white.
pub struct Instance {
    variant: Variant,
    start: Board,
}

/// The algorithms run on a board: all three up to 4x4, BFS first (its
/// solution is the one drawn); on 5x5 BFS and iterative deepening may take
/// minutes, so the bidirectional search alone.
fn algorithms(size: usize) -> Vec<Algorithm> {
    if size <= 4 {
        vec![
            Algorithm::Bfs,
            Algorithm::Bidirectional,
            Algorithm::IdaCorners,
        ]
    } else {
        vec![Algorithm::Bidirectional]
    }
}

impl Driver for FlipIt {
    type Extra = Extra;
    type Instance = Instance;
    type Settings = u64;
    type Found = ();

    const FIELDS: Fields = FIELDS;

    fn instance(fixture: &Fixture) -> Result<Instance, String> {
        let variant: Variant = match &fixture.extra.variant {
            Some(name) => name.parse()?,
            None => Variant::Orthogonal,
        };
        let start = driver::board::<FlipIt>("start", variant, &fixture.start)?;
        Ok(Instance { variant, start })
    }

    fn run(instance: &Instance, &max_memory: &u64, runs: &mut Runs<FlipIt>) -> Result<(), String> {
        for algorithm in algorithms(instance.start.size()) {
            let options = SolveOptions {
                algorithm,
                max_memory,
                ..SolveOptions::default()
            };
            runs.solve(algorithm, &instance.start, &Goal::EveryPieceWhite, &options)
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    fn draw(fixture: &Fixture, instance: &Instance, _: &(), runs: &Runs<FlipIt>) -> Drawing {
        let Instance { variant, start } = instance;
        let mut about = format!(
            "board: {0}x{0}, {variant} jumps{1}; goal: {2}\n\n",
            start.size(),
            if fixture.extra.variant.is_none() {
                " (the default variant)"
            } else {
                ""
            },
            Goal::EveryPieceWhite
        );
        let _ = writeln!(about, "start:\n{}\n", indent(&start.to_string()));
        let solution = runs.first.as_ref();
        let answer = match solution {
            None => "answer: unreachable (every placement reachable from the start was searched)\n"
                .to_string(),
            Some(s) => format!(
                "answer: {} (optimal; every algorithm's solution replayed)\n",
                length(Some(s.len() as u32))
            ),
        };
        let per_row = if start.size() > 4 { 5 } else { 6 };
        Drawing {
            sections: Sections {
                about,
                answer,
                moves: solution.map(|s| MoveList::of::<FlipIt>(
                    "jumps (the cell the piece leaves, then the empty cell, numbered row by row from 0):",
                    s,
                    10,
                )),
                boards: solution.map(|s| BoardList::of::<FlipIt>("boards:", s, per_row)),
                ..Sections::default()
            },
            start: start.to_string(),
            // The goal is any placement with every piece white: the one reached.
            goal: solution.map_or_else(String::new, |s| s.end().to_string()),
            unreachable: "unreachable: no placement reachable from the start has every piece white (all were searched)".to_string(),
            ..Drawing::default()
        }
    }
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    if options.goal.is_some() {
        return Err("flip-it sweeps from its goals (all white); --goal does not apply".to_string());
    }
    let size: usize = match options.size.as_deref() {
        None => 4,
        Some(text) => {
            let n = text
                .split_once('x')
                .map_or(text, |(w, h)| if w == h { w } else { "" });
            n.parse().map_err(|_| {
                format!("--size {text:?}: expected the side of the board, 3 to 5 (e.g. 4 or 4x4)")
            })?
        }
    };
    let variant: Variant = options.variant.as_deref().unwrap_or("orthogonal").parse()?;
    let space = FlipSpace::new(size, variant).map_err(|e| e.to_string())?;
    let default = if size <= 4 {
        Table::Bytes
    } else {
        Table::TwoBits
    };
    let description = format!(
        "flip-it {size}x{size}, {variant} jumps: the distance of every placement from all white"
    );
    let canonical = |b: &Board, _: u64| space.is_canonical(b);
    let census = CensusOf {
        key: "classes",
        heading: "classes under the 8 symmetries",
        counts: &canonical,
    };
    let plan = SweepPlan {
        description,
        table: default,
        census: Some(census),
        draw: &Board::rows,
    };
    sweep_space(&space, space.goals(), plan, options, progress)
}
