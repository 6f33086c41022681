//! Boards, moves, solvers, sweeps and the `Puzzle` trait of the
//! sliding-tile puzzles, checked against each other and against the
//! published figures.

use eight_puzzle::{
    Algorithm, Board, EightPuzzle, Move, Puzzle, SlidingSpace, SolveError, SolveOptions, Standard,
    check_reflection, replay, solve,
};
use proptest::prelude::*;
use search_core::layers::{Sweep, Table};
use search_core::puzzle::{
    check_interrupted, check_notation, check_refusals, check_replay_refusals, optimal_length,
    solve_by,
};
use search_core::rules::Ranked;

use crate::common::{board, eight_puzzle_layers, moves};

#[test]
fn reads_the_blank_as_0_or_dot_and_ignores_extra_spaces() {
    let same = board(&["8 6 7", "2 5 4", "3 0 1"]);
    for rows in [
        ["8 6 7", "2 5 4", "3 . 1"],
        ["8 6 7 ", " 2  5 4", "3 0 1  "],
    ] {
        assert_eq!(board(&rows), same, "{rows:?}");
    }
}

#[test]
fn rejects_malformed_boards() {
    let refused = r#"
        => the board has no cells
        1 2 3/4 5/6 7 0 => row 2 has 2 cells, but the first row has 3
        1 2 3/4 x 6/7 8 0 => row 2: "x" is not a tile number
        1 2 3/4 -5 6/7 8 0 => row 2: "-5" is not a tile number
        1 2 3/4 5 6/7 8 8 => tile 8 occurs more than once (so another tile is missing)
        1 2 3/4 5 6/7 8 9 => tile 9 is out of range: a board of 9 cells holds 0..8
        1 2 3/4 5 6/7 8 300 => tile 300 is out of range: a board of 9 cells holds 0..8
        1 0 => a 2x1 board is not supported (each side at least 2, at most 25 cells)
        0 0 0 0 0 0/0 0 0 0 0 0/0 0 0 0 0 0/0 0 0 0 0 0/0 0 0 0 0 0 => a 6x5 board is not supported (each side at least 2, at most 25 cells)
    "#;
    assert_eq!(
        check_refusals::<EightPuzzle>(Default::default(), refused),
        Ok(())
    );
    assert!(Board::new(3, 3, &[0, 1, 2]).is_err());
}

#[test]
fn prints_boards_as_the_seed_does() {
    assert_eq!(
        board(&["8 6 7", "2 5 4", "3 0 1"]).to_string(),
        "8 6 7\n2 5 4\n3 0 1"
    );
    assert_eq!(
        Board::solved(4, 4).unwrap().to_string(),
        " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  0"
    );
}

#[test]
fn solves_the_seed_instance_with_every_algorithm() {
    let start = board(&["8 6 7", "2 5 4", "3 0 1"]);
    let goal = Board::solved(3, 3).unwrap();
    for algorithm in Algorithm::ALL {
        let solution = solve_by::<EightPuzzle>(&start, &goal, algorithm)
            .unwrap()
            .found
            .unwrap();
        assert_eq!(
            (solution.len(), solution.optimal),
            (31, true),
            "{algorithm}"
        );
        let boards = replay(&start, &goal, &solution.moves).unwrap();
        assert_eq!(boards, solution.boards());
    }
    // Hiroi's program generated 181,439 states; the goal is the last but
    // one state this search generates, its moves listed up, down, left,
    // right (the last of the 181,440 is the other board 31 moves away).
    let bfs = solve_by::<EightPuzzle>(&start, &goal, Algorithm::Bfs).unwrap();
    assert_eq!(bfs.stats.generated, 181_438);
}

#[test]
fn unreachable_goals_are_answered_by_parity() {
    let goal = Board::solved(3, 3).unwrap();
    let swapped = board(&["1 2 3", "4 5 6", "8 7 0"]);
    for algorithm in Algorithm::ALL {
        let outcome = solve_by::<EightPuzzle>(&swapped, &goal, algorithm).unwrap();
        assert_eq!(outcome.found, None, "{algorithm}");
        assert_eq!(outcome.stats.expanded, 0, "decided without search");
    }
    let fifteen = Board::solved(4, 4).unwrap();
    let swapped = board(&["2 1 3 4", "5 6 7 8", "9 10 11 12", "13 14 15 0"]);
    let outcome = solve_by::<EightPuzzle>(&swapped, &fifteen, Algorithm::IdaManhattan).unwrap();
    assert_eq!(outcome.found, None);
}

