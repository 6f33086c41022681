//! Every algorithm held against a referee: on any placement of the 3x3 and
//! 4x4 boards and on random walks from all-white boards of every size (the
//! empty cell of the goal anywhere), in both variants, each algorithm must
//! find as few moves as a plain breadth-first search (`common/referee.rs`),
//! mark them optimal, and replay; where no all-white board can be reached,
//! every algorithm must say so. The seed is fixed (`PROPTEST_RNG_SEED` in
//! `.cargo/config.toml`), so every run tries the same cases.

use proptest::collection::vec;
use proptest::prelude::*;

use flip_it::{Board, Variant};

use crate::referee::{check, distance, walk};

/// The board of `size` and `variant` with the black pieces of `black` and
/// the empty cell at `empty` (modulo the cells).
fn board(variant: Variant, size: usize, black: u32, empty: usize) -> Board {
    let empty = empty % (size * size);
    let rows: Vec<String> = (0..size)
        .map(|r| {
            (0..size)
                .map(|c| match r * size + c {
                    cell if cell == empty => 'S',
                    cell if black >> cell & 1 == 1 => 'B',
                    _ => 'W',
                })
                .collect()
        })
        .collect();
    Board::from_rows_in(variant, &rows).unwrap()
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Orthogonal), Just(Variant::Diagonal)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Any placement of the 3x3 or 4x4 board, unsolvable ones included.
    #[test]
    fn any_placement(variant in variant(), size in 3usize..=4, black in any::<u32>(), empty in 0usize..16) {
        let start = board(variant, size, black, empty);
        check(&start, distance(&start)).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Random walks from an all-white board of any size, its empty cell
    /// anywhere: the 5x5 board (419 million placements) within 8 moves.
    #[test]
    fn random_walks_from_any_goal(
        variant in variant(),
        size in 3usize..=5,
        empty in 0usize..25,
        steps in vec(any::<u8>(), 0..=8),
    ) {
        let start = walk(&board(variant, size, 0, empty), &steps);
        check(&start, distance(&start)).map_err(TestCaseError::fail)?;
    }
}
