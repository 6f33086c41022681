//! The boards of M. Hiroi's ten pairs ("Puzzle DE Programming"), which the
//! examples solve towards each other: every pair of the five, in order.

pub const BOARDS: [(&str, [&str; 4]); 5] = [
    ("start1", ["ACAS", "CDCA", "DBAB", "CDBD"]),
    ("start2", ["ABAS", "CDCD", "ABAB", "CDCD"]),
    ("start3", ["AABS", "AABB", "CCDD", "CCDD"]),
    ("goal1", ["ABAS", "CABD", "ACDB", "CDCD"]),
    ("goal3", ["ABAS", "DCDC", "BABA", "CDCD"]),
];
