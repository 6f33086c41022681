//! What a puzzle draws of one solved instance around the table of its
//! runs: its board, its answer, its solution's moves and boards. Building
//! strings only.

use std::fmt::{Display, Write};

use super::drawn;
use crate::puzzle::{Puzzle, SolutionOf};

/// A puzzle's part of a fixture's snapshot, around the table of runs that
/// every snapshot has, and of its report.
#[derive(Debug, Default)]
pub struct Drawing {
    /// Up to the table of runs: the board, the start and goal, the answer.
    pub before: String,
    /// After the table of runs: more results, the solution's moves and
    /// boards ([`Drawing::moves`], [`Drawing::boards`]).
    pub after: String,
    /// The start, as `Display` draws it, for the report's `start` rows.
    pub start: String,
    /// The goal, as `Display` draws it, for the report's `goal` rows.
    pub goal: String,
    /// The solution's moves as the report lists them, where they are not
    /// each move's notation.
    pub notation: Option<Vec<String>>,
    /// The number of optimal solutions, where the puzzle counts them.
    pub count: Option<u128>,
    /// Why the goal cannot be reached, said when no run reached it.
    pub unreachable: String,
    /// Why the length found is not proven minimal, where it is not.
    pub unproven: Option<String>,
}

impl Drawing {
    /// A drawing of `start` and `goal`, saying `unreachable` where no run
    /// reached the goal.
    pub fn new(start: &impl Display, goal: &impl Display, unreachable: &str) -> Drawing {
        let (start, goal) = (start.to_string(), goal.to_string());
        let unreachable = unreachable.to_string();
        Drawing {
            start,
            goal,
            unreachable,
            ..Drawing::default()
        }
    }

    /// The moves of `solution` under `title`, `per_line` to a line, and its
    /// boards under `boards`, `per_row` side by side.
    pub fn solution<P: Puzzle>(
        &mut self,
        s: &SolutionOf<P>,
        (title, per_line): (&str, usize),
        (boards, per_row): (&str, usize),
    ) {
        self.moves(title, &s.moves, per_line, " ");
        self.boards(boards, s.boards().iter().map(P::rows), per_row);
    }

    /// `moves` under `title`, `per_line` to a line, `separator` between two.
    pub fn moves<M: Display>(
        &mut self,
        title: &str,
        moves: impl IntoIterator<Item = M>,
        per_line: usize,
        separator: &str,
    ) {
        let moves: Vec<String> = moves.into_iter().map(|m| m.to_string()).collect();
        let _ = writeln!(self.after, "\n{title}");
        for chunk in moves.chunks(per_line.max(1)) {
            let _ = writeln!(self.after, "  {}", chunk.join(separator));
        }
    }

    /// `boards`, each as rows and numbered from 0, under `title`, `per_row`
    /// side by side.
    pub fn boards(
        &mut self,
        title: &str,
        boards: impl Iterator<Item = Vec<String>>,
        per_row: usize,
    ) {
        let _ = writeln!(self.after, "\n{title}\n{}", drawn(0.., boards, per_row));
    }
}

/// The start and the goal drawn side by side, indented.
pub fn ends<P: Puzzle>(start: &P::Board, goal: &P::Board) -> String {
    drawn(["start", "goal"], [P::rows(start), P::rows(goal)], 2)
}

#[cfg(test)]
mod tests {
    use super::Drawing;

    #[test]
    fn moves_and_boards_follow_the_table() {
        let mut d = Drawing::new(&"start", &"goal", "never");
        assert_eq!(
            (d.start.as_str(), d.unreachable.as_str()),
            ("start", "never")
        );
        d.moves("moves:", [1, 2, 3], 2, ", ");
        let rows = |r: &str| vec![r.to_string()];
        d.boards("boards:", [rows("ab"), rows("cd")].into_iter(), 2);
        let boards = "boards:\n  0    1\n  ab   cd\n";
        assert_eq!(d.after, format!("\nmoves:\n  1, 2\n  3\n\n{boards}"));
    }
}
