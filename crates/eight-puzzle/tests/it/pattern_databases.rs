//! Pattern databases: their partitions, their build (against two
//! independent builds, and the same whatever the thread count), their bytes
//! and memory, and IDA* with them on Korf's 15-puzzle instances.

use std::sync::{Arc, OnceLock};

use eight_puzzle::{
    Board, Budget, Partition, PatternDb, PdbError, SlidingSpace, SolveError, SolveOptions, replay,
    solve,
};
use search_core::rules::Ranked;

use crate::common::{board, eight_puzzle_layers, moves};

/// IDA* with the tables of `db`, reflected or not.
fn with_db(db: &Arc<PatternDb>, reflect: bool) -> SolveOptions {
    SolveOptions {
        pattern_db: Some(Arc::clone(db)),
        reflect,
        ..SolveOptions::default()
    }
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
        let zero_aware = Partition::new(&goal, groups).unwrap();
        let build = |p: &Partition| PatternDb::build(&goal, p, u64::MAX, |_, _| {}).unwrap();
        let (db, plain) = (build(&zero_aware), build(&zero_aware.clone().plain()));
        let (mut sum, mut more) = (0u64, 0u64);
        for rank in 0..space.size() {
            if let Some(d) = table.get(rank) {
                let board = space.unrank(rank);
                let (bound, least) = (db.bound(&board), plain.bound(&board));
                assert!(
                    least <= bound && bound <= d,
                    "rank {rank}: {least}, {bound}, {d}"
                );
                // Korf & Felner's tables move one tile a move, as the puzzle does.
                assert_eq!(least % 2, d % 2, "rank {rank}: the parity of a move count");
                sum += u64::from(bound);
                more += u64::from(bound - least);
            }
        }
        assert!(sum > 0 && more > 0, "{sum} {more}");
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
        let reference: Vec<u8> = groups
            .iter()
            .flat_map(|tiles| reference_table(&goal, tiles))
            .collect();
        let partition = Partition::new(&goal, groups.clone()).unwrap();
        for zero_aware in [false, true] {
            let partition = match zero_aware {
                true => partition.clone(),
                false => partition.clone().plain(),
            };
            let bytes = PatternDb::build(&goal, &partition, u64::MAX, |_, _| {})
                .unwrap()
                .to_bytes();
            // The tables come last, before the 8-byte checksum; a zero-aware
            // entry keeps the least value in its low six bits.
            let tables = &bytes[bytes.len() - 8 - reference.len()..bytes.len() - 8];
            let least = |&v: &u8| {
                if zero_aware && v != u8::MAX {
                    v & 63
                } else {
                    v
                }
            };
            let tables: Vec<u8> = tables.iter().map(least).collect();
            assert!(tables == reference, "{rows:?} {groups:?} {zero_aware}");
        }
    }
}

#[test]
fn a_group_that_mirrors_another_reads_its_table() {
    use perm_rank::{Placements, Ranking};
    use search_core::bound::Bound;
    // Tiles 8, 7, 5 lie where the half turn takes the goal cells of 1, 2
    // and 4: one table serves both, and each group's values are its own.
    let goal = board(&["1 2 3", "4 0 5", "6 7 8"]);
    let groups = vec![vec![1, 2, 4], vec![8, 7, 5]];
    let partition = Partition::new(&goal, groups.clone()).unwrap();
    assert_eq!(partition.memory_needed(&goal), 9 * 8 * 7);
    let db = PatternDb::build(&goal, &partition.clone().plain(), u64::MAX, |_, _| {}).unwrap();
    assert_eq!(db.file_len(), db.to_bytes().len() as u64);
    let placements = Placements::new(9, 3).unwrap();
    let reference: Vec<Vec<u8>> = groups.iter().map(|g| reference_table(&goal, g)).collect();
    let space = SlidingSpace::new(3, 3).unwrap();
    for rank in 0..space.size() {
        let board = space.unrank(rank);
        for ((group, tiles), reference) in db.groups().zip(&groups).zip(&reference) {
            let cells: Vec<u8> = tiles
                .iter()
                .map(|&t| board.position(t).unwrap() as u8)
                .collect();
            let expected = reference[placements.rank(&cells).unwrap() as usize];
            assert_eq!(
                group.start(&space, &board).0,
                u32::from(expected),
                "{board:?}"
            );
        }
    }
    // Zero-aware, the image's values (the blank's cell mapped too) are
    // those of the group's own table.
    let build = |groups| {
        let partition = Partition::new(&goal, groups).unwrap();
        PatternDb::build(&goal, &partition, u64::MAX, |_, _| {}).unwrap()
    };
    let (both, own) = (build(groups.clone()), build(vec![groups[1].clone()]));
    assert_eq!(both.file_len(), db.file_len());
    for rank in 0..space.size() {
        let board = space.unrank(rank);
        let mirrored = both.groups().nth(1).unwrap().start(&space, &board);
        assert_eq!(mirrored.0, own.bound(&board), "{board:?}");
    }
    // Korf & Felner's partitions: 6-6-3's two 6-tile groups mirror each
    // other, and three of 6-6-6-6's four groups are images of one another.
    let goal = korf_goal();
    let six_six_three = Partition::six_six_three(&goal).unwrap();
    assert_eq!(six_six_three.memory_needed(&goal), 5_765_760 + 3_360);
    let tiles: Vec<u8> = (0..25).collect();
    let goal = Board::new(5, 5, &tiles).unwrap();
    let six_six_six_six = Partition::six_six_six_six(&goal).unwrap();
    assert_eq!(six_six_six_six.memory_needed(&goal), 2 * 127_512_000);
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
    // The kind byte ends the header (byte 45, after 8 + 2 + 16 + 1 + 7 + 7 + 4):
    // zero-aware here; plain tables round-trip as plain; another is refused.
    assert_eq!(bytes[45], 1);
    let plain = PatternDb::build(&goal, &partition.clone().plain(), u64::MAX, |_, _| {}).unwrap();
    let plain_bytes = plain.to_bytes();
    assert_eq!(plain_bytes[45], 0);
    assert_eq!(PatternDb::from_bytes(&plain_bytes).unwrap(), plain);
    let mut kind = bytes.clone();
    kind[45] = 2;
    assert_eq!(
        PatternDb::from_bytes(&kind),
        Err(PdbError::Corrupt(
            "not a pattern database file (bad header)".to_string()
        ))
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
    // A header announcing a table of 16!/8! bytes is refused, not allocated.
    let mut huge = b"EPUZPDB4".to_vec();
    huge.extend([4, 4]);
    huge.extend(0..16u8);
    huge.extend([1, 8]);
    huge.extend(1..9u8);
    huge.push(1);
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
    assert_eq!(seven_eight.name(), "7-8 zero-aware");
    assert_eq!(seven_eight.memory_needed(&goal), 57_657_600 + 518_918_400);
    let error =
        PatternDb::build(&goal, &seven_eight, 256 << 20, |_, _| unreachable!()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the pattern database needs 1.7 GiB (1790612992 bytes), more than the 256.0 MiB allowed"
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
