//! Peg solitaire: Hiroi's 21-hole board (its jump table, the 12-move
//! minimum and the counts, with and without Hiroi's pruning), the
//! 15-hole triangle, and the searches checked against brute force.

use peg_solitaire::{
    Algorithm, BYTES_PER_POSITION, Board, Lattice, LevelOptions, MeetOptions, MoveError,
    SolveError, SolveOptions, count_jump_sequences, count_position_sequences, explore_moves,
    find_solution, meet_moves, move_count, peg_class_pruning, replay, replay_jumps, solution_jumps,
    solve,
};
use proptest::prelude::*;
use search_core::Budget;

use crate::common::brute::brute_force;
use crate::common::{ENGLISH, SEED, TRIANGLE};

fn seed() -> (Board, Board) {
    let start = Board::from_rows_in(Lattice::Triangular, &SEED).unwrap();
    let goal = start.with_pegs(1 << 6).unwrap();
    (start, goal)
}

/// M. Hiroi's table, as printed in his article: for each hole, (over, to).
const SEED_TABLE: [&[(u8, u8)]; 21] = [
    &[(2, 4)],
    &[(2, 3)],
    &[(3, 5), (4, 7)],
    &[(2, 1), (5, 8), (6, 10)],
    &[(2, 0), (6, 9), (7, 11)],
    &[(3, 2), (6, 7), (8, 13), (9, 15)],
    &[(9, 14), (10, 16)],
    &[(4, 2), (6, 5), (10, 15), (11, 17)],
    &[(5, 3), (9, 10), (13, 19)],
    &[(6, 4), (10, 11)],
    &[(6, 3), (9, 8)],
    &[(7, 4), (10, 9), (17, 20)],
    &[(13, 14)],
    &[(8, 5), (14, 15)],
    &[(9, 6), (13, 12), (15, 16)],
    &[(9, 5), (10, 7), (14, 13), (16, 17)],
    &[(10, 6), (15, 14), (17, 18)],
    &[(11, 7), (16, 15)],
    &[(17, 16)],
    &[(13, 8)],
    &[(17, 11)],
];

#[test]
fn the_derived_jump_table_is_the_seeds() {
    let (start, _) = seed();
    let g = start.geometry();
    assert_eq!(g.holes(), 21);
    for (hole, expected) in SEED_TABLE.iter().enumerate() {
        let derived: Vec<(u8, u8)> = g.jumps_from(hole).map(|j| (j.over, j.to)).collect();
        assert_eq!(&derived, expected, "hole {hole}");
    }
    // The holes have the six symmetries of the triangle 2, 13, 17 (the
    // corners' pairs of holes turn with it); of these only the identity and
    // the mirror keep hole 6 in place, and the mirror swaps 14 and 16.
    assert_eq!(g.symmetries().len(), 6);
    let fixing: Vec<&Vec<u8>> = g.symmetries().iter().filter(|s| s[6] == 6).collect();
    assert_eq!(fixing.len(), 2);
    assert_eq!(fixing[1][14], 16);
    assert_eq!(start.numbered_rows()[5], "12  13  14  15  16  17  18");
}

#[test]
fn peg_classes_and_corners_come_from_the_board() {
    let (start, goal) = seed();
    let g = start.geometry();
    let classes = g.peg_classes();
    assert_eq!(classes.len(), 4);
    assert!(classes.contains(&vec![0, 4, 9, 11, 20]));
    assert!(classes.contains(&vec![2, 5, 7, 13, 15, 17]));
    let corners: Vec<usize> = (0..21).filter(|h| g.unjumpable() >> h & 1 == 1).collect();
    assert_eq!(corners, [0, 1, 12, 18, 19, 20]);
    let pruning = peg_class_pruning(&start, &goal).unwrap();
    assert_eq!(
        pruning.guarded,
        [2, 5, 7, 13, 15, 17].iter().fold(0, |m, h| m | 1 << h)
    );
    let mut origins: Vec<u8> = pruning.forbidden.iter().map(|j| j.from).collect();
    origins.dedup();
    assert_eq!(origins, [3, 4, 8, 11, 14, 16]);
}

