//! `solve` of a fixture: the fewest moves by every method that fits the
//! board, the counts of optimal solutions, and the snapshot.

use std::fmt::Write;
use std::time::Instant;

use peg_solitaire::{
    Algorithm, Board, Jump, LevelOptions, MeetOptions, Meeting, MoveLevels, SolveOptions,
    count_jump_sequences, count_position_sequences, explore_moves, find_solution, meet_moves,
    move_count, move_groups, peg_class_pruning, problems, replay, solution_jumps, solve,
};
use search_core::{Budget, Stats};

use super::{
    FIELDS, Fixture, Instance, MAX_EXPANDED, PUZZLE, TABLE_HOLES, holes, instance, problem_table,
    replay_verdict_of,
};
use crate::fixtures;
use crate::report::{
    Report, Run, heading, indent, length, render_runs, replay_verdict, side_by_side, thousands,
};

/// Boards with at most this many holes are solved by every method (IDA*,
/// the breadth-first search by moves, the levels met from both ends, the
/// counts); bigger ones by the levels met from both ends alone, and one
/// solution by a depth-first search where that would need more memory than
/// allowed.
const PROOF_HOLES: usize = 24;

/// The name of the search from both ends in the runs' table.
const MEET: &str = "levels by moves met from both ends";

/// The replay verdict and the row of the table of a search from both ends
/// that took `ms` milliseconds.
fn meet_run(start: &Board, goal: &Board, meeting: &Meeting, ms: f64) -> (Result<(), String>, Run) {
    let solution = meeting.solution.as_ref();
    let verdict = replay_verdict_of(start, goal, solution.map(|(_, j)| j.as_slice()));
    let run = Run {
        algorithm: MEET.to_string(),
        moves: solution.map(|s| s.0),
        stats: meeting.stats.clone(),
        ms,
        build_ms: 0.0,
    };
    (verdict, run)
}

/// The levels of a search from both ends, in words.
fn meeting_summary(meeting: &Meeting) -> String {
    let levels = |v: &[u64]| {
        let shown: Vec<String> = v.iter().map(|&n| thousands(n)).collect();
        shown.join(", ")
    };
    format!(
        "breadth-first levels by moves over positions up to the {} symmetries that keep the start and the goal, {} from the start ({}) and {} from the goal ({}), {}",
        meeting.symmetries,
        meeting.forward.len() - 1,
        levels(&meeting.forward),
        meeting.backward.len() - 1,
        levels(&meeting.backward),
        if meeting.solution.is_some() {
            "the first move found between the two last levels, none before"
        } else {
            "one side ran out of new positions without meeting the other"
        }
    )
}

fn ms(clock: Instant) -> f64 {
    clock.elapsed().as_secs_f64() * 1e3
}

