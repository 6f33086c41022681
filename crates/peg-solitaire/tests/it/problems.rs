//! Every problem of a board: the tables by both methods against the
//! searches from each start and the brute force, G. I. Bell's catalogue of
//! the 15-hole triangle, and the shortest problems of small triangles
//! (OEIS A127500).

use peg_solitaire::{
    Board, JumpOptions, JumpSpan, Lattice, LevelOptions, MeetOptions, SolveError, explore_moves,
    move_count, problems, problems_by_jumps, problems_by_starts, replay_jumps, shortest_problem,
};

use crate::common::TRIANGLE;
use crate::common::brute::brute_force;

/// Every problem of small boards: the answers of the levels met from both
/// ends (after the class rule and the symmetries) against the breadth-first
/// search by moves from each start run to exhaustion, and, on the smallest
/// boards, against the brute force over every jump sequence.
#[test]
fn every_problem_agrees_with_the_searches_from_each_start() {
    let boards = [
        Board::from_rows_in(Lattice::Triangular, &TRIANGLE).unwrap(),
        Board::from_rows_in(
            Lattice::Triangular,
            &["   o   ", "  o o  ", " o o o ", "o o o o"],
        )
        .unwrap(),
        Board::from_rows_in(Lattice::Square, &["oooo", "oooo", "oooo"]).unwrap(),
        Board::from_rows_in(Lattice::Square, &[" ooo ", "ooooo", "ooooo", " ooo "]).unwrap(),
    ];
    for (b, board) in boards.iter().enumerate() {
        let g = board.geometry();
        let n = g.holes();
        let all = problems(board, &MeetOptions::default(), |_, _| {}).unwrap();
        assert_eq!(all.len(), n * n);
        let by_starts = problems_by_starts(board, &MeetOptions::default(), |_, _| {}).unwrap();
        let answers = |v: &[peg_solitaire::Problem]| -> Vec<(u8, u8, Option<u32>)> {
            v.iter().map(|p| (p.vacancy, p.survivor, p.moves)).collect()
        };
        assert_eq!(answers(&all), answers(&by_starts), "board {b}");
        let mut reports = 0;
        let by_jumps = problems_by_jumps(board, &JumpOptions::default(), |_| reports += 1).unwrap();
        assert_eq!(answers(&all), answers(&by_jumps), "board {b}");
        assert!(reports > 0);
        // The shortest over every problem, from all the starts at once: a
        // problem of the table with the table's least number of moves.
        let shortest = shortest_problem(board, &MeetOptions::default(), |_| {});
        let least = all.iter().filter_map(|p| p.moves).min();
        let (problem, jumps) = shortest.solution.unwrap();
        assert_eq!(problem.moves, least, "board {b}");
        let (v, s) = (problem.vacancy as usize, problem.survivor as usize);
        assert_eq!(all[v * n + s].moves, least, "board {b}");
        let start = board.with_pegs(g.all() & !(1 << v)).unwrap();
        let finish = board.with_pegs(1 << s).unwrap();
        replay_jumps(&start, &finish, &jumps).unwrap();
        assert_eq!(Some(move_count(&jumps)), least, "board {b}");
        let span = JumpSpan::new(g);
        let mut searched = 0;
        for v in 0..n {
            let start = board.with_pegs(g.all() & !(1 << v)).unwrap();
            let levels = explore_moves(&start, &LevelOptions::default(), |_| {}).unwrap();
            for s in 0..n {
                let p = &all[v * n + s];
                assert_eq!((p.vacancy as usize, p.survivor as usize), (v, s));
                let goal = board.with_pegs(1 << s).unwrap();
                assert_eq!(p.moves, levels.distance(&goal), "board {b}: {v} -> {s}");
                if p.moves.is_some() {
                    assert!(span.same_class(start.pegs(), goal.pegs()));
                }
                if p.by == "search" {
                    searched += 1;
                }
                if n <= 12 && (v + s) % 3 == 0 {
                    assert_eq!(
                        p.moves,
                        brute_force(&start, &goal).best,
                        "board {b}: {v} -> {s}"
                    );
                }
            }
        }
        assert!(searched > 0 && searched < n * n, "{searched}");
    }
}

/// G. I. Bell's catalogue of the 15-hole triangle ("Solving triangular peg
/// solitaire"), holes named by column letter and row number on the
/// left-justified triangle: a1 = 0, b3 = 4, a4 = 6, d4 = 9, c5 = 12.
#[test]
fn the_15_hole_triangle_matches_bells_catalogue() {
    let triangle = Board::from_rows_in(Lattice::Triangular, &TRIANGLE).unwrap();
    let all = problems(&triangle, &MeetOptions::default(), |_, _| {}).unwrap();
    let (names, holes) = (["a1", "b3", "a4", "d4", "c5"], [0, 4, 6, 9, 12]);
    let hole = |name| holes[names.iter().position(|&n| n == name).expect("named")];
    // Vacancy, survivor, and the fewest moves (`-`: no solution).
    let catalogue = "
        a1 a1 10   a4 a1 10   c5 a1 9    c5 b3 10
        a1 c5 10   b3 c5 11   a4 c5 10   c5 c5 9
        a1 a4 11   a4 a4 11   d4 a4 11   c5 a4 10
        b3 a1 -    a1 b3 -    b3 b3 -    a4 b3 -    b3 a4 -
    ";
    let words: Vec<&str> = catalogue.split_whitespace().collect();
    for entry in words.chunks(3) {
        let (v, s) = (hole(entry[0]), hole(entry[1]));
        assert_eq!(all[v * 15 + s].moves, entry[2].parse().ok(), "{entry:?}");
    }
}

