//! The contract every puzzle crate of the workspace follows, so that one
//! generic function can parse, solve, replay and describe any puzzle.
//!
//! A puzzle crate offers the same shape for the same ideas:
//!
//! | idea | name |
//! | --- | --- |
//! | a position | `Board`, built by `Board::from_rows`, written by `rows()` and `Display` |
//! | one move | `Move: Display + FromStr`, the numbers it names joined by `-` |
//! | playing a move | `Board::play(&Move) -> Result<Board, MoveError>` |
//! | solving | `solve(&start, &goal, &SolveOptions) -> Result<Outcome<Solution>, SolveError>` |
//! | the answer | [`Solution`]: `moves`, `len()`, `boards()` (the start, then one board per move), `optimal` |
//! | checking an answer | `replay(&start, &goal, &moves)`, the rules alone, no search; [`verify`] for a whole [`Solution`] |
//! | what went wrong | [`SolveError`], shared, so that a failure has one name everywhere |
//! | the puzzle as a type | a unit type implementing [`Puzzle`] (`EightPuzzle`, `FlipIt`, ...) |
//!
//! Each crate's `SolveOptions` holds `algorithm`, `budget` and `max_memory`
//! (bytes its tables may take, [`DEFAULT_MAX_MEMORY`] by default) beside the
//! puzzle's own knobs, and has a [`Default`] that solves optimally with the
//! fastest algorithm.
//!
//! # Written once
//!
//! The contract fixes these names, so what follows from them is written
//! here, not in each crate. The crate's `Board`, `Move` and `solve` are the
//! puzzle; [`Puzzle`] is the same API seen by generic code, and its impl in
//! a crate of the workspace is written by [`impl_puzzle!`](crate::impl_puzzle)
//! from the four things that differ (the name, the variant type, the goal
//! type and the default goal); everything else hands over to the board and
//! to `solve`. A goal that is a board is reached by equality, through the
//! blanket impl of [`Goal`]; a goal that describes boards implements
//! [`Goal`] itself. The enums of named values (each crate's `Algorithm`,
//! Flip It's `Variant`) get `ALL`, `name`, `Display` and `FromStr` from
//! [`named_values!`](crate::named_values), so every name is read and
//! refused in the same words. A puzzle of a user's own (the example below)
//! implements [`Puzzle`] by hand, naming its types as it likes.
//!
//! # Example
//!
//! A counter puzzle written against the contract: add 1 or double, from a
//! start to a goal; [`Puzzle::replay`] comes with the trait, and [`verify`]
//! checks a solution with it.
//!
//! ```
//! use search_core::bfs::bfs;
//! use search_core::puzzle::{Puzzle, Solution, SolveError, Standard};
//! use search_core::{Budget, Outcome, Stats};
//!
//! struct Counter;
//!
//! #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
//! struct Options;
//!
//! #[derive(Debug)]
//! struct Illegal;
//! impl std::fmt::Display for Illegal {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         f.write_str("a move adds 1 or doubles")
//!     }
//! }
//! impl std::error::Error for Illegal {}
//!
//! impl Puzzle for Counter {
//!     const NAME: &'static str = "counter";
//!     type Variant = Standard;
//!     type Board = u32;
//!     type Move = u32; // the number reached
//!     type Goal = u32;
//!     type Algorithm = &'static str;
//!     type Options = Options;
//!     type BoardError = std::num::ParseIntError;
//!     type MoveError = Illegal;
//!     const ALGORITHMS: &'static [&'static str] = &["bfs"];
//!
//!     fn from_rows(_: Standard, rows: &[&str]) -> Result<u32, Self::BoardError> {
//!         rows.concat().trim().parse()
//!     }
//!     fn rows(board: &u32) -> Vec<String> {
//!         vec![board.to_string()]
//!     }
//!     fn play(board: &u32, m: &u32) -> Result<u32, Illegal> {
//!         if *m == board + 1 || *m == board * 2 { Ok(*m) } else { Err(Illegal) }
//!     }
//!     fn moves(board: &u32) -> Vec<u32> {
//!         vec![board + 1, board * 2]
//!     }
//!     fn default_goal(_: &u32) -> Option<u32> {
//!         None
//!     }
//!     fn options_with_budget(_: &'static str, _: Budget) -> Options {
//!         Options
//!     }
//!     fn solve(start: &u32, goal: &u32, _: &Options) -> Result<Outcome<Solution<u32, u32>>, SolveError> {
//!         if start > goal {
//!             return Err(SolveError::Mismatch(format!("{start} is past {goal}")));
//!         }
//!         let path = bfs(start, |&n| [n + 1, n * 2].into_iter().filter(|&m| m <= *goal), |n| n == goal);
//!         let found = path.map(|boards| Solution::new(boards[1..].to_vec(), boards, true));
//!         Ok(Outcome { found, stats: Stats::default() })
//!     }
//! }
//!
//! let start = Counter::from_rows(Standard, &["3"])?;
//! let solution = Counter::solve(&start, &10, &Options)?.found.unwrap();
//! assert_eq!(solution.moves, [4, 5, 10]);
//! assert_eq!(solution.boards(), [3, 4, 5, 10]);
//! assert_eq!(search_core::puzzle::verify::<Counter>(&start, &10, &solution), Ok(()));
//! assert!(Counter::replay(&start, &10, &[6, 12]).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::error::Error;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use crate::replay::ReplayError;
use crate::{Budget, Bytes, Interrupted, Outcome};

