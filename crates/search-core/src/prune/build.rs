//! Finding the forbidden sequences of a puzzle's operators and compiling
//! them into an Aho-Corasick automaton ([`Automaton::aho_corasick`],
//! [`Automaton::build`]).

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use super::{Automaton, NONE, Operators};

impl Automaton {
    /// Finds the forbidden sequences of up to `depth` operators of `ops`
    /// and compiles them into the smallest automaton that rejects them. Its
    /// work and memory grow with the number of frame states within `depth`
    /// operators of the frames (on the 4x4 sliding puzzle, about 62,000 per
    /// frame at depth 14 and 242,000 at depth 16), searched in parallel, one
    /// frame per thread at a time.
    ///
    /// # Panics
    /// If `ops` has more than 256 operators, `depth` exceeds 255, or the
    /// table has more than
    /// `u32::MAX` entries.
    pub fn build<O>(ops: &O, depth: usize) -> Automaton
    where
        O: Operators + Sync,
        O::Frame: Send + Sync,
    {
        Self::aho_corasick(ops, depth).minimised()
    }

    /// The Aho-Corasick automaton of the forbidden sequences, before
    /// [`minimised`](Automaton::minimised): its states are the proper
    /// prefixes of the forbidden sequences. [`Automaton::build`] is this
    /// automaton minimised.
    ///
    /// # Panics
    /// As [`Automaton::build`].
    pub fn aho_corasick<O>(ops: &O, depth: usize) -> Automaton
    where
        O: Operators + Sync,
        O::Frame: Send + Sync,
    {
        let k = ops.operator_count();
        assert!(k <= 256, "at most 256 operators, not {k}");
        assert!(depth <= 255, "a depth of at most 255, not {depth}");
        let frames = ops.frames();

        // The trie of every sequence that is the shortlex-least one reaching
        // its frame state from some frame ("kept"). A breadth-first search
        // that takes operators in order reaches each state first by its
        // shortlex-least sequence, so each frame's kept sequences form its
        // search tree; the frames are searched in parallel and their trees
        // merged into one trie, in the order of the frames.
        // One run of frames per thread, so that each keeps its set's room.
        let run = frames.len().div_ceil(rayon::current_num_threads()).max(1);
        let trees: Vec<Tree> = frames
            .par_chunks(run)
            .flat_map_iter(|run| {
                let mut seen = FxHashSet::default();
                run.iter()
                    .map(|frame| kept_tree(ops, frame, depth, &mut seen))
                    .collect::<Vec<_>>()
            })
            .collect();
        let mut kept = Trie::with_capacity(k, trees.iter().map(|t| t.ops.len()).sum());
        for tree in trees {
            let mut node_of = Vec::with_capacity(tree.ops.len());
            node_of.push(0);
            for (&parent, &op) in tree.parents.iter().zip(&tree.ops).skip(1) {
                node_of.push(kept.child_or_insert(node_of[parent as usize], op));
            }
        }

        // A sequence of at most `depth` operators is forbidden when it is
        // kept nowhere although it applies somewhere. The minimal ones
        // (every proper factor kept somewhere) are `u·a` with `u` kept and
        // `a` an operator; the suffix links of the trie tell whether the
        // suffix is kept too.
        let suffix = kept.suffix_links();
        let mut forbidden: Vec<(u32, u8)> = Vec::new(); // (node, op)
        let mut word = Vec::with_capacity(depth);
        for node in 0..kept.len() as u32 {
            if kept.depth[node as usize] as usize >= depth {
                continue;
            }
            let mut spelled = false;
            for op in 0..k as u8 {
                if kept.child(node, op) != NONE {
                    continue;
                }
                let tail = if node == 0 {
                    0
                } else {
                    kept.child(suffix[node as usize], op)
                };
                if tail == NONE {
                    continue; // a proper suffix is forbidden already
                }
                if !spelled {
                    kept.spell(node, &mut word);
                    spelled = true;
                }
                word.push(op);
                if frames.iter().any(|f| applies(ops, f, &word)) {
                    forbidden.push((node, op));
                }
                word.pop();
            }
        }
        drop(suffix);

        let mut lengths = vec![0; depth + 1];
        for &(f, _) in &forbidden {
            lengths[usize::from(kept.depth[f as usize]) + 1] += 1;
        }
        Automaton {
            operators: k,
            depth,
            table: aho_corasick_table(&kept, &forbidden),
            words: forbidden.len(),
            lengths,
        }
    }
}