pub(super) fn solve_fixture(case: &str, json: &str, max_memory: u64) -> Result<Report, String> {
    let fixture: Fixture = fixtures::parse_fields(json, &FIELDS)?;
    let inst = instance(&fixture)?;
    let (start, goal) = (&inst.start, &inst.goal);
    let mut runs = Vec::new();
    let mut replays = Vec::new();
    let mut text = String::new();
    let mut primary: Option<Vec<Jump>> = None;
    let mut count = None;
    // Why the answer is not proven minimal, where it is not.
    let mut unproven: Option<String> = None;

    if start.geometry().holes() > PROOF_HOLES {
        // The minimum by meeting levels by moves from both ends; past the
        // memory limit, one solution however many moves.
        let clock = Instant::now();
        let meeting = meet_moves(
            start,
            goal,
            &MeetOptions {
                max_memory: Some(max_memory),
            },
            |_| {},
        );
        let elapsed = ms(clock);
        match meeting {
            Ok(meeting) => {
                let path = meeting.solution.as_ref().map(|(_, j)| j.clone());
                let (verdict, run) = meet_run(start, goal, &meeting, elapsed);
                replays.push(verdict);
                runs.push(run);
                match &meeting.solution {
                    Some((moves, _)) => {
                        let _ = writeln!(
                            text,
                            "answer: {}, proven minimal: {}; solution replayed",
                            length(Some(*moves)),
                            meeting_summary(&meeting)
                        );
                    }
                    None => {
                        let _ = writeln!(
                            text,
                            "answer: unreachable (proven: {})",
                            meeting_summary(&meeting)
                        );
                    }
                }
                primary = path;
            }
            Err(why) => {
                let clock = Instant::now();
                let found =
                    find_solution(start, goal, Some(MAX_EXPANDED)).map_err(|e| e.to_string())?;
                let elapsed = ms(clock);
                let (moves, stats) = match &found {
                    Some((jumps, stats)) => (Some(move_count(jumps)), stats.clone()),
                    None => (None, Stats::default()),
                };
                replays.push(replay_verdict_of(
                    start,
                    goal,
                    found.as_ref().map(|(j, _)| j.as_slice()),
                ));
                runs.push(Run {
                    algorithm: "dfs, one solution".to_string(),
                    moves,
                    stats,
                    ms: elapsed,
                    build_ms: 0.0,
                });
                let _ = writeln!(
                    text,
                    "answer: {} in {} jumps: one solution, NOT proven minimal (reason: the search from both ends stopped: {why}; this is the first solution of a depth-first search over jumps)",
                    length(moves),
                    found.as_ref().map_or(0, |(j, _)| j.len())
                );
                unproven = Some(format!(
                    "the search from both ends stopped ({why}); this is the first solution of a depth-first search over jumps"
                ));
                primary = found.map(|(j, _)| j);
            }
        }
    } else {
        let mut options = SolveOptions {
            algorithm: Algorithm::IdaCorners,
            first_jump: inst.first_jump,
            pruning: false,
            budget: Budget::default().with_max_expanded(MAX_EXPANDED),
            ..SolveOptions::default()
        };
        let pruning = peg_class_pruning(start, goal);
        let mut minimum = None;
        for prune in [false, true] {
            if prune && pruning.is_none() {
                continue;
            }
            options.pruning = prune;
            let clock = Instant::now();
            let outcome = solve(start, goal, &options).map_err(|e| e.to_string())?;
            let elapsed = ms(clock);
            let stats = outcome.stats;
            let name = if prune {
                "ida*, corners + peg-class pruning"
            } else {
                "ida*, corners"
            };
            match outcome.found {
                Some(solution) => {
                    replays.push(replay_verdict(
                        solution.boards(),
                        replay(start, goal, &solution.moves),
                    ));
                    let moves = solution.len() as u32;
                    runs.push(Run {
                        algorithm: name.to_string(),
                        moves: Some(moves),
                        stats,
                        ms: elapsed,
                        build_ms: 0.0,
                    });
                    minimum = Some(moves);
                    if primary.is_none() {
                        primary = Some(solution_jumps(&solution));
                    }
                }
                None => {
                    replays.push(Ok(()));
                    runs.push(Run {
                        algorithm: name.to_string(),
                        moves: None,
                        stats,
                        ms: elapsed,
                        build_ms: 0.0,
                    });
                }
            }
        }
        if inst.first_jump.is_none() {
            let clock = Instant::now();
            let levels = explore_moves(
                start,
                &LevelOptions {
                    goal: Some(goal.clone()),
                    max_memory: None,
                },
                |_| {},
            )
            .map_err(|e| e.to_string())?;
            let elapsed = ms(clock);
            let path = levels.solution_to(goal);
            replays.push(replay_verdict_of(start, goal, path.as_deref()));
            runs.push(Run {
                algorithm: "bfs by moves".to_string(),
                moves: path.as_ref().map(|j| move_count(j)),
                stats: levels.stats().clone(),
                ms: elapsed,
                build_ms: 0.0,
            });
            let clock = Instant::now();
            let meeting = meet_moves(start, goal, &MeetOptions::default(), |_| {})
                .map_err(|e| e.to_string())?;
            let elapsed = ms(clock);
            let (verdict, run) = meet_run(start, goal, &meeting, elapsed);
            replays.push(verdict);
            runs.push(run);
        }
        match minimum {
            None => {
                let _ = writeln!(
                    text,
                    "answer: unreachable (proven: the searches ran to exhaustion)"
                );
            }
            Some(m) => {
                let _ = writeln!(
                    text,
                    "answer: {}, proven minimal (IDA* with an admissible bound{}; solutions replayed)",
                    length(Some(m)),
                    if inst.first_jump.is_none() {
                        ", the breadth-first search by moves, and the levels by moves met from both ends"
                    } else {
                        ""
                    }
                );
                count = Some(counts(&mut text, start, goal, &inst, m, pruning.is_some())?);
            }
        }
        if let Some(p) = &pruning {
            let forbidden: Vec<String> = p
                .forbidden
                .iter()
                .map(|j| format!("{}>{}", j.from, j.to))
                .collect();
            let _ = writeln!(
                text,
                "peg-class pruning (safe here, see docs/peg-solitaire.md): no jump over holes {} except from holes {}; forbidden: {}",
                holes(p.guarded),
                holes(p.corners),
                forbidden.join(" ")
            );
        }
    }
    let notation = primary
        .as_deref()
        .map_or_else(Vec::new, peg_solitaire::move_notations);
    let snapshot = render(case, &fixture, &inst, &runs, primary.as_deref(), &text);
    let report = Report::new(
        PUZZLE.name,
        case,
        runs,
        replays,
        notation,
        count,
        &fixture.expect,
        snapshot,
    )
    .with_boards(start, goal)
    .unreachable_because("unreachable: proven by searches run to exhaustion");
    Ok(match unproven {
        Some(reason) => report.not_optimal(reason),
        None => report,
    })
}

