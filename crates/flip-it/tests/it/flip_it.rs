//! Flip It: boards, the jump tables of M. Hiroi's article, the whole 3x3 and 4x4 spaces, and
//! every algorithm and bound checked against them.

use std::collections::HashMap;
use std::sync::OnceLock;

use flip_it::{
    Algorithm, Board, FlipIt, FlipSpace, Goal, Move, Puzzle, SolveOptions, Variant, corner_bound,
    replay, solve,
};
use proptest::prelude::*;
use search_core::layers::{Layers, Sweep, Table};
use search_core::puzzle::{
    check_interrupted, check_notation, check_refusals, check_replay_refusals, distances_by_play,
    optimal_length,
};
use search_core::rules::Ranked;

fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).unwrap()
}

/// The sweep of the whole 4x4 space of a variant, computed once.
fn layers_4x4(variant: Variant) -> &'static Layers {
    static ORTHOGONAL: OnceLock<Layers> = OnceLock::new();
    static DIAGONAL: OnceLock<Layers> = OnceLock::new();
    let cell = match variant {
        Variant::Orthogonal => &ORTHOGONAL,
        Variant::Diagonal => &DIAGONAL,
    };
    cell.get_or_init(|| {
        let space = FlipSpace::new(4, variant).unwrap();
        let canonical = |b: &Board, _: u64| space.is_canonical(b);
        Sweep::new(Table::Bytes)
            .with_farthest(64)
            .run_with_census(&space, space.goals(), canonical, |_| {})
            .unwrap()
    })
}

#[test]
fn reads_the_empty_cell_as_s_or_dot_and_letters_in_either_case() {
    let same = board(&["BBB", "BSB", "WWW"]);
    for rows in [
        ["bbb", "bsb", "www"],
        ["BBB", "B.B", "WWW"],
        ["B B B", "b . b", "w w W"],
    ] {
        assert_eq!(board(&rows), same, "{rows:?}");
    }
}

#[test]
fn rejects_malformed_boards() {
    let refused = "
        BB/BS => a board of 2 rows of 2 cells is not a square of 3x3 to 5x5
        BBBB/BSBB/BBBB => a board of 3 rows of 4 cells is not a square of 3x3 to 5x5
        BBB/BSB/BB => row 3 has 2 cells, but the first row has 3
        BBB/BSX/BBB => row 2, column 3: 'X' is not a cell (B, W, or S or . for the empty cell)
        BBB/BSB/BBS => the board has 2 empty cells (S); it must have exactly one
        BBB/BBB/BBB => the board has 0 empty cells (S); it must have exactly one
    ";
    assert_eq!(
        check_refusals::<FlipIt>(Default::default(), refused),
        Ok(())
    );
    // M. Hiroi's drawing, with spaces, reads too.
    assert_eq!(
        board(&["B B B", "B S B", "W W W"]),
        board(&["BBB", "BSB", "WWW"])
    );
}

#[test]
fn derives_the_articles_jump_tables() {
    // The article's tables: for each empty cell, the cells whose piece can jump in.
    let orthogonal: [&[usize]; 16] = [
        &[2, 3, 8, 12],
        &[3, 9, 13],
        &[0, 10, 14],
        &[0, 1, 11, 15],
        &[6, 7, 12],
        &[7, 13],
        &[4, 14],
        &[4, 5, 15],
        &[0, 10, 11],
        &[1, 11],
        &[2, 8],
        &[3, 8, 9],
        &[0, 4, 14, 15],
        &[1, 5, 15],
        &[2, 6, 12],
        &[3, 7, 12, 13],
    ];
    let diagonal_extra: [&[usize]; 16] = [
        &[10, 15],
        &[11],
        &[8],
        &[9, 12],
        &[14],
        &[15],
        &[12],
        &[13],
        &[2],
        &[3],
        &[0],
        &[1],
        &[3, 6],
        &[7],
        &[4],
        &[0, 5],
    ];
    for empty in 0..16 {
        let mut rows = vec!["WWWW".to_string(); 4];
        rows[empty / 4].replace_range(empty % 4..empty % 4 + 1, "S");
        let from = |v| {
            let b = Board::from_rows_in(v, &rows).unwrap();
            b.moves()
                .into_iter()
                .map(|m: Move| m.from)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            from(Variant::Orthogonal),
            orthogonal[empty],
            "empty {empty}"
        );
        let mut expected: Vec<usize> = orthogonal[empty]
            .iter()
            .chain(diagonal_extra[empty])
            .copied()
            .collect();
        expected.sort();
        assert_eq!(from(Variant::Diagonal), expected, "empty {empty}");
    }
}