mod check;
mod errors;
mod macros;
mod notation;
mod options;
mod report;
mod runs;

pub use check::{
    Attempt, Backtrack, check_against, check_interrupted, check_notation, check_refusals,
    check_replay_refusals, distances_by_play, optimal_length, random_walk, solve_by,
    solve_with_each, verify,
};
pub use notation::{FromTo, Standard, by_name, move_numbers};
pub use report::Report;
pub use runs::{Runs, ms_since};

/// A puzzle, as every puzzle crate of the workspace offers it: a unit type
/// naming the puzzle, whose associated types and functions are the crate's
/// own (`Board`, `Move`, `SolveOptions`, `solve`, ...).
pub trait Puzzle {
    /// The puzzle's name, as its crate and its fixtures' folder spell it
    /// (`"eight-puzzle"`).
    const NAME: &'static str;
    /// The rules' variants (Flip It's jumps, peg solitaire's lattice), or
    /// [`Standard`] for a puzzle that has one set of rules.
    type Variant: Copy + Eq + Default + fmt::Debug + fmt::Display + FromStr<Err = String>;
    /// A position.
    type Board: Clone + Eq + Hash + fmt::Debug + fmt::Display;
    /// One move; displayed as the numbers it names joined by `-`, and parsed
    /// back from that.
    type Move: Clone + Eq + fmt::Debug + fmt::Display + FromStr;
    /// What a solution must reach: a board, or a description of the boards
    /// that count as solved.
    type Goal: Clone + fmt::Debug + Goal<Self::Board>;
    /// The solving algorithms offered; displayed by name.
    type Algorithm: Copy + Eq + fmt::Debug + fmt::Display + 'static;
    /// The crate's `SolveOptions`.
    type Options: Clone + fmt::Debug;
    /// Why rows are not a board.
    type BoardError: Error;
    /// Why a move is illegal.
    type MoveError: Error;

    /// Every algorithm, fastest first; [`Puzzle::options`] of the first is the
    /// default.
    const ALGORITHMS: &'static [Self::Algorithm];

    /// Reads a board of `variant` from its rows, as the fixtures write it.
    fn from_rows(variant: Self::Variant, rows: &[&str]) -> Result<Self::Board, Self::BoardError>;

    /// The board's rows, as [`Puzzle::from_rows`] reads them.
    fn rows(board: &Self::Board) -> Vec<String>;

    /// The legal moves from `board`, in the order the searches try them.
    fn moves(board: &Self::Board) -> Vec<Self::Move>;

    /// The goal a start is solved towards when none is given (the solved
    /// 8-puzzle, the knights exchanged, every piece white), or `None` where
    /// the puzzle has no natural one.
    fn default_goal(start: &Self::Board) -> Option<Self::Goal>;

    /// The board after `m`, or why the rules forbid it.
    fn play(board: &Self::Board, m: &Self::Move) -> Result<Self::Board, Self::MoveError>;

    /// Whether `board` solves the puzzle for `goal`: [`Goal::is_reached`].
    fn is_goal(board: &Self::Board, goal: &Self::Goal) -> bool {
        goal.is_reached(board)
    }

    /// The options that run `algorithm` with no budget and the crate's
    /// default memory limit.
    fn options(algorithm: Self::Algorithm) -> Self::Options {
        Self::options_with_budget(algorithm, Budget::default())
    }

    /// The options that run `algorithm` within `budget`, with the crate's
    /// default memory limit.
    fn options_with_budget(algorithm: Self::Algorithm, budget: Budget) -> Self::Options;