/// Writes the counts, with and without the pruning, and checks that they
/// agree; returns the fixture's `count`.
fn counts(
    text: &mut String,
    start: &Board,
    goal: &Board,
    inst: &Instance,
    moves: u32,
    with_pruning: bool,
) -> Result<u128, String> {
    let settings: &[bool] = if with_pruning {
        &[false, true]
    } else {
        &[false]
    };
    let mut rows: Vec<(String, Vec<u128>)> = Vec::new();
    let jump_counts = |first_jump: Option<Jump>| -> Result<Vec<u128>, String> {
        settings
            .iter()
            .map(|&pruning| {
                let options = SolveOptions {
                    first_jump,
                    pruning,
                    budget: Budget::default().with_max_expanded(MAX_EXPANDED),
                    ..SolveOptions::default()
                };
                count_jump_sequences(start, goal, moves, &options)
                    .map(|o| o.found.unwrap_or(0))
                    .map_err(|e| e.to_string())
            })
            .collect()
    };
    if let Some(j) = inst.first_jump {
        rows.push((
            format!("jump sequences, first jump {j}"),
            jump_counts(Some(j))?,
        ));
    }
    rows.push((
        "jump sequences, any first jump".to_string(),
        jump_counts(None)?,
    ));
    let positions: Vec<u128> = settings
        .iter()
        .map(|&pruning| {
            count_position_sequences(
                start,
                goal,
                pruning,
                &Budget::default().with_max_expanded(MAX_EXPANDED),
            )
            .map(|o| o.found.filter(|c| c.length == moves).map_or(0, |c| c.count))
            .map_err(|e| e.to_string())
        })
        .collect::<Result<_, _>>()?;
    rows.push(("position sequences, any first move".to_string(), positions));
    let _ = writeln!(
        text,
        "optimal solutions ({} moves; definitions in docs/peg-solitaire.md){}:",
        moves,
        if with_pruning {
            ", without / with the peg-class pruning"
        } else {
            ""
        }
    );
    for (what, values) in &rows {
        let shown: Vec<String> = values.iter().map(|&v| thousands(v)).collect();
        let agree = values.windows(2).all(|w| w[0] == w[1]);
        if !agree {
            return Err(format!(
                "the peg-class pruning changed the count of {what}: {}",
                shown.join(" / ")
            ));
        }
        let _ = writeln!(text, "  {what}: {}", shown.join(" / "));
    }
    Ok(rows[0].1[0])
}

