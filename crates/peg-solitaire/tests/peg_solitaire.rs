//! Peg solitaire: the seed's 21-hole board (its jump table, the 12-move
//! minimum and the counts, with and without the seed's pruning), the
//! 15-hole triangle, and the searches checked against brute force.

use peg_solitaire::{
    Board, Lattice, SolveOptions, count_jump_sequences, count_position_sequences,
    peg_class_pruning, replay, solve,
};
use search_core::Budget;

const SEED: [&str; 7] = [
    "     o o     ",
    "      o      ",
    "     o o     ",
    "    o . o    ",
    "   o o o o   ",
    "o o o o o o o",
    " o         o ",
];

fn seed() -> (Board, Board) {
    let start = Board::from_rows(Lattice::Triangular, &SEED).unwrap();
    let goal = start.with_pegs(1 << 6).unwrap();
    (start, goal)
}

/// The seed's table, as printed in the seed: for each hole, (over, to).
const SEED_TABLE: [&[(u8, u8)]; 21] = [
    &[(2, 4)],
    &[(2, 3)],
    &[(3, 5), (4, 7)],
    &[(2, 1), (5, 8), (6, 10)],
    &[(2, 0), (6, 9), (7, 11)],
    &[(3, 2), (6, 7), (8, 13), (9, 15)],
    &[(9, 14), (10, 16)],
    &[(4, 2), (6, 5), (10, 15), (11, 17)],
    &[(5, 3), (9, 10), (13, 19)],
    &[(6, 4), (10, 11)],
    &[(6, 3), (9, 8)],
    &[(7, 4), (10, 9), (17, 20)],
    &[(13, 14)],
    &[(8, 5), (14, 15)],
    &[(9, 6), (13, 12), (15, 16)],
    &[(9, 5), (10, 7), (14, 13), (16, 17)],
    &[(10, 6), (15, 14), (17, 18)],
    &[(11, 7), (16, 15)],
    &[(17, 16)],
    &[(13, 8)],
    &[(17, 11)],
];

#[test]
fn the_derived_jump_table_is_the_seeds() {
    let (start, _) = seed();
    let g = start.geometry();
    assert_eq!(g.holes(), 21);
    for (hole, expected) in SEED_TABLE.iter().enumerate() {
        let derived: Vec<(u8, u8)> = g.jumps_from(hole).map(|j| (j.over, j.to)).collect();
        assert_eq!(&derived, expected, "hole {hole}");
    }
    // The holes have the six symmetries of the triangle 2, 13, 17 (the
    // corners' pairs of holes turn with it); of these only the identity and
    // the mirror keep hole 6 in place, and the mirror swaps 14 and 16.
    assert_eq!(g.symmetries().len(), 6);
    let fixing: Vec<&Vec<u8>> = g.symmetries().iter().filter(|s| s[6] == 6).collect();
    assert_eq!(fixing.len(), 2);
    assert_eq!(fixing[1][14], 16);
    assert_eq!(start.numbered_rows()[5], "12  13  14  15  16  17  18");
}

#[test]
fn peg_classes_and_corners_come_from_the_board() {
    let (start, goal) = seed();
    let g = start.geometry();
    let classes = g.peg_classes();
    assert_eq!(classes.len(), 4);
    assert!(classes.contains(&vec![0, 4, 9, 11, 20]));
    assert!(classes.contains(&vec![2, 5, 7, 13, 15, 17]));
    let corners: Vec<usize> = (0..21).filter(|h| g.unjumpable() >> h & 1 == 1).collect();
    assert_eq!(corners, [0, 1, 12, 18, 19, 20]);
    let pruning = peg_class_pruning(&start, &goal).unwrap();
    assert_eq!(
        pruning.guarded,
        [2, 5, 7, 13, 15, 17].iter().fold(0, |m, h| m | 1 << h)
    );
    let mut origins: Vec<u8> = pruning.forbidden.iter().map(|j| j.from).collect();
    origins.dedup();
    assert_eq!(origins, [3, 4, 8, 11, 14, 16]);
}

#[test]
fn the_seed_board_needs_twelve_moves_and_has_96_solutions_from_14_to_6() {
    let (start, goal) = seed();
    let first = start
        .jumps()
        .into_iter()
        .find(|j| (j.from, j.to) == (14, 6))
        .unwrap();
    for pruning in [false, true] {
        let options = SolveOptions {
            first_jump: Some(first),
            pruning,
            budget: Budget::default(),
        };
        let solution = solve(&start, &goal, &options).unwrap().found.unwrap();
        assert_eq!(solution.moves, 12);
        assert_eq!(solution.jumps.len(), 19);
        replay(&start, &goal, &solution.jumps).unwrap();
        let count = count_jump_sequences(&start, &goal, 12, &options).unwrap();
        assert_eq!(count.found, Some(96), "pruning {pruning}");
        let all = SolveOptions {
            first_jump: None,
            ..options
        };
        let count = count_jump_sequences(&start, &goal, 12, &all).unwrap();
        assert_eq!(count.found, Some(192), "pruning {pruning}");
        let positions = count_position_sequences(&start, &goal, pruning, &Budget::default())
            .unwrap()
            .found
            .unwrap();
        assert_eq!(positions.length, 12);
        assert_eq!(positions.count, 96, "pruning {pruning}");
    }
}
