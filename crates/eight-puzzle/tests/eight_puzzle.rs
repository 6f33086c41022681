//! Boards, solvers and sweeps of the sliding-tile puzzles, checked against
//! each other and against the published figures.

use std::sync::{Arc, OnceLock};

use eight_puzzle::{
    Algorithm, Board, Budget, EightPuzzle, Move, Outcome, Partition, PatternDb, PdbError, Puzzle,
    ReplayError, SlidingSpace, Solution, SolveError, SolveOptions, Standard, replay, solve,
};
use proptest::prelude::*;
use search_core::layers::{Layers, RankedSpace, Sweep, Table};

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).unwrap()
}

/// `solve` with `algorithm` and the default options.
fn solve_by(
    start: &Board,
    goal: &Board,
    algorithm: Algorithm,
) -> Result<Outcome<Solution>, SolveError> {
    solve(start, goal, &SolveOptions::with_algorithm(algorithm))
}

/// IDA* with the tables of `db`, reflected or not.
fn with_db(db: &Arc<PatternDb>, reflect: bool) -> SolveOptions {
    SolveOptions {
        pattern_db: Some(Arc::clone(db)),
        reflect,
        ..SolveOptions::default()
    }
}

fn moves(tiles: &[u8]) -> Vec<Move> {
    tiles.iter().map(|&tile| Move { tile }).collect()
}

/// The whole 8-puzzle from the solved board, computed once.
fn eight_puzzle_layers() -> &'static Layers {
    static LAYERS: OnceLock<Layers> = OnceLock::new();
    LAYERS.get_or_init(|| {
        let space = SlidingSpace::new(3, 3).unwrap();
        Sweep::new(Table::Bytes)
            .run(&space, [Board::solved(3, 3).unwrap()], |_| {})
            .unwrap()
    })
}

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
    let check = |rows: &[&str], expected: &str| {
        let err = Board::from_rows(rows).unwrap_err();
        assert_eq!(err.to_string(), expected, "{rows:?}");
    };
    check(&[], "the board has no rows");
    check(
        &["1 2 3", "4 5", "6 7 0"],
        "row 2 has 2 cells, but the first row has 3",
    );
    check(
        &["1 2 3", "4 x 6", "7 8 0"],
        "row 2: \"x\" is not a tile number",
    );
    check(
        &["1 2 3", "4 -5 6", "7 8 0"],
        "row 2: \"-5\" is not a tile number",
    );
    check(
        &["1 2 3", "4 5 6", "7 8 8"],
        "tile 8 occurs more than once (so another tile is missing)",
    );
    check(
        &["1 2 3", "4 5 6", "7 8 9"],
        "tile 9 is out of range: a board of 9 cells holds 0..8",
    );
    check(
        &["1 2 3", "4 5 6", "7 8 300"],
        "tile 300 is out of range: a board of 9 cells holds 0..8",
    );
    check(
        &["1 0"],
        "a 2x1 board is not supported (each side at least 2, at most 16 cells)",
    );
    check(
        &[
            "0 1 2 3 4",
            "5 6 7 8 9",
            "10 11 12 13 14",
            "15 16 17 18 19",
            "20 21 22 23 24",
        ],
        "a 5x5 board is not supported (each side at least 2, at most 16 cells)",
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
        let solution = solve_by(&start, &goal, algorithm).unwrap().found.unwrap();
        assert_eq!(
            (solution.len(), solution.optimal),
            (31, true),
            "{algorithm}"
        );
        let boards = replay(&start, &goal, &solution.moves).unwrap();
        assert_eq!(boards, solution.boards());
    }
    // Hiroi's program: BFS generated 181,439 states.
    let bfs = solve_by(&start, &goal, Algorithm::Bfs).unwrap();
    assert_eq!(bfs.stats.generated, 181_439);
}