fn render(
    case: &str,
    fixture: &Fixture,
    inst: &Instance,
    runs: &[Run],
    jumps: Option<&[Jump]>,
    text: &str,
) -> String {
    let (start, goal) = (&inst.start, &inst.goal);
    let g = start.geometry();
    let mut out = String::new();
    out.push_str(&heading(
        PUZZLE.name,
        case,
        fixture.name.as_deref(),
        fixture.source.as_deref(),
    ));
    let kept = g
        .symmetries()
        .iter()
        .enumerate()
        .filter(|&(s, _)| {
            g.transform(s, start.pegs()) == start.pegs()
                && g.transform(s, goal.pegs()) == goal.pegs()
        })
        .count();
    let _ = writeln!(
        out,
        "board: {} lattice, {} holes, {} jumps, {} symmetries ({} keep the start and the goal), {} pegs to {}",
        g.lattice(),
        g.holes(),
        g.jumps().len(),
        g.symmetries().len(),
        kept,
        start.peg_count(),
        goal.peg_count()
    );
    let classes: Vec<String> = g
        .peg_classes()
        .iter()
        .map(|c| {
            let h: Vec<String> = c.iter().map(|h| h.to_string()).collect();
            format!("{{{}}}", h.join(" "))
        })
        .collect();
    let _ = writeln!(out, "peg classes: {}", classes.join(" "));
    let _ = writeln!(out, "unjumpable holes: {}", holes(g.unjumpable()));
    if let Some(j) = inst.first_jump {
        let _ = writeln!(out, "first jump fixed: {j}");
    }
    let pictures = [
        ("holes".to_string(), start.numbered_rows()),
        ("start".to_string(), start.rows()),
        ("goal".to_string(), goal.rows()),
    ];
    let _ = writeln!(out, "\n{}\n", indent(&side_by_side(&pictures, 3)));
    out.push_str(text);
    let _ = writeln!(out, "\n{}", render_runs(runs).trim_end());
    if let Some(jumps) = jumps {
        let _ = writeln!(
            out,
            "\nsolution ({} moves, {} jumps): {}",
            move_count(jumps),
            jumps.len(),
            peg_solitaire::notation(jumps)
        );
        // The board after each move.
        let mut boards = vec![("0".to_string(), start.rows())];
        let mut board = start.clone();
        let mut jumps_left = jumps;
        for (k, group) in move_groups(jumps).iter().enumerate() {
            let n = group.len() - 1;
            for &j in &jumps_left[..n] {
                board = board.play_jump(j).expect("replayed above");
            }
            jumps_left = &jumps_left[n..];
            boards.push(((k + 1).to_string(), board.rows()));
        }
        let per_row = (72 / (g.holes().min(64) / 3 + 8).max(8)).max(2);
        let _ = writeln!(
            out,
            "\nboards after each move:\n{}",
            indent(&side_by_side(&boards, per_row))
        );
    }
    if g.holes() <= TABLE_HOLES {
        if let Some(table) = finish_table(start) {
            let _ = writeln!(out, "\n{table}");
        }
    }
    out
}

/// The fewest moves from every start with one empty hole to every finish
/// with one peg ([`problems`]), checked against the breadth-first search by
/// moves from each start.
fn finish_table(board: &Board) -> Option<String> {
    let g = board.geometry();
    let n = g.holes();
    let all = problems(board, &MeetOptions::default(), |_, _| {}).ok()?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "fewest moves from the start with one empty hole (row) to one peg (column), '-' impossible (levels by moves met from both ends, each start checked by the breadth-first search by moves):"
    );
    for empty in 0..n {
        let start = board.with_pegs(g.all() & !(1 << empty))?;
        let levels: MoveLevels = explore_moves(&start, &LevelOptions::default(), |_| {}).ok()?;
        for peg in 0..n {
            let finish = board.with_pegs(1 << peg)?;
            if levels.distance(&finish) != all[empty * n + peg].moves {
                return Some(format!(
                    "the problem {empty} -> {peg}: the two searches disagree"
                ));
            }
        }
    }
    out.push_str(&problem_table(board, &all));
    Some(out)
}
