//! Flip It: pieces jump over pieces and turn them over.

use flip_it::fixture::{Extra, FIELDS, Fields, Fixture};
use flip_it::{Algorithm, Board, FlipIt, FlipSpace, Goal, SolveOptions, Variant};
use search_core::text::indent;

use std::fmt::Write;

use crate::driver::{self, Drawing, Driver, Runs};
use crate::registry::PuzzleDef;
use crate::registry::{Analysis, AnalyzeOptions, Progress};
use crate::sweep::SweepPlan;

/// Flip It's entry.
pub const PUZZLE: PuzzleDef = PuzzleDef {
    analyze: Some(analyze),
    analyze_options: &["size", "variant", "table"],
    sweeps: &[
        (
            "--size 5 --variant orthogonal",
            "Flip It 5x5, orthogonal: 419,430,400 placements, classes counted",
        ),
        (
            "--size 5 --variant diagonal",
            "Flip It 5x5, diagonal: 419,430,400 placements, classes counted",
        ),
    ],
    ..driver::entry_with_texts!(FlipIt, "flip-it")
};

impl Driver for FlipIt {
    type Extra = Extra;
    /// The variant and the start; the goal is every piece white.
    type Instance = (Variant, Board);

    const FIELDS: Fields = FIELDS;

    fn instance(fixture: &Fixture) -> Result<(Variant, Board), String> {
        let variant = fixture
            .extra
            .variant
            .as_deref()
            .unwrap_or("orthogonal")
            .parse()?;
        Ok((
            variant,
            search_core::fixture::board::<FlipIt>("start", variant, &fixture.start)?,
        ))
    }

    fn run((variant, start): &(Variant, Board), runs: &mut Runs<Self>) -> Result<Drawing, String> {
        // All three algorithms up to 4x4, BFS first (its solution is the one
        // drawn); on 5x5 BFS and iterative deepening may take minutes, so
        // the bidirectional search alone.
        let algorithms = [
            Algorithm::Bfs,
            Algorithm::Bidirectional,
            Algorithm::IdaCorners,
        ];
        let size = start.size();
        let algorithms = if size <= 4 {
            &algorithms[..]
        } else {
            &algorithms[1..2]
        };
        for &algorithm in algorithms {
            let max_memory = runs.settings.max_memory;
            let options = SolveOptions {
                algorithm,
                max_memory,
                ..SolveOptions::default()
            };
            let ends = (start, &Goal::EveryPieceWhite);
            runs.solve(algorithm, ends, &options)?;
        }
        // The goal is any placement with every piece white: the one reached.
        let goal = runs
            .first
            .as_ref()
            .map_or_else(String::new, |s| s.end().to_string());
        let unreachable = "unreachable: no placement reachable from the start has every piece white (all were searched)";
        let mut d = Drawing::new(start, &goal, unreachable);
        let default = match runs.fixture.extra.variant {
            None => " (the default variant)",
            Some(_) => "",
        };
        let (white, start_rows) = (Goal::EveryPieceWhite, indent(&start.to_string()));
        d.before = format!(
            "board: {size}x{size}, {variant} jumps{default}; goal: {white}\n\nstart:\n{start_rows}\n\n"
        );
        let how = "every algorithm's solution replayed";
        let why = "every placement reachable from the start was searched";
        let _ = writeln!(d.before, "{}", runs.answer(how, why));
        if let Some(s) = &runs.first {
            let title = "jumps (the cell the piece leaves, then the empty cell, numbered row by row from 0):";
            d.solution::<FlipIt>(s, (title, 10), ("boards:", if size > 4 { 5 } else { 6 }));
        }
        Ok(d)
    }
}

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
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
    let canonical = |b: &Board, _: u64| space.is_canonical(b);
    let plan = SweepPlan {
        description: format!(
            "flip-it {size}x{size}, {variant} jumps: the distance of every placement from all white"
        ),
        census: Some(("classes", "classes under the 8 symmetries", &canonical)),
        draw: &Board::rows,
    };
    plan.sweep(&space, space.goals(), options, progress)
}