#[test]
fn unreachable_goals_are_answered_by_parity() {
    let goal = Board::solved(3, 3).unwrap();
    let swapped = board(&["1 2 3", "4 5 6", "8 7 0"]);
    for algorithm in Algorithm::ALL {
        let outcome = solve_by(&swapped, &goal, algorithm).unwrap();
        assert_eq!(outcome.found, None, "{algorithm}");
        assert_eq!(outcome.stats.expanded, 0, "decided without search");
    }
    let fifteen = Board::solved(4, 4).unwrap();
    let swapped = board(&["2 1 3 4", "5 6 7 8", "9 10 11 12", "13 14 15 0"]);
    let outcome = solve_by(&swapped, &fifteen, Algorithm::IdaManhattan).unwrap();
    assert_eq!(outcome.found, None);
}

#[test]
fn refuses_what_it_cannot_do() {
    let fifteen = Board::solved(4, 4).unwrap();
    assert_eq!(
        solve_by(&fifteen, &fifteen, Algorithm::Bfs)
            .unwrap_err()
            .to_string(),
        "bfs needs a table of 16! states; it runs up to 12 cells (use ida-pdb)"
    );
    let eight = Board::solved(3, 3).unwrap();
    assert_eq!(
        solve_by(&eight, &fifteen, Algorithm::IdaManhattan).unwrap_err(),
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
    let wide = Board::solved(3, 2).unwrap();
    let reflected = SolveOptions {
        reflect: true,
        ..SolveOptions::default()
    };
    assert_eq!(
        solve(&wide, &wide, &reflected).unwrap_err(),
        SolveError::Unsupported("reflection needs a square board, not 3x2".to_string())
    );
    // A budget stops the search, with the work done.
    let budget = SolveOptions {
        budget: Budget::default().with_max_expanded(100),
        ..SolveOptions::with_algorithm(Algorithm::IdaManhattan)
    };
    match solve(&start, &eight, &budget) {
        Err(SolveError::Interrupted(i)) => assert_eq!(i.stats.expanded, 100),
        other => panic!("{other:?}"),
    }
}

#[test]
fn moves_are_written_as_the_tile_that_slides() {
    assert_eq!(Move { tile: 12 }.to_string(), "12");
    assert_eq!("5".parse(), Ok(Move { tile: 5 }));
    for bad in ["0", "x", "", "-3", "300"] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?}");
    }
    let start = board(&["8 6 7", "2 5 4", "3 0 1"]);
    assert_eq!(start.moves(), moves(&[5, 3, 1]));
    for m in start.moves() {
        assert!(start.play(&m).is_ok());
    }
    assert_eq!(start.rows(), ["8 6 7", "2 5 4", "3 0 1"]);
    let fifteen = Board::solved(4, 4).unwrap();
    assert_eq!(Board::from_rows(&fifteen.rows()), Ok(fifteen));
}

/// What a generic caller does with any puzzle of the workspace: read the
/// boards, solve with each algorithm, replay the solution, write the rows
/// back.
fn through_the_trait<P: Puzzle>(start: &[&str], goal: &[&str]) -> Vec<(String, usize)>
where
    P::Goal: From<P::Board>,
{
    let start = P::from_rows(Default::default(), start).unwrap();
    let goal = P::Goal::from(P::from_rows(Default::default(), goal).unwrap());
    let mut lengths = Vec::new();
    for &algorithm in P::ALGORITHMS {
        let solution = P::solve(&start, &goal, &P::options(algorithm))
            .unwrap()
            .found
            .unwrap();
        let boards = P::replay(&start, &goal, &solution.moves).unwrap();
        assert_eq!(boards, solution.boards());
        let notation: Vec<P::Move> = solution
            .notation()
            .split_whitespace()
            .map(|m| m.parse().ok().unwrap())
            .collect();
        assert_eq!(notation, solution.moves);
        lengths.push((algorithm.to_string(), solution.len()));
    }
    let rows = P::rows(&start);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    assert_eq!(P::from_rows(Default::default(), &rows).unwrap(), start);
    lengths
}

