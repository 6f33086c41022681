//! Peg solitaire's results in words: a board and its problem described,
//! the levels of a search, the pruning, the counts by jumps, the table of
//! every problem. Holes are numbered row by row from 0, as everywhere in
//! this crate's notation.

use std::fmt::{self, Write};

use search_core::text::{counts, drawn, length, thousands};

use crate::{
    Board, Jump, JumpCensus, Meeting, PegClassPruning, Problem, ProblemsReport, ProblemsStage,
    ShortestProblem,
};

/// The holes of `mask`, by number, separated by spaces.
pub fn holes(mask: u64) -> String {
    joined(search_core::grid::bits(mask))
}

/// `items` separated by spaces.
fn joined<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|h| h.to_string()).collect();
    items.join(" ")
}

/// The problem from `start` to `goal` (the first jump fixed, where
/// `first_jump` is given): the board's lattice, holes, jumps and
/// symmetries, its peg classes and unjumpable holes, and the holes' numbers,
/// the start and the goal drawn side by side.
pub fn describe(start: &Board, goal: &Board, first_jump: Option<Jump>) -> String {
    let g = start.geometry();
    let kept = |s: &usize| {
        g.transform(*s, start.pegs()) == start.pegs() && g.transform(*s, goal.pegs()) == goal.pegs()
    };
    let kept = (0..g.symmetries().len()).filter(kept).count();
    let mut out = format!(
        "board: {} lattice, {} holes, {} jumps, {} symmetries ({kept} keep the start and the goal), {} pegs to {}\n",
        g.lattice(),
        g.holes(),
        g.jumps().len(),
        g.symmetries().len(),
        start.peg_count(),
        goal.peg_count()
    );
    let classes: Vec<String> = g
        .peg_classes()
        .iter()
        .map(|c| format!("{{{}}}", joined(c)))
        .collect();
    let unjumpable = holes(g.unjumpable());
    let _ = writeln!(
        out,
        "peg classes: {}\nunjumpable holes: {unjumpable}",
        classes.join(" ")
    );
    if let Some(j) = first_jump {
        let _ = writeln!(out, "first jump fixed: {j}");
    }
    let pictures = [start.numbered_rows(), start.rows(), goal.rows()];
    let _ = writeln!(
        out,
        "\n{}\n",
        drawn(["holes", "start", "goal"], pictures, 3)
    );
    out
}

/// The fewest moves from every start with one empty hole (rows) to every
/// finish with one peg (columns), `-` where impossible; `all` holds the
/// problems of `board` in that order.
pub fn problem_table(board: &Board, all: &[Problem]) -> String {
    let n = board.geometry().holes();
    let header: String = (0..n).map(|h| format!("{h:>3}")).collect();
    let mut out = format!("  empty |{header}\n");
    for (v, row) in all.chunks(n.max(1)).enumerate() {
        let row: String = row
            .iter()
            .map(|p| p.moves.map_or("  -".to_string(), |d| format!("{d:>3}")))
            .collect();
        let _ = writeln!(out, "  {v:>5} |{row}");
    }
    out.trim_end().to_string()
}

/// The levels of the search from both ends, and how it ended.
impl fmt::Display for Meeting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (forward, backward) = (&self.forward, &self.backward);
        write!(
            f,
            "breadth-first levels by moves over positions up to the {} symmetries that keep the start and the goal, {} from the start ({}) and {} from the goal ({}), {}",
            self.symmetries,
            forward.len() - 1,
            counts(forward, false),
            backward.len() - 1,
            counts(backward, false),
            match self.solution {
                Some(_) => "the first move found between the two last levels, none before",
                None => "one side ran out of new positions without meeting the other",
            }
        )
    }
}

/// The holes guarded, the corners that may jump over them, the jumps
/// forbidden (`from>to`).
impl fmt::Display for PegClassPruning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let forbidden = self
            .forbidden
            .iter()
            .map(|j| format!("{}>{}", j.from, j.to));
        write!(
            f,
            "no jump over holes {} except from holes {}; forbidden: {}",
            holes(self.guarded),
            holes(self.corners),
            joined(forbidden)
        )
    }
}

