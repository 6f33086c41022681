//! Every solver held against a referee: on random goals (any shape up to 16
//! cells, any numbers of each letter, the space anywhere) and random starts
//! (random walks from the goal, and on small boards any arrangement of the
//! same pieces), each algorithm with the move pruning on and off, and
//! pattern databases over random letter groups, must find as few moves as
//! a plain bidirectional breadth-first search (`common/referee.rs`), mark
//! them optimal, and replay. The seed is fixed (`PROPTEST_RNG_SEED` in
//! `.cargo/config.toml`), so every run tries the same cases.

use proptest::collection::vec;
use proptest::prelude::*;

use line_puzzle::Board;

use crate::referee::{arrangement, check, distance, letter_groups, settings, walk};

/// Any board of one of `shapes`: random letters, the space anywhere.
fn any_board(shapes: &'static [(usize, usize)]) -> impl Strategy<Value = Board> {
    proptest::sample::select(shapes).prop_flat_map(|(w, h)| {
        (vec(0u8..4, w * h - 1), 0..w * h)
            .prop_map(move |(pieces, space)| arrangement(w, &pieces, space))
    })
}

/// The same pieces as `board`, in any order.
fn shuffled(board: Board) -> impl Strategy<Value = Board> {
    let cells: Vec<char> = board
        .rows()
        .concat()
        .chars()
        .filter(|c| *c != ' ')
        .collect();
    Just(cells).prop_shuffle().prop_map(move |cells| {
        let rows: Vec<String> = cells
            .chunks(board.width())
            .map(|r| r.iter().collect())
            .collect();
        Board::from_rows(&rows).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random walks of up to 24 moves from random goals on boards of up to
    /// 12 cells, the move pruning on and off.
    #[test]
    fn random_goals_and_walks(
        goal in any_board(&[(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (2, 5), (3, 4), (4, 3), (2, 6)]),
        steps in vec(any::<u8>(), 0..=24),
        numbers in proptest::array::uniform4(0u8..4),
    ) {
        let start = walk(&goal, &steps);
        let settings = settings(&[letter_groups(&numbers)], true);
        check(&start, &goal, distance(&start, &goal), &settings).map_err(TestCaseError::fail)?;
    }

    /// Any start with the goal's pieces on boards of up to 6 cells, where
    /// the referee runs to exhaustion: the goals that cannot be reached
    /// (all pieces distinct on the 2x2 board, by parity) included.
    #[test]
    fn any_start_on_small_boards(
        (start, goal) in any_board(&[(2, 2), (2, 3), (3, 2)]).prop_flat_map(|goal| (shuffled(goal), Just(goal))),
        numbers in proptest::array::uniform4(0u8..4),
    ) {
        let settings = settings(&[letter_groups(&numbers)], true);
        check(&start, &goal, distance(&start, &goal), &settings).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4))]

    /// Hiroi's 4x4 board and other boards of 15 and 16 cells with random
    /// pieces and goals, random walks of up to 24 moves: the three
    /// algorithms with the pruning on, as `cargo xtask solve` runs them
    /// (the tables of `ida-pdb` take up to a second or two to build here).
    #[test]
    fn fifteen_and_sixteen_cells(
        goal in any_board(&[(4, 4), (4, 4), (2, 8), (8, 2), (5, 3), (3, 5)]),
        steps in vec(any::<u8>(), 0..=24),
    ) {
        let start = walk(&goal, &steps);
        let settings = settings(&[], false);
        check(&start, &goal, distance(&start, &goal), &settings).map_err(TestCaseError::fail)?;
    }
}