#[test]
fn the_puzzle_trait_drives_the_crate() {
    assert_eq!(EightPuzzle::NAME, "eight-puzzle");
    let start = ["8 6 7", "2 5 4", "3 0 1"];
    let lengths = through_the_trait::<EightPuzzle>(&start, &["1 2 3", "4 5 6", "7 8 0"]);
    let names: Vec<&str> = lengths.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(
        names,
        [
            "ida-pdb",
            "ida-linear-conflict",
            "ida-manhattan",
            "bidirectional",
            "bfs"
        ]
    );
    assert!(lengths.iter().all(|&(_, n)| n == 31));
    assert_eq!(
        EightPuzzle::options(Algorithm::ALL[0]).algorithm,
        SolveOptions::default().algorithm
    );
    assert!(EightPuzzle::from_rows(Standard, &["1 2", "3 3"]).is_err());
}

#[test]
fn replay_rejects_wrong_solutions() {
    let start = board(&["1 2 3", "4 5 6", "0 7 8"]);
    let goal = Board::solved(3, 3).unwrap();
    let check = |tiles: &[u8], expected: &str| {
        assert_eq!(
            replay(&start, &goal, &moves(tiles))
                .unwrap_err()
                .to_string(),
            expected
        );
    };
    check(&[8], "move 1: tile 8 is not next to the blank");
    check(&[7, 9], "move 2: there is no tile 9");
    check(&[7, 0], "move 2: there is no tile 0");
    check(
        &[4],
        "the moves end on Board([1, 2, 3, 0, 5, 6, 4, 7, 8]), which is not a goal",
    );
    assert!(matches!(
        replay(&start, &goal, &[]),
        Err(ReplayError::WrongEnd(_))
    ));
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
            let found = solve_by(&start, &goal, algorithm).unwrap().found;
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
    let solution = solve_by(&start, &goal, Algorithm::IdaManhattan)
        .unwrap()
        .found
        .unwrap();
    assert_eq!(solution.notation(), "7 11 12");
}

/// Korf's goal: the blank at cell 0, tile t at cell t.
fn korf_goal() -> Board {
    board(&["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"])
}

/// The 6-6-3 tables for Korf's goal, built once.
fn six_six_three() -> &'static Arc<PatternDb> {
    static DB: OnceLock<Arc<PatternDb>> = OnceLock::new();
    DB.get_or_init(|| {
        let goal = korf_goal();
        let db = PatternDb::build(
            &goal,
            &Partition::six_six_three(&goal).unwrap(),
            u64::MAX,
            |_, _| {},
        );
        Arc::new(db.unwrap())
    })
}

#[test]
fn one_group_of_every_tile_is_the_exact_distance() {
    // With all tiles in one group no cell is free but the blank's, so the
    // abstraction is the puzzle itself: the table is the sweep.
    let goal = Board::solved(3, 3).unwrap();
    let all = Partition::new(&goal, vec![(1..9).collect()]).unwrap();
    let db = PatternDb::build(&goal, &all, u64::MAX, |_, _| {}).unwrap();
    let space = SlidingSpace::new(3, 3).unwrap();
    let table = eight_puzzle_layers().distances.as_ref().unwrap();
    for rank in 0..space.size() {
        if let Some(d) = table.get(rank) {
            assert_eq!(db.bound(&space.unrank(rank)), d, "rank {rank}");
        }
    }
}

#[test]
fn pattern_databases_are_admissible_on_the_whole_eight_puzzle() {
    let goal = Board::solved(3, 3).unwrap();
    let space = SlidingSpace::new(3, 3).unwrap();
    let table = eight_puzzle_layers().distances.as_ref().unwrap();
    for groups in [
        vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
        vec![vec![1, 2, 4, 5, 7], vec![3, 6, 8]],
    ] {
        let db = PatternDb::build(
            &goal,
            &Partition::new(&goal, groups).unwrap(),
            u64::MAX,
            |_, _| {},
        )
        .unwrap();
        let mut sum = 0u64;
        for rank in 0..space.size() {
            if let Some(d) = table.get(rank) {
                let bound = db.bound(&space.unrank(rank));
                assert!(bound <= d, "rank {rank}: {bound} > {d}");
                assert_eq!(bound % 2, d % 2, "rank {rank}: the parity of a move count");
                sum += u64::from(bound);
            }
        }
        assert!(sum > 0);
    }
}