/// The positions after each number of jumps, those that can still reach
/// the goal, and the jump sequences from the start to the goal: one line
/// each, indented.
impl fmt::Display for JumpCensus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "  positions after each number of jumps, up to the {} symmetries that keep the start: {}",
            self.start_symmetries,
            counts(&self.histogram, true)
        )?;
        if !self.solvable.is_empty() {
            write!(
                f,
                "\n  of those, able to reach the goal, up to the {} symmetries that keep both: {}\n  jump sequences from the start to the goal: {}",
                self.both_symmetries,
                counts(&self.solvable, true),
                self.solutions
                    .map_or_else(|| "not counted".to_string(), thousands)
            )?;
        }
        Ok(())
    }
}

impl JumpCensus {
    /// The positions reachable from the start (not counted where
    /// `solvable_only`, [`JumpOptions::solvable_only`](crate::JumpOptions)),
    /// how many of them can still reach the goal and how many jump sequences
    /// reach it (where they were counted), in words.
    pub fn summary(&self, solvable_only: bool) -> String {
        let reachable = match solvable_only {
            false => format!(
                "{} positions reachable from the start, up to the {} symmetries that keep it (states below); of them, ",
                thousands(self.histogram.iter().sum::<u64>()),
                self.start_symmetries,
            ),
            true => "reachable positions not counted (--solvable-only); ".to_string(),
        };
        let sequences = match self.solutions {
            Some(n) => format!(
                "{} sequences of jumps from the start to the goal",
                thousands(n)
            ),
            None => "sequences of jumps not counted (--positions-only)".to_string(),
        };
        format!(
            "{reachable}{} can still reach the goal, up to the {} symmetries that keep the start and the goal (solvable below); {sequences}",
            thousands(self.solvable.iter().sum::<u64>()),
            self.both_symmetries,
        )
    }
}

/// How many problems of `all` need each number of moves: `histogram[m]`
/// of them are solved in `m` moves at the fewest (the impossible ones are
/// not counted).
pub fn by_moves(all: &[Problem]) -> Vec<u64> {
    let mut histogram = Vec::new();
    for m in all.iter().filter_map(|p| p.moves).map(|m| m as usize) {
        histogram.resize(histogram.len().max(m + 1), 0);
        histogram[m] += 1;
    }
    histogram
}

/// The figures of the counts by jumps that its levels do not hold, as one
/// object: `solutions` (as a string: the count may pass 2^64; null where
/// not counted), `start_symmetries` and `both_symmetries`.
#[cfg(feature = "serde")]
impl serde::Serialize for JumpCensus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Figures {
            solutions: Option<String>,
            start_symmetries: usize,
            both_symmetries: usize,
        }
        serde::Serialize::serialize(
            &Figures {
                solutions: self.solutions.map(|n| n.to_string()),
                start_symmetries: self.start_symmetries,
                both_symmetries: self.both_symmetries,
            },
            serializer,
        )
    }
}

/// The shortest problem as one object: `shortest` (its moves, null where
/// none was found), `at_least`, `backward` (the levels back from the
/// finishes), and `vacancy`, `survivor` and `solution` (in Hiroi's
/// notation) where one was found, or `stopped` (why) where the search
/// stopped first.
#[cfg(feature = "serde")]
impl serde::Serialize for ShortestProblem {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        let found = self.solution.as_ref();
        map.serialize_entry("shortest", &found.and_then(|(p, _)| p.moves))?;
        map.serialize_entry("at_least", &self.at_least)?;
        map.serialize_entry("backward", &self.backward)?;
        if let Some((problem, jumps)) = found {
            map.serialize_entry("vacancy", &problem.vacancy)?;
            map.serialize_entry("survivor", &problem.survivor)?;
            map.serialize_entry("solution", &crate::notation(jumps))?;
        } else if let Some(why) = &self.stopped {
            map.serialize_entry("stopped", &why.to_string())?;
        }
        map.end()
    }
}