#[test]
fn refuses_what_it_cannot_do() {
    let fifteen = Board::solved(4, 4).unwrap();
    assert_eq!(
        solve_by::<EightPuzzle>(&fifteen, &fifteen, Algorithm::Bfs)
            .unwrap_err()
            .to_string(),
        "bfs needs a table of 16! states; it runs up to 12 cells (use ida-pdb)"
    );
    let eight = Board::solved(3, 3).unwrap();
    assert_eq!(
        solve_by::<EightPuzzle>(&eight, &fifteen, Algorithm::IdaManhattan).unwrap_err(),
        SolveError::Mismatch("start is 3x3, goal is 4x4".to_string())
    );
    // The tables are within the memory allowed, or not built at all.
    let tight = |algorithm, max_memory| SolveOptions {
        max_memory,
        ..SolveOptions::with_algorithm(algorithm)
    };
    let start = board(&["8 6 7", "2 5 4", "3 0 1"]);
    // 9! bits, and two bits each from both ends.
    assert!(solve(&start, &eight, &tight(Algorithm::Bfs, 45_360)).is_ok());
    assert_eq!(
        solve(&start, &eight, &tight(Algorithm::Bidirectional, 90_719)).unwrap_err(),
        SolveError::TooLarge {
            needed: 90_720,
            limit: 90_719
        }
    );
    assert!(matches!(
        solve(&start, &eight, &tight(Algorithm::IdaPdb, 1_000)),
        Err(SolveError::TooLarge { limit: 1_000, .. })
    ));
    // Reflection is left out where it does not map the goal to itself.
    let wide = Board::solved(3, 2).unwrap();
    let reflected = SolveOptions {
        reflect: true,
        ..SolveOptions::default()
    };
    let start_wide = board(&["1 2 3", "4 0 5"]);
    assert_eq!(
        solve(&start_wide, &wide, &reflected)
            .unwrap()
            .found
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        check_reflection(&wide).unwrap_err(),
        SolveError::Unsupported(
            "the reflection about the diagonal needs a square board, not 3x2".to_string()
        )
    );
    // A budget stops the search, with the work done.
    let stopped = check_interrupted::<EightPuzzle>(&start, &eight, Algorithm::IdaManhattan, 100);
    assert_eq!(stopped, Ok(()));
}

#[test]
fn moves_are_written_as_the_tile_that_slides() {
    assert_eq!(Move { tile: 12 }.to_string(), "12");
    assert_eq!("5".parse(), Ok(Move { tile: 5 }));
    let bad = ["0", "x", "", "-3", "300"];
    assert_eq!(check_notation::<EightPuzzle>(&["5", "12"], &bad), Ok(()));
    let start = board(&["8 6 7", "2 5 4", "3 0 1"]);
    assert_eq!(start.moves(), moves(&[5, 3, 1]));
    for m in start.moves() {
        assert!(start.play(&m).is_ok());
    }
    assert_eq!(start.rows(), ["8 6 7", "2 5 4", "3 0 1"]);
    let fifteen = Board::solved(4, 4).unwrap();
    assert_eq!(Board::from_rows(&fifteen.rows()), Ok(fifteen));
}

#[test]
fn the_puzzle_trait_drives_the_crate() {
    assert_eq!(EightPuzzle::NAME, "eight-puzzle");
    let goal = board(&["1 2 3", "4 5 6", "7 8 0"]);
    let length = optimal_length::<EightPuzzle>(Standard, &["8 6 7", "2 5 4", "3 0 1"], &goal);
    assert_eq!(length, Ok(31));
}

