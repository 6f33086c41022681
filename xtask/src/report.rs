//! What solving one fixture produced: the runs of each algorithm, the check
//! of every solution, and the text of its golden snapshot; and the helpers
//! that draw numbers and boards in every report.

use std::fmt::Write;

use serde_json::{Value, json};

use search_core::Stats;
pub use search_core::fixture::Expect;
pub use search_core::text::{indent, length, side_by_side, thousands};

/// One algorithm's search on one fixture.
#[derive(Debug, Clone)]
pub struct Run {
    /// The algorithm's name.
    pub algorithm: String,
    /// The length it found, `None` if it proved the goal unreachable.
    pub moves: Option<u32>,
    /// Its deterministic counters.
    pub stats: Stats,
    /// Wall-clock milliseconds of the search (never snapshotted).
    pub ms: f64,
    /// Wall-clock milliseconds spent building the run's tables before its
    /// search (pattern databases; 0 where there are none).
    pub build_ms: f64,
}

/// Everything `solve-all` reports about one fixture.
#[derive(Debug, Clone)]
pub struct Report {
    /// The puzzle's name (the fixture's folder).
    pub puzzle: &'static str,
    /// The fixture's file name without `.json`.
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
    /// that contradicts the fixture's `expect`.
    pub problems: Vec<String>,
    /// The golden snapshot's text.
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

/// What is wrong with the runs of a fixture: a solution that failed its
/// replay (`replays` holds one entry per run), runs that disagree with the
/// first, and facts that contradict the fixture's `expect`.
pub fn problems(
    runs: &[Run],
    replays: &[Result<(), String>],
    count: Option<u128>,
    expect: &Expect,
) -> Vec<String> {
    let mut problems = Vec::new();
    for (run, replay) in runs.iter().zip(replays) {
        if let Err(why) = replay {
            problems.push(format!("{}: replay failed: {why}", run.algorithm));
        }
    }
    let moves = runs.first().and_then(|r| r.moves);
    for run in runs.iter().skip(1).filter(|r| r.moves != moves) {
        let (found, first, primary) = (length(run.moves), length(moves), &runs[0].algorithm);
        problems.push(format!(
            "{} found {found}, but {primary} found {first}",
            run.algorithm
        ));
    }
    if let Some(expected) = expect.moves.filter(|&e| e != moves) {
        let (expected, found) = (length(expected), length(moves));
        problems.push(format!("expected {expected}, found {found}"));
    }
    if let Some(expected) = expect.count.filter(|&e| Some(e) != count) {
        let counted = count.map_or("none".to_string(), |c| c.to_string());
        problems.push(format!(
            "expected {expected} optimal solutions, counted {counted}"
        ));
    }
    problems
}

impl Report {
    /// The report as a JSON object: `puzzle`, `case`, `algorithm` (the
    /// primary run's), `moves`, `optimal`, `reason` (whenever `moves` is null
    /// or `optimal` is false), `verified`, `start` and `goal` (rows), `nodes`,
    /// `build_ms`, `search_ms` and `ms` (their sum), `solution`, `count` where
    /// counted, every run, and the problems found.
    pub fn to_json(&self) -> Value {
        let primary = self.runs.first();
        let (build_ms, search_ms) = primary.map_or((0.0, 0.0), |r| (r.build_ms, r.ms));
        let run = |r: &Run| {
            json!({
                "algorithm": r.algorithm,
                "moves": r.moves,
                "expanded": r.stats.expanded,
                "generated": r.stats.generated,
                "iterations": r.stats.iterations.len(),
                "build_ms": r.build_ms,
                "search_ms": r.ms,
            })
        };
        let mut object = json!({
            "puzzle": self.puzzle,
            "case": self.case,
            "algorithm": primary.map(|r| r.algorithm.as_str()),
            "moves": self.moves,
            "optimal": self.optimal,
            "verified": self.verified,
            "start": self.start,
            "goal": self.goal,
            "nodes": primary.map_or(0, |r| r.stats.expanded),
            "build_ms": build_ms,
            "search_ms": search_ms,
            "ms": build_ms + search_ms,
            "solution": self.solution,
            "runs": self.runs.iter().map(run).collect::<Vec<_>>(),
            "problems": self.problems,
        });
        if self.moves.is_none() || !self.optimal {
            let reason = self.reason.as_deref();
            object["reason"] = json!(reason.unwrap_or("the goal cannot be reached from the start"));
        }
        if let Some(count) = self.count {
            object["count"] = json!(count);
        }
        object
    }
}

/// The first lines of every snapshot: the puzzle and case, the fixture's
/// name (its case when it gives none) and its source, where it gives one.
pub fn heading(puzzle: &str, case: &str, name: Option<&str>, source: Option<&str>) -> String {
    let mut out = format!("{puzzle}: {case}\nname: {}\n", name.unwrap_or(case));
    if let Some(source) = source {
        let _ = writeln!(out, "source: {source}");
    }
    out
}

/// The snapshot's table of runs: every algorithm's length and counters, then
/// the bounds of each iteration of the iterative-deepening ones.
pub fn render_runs(runs: &[Run]) -> String {
    let width = runs
        .iter()
        .map(|r| r.algorithm.len())
        .max()
        .unwrap_or(0)
        .max(9);
    let (a, m, e, g) = ("algorithm", "moves", "expanded", "generated");
    let mut out = format!("{a:<width$}  {m:>5}  {e:>12}  {g:>12}\n");
    for run in runs {
        let moves = run.moves.map_or("-".to_string(), |m| m.to_string());
        let (e, g) = (
            thousands(run.stats.expanded),
            thousands(run.stats.generated),
        );
        let _ = writeln!(
            out,
            "{:<width$}  {moves:>5}  {e:>12}  {g:>12}",
            run.algorithm
        );
    }
    for run in runs.iter().filter(|r| !r.stats.iterations.is_empty()) {
        let _ = writeln!(out, "\n{} iterations (bound: expanded):", run.algorithm);
        for it in &run.stats.iterations {
            let _ = writeln!(out, "  {:>3}: {}", it.bound, thousands(it.expanded));
        }
    }
    out
}
