//! The line puzzle: boards, Hiroi's ten pairs, small boards swept whole,
//! and every bound checked against exact distances.

use std::collections::HashMap;
use std::sync::OnceLock;

use line_puzzle::{
    Algorithm, Board, LETTER_GROUPS, Letter, LinePuzzle, LineSpace, Move, PatternDb, Puzzle,
    SolveError, SolveOptions, Solver, Standard, can_reach, hiroi_bound, memory_needed, replay,
    solve,
};
use proptest::prelude::*;
use search_core::layers::{Sweep, Table};
use search_core::puzzle::{
    check_interrupted, check_notation, check_refusals, check_replay_refusals, distances_by_play,
    optimal_length, solve_by,
};
use search_core::rules::Ranked;

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).unwrap()
}

/// A solver of `algorithm` with the default options.
fn solver(goal: &Board, algorithm: Algorithm) -> Solver {
    Solver::new(goal, &SolveOptions::with_algorithm(algorithm)).unwrap()
}

/// M. Hiroi's five boards.
fn hiroi_boards() -> [(&'static str, Board); 5] {
    [
        ("start1", board(&["ACAS", "CDCA", "DBAB", "CDBD"])),
        ("start2", board(&["ABAS", "CDCD", "ABAB", "CDCD"])),
        ("start3", board(&["AABS", "AABB", "CCDD", "CCDD"])),
        ("goal1", board(&["ABAS", "CABD", "ACDB", "CDCD"])),
        ("goal3", board(&["ABAS", "DCDC", "BABA", "CDCD"])),
    ]
}

#[test]
fn reads_a_space_as_s_or_dot_and_letters_in_either_case() {
    let same = board(&["ACAS", "CDCA"]);
    for rows in [["acas", "cdca"], ["ACA.", "CDCA"], ["A C A .", "c d c a"]] {
        assert_eq!(board(&rows), same, "{rows:?}");
    }
}

#[test]
fn rejects_malformed_boards() {
    let refused = "
        AS => a 2x1 board is not supported (each side at least 2, at most 16 cells)
        ACASA/CDCAA/DBABA/CDBDA => a 5x4 board is not supported (each side at least 2, at most 16 cells)
        ACAS/CDC/DBAB/CDBD => row 2 has 3 cells, but the first row has 4
        ACAS/CDXA/DBAB/CDBD => row 2, column 3: 'X' is not a cell (A, B, C, D, or S or . for a space)
        ACAS/CDCA/DBAS/CDBD => the board has 2 spaces (S); it must have exactly one
        ACAA/CDCA/DBAB/CDBD => the board has 0 spaces (S); it must have exactly one
    ";
    assert_eq!(
        check_refusals::<LinePuzzle>(Default::default(), refused),
        Ok(())
    );
    assert_eq!(
        board(&["A C A S", "C D C A", "D B A B", "C D B D"]),
        board(&["ACAS", "CDCA", "DBAB", "CDBD"])
    );
}

#[test]
fn refuses_goals_with_other_pieces() {
    let start = board(&["AABS", "AABB", "CCDD", "CCDD"]);
    let check = |goal: &[&str], expected: &str| {
        let err = solve_by::<LinePuzzle>(&start, &board(goal), Algorithm::IdaPdb).unwrap_err();
        assert_eq!(err.to_string(), expected);
    };
    check(
        &["AABS", "AABB", "CCDD", "CCDA"],
        "the goal does not fit the start: 4 pieces A at the start, 5 in the goal",
    );
    check(
        &["AABS", "AABB", "CCDD"],
        "the goal does not fit the start: start is 4x4, goal is 4x3",
    );
}

#[test]
fn refuses_what_it_cannot_do() {
    let start = board(&["AABS", "AABB", "CCDD", "CCDD"]);
    let goal = board(&["ABAS", "DCDC", "BABA", "CDCD"]);
    // A byte per placement: C(16, 4) * C(12, 3) of {A, B}, C(16, 4) *
    // C(12, 4) of {C, D}; and while {C, D} is built, a bit per placement
    // and cell.
    let pairs = memory_needed(&goal, Algorithm::IdaPdb.groups());
    assert_eq!(pairs, 400_400 + 900_900 + 900_900 * 16 / 8);
    let tight = SolveOptions {
        max_memory: pairs - 1,
        ..SolveOptions::with_algorithm(Algorithm::IdaPdb)
    };
    assert_eq!(
        solve(&start, &goal, &tight).unwrap_err(),
        SolveError::TooLarge {
            needed: pairs,
            limit: pairs - 1
        }
    );
    // One database per letter fits where the pairs do not.
    let letters = SolveOptions {
        algorithm: Algorithm::IdaLetterPdb,
        ..tight.clone()
    };
    assert_eq!(
        solve(&start, &goal, &letters).unwrap().found.unwrap().len(),
        38
    );
    let twice: [&[Letter]; 2] = [&[Letter::A, Letter::B], &[Letter::B]];
    assert!(matches!(
        Solver::with_groups(&goal, &twice, &SolveOptions::default()),
        Err(SolveError::Unsupported(_))
    ));
    // A budget stops the search, with the work done.
    let stopped = check_interrupted::<LinePuzzle>(&start, &goal, Algorithm::IdaHiroi, 1_000);
    assert_eq!(stopped, Ok(()));
}

#[test]
fn moves_are_written_from_to() {
    let m = Move { from: 10, to: 14 };
    assert_eq!(m.to_string(), "10-14");
    assert_eq!("10-14".parse(), Ok(m));
    let bad = ["10", "10-", "-14", "a-b", "(10, 14)", "10-14-15"];
    assert_eq!(
        check_notation::<LinePuzzle>(&["10-14", "0-1"], &bad),
        Ok(())
    );
    let start = board(&["AABS", "AABB", "CCDD", "CCDD"]);
    assert_eq!(
        start.moves(),
        [Move { from: 2, to: 3 }, Move { from: 7, to: 3 }]
    );
    let names: Vec<String> = Algorithm::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["ida-letter-pdb", "ida-pdb", "ida-hiroi"]);
    assert_eq!("ida-hiroi".parse(), Ok(Algorithm::IdaHiroi));
    assert!("ida-seed".parse::<Algorithm>().is_err());
}