/// The problems counted by their fewest moves (every possible one once,
/// the shortest first), and the results as JSON (feature `serde`).
#[test]
fn problems_are_counted_by_their_fewest_moves() {
    let triangle = Board::from_rows_in(Lattice::Triangular, &TRIANGLE).unwrap();
    let all = problems(&triangle, &MeetOptions::default(), |_, _| {}).unwrap();
    let histogram = peg_solitaire::report::by_moves(&all);
    let lengths = all.iter().filter_map(|p| p.moves);
    assert_eq!(
        histogram.iter().sum::<u64>(),
        lengths.clone().count() as u64
    );
    let first = histogram.iter().position(|&n| n > 0);
    assert_eq!(first, lengths.clone().min().map(|m| m as usize));
    assert_eq!(histogram.len() - 1, lengths.max().unwrap() as usize);
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_value(&all[0]).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"vacancy": 0, "survivor": 0, "moves": 10})
        );
        let shortest = shortest_problem(&triangle, &MeetOptions::default(), |_| {});
        let json = serde_json::to_value(&shortest).unwrap();
        assert_eq!(
            (json["shortest"].as_u64(), json["at_least"].as_u64()),
            (Some(9), Some(9))
        );
        assert!(json["solution"].is_string() && json.get("stopped").is_none());
    }
}

/// OEIS A127500 (G. I. Bell): the shortest solution over all problems of
/// the triangle of side n has 5, 9, 9 moves for n = 4, 5, 6, from the
/// table of every problem and from the starts at once ([`shortest_problem`];
/// 7 and 8, with 12 and 13, by `cargo xtask analyze peg-solitaire
/// --problems --shortest-only` on the fixtures, in seconds and minutes,
/// see docs/peg-solitaire.md).
#[test]
fn the_shortest_problems_of_small_triangles_are_oeis_a127500() {
    for (side, expected) in [(4, 5), (5, 9), (6, 9)] {
        let rows: Vec<String> = (0..side)
            .map(|i| {
                let pad = " ".repeat(side - 1 - i);
                format!("{pad}{}{pad}", vec!["o"; i + 1].join(" "))
            })
            .collect();
        let board = Board::from_rows_in(Lattice::Triangular, &rows).unwrap();
        let all = problems(&board, &MeetOptions::default(), |_, _| {}).unwrap();
        let shortest = all.iter().filter_map(|p| p.moves).min();
        assert_eq!(shortest, Some(expected), "side {side}");
        let by_jumps = problems_by_jumps(&board, &JumpOptions::default(), |_| {}).unwrap();
        let moves = |v: &[peg_solitaire::Problem]| v.iter().map(|p| p.moves).collect::<Vec<_>>();
        assert_eq!(moves(&all), moves(&by_jumps), "side {side}");
        let from_all_starts = shortest_problem(&board, &MeetOptions::default(), |_| {});
        let (problem, _) = from_all_starts.solution.unwrap();
        assert_eq!(problem.moves, Some(expected), "side {side}");
        assert_eq!(from_all_starts.symmetries, 6);
        assert_eq!(from_all_starts.at_least, Some(expected));
        assert!(from_all_starts.stopped.is_none());
        // A limit too small for the levels, or for the buffers that build
        // one: the search stops with the bytes needed and what it proved.
        let tight = MeetOptions {
            max_memory: from_all_starts.forward.iter().sum::<u64>() * 8,
        };
        let stopped = shortest_problem(&board, &tight, |_| {});
        assert!(stopped.solution.is_none());
        assert!(stopped.at_least.is_some_and(|m| m > 0 && m <= expected));
        let refused = stopped.stopped.unwrap();
        assert!(matches!(refused, SolveError::TooLarge { needed, limit } if needed > limit));
    }
}

/// The table of the triangle of side 8 does not fit the default memory
/// limit: refused before any level is grown, with the bytes it would need
/// (estimated from the positions of each number of pegs).
#[test]
fn a_table_too_big_is_refused_before_it_is_grown() {
    let rows: Vec<String> = (0..8)
        .map(|r| format!("{}{}", " ".repeat(7 - r), vec!["o"; r + 1].join(" ")))
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let board = Board::from_rows_in(Lattice::Triangular, &rows).unwrap();
    let mut reports = 0;
    let refused = problems_by_jumps(&board, &JumpOptions::default(), |_| reports += 1).unwrap_err();
    let SolveError::TooLarge { needed, limit } = refused else {
        panic!("{refused:?}");
    };
    assert_eq!(limit, JumpOptions::default().max_memory);
    assert!(needed > limit, "{needed}");
    assert_eq!(reports, 0, "no level grown");
    // The triangle of side 5 fits in a few kilobytes, and is answered.
    let rows = [
        "    o    ",
        "   o o   ",
        "  o o o  ",
        " o o o o ",
        "o o o o o",
    ];
    let small = Board::from_rows_in(Lattice::Triangular, &rows).unwrap();
    let tight = JumpOptions {
        max_memory: 1 << 20,
        ..JumpOptions::default()
    };
    assert!(problems_by_jumps(&small, &tight, |_| {}).is_ok());
}