/// A breadth-first tree of operator sequences: node 0 is the empty one,
/// node `i` is its parent's sequence followed by `ops[i]`.
struct Tree {
    parents: Vec<u32>,
    ops: Vec<u8>,
}

/// The kept sequences of up to `depth` operators from `frame`: its
/// breadth-first search tree, operators taken in order. `seen` is scratch
/// space, kept between calls for its capacity.
fn kept_tree<O: Operators>(
    ops: &O,
    frame: &O::Frame,
    depth: usize,
    seen: &mut FxHashSet<O::Frame>,
) -> Tree {
    let k = ops.operator_count() as u8;
    seen.clear();
    seen.insert(frame.clone());
    let mut tree = Tree {
        parents: vec![NONE],
        ops: vec![0],
    };
    // The states of the last layer, whose nodes are `first..`, and of the
    // layer before it, whose nodes are `before..`. A child equal to its
    // grandparent (a move undone) was seen already: it is skipped before
    // the set is asked, which spares a third of the look-ups on a grid.
    let mut layer = vec![frame.clone()];
    let mut previous: Vec<O::Frame> = Vec::new();
    let (mut first, mut before) = (0, 0);
    for _ in 0..depth {
        let mut next = Vec::with_capacity(layer.len() * 2);
        let next_first = tree.ops.len();
        for (i, state) in layer.iter().enumerate() {
            let node = first + i;
            let grandparent = match tree.parents[node] {
                NONE => None,
                parent => Some(&previous[parent as usize - before]),
            };
            for op in 0..k {
                let Some(child) = ops.apply(state, op) else {
                    continue;
                };
                if Some(&child) != grandparent && seen.insert(child.clone()) {
                    next.push(child);
                    tree.parents.push(node as u32);
                    tree.ops.push(op);
                }
            }
        }
        previous = std::mem::replace(&mut layer, next);
        (before, first) = (first, next_first);
    }
    tree
}

/// The Aho-Corasick automaton of the `forbidden` sequences, each a kept
/// node and one more operator: its states are the kept nodes on the way to
/// a forbidden sequence, numbered breadth-first (the start is 0), and its
/// table gives the next state for every state and operator, [`NONE`] where
/// the move completes a forbidden sequence.
fn aho_corasick_table(kept: &Trie, forbidden: &[(u32, u8)]) -> Vec<u32> {
    let k = kept.k;
    let mut needed = vec![false; kept.len()];
    for &(f, _) in forbidden {
        let mut node = f;
        while node != NONE && !needed[node as usize] {
            needed[node as usize] = true;
            node = kept.parent[node as usize];
        }
    }
    // Breadth-first order over the needed nodes: `order[state]` is a kept node.
    let mut order = vec![0u32];
    let mut state_of = vec![NONE; kept.len()];
    state_of[0] = 0;
    let mut i = 0;
    while i < order.len() {
        let node = order[i];
        for op in 0..k as u8 {
            let c = kept.child(node, op);
            if c != NONE && needed[c as usize] {
                state_of[c as usize] = order.len() as u32;
                order.push(c);
            }
        }
        i += 1;
    }
    drop(needed);
    let states = order.len();
    assert!(
        states * k < NONE as usize,
        "{states} states of {k} operators overflow a u32 table index"
    );
    let mut terminal = vec![false; states * k];
    for &(f, op) in forbidden {
        terminal[state_of[f as usize] as usize * k + usize::from(op)] = true;
    }
    // Each state's failure is the longest proper suffix of its sequence
    // that is a state; the table follows the trie where it can and the
    // failure's row where it cannot. A move completing a forbidden sequence
    // (which, every proper factor being kept, can only be the longest
    // suffix matched) goes nowhere.
    let mut table = vec![NONE; states * k];
    let mut fail = vec![0u32; states];
    for s in 0..states {
        let node = order[s];
        for op in 0..k {
            let c = kept.child(node, op as u8);
            let entry = if terminal[s * k + op] {
                NONE
            } else if c != NONE && state_of[c as usize] != NONE {
                let child = state_of[c as usize];
                let failure = if s == 0 {
                    0
                } else {
                    table[fail[s] as usize * k + op]
                };
                if failure == NONE {
                    // The child's sequence ends in a forbidden one (which
                    // the frame contract rules out): reject it.
                    NONE
                } else {
                    fail[child as usize] = failure;
                    child
                }
            } else if s == 0 {
                0
            } else {
                table[fail[s] as usize * k + op]
            };
            table[s * k + op] = entry;
        }
    }
    for entry in &mut table {
        if *entry != NONE {
            *entry *= k as u32;
        }
    }
    table
}

