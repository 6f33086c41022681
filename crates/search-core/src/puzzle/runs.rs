//! The runs of one instance: each algorithm's search, timed, its solution
//! replayed with the rules alone, and the answer said in words.

use std::fmt::Display;
use std::time::Instant;

use super::{Puzzle, SolutionOf, verify};
use crate::Outcome;
use crate::text::{Run, length};

/// The runs of one instance so far, in the order they ran.
#[derive(Debug)]
pub struct Runs<P: Puzzle> {
    /// One entry per algorithm.
    pub runs: Vec<Run>,
    /// For each run, whether its solution replayed to the goal through the
    /// boards it reported (and each move read back from its notation).
    pub verdicts: Vec<Result<(), String>>,
    /// The first run's solution: the one a report draws.
    pub first: Option<SolutionOf<P>>,
    /// Why a run's solution is not proven optimal, where a search's own
    /// answer showed its bound to overestimate.
    pub unproven: Option<String>,
}

impl<P: Puzzle> Default for Runs<P> {
    fn default() -> Runs<P> {
        Runs {
            runs: Vec::new(),
            verdicts: Vec::new(),
            first: None,
            unproven: None,
        }
    }
}

impl<P: Puzzle> Runs<P> {
    /// Records a finished search of `algorithm` that took `ms` (and
    /// `build_ms` for its tables before): its solution is checked against
    /// the rules here.
    pub fn record(
        &mut self,
        algorithm: impl Display,
        (start, goal): (&P::Board, &P::Goal),
        outcome: Outcome<SolutionOf<P>>,
        (ms, build_ms): (f64, f64),
    ) {
        let (found, stats, algorithm) = (outcome.found, outcome.stats, algorithm.to_string());
        if let Some(s) = found.as_ref().filter(|s| !s.optimal) {
            let why = s
                .reason
                .as_deref()
                .unwrap_or("its search does not prove it minimal");
            self.unproven
                .get_or_insert_with(|| format!("{algorithm}: {why}"));
        }
        self.verdicts.push(
            found
                .as_ref()
                .map_or(Ok(()), |s| verify::<P>(start, goal, s)),
        );
        let moves = found.as_ref().map(|s| s.len() as u32);
        self.runs.push(Run {
            algorithm,
            moves,
            stats,
            ms,
            build_ms,
        });
        if self.runs.len() == 1 {
            self.first = found;
        }
    }

    /// The answer line: the length of the first run's solution, proven
    /// optimal `how`, or where it found none, the goal unreachable, `why`.
    pub fn answer(&self, how: &str, why: &str) -> String {
        match &self.first {
            Some(s) => format!("answer: {} (optimal; {how})", length(Some(s.len() as u32))),
            None => format!("answer: unreachable ({why})"),
        }
    }

    /// Solves with `options`, timed, and records the run under `name`.
    ///
    /// # Errors
    ///
    /// The search's error, in words.
    pub fn solve(
        &mut self,
        name: impl Display,
        ends: (&P::Board, &P::Goal),
        options: &P::Options,
    ) -> Result<(), String> {
        let clock = Instant::now();
        let outcome = P::solve(ends.0, ends.1, options).map_err(|e| e.to_string())?;
        self.record(name, ends, outcome, (ms_since(clock), 0.0));
        Ok(())
    }
}