/// The shortest problem found (or why the search stopped, and what it
/// proved), then the positions per level from both sides.
impl fmt::Display for ShortestProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.solution, &self.stopped) {
            (Some((p, jumps)), _) => write!(
                f,
                "shortest: {}, from hole {} empty to one peg in hole {} (proven: no problem of the board has a solution with fewer moves); a solution, replayed: {}",
                length(p.moves),
                p.vacancy,
                p.survivor,
                crate::notation(jumps)
            ),
            (None, Some(why)) => write!(
                f,
                "stopped before the two sides met: {why}; proven: no problem of the board has a solution with fewer than {}",
                length(self.at_least)
            ),
            (None, None) => f.write_str("no problem of the board can be solved"),
        }?;
        let kept = self.forward.iter().chain(&self.backward).sum::<u64>();
        write!(
            f,
            "\npositions per level by moves from the starts: {}; back from the finishes: {} ({} in all, up to the board's {} symmetries)",
            counts(&self.forward, false),
            counts(&self.backward, false),
            thousands(kept),
            self.symmetries
        )
    }
}

/// The start being searched and the stage it is in: `start 2 of 4 (hole 3
/// empty): positions on a jump sequence to a finish`.
impl fmt::Display for ProblemsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (done, starts, vacancy) = (self.done + 1, self.starts, self.vacancy);
        write!(
            f,
            "start {done} of {starts} (hole {vacancy} empty): {}",
            self.stage
        )
    }
}

/// What the stage searches, in words.
impl fmt::Display for ProblemsStage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProblemsStage::Jumps => "levels by jumps from the start and back from the finishes",
            ProblemsStage::Finishing => "positions on a jump sequence to a finish",
            ProblemsStage::Moves => "fewest moves, level by level over those",
        })
    }
}

/// The table of every problem of `board` ([`problem_table`]), then how many
/// there are, how many can be solved, and the fewest moves of the shortest
/// and of the longest.
pub fn problems_summary(board: &Board, all: &[Problem]) -> String {
    let lengths = all.iter().filter_map(|p| p.moves);
    let (shortest, longest) = (lengths.clone().min(), lengths.clone().max());
    let (count, possible) = (all.len(), lengths.count());
    format!(
        "{}\n{count} problems, {possible} possible, {} impossible; shortest {}, longest {} (problems by their fewest moves below)",
        problem_table(board, all),
        count - possible,
        length(shortest),
        length(longest)
    )
}

/// How the fewest moves of every problem of a board are found, in words:
/// where `by_starts`, by [`problems_by_jumps`](crate::problems_by_jumps),
/// otherwise by [`problems`](crate::problems).
pub fn problems_method(by_starts: bool) -> String {
    let method = match by_starts {
        true => {
            "levels by jumps from each start up to symmetry and back from its finishes until they meet, then one pass by moves over the positions on a jump sequence to a one-peg finish"
        }
        false => "levels by moves met from both ends",
    };
    format!(
        "every problem of the board, from one empty hole (row) to one peg (column), the fewest moves by {method} ('-': impossible)"
    )
}

/// How [`shortest_problem`](crate::shortest_problem) searches, in words.
pub const SHORTEST_METHOD: &str = "the shortest solution over every problem of the board (one empty hole to one peg), by levels by moves grown from every one-hole start and back from every one-peg finish at once until they meet, over positions up to the board's symmetries";

/// How [`explore_moves`](crate::explore_moves) searches from `start`, in
/// words, the start (and the goal) drawn below: the fewest moves to
/// `goal`, or every position, to exhaustion.
pub fn moves_method(start: &Board, goal: Option<&Board>) -> String {
    match goal {
        Some(goal) => format!(
            "the fewest moves from the start to the goal, by a breadth-first search by moves over positions up to symmetry\n{}",
            drawn(["start", "goal"], [start.rows(), goal.rows()], 2)
        ),
        None => format!(
            "every position reachable from the start, by its fewest moves, by a breadth-first search by moves over positions up to the symmetries that keep the start, to exhaustion\n{}",
            drawn(["start"], [start.rows()], 2)
        ),
    }
}