#[test]
fn korf_instances_are_solved_optimally_with_and_without_reflection() {
    // Korf (1985), instances 1, 2 and 79 with their published optimal lengths.
    let cases = [
        ([14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3], 57),
        ([13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6], 55),
        ([0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15], 42),
    ];
    let db = six_six_three();
    let goal = korf_goal();
    for (tiles, length) in cases {
        let start = Board::new(4, 4, &tiles).unwrap();
        let mut nodes = Vec::new();
        for reflect in [false, true] {
            let outcome = solve(&start, &goal, &with_db(db, reflect)).unwrap();
            let s = outcome.found.unwrap();
            assert_eq!(s.len(), length, "{tiles:?}");
            assert_eq!(replay(&start, &goal, &s.moves).unwrap(), s.boards());
            nodes.push(outcome.stats.expanded);
        }
        assert!(
            nodes[1] <= nodes[0],
            "reflection only raises the bound: {nodes:?}"
        );
    }
    // The budget's progress names IDA*'s own iterations as they begin.
    let start = Board::new(4, 4, &cases[2].0).unwrap();
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let record = std::sync::Arc::clone(&seen);
    let budget = Budget::default().with_progress(move |p| {
        if let search_core::Progress::Iteration { bound, expanded } = p {
            record.lock().unwrap().push((bound, expanded));
        }
    });
    let options = SolveOptions {
        budget,
        ..with_db(db, true)
    };
    let s = solve(&start, &goal, &options).unwrap();
    let seen = seen.lock().unwrap();
    let bounds: Vec<u32> = s.stats.iterations.iter().map(|i| i.bound).collect();
    assert_eq!(seen.iter().map(|p| p.0).collect::<Vec<_>>(), bounds);
    assert!(seen.windows(2).all(|w| w[0].1 < w[1].1));
    let swapped = board(&["0 2 1 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"]);
    let outcome = solve(&swapped, &goal, &with_db(db, true)).unwrap();
    assert_eq!(outcome.found, None);
}

/// A group's table computed the plainest way, independently of the crate's
/// build: a 0-1 breadth-first search over (placement of the group's tiles,
/// cell of the blank), where moving the blank onto a cell of no group tile
/// costs nothing and onto a group tile costs one move; a placement's value
/// is the least over the blank's cells (255 where none was reached).
fn reference_table(goal: &Board, tiles: &[u8]) -> Vec<u8> {
    use perm_rank::{Placements, Ranking};
    use std::collections::VecDeque;
    let (w, h, cells) = (goal.width(), goal.height(), goal.cells());
    let placements = Placements::new(cells, tiles.len()).unwrap();
    let size = placements.count() as usize;
    let mut dist = vec![u8::MAX; size * cells];
    let start: Vec<u8> = tiles
        .iter()
        .map(|&t| goal.position(t).unwrap() as u8)
        .collect();
    let first = placements.rank(&start).unwrap() as usize * cells + goal.blank();
    dist[first] = 0;
    let mut queue = VecDeque::from([first]);
    let mut at = vec![0u8; tiles.len()];
    while let Some(state) = queue.pop_front() {
        let (rank, blank) = (state / cells, state % cells);
        let d = dist[state];
        placements.unrank(rank as u64, &mut at).unwrap();
        let (row, col) = (blank / w, blank % w);
        let next_cells = [
            (row > 0).then(|| blank - w),
            (row + 1 < h).then(|| blank + w),
            (col > 0).then(|| blank - 1),
            (col + 1 < w).then(|| blank + 1),
        ];
        for cell in next_cells.into_iter().flatten() {
            let mut moved = at.clone();
            let (cost, next) = match moved.iter().position(|&c| usize::from(c) == cell) {
                Some(i) => {
                    moved[i] = blank as u8;
                    (1, placements.rank(&moved).unwrap() as usize * cells + cell)
                }
                None => (0, rank * cells + cell),
            };
            if d + cost < dist[next] {
                dist[next] = d + cost;
                if cost == 0 {
                    queue.push_front(next);
                } else {
                    queue.push_back(next);
                }
            }
        }
    }
    dist.chunks(cells)
        .map(|blanks| *blanks.iter().min().unwrap())
        .collect()
}