    /// Solves from `start` to `goal`: `found` is `None` when the search
    /// proved that the goal cannot be reached.
    fn solve(
        start: &Self::Board,
        goal: &Self::Goal,
        options: &Self::Options,
    ) -> Result<Outcome<SolutionOf<Self>>, SolveError>;

    /// Plays `moves` from `start` with the rules alone and checks that they
    /// end on the goal; every board, the start first.
    fn replay(
        start: &Self::Board,
        goal: &Self::Goal,
        moves: &[Self::Move],
    ) -> Result<Vec<Self::Board>, ReplayErrorOf<Self>> {
        crate::replay::replay(
            start,
            moves,
            |board, m| Self::play(board, &m),
            |end| Self::is_goal(end, goal),
        )
    }
}

/// What a solution must reach, as a [`Puzzle::Goal`]: a board is reached by
/// itself (every board type is a goal of its own), and a goal that describes
/// several boards (Flip It's every piece white) says which.
pub trait Goal<B> {
    /// Whether `board` reaches the goal.
    fn is_reached(&self, board: &B) -> bool;
}

impl<B: PartialEq> Goal<B> for B {
    fn is_reached(&self, board: &B) -> bool {
        self == board
    }
}

/// The memory a puzzle's `SolveOptions::default()` lets its tables take:
/// 1 GiB.
pub const DEFAULT_MAX_MEMORY: u64 = 1 << 30;

/// A solution of puzzle `P`.
pub type SolutionOf<P> = Solution<<P as Puzzle>::Move, <P as Puzzle>::Board>;

/// Why a claimed solution of puzzle `P` is not one.
pub type ReplayErrorOf<P> = ReplayError<<P as Puzzle>::MoveError, <P as Puzzle>::Board>;

/// The options of a puzzle that has no knobs of its own (Flip It, the
/// knights): the algorithm, a budget, and the bytes its tables may take.
/// A crate names it `SolveOptions`, a type alias, and says what its
/// algorithms make of each field.
#[derive(Debug, Clone)]
pub struct SolveOptions<A> {
    /// The algorithm; by default the crate's default, its fastest.
    pub algorithm: A,
    /// A node limit, a cancellation flag, a progress callback (none by
    /// default).
    pub budget: Budget,
    /// The bytes the search's tables may take: [`DEFAULT_MAX_MEMORY`] by
    /// default.
    pub max_memory: u64,
}

impl<A: Default> Default for SolveOptions<A> {
    fn default() -> SolveOptions<A> {
        SolveOptions {
            algorithm: A::default(),
            budget: Budget::default(),
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

impl<A: Default> SolveOptions<A> {
    /// The default options with `algorithm`.
    ///
    /// ```
    /// use search_core::puzzle::SolveOptions;
    ///
    /// #[derive(Debug, Clone, Copy, PartialEq, Default)]
    /// enum Algorithm {
    ///     #[default]
    ///     Fast,
    ///     Plain,
    /// }
    /// let options = SolveOptions::with_algorithm(Algorithm::Plain);
    /// assert_eq!(options.algorithm, Algorithm::Plain);
    /// assert_eq!(options.max_memory, SolveOptions::<Algorithm>::default().max_memory);
    /// ```
    pub fn with_algorithm(algorithm: A) -> SolveOptions<A> {
        SolveOptions {
            algorithm,
            ..SolveOptions::default()
        }
    }
}

/// A solution: the moves, the boards they pass through, and whether their
/// number is proven to be the least.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<M, B> {
    /// The moves, from the start.
    pub moves: Vec<M>,
    /// Whether no shorter solution exists (proven by the search that found
    /// it); `false` for a solution that is only the first one found.
    pub optimal: bool,
    /// Why the solution is not proven optimal, when `optimal` is false and
    /// the search says why (an IDA* bound shown to overestimate).
    pub reason: Option<String>,
    boards: Vec<B>,
}

impl<M, B> Solution<M, B> {
    /// A solution of `moves` passing through `boards`: the start, then the
    /// board after each move.
    ///
    /// # Panics
    ///
    /// If there is not one board more than moves.
    pub fn new(moves: Vec<M>, boards: Vec<B>, optimal: bool) -> Solution<M, B> {
        assert_eq!(
            boards.len(),
            moves.len() + 1,
            "a solution has the start and one board per move"
        );
        Solution {
            moves,
            optimal,
            reason: None,
            boards,
        }
    }

    /// The same solution, saying why it is not proven optimal.
    pub fn with_reason(mut self, reason: Option<String>) -> Solution<M, B> {
        self.reason = reason;
        self
    }

    /// A solution of `moves` from `start`, its boards computed by `play`
    /// (the puzzle's rules), or the first move that breaks them.
    pub fn from_moves<E>(
        start: B,
        moves: Vec<M>,
        optimal: bool,
        mut play: impl FnMut(&B, &M) -> Result<B, E>,
    ) -> Result<Solution<M, B>, E> {
        let mut boards = Vec::with_capacity(moves.len() + 1);
        boards.push(start);
        for m in &moves {
            let next = play(&boards[boards.len() - 1], m)?;
            boards.push(next);
        }
        Ok(Solution::new(moves, boards, optimal))
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the start already is the goal.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The start, then the board after each move: one more than
    /// [`Solution::len`].
    pub fn boards(&self) -> &[B] {
        &self.boards
    }

    /// The board the moves end on.
    pub fn end(&self) -> &B {
        &self.boards[self.boards.len() - 1]
    }
}

impl<M: fmt::Display, B> Solution<M, B> {
    /// The moves in the puzzle's notation, separated by spaces.
    pub fn notation(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        moves.join(" ")
    }
}

/// Why a puzzle was not solved: the same failure has the same name in every
/// puzzle crate.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SolveError {
    /// The goal does not belong with the start: another size or shape,
    /// other pieces.
    Mismatch(String),
    /// The options ask for what this board does not offer (an algorithm
    /// beyond its size, an illegal first move).
    Unsupported(String),
    /// The algorithm's tables would take more memory than allowed.
    TooLarge {
        /// What they would take, in bytes.
        needed: u64,
        /// The limit, in bytes.
        limit: u64,
    },
    /// The budget ran out or the search was cancelled, with the work done.
    Interrupted(Interrupted),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Mismatch(why) => write!(f, "the goal does not fit the start: {why}"),
            SolveError::Unsupported(why) => f.write_str(why),
            SolveError::TooLarge { needed, limit } => write!(
                f,
                "the tables need {}, over the limit of {}",
                Bytes(*needed),
                Bytes(*limit)
            ),
            SolveError::Interrupted(interrupted) => interrupted.fmt(f),
        }
    }
}