#[test]
fn the_seed_board_needs_twelve_moves_and_has_96_solutions_from_14_to_6() {
    let (start, goal) = seed();
    let first = start
        .jumps()
        .into_iter()
        .find(|j| (j.from, j.to) == (14, 6))
        .unwrap();
    for pruning in [false, true] {
        let options = SolveOptions {
            algorithm: Algorithm::IdaCorners,
            first_jump: Some(first),
            pruning,
            ..SolveOptions::default()
        };
        let solution = solve(&start, &goal, &options).unwrap().found.unwrap();
        assert_eq!(solution.len(), 12);
        assert_eq!(solution_jumps(&solution).len(), 19);
        assert_eq!(solution.boards().len(), 13);
        replay(&start, &goal, &solution.moves).unwrap();
        let count = count_jump_sequences(&start, &goal, 12, &options).unwrap();
        assert_eq!(count.found, Some(96), "pruning {pruning}");
        let all = SolveOptions {
            first_jump: None,
            ..options
        };
        let count = count_jump_sequences(&start, &goal, 12, &all).unwrap();
        assert_eq!(count.found, Some(192), "pruning {pruning}");
        let positions = count_position_sequences(&start, &goal, pruning, &Budget::default())
            .unwrap()
            .found
            .unwrap();
        assert_eq!(positions.length, 12);
        assert_eq!(positions.count, 96, "pruning {pruning}");
    }
}

/// IDA*, the breadth-first search by moves (reduced by symmetry), and the
/// counts, against the brute force, on small boards and reachable and
/// unreachable goals.
#[test]
fn the_searches_and_counts_agree_with_brute_force() {
    let triangle = Board::from_rows_in(Lattice::Triangular, &TRIANGLE).unwrap();
    let all = triangle.geometry().all();
    let square = Board::from_rows_in(Lattice::Square, &["oooo", "oooo", "oo.o"]).unwrap();
    let mut cases = Vec::new();
    for (empty, peg) in [(12, 0), (3, 3), (0, 12), (4, 12), (0, 6), (3, 14), (1, 10)] {
        cases.push((
            triangle.with_pegs(all & !(1 << empty)).unwrap(),
            triangle.with_pegs(1 << peg).unwrap(),
        ));
    }
    for goal in [0b1, 0b10_0000, 1 << 9, 1 << 11] {
        cases.push((square.clone(), square.with_pegs(goal).unwrap()));
    }
    let mut reachable = 0;
    for (start, goal) in &cases {
        let brute = brute_force(start, goal);
        for algorithm in Algorithm::ALL {
            let options = SolveOptions::with_algorithm(algorithm);
            let found = solve(start, goal, &options).unwrap().found;
            assert_eq!(
                found.as_ref().map(|s| s.len() as u32),
                brute.best,
                "{algorithm}: {start:?} to {goal:?}"
            );
            if let Some(solution) = found {
                replay(start, goal, &solution.moves).unwrap();
            }
        }
        let options = LevelOptions {
            goal: Some(goal.clone()),
            ..LevelOptions::default()
        };
        let levels = explore_moves(start, &options, |_| {}).unwrap();
        assert_eq!(levels.distance(goal), brute.best);
        let meeting = meet_moves(start, goal, &MeetOptions::default(), |_| {}).unwrap();
        assert_eq!(meeting.solution.as_ref().map(|s| s.0), brute.best);
        if let Some((moves, jumps)) = &meeting.solution {
            assert_eq!(move_count(jumps), *moves);
            replay_jumps(start, goal, jumps).unwrap();
        }
        let Some(best) = brute.best else {
            assert!(levels.solution_to(goal).is_none());
            continue;
        };
        reachable += 1;
        let path = levels.solution_to(goal).unwrap();
        assert_eq!(move_count(&path), best);
        replay_jumps(start, goal, &path).unwrap();
        for pruning in [false, true] {
            let options = SolveOptions {
                pruning,
                ..SolveOptions::default()
            };
            let count = count_jump_sequences(start, goal, best, &options).unwrap();
            assert_eq!(count.found, Some(brute.jump_sequences));
            let positions = count_position_sequences(start, goal, pruning, &Budget::default())
                .unwrap()
                .found
                .unwrap();
            assert_eq!(
                (positions.length, positions.count),
                (best, brute.positions.len() as u128)
            );
        }
    }
    assert!(reachable >= 6, "{reachable}");
}