#[test]
fn the_4x4_spaces_match_the_article() {
    // Orthogonal: 22 at most, exactly 4 placements (1 class); diagonal: 18, 20 (4 classes).
    for (variant, max, farthest, classes) in [
        (Variant::Orthogonal, 22, 4, 1),
        (Variant::Diagonal, 18, 20, 4),
    ] {
        let layers = layers_4x4(variant);
        assert_eq!(layers.reachable(), 524_288, "{variant}");
        assert_eq!(layers.max_distance(), Some(max), "{variant}");
        assert_eq!(layers.histogram[max as usize], farthest, "{variant}");
        assert_eq!(layers.census[max as usize], classes, "{variant}");
        assert_eq!(layers.farthest.len() as u64, farthest);
        // Burnside: (524,288 + 2 * 4 * 2^9) / 8 classes; only the two
        // diagonal reflections fix any 4x4 placement.
        assert_eq!(layers.census.iter().sum::<u64>(), 66_048, "{variant}");
    }
    // The orthogonal farthest: all black, the empty cell in the middle.
    let space = FlipSpace::new(4, Variant::Orthogonal).unwrap();
    let empties: Vec<usize> = layers_4x4(Variant::Orthogonal)
        .farthest
        .iter()
        .map(|&r| space.unrank(r))
        .inspect(|b| assert_eq!(b.black().count_ones(), 15))
        .map(|b| b.empty())
        .collect();
    assert_eq!(empties, [5, 6, 9, 10]);
}

/// Distances to the nearest goal by a plain multi-source BFS over boards in a
/// hash map: an independent check of the sweep.
fn plain_distances(size: usize, variant: Variant) -> HashMap<Board, u32> {
    distances_by_play::<FlipIt>((0..size * size).map(|e| Board::all_white(variant, size, e)))
}

#[test]
fn the_3x3_sweeps_match_a_plain_bfs() {
    for variant in Variant::ALL {
        let space = FlipSpace::new(3, variant).unwrap();
        let canonical = |b: &Board, _: u64| space.is_canonical(b);
        for table in [Table::Bytes, Table::TwoBits] {
            let layers = Sweep::new(table)
                .run_with_census(&space, space.goals(), canonical, |_| {})
                .unwrap();
            let plain = plain_distances(3, variant);
            let mut histogram = vec![0u64; layers.histogram.len()];
            let mut classes = vec![0u64; layers.histogram.len()];
            for (b, &d) in &plain {
                histogram[d as usize] += 1;
                // A class counted once: by its member of smallest rank.
                let smallest = space.images(b).iter().map(|i| space.rank(i)).min().unwrap();
                classes[d as usize] += u64::from(smallest == space.rank(b));
            }
            assert_eq!(layers.histogram, histogram, "{variant}");
            assert_eq!(layers.census, classes, "{variant}");
            if let Some(distances) = &layers.distances {
                for (b, &d) in &plain {
                    assert_eq!(distances.get(space.rank(b)), Some(d));
                }
            }
        }
    }
}

#[test]
fn symmetric_placements_are_equally_far() {
    for variant in Variant::ALL {
        let space = FlipSpace::new(4, variant).unwrap();
        let table = layers_4x4(variant).distances.as_ref().unwrap();
        for rank in (0..space.size()).step_by(7) {
            let b = space.unrank(rank);
            let d = table.get(rank);
            for image in space.images(&b) {
                assert_eq!(table.get(space.rank(&image)), d, "{b:?} {image:?}");
            }
        }
    }
}

#[test]
fn the_corner_bound_is_admissible_on_every_small_placement() {
    // Exhaustive: every placement of 3x3 and 4x4 under both rule sets.
    for variant in Variant::ALL {
        for (size, distances) in [(3, None), (4, layers_4x4(variant).distances.as_ref())] {
            let space = FlipSpace::new(size, variant).unwrap();
            let own;
            let table = match distances {
                Some(t) => t,
                None => {
                    own = Sweep::new(Table::Bytes)
                        .run(&space, space.goals(), |_| {})
                        .unwrap();
                    own.distances.as_ref().unwrap()
                }
            };
            for rank in 0..space.size() {
                let b = space.unrank(rank);
                if let Some(d) = table.get(rank) {
                    assert!(
                        corner_bound(&b) <= d,
                        "{variant} {b:?}: bound {} > {d}",
                        corner_bound(&b)
                    );
                }
            }
        }
    }
}

