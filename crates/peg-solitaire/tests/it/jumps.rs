//! Peg solitaire: the counts by single jumps (positions per level, the
//! solvable ones, the jump sequences) against a brute force without
//! symmetry.

use peg_solitaire::{Board, JumpOptions, Lattice, count_by_jumps};

use crate::common::{ENGLISH, TRIANGLE};

/// The counts by jumps, from a brute force over every position reachable
/// from the start, without symmetry: the classes of positions under the
/// symmetries counted by their least images.
#[test]
fn the_counts_by_jumps_agree_with_brute_force() {
    use std::collections::{BTreeSet, HashMap};
    fn paths_to(pegs: u64, board: &Board, goal: u64, memo: &mut HashMap<u64, u128>) -> u128 {
        if pegs == goal {
            return 1;
        }
        if let Some(&n) = memo.get(&pegs) {
            return n;
        }
        let here = board.with_pegs(pegs).unwrap();
        let n = here
            .jumps()
            .into_iter()
            .map(|j| paths_to(here.play_jump(j).unwrap().pegs(), board, goal, memo))
            .sum();
        memo.insert(pegs, n);
        n
    }
    let least = |board: &Board, syms: &[usize], pegs: u64| {
        syms.iter()
            .map(|&s| board.geometry().transform(s, pegs))
            .min()
            .unwrap()
    };
    let triangle = Board::from_rows_in(Lattice::Triangular, &TRIANGLE).unwrap();
    let all = triangle.geometry().all();
    let square = Board::from_rows_in(Lattice::Square, &["oooo", "oooo", "oo.o"]).unwrap();
    let cross =
        Board::from_rows_in(Lattice::Square, &[" ooo ", "oooo.", "ooooo", " ooo "]).unwrap();
    let mut cases = Vec::new();
    // (1, 13): the goal is the start's complement reflected through the
    // axis of corner 10, a game read back by that mirror.
    for (empty, peg) in [(12, 0), (0, 0), (4, 12), (3, 14), (1, 1), (1, 13)] {
        cases.push((
            triangle.with_pegs(all & !(1 << empty)).unwrap(),
            triangle.with_pegs(1 << peg).unwrap(),
        ));
    }
    let (reflected_start, reflected_goal) = &cases[5];
    assert!(reflected_goal.is_mirror_of(reflected_start));
    assert!(!reflected_goal.is_complement_of(reflected_start));
    cases.push((square.clone(), square.with_pegs(1 << 9).unwrap()));
    // A complement game of an even number of jumps (12 holes, 10 jumps):
    // the middle level is its own mirror.
    cases.push((square.clone(), square.complement()));
    // The triangle of side 6 from the apex back to the apex (a complement
    // game, 21 holes): the figures of its fixture.
    let six = Board::from_rows_in(
        Lattice::Triangular,
        &[
            "     .     ",
            "    o o    ",
            "   o o o   ",
            "  o o o o  ",
            " o o o o o ",
            "o o o o o o",
        ],
    )
    .unwrap();
    cases.push((six.clone(), six.complement()));
    cases.push((cross.clone(), cross.with_pegs(1 << 7).unwrap()));
    let mut solved = 0;
    for (start, goal) in &cases {
        let g = start.geometry();
        let keeps = |fixed: &[u64]| -> Vec<usize> {
            (0..g.symmetries().len())
                .filter(|&s| fixed.iter().all(|&p| g.transform(s, p) == p))
                .collect()
        };
        let (by_start, by_both) = (keeps(&[start.pegs()]), keeps(&[start.pegs(), goal.pegs()]));
        // Every reachable position, by number of jumps.
        let mut levels = vec![BTreeSet::from([start.pegs()])];
        loop {
            let next: BTreeSet<u64> = levels
                .last()
                .unwrap()
                .iter()
                .flat_map(|&p| {
                    let b = start.with_pegs(p).unwrap();
                    b.jumps()
                        .into_iter()
                        .map(move |j| b.play_jump(j).unwrap().pegs())
                })
                .collect();
            if next.is_empty() {
                break;
            }
            levels.push(next);
        }
        let mut memo = HashMap::new();
        let histogram: Vec<u64> = levels
            .iter()
            .map(|l| {
                let classes: BTreeSet<u64> =
                    l.iter().map(|&p| least(start, &by_start, p)).collect();
                classes.len() as u64
            })
            .collect();
        let n = (start.peg_count() - goal.peg_count()) as usize;
        let solvable: Vec<u64> = levels
            .iter()
            .take(n + 1)
            .map(|l| {
                let classes: BTreeSet<u64> = l
                    .iter()
                    .filter(|&&p| paths_to(p, start, goal.pegs(), &mut memo) > 0)
                    .map(|&p| least(start, &by_both, p))
                    .collect();
                classes.len() as u64
            })
            .collect();
        let solutions = paths_to(start.pegs(), start, goal.pegs(), &mut memo);
        let census = count_by_jumps(start, goal, &JumpOptions::default(), |_| {}).unwrap();
        assert_eq!(census.histogram, histogram, "{start:?} to {goal:?}");
        let mut expected = solvable.clone();
        expected.resize(census.solvable.len(), 0);
        assert_eq!(census.solvable, expected, "{start:?} to {goal:?}");
        assert_eq!(census.solutions, Some(solutions), "{start:?} to {goal:?}");
        assert_eq!(census.start_symmetries, by_start.len());
        assert_eq!(census.both_symmetries, by_both.len());
        // The same counts from both ends, without the histogram.
        let options = JumpOptions {
            solvable_only: true,
            ..JumpOptions::default()
        };
        let only = count_by_jumps(start, goal, &options, |_| {}).unwrap();
        assert!(only.histogram.is_empty());
        let mut expected = solvable.clone();
        expected.resize(n + 1, 0);
        assert_eq!(only.solvable, expected, "{start:?} to {goal:?}");
        assert_eq!(only.solutions, Some(solutions), "{start:?} to {goal:?}");
        // The same positions without the sequences counted, both ways.
        for (solvable_only, counted) in [(false, &census), (true, &only)] {
            let options = JumpOptions {
                solvable_only,
                count_solutions: false,
                ..JumpOptions::default()
            };
            let positions = count_by_jumps(start, goal, &options, |_| {}).unwrap();
            let want = (&counted.histogram, &counted.solvable, None);
            let got = (
                &positions.histogram,
                &positions.solvable,
                positions.solutions,
            );
            assert_eq!(got, want, "{start:?} to {goal:?}");
        }
        if solutions > 0 {
            solved += 1;
        }
    }
    assert!(solved >= 6, "{solved}");
    // The figures the page quotes for the triangle of side 6, checked
    // above against the brute force.
    let options = JumpOptions {
        solvable_only: true,
        ..JumpOptions::default()
    };
    let census = count_by_jumps(&six, &six.complement(), &options, |_| {}).unwrap();
    assert_eq!(census.solvable.iter().sum::<u64>(), 52_804);
    assert_eq!(census.solutions, Some(1_918_789_380));
    // The complement game of an even number of jumps has solutions.
    let even = count_by_jumps(&square, &square.complement(), &options, |_| {}).unwrap();
    assert_eq!(even.solvable.len(), 11);
    assert!(even.solutions.is_some_and(|n| n > 0));
}

