//! The one loop every puzzle's fixture goes through: run an algorithm, time
//! it, check its solution with the puzzle's rules alone, and keep what the
//! report and the snapshot need. Generic over the puzzle contract
//! ([`search_core::puzzle::Puzzle`]), so no puzzle module repeats it.

use std::fmt;
use std::time::Instant;

use search_core::Outcome;
use search_core::puzzle::{Puzzle, SolutionOf, SolveError, verify};

use crate::report::Run;

/// The runs of one fixture so far.
pub struct Runs<P: Puzzle> {
    /// One entry per algorithm, in the order they ran.
    pub runs: Vec<Run>,
    /// For each run, whether its solution replayed to the goal through the
    /// boards it reported (and each move read back from its notation).
    pub verdicts: Vec<Result<(), String>>,
    /// The first run's solution: the one the snapshot draws.
    pub first: Option<SolutionOf<P>>,
    /// Why a run's solution is not proven optimal, where a search's own
    /// answer showed its bound to overestimate.
    pub unproven: Option<String>,
}

impl<P: Puzzle> Default for Runs<P> {
    fn default() -> Self {
        Runs {
            runs: Vec::new(),
            verdicts: Vec::new(),
            first: None,
            unproven: None,
        }
    }
}

impl<P: Puzzle> Runs<P> {
    /// Records a finished search of `algorithm` that took `ms` (and
    /// `build_ms` for its tables before): its solution is checked against
    /// the rules here. Returns the outcome's solution, if any, for the
    /// caller's notes.
    pub fn record(
        &mut self,
        algorithm: impl fmt::Display,
        start: &P::Board,
        goal: &P::Goal,
        outcome: Outcome<SolutionOf<P>>,
        ms: f64,
        build_ms: f64,
    ) {
        let found = outcome.found;
        if let Some(s) = found.as_ref().filter(|s| !s.optimal) {
            let why = s
                .reason
                .as_deref()
                .unwrap_or("its search does not prove it minimal");
            self.unproven
                .get_or_insert_with(|| format!("{algorithm}: {why}"));
        }
        self.verdicts.push(
            found
                .as_ref()
                .map_or(Ok(()), |s| verify::<P>(start, goal, s)),
        );
        self.runs.push(Run {
            algorithm: algorithm.to_string(),
            moves: found.as_ref().map(|s| s.len() as u32),
            stats: outcome.stats,
            ms,
            build_ms,
        });
        if self.runs.len() == 1 {
            self.first = found;
        }
    }

    /// Solves with `options`, timed, and records the run under `name` (the
    /// options' algorithm, or a longer name where one algorithm runs with
    /// several settings).
    pub fn solve(
        &mut self,
        name: impl fmt::Display,
        start: &P::Board,
        goal: &P::Goal,
        options: &P::Options,
    ) -> Result<(), SolveError> {
        let clock = Instant::now();
        let outcome = P::solve(start, goal, options)?;
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        self.record(name, start, goal, outcome, ms, 0.0);
        Ok(())
    }

    /// The first solution's moves, each in the puzzle's notation.
    pub fn notation(&self) -> Vec<String> {
        self.first.as_ref().map_or_else(Vec::new, |s| {
            s.moves.iter().map(ToString::to_string).collect()
        })
    }
}
