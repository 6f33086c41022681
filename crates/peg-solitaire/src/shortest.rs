//! The shortest solution over every problem of a board, without the table
//! of every problem.

use search_core::Stats;
use search_core::levels::LevelReport;

use crate::board::{Board, Jump};
use crate::meet::{MeetOptions, meet_between};
use crate::moves::symmetries_keeping;
use crate::problems::{Holes, Problem};
use crate::solve::SolveError;

/// The shortest solution over every problem of a board:
/// [`shortest_problem`]'s result.
#[derive(Debug, Clone)]
pub struct ShortestProblem {
    /// A problem with the fewest moves of all (where several tie, the one
    /// the search met first) and a solution with that many moves, replayed;
    /// `None` when no problem of the board can be solved.
    pub solution: Option<(Problem, Vec<Jump>)>,
    /// No problem has a solution with fewer moves: the solution's, or,
    /// where the search stopped first, what it proved before; `None` when
    /// no problem can be solved.
    pub at_least: Option<u32>,
    /// Why the search stopped before the two sides met (the memory limit),
    /// if it did; `solution` is then `None`.
    pub stopped: Option<SolveError>,
    /// Positions per level by moves from the one-hole starts, up to the
    /// board's symmetries.
    pub forward: Vec<u64>,
    /// Positions per level by moves back from the one-peg finishes.
    pub backward: Vec<u64>,
    /// How many symmetries (the board's, the identity included) the search
    /// reduced by.
    pub symmetries: usize,
    /// Positions expanded and kept.
    pub stats: Stats,
}

/// The fewest moves over every problem of the board of `board` (its holes;
/// its pegs do not matter), and a problem with that many: G. I. Bell's
/// "shortest solution to any problem beginning with one peg missing and
/// ending with one peg" (OEIS A127500 for the triangles), without the
/// table of every problem.
///
/// One search by levels by moves grown from every one-hole start and back
/// from every one-peg finish at once until they meet, as [`meet_moves`](crate::meet_moves)
/// does for one start and one goal: the starts from which the class rule
/// ([`JumpSpan`](crate::JumpSpan)) allows some survivor, the finishes it allows from some
/// start, positions reduced by all the board's symmetries (which map both
/// sets onto themselves). The levels from the finishes cannot be read off
/// those from the starts by complements, as the levels by single jumps
/// can: the complement turns a move of several jumps, played backwards,
/// into jumps by different pegs.
///
/// Memory: [`MEET_BYTES_PER_POSITION`](crate::MEET_BYTES_PER_POSITION) per
/// position kept, and the buffers that build a level by their own bytes,
/// checked against `options.max_memory` while each level is built. Where
/// the next level does not fit, the search stops (`stopped`), having
/// checked first, part of its last level at a time, whether one more move
/// joins the two sides: `at_least` is then the fewest moves it proved
/// necessary.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, Lattice, MeetOptions, shortest_problem};
///
/// let triangle = Board::from_rows_in(Lattice::Triangular, &["    o    ", "   o o   ", "  o o o  ", " o o o o ", "o o . o o"])?;
/// let shortest = shortest_problem(&triangle, &MeetOptions::default(), |_| {});
/// let (problem, jumps) = shortest.solution.unwrap();
/// assert_eq!(problem.moves, Some(9)); // G. I. Bell: 9 moves on the 15-hole triangle
/// assert_eq!(jumps.len(), 13);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn shortest_problem(
    board: &Board,
    options: &MeetOptions,
    mut progress: impl FnMut(&LevelReport),
) -> ShortestProblem {
    shortest_problem_reporting(board, options, &mut progress)
}

/// [`shortest_problem`], compiled once whatever the caller's closure.
fn shortest_problem_reporting(
    board: &Board,
    options: &MeetOptions,
    progress: &mut dyn FnMut(&LevelReport),
) -> ShortestProblem {
    let holes = Holes::new(board);
    let (g, n) = (board.geometry(), holes.n);
    let all = g.all();
    let canon = symmetries_keeping(g, &[]);
    // The holes that some pair the class rule allows has as its vacancy,
    // and as its survivor (none on a board of one hole).
    let holes = &holes;
    let paired = |of_vacancy: bool| {
        (0..n).filter(move |&h| {
            n > 1
                && (0..n).any(|o| {
                    let (v, s) = if of_vacancy { (h, o) } else { (o, h) };
                    holes.same_class(v, s)
                })
        })
    };
    let starts = paired(true).map(|v| all & !(1 << v)).collect();
    let finishes = paired(false).map(|s| 1 << s).collect();
    let met = meet_between(
        g,
        &canon,
        (starts, finishes),
        &|_, _| true,
        options,
        progress,
    );
    let solution = met.solution.map(|(moves, start, finish, jumps)| {
        let (start_board, finish_board) = (
            board.with_pegs(start).expect("holes of the board"),
            board.with_pegs(finish).expect("holes of the board"),
        );
        crate::solution::replay_jumps(&start_board, &finish_board, &jumps)
            .expect("a solution read back from the levels replays");
        let problem = Problem {
            vacancy: (all ^ start).trailing_zeros() as u8,
            survivor: finish.trailing_zeros() as u8,
            moves: Some(moves),
            by: "search",
        };
        (problem, jumps)
    });
    let at_least = (solution.is_some() || met.stopped.is_some()).then_some(met.at_least);
    ShortestProblem {
        solution,
        at_least,
        stopped: met.stopped,
        forward: met.forward,
        backward: met.backward,
        symmetries: canon.len(),
        stats: met.stats,
    }
}
