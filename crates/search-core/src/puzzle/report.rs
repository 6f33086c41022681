//! What solving one instance produced: the runs of each algorithm, the
//! check of every solution, and its text; the JSON object of a report
//! (feature `serde`).

use std::fmt::Write;

use super::{Puzzle, Runs};
use crate::text::{self, Drawing, Run};

/// Everything reported about one instance.
#[derive(Debug, Clone)]
pub struct Report {
    /// The puzzle's name (its fixtures' folder).
    pub puzzle: &'static str,
    /// The instance's name (a fixture's file name without `.json`).
    pub case: String,
    /// One run per algorithm, the primary one first.
    pub runs: Vec<Run>,
    /// The optimal length (from the primary run), `None` if unreachable.
    pub moves: Option<u32>,
    /// The primary run's solution, in the puzzle's notation.
    pub solution: Vec<String>,
    /// The number of distinct optimal solutions, where the puzzle counts them.
    pub count: Option<u128>,
    /// Every run's solution was replayed with the puzzle's own rules and
    /// reached the goal (or the goal was proven unreachable).
    pub verified: bool,
    /// What went wrong: a failed replay, algorithms that disagree, a fact
    /// that contradicts what was expected.
    pub problems: Vec<String>,
    /// The text: the heading, the drawing and the table of runs.
    pub snapshot: String,
    /// Whether `moves` is proven minimal (or the goal proven unreachable).
    pub optimal: bool,
    /// Why `moves` is `None`, or why it is not proven minimal.
    pub reason: Option<String>,
    /// The start board, as rows.
    pub start: Vec<String>,
    /// The goal board, as rows.
    pub goal: Vec<String>,
}

impl<P: Puzzle> Runs<P> {
    /// The report of these runs of `case`: `heading`, then `d`'s text
    /// around the table of runs (and why the answer is not proven optimal,
    /// where a run said so and `d` did not), with the `problems` found.
    pub fn report(
        self,
        case: String,
        heading: String,
        d: Drawing,
        problems: Vec<String>,
    ) -> Report {
        let mut out = heading;
        let table = text::runs(&self.runs);
        let _ = write!(out, "{}\n{}\n{}", d.before, table.trim_end(), d.after);
        if let (None, Some(why)) = (&d.unproven, &self.unproven) {
            let _ = writeln!(out, "\nnot proven optimal: {why}");
        }
        let moves = self.first.iter().flat_map(|s| &s.moves);
        let solution = d
            .notation
            .unwrap_or_else(|| moves.map(ToString::to_string).collect());
        let unproven = d.unproven.or(self.unproven);
        let moves = self.runs.first().and_then(|r| r.moves);
        let unreachable = moves.is_none().then_some(d.unreachable);
        let rows = |board: &str| board.lines().map(str::to_string).collect();
        Report {
            puzzle: P::NAME,
            problems,
            verified: self.verdicts.iter().all(Result::is_ok),
            runs: self.runs,
            case,
            moves,
            solution,
            count: d.count,
            snapshot: out,
            optimal: unproven.is_none(),
            reason: unproven.or(unreachable),
            start: rows(&d.start),
            goal: rows(&d.goal),
        }
    }
}

impl Report {
    /// A table of `reports`, one line per run: the puzzle, the case, the
    /// algorithm, the moves, the nodes expanded, the time building tables
    /// and searching, and whether every solution was verified.
    pub fn table(reports: &[Report]) -> String {
        let width = |lengths: &mut dyn Iterator<Item = usize>, least: usize| {
            lengths.max().unwrap_or(least).max(least)
        };
        let case_width = width(&mut reports.iter().map(|r| r.case.len()), 4);
        let runs = reports.iter().flat_map(|r| &r.runs);
        let algo_width = width(&mut runs.map(|run| run.algorithm.len()), 9);
        let mut out = format!(
            "{:<14} {:<case_width$} {:<algo_width$} {:>5} {:>14} {:>11} {:>11}  verified",
            "puzzle", "case", "algorithm", "moves", "nodes", "tables", "search"
        );
        for report in reports {
            for run in &report.runs {
                let moves = run.moves.map_or("-".to_string(), |m| m.to_string());
                // Under 0.005 ms rounds to nothing: no table was built.
                let tables = match run.build_ms >= 0.005 {
                    true => format!("{:.2} ms", run.build_ms),
                    false => "-".to_string(),
                };
                let (name, nodes) = (report.puzzle, text::thousands(run.stats.expanded));
                let verified = if report.verified { "yes" } else { "NO" };
                let _ = write!(
                    out,
                    "\n{name:<14} {:<case_width$} {:<algo_width$} {moves:>5} {nodes:>14} {tables:>11} {:>8.2} ms  {verified}",
                    report.case, run.algorithm, run.ms
                );
            }
        }
        out
    }
}

/// A run as a JSON object: `algorithm`, `moves`, `expanded`, `generated`,
/// `iterations` (how many), `build_ms` and `search_ms`.
#[cfg(feature = "serde")]
impl serde::Serialize for Run {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(7))?;
        map.serialize_entry("algorithm", &self.algorithm)?;
        map.serialize_entry("moves", &self.moves)?;
        map.serialize_entry("expanded", &self.stats.expanded)?;
        map.serialize_entry("generated", &self.stats.generated)?;
        map.serialize_entry("iterations", &self.stats.iterations.len())?;
        map.serialize_entry("build_ms", &self.build_ms)?;
        map.serialize_entry("search_ms", &self.ms)?;
        map.end()
    }
}

/// The report as a JSON object: `puzzle`, `case`, `algorithm` (the
/// primary run's), `moves`, `optimal`, `reason` (whenever `moves` is null
/// or `optimal` is false), `verified`, `start` and `goal` (rows), `nodes`,
/// `build_ms`, `search_ms` and `ms` (their sum), `solution`, `count` where
/// counted, every run, and the problems found.
#[cfg(feature = "serde")]
impl serde::Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let primary = self.runs.first();
        let (build_ms, search_ms) = primary.map_or((0.0, 0.0), |r| (r.build_ms, r.ms));
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("puzzle", self.puzzle)?;
        map.serialize_entry("case", &self.case)?;
        map.serialize_entry("algorithm", &primary.map(|r| r.algorithm.as_str()))?;
        map.serialize_entry("moves", &self.moves)?;
        map.serialize_entry("optimal", &self.optimal)?;
        map.serialize_entry("verified", &self.verified)?;
        map.serialize_entry("start", &self.start)?;
        map.serialize_entry("goal", &self.goal)?;
        map.serialize_entry("nodes", &primary.map_or(0, |r| r.stats.expanded))?;
        map.serialize_entry("build_ms", &build_ms)?;
        map.serialize_entry("search_ms", &search_ms)?;
        map.serialize_entry("ms", &(build_ms + search_ms))?;
        map.serialize_entry("solution", &self.solution)?;
        map.serialize_entry("runs", &self.runs)?;
        map.serialize_entry("problems", &self.problems)?;
        if self.moves.is_none() || !self.optimal {
            let reason = self.reason.as_deref();
            let reason = reason.unwrap_or("the goal cannot be reached from the start");
            map.serialize_entry("reason", reason)?;
        }
        if let Some(count) = self.count {
            map.serialize_entry("count", &count)?;
        }
        map.end()
    }
}
