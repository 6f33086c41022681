//! Minimising an automaton: Moore's partition refinement
//! ([`Automaton::minimised`]).

use rustc_hash::FxHashMap;

use super::{Automaton, NONE};

impl Automaton {
    /// The automaton with the fewest states that rejects exactly the
    /// sequences this one rejects (Moore's partition refinement), its states
    /// numbered breadth-first from the start.
    pub fn minimised(&self) -> Automaton {
        Automaton {
            operators: self.operators,
            depth: self.depth,
            table: minimise(&self.table, self.operators.max(1)),
            words: self.words,
            lengths: self.lengths.clone(),
        }
    }
}

/// The minimal automaton equivalent to `table` (`k` entries a state, state
/// 0 the start, [`NONE`] rejecting), its entries row offsets (state times
/// `k`): Moore's partition refinement. Two states are equivalent when the
/// same sequences are rejected from both; the classes start as one (every
/// state accepts the empty sequence) and are split by the classes of their
/// successors until no class splits. The classes are then numbered
/// breadth-first from the start, which keeps the states of short sequences
/// together in memory.
fn minimise(table: &[u32], k: usize) -> Vec<u32> {
    // Entries as state numbers.
    let table: Vec<u32> = table
        .iter()
        .map(|&t| if t == NONE { NONE } else { t / k as u32 })
        .collect();
    let states = table.len() / k;
    let mut class = vec![0u32; states];
    let mut classes = 1;
    let mut signatures = vec![0u32; k + 1];
    loop {
        // A state's signature: its class and its successors' classes.
        signatures.clear();
        signatures.reserve(states * (k + 1));
        for s in 0..states {
            signatures.push(class[s]);
            signatures.extend(
                table[s * k..(s + 1) * k]
                    .iter()
                    .map(|&t| if t == NONE { NONE } else { class[t as usize] }),
            );
        }
        let mut ids: FxHashMap<&[u32], u32> = FxHashMap::default();
        let mut next = vec![0u32; states];
        for (s, signature) in signatures.chunks_exact(k + 1).enumerate() {
            let id = ids.len() as u32;
            next[s] = *ids.entry(signature).or_insert(id);
        }
        let split = ids.len();
        drop(ids);
        class = next;
        if split == classes {
            break;
        }
        classes = split;
    }
    // One representative per class, then the classes in breadth-first order.
    let mut representative = vec![NONE; classes];
    for s in (0..states).rev() {
        representative[class[s] as usize] = s as u32;
    }
    let mut number = vec![NONE; classes];
    let mut order = vec![class[0]];
    number[class[0] as usize] = 0;
    let mut i = 0;
    while i < order.len() {
        let s = representative[order[i] as usize] as usize;
        for &t in &table[s * k..(s + 1) * k] {
            if t != NONE && number[class[t as usize] as usize] == NONE {
                number[class[t as usize] as usize] = order.len() as u32;
                order.push(class[t as usize]);
            }
        }
        i += 1;
    }
    let mut minimal = Vec::with_capacity(order.len() * k);
    for &c in &order {
        let s = representative[c as usize] as usize;
        minimal.extend(table[s * k..(s + 1) * k].iter().map(|&t| {
            if t == NONE {
                NONE
            } else {
                number[class[t as usize] as usize] * k as u32
            }
        }));
    }
    minimal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prune::tests::Sliding;

    /// Whether `a` and `b` reject the same sequences: a breadth-first
    /// search over the pairs of states reachable together, each pair
    /// required to reject the same operators.
    fn equivalent(a: &Automaton, b: &Automaton) -> bool {
        let k = a.operators;
        assert_eq!(k, b.operators);
        let mut seen = std::collections::HashSet::new();
        let mut pending = vec![(Automaton::START, Automaton::START)];
        seen.insert(pending[0]);
        while let Some((s, t)) = pending.pop() {
            for op in 0..k as u8 {
                match (a.step(s, op), b.step(t, op)) {
                    (None, None) => {}
                    (Some(s), Some(t)) => {
                        if seen.insert((s, t)) {
                            pending.push((s, t));
                        }
                    }
                    _ => return false,
                }
            }
        }
        true
    }

    /// The number of sequences of up to `len` operators that `a` allows,
    /// by enumeration, checking on the way that `b` allows the same.
    fn allowed_alike(a: &Automaton, b: &Automaton, len: usize) -> usize {
        fn walk(a: &Automaton, b: &Automaton, s: u32, t: u32, left: usize) -> usize {
            let mut count = 1;
            if left > 0 {
                for op in 0..a.operators as u8 {
                    match (a.step(s, op), b.step(t, op)) {
                        (Some(s), Some(t)) => count += walk(a, b, s, t, left - 1),
                        (None, None) => {}
                        (x, y) => panic!("operator {op}: {x:?} against {y:?}"),
                    }
                }
            }
            count
        }
        walk(a, b, Automaton::START, Automaton::START, len)
    }

    #[test]
    fn the_minimised_automaton_rejects_what_aho_corasick_rejects() {
        for (w, h, depth) in [(3, 2, 9), (3, 3, 12), (4, 3, 12), (4, 4, 12)] {
            let ops =
                crate::grid::Sliding::new(crate::grid::Rect::new(w, h), crate::grid::ORTHOGONAL);
            let plain = Automaton::aho_corasick(&ops, depth);
            let minimal = Automaton::build(&ops, depth);
            assert!(equivalent(&plain, &minimal), "{w}x{h}");
            assert!(minimal.states() <= plain.states(), "{w}x{h}");
            assert!(minimal.states() < plain.states() || w * h < 9, "{w}x{h}");
            assert_eq!(minimal.forbidden(), plain.forbidden());
            // Minimal: minimising again merges nothing, and every state is
            // reachable from the start.
            assert_eq!(minimal.minimised(), minimal);
            // Every sequence of up to 11 moves, one by one.
            let allowed = allowed_alike(&plain, &minimal, 11);
            assert!(allowed < 4usize.pow(11), "{w}x{h}");
        }
        // And a pair that differ: one more depth forbids more.
        let ops = Sliding { w: 3, h: 3 };
        assert!(!equivalent(
            &Automaton::build(&ops, 8),
            &Automaton::build(&ops, 10)
        ));
    }
}