/// Whether `word` applies at `frame`.
fn applies<O: Operators>(ops: &O, frame: &O::Frame, word: &[u8]) -> bool {
    let mut f = frame.clone();
    for &op in word {
        match ops.apply(&f, op) {
            Some(next) => f = next,
            None => return false,
        }
    }
    true
}

/// A trie of operator sequences, node 0 the empty one.
struct Trie {
    k: usize,
    children: Vec<u32>,
    parent: Vec<u32>,
    op: Vec<u8>,
    depth: Vec<u8>,
}

impl Trie {
    /// The trie of the empty sequence, with room for `nodes` nodes.
    fn with_capacity(k: usize, nodes: usize) -> Trie {
        let mut trie = Trie {
            k,
            children: Vec::with_capacity(nodes * k),
            parent: Vec::with_capacity(nodes),
            op: Vec::with_capacity(nodes),
            depth: Vec::with_capacity(nodes),
        };
        trie.children.resize(k, NONE);
        trie.parent.push(NONE);
        trie.op.push(0);
        trie.depth.push(0);
        trie
    }

    fn len(&self) -> usize {
        self.parent.len()
    }

    fn child(&self, node: u32, op: u8) -> u32 {
        self.children[node as usize * self.k + usize::from(op)]
    }

    fn child_or_insert(&mut self, node: u32, op: u8) -> u32 {
        let slot = node as usize * self.k + usize::from(op);
        if self.children[slot] == NONE {
            let id = self.parent.len() as u32;
            self.children[slot] = id;
            self.children.extend(std::iter::repeat_n(NONE, self.k));
            self.parent.push(node);
            self.op.push(op);
            self.depth.push(self.depth[node as usize] + 1);
        }
        self.children[slot]
    }

    /// Writes the sequence of `node` into `word`.
    fn spell(&self, mut node: u32, word: &mut Vec<u8>) {
        word.clear();
        while node != 0 {
            word.push(self.op[node as usize]);
            node = self.parent[node as usize];
        }
        word.reverse();
    }

