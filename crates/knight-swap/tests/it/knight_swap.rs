//! Knight swap: parsing, the Perl article's and Guarini's puzzles, and every answer
//! checked against an independent breadth-first search and path count.

use knight_swap::{
    Algorithm, Board, Budget, KnightSpace, KnightSwap, Move, Puzzle, Solution, SolveError,
    SolveOptions, Standard, explore, replay, routes, solve,
};
use proptest::prelude::*;
use search_core::bfs::bfs;
use search_core::count::count_shortest_paths;
use search_core::puzzle::{
    check_interrupted, check_notation, check_refusals, check_replay_refusals, optimal_length,
};
use search_core::rules::Ranked;

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).unwrap()
}

fn next_boards(b: &Board) -> Vec<Board> {
    b.moves().into_iter().map(|m| b.play(&m).unwrap()).collect()
}

/// A shortest solution by each algorithm, checked to agree on the length
/// and replayed; the first.
fn solve_all(start: &Board, goal: &Board) -> Option<Solution> {
    let found: Vec<Option<Solution>> = Algorithm::ALL
        .into_iter()
        .map(|algorithm| {
            let options = KnightSwap::options(algorithm);
            let found = solve(start, goal, &options).unwrap().found;
            if let Some(s) = &found {
                assert!(s.optimal);
                assert_eq!(replay(start, goal, &s.moves).unwrap(), s.boards());
            }
            found
        })
        .collect();
    let lengths: Vec<Option<usize>> = found
        .iter()
        .map(|f| f.as_ref().map(Solution::len))
        .collect();
    assert!(lengths.windows(2).all(|w| w[0] == w[1]), "{lengths:?}");
    found.into_iter().next().unwrap()
}

/// The number of shortest solutions, counted on the sweep.
fn count(start: &Board, goal: &Board) -> u128 {
    explore(start, 1 << 30)
        .unwrap()
        .count_solutions(goal)
        .unwrap()
}

/// The length and count by a plain hash-based BFS over boards: a second,
/// independent method.
fn by_plain_bfs(start: &Board, goal: &Board) -> Option<(usize, u128)> {
    let path = bfs(start, next_boards, |b| b == goal)?;
    let count = count_shortest_paths(start, next_boards, |b| b == goal, &Budget::default())
        .unwrap()
        .found
        .unwrap();
    assert_eq!(count.length as usize, path.len() - 1);
    Some((count.length as usize, count.count))
}

/// The minimum and the number of shortest solutions by a third method, with
/// no breadth-first search: the number of walks of each length from the
/// start, by repeated products with the move graph's adjacency (dynamic
/// programming over every arrangement). The first length with a walk to the
/// goal is the minimum; its walks are exactly the shortest solutions.
fn by_walk_count(start: &Board, goal: &Board, max: usize) -> Option<(usize, u128)> {
    let space = KnightSpace::new(start).unwrap();
    let size = space.size() as usize;
    let target = space.rank(&space.knights(goal)) as usize;
    let mut walks = vec![0u128; size];
    walks[space.rank(&space.knights(start)) as usize] = 1;
    for length in 0..=max {
        if walks[target] > 0 {
            return Some((length, walks[target]));
        }
        let mut next = vec![0u128; size];
        let mut moves = Vec::new();
        for (rank, &w) in walks.iter().enumerate() {
            if w > 0 {
                space.neighbour_ranks(rank as u64, &mut moves, |n| next[n as usize] += w);
            }
        }
        walks = next;
    }
    None
}

#[test]
fn counts_match_a_walk_count() {
    for (start, goal) in [
        (
            ["bbb", "...", "...", "www"].as_slice(),
            ["www", "...", "...", "bbb"].as_slice(),
        ),
        (&["w.w", "...", "b.b"], &["b.b", "...", "w.w"]),
        (&["bbb", ".#.", ".#.", "www"], &["www", ".#.", ".#.", "bbb"]),
    ] {
        let (start, goal) = (board(start), board(goal));
        let solution = solve_all(&start, &goal).unwrap();
        assert_eq!(
            by_walk_count(&start, &goal, 20),
            Some((solution.len(), count(&start, &goal)))
        );
    }
}

#[test]
fn reads_knights_in_either_case_and_ignores_spaces_ending_a_row() {
    let same = board(&["bbb", "...", "www"]);
    for rows in [["BBB", "...", "WWW"], ["bbb ", "...  ", "wWw"]] {
        assert_eq!(board(&rows), same, "{rows:?}");
    }
}