#[test]
fn the_english_board_is_solved_and_its_big_search_refuses_to_exceed_memory() {
    let english = Board::from_rows(&ENGLISH).unwrap();
    assert_eq!(english.geometry().holes(), 33);
    assert_eq!(english.geometry().symmetries().len(), 8);
    let goal = english.with_pegs(1 << 16).unwrap();
    let (jumps, _) = find_solution(&english, &goal, &Budget::default())
        .unwrap()
        .unwrap();
    assert_eq!(jumps.len(), 31);
    replay_jumps(&english, &goal, &jumps).unwrap();
    // Searches with limits stop with an error instead of running on.
    let stopped =
        find_solution(&english, &goal, &Budget::default().with_max_expanded(100)).unwrap_err();
    assert!(
        stopped.to_string().contains("after 100 expansions"),
        "{stopped}"
    );
    let options = SolveOptions {
        algorithm: Algorithm::IdaCorners,
        budget: Budget::default().with_max_expanded(1_000),
        ..SolveOptions::default()
    };
    let stopped = solve(&english, &goal, &options).unwrap_err();
    assert!(stopped.to_string().contains("node budget"), "{stopped}");
    let options = LevelOptions {
        goal: Some(goal),
        max_memory: 1 << 20,
    };
    let mut last = 0;
    let refused = explore_moves(&english, &options, |r| last = r.level).unwrap_err();
    assert_eq!(
        refused,
        SolveError::TooLarge {
            needed: 211_994 * BYTES_PER_POSITION,
            limit: 1 << 20
        }
    );
    assert_eq!(last, 8);
    assert!(refused.to_string().contains("over the limit of 1.0 MiB"));
}

#[test]
fn the_levels_do_not_depend_on_the_thread_count() {
    let triangle = Board::from_rows_in(Lattice::Triangular, &TRIANGLE).unwrap();
    let start = triangle
        .with_pegs(triangle.geometry().all() & !(1 << 4))
        .unwrap();
    let run = |threads| {
        search_core::par::with_threads(threads, || {
            let levels = explore_moves(&start, &LevelOptions::default(), |_| {}).unwrap();
            let last: Vec<u64> = levels.level(levels.histogram().len() - 1).to_vec();
            (levels.histogram(), levels.stats().clone(), last)
        })
        .unwrap()
    };
    let (histogram, _, last) = run(1);
    assert_eq!(run(1), run(3));
    // The last level is not empty, and no level follows it.
    assert_eq!(last.len() as u64, *histogram.last().unwrap());
    assert!(!last.is_empty());
}

proptest! {
    #[test]
    fn any_rows_give_a_board_or_an_error(
        rows in proptest::collection::vec("[ o.x]{0,9}", 0..6),
        square in any::<bool>(),
    ) {
        let lattice = if square { Lattice::Square } else { Lattice::Triangular };
        if let Ok(board) = Board::from_rows_in(lattice, &rows) {
            prop_assert_eq!(Board::from_rows_in(lattice, &board.rows()), Ok(board.clone()));
            for j in board.jumps() {
                prop_assert!(board.play_jump(j).is_ok());
            }
            for s in 0..board.geometry().symmetries().len() {
                let image = board.geometry().transform(s, board.pegs());
                prop_assert_eq!(image.count_ones(), board.peg_count());
            }
        }
    }
}

/// The English central game's 18 moves from both ends (seconds in a debug
/// build; `solve-all` checks it too).
#[test]
fn the_english_minimum_is_proven_from_both_ends() {
    let english = Board::from_rows(&ENGLISH).unwrap();
    let goal = english.with_pegs(1 << 16).unwrap();
    let meeting = meet_moves(&english, &goal, &MeetOptions::default(), |_| {}).unwrap();
    let (moves, jumps) = meeting.solution.unwrap();
    assert_eq!(moves, 18);
    assert_eq!(move_count(&jumps), 18);
    replay_jumps(&english, &goal, &jumps).unwrap();
    // Levels below 18 - 1 in all, so no shorter solution was missed.
    assert_eq!(meeting.forward.len() + meeting.backward.len() - 2, 17);
    // A limit stops the search before it grows past it.
    let options = MeetOptions {
        max_memory: 1 << 20,
    };
    let refused = meet_moves(&english, &goal, &options, |_| {}).unwrap_err();
    assert!(
        matches!(refused, SolveError::TooLarge { limit, .. } if limit == 1 << 20),
        "{refused}"
    );
}

