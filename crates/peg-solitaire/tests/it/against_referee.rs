//! Every solver held against a referee: on random small boards of both
//! lattices (holes missing anywhere), random starts and random goals (a few
//! random moves from the start, or any pegs, mostly unreachable), each
//! algorithm, IDA* with the pruning on and off and with a fixed first jump,
//! and both counts of optimal solutions must agree with a plain
//! breadth-first search by moves (`common/referee.rs`), and every solution
//! must replay; the tables of every problem of a board (`problems`,
//! `problems_by_starts`, `problems_by_jumps`, `shortest_problem`) too. The
//! seed is fixed (`PROPTEST_RNG_SEED` in `.cargo/config.toml`), so every
//! run tries the same cases.

use proptest::collection::vec;
use proptest::prelude::*;

use peg_solitaire::{
    Board, JumpOptions, Lattice, MeetOptions, Problem, problems, problems_by_jumps,
    problems_by_starts, shortest_problem,
};

use crate::referee::{check, shortest_paths, walk};

/// A hole with a peg (`o`), an empty hole (`.`), or no hole (a space).
fn cell() -> impl Strategy<Value = char> {
    prop_oneof![12 => Just('o'), 2 => Just('.'), 1 => Just(' ')]
}

/// A random board: a rectangle of up to `cells` cells on the square
/// lattice, or a triangle of side 3 to `side` on the triangular one, holes
/// missing anywhere, pegs anywhere (at least one).
fn any_board(cells: usize, side: usize) -> impl Strategy<Value = Board> {
    let square = (1usize..=4, 3usize..=6)
        .prop_filter("small", move |(h, w)| h * w <= cells)
        .prop_flat_map(|(h, w)| {
            vec(cell(), h * w).prop_map(move |c| {
                let rows: Vec<String> = c.chunks(w).map(|r| r.iter().collect()).collect();
                Board::from_rows_in(Lattice::Square, &rows)
            })
        });
    let triangle = (3usize..=side).prop_flat_map(|n| {
        vec(cell(), n * (n + 1) / 2).prop_map(move |c| {
            let mut c = c.into_iter();
            let rows: Vec<String> = (0..n)
                .map(|r| {
                    let holes: Vec<String> = c.by_ref().take(r + 1).map(String::from).collect();
                    format!("{}{}", " ".repeat(n - 1 - r), holes.join(" "))
                })
                .collect();
            Board::from_rows_in(Lattice::Triangular, &rows)
        })
    });
    prop_oneof![square, triangle].prop_filter_map("a board with a peg", Result::ok)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Goals a few random moves from the start: reachable.
    #[test]
    fn goals_a_walk_away(
        start in any_board(15, 5),
        steps in vec(any::<u8>(), 0..=12),
        first in any::<prop::sample::Index>(),
    ) {
        let goal = walk(&start, &steps);
        let jumps = start.jumps();
        let first = (!jumps.is_empty()).then(|| jumps[first.index(jumps.len())]);
        check(&start, &goal, first).map_err(TestCaseError::fail)?;
    }

    /// Any pegs as the goal, mostly unreachable.
    #[test]
    fn any_goal(start in any_board(15, 5), pegs in any::<u64>(), first in any::<prop::sample::Index>()) {
        let all = start.geometry().all();
        let goal = start.with_pegs(pegs & all).filter(|g| g.pegs() != 0).unwrap_or_else(|| start.clone());
        let jumps = start.jumps();
        let first = (!jumps.is_empty()).then(|| jumps[first.index(jumps.len())]);
        check(&start, &goal, first).map_err(TestCaseError::fail)?;
    }
}

/// Every problem of `board` (one hole empty at the start, one peg left),
/// by the referee: one breadth-first search from each start.
fn referee_problems(board: &Board) -> Vec<Option<u32>> {
    let g = board.geometry();
    let n = g.holes();
    let mut out = Vec::with_capacity(n * n);
    for v in 0..n {
        let start = board.with_pegs(g.all() & !(1 << v));
        let reached = start.map(|s| shortest_paths(&s)).unwrap_or_default();
        for s in 0..n {
            let goal = board.with_pegs(1 << s).unwrap();
            out.push(reached.get(&goal).map(|p| p.moves));
        }
    }
    out
}

/// The answers of a table of problems, in the referee's order.
fn answers(table: &[Problem], n: usize) -> Vec<Option<u32>> {
    assert_eq!(table.len(), n * n);
    for (i, p) in table.iter().enumerate() {
        assert_eq!(
            (usize::from(p.vacancy), usize::from(p.survivor)),
            (i / n, i % n)
        );
    }
    table.iter().map(|p| p.moves).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Every problem of random boards of up to 15 holes, by each method,
    /// and the shortest of them.
    #[test]
    fn every_problem_of_a_board(board in any_board(15, 5)) {
        let n = board.geometry().holes();
        prop_assume!(n > 1);
        let expected = referee_problems(&board);
        let meet = MeetOptions::default();
        let by_meeting = answers(&problems(&board, &meet, |_, _| {}).unwrap(), n);
        prop_assert_eq!(&by_meeting, &expected, "problems");
        let by_starts = answers(&problems_by_starts(&board, &meet, |_, _| {}).unwrap(), n);
        prop_assert_eq!(&by_starts, &expected, "problems_by_starts");
        let by_jumps = answers(&problems_by_jumps(&board, &JumpOptions::default(), |_| {}).unwrap(), n);
        prop_assert_eq!(&by_jumps, &expected, "problems_by_jumps");
        let shortest = shortest_problem(&board, &meet, |_| {});
        let least = expected.iter().flatten().min().copied();
        prop_assert_eq!(shortest.solution.as_ref().and_then(|(p, _)| p.moves), least, "shortest_problem");
    }
}