impl Error for SolveError {}

impl SolveError {
    /// `Ok` where a start and a goal of `(width, height)` have the same
    /// shape; otherwise the [`SolveError::Mismatch`] that names both.
    ///
    /// ```
    /// use search_core::puzzle::SolveError;
    ///
    /// assert_eq!(SolveError::check_shape((3, 3), (3, 3)), Ok(()));
    /// assert_eq!(
    ///     SolveError::check_shape((3, 3), (4, 3)).unwrap_err().to_string(),
    ///     "the goal does not fit the start: start is 3x3, goal is 4x3"
    /// );
    /// ```
    pub fn check_shape(start: (usize, usize), goal: (usize, usize)) -> Result<(), SolveError> {
        if start == goal {
            return Ok(());
        }
        Err(SolveError::Mismatch(format!(
            "start is {}x{}, goal is {}x{}",
            start.0, start.1, goal.0, goal.1
        )))
    }
}

impl From<Interrupted> for SolveError {
    fn from(interrupted: Interrupted) -> SolveError {
        SolveError::Interrupted(interrupted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_has_one_board_more_than_moves() {
        let s = Solution::from_moves(1u32, vec![2u32, 3], true, |b, m| {
            if m > b { Ok(*m) } else { Err("down") }
        })
        .unwrap();
        assert_eq!((s.len(), s.boards(), *s.end()), (2, &[1, 2, 3][..], 3));
        assert_eq!(s.notation(), "2 3");
        assert_eq!(
            Solution::from_moves(5u32, vec![4u32], true, |b, m| {
                if m > b { Ok(*m) } else { Err("down") }
            }),
            Err("down")
        );
    }

    #[test]
    #[should_panic(expected = "one board per move")]
    fn boards_must_match_moves() {
        let _ = Solution::new(vec![1u8], vec![0u8], true);
    }

    #[test]
    fn standard_reads_its_name_only() {
        assert_eq!("standard".parse::<Standard>(), Ok(Standard));
        assert!("diagonal".parse::<Standard>().is_err());
        assert_eq!(Standard.to_string(), "standard");
    }

    #[test]
    fn errors_name_sizes_in_binary_units() {
        let e = SolveError::TooLarge {
            needed: 3 << 20,
            limit: 1 << 30,
        };
        assert_eq!(
            e.to_string(),
            "the tables need 3.0 MiB, over the limit of 1.0 GiB"
        );
    }
}
