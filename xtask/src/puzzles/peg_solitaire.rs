//! Peg solitaire: fewest moves proven on every board that fits the memory
//! (levels by moves met from both ends), optimal solutions counted on small
//! boards.

use std::fmt::Write;
use std::time::Instant;

use peg_solitaire::{
    Board, Jump, JumpOptions, Lattice, LevelOptions, MeetOptions, Meeting, MoveLevels, Problem,
    SolveOptions, check_goal, count_by_jumps, count_jump_sequences, count_position_sequences,
    explore_moves, find_solution, meet_moves, move_count, move_groups, peg_class_pruning, problems,
    problems_by_starts, replay, solve,
};
use search_core::layers::LayerReport;
use search_core::{Budget, Stats};
use serde::Deserialize;

use super::{Analysis, AnalyzeOptions, Census, Progress, PuzzleDef, SOLVE_MAX_MEMORY};
use crate::fixtures;
use crate::report::{
    Expect, Report, Run, heading, indent, length, render_runs, replay_verdict, side_by_side,
    thousands,
};

pub const PUZZLE: PuzzleDef = PuzzleDef {
    name: "peg-solitaire",
    solve: solve_fixture,
    validate,
    analyze: Some(analyze),
};

/// Boards with at most this many holes are solved by every method (IDA*,
/// the breadth-first search by moves, the levels met from both ends, the
/// counts); bigger ones by the levels met from both ends alone, and one
/// solution by a depth-first search where that would need more memory than
/// allowed.
const PROOF_HOLES: usize = 24;

/// The name of the search from both ends in the runs' table.
const MEET: &str = "levels by moves met from both ends";

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

/// Limits that keep a user's fixture from running for hours: the searches
/// stop with an error naming the limit instead.
const MAX_EXPANDED: u64 = 200_000_000;

/// Boards with at most this many holes get the table of fewest moves from
/// every one-hole start to every one-peg finish.
const TABLE_HOLES: usize = 21;

/// A fixture: rows of `o`, `.` and spaces on a lattice.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    source: Option<String>,
    lattice: String,
    start: Vec<String>,
    /// Absent only in a board for `analyze --problems`.
    #[serde(default)]
    goal: Option<Vec<String>>,
    #[serde(default)]
    first_jump: Option<[u8; 2]>,
    #[serde(default)]
    expect: Expect,
}

impl Fixture {
    /// Its name, for the description of an analysis.
    fn title(&self) -> &str {
        self.name.as_deref().unwrap_or("the fixture's board")
    }
}

const FIELDS: fixtures::Fields = fixtures::Fields {
    required: &["lattice", "start"],
    optional: &["goal", "first_jump"],
};

struct Instance {
    start: Board,
    goal: Board,
    first_jump: Option<Jump>,
}

fn instance(fixture: &Fixture) -> Result<Instance, String> {
    let lattice: Lattice = fixture
        .lattice
        .parse()
        .map_err(|e| format!("lattice: {e}"))?;
    let start = Board::from_rows(lattice, &fixture.start).map_err(|e| format!("start: {e}"))?;
    let goal_rows = fixture.goal.as_ref().ok_or(
        "goal: missing (only `cargo xtask analyze peg-solitaire --problems` takes a board without a goal)",
    )?;
    let goal = Board::from_rows(lattice, goal_rows).map_err(|e| format!("goal: {e}"))?;
    check_goal(&start, &goal).map_err(|e| e.to_string())?;
    let first_jump = match fixture.first_jump {
        None => None,
        Some([from, to]) => Some(
            start
                .geometry()
                .jumps()
                .iter()
                .copied()
                .find(|j| (j.from, j.to) == (from, to))
                .ok_or_else(|| format!("first_jump: {from} -> {to} is not a jump of this board"))
                .and_then(|j| {
                    start
                        .play(j)
                        .map(|_| j)
                        .map_err(|e| format!("first_jump: {e}"))
                })?,
        ),
    };
    Ok(Instance {
        start,
        goal,
        first_jump,
    })
}

fn validate(json: &str) -> Result<(), String> {
    instance(&fixtures::parse_fields(json, &FIELDS)?).map(|_| ())
}

fn ms(clock: Instant) -> f64 {
    clock.elapsed().as_secs_f64() * 1e3
}