    /// For each node, the node of its sequence without the first operator,
    /// or [`NONE`] if that is not in the trie (0 for the empty sequence).
    fn suffix_links(&self) -> Vec<u32> {
        let mut suffix = vec![NONE; self.len()];
        suffix[0] = 0;
        // Nodes are numbered after their parents, so one pass in order
        // sees every parent's link first.
        for node in 1..self.len() {
            let parent = self.parent[node];
            let op = self.op[node];
            suffix[node] = if parent == 0 {
                0
            } else if suffix[parent as usize] == NONE {
                NONE
            } else {
                self.child(suffix[parent as usize], op)
            };
        }
        suffix
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::prune::tests::{Frame, Sliding};

    /// Every sequence of up to `len` operators that applies at a frame.
    fn sequences(ops: &Sliding, frame: &(Vec<u8>, u8), len: usize) -> Vec<(Vec<u8>, Frame)> {
        let mut all = vec![(Vec::new(), frame.clone())];
        let mut i = 0;
        while i < all.len() {
            if all[i].0.len() < len {
                for op in 0..4 {
                    if let Some(next) = ops.apply(&all[i].1, op) {
                        let mut word = all[i].0.clone();
                        word.push(op);
                        all.push((word, next));
                    }
                }
            }
            i += 1;
        }
        all
    }

    #[test]
    fn forbids_exactly_the_sequences_without_a_smaller_twin_anywhere() {
        // By brute force on the 2x3 board: a sequence is allowed by the
        // automaton iff every factor is the shortlex-least sequence to its
        // end from some frame where it applies.
        let ops = Sliding { w: 3, h: 2 };
        let depth = 7;
        let automaton = Automaton::build(&ops, depth);
        // Shortlex-least sequences per frame: the first in breadth-first
        // order of all sequences (which is shortlex order) to each state.
        let mut least: Vec<Vec<u8>> = Vec::new();
        let mut applicable: Vec<Vec<u8>> = Vec::new();
        for frame in ops.frames() {
            let mut first: HashMap<(Vec<u8>, u8), Vec<u8>> = HashMap::new();
            for (word, end) in sequences(&ops, &frame, depth) {
                first.entry(end).or_insert_with(|| word.clone());
                applicable.push(word);
            }
            least.extend(first.into_values());
        }
        least.sort();
        least.dedup();
        applicable.sort();
        applicable.dedup();
        let kept = |w: &[u8]| least.binary_search(&w.to_vec()).is_ok();
        for word in &applicable {
            let every_factor_kept =
                (0..word.len()).all(|i| (i + 1..=word.len()).all(|j| kept(&word[i..j])));
            assert_eq!(automaton.allows(word), every_factor_kept, "{word:?}");
        }
        assert!(automaton.forbidden() > 0);
    }

    #[test]
    fn the_least_path_to_every_state_is_allowed() {
        // On the 3x3 board from each frame: the shortlex-least sequence to
        // every state within 10 moves passes the automaton of depth 8.
        let ops = Sliding { w: 3, h: 3 };
        let automaton = Automaton::build(&ops, 8);
        for frame in ops.frames() {
            let mut seen: HashMap<(Vec<u8>, u8), ()> = HashMap::new();
            let mut layer = vec![(frame.clone(), Vec::<u8>::new(), Automaton::START)];
            seen.insert(frame, ());
            for _ in 0..10 {
                let mut next = Vec::new();
                for (state, word, s) in &layer {
                    for op in 0..4 {
                        let Some(child) = ops.apply(state, op) else {
                            continue;
                        };
                        if seen.insert(child.clone(), ()).is_none() {
                            let mut w = word.clone();
                            w.push(op);
                            let s = automaton.step(*s, op);
                            assert!(s.is_some(), "{w:?} is a least sequence");
                            next.push((child, w, s.unwrap()));
                        }
                    }
                }
                layer = next;
            }
        }
    }

    #[test]
    fn the_grid_frames_give_the_automaton_of_the_numbered_boards() {
        // `grid::Sliding` packs a frame into a u64 with the blank as 0; the
        // plain frames here are vectors: the same sequences are forbidden.
        for (w, h, depth) in [
            (2, 2, 8),
            (3, 2, 10),
            (2, 3, 10),
            (3, 3, 10),
            (4, 3, 9),
            (4, 4, 8),
        ] {
            let plain = Automaton::build(&Sliding { w, h }, depth);
            let rect = crate::grid::Rect::new(usize::from(w), usize::from(h));
            let packed = Automaton::build(
                &crate::grid::Sliding::new(rect, crate::grid::ORTHOGONAL),
                depth,
            );
            assert_eq!(plain, packed, "{w}x{h}");
        }
    }

    #[test]
    fn the_build_does_not_depend_on_the_thread_count() {
        let ops = Sliding { w: 4, h: 3 };
        let with = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| Automaton::build(&ops, 10))
        };
        let one = with(1);
        assert_eq!(one, with(2));
        assert_eq!(one, with(5));
    }
}
