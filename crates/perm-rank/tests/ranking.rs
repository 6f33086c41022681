//! Bijection, order and error tests for every ranking.

use std::collections::HashSet;

use perm_rank::{Combinations, Lehmer, Multiset, MyrvoldRuskey, Placements, RankError, Ranking};
use proptest::prelude::*;

/// Walks the whole range of `ranking`: every rank unranks to a valid
/// arrangement that ranks back to itself, and no two ranks share one.
fn check_bijection(ranking: &impl Ranking) {
    let mut seen = HashSet::new();
    for rank in 0..ranking.count() {
        let seq = ranking.unrank_vec(rank).unwrap();
        assert_eq!(ranking.rank(&seq), Ok(rank), "{seq:?}");
        assert!(seen.insert(seq), "rank {rank} repeats an arrangement");
    }
    assert_eq!(
        ranking.unrank_vec(ranking.count()),
        Err(RankError::RankOutOfRange {
            rank: ranking.count(),
            count: ranking.count()
        })
    );
}

/// Whether `key(rank)` increases with the rank over `0..count`.
fn increasing<K: Ord>(count: u64, key: impl Fn(u64) -> K) -> bool {
    let all: Vec<K> = (0..count).map(key).collect();
    all.windows(2).all(|w| w[0] < w[1])
}

/// Every `(n, k)` with `k <= n <= max`.
fn sizes(max: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..=max).flat_map(|n| (0..=n).map(move |k| (n, k)))
}

#[test]
fn lehmer_is_a_bijection_in_lexicographic_order() {
    for n in 0..=8 {
        let lehmer = Lehmer::new(n).unwrap();
        check_bijection(&lehmer);
        let sequence = |r| lehmer.unrank_vec(r).unwrap();
        assert!(increasing(lehmer.count(), sequence), "n = {n}");
    }
}

#[test]
fn lehmer_matches_the_seed_example() {
    let lehmer = Lehmer::new(9).unwrap();
    assert_eq!(lehmer.rank(&[8, 6, 7, 2, 5, 4, 3, 0, 1]), Ok(357_478));
    assert_eq!(lehmer.rank(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), Ok(0));
    assert_eq!(lehmer.rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), Ok(362_879));
}

#[test]
fn myrvold_ruskey_is_a_bijection() {
    for n in 0..=8 {
        check_bijection(&MyrvoldRuskey::new(n).unwrap());
    }
}

#[test]
fn combinations_are_a_bijection_in_colex_order() {
    for (n, k) in sizes(10) {
        let c = Combinations::new(n, k).unwrap();
        check_bijection(&c);
        // Colex order on masks is the numeric order of the masks.
        let mask = |r| c.unrank_mask(r).unwrap();
        assert!(increasing(c.count(), mask), "n = {n}, k = {k}");
    }
}

#[test]
fn multisets_are_a_bijection() {
    for counts in [
        &[][..],
        &[3],
        &[1, 1, 1, 1],
        &[2, 2],
        &[1, 2, 3],
        &[0, 3, 0, 2],
        &[1, 2, 2, 2],
        &[1, 4, 3],
    ] {
        check_bijection(&Multiset::new(counts).unwrap());
    }
}

#[test]
fn counts_match_closed_forms() {
    let check = |ranking: &dyn Ranking, expected: u64| assert_eq!(ranking.count(), expected);
    check(&Lehmer::new(16).unwrap(), 20_922_789_888_000);
    check(&Lehmer::new(20).unwrap(), 2_432_902_008_176_640_000);
    check(&Combinations::new(12, 3).unwrap(), 220);
    check(
        &Combinations::new(64, 32).unwrap(),
        1_832_624_140_942_590_534,
    );
    check(&Multiset::new(&[1, 4, 3, 4, 4]).unwrap(), 252_252_000);
    check(&Multiset::new(&[6, 3, 3]).unwrap(), 18_480);
    check(&Multiset::new(&[1, 15]).unwrap(), 16);
}

#[test]
fn refuses_what_does_not_fit() {
    assert!(matches!(Lehmer::new(21), Err(RankError::TooLarge { .. })));
    assert!(matches!(
        MyrvoldRuskey::new(21),
        Err(RankError::TooLarge { .. })
    ));
    assert!(matches!(
        Combinations::new(65, 2),
        Err(RankError::TooLarge { .. })
    ));
    assert!(matches!(
        Combinations::new(5, 6),
        Err(RankError::TooLarge { .. })
    ));
    assert!(matches!(
        Multiset::new(&[40, 30]),
        Err(RankError::TooLarge { .. })
    ));
    assert!(matches!(
        Multiset::new(&[8; 8]),
        Err(RankError::TooLarge { .. })
    ));
}