fn solve_fixture(case: &str, json: &str) -> Result<Report, String> {
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
                max_memory: Some(SOLVE_MAX_MEMORY),
            },
            |_| {},
        );
        let elapsed = ms(clock);
        match meeting {
            Ok(meeting) => {
                let path = meeting.solution.as_ref().map(|(_, j)| j.clone());
                replays.push(replay_verdict_of(start, goal, path.as_deref()));
                runs.push(Run {
                    algorithm: MEET.to_string(),
                    moves: meeting.solution.as_ref().map(|s| s.0),
                    stats: meeting.stats.clone(),
                    ms: elapsed,
                    build_ms: 0.0,
                });
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
            first_jump: inst.first_jump,
            pruning: false,
            budget: Budget::default().with_max_expanded(MAX_EXPANDED),
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
                        &solution.boards,
                        replay(start, goal, &solution.jumps),
                    ));
                    runs.push(Run {
                        algorithm: name.to_string(),
                        moves: Some(solution.moves),
                        stats,
                        ms: elapsed,
                        build_ms: 0.0,
                    });
                    minimum = Some(solution.moves);
                    if primary.is_none() {
                        primary = Some(solution.jumps);
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
            replays.push(replay_verdict_of(
                start,
                goal,
                meeting.solution.as_ref().map(|(_, j)| j.as_slice()),
            ));
            runs.push(Run {
                algorithm: MEET.to_string(),
                moves: meeting.solution.as_ref().map(|s| s.0),
                stats: meeting.stats.clone(),
                ms: elapsed,
                build_ms: 0.0,
            });
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
    let notation = primary.as_ref().map_or_else(Vec::new, |j| {
        move_groups(j)
            .iter()
            .map(|g| {
                let h: Vec<String> = g.iter().map(|h| h.to_string()).collect();
                format!("[{}]", h.join(", "))
            })
            .collect()
    });
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

fn holes(mask: u64) -> String {
    let h: Vec<String> = (0..64)
        .filter(|h| mask >> h & 1 == 1)
        .map(|h: usize| h.to_string())
        .collect();
    h.join(" ")
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
                board = board.play(j).expect("replayed above");
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

fn analyze(options: &AnalyzeOptions, progress: &mut dyn Progress) -> Result<Analysis, String> {
    if let Some(v) = &options.variant {
        return Err(format!("peg-solitaire has no variant {v:?}"));
    }
    if let Some(s) = &options.size {
        return Err(format!(
            "peg-solitaire takes its board from --goal, not --size {s:?}"
        ));
    }
    if options.table.is_some() {
        return Err("peg-solitaire has no --table option".to_string());
    }
    let (file, json) = options.goal.as_ref().ok_or(
        "peg-solitaire needs --goal <fixture>: the minimum from its start to its goal is proven",
    )?;
    let fixture: Fixture =
        fixtures::parse_fields(json, &FIELDS).map_err(|e| format!("{file}: {e}"))?;
    if options.problems {
        if options.by.as_deref().is_some_and(|b| b != "moves") {
            return Err("peg-solitaire's problems are counted by moves only".to_string());
        }
        let lattice: Lattice = fixture
            .lattice
            .parse()
            .map_err(|e| format!("{file}: lattice: {e}"))?;
        let board =
            Board::from_rows(lattice, &fixture.start).map_err(|e| format!("{file}: start: {e}"))?;
        return analyze_problems(options, &fixture, &board, progress);
    }
    if fixture.goal.is_none() && matches!(options.by.as_deref(), None | Some("moves")) {
        return analyze_levels(options, &fixture, progress).map_err(|e| format!("{file}: {e}"));
    }
    let inst = instance(&fixture).map_err(|e| format!("{file}: {e}"))?;
    let (start, goal) = (&inst.start, &inst.goal);
    match options.by.as_deref() {
        None | Some("moves") => {}
        Some("jumps") => return analyze_jumps(options, &fixture, start, goal, progress),
        Some(other) => {
            return Err(format!(
                "peg-solitaire counts levels by moves or jumps, not {other:?}"
            ));
        }
    }
    let description = format!(
        "peg-solitaire, {}: the fewest moves from the start to the goal, by a breadth-first search by moves over positions up to symmetry\n{}",
        fixture.title(),
        ends(start, goal)
    );
    // The number of positions is not known in advance: the bar grows with
    // them, and the memory stated is the limit checked before each level.
    progress.start_growing(&description, options.max_memory);
    let levels = levels_by_moves(start, Some(goal.clone()), options, progress)?;
    let mut description = description;
    match levels.solution_to(goal) {
        Some(jumps) => {
            replay(start, goal, &jumps).map_err(|e| format!("the solution failed replay: {e}"))?;
            let _ = write!(
                description,
                "\nproven minimum: {} ({} positions up to {} symmetries kept, every one reachable in fewer moves generated); a solution, replayed: {}",
                length(Some(move_count(&jumps))),
                thousands(levels.positions()),
                levels.symmetries(),
                peg_solitaire::notation(&jumps)
            );
        }
        None => {
            let _ = write!(
                description,
                "\nthe goal is unreachable ({} positions up to symmetry reachable)",
                thousands(levels.positions())
            );
        }
    }
    Ok(Analysis {
        description,
        ranks: levels.positions(),
        histogram: levels.histogram(),
        farthest: vec![goal.rows()],
        census: None,
        extra: Default::default(),
    })
}

/// `analyze --by jumps`: the positions after each number of jumps, those
/// that can still finish, and the number of jump sequences that finish.
fn analyze_jumps(
    options: &AnalyzeOptions,
    fixture: &Fixture,
    start: &Board,
    goal: &Board,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    let mut description = format!(
        "peg-solitaire, {}: positions by number of jumps from the start, by a breadth-first search by jumps over positions up to symmetry\n{}",
        fixture.title(),
        ends(start, goal)
    );
    // The number of positions is not known in advance: the memory stated
    // is the limit, checked before each level is kept.
    progress.start_growing(&description, options.max_memory);
    let census = count_by_jumps(
        start,
        goal,
        &JumpOptions {
            max_memory: Some(options.max_memory),
        },
        |r| {
            progress.layer(&LayerReport {
                distance: r.level,
                states: r.positions,
                seen: r.positions,
                size: r.positions,
            })
        },
    )
    .map_err(|e| e.to_string())?;
    let positions: u64 = census.histogram.iter().sum();
    let solvable: u64 = census.solvable.iter().sum();
    let _ = write!(
        description,
        "\n{} positions reachable from the start, up to the {} symmetries that keep it (states below); {} of them can still reach the goal, up to the {} symmetries that keep the start and the goal (solvable below); {} sequences of jumps from the start to the goal",
        thousands(positions),
        census.start_symmetries,
        thousands(solvable),
        census.both_symmetries,
        thousands(census.solutions),
    );
    let mut extra = serde_json::Map::new();
    extra.insert(
        "solutions".to_string(),
        serde_json::Value::String(census.solutions.to_string()),
    );
    extra.insert(
        "start_symmetries".to_string(),
        census.start_symmetries.into(),
    );
    extra.insert("both_symmetries".to_string(), census.both_symmetries.into());
    Ok(Analysis {
        description,
        ranks: positions,
        histogram: census.histogram,
        farthest: Vec::new(),
        census: Some(Census {
            key: "solvable",
            heading: "solvable",
            counts: census.solvable,
        }),
        extra,
    })
}

/// `analyze --problems`: the fewest moves of every problem of the board.
fn analyze_problems(
    options: &AnalyzeOptions,
    fixture: &Fixture,
    board: &Board,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    let g = board.geometry();
    let n = g.holes();
    // Small boards: one search from both ends per pair; bigger ones: one
    // breadth-first search by moves to exhaustion per start, which answers
    // every survivor at once.
    let by_starts = n > TABLE_HOLES;
    let mut description = format!(
        "peg-solitaire, {}: every problem of the board, from one empty hole (row) to one peg (column), the fewest moves by {} ('-': impossible)",
        fixture.title(),
        if by_starts {
            "one breadth-first search by moves to exhaustion from each start up to symmetry"
        } else {
            "levels by moves met from both ends"
        }
    );
    progress.start_growing(&description, options.max_memory);
    let meet = MeetOptions {
        max_memory: Some(options.max_memory),
    };
    let report = |done: usize, of: usize| {
        progress.layer(&LayerReport {
            distance: done as u32,
            states: of as u64,
            seen: done as u64,
            size: of as u64,
        })
    };
    let all = if by_starts {
        problems_by_starts(board, &meet, report)
    } else {
        problems(board, &meet, report)
    }
    .map_err(|e| e.to_string())?;
    let _ = write!(description, "\n{}", problem_table(board, &all));
    let mut histogram: Vec<u64> = Vec::new();
    for p in &all {
        if let Some(m) = p.moves {
            if histogram.len() <= m as usize {
                histogram.resize(m as usize + 1, 0);
            }
            histogram[m as usize] += 1;
        }
    }
    let shortest = all.iter().filter_map(|p| p.moves).min();
    let longest = all.iter().filter_map(|p| p.moves).max();
    let possible = all.iter().filter(|p| p.moves.is_some()).count();
    let _ = write!(
        description,
        "\n{} problems, {} possible, {} impossible; shortest {}, longest {} (problems by their fewest moves below)",
        all.len(),
        possible,
        all.len() - possible,
        length(shortest),
        length(longest)
    );
    let mut extra = serde_json::Map::new();
    extra.insert(
        "problems".to_string(),
        all.iter()
            .map(|p| {
                serde_json::json!({
                    "vacancy": p.vacancy,
                    "survivor": p.survivor,
                    "moves": p.moves,
                })
            })
            .collect(),
    );
    extra.insert("shortest".to_string(), shortest.into());
    Ok(Analysis {
        description,
        ranks: all.len() as u64,
        histogram,
        farthest: Vec::new(),
        census: None,
        extra,
    })
}

/// The fewest moves from every start with one empty hole (rows) to every
/// finish with one peg (columns), `-` where impossible.
fn problem_table(board: &Board, all: &[Problem]) -> String {
    let n = board.geometry().holes();
    let mut out = String::new();
    let header: Vec<String> = (0..n).map(|h| format!("{h:>3}")).collect();
    let _ = writeln!(out, "  empty |{}", header.join(""));
    for v in 0..n {
        let row: Vec<String> = all[v * n..(v + 1) * n]
            .iter()
            .map(|p| p.moves.map_or("  -".to_string(), |d| format!("{d:>3}")))
            .collect();
        let _ = writeln!(out, "  {v:>5} |{}", row.join(""));
    }
    out.trim_end().to_string()
}

/// `analyze` of a file without a goal: the levels by moves from the start
/// to exhaustion, up to the symmetries that keep the start.
fn analyze_levels(
    options: &AnalyzeOptions,
    fixture: &Fixture,
    progress: &mut dyn Progress,
) -> Result<Analysis, String> {
    let lattice: Lattice = fixture
        .lattice
        .parse()
        .map_err(|e| format!("lattice: {e}"))?;
    let start = Board::from_rows(lattice, &fixture.start).map_err(|e| format!("start: {e}"))?;
    let mut description = format!(
        "peg-solitaire, {}: every position reachable from the start, by its fewest moves, by a breadth-first search by moves over positions up to the symmetries that keep the start, to exhaustion\n{}",
        fixture.title(),
        indent(&side_by_side(&[("start".to_string(), start.rows())], 2))
    );
    progress.start_growing(&description, options.max_memory);
    let levels = levels_by_moves(&start, None, options, progress)?;
    let histogram = levels.histogram();
    let last = histogram.len().saturating_sub(1);
    let _ = write!(
        description,
        "\n{} positions up to {} symmetries; the most moves any position needs: {}",
        thousands(levels.positions()),
        levels.symmetries(),
        last
    );
    let farthest = levels
        .level(last)
        .iter()
        .take(options.farthest)
        .filter_map(|&p| start.with_pegs(p).map(|b| b.rows()))
        .collect();
    Ok(Analysis {
        description,
        ranks: levels.positions(),
        histogram,
        farthest,
        census: None,
        extra: Default::default(),
    })
}

/// The start and the goal side by side, indented, for a description.
fn ends(start: &Board, goal: &Board) -> String {
    indent(&side_by_side(
        &[
            ("start".to_string(), start.rows()),
            ("goal".to_string(), goal.rows()),
        ],
        2,
    ))
}

/// The breadth-first levels by moves from `start` (towards `goal`, or to
/// exhaustion), within `--max-memory`, each level reported to `progress`.
fn levels_by_moves(
    start: &Board,
    goal: Option<Board>,
    options: &AnalyzeOptions,
    progress: &mut dyn Progress,
) -> Result<peg_solitaire::MoveLevels, String> {
    let settings = LevelOptions {
        goal,
        max_memory: Some(options.max_memory),
    };
    explore_moves(start, &settings, |r| {
        progress.layer(&LayerReport {
            distance: r.level,
            states: r.positions,
            seen: r.seen,
            size: r.seen,
        })
    })
    .map_err(|e| e.to_string())
}

/// The verdict on a solution (`None`: none was claimed) replayed with the
/// rules alone.
fn replay_verdict_of(start: &Board, goal: &Board, jumps: Option<&[Jump]>) -> Result<(), String> {
    jumps.map_or(Ok(()), |j| {
        replay(start, goal, j)
            .map(|_| ())
            .map_err(|e| e.to_string())
    })
}