#[test]
fn the_puzzle_trait_drives_the_crate() {
    assert_eq!(LinePuzzle::NAME, "line-puzzle");
    // Hiroi's problem 1.
    let goal = board(&["ABAS", "CABD", "ACDB", "CDCD"]);
    let length = optimal_length::<LinePuzzle>(Standard, &["ACAS", "CDCA", "DBAB", "CDBD"], &goal);
    assert_eq!(length, Ok(30));
}

#[test]
fn solves_hiroi_s_ten_pairs() {
    // The article's table: first limit (the bound, rounded up to even), length.
    let table = [
        ("start1", "start2", 8, 30),
        ("start1", "start3", 20, 30),
        ("start1", "goal1", 16, 30),
        ("start1", "goal3", 10, 24),
        ("start2", "start3", 16, 32),
        ("start2", "goal1", 8, 16),
        ("start2", "goal3", 8, 24),
        ("start3", "goal1", 8, 22),
        ("start3", "goal3", 14, 38),
        ("goal1", "goal3", 8, 28),
    ];
    let boards = hiroi_boards();
    let find = |name: &str| boards.iter().find(|(n, _)| *n == name).unwrap().1;
    // The ten pairs have four goals: one solver, tables and all, per goal.
    let mut solvers: Vec<(Board, Solver)> = Vec::new();
    for (from, to, limit, length) in table {
        let (start, goal) = (find(from), find(to));
        assert_eq!(
            hiroi_bound(&start, &goal).next_multiple_of(2),
            limit,
            "{from} -> {to}"
        );
        if !solvers.iter().any(|(g, _)| *g == goal) {
            solvers.push((goal, solver(&goal, Algorithm::IdaPdb)));
        }
        let (_, by_pdb) = solvers.iter().find(|(g, _)| *g == goal).unwrap();
        let solution = by_pdb.solve(&start).unwrap().found.unwrap();
        assert_eq!(solution.len(), length, "{from} -> {to}");
        assert_eq!(
            replay(&start, &goal, &solution.moves).unwrap(),
            solution.boards()
        );
        // Hiroi's bound finds the same lengths (skipping problem 3's 715M nodes).
        if length < 38 {
            let baseline = solve_by::<LinePuzzle>(&start, &goal, Algorithm::IdaHiroi)
                .unwrap()
                .found
                .unwrap();
            assert_eq!(baseline.len(), length, "{from} -> {to}");
        }
    }
}

