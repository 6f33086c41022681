//! Knight swap's results in words, in the Perl article's notation: the
//! distances from a start, each knight's route, the moves named by knight.
//! Cells are numbered row by row from 0.

use std::fmt::{self, Write};

use search_core::rules::Ranked;
use search_core::text::{drawn, length, thousands};

use crate::{Board, Exploration, KnightSpace, Move, Route};

/// The board of `start`: its size, its squares, its knights of each colour
/// and their arrangements on the squares.
pub fn describe(start: &Board) -> String {
    let arrangements = thousands(KnightSpace::new(start).map_or(0, |space| space.size()));
    let (w, h, squares) = (start.width(), start.height(), start.square_cells().len());
    let (black, white) = (start.black_cells().len(), start.white_cells().len());
    format!(
        "board: {w}x{h}, {squares} squares, {black} black and {white} white knights, {arrangements} arrangements"
    )
}

impl Exploration {
    /// The answer for a goal: its fewest moves (`moves`), proven by this
    /// sweep, and the `count` of shortest solutions; without moves, the goal
    /// is none of the arrangements reached.
    pub fn answer(&self, moves: Option<usize>, count: u128) -> String {
        match moves {
            None => format!(
                "answer: unreachable (none of the {} arrangements reachable from the start is the goal)",
                thousands(self.reachable())
            ),
            Some(moves) => format!(
                "answer: {} (proven: every arrangement reachable from the start was swept; solutions replayed)\nshortest solutions: {} distinct move sequences",
                length(Some(moves as u32)),
                thousands(count)
            ),
        }
    }
}

/// How far the arrangements reachable from the start lie: the count at
/// each distance, eight to a line, and the first farthest ones by rank.
impl fmt::Display for Exploration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (reached, max) = (thousands(self.reachable()), self.max_distance());
        writeln!(
            f,
            "distances from the start: {reached} arrangements reachable, at most {max} moves away"
        )?;
        let histogram = self.histogram();
        let levels: Vec<String> = (0..)
            .zip(histogram)
            .map(|(d, n)| format!("{d}: {}", thousands(*n)))
            .collect();
        for chunk in levels.chunks(8) {
            writeln!(f, "  {}", chunk.join(", "))?;
        }
        let farthest: Vec<Vec<String>> = self.farthest().iter().take(8).map(|b| b.rows()).collect();
        write!(
            f,
            "farthest ({} at distance {max}, the first {} by rank):\n{}",
            thousands(*histogram.last().unwrap_or(&0)),
            farthest.len(),
            drawn((1..).map(|i| format!("#{i}")), farthest, 8)
        )
    }
}

/// Each knight's route, a line each: its name, its cells, its number of
/// moves, and whether it retreats.
pub fn routes_text(routes: &[Route]) -> String {
    let mut out = String::new();
    for route in routes {
        let (moves, name) = (route.moves(), route.name);
        let plural = if moves == 1 { "" } else { "s" };
        let retreat = if route.retreats() { ", a retreat" } else { "" };
        let _ = writeln!(out, "  {name}: {route}  ({moves} move{plural}){retreat}");
    }
    out
}

/// Each move preceded by the name of the knight that makes it (`C 2-7`),
/// `?` where no route holds it.
pub fn named_moves<'a>(
    routes: &'a [Route],
    moves: &'a [Move],
) -> impl Iterator<Item = String> + 'a {
    moves.iter().map(|m| {
        let mut on = routes
            .iter()
            .filter(|r| r.cells.windows(2).any(|w| w == [m.from, m.to]));
        format!("{} {m}", on.next().map_or('?', |r| r.name))
    })
}