#[test]
fn rejects_sequences_of_the_wrong_kind() {
    let check = |ranking: &dyn Ranking, seq: &[u8], expected: RankError| {
        assert_eq!(ranking.rank(seq), Err(expected), "{seq:?}");
    };
    let lehmer = Lehmer::new(3).unwrap();
    let mr = MyrvoldRuskey::new(3).unwrap();
    for ranking in [&lehmer as &dyn Ranking, &mr] {
        check(
            ranking,
            &[0, 1],
            RankError::WrongLength {
                expected: 3,
                found: 2,
            },
        );
        check(
            ranking,
            &[0, 3, 1],
            RankError::UnknownSymbol {
                position: 1,
                value: 3,
                symbols: 3,
            },
        );
        check(
            ranking,
            &[1, 1, 0],
            RankError::WrongCount {
                symbol: 1,
                expected: 1,
                found: 2,
            },
        );
    }
    let pairs = Combinations::new(4, 2).unwrap();
    check(
        &pairs,
        &[1, 0, 0, 0],
        RankError::WrongCount {
            symbol: 1,
            expected: 2,
            found: 1,
        },
    );
    check(
        &pairs,
        &[1, 2, 0, 0],
        RankError::UnknownSymbol {
            position: 1,
            value: 2,
            symbols: 2,
        },
    );
    assert!(matches!(
        pairs.rank_mask(0b1_0001),
        Err(RankError::UnknownSymbol { .. })
    ));
    let line = Multiset::new(&[1, 2, 1]).unwrap();
    check(
        &line,
        &[0, 1, 1, 1],
        RankError::WrongCount {
            symbol: 1,
            expected: 2,
            found: 3,
        },
    );
    check(
        &line,
        &[0, 1, 1, 5],
        RankError::UnknownSymbol {
            position: 3,
            value: 5,
            symbols: 3,
        },
    );
    // Masks: one per symbol, disjoint, within the positions, with the counts.
    assert_eq!(
        line.rank_masks(&[0b0001, 0b0110]),
        Err(RankError::WrongLength {
            expected: 3,
            found: 2
        })
    );
    assert!(matches!(
        line.rank_masks(&[0b0001, 0b0110, 0b1_1000]),
        Err(RankError::UnknownSymbol { .. })
    ));
    assert!(matches!(
        line.rank_masks(&[0b0001, 0b0011, 0b1000]),
        Err(RankError::UnknownSymbol { .. })
    ));
    assert!(matches!(
        line.rank_masks(&[0b0001, 0b0010, 0b1100]),
        Err(RankError::WrongCount { .. })
    ));
    assert_eq!(
        line.rank_masks(&[0b0001, 0b0110, 0b1000]),
        line.rank(&[0, 1, 1, 2])
    );
    let mut short = [0u8; 2];
    assert_eq!(
        line.unrank(0, &mut short),
        Err(RankError::WrongLength {
            expected: 4,
            found: 2
        })
    );
}

/// A random permutation of `0..n`.
fn permutation(n: usize) -> impl Strategy<Value = Vec<u8>> {
    Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle()
}

/// A random board of the line puzzle (1 space, 4 A, 3 B, 4 C, 4 D).
fn line_board() -> impl Strategy<Value = Vec<u8>> {
    Just(vec![0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4]).prop_shuffle()
}

#[test]
fn placements_are_a_bijection_in_lexicographic_order() {
    for (n, k) in sizes(7) {
        let p = Placements::new(n, k).unwrap();
        let falling: u64 = (n - k + 1..=n).map(|x| x as u64).product();
        assert_eq!(p.count(), falling, "n = {n}, k = {k}");
        check_bijection(&p);
        let sequence = |r| p.unrank_vec(r).unwrap();
        assert!(increasing(p.count(), sequence), "n = {n}, k = {k}");
    }
}

#[test]
fn placements_of_every_item_are_lehmer_ranks() {
    let (p, lehmer) = (Placements::new(9, 9).unwrap(), Lehmer::new(9).unwrap());
    let seed = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    assert_eq!(p.rank(&seed), lehmer.rank(&seed));
}

