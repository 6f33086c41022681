//! What solving one fixture produced: the runs of each algorithm, the check
//! of every solution, and the text of its golden snapshot; and the helpers
//! that draw numbers and boards in every report.

use serde_json::{Value, json};

pub use search_core::text::{Run, indent, length, side_by_side, thousands};

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