#[test]
fn the_corner_bound_is_admissible_on_5x5_too() {
    // The bound is at most 8 (four corners), so it can only exceed the
    // distance of a placement less than 8 moves from the goals: a
    // breadth-first search to distance 7 checks every candidate.
    for variant in Variant::ALL {
        let space = FlipSpace::new(5, variant).unwrap();
        let mut seen = vec![0u64; space.size().div_ceil(64) as usize];
        let mut visit = |b: &Board| {
            let r = space.rank(b) as usize;
            let fresh = seen[r / 64] & (1 << (r % 64)) == 0;
            seen[r / 64] |= 1 << (r % 64);
            fresh
        };
        let mut layer: Vec<Board> = space.goals();
        layer.iter().for_each(|b| {
            visit(b);
        });
        let mut checked = 0u64;
        for distance in 0..8 {
            for b in &layer {
                assert!(
                    corner_bound(b) <= distance,
                    "{variant} {b:?} at distance {distance}"
                );
            }
            checked += layer.len() as u64;
            let mut next = Vec::new();
            for b in &layer {
                for (_, n) in search_core::rules::successors(&space, b) {
                    if visit(&n) {
                        next.push(n);
                    }
                }
            }
            layer = next;
        }
        // Every placement within 7 moves, as the 5x5 sweeps count them.
        let expected = match variant {
            Variant::Orthogonal => 295_662,
            Variant::Diagonal => 3_465_886,
        };
        assert_eq!(checked, expected, "{variant}");
    }
}

#[test]
fn replay_rejects_wrong_solutions() {
    let start = board(&["WWWW", "WWBS", "WWWW", "WWWW"]);
    let goal = Goal::EveryPieceWhite;
    let refused = "
        4-6 => move 1: cell 6 is not the empty cell
        6-7 => move 1: 6-7 is not a jump along a line of the board, over at least one piece
        2-7 => move 1: 2-7 is not a jump along a line of the board, over at least one piece
        => the moves end on …, which is not a goal
    ";
    let refusals = check_replay_refusals::<FlipIt>(&start, &goal, refused);
    assert_eq!(refusals, Ok(()));
    // 5 jumps over 6 into 7 and turns it white.
    let solved = replay(&start, &goal, &[Move { from: 5, to: 7 }]).unwrap();
    assert!(solved[1].is_solved());
    // A diagonal jump is legal only on a board of the diagonal variant.
    let rows = ["SWWW", "WBWW", "WWWW", "WWWW"];
    let jump = Move { from: 10, to: 0 };
    assert!(replay(&board(&rows), &goal, &[jump]).is_err());
    let diagonal = Board::from_rows_in(Variant::Diagonal, &rows).unwrap();
    assert!(replay(&diagonal, &goal, &[jump]).is_ok());
}

#[test]
fn moves_read_back_what_they_write() {
    let good = ["8-5", "0-2", "24-14"];
    let bad = ["", "8", "8-", "-5", "8->5", "(8, 5)", "a-b", "1-2-3"];
    assert_eq!(check_notation::<FlipIt>(&good, &bad), Ok(()));
}

#[test]
fn the_board_carries_its_variant() {
    let rows = ["BBBB", "BSBB", "BBBB", "BBBB"];
    assert_eq!(board(&rows).variant(), Variant::Orthogonal);
    let diagonal = Board::from_rows_in(Variant::Diagonal, &rows).unwrap();
    assert_eq!(diagonal.variant(), Variant::Diagonal);
    assert_ne!(diagonal, board(&rows));
    // Moves keep it: with the empty cell in a corner, the article's tables
    // give 4 jumps and 2 more along the diagonals.
    let jump = Move { from: 15, to: 5 };
    let next = diagonal.play(&jump).unwrap();
    assert_eq!(next.variant(), Variant::Diagonal);
    assert_eq!(next.moves().len(), 6);
    assert_eq!(Board::from_rows(&next.rows()).unwrap().moves().len(), 4);
    assert!(board(&rows).play(&jump).is_err());
}