#[test]
fn pattern_databases_equal_the_plain_reference_build() {
    let cases: [(&[&str], Vec<Vec<u8>>); 5] = [
        (
            &["1 2 3", "4 5 6", "7 8 0"],
            vec![vec![1, 2, 3, 4, 5, 6, 7, 8]],
        ),
        (
            &["1 2 3", "4 5 6", "7 8 0"],
            vec![vec![1, 2, 4, 5, 7], vec![3, 6, 8]],
        ),
        (
            &["0 1 2 3", "4 5 6 7", "8 9 10 11"],
            vec![vec![1, 2, 3, 5], vec![6, 9, 10, 11, 7]],
        ),
        (
            &["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"],
            vec![vec![1, 2, 3], vec![5, 10, 15, 12]],
        ),
        (
            &["1 2 3 4", "5 6 7 8", "9 10 11 12", "13 14 15 0"],
            vec![vec![6, 7, 10, 11]],
        ),
    ];
    for (rows, groups) in cases {
        let goal = board(rows);
        let partition = Partition::new(&goal, groups.clone()).unwrap();
        let bytes = PatternDb::build(&goal, &partition, u64::MAX, |_, _| {})
            .unwrap()
            .to_bytes();
        let reference: Vec<u8> = groups
            .iter()
            .flat_map(|tiles| reference_table(&goal, tiles))
            .collect();
        // The tables come last, before the 8-byte checksum.
        let tables = &bytes[bytes.len() - 8 - reference.len()..bytes.len() - 8];
        assert!(tables == reference.as_slice(), "{rows:?} {groups:?}");
    }
}

#[test]
fn pattern_databases_are_identical_with_one_two_and_four_threads() {
    let goal = Board::from_rows(&["0 1 2 3", "4 5 6 7", "8 9 10 11"]).unwrap();
    let partition =
        Partition::new(&goal, vec![vec![1, 2, 3, 4, 5], vec![6, 7, 8, 9, 10, 11]]).unwrap();
    let built: Vec<Vec<u8>> = [1, 2, 4]
        .into_iter()
        .map(|threads| {
            search_core::par::with_threads(threads, || {
                PatternDb::build(&goal, &partition, u64::MAX, |_, _| {})
                    .unwrap()
                    .to_bytes()
            })
            .unwrap()
        })
        .collect();
    assert_eq!(built[0], built[1]);
    assert_eq!(built[0], built[2]);
}

#[test]
fn pattern_databases_round_trip_and_refuse_corrupt_bytes() {
    let db = six_six_three();
    let goal = korf_goal();
    let partition = Partition::six_six_three(&goal).unwrap();
    let bytes = db.to_bytes();
    assert_eq!(
        &PatternDb::from_bytes_for(&bytes, &goal, &partition).unwrap(),
        &**db
    );
    let mut flipped = bytes.clone();
    flipped[1000] ^= 1;
    assert_eq!(
        PatternDb::from_bytes(&flipped),
        Err(PdbError::Corrupt("the checksum does not match".to_string()))
    );
    assert!(matches!(
        PatternDb::from_bytes(&bytes[..bytes.len() / 2]),
        Err(PdbError::Corrupt(_))
    ));
    assert!(matches!(
        PatternDb::from_bytes(b"not a table"),
        Err(PdbError::Corrupt(_))
    ));
    // A header announcing a table of 16!/1! bytes is refused, not allocated.
    let mut huge = b"EPUZPDB2".to_vec();
    huge.extend([4, 4]);
    huge.extend(0..16u8);
    huge.extend([1, 15]);
    huge.extend(1..16u8);
    assert_eq!(
        PatternDb::from_bytes(&huge),
        Err(PdbError::Corrupt("the file is truncated".to_string()))
    );
    let other = Board::solved(4, 4).unwrap();
    assert_eq!(
        PatternDb::from_bytes_for(&bytes, &other, &Partition::six_six_three(&other).unwrap()),
        Err(PdbError::Mismatch)
    );
}