#[test]
fn placements_refuse_bad_input() {
    let p = Placements::new(16, 3).unwrap();
    let cases: [(&[u8], RankError); 3] = [
        (
            &[1, 2],
            RankError::WrongLength {
                expected: 3,
                found: 2,
            },
        ),
        (
            &[1, 16, 2],
            RankError::UnknownSymbol {
                position: 1,
                value: 16,
                symbols: 16,
            },
        ),
        (
            &[4, 5, 4],
            RankError::WrongCount {
                symbol: 4,
                expected: 1,
                found: 2,
            },
        ),
    ];
    for (seq, error) in cases {
        assert_eq!(p.rank(seq), Err(error), "{seq:?}");
    }
    assert!(Placements::new(65, 2).is_err());
    assert!(Placements::new(4, 5).is_err());
    assert!(Placements::new(64, 30).is_err(), "64!/34! overflows a u64");
    assert_eq!(Placements::new(16, 8).unwrap().count(), 518_918_400);
}

proptest! {
    #[test]
    fn placements_round_trip_large_ranks(rank in 0u64..518_918_400) {
        let p = Placements::new(16, 8).unwrap();
        let cells = p.unrank_vec(rank).unwrap();
        prop_assert_eq!(p.rank(&cells), Ok(rank));
        prop_assert_eq!(p.rank_unchecked(&cells), rank);
    }

    #[test]
    fn lehmer_round_trips_large_ranks(rank in 0u64..2_432_902_008_176_640_000) {
        let lehmer = Lehmer::new(20).unwrap();
        let seq = lehmer.unrank_vec(rank).unwrap();
        prop_assert_eq!(lehmer.rank(&seq), Ok(rank));
    }

    #[test]
    fn lehmer_round_trips_random_permutations(seq in permutation(16)) {
        let lehmer = Lehmer::new(16).unwrap();
        let rank = lehmer.rank(&seq).unwrap();
        prop_assert_eq!(lehmer.unrank_vec(rank).unwrap(), seq);
    }

    #[test]
    fn myrvold_ruskey_round_trips_random_permutations(seq in permutation(20)) {
        let mr = MyrvoldRuskey::new(20).unwrap();
        let rank = mr.rank(&seq).unwrap();
        prop_assert!(rank < mr.count());
        prop_assert_eq!(mr.unrank_vec(rank).unwrap(), seq);
    }

    #[test]
    fn combinations_round_trip_large_ranks(rank in 0u64..1_832_624_140_942_590_534) {
        let c = Combinations::new(64, 32).unwrap();
        let mask = c.unrank_mask(rank).unwrap();
        prop_assert_eq!(mask.count_ones(), 32);
        prop_assert_eq!(c.rank_mask(mask), Ok(rank));
    }

    #[test]
    fn multiset_round_trips_line_puzzle_ranks(rank in 0u64..252_252_000) {
        let line = Multiset::new(&[1, 4, 3, 4, 4]).unwrap();
        let seq = line.unrank_vec(rank).unwrap();
        prop_assert_eq!(line.rank(&seq), Ok(rank));
    }

    #[test]
    fn multiset_round_trips_line_puzzle_boards(seq in line_board()) {
        let line = Multiset::new(&[1, 4, 3, 4, 4]).unwrap();
        let rank = line.rank(&seq).unwrap();
        prop_assert_eq!(line.unrank_vec(rank).unwrap(), seq);
    }

    #[test]
    fn mask_ranks_equal_sequence_ranks(seq in line_board()) {
        let line = Multiset::new(&[1, 4, 3, 4, 4]).unwrap();
        let mut masks = [0u64; 5];
        for (i, &s) in seq.iter().enumerate() {
            masks[usize::from(s)] |= 1 << i;
        }
        let rank = line.rank(&seq).unwrap();
        prop_assert_eq!(line.rank_masks(&masks), Ok(rank));
        prop_assert_eq!(line.unrank_masks(rank).unwrap(), masks.to_vec());
    }

    #[test]
    fn arbitrary_input_is_ranked_or_refused(seq in proptest::collection::vec(0u8..24, 0..24)) {
        // Whatever the input, no ranking panics, and what it accepts round-trips.
        let rankings: Vec<Box<dyn Ranking>> = vec![
            Box::new(Lehmer::new(seq.len().min(20)).unwrap()),
            Box::new(MyrvoldRuskey::new(seq.len().min(20)).unwrap()),
            Box::new(Combinations::new(seq.len(), seq.len() / 2).unwrap()),
            Box::new(Multiset::new(&[1, 4, 3, 4, 4]).unwrap()),
            Box::new(Placements::new(24, seq.len().min(8)).unwrap()),
        ];
        for ranking in rankings {
            if let Ok(rank) = ranking.rank(&seq) {
                prop_assert_eq!(ranking.unrank_vec(rank).unwrap(), seq.clone());
            }
        }
    }
}