#[test]
fn replay_rejects_wrong_solutions() {
    let start = board(&["1 2 3", "4 5 6", "0 7 8"]);
    let goal = Board::solved(3, 3).unwrap();
    let refused = "
        8 => move 1: tile 8 is not next to the blank
        7 9 => move 2: there is no tile 9
        4 => the moves end on Board([1, 2, 3, 0, 5, 6, 4, 7, 8]), which is not a goal
        => the moves end on …, which is not a goal
    ";
    let refusals = check_replay_refusals::<EightPuzzle>(&start, &goal, refused);
    assert_eq!(refusals, Ok(()));
    // Tile 0, the blank, has no notation as a move, but may be played.
    let blank = replay(&start, &goal, &moves(&[7, 0])).unwrap_err();
    assert_eq!(blank.to_string(), "move 2: there is no tile 0");
}

#[test]
fn the_eight_puzzle_sweep_matches_oeis_a089473() {
    let layers = eight_puzzle_layers();
    let expected = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
        10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];
    assert_eq!(layers.histogram, expected);
    assert_eq!(layers.reachable(), 181_440);
    let space = SlidingSpace::new(3, 3).unwrap();
    let farthest: Vec<String> = layers
        .farthest
        .iter()
        .map(|&r| space.unrank(r).to_string())
        .collect();
    assert_eq!(farthest, ["6 4 7\n8 5 0\n3 2 1", "8 6 7\n2 5 4\n3 0 1"]);
}

#[test]
fn parity_decides_reachability_exactly() {
    for (width, height) in [(2, 2), (2, 3), (3, 2), (3, 3)] {
        let space = SlidingSpace::new(width, height).unwrap();
        let goal = Board::solved(width, height).unwrap();
        let layers = Sweep::new(Table::Bytes)
            .run(&space, [goal], |_| {})
            .unwrap();
        let table = layers.distances.unwrap();
        assert_eq!(layers.histogram.iter().sum::<u64>() * 2, space.size());
        for rank in 0..space.size() {
            let b = space.unrank(rank);
            assert_eq!(b.can_reach(&goal), table.get(rank).is_some(), "{b:?}");
        }
    }
}

#[test]
fn every_small_board_is_solved_optimally_by_every_algorithm() {
    let space = SlidingSpace::new(2, 3).unwrap();
    let goal = Board::solved(2, 3).unwrap();
    let layers = Sweep::new(Table::Bytes)
        .run(&space, [goal], |_| {})
        .unwrap();
    let table = layers.distances.unwrap();
    for rank in 0..space.size() {
        let start = space.unrank(rank);
        for algorithm in Algorithm::ALL {
            let found = solve_by::<EightPuzzle>(&start, &goal, algorithm)
                .unwrap()
                .found;
            assert_eq!(
                found.as_ref().map(|s| s.len() as u32),
                table.get(rank),
                "{start:?} {algorithm}"
            );
            if let Some(s) = found {
                replay(&start, &goal, &s.moves).unwrap();
            }
        }
    }
}

#[test]
fn ida_solves_an_easy_fifteen_puzzle() {
    let start = board(&["1 2 3 4", "5 6 0 8", "9 10 7 11", "13 14 15 12"]);
    let goal = Board::solved(4, 4).unwrap();
    let solution = solve_by::<EightPuzzle>(&start, &goal, Algorithm::IdaManhattan)
        .unwrap()
        .found
        .unwrap();
    assert_eq!(solution.notation(), "7 11 12");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn algorithms_agree_with_the_sweep(rank in 0u64..362_880) {
        let space = SlidingSpace::new(3, 3).unwrap();
        let start = space.unrank(rank);
        let goal = Board::solved(3, 3).unwrap();
        let distance = eight_puzzle_layers().distances.as_ref().unwrap().get(rank);
        for algorithm in Algorithm::ALL {
            let found = solve_by::<EightPuzzle>(&start, &goal, algorithm).unwrap().found;
            prop_assert_eq!(found.as_ref().map(|s| s.len() as u32), distance);
            if let Some(s) = found {
                prop_assert!(replay(&start, &goal, &s.moves).is_ok());
            }
        }
    }

    #[test]
    fn arbitrary_rows_never_panic(rows in proptest::collection::vec("[0-9 x-]{0,12}", 0..6)) {
        if let Ok(b) = Board::from_rows(&rows) {
            prop_assert_eq!(Board::from_rows(&b.to_string().lines().collect::<Vec<_>>()), Ok(b));
        }
    }
}