/// Distances to `goal` from every arrangement reachable, by a plain BFS over
/// boards in a hash map.
fn plain_distances(goal: &Board) -> HashMap<Board, u32> {
    distances_by_play::<LinePuzzle>([*goal])
}

/// Small boards with repeated pieces, and one with all pieces distinct.
fn small_goals() -> Vec<Board> {
    vec![
        board(&["AAB", "BCS"]),
        board(&["AB", "CD", "AS"]),
        board(&["AAB", "CDB", "CDS"]),
        board(&["ABA", "DSD", "CBC"]),
        board(&["AB", "CS"]),
    ]
}

#[test]
fn sweeps_of_small_boards_match_a_plain_bfs() {
    for goal in small_goals() {
        let space = LineSpace::new(&goal);
        let plain = plain_distances(&goal);
        for table in [Table::Bytes, Table::TwoBits] {
            let layers = Sweep::new(table).run(&space, [goal], |_| {}).unwrap();
            let mut histogram = vec![0u64; layers.histogram.len()];
            for &d in plain.values() {
                histogram[d as usize] += 1;
            }
            assert_eq!(layers.histogram, histogram, "{goal:?}");
        }
        // Reachability: everything when a letter repeats, half otherwise.
        let everything = Letter::ALL.iter().any(|&l| goal.count(l) > 1);
        let expected = if everything {
            space.size()
        } else {
            space.size() / 2
        };
        assert_eq!(plain.len() as u64, expected, "{goal:?}");
        for rank in 0..space.size() {
            let b = space.unrank(rank);
            assert_eq!(can_reach(&b, &goal), plain.contains_key(&b), "{b:?}");
        }
    }
}

#[test]
fn bounds_never_exceed_the_distance_on_small_boards() {
    for goal in small_goals() {
        let plain = plain_distances(&goal);
        let ab = PatternDb::build(&goal, &[Letter::A, Letter::B]);
        let cd = PatternDb::build(&goal, &[Letter::C, Letter::D]);
        let solver = solver(&goal, Algorithm::IdaPdb);
        let letters: Vec<PatternDb> = LETTER_GROUPS
            .iter()
            .map(|g| PatternDb::build(&goal, g))
            .collect();
        for (b, &d) in &plain {
            assert!(hiroi_bound(b, &goal) <= d, "{b:?}");
            assert!(ab.value(b) + cd.value(b) <= d, "{b:?}");
            assert!(solver.bound(b) <= d, "{b:?}");
            // One database per letter: admissible, and never below the
            // Hiroi's bound even before the two are maxed.
            let per_letter: u32 = letters.iter().map(|p| p.value(b)).sum();
            assert!(per_letter <= d, "{b:?}");
            assert!(per_letter >= hiroi_bound(b, &goal), "{b:?}");
        }
    }
}

#[test]
fn every_small_arrangement_is_solved_optimally() {
    for goal in small_goals() {
        let plain = plain_distances(&goal);
        let space = LineSpace::new(&goal);
        for algorithm in Algorithm::ALL {
            let solver = solver(&goal, algorithm);
            for rank in (0..space.size()).step_by(3) {
                let start = space.unrank(rank);
                let found = solver.solve(&start).unwrap().found;
                assert_eq!(
                    found.as_ref().map(|s| s.len() as u32),
                    plain.get(&start).copied(),
                    "{start:?}"
                );
                if let Some(s) = found {
                    replay(&start, &goal, &s.moves).unwrap();
                }
            }
        }
    }
}

