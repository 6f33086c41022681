//! Whole-space sweeps and pattern databases on spaces whose distances are
//! known in closed form: thread-count independence, tables wider than a
//! byte, memory limits, progress per layer.

use crate::common::Ring;
use search_core::layers::SweepError;
use search_core::par::with_threads;
use search_core::prelude::*;

#[test]
fn sweeps_are_the_same_whatever_the_thread_count() {
    let ring = Ring::new(200_003);
    let mut results = Vec::new();
    for threads in [1, 2, 4] {
        for table in [Table::Bytes, Table::Wide, Table::TwoBits, Table::Residues] {
            let census = |s: &u64, _: u64| s % 5 == 0;
            let layers = with_threads(threads, || {
                Sweep::new(table).run_with_census(&ring, [0, 17], census, |_| {})
            })
            .unwrap()
            .unwrap();
            assert_eq!(layers.reachable(), 200_003);
            assert_eq!(layers.census.iter().sum::<u64>(), 40_001);
            results.push((layers.histogram, layers.farthest, layers.census));
        }
    }
    assert!(results.windows(2).all(|w| w[0] == w[1]), "{results:?}");
}

#[test]
fn byte_tables_refuse_distances_beyond_254_and_wider_tables_hold_them() {
    // A path of n states swept from one end: its far end is n - 1 away.
    struct Line(u64);
    impl Rules for Line {
        type State = u64;
        type Move = i64;
        fn moves(&self, &s: &u64, out: &mut Vec<i64>) {
            if s + 1 < self.0 {
                out.push(1);
            }
            if s > 0 {
                out.push(-1);
            }
        }
        fn apply(&self, s: &mut u64, step: i64) {
            *s = s.wrapping_add_signed(step);
        }
        fn undo(&self, s: &mut u64, step: i64) {
            *s = s.wrapping_add_signed(-step);
        }
    }
    impl Ranked for Line {
        fn size(&self) -> u64 {
            self.0
        }
        fn rank(&self, s: &u64) -> u64 {
            *s
        }
        fn unrank(&self, rank: u64) -> u64 {
            rank
        }
    }
    let line = Line;
    let sweep = |table, n| Sweep::new(table).run(&line(n), [0], |_| {});
    assert_eq!(sweep(Table::Bytes, 255).unwrap().max_distance(), Some(254));
    assert_eq!(
        sweep(Table::Bytes, 256).unwrap_err(),
        SweepError::TooDeep { max: 254 }
    );
    assert_eq!(
        sweep(Table::Bytes, 256).unwrap_err().to_string(),
        "distances beyond 254 do not fit the table's cells; use a wider table or two bits"
    );
    for table in [Table::Wide, Table::TwoBits, Table::Residues] {
        let layers = sweep(table, 1000).unwrap();
        assert_eq!(layers.max_distance(), Some(999));
        assert_eq!(layers.farthest, [999]);
    }
    let wide = sweep(Table::Wide, 1000).unwrap().distances.unwrap();
    assert_eq!(wide.get(999), Some(999));
    assert_eq!(wide.descend(&line(1000), 999).map(|p| p.len()), Some(1000));
    let residues = sweep(Table::Residues, 1000).unwrap().residues.unwrap();
    assert_eq!(
        residues.descend(&line(1000), 999).map(|p| p.len()),
        Some(1000)
    );
}

#[test]
fn sweeps_refuse_tables_over_the_memory_limit() {
    let sweep = Sweep::new(Table::TwoBits).with_max_memory(1 << 20);
    assert_eq!(sweep.memory_needed(1 << 30), 1 << 28);
    let err = sweep.run(&Ring::new(1 << 30), [0], |_| {}).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the distance table needs 256.0 MiB, more than the limit of 1.0 MiB"
    );
}

#[test]
fn sweeps_report_each_layer() {
    let mut reports = Vec::new();
    Sweep::new(Table::Bytes)
        .run(&Ring::new(8), [0], |r| {
            reports.push((r.distance, r.states, r.seen))
        })
        .unwrap();
    assert_eq!(reports.first(), Some(&(0, 1, 1)));
    assert_eq!(reports.last().map(|r| r.2), Some(8));
}

/// A pattern of the ring: states whose ranks agree modulo `k`.
struct RingModulo {
    ring: Ring,
    k: u64,
}

impl search_core::pdb::Abstraction for RingModulo {
    type Space = Ring;
    fn space(&self) -> &Ring {
        &self.ring
    }
    fn goals(&self) -> Vec<u64> {
        vec![0, 17]
    }
    fn patterns(&self) -> u64 {
        self.k
    }
    fn pattern(&self, _: &u64, rank: u64) -> u64 {
        rank % self.k
    }
}

#[test]
fn pattern_databases_hold_the_least_distance_of_each_pattern() {
    use search_core::pdb::{PatternDb, PdbError};
    let abstraction = RingModulo {
        ring: Ring::new(20_011),
        k: 101,
    };
    // Brute force: every distance from the byte sweep, least per pattern.
    let exact = Sweep::new(Table::Bytes)
        .run(&abstraction.ring, [0, 17], |_| {})
        .unwrap()
        .distances
        .unwrap();
    let mut least = vec![u32::MAX; 101];
    for rank in 0..20_011 {
        let d = exact.get(rank).unwrap();
        least[(rank % 101) as usize] = least[(rank % 101) as usize].min(d);
    }
    let mut built = Vec::new();
    for threads in [1, 2, 4] {
        for table in [Table::Bytes, Table::TwoBits, Table::Residues] {
            let db = with_threads(threads, || {
                PatternDb::build(&abstraction, &Sweep::new(table), |_| {})
            })
            .unwrap()
            .unwrap();
            built.push(db);
        }
    }
    assert!(built.windows(2).all(|w| w[0] == w[1]));
    let db = &built[0];
    let values: Vec<u32> = (0..101).map(|p| db.get(p).unwrap()).collect();
    assert_eq!(values, least);
    assert_eq!(db.get(101), None);

    // Bytes: read back, refused when damaged, truncated or built for another key.
    let bytes = db.to_bytes("ring 20011 mod 101");
    assert_eq!(
        PatternDb::from_bytes(&bytes, "ring 20011 mod 101").as_ref(),
        Ok(db)
    );
    let mut damaged = bytes.clone();
    damaged[40] ^= 1;
    let refusal = |b: &[u8], key| PatternDb::from_bytes(b, key).unwrap_err().to_string();
    assert_eq!(
        refusal(&damaged, "ring 20011 mod 101"),
        "not a pattern database: the checksum does not match"
    );
    assert_eq!(
        refusal(&bytes[..30], "ring 20011 mod 101"),
        "not a pattern database: the checksum does not match"
    );
    assert_eq!(
        refusal(&bytes, "ring 20011 mod 7"),
        "the pattern database was built for \"ring 20011 mod 101\", not \"ring 20011 mod 7\""
    );
    assert_eq!(refusal(b"short", "x"), "not a pattern database: too short");

    // Memory is counted before anything is allocated.
    let sweep = Sweep::new(Table::TwoBits).with_max_memory(1000);
    assert_eq!(
        PatternDb::build(&abstraction, &sweep, |_| {}),
        Err(PdbError::MemoryLimit {
            needed: PatternDb::memory_needed(&abstraction, &sweep),
            limit: 1000
        })
    );
}