/// What `levels` grown from `start` say: the minimum to `goal`, proven,
/// with a solution replayed by the rules, or that the goal cannot be
/// reached; with no goal, the positions and the most moves any needs.
///
/// # Errors
///
/// The solution read from the levels fails its replay (a defect).
pub fn levels_summary(
    levels: &crate::MoveLevels,
    start: &Board,
    goal: Option<&Board>,
) -> Result<String, crate::ReplayError> {
    let (positions, symmetries) = (thousands(levels.positions()), levels.symmetries());
    let Some(goal) = goal else {
        let last = levels.histogram().len().saturating_sub(1);
        return Ok(format!(
            "{positions} positions up to {symmetries} symmetries; the most moves any position needs: {last}"
        ));
    };
    let Some(jumps) = levels.solution_to(goal) else {
        return Ok(format!(
            "the goal is unreachable ({positions} positions up to symmetry reachable)"
        ));
    };
    crate::replay_jumps(start, goal, &jumps)?;
    Ok(format!(
        "proven minimum: {} ({positions} positions up to {symmetries} symmetries kept, every one reachable in fewer moves generated); a solution, replayed: {}",
        length(Some(crate::move_count(&jumps))),
        crate::notation(&jumps)
    ))
}

/// How [`count_by_jumps`](crate::count_by_jumps) counts from `start` to
/// `goal`, in words, the start and the goal drawn below: every position by
/// jumps, or with `solvable_only` those on a jump sequence to the goal.
pub fn jumps_method(start: &Board, goal: &Board, solvable_only: bool) -> String {
    let method = if solvable_only && goal.is_mirror_of(start) {
        "the positions on a jump sequence from the start to the goal, by levels by jumps grown from the start to the middle and read backwards from the goal by complements (the goal is the start's complement, or its mirror image)"
    } else if solvable_only {
        "the positions on a jump sequence from the start to the goal, by levels by jumps grown from both ends until they meet"
    } else {
        "positions by number of jumps from the start, by a breadth-first search by jumps"
    };
    let ends = drawn(["start", "goal"], [start.rows(), goal.rows()], 2);
    format!("{method}, over positions up to symmetry\n{ends}")
}

impl Meeting {
    /// The answer of the search from both ends: the fewest moves, proven
    /// minimal, or the goal proven unreachable, with the levels searched.
    pub fn answer(&self) -> String {
        match &self.solution {
            Some((moves, _)) => format!(
                "answer: {}, proven minimal: {self}; solution replayed",
                length(Some(*moves))
            ),
            None => format!("answer: unreachable (proven: {self})"),
        }
    }
}

/// The answer of one solution of a depth-first search over jumps
/// ([`find_solution`](crate::find_solution): `moves` moves in `jumps`
/// jumps, or none) run because the search from both ends stopped (`why`),
/// and why it is not proven minimal.
pub fn unproven_answer(moves: Option<u32>, jumps: usize, why: &str) -> (String, String) {
    let dfs = "this is the first solution of a depth-first search over jumps";
    let answer = format!(
        "answer: {} in {jumps} jumps: one solution, NOT proven minimal (reason: the search from both ends stopped: {why}; {dfs})",
        length(moves)
    );
    (
        answer,
        format!("the search from both ends stopped ({why}); {dfs}"),
    )
}

/// The answer of the searches of a small board: the fewest moves (`None`:
/// unreachable), proven by IDA* and, unless `first_jump_fixed`, by the
/// breadth-first search by moves and the levels met from both ends.
pub fn proven_answer(minimum: Option<u32>, first_jump_fixed: bool) -> String {
    let also = match first_jump_fixed {
        false => ", the breadth-first search by moves, and the levels by moves met from both ends",
        true => "",
    };
    match minimum {
        None => "answer: unreachable (proven: the searches ran to exhaustion)".to_string(),
        Some(m) => format!(
            "answer: {}, proven minimal (IDA* with an admissible bound{also}; solutions replayed)",
            length(Some(m))
        ),
    }
}