#[test]
fn pruning_keeps_every_solution_on_small_boards() {
    // Every other arrangement of every small board, with Hiroi's bound (the
    // weakest, so the most nodes): the pruned search finds the very
    // solution of the unpruned one (the first optimal path in move order,
    // which no forbidden sequence can cut), never with more nodes.
    let (mut fewer, mut nodes) = (0u64, 0u64);
    for goal in small_goals() {
        let plain = plain_distances(&goal);
        let space = LineSpace::new(&goal);
        let pruned = solver(&goal, Algorithm::IdaHiroi);
        assert!(pruned.pruning().is_some());
        let options = SolveOptions {
            pruning: false,
            ..SolveOptions::with_algorithm(Algorithm::IdaHiroi)
        };
        let unpruned = Solver::new(&goal, &options).unwrap();
        assert!(unpruned.pruning().is_none());
        for rank in (0..space.size()).step_by(2) {
            let start = space.unrank(rank);
            let a = pruned.solve(&start).unwrap();
            let b = unpruned.solve(&start).unwrap();
            assert_eq!(a.found, b.found, "{start:?}");
            assert_eq!(
                a.found.as_ref().map(|s| s.len() as u32),
                plain.get(&start).copied()
            );
            assert!(a.stats.expanded <= b.stats.expanded, "{start:?}");
            fewer += b.stats.expanded - a.stats.expanded;
            nodes += b.stats.expanded;
        }
    }
    assert!(fewer > nodes / 10, "{fewer} fewer of {nodes}");
}

#[test]
fn replay_rejects_wrong_solutions() {
    let start = board(&["AABS", "AABB", "CCDD", "CCDD"]);
    let goal = board(&["ABAS", "DCDC", "BABA", "CDCD"]);
    let refused = "
        2-1 => move 1: cell 1 is not the space
        1-3 => move 1: 1-3: the cells are not next to each other
        7-3 2-3 => move 2: cell 3 is not the space
        2-3 => the moves end on …, which is not a goal
    ";
    let refusals = check_replay_refusals::<LinePuzzle>(&start, &goal, refused);
    assert_eq!(refusals, Ok(()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn pattern_databases_bound_random_walks(steps in proptest::collection::vec(0usize..4, 0..40)) {
        // A random walk from the goal: its length bounds the distance from above,
        // so every admissible bound must stay at or below it.
        static SOLVER: OnceLock<(Board, Solver)> = OnceLock::new();
        let (goal, solver) = SOLVER.get_or_init(|| {
            let goal = board(&["AABS", "AABB", "CCDD", "CCDD"]);
            (goal, solver(&goal, Algorithm::IdaPdb))
        });
        let mut b = *goal;
        for &i in &steps {
            let moves = b.moves();
            b = b.play(&moves[i % moves.len()]).unwrap();
        }
        prop_assert!(solver.bound(&b) as usize <= steps.len());
        if steps.len() <= 16 {
            let found = solver.solve(&b).unwrap().found.unwrap();
            prop_assert!(found.len() <= steps.len());
            prop_assert!(solver.bound(&b) as usize <= found.len());
        }
    }

    #[test]
    fn arbitrary_rows_never_panic(rows in proptest::collection::vec("[SABCDX ]{0,6}", 0..6)) {
        if let Ok(b) = Board::from_rows(&rows) {
            prop_assert_eq!(Board::from_rows(&b.rows()), Ok(b));
        }
    }
}

#[test]
fn solvers_refuse_groups_that_do_not_split_the_letters() {
    let goal = Board::from_rows(&["AB.", "CDA"]).unwrap();
    let options = SolveOptions::default();
    let refused = |groups: &[&[Letter]]| {
        matches!(
            Solver::with_groups(&goal, groups, &options),
            Err(SolveError::Unsupported(_))
        )
    };
    assert!(refused(&[&[Letter::A], &[Letter::A, Letter::B]]));
    assert!(refused(&[&[Letter::A], &[]]));
    assert!(refused(&[
        &[Letter::A],
        &[Letter::B],
        &[Letter::C],
        &[Letter::D],
        &[]
    ]));
    assert!(!refused(&[
        &[Letter::A],
        &[Letter::B],
        &[Letter::C],
        &[Letter::D]
    ]));
    assert!(!refused(&[]));
}