#[test]
fn moves_are_chains_of_jumps_by_one_peg_and_bad_ones_are_refused() {
    let (start, goal) = seed();
    let first: peg_solitaire::Move = "14-6".parse().unwrap();
    let after = start.play(&first).unwrap();
    assert_eq!(after.peg_count(), start.peg_count() - 1);
    assert_eq!(
        start.play(&"14-7".parse().unwrap()),
        Err(MoveError::NoJumpBetween { from: 14, to: 7 })
    );
    assert!(matches!(
        after.play(&"14-6".parse().unwrap()),
        Err(MoveError::NoPeg(_))
    ));
    assert!(matches!(
        "14".parse::<peg_solitaire::Move>(),
        Err(MoveError::Unreadable(_))
    ));
    assert!("14-x".parse::<peg_solitaire::Move>().is_err());
    // A solution's moves, played one by one, pass through its boards.
    let solution = solve(&start, &goal, &SolveOptions::default())
        .unwrap()
        .found
        .unwrap();
    let mut board = start.clone();
    for (m, expected) in solution.moves.iter().zip(&solution.boards()[1..]) {
        assert_eq!(m.to_string().parse::<peg_solitaire::Move>().as_ref(), Ok(m));
        board = board.play(m).unwrap();
        assert_eq!(&board, expected);
    }
    assert_eq!(board, goal);
    assert_eq!(solution.len(), 12);
    for algorithm in Algorithm::ALL {
        assert_eq!(algorithm.name().parse(), Ok(algorithm));
    }
    assert!("dfs".parse::<Algorithm>().is_err());
    // A fixed first jump is IDA*'s alone.
    let first = start.jumps()[0];
    let options = SolveOptions {
        first_jump: Some(first),
        ..SolveOptions::default()
    };
    assert!(matches!(
        solve(&start, &goal, &options),
        Err(SolveError::Unsupported(_))
    ));
}

#[test]
fn the_puzzle_trait_drives_the_crate() {
    use peg_solitaire::{PegSolitaire, Puzzle};
    use search_core::puzzle::optimal_length;
    let (start, goal) = seed();
    assert_eq!(PegSolitaire::NAME, "peg-solitaire");
    assert_eq!(PegSolitaire::default_goal(&start), None);
    let length = optimal_length::<PegSolitaire>(Lattice::Triangular, &SEED, &goal);
    assert_eq!(length, Ok(12));
}

#[test]
fn the_legal_moves_are_every_chain_of_jumps_by_one_peg() {
    // After the first two moves of a solution, some peg can jump twice.
    let (start, goal) = seed();
    let solution = solve(&start, &goal, &SolveOptions::default())
        .unwrap()
        .found
        .unwrap();
    for board in solution.boards() {
        let moves = board.moves();
        // The single jumps are exactly the legal jumps.
        let singles: Vec<String> = moves
            .iter()
            .filter(|m| m.holes().len() == 2)
            .map(ToString::to_string)
            .collect();
        let jumps: Vec<String> = board.jumps().iter().map(ToString::to_string).collect();
        assert_eq!(singles, jumps);
        for m in &moves {
            // Every move plays; every longer chain extends a listed one.
            let after = board.play(m).unwrap();
            assert_eq!(
                after.peg_count() as usize,
                board.peg_count() as usize + 1 - m.holes().len()
            );
            let holes = m.holes();
            if holes.len() > 2 {
                let shorter = holes[..holes.len() - 1].iter().map(u8::to_string);
                let shorter = shorter.collect::<Vec<_>>().join("-");
                assert!(moves.iter().any(|p| p.to_string() == shorter), "{m}");
            }
        }
        // A move the solution plays from this board is among them.
        if let Some(i) = solution.boards().iter().position(|b| b == board) {
            if let Some(m) = solution.moves.get(i) {
                assert!(moves.contains(m), "{m}");
            }
        }
    }
}
