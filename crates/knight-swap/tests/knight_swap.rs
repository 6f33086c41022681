//! Knight swap: parsing, the Perl article's and Guarini's puzzles, and every answer
//! checked against an independent breadth-first search and path count.

use knight_swap::{Board, KnightSpace, Move, ReplayError, explore, replay, routes, solve};
use proptest::prelude::*;
use search_core::Budget;
use search_core::bfs::bfs;
use search_core::count::count_shortest_paths;
use search_core::layers::RankedSpace;
use search_core::layers::{Sweep, Table};

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).unwrap()
}

fn next_boards(b: &Board) -> Vec<Board> {
    b.moves().into_iter().map(|m| b.play(m).unwrap()).collect()
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
        for (rank, &w) in walks.iter().enumerate() {
            if w > 0 {
                space.neighbours(&space.unrank(rank as u64), |n| {
                    next[space.rank(&n) as usize] += w
                });
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
        let solution = solve(&start, &goal).unwrap().unwrap();
        assert_eq!(
            by_walk_count(&start, &goal, 20),
            Some((solution.len(), solution.count))
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
    let check = |rows: &[&str], expected: &str| {
        assert_eq!(
            Board::from_rows(rows).unwrap_err().to_string(),
            expected,
            "{rows:?}"
        );
    };
    check(&[], "the board has no cells");
    check(&[""], "the board has no cells");
    check(
        &["bbb", "..", "www"],
        "row 2 has 2 cells, but the first row has 3",
    );
    check(
        &["bbb", ".x.", "www"],
        "row 2, column 2: 'x' is not a cell (b, w, . or #; knights in either case)",
    );
    check(
        &["bbb", "...", "wSw"],
        "row 3, column 2: 'S' is not a cell (b, w, . or #; knights in either case)",
    );
    check(
        &["........."; 8],
        "the board has 72 cells; at most 64 are supported",
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
        let err = solve(&board(start), &board(goal)).unwrap_err();
        assert_eq!(err.to_string(), expected);
    };
    check(
        &["bbb", "...", "www"],
        &["www", "...", "bb."],
        "start and goal do not match: 3 black knights at the start, 2 in the goal",
    );
    check(
        &["bb", "ww"],
        &["www", "bbb"],
        "start and goal do not match: start is 2x2, goal is 3x2",
    );
    check(
        &["b#b", "w.w"],
        &["w.w", "b#b"],
        "start and goal do not match: their squares differ (`#` cells)",
    );
}

#[test]
fn solves_the_articles_puzzle_in_16_moves() {
    let start = board(&["bbb", "...", "...", "www"]);
    let goal = board(&["www", "...", "...", "bbb"]);
    let solution = solve(&start, &goal).unwrap().unwrap();
    assert_eq!(solution.len(), 16);
    assert_eq!(
        replay(&start, &goal, &solution.moves).unwrap(),
        solution.boards
    );
    assert_eq!(Some((16, solution.count)), by_plain_bfs(&start, &goal));
    // The six routes add up to 16 moves.
    let routes = routes(&start, &solution.moves).unwrap();
    assert_eq!(routes.iter().map(|r| r.moves()).sum::<usize>(), 16);
    assert_eq!(routes.iter().map(|r| r.name).collect::<String>(), "ABCXYZ");
}

#[test]
fn solves_guarinis_puzzle_in_16_moves() {
    let start = board(&["w.w", "...", "b.b"]);
    let goal = board(&["b.b", "...", "w.w"]);
    let solution = solve(&start, &goal).unwrap().unwrap();
    assert_eq!(solution.len(), 16);
    assert_eq!(Some((16, solution.count)), by_plain_bfs(&start, &goal));
}

#[test]
fn unreachable_goals_are_answers() {
    // A knight in the centre of a 3x3 board can never move.
    let start = board(&["b..", ".w.", "..."]);
    let goal = board(&["w..", ".b.", "..."]);
    assert_eq!(solve(&start, &goal), Ok(None));
    assert_eq!(by_plain_bfs(&start, &goal), None);
}

#[test]
fn the_sweep_holds_every_distance_from_the_start() {
    let start = board(&["bbb", "...", "...", "www"]);
    let explored = explore(&start, &Sweep::new(Table::Bytes)).unwrap();
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
    let check = |moves: &[Move], expected: &str| {
        assert_eq!(
            replay(&start, &goal, moves).unwrap_err().to_string(),
            expected
        );
    };
    check(&[Move { from: 3, to: 8 }], "move 1: no knight on cell 3");
    check(
        &[Move { from: 0, to: 1 }],
        "move 1: cell 1 is not an empty square",
    );
    check(
        &[Move { from: 0, to: 3 }],
        "move 1: 0-3 is not a knight's move",
    );
    check(
        &[Move { from: 0, to: 4 }],
        "move 1: 0-4 is not a knight's move",
    );
    assert!(matches!(
        replay(&start, &goal, &[Move { from: 0, to: 7 }]),
        Err(ReplayError::WrongEnd(_))
    ));
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
        let solved = solve(&start, &goal).unwrap();
        let plain = by_plain_bfs(&start, &goal);
        prop_assert_eq!(solved.as_ref().map(|s| (s.len(), s.count)), plain);
        if let Some(s) = solved {
            prop_assert!(replay(&start, &goal, &s.moves).is_ok());
        }
    }

    #[test]
    fn arbitrary_rows_never_panic(rows in proptest::collection::vec("[bw.#x]{0,9}", 0..9)) {
        if let Ok(b) = Board::from_rows(&rows) {
            let printed = b.to_string();
            prop_assert_eq!(Board::from_rows(&printed.lines().collect::<Vec<_>>()), Ok(b));
        }
    }
}
