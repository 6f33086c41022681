//! Results checked against a second method, in words: the counts of
//! optimal solutions with and without the peg-class pruning, the counts by
//! jumps against the levels grown from both ends, and the table of every
//! problem against three other searches. A disagreement is said, never
//! hidden: it would be a defect of one of the methods.

use std::fmt::Write;

use search_core::text::{length, thousands};

use crate::{
    Board, Budget, Jump, JumpOptions, LevelOptions, MeetOptions, SolveOptions, count_by_jumps,
    count_jump_sequences, count_position_sequences, explore_moves, notation, problems,
    problems_by_jumps, shortest_problem,
};

/// The optimal solutions of `moves` moves from `start` to `goal` counted
/// (as jump sequences with the first jump `first_jump`, where given, and
/// any; as position sequences), each without and, where `with_pruning`,
/// with the peg-class pruning, every search within `budget`: the lines
/// that list them, and the first count. The error names a count that the
/// pruning changed.
pub fn optimal_counts(
    (start, goal): (&Board, &Board),
    first_jump: Option<Jump>,
    moves: u32,
    with_pruning: bool,
    budget: impl Fn() -> Budget,
) -> Result<(String, u128), String> {
    let settings: &[bool] = if with_pruning {
        &[false, true]
    } else {
        &[false]
    };
    let jumps = |first_jump: Option<Jump>| -> Result<Vec<u128>, String> {
        let count = |&pruning: &bool| {
            let budget = budget();
            let options = SolveOptions {
                first_jump,
                pruning,
                budget,
                ..SolveOptions::default()
            };
            let counted = count_jump_sequences(start, goal, moves, &options);
            counted.map(|o| o.found.unwrap_or(0))
        };
        settings
            .iter()
            .map(count)
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())
    };
    let positions = |&pruning: &bool| {
        let counted = count_position_sequences(start, goal, pruning, &budget());
        let counted = counted.map(|o| o.found.filter(|c| c.length == moves).map_or(0, |c| c.count));
        counted.map_err(|e| e.to_string())
    };
    let mut rows = Vec::new();
    if let Some(j) = first_jump {
        rows.push((format!("jump sequences, first jump {j}"), jumps(Some(j))?));
    }
    rows.push(("jump sequences, any first jump".to_string(), jumps(None)?));
    let positions = settings.iter().map(positions).collect::<Result<_, _>>()?;
    rows.push(("position sequences, any first move".to_string(), positions));
    let both = match with_pruning {
        true => ", without / with the peg-class pruning",
        false => "",
    };
    let mut text =
        format!("optimal solutions ({moves} moves; definitions in docs/peg-solitaire.md){both}:\n");
    for (what, values) in &rows {
        let shown: Vec<String> = values.iter().map(|&v| thousands(v)).collect();
        let shown = shown.join(" / ");
        if values.windows(2).any(|w| w[0] != w[1]) {
            return Err(format!(
                "the peg-class pruning changed the count of {what}: {shown}"
            ));
        }
        let _ = writeln!(text, "  {what}: {shown}");
    }
    Ok((text, rows[0].1[0]))
}

/// The counts by jumps ([`count_by_jumps`]), the last two checked against
/// the levels grown from both ends (`solvable_only`).
pub fn jump_counts(start: &Board, goal: &Board, max_memory: u64) -> String {
    let count = |solvable_only| {
        let options = JumpOptions {
            max_memory,
            solvable_only,
            ..JumpOptions::default()
        };
        count_by_jumps(start, goal, &options, |_| {})
    };
    let (all, alone) = match (count(false), count(true)) {
        (Ok(all), Ok(alone)) => (all, alone),
        (Err(e), _) | (_, Err(e)) => return format!("counts by jumps: {e}"),
    };
    let mut out = format!("counts by jumps (definitions in docs/peg-solitaire.md):\n{all}");
    let mut solvable = alone.solvable.clone();
    solvable.resize(all.solvable.len(), 0);
    if (&solvable, alone.solutions) != (&all.solvable, all.solutions) {
        out.push_str("\n  the levels from both ends disagree");
    }
    out
}

/// The fewest moves from every start with one empty hole to every finish
/// with one peg ([`problems`]), checked against the breadth-first search by
/// moves from each start, against [`problems_by_jumps`] and against
/// [`shortest_problem`]; `None` where a search did not fit `max_memory`.
pub fn problem_table(board: &Board, max_memory: u64) -> Option<String> {
    let (g, meet) = (board.geometry(), MeetOptions { max_memory });
    let n = g.holes();
    let all = problems(board, &meet, |_, _| {}).ok()?;
    let disagree = |what: String| Some(format!("the problem {what} disagree"));
    for empty in 0..n {
        let start = board.with_pegs(g.all() & !(1 << empty))?;
        let goal = None;
        let levels = explore_moves(&start, &LevelOptions { goal, max_memory }, |_| {}).ok()?;
        for peg in 0..n {
            if levels.distance(&board.with_pegs(1 << peg)?) != all[empty * n + peg].moves {
                return disagree(format!("{empty} -> {peg}: the two searches"));
            }
        }
    }
    let jumps = JumpOptions {
        max_memory,
        ..JumpOptions::default()
    };
    let by_jumps = problems_by_jumps(board, &jumps, |_| {}).ok()?;
    if let Some((p, _)) = all.iter().zip(&by_jumps).find(|(a, b)| a.moves != b.moves) {
        let (v, s) = (p.vacancy, p.survivor);
        return disagree(format!("{v} -> {s}: the levels by moves and by jumps"));
    }
    let mut out = String::from(
        "fewest moves from the start with one empty hole (row) to one peg (column), '-' impossible (levels by moves met from both ends; each start checked by the breadth-first search by moves, and by the levels by jumps from both ends then one pass by moves):\n",
    );
    out.push_str(&crate::report::problem_table(board, &all));
    // The shortest problem from every start at once, one of the table's
    // with its least number of moves.
    let least = all.iter().filter_map(|p| p.moves).min();
    match &shortest_problem(board, &meet, |_| {}).solution {
        Some((p, jumps))
            if p.moves == least
                && all[p.vacancy as usize * n + p.survivor as usize].moves == least =>
        {
            let _ = write!(
                out,
                "\nshortest over every problem, by levels by moves from every start and back from every finish at once: {} ({} -> {}): {}",
                length(p.moves),
                p.vacancy,
                p.survivor,
                notation(jumps)
            );
        }
        None if least.is_none() => {}
        _ => {
            let whole = "the shortest problem from every start at once disagrees with the table";
            return Some(whole.to_string());
        }
    }
    Some(out)
}