#[test]
fn pattern_databases_state_and_refuse_their_memory() {
    let goal = korf_goal();
    let seven_eight = Partition::seven_eight(&goal).unwrap();
    assert_eq!(seven_eight.name(), "7-8");
    assert_eq!(seven_eight.memory_needed(16), 57_657_600 + 518_918_400);
    let error =
        PatternDb::build(&goal, &seven_eight, 256 << 20, |_, _| unreachable!()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the pattern database needs 990 MiB (1037836800 bytes), more than the 256 MiB allowed"
    );
    let cases: [(Vec<Vec<u8>>, &str); 3] = [
        (vec![vec![]], "bad tile groups: a group is empty"),
        (
            vec![vec![1, 2], vec![2]],
            "bad tile groups: tile 2 is in two groups",
        ),
        (
            vec![vec![0]],
            "bad tile groups: tile 0 is not a tile of a 16-cell board",
        ),
    ];
    for (groups, message) in cases {
        assert_eq!(
            Partition::new(&goal, groups).unwrap_err().to_string(),
            message
        );
    }
    assert!(Partition::six_six_three(&Board::solved(3, 3).unwrap()).is_err());
    let eight = Board::solved(3, 3).unwrap();
    let db =
        PatternDb::build(&eight, &Partition::default_for(&eight), u64::MAX, |_, _| {}).unwrap();
    let db = Arc::new(db);
    let start = board(&["1 2 3", "4 5 6", "7 0 8"]);
    let solution = solve(&start, &eight, &with_db(&db, false)).unwrap().found;
    assert_eq!(solution.unwrap().moves, moves(&[8]));
    assert_eq!(
        solve(&korf_goal(), &korf_goal(), &with_db(&db, false)),
        Err(SolveError::Mismatch(
            "the pattern databases were built for another goal".to_string()
        ))
    );
    assert!(matches!(
        solve(&korf_goal(), &eight, &with_db(&db, false)),
        Err(SolveError::Mismatch(_))
    ));
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
            let found = solve_by(&start, &goal, algorithm).unwrap().found;
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

/// The crate's build is the abstraction of `search_core::pdb::regions`
/// (every tile a kind of its own, the blank's region of cells free of the
/// group), searched its own way: both give the same tables.
#[test]
fn pattern_databases_equal_the_generic_region_build() {
    use perm_rank::{Placements, Ranking};
    use search_core::grid::Rect;
    use search_core::pdb::regions::{PlacementRanking, Regions};

    struct Cells(Placements);
    impl<const K: usize> PlacementRanking<K> for Cells {
        fn count(&self) -> u64 {
            self.0.count()
        }
        fn rank(&self, pieces: &[u64; K]) -> u64 {
            self.0
                .rank(&pieces.map(|m| m.trailing_zeros() as u8))
                .unwrap()
        }
        fn unrank(&self, rank: u64) -> [u64; K] {
            let mut cells = [0u8; K];
            self.0.unrank(rank, &mut cells).unwrap();
            cells.map(|c| 1 << c)
        }
    }
    fn table<const K: usize>(goal: &Board, tiles: &[u8]) -> Vec<u8> {
        let ranking = Cells(Placements::new(goal.cells(), K).unwrap());
        let pieces = std::array::from_fn(|i| 1 << goal.position(tiles[i]).unwrap());
        let rect = Rect::new(goal.width(), goal.height());
        Regions::<_, K, u16>::new(ranking, rect, pieces, goal.blank())
            .build(None, |_| {})
            .unwrap()
            .into_values()
    }
    let goal = board(&["0 1 2 3", "4 5 6 7", "8 9 10 11"]);
    let groups = vec![vec![1, 2, 3, 4, 5], vec![6, 7, 8, 9, 10, 11]];
    let partition = Partition::new(&goal, groups.clone()).unwrap();
    let bytes = PatternDb::build(&goal, &partition, u64::MAX, |_, _| {})
        .unwrap()
        .to_bytes();
    let generic = [table::<5>(&goal, &groups[0]), table::<6>(&goal, &groups[1])].concat();
    assert!(generic.iter().any(|&v| v > 10));
    // The tables come last, before the 8-byte checksum.
    let tables = &bytes[bytes.len() - 8 - generic.len()..bytes.len() - 8];
    assert!(tables == generic.as_slice());
}
