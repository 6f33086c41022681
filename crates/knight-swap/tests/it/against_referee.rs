//! Every solver held against a referee: on random boards (3 or 4 cells a
//! side, some cells not squares), random knights and random goals (random
//! walks from the start, and any arrangement of the same knights, often
//! unreachable), each algorithm must find as few moves as a plain
//! breadth-first search (`common/referee.rs`), mark them optimal and
//! replay, and the sweep must count as many shortest solutions as the
//! referee. The seed is fixed (`PROPTEST_RNG_SEED` in `.cargo/config.toml`),
//! so every run tries the same cases.

use proptest::collection::vec;
use proptest::prelude::*;

use knight_swap::Board;

use crate::referee::{check, shortest_paths, walk};

/// A board of `width` columns whose cells read `cells` (`b`, `w`, `.`, `#`).
fn board(width: usize, cells: &[char]) -> Board {
    let rows: Vec<String> = cells.chunks(width).map(|r| r.iter().collect()).collect();
    Board::from_rows(&rows).unwrap()
}

/// A random board of 3 or 4 cells a side, some cells not squares, with at
/// most three knights of each colour (at most 160,160 arrangements), and
/// two arrangements of its knights: a random start, and a random goal (the
/// knights shuffled over the same squares).
fn start_and_shuffled() -> impl Strategy<Value = (Board, Board)> {
    (3usize..=4, 3usize..=4)
        .prop_flat_map(|(w, h)| {
            let cell = prop_oneof![4 => Just('.'), 2 => Just('b'), 2 => Just('w'), 1 => Just('#')];
            (Just(w), vec(cell, w * h))
        })
        .prop_flat_map(|(w, mut cells)| {
            for knight in ['b', 'w'] {
                for c in cells.iter_mut().filter(|c| **c == knight).skip(3) {
                    *c = '.';
                }
            }
            let squares: Vec<usize> = (0..cells.len()).filter(|&c| cells[c] != '#').collect();
            let on_squares: Vec<char> = squares.iter().map(|&c| cells[c]).collect();
            (
                Just(w),
                Just(cells),
                Just(squares),
                Just(on_squares).prop_shuffle(),
            )
        })
        .prop_map(|(w, cells, squares, shuffled)| {
            let mut goal = cells.clone();
            for (&c, &k) in squares.iter().zip(&shuffled) {
                goal[c] = k;
            }
            (board(w, &cells), board(w, &goal))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Any arrangement of the start's knights as the goal.
    #[test]
    fn any_goal((start, goal) in start_and_shuffled()) {
        let expected = shortest_paths(&start).get(&goal).copied();
        check(&start, &goal, expected).map_err(TestCaseError::fail)?;
    }

    /// A goal a random walk away from the start: reachable.
    #[test]
    fn goals_a_walk_away((start, _) in start_and_shuffled(), steps in vec(any::<u8>(), 0..=40)) {
        let goal = walk(&start, &steps);
        let expected = shortest_paths(&start).get(&goal).copied();
        prop_assert!(expected.is_some());
        check(&start, &goal, expected).map_err(TestCaseError::fail)?;
    }
}