/// The milliseconds since `clock`.
pub fn ms_since(clock: Instant) -> f64 {
    clock.elapsed().as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use super::Runs;
    use crate::puzzle::{Puzzle, Solution, SolveError, Standard};
    use crate::{Outcome, Stats};

    /// Steps up by one or two from a number to a larger one.
    struct Up;

    impl Puzzle for Up {
        const NAME: &'static str = "up";
        type Variant = Standard;
        type Board = u32;
        type Move = u32;
        type Goal = u32;
        type Algorithm = &'static str;
        type Options = bool;
        type BoardError = std::num::ParseIntError;
        type MoveError = std::fmt::Error;
        const ALGORITHMS: &'static [&'static str] = &["climb"];

        fn from_rows(_: Standard, rows: &[&str]) -> Result<u32, Self::BoardError> {
            rows.concat().parse()
        }
        fn rows(board: &u32) -> Vec<String> {
            vec![board.to_string()]
        }
        fn moves(board: &u32) -> Vec<u32> {
            vec![board + 1, board + 2]
        }
        fn default_goal(_: &u32) -> Option<u32> {
            None
        }
        fn play(board: &u32, m: &u32) -> Result<u32, std::fmt::Error> {
            (*m > *board && *m <= board + 2)
                .then_some(*m)
                .ok_or(std::fmt::Error)
        }
        fn options_with_budget(_: &'static str, _: crate::Budget) -> bool {
            true
        }
        /// Two at a time, then one; with `false`, a path marked unproven
        /// that skips a step.
        fn solve(
            start: &u32,
            goal: &u32,
            honest: &bool,
        ) -> Result<Outcome<Solution<u32, u32>>, SolveError> {
            let mut boards = vec![*start];
            while boards[boards.len() - 1] < *goal {
                let b = boards[boards.len() - 1];
                boards.push(if *honest { (b + 2).min(*goal) } else { b + 3 });
            }
            let moves = boards[1..].to_vec();
            let found = Solution::new(moves, boards, *honest)
                .with_reason((!honest).then(|| "a guess".into()));
            Ok(Outcome {
                found: (start <= goal).then_some(found),
                stats: Stats::default(),
            })
        }
    }

    #[test]
    fn optimal_length_wants_the_default_options_first() {
        // Up's only algorithm runs with `true`; its default options are `false`.
        let length = crate::puzzle::optimal_length::<Up>(Standard, &["1"], &6);
        let refused = "the default options are not those of climb: false";
        assert_eq!(length, Err(refused.to_string()));
    }

    #[test]
    fn each_run_is_replayed_and_the_first_is_the_answer() {
        let mut runs = Runs::<Up>::default();
        runs.solve("honest", (&1, &6), &true).unwrap();
        runs.solve("cheat", (&1, &7), &false).unwrap();
        assert_eq!(
            runs.runs.iter().map(|r| r.moves).collect::<Vec<_>>(),
            [Some(3), Some(2)]
        );
        assert!(runs.verdicts[0].is_ok() && runs.verdicts[1].is_err());
        assert_eq!(runs.unproven.as_deref(), Some("cheat: a guess"));
        assert_eq!(
            runs.answer("replayed", "-"),
            "answer: 3 moves (optimal; replayed)"
        );
        let mut none = Runs::<Up>::default();
        none.solve("honest", (&5, &1), &true).unwrap();
        assert_eq!(
            none.answer("-", "it only goes up"),
            "answer: unreachable (it only goes up)"
        );
    }

    #[test]
    fn a_report_draws_the_runs_and_says_what_is_not_proven() {
        let mut runs = Runs::<Up>::default();
        runs.solve("cheat", (&1, &7), &false).unwrap();
        let mut d = crate::text::Drawing::new(&1, &7, "never");
        d.before = "up\n".to_string();
        let report = runs.report("one".into(), "# one\n".into(), d, vec!["bad".into()]);
        assert!(
            report.snapshot.starts_with("# one\nup\n\nalgorithm"),
            "{}",
            report.snapshot
        );
        assert!(
            report
                .snapshot
                .ends_with("\nnot proven optimal: cheat: a guess\n")
        );
        assert_eq!(
            (report.moves, report.optimal, report.verified),
            (Some(2), false, false)
        );
        assert_eq!(
            (report.solution.join(" "), report.reason.as_deref()),
            ("4 7".into(), Some("cheat: a guess"))
        );
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_value(&report).unwrap();
            assert_eq!(
                (json["runs"][0]["moves"].as_u64(), json["reason"].as_str()),
                (Some(2), Some("cheat: a guess"))
            );
            assert_eq!(
                (json["algorithm"].as_str(), json.get("count")),
                (Some("cheat"), None)
            );
        }
    }
}