#[test]
fn rejects_malformed_boards() {
    let refused = "
        => the board has no cells
        bbb/../www => row 2 has 2 cells, but the first row has 3
        bbb/.x./www => row 2, column 2: 'x' is not a cell (b, w, . or #; knights in either case)
        bbb/.../wSw => row 3, column 2: 'S' is not a cell (b, w, . or #; knights in either case)
        ......../......../......../......../......../......../......../......../........ => the board has 72 cells; at most 64 are supported
    ";
    assert_eq!(
        check_refusals::<KnightSwap>(Default::default(), refused),
        Ok(())
    );
}

#[test]
fn derives_the_articles_jump_table() {
    let article = [
        &[5, 7][..],
        &[6, 8],
        &[3, 7],
        &[2, 8, 10],
        &[9, 11],
        &[0, 6, 10],
        &[1, 5, 11],
        &[0, 2],
        &[1, 3, 9],
        &[4, 8],
        &[3, 5],
        &[4, 6],
    ];
    let b = board(&["bbb", "...", "...", "www"]);
    for (cell, expected) in article.iter().enumerate() {
        assert_eq!(b.jumps(cell), *expected, "cell {cell}");
    }
    // A cell that is not a square is never a landing cell.
    let holed = board(&["bbb", "...", "#..", "www"]);
    assert_eq!(holed.jumps(1), [8]);
}

#[test]
fn refuses_goals_of_another_setup() {
    let check = |start: &[&str], goal: &[&str], expected: &str| {
        for algorithm in Algorithm::ALL {
            let err = solve(&board(start), &board(goal), &KnightSwap::options(algorithm));
            assert!(matches!(err, Err(SolveError::Mismatch(_))), "{err:?}");
            assert_eq!(err.unwrap_err().to_string(), expected);
        }
        let explored = explore(&board(start), 1 << 20).unwrap();
        assert_eq!(
            explored
                .count_solutions(&board(goal))
                .unwrap_err()
                .to_string(),
            expected
        );
    };
    check(
        &["bbb", "...", "www"],
        &["www", "...", "bb."],
        "the goal does not fit the start: 3 black knights at the start, 2 in the goal",
    );
    check(
        &["bb", "ww"],
        &["www", "bbb"],
        "the goal does not fit the start: start is 2x2, goal is 3x2",
    );
    check(
        &["b#b", "w.w"],
        &["w.w", "b#b"],
        "the goal does not fit the start: their squares differ (`#` cells)",
    );
}

#[test]
fn solves_the_articles_puzzle_in_16_moves() {
    let start = board(&["bbb", "...", "...", "www"]);
    let goal = board(&["www", "...", "...", "bbb"]);
    let solution = solve_all(&start, &goal).unwrap();
    assert_eq!(solution.len(), 16);
    assert_eq!(
        Some((16, count(&start, &goal))),
        by_plain_bfs(&start, &goal)
    );
    // The six routes add up to 16 moves.
    let routes = routes(&start, &solution.moves).unwrap();
    assert_eq!(routes.iter().map(|r| r.moves()).sum::<usize>(), 16);
    assert_eq!(routes.iter().map(|r| r.name).collect::<String>(), "ABCXYZ");
}

#[test]
fn solves_guarinis_puzzle_in_16_moves() {
    let start = board(&["w.w", "...", "b.b"]);
    let goal = board(&["b.b", "...", "w.w"]);
    let solution = solve_all(&start, &goal).unwrap();
    assert_eq!(solution.len(), 16);
    assert_eq!(
        Some((16, count(&start, &goal))),
        by_plain_bfs(&start, &goal)
    );
}

#[test]
fn unreachable_goals_are_answers() {
    // A knight in the centre of a 3x3 board can never move.
    let start = board(&["b..", ".w.", "..."]);
    let goal = board(&["w..", ".b.", "..."]);
    assert_eq!(solve_all(&start, &goal), None);
    assert_eq!(count(&start, &goal), 0);
    assert_eq!(by_plain_bfs(&start, &goal), None);
}

#[test]
fn the_sweep_holds_every_distance_from_the_start() {
    let start = board(&["bbb", "...", "...", "www"]);
    let explored = explore(&start, 1 << 20).unwrap();
    assert_eq!(
        explored.histogram().iter().sum::<u64>(),
        explored.reachable()
    );
    assert_eq!(explored.distance(&start), Some(0));
    for far in explored.farthest() {
        assert_eq!(explored.distance(&far), Some(explored.max_distance()));
        let (length, _) = by_plain_bfs(&start, &far).unwrap();
        assert_eq!(length as u32, explored.max_distance());
    }
}

#[test]
fn replay_rejects_wrong_solutions() {
    let start = board(&["bbb", "...", "...", "www"]);
    let goal = board(&["www", "...", "...", "bbb"]);
    let refused = "
        3-8 => move 1: no knight on cell 3
        0-1 => move 1: cell 1 is not an empty square
        0-3 => move 1: 0-3 is not a knight's move
        0-4 => move 1: 0-4 is not a knight's move
        0-7 => the moves end on …, which is not a goal
    ";
    let refusals = check_replay_refusals::<KnightSwap>(&start, &goal, refused);
    assert_eq!(refusals, Ok(()));
}

#[test]
fn routes_show_retreats() {
    // C goes 2 -> 3 -> 8 -> 3: it comes back to 3.
    let start = board(&["bbb", "...", "...", "www"]);
    let moves = [
        Move { from: 2, to: 3 },
        Move { from: 3, to: 8 },
        Move { from: 8, to: 3 },
    ];
    let routes = routes(&start, &moves).unwrap();
    let c = routes.iter().find(|r| r.name == 'C').unwrap();
    assert_eq!(c.to_string(), "2:3:8:3");
    assert!(c.retreats());
    assert!(!routes.iter().any(|r| r.name != 'C' && r.retreats()));
}

#[test]
fn moves_read_back_what_they_write() {
    let good = ["8-3", "0-5", "63-46"];
    let bad = ["", "8", "8-", "-3", "8->3", "(8, 3)", "a-b", "1-2-3"];
    assert_eq!(check_notation::<KnightSwap>(&good, &bad), Ok(()));
}

#[test]
fn the_sweep_refuses_a_table_over_the_memory_limit() {
    // 4x4 with four knights of each colour: C(16, 4) * C(12, 4) = 900,900
    // arrangements, a byte each.
    let start = board(&["bbbb", "....", "....", "wwww"]);
    let options = SolveOptions {
        algorithm: Algorithm::Sweep,
        max_memory: 1 << 19,
        ..SolveOptions::default()
    };
    assert_eq!(
        solve(&start, &start.exchanged(), &options).unwrap_err(),
        SolveError::TooLarge {
            needed: 900_900,
            limit: 1 << 19
        }
    );
}

#[test]
fn a_budget_interrupts_the_bidirectional_search() {
    let start = board(&["bbb", "...", "...", "www"]);
    let goal = start.exchanged();
    let stopped = check_interrupted::<KnightSwap>(&start, &goal, Algorithm::Bidirectional, 100);
    assert_eq!(stopped, Ok(()));
}

#[test]
fn the_sweep_counts_every_reachable_arrangement() {
    let start = board(&["bbb", "...", "...", "www"]);
    let options = KnightSwap::options(Algorithm::Sweep);
    let stats = solve(&start, &start.exchanged(), &options).unwrap().stats;
    assert_eq!((stats.expanded, stats.generated), (18_480, 18_479));
}

#[test]
fn the_puzzle_trait_solves_the_articles_puzzle() {
    assert_eq!(KnightSwap::NAME, "knight-swap");
    let goal = KnightSwap::from_rows(Standard, &["www", "...", "...", "bbb"]).unwrap();
    let length = optimal_length::<KnightSwap>(Standard, &["bbb", "...", "...", "www"], &goal);
    assert_eq!(length, Ok(16));
}

/// A random small board: 3x3 or 3x4 or 4x3, a few knights of each colour.
fn small_boards() -> impl Strategy<Value = (Board, Board)> {
    (
        prop_oneof![Just((3usize, 3usize)), Just((3, 4)), Just((4, 3))],
        1usize..=3,
        1usize..=3,
    )
        .prop_flat_map(|((w, h), b, wh)| {
            let cells = w * h;
            let layout = move |order: Vec<usize>| {
                let mut rows = vec![vec!['.'; w]; h];
                for (i, &c) in order.iter().enumerate() {
                    rows[c / w][c % w] = if i < b {
                        'b'
                    } else if i < b + wh {
                        'w'
                    } else {
                        '.'
                    };
                }
                let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
                Board::from_rows(&rows).unwrap()
            };
            let cells_vec: Vec<usize> = (0..cells).collect();
            (
                Just(cells_vec.clone()).prop_shuffle().prop_map(layout),
                Just(cells_vec).prop_shuffle().prop_map(layout),
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn answers_match_a_plain_bfs((start, goal) in small_boards()) {
        let solved = solve_all(&start, &goal);
        let plain = by_plain_bfs(&start, &goal);
        prop_assert_eq!(solved.as_ref().map(|s| (s.len(), count(&start, &goal))), plain);
    }

    #[test]
    fn arbitrary_rows_never_panic(rows in proptest::collection::vec("[bw.#x]{0,9}", 0..9)) {
        if let Ok(b) = Board::from_rows(&rows) {
            let printed = b.to_string();
            prop_assert_eq!(Board::from_rows(&printed.lines().collect::<Vec<_>>()), Ok(b));
            prop_assert_eq!(Board::from_rows(&b.rows()), Ok(b));
            for m in b.moves() {
                prop_assert!(b.play(&m).is_ok());
            }
        }
    }
}
