//! What solving one fixture produced: the runs of each algorithm, the check
//! of every solution, and the text of its golden snapshot; and the helpers
//! that draw numbers and boards in every report.

use std::fmt::Write;

use serde_json::{Value, json};

use search_core::Stats;
pub use search_core::fixture::Expect;

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

impl Report {
    /// Assembles a report: checks that the runs agree with each other and
    /// with `expect`. `replays` holds one entry per run: `Ok` if its
    /// solution replayed to the goal (or it found none), the reason if not.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        puzzle: &'static str,
        case: &str,
        runs: Vec<Run>,
        replays: Vec<Result<(), String>>,
        solution: Vec<String>,
        count: Option<u128>,
        expect: &Expect,
        snapshot: String,
    ) -> Report {
        let mut problems = Vec::new();
        for (run, replay) in runs.iter().zip(&replays) {
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
        Report {
            puzzle,
            case: case.to_string(),
            verified: replays.iter().all(Result::is_ok),
            runs,
            moves,
            solution,
            count,
            problems,
            snapshot,
            optimal: true,
            reason: None,
            start: Vec::new(),
            goal: Vec::new(),
        }
    }

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

/// "31 moves" or "no solution".
pub fn length(moves: Option<u32>) -> String {
    match moves {
        Some(1) => "1 move".to_string(),
        Some(n) => format!("{n} moves"),
        None => "no solution".to_string(),
    }
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

/// `1234567` as `1,234,567`.
pub fn thousands(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Draws boards side by side, `per_row` to a row, each headed by a label.
/// Every board is a list of lines of equal width.
pub fn side_by_side(boards: &[(String, Vec<String>)], per_row: usize) -> String {
    let mut out = String::new();
    for group in boards.chunks(per_row.max(1)) {
        let lines = group
            .iter()
            .flat_map(|(label, lines)| lines.iter().chain([label]));
        let width = lines.map(String::len).max().unwrap_or(0);
        let height = group.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
        let line = |cells: Vec<&str>| {
            let cells: Vec<String> = cells.iter().map(|c| format!("{c:<width$}")).collect();
            cells.join("   ").trim_end().to_string()
        };
        let _ = writeln!(
            out,
            "{}",
            line(group.iter().map(|(label, _)| label.as_str()).collect())
        );
        for row in 0..height {
            let cells = group
                .iter()
                .map(|(_, lines)| lines.get(row).map_or("", String::as_str));
            let _ = writeln!(out, "{}", line(cells.collect()));
        }
        out.push('\n');
    }
    out.trim_end().to_string()
}

/// Indents every line of `text` by two spaces.
pub fn indent(text: &str) -> String {
    let line = |l: &str| {
        if l.is_empty() {
            String::new()
        } else {
            format!("  {l}")
        }
    };
    text.lines().map(line).collect::<Vec<_>>().join("\n")
}