/// The English board's central game from both ends, its forward levels
/// pruned by pagoda functions: the solvable positions by jumps are OEIS
/// A112738's (symmetric about the middle), 1,679,072 in all, and the jump
/// sequences 40,861,647,040,079,968 (the figures G. I. Bell and the OEIS
/// give). A pagoda that ruled out a solvable position would lose some.
#[test]
fn the_english_central_game_from_both_ends_counts_the_published_figures() {
    let start = Board::from_rows(&ENGLISH).unwrap();
    let options = JumpOptions {
        solvable_only: true,
        ..JumpOptions::default()
    };
    let census = count_by_jumps(&start, &start.complement(), &options, |_| {}).unwrap();
    let half = [
        1, 1, 2, 8, 38, 164, 635, 2089, 6174, 16020, 35749, 68326, 112788, 162319, 204992, 230230,
    ];
    let mut a112738 = half.to_vec();
    a112738.extend(half.iter().rev());
    assert_eq!(census.solvable, a112738);
    assert_eq!(census.solvable.iter().sum::<u64>(), 1_679_072);
    assert_eq!(census.solutions, Some(40_861_647_040_079_968));
    // The positions alone: the same levels, no steps kept between them.
    let options = JumpOptions {
        count_solutions: false,
        ..options
    };
    let positions = count_by_jumps(&start, &start.complement(), &options, |_| {}).unwrap();
    assert_eq!((positions.solvable, positions.solutions), (a112738, None));
}
