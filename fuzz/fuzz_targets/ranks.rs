//! Any counts and any sequence given to the rankings: ranked or refused,
//! never a panic; what is ranked unranks to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use perm_rank::{Combinations, Lehmer, Multiset, MyrvoldRuskey, Ranking};

fuzz_target!(|data: &[u8]| {
    let Some((&split, rest)) = data.split_first() else {
        return;
    };
    let (counts, seq) = rest.split_at(usize::from(split).min(rest.len()));
    let counts: Vec<usize> = counts.iter().map(|&c| usize::from(c % 8)).collect();
    let mut rankings: Vec<Box<dyn Ranking>> = Vec::new();
    if let Ok(m) = Multiset::new(&counts) {
        rankings.push(Box::new(m));
    }
    if let Ok(l) = Lehmer::new(seq.len()) {
        rankings.push(Box::new(l));
    }
    if let Ok(mr) = MyrvoldRuskey::new(seq.len()) {
        rankings.push(Box::new(mr));
    }
    if let Ok(c) = Combinations::new(seq.len(), usize::from(split) % (seq.len() + 1)) {
        rankings.push(Box::new(c));
    }
    for ranking in rankings {
        if let Ok(rank) = ranking.rank(seq) {
            assert_eq!(ranking.unrank_vec(rank).as_deref(), Ok(seq));
        }
    }
});