#[test]
fn options_over_the_memory_limit_are_refused() {
    let start = board(&["BBBB", "BSBB", "BBBB", "BBBB"]);
    for (algorithm, needed) in [
        (Algorithm::Bidirectional, 131_072),
        (Algorithm::Bfs, 65_536),
    ] {
        let options = SolveOptions {
            algorithm,
            max_memory: 1_000,
            ..SolveOptions::default()
        };
        assert_eq!(
            solve(&start, &Goal::EveryPieceWhite, &options).unwrap_err(),
            flip_it::SolveError::TooLarge {
                needed,
                limit: 1_000
            }
        );
    }
    // IDA* on 4x4 keeps no table.
    let options = SolveOptions {
        algorithm: Algorithm::IdaCorners,
        max_memory: 0,
        ..SolveOptions::default()
    };
    let found = solve(&start, &Goal::EveryPieceWhite, &options).unwrap();
    assert_eq!(found.found.map(|s| s.len()), Some(22));
}

#[test]
fn a_budget_interrupts_the_search() {
    let start = board(&["BBBB", "BSBB", "BBBB", "BBBB"]);
    for algorithm in Algorithm::ALL {
        let goal = Goal::EveryPieceWhite;
        let stopped = check_interrupted::<FlipIt>(&start, &goal, algorithm, 100);
        assert_eq!(stopped, Ok(()), "{algorithm}");
    }
}

#[test]
fn the_puzzle_trait_solves_both_variants() {
    assert_eq!(FlipIt::NAME, "flip-it");
    let rows = ["BBBB", "BSBB", "BBBB", "BBBB"];
    let goal = Goal::EveryPieceWhite;
    for (variant, moves) in [(Variant::Orthogonal, 22), (Variant::Diagonal, 18)] {
        let length = optimal_length::<FlipIt>(variant, &rows, &goal);
        assert_eq!(length, Ok(moves), "{variant}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn algorithms_agree_with_the_sweep(rank in 0u64..524_288, diagonal in any::<bool>()) {
        let variant = if diagonal { Variant::Diagonal } else { Variant::Orthogonal };
        let space = FlipSpace::new(4, variant).unwrap();
        let start = space.unrank(rank);
        let distance = layers_4x4(variant).distances.as_ref().unwrap().get(rank);
        for algorithm in Algorithm::ALL {
            let found = solve(&start, &Goal::EveryPieceWhite, &FlipIt::options(algorithm)).unwrap().found;
            prop_assert_eq!(found.as_ref().map(|s| s.len() as u32), distance, "{}", algorithm);
            if let Some(s) = found {
                prop_assert_eq!(replay(&start, &Goal::EveryPieceWhite, &s.moves).unwrap(), s.boards());
            }
        }
    }

    #[test]
    fn every_3x3_placement_is_solved_or_proven_unreachable(rank in 0u64..2_304, diagonal in any::<bool>()) {
        let variant = if diagonal { Variant::Diagonal } else { Variant::Orthogonal };
        let space = FlipSpace::new(3, variant).unwrap();
        let start = space.unrank(rank);
        let distance = plain_distances(3, variant).get(&start).copied();
        for algorithm in Algorithm::ALL {
            let found = solve(&start, &Goal::EveryPieceWhite, &FlipIt::options(algorithm)).unwrap().found;
            prop_assert_eq!(found.map(|s| s.len() as u32), distance, "{}", algorithm);
        }
    }

    #[test]
    fn arbitrary_rows_never_panic(rows in proptest::collection::vec("[BWS x]{0,7}", 0..7)) {
        for variant in Variant::ALL {
            if let Ok(b) = Board::from_rows_in(variant, &rows) {
                prop_assert_eq!(Board::from_rows_in(variant, &b.rows()), Ok(b));
                for m in b.moves() {
                    prop_assert!(b.play(&m).is_ok());
                }
            }
        }
    }
}

#[test]
fn a_canonical_placement_has_the_smallest_rank_of_its_images() {
    for variant in Variant::ALL {
        let space = FlipSpace::new(4, variant).unwrap();
        for rank in 0..space.size() {
            let board = space.unrank(rank);
            let smallest = space.images(&board).iter().map(|i| space.rank(i)).min();
            assert_eq!(
                space.is_canonical(&board),
                smallest == Some(rank),
                "{board}"
            );
        }
    }
}
