//! Move pruning: an automaton of operator sequences that a depth-first
//! search need never play, because a twin of no greater cost reaches the
//! same position from every position where they apply (Taylor and Korf,
//! "Pruning duplicate nodes in depth-first search", 1993).
//!
//! A puzzle names its moves by *operators* (a sliding puzzle: the direction
//! the blank moves) and describes their algebra through [`Operators`]: a few
//! *frames*, one per class of positions that admit the same operator
//! sequences, on which sequences that agree agree everywhere in the class.
//! [`Automaton::build`] explores every frame breadth-first up to a depth,
//! keeps the first sequence reaching each frame state in *shortlex* order
//! (shorter first, then operator by operator), and forbids the rest: a
//! sequence is forbidden when, from every frame where it applies, a
//! shortlex-smaller twin reaches the same frame state. The minimal forbidden
//! sequences are compiled into an Aho-Corasick automaton, which is then
//! minimised (Moore's partition refinement: states from which the same
//! sequences are rejected become one); its table answers one look-up per
//! move: the next automaton state, or that the move closes a forbidden
//! sequence. [`crate::ida::ida_star_pruned`] steps it along the path.
//!
//! # Why no optimal path is lost
//!
//! Order paths by cost, then by length, then operator by operator. Among the
//! optimal paths from a start to a goal take the least, `p`. If `p` held a
//! forbidden sequence `w` starting at position `s`, `w` applies at `s`, so
//! (by the frame contract) it applies at the frame of `s`'s class, where a
//! twin `v` with `v < w` reaches the same frame state; by the contract again
//! `v` reaches from `s` the position `w` reaches. Replacing `w` by `v` in `p`
//! gives a path to the goal that is shorter, or as long and smaller
//! operator by operator (same prefix, then `v` before `w`): either way less
//! than `p`, a contradiction. So `p` holds no forbidden sequence and a
//! depth-first search gated by the automaton still plays it. Because every
//! forbidden sequence is larger than its twin in one total order, two rules
//! can never forbid both members of a pair, which is what would lose paths.
//! And since a depth-first search tries moves in operator order, the gated
//! search finds the very solution the ungated one finds, when the puzzle
//! lists its moves in operator order.
//!
//! All moves must cost the same (1).
//!
//! # Example
//!
//! A token on a 2x2 grid of cells, moved in four directions: the frames are
//! the four cells, and sequences agree when they end on the same cell.
//!
//! ```
//! use search_core::prune::{Automaton, Operators};
//!
//! struct Token;
//! impl Operators for Token {
//!     type Frame = u8; // the cell, 0..4, row by row
//!     fn operator_count(&self) -> usize { 4 } // up, down, left, right
//!     fn frames(&self) -> Vec<u8> { (0..4).collect() }
//!     fn apply(&self, &cell: &u8, op: u8) -> Option<u8> {
//!         match op {
//!             0 if cell >= 2 => Some(cell - 2),
//!             1 if cell < 2 => Some(cell + 2),
//!             2 if cell % 2 == 1 => Some(cell - 1),
//!             3 if cell % 2 == 0 => Some(cell + 1),
//!             _ => None,
//!         }
//!     }
//! }
//!
//! let automaton = Automaton::build(&Token, 4);
//! assert!(!automaton.allows(&[0, 1])); // up then down: the empty sequence is shorter
//! assert!(!automaton.allows(&[3, 1])); // right then down: down then right is smaller
//! assert!(automaton.allows(&[1, 3]));
//! ```

use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

/// The algebra of a puzzle's operators, as [`Automaton::build`] needs it.
///
/// The contract, on which the safety of the pruning rests: every position
/// of the puzzle has a frame among [`frames`](Operators::frames) such that
///
/// 1. an operator sequence applies at the position exactly when it applies
///    at the frame (through [`apply`](Operators::apply)), and
/// 2. two sequences that apply at the frame and end on the same frame state
///    end on the same position from the position.
///
/// For a sliding puzzle the frame is the board with the blank on the
/// position's blank cell and every other cell holding its own number: which
/// sequences apply depends on the blank cell alone, and a sequence moves
/// the contents of cells the same way whatever they are, so two sequences
/// that permute the numbered frame alike permute every board alike.
pub trait Operators {
    /// A state of the algebra.
    type Frame: Clone + Eq + Hash;

    /// The number of operators, labelled `0..count`; at most 256.
    fn operator_count(&self) -> usize;

    /// One frame per class of positions.
    fn frames(&self) -> Vec<Self::Frame>;

    /// The frame after operator `op`, or `None` where it does not apply.
    fn apply(&self, frame: &Self::Frame, op: u8) -> Option<Self::Frame>;
}

/// No such node or state.
const NONE: u32 = u32::MAX;

/// The first bytes of [`Automaton::to_bytes`], with the version of the
/// format and of the construction: a change to what [`Automaton::build`]
/// forbids must change it, so that no automaton built before is read.
const MAGIC: &[u8; 8] = b"SCPRUNE\x01";

/// Why bytes were not read as an automaton.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AutomatonError {
    /// The bytes are not an automaton, or were damaged.
    Corrupt(String),
    /// The bytes hold an automaton built for something else.
    Stale {
        /// What the caller asked for.
        expected: String,
        /// What the bytes were built for.
        found: String,
    },
}

impl std::fmt::Display for AutomatonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AutomatonError::Corrupt(why) => write!(f, "not a pruning automaton: {why}"),
            AutomatonError::Stale { expected, found } => write!(
                f,
                "the pruning automaton was built for {found:?}, not {expected:?}"
            ),
        }
    }
}

impl std::error::Error for AutomatonError {}

/// Where automata are kept between runs: bytes saved and loaded by key.
/// search-core does no I/O; a program with a cache folder registers a
/// store once with [`set_store`], and [`AutomatonCache::get_or_load`] then
/// reads an automaton from it instead of building it, or saves the one it
/// built.
pub trait AutomatonStore: Send + Sync {
    /// The bytes saved under `key`, if there are any.
    fn load(&self, key: &str) -> Option<Vec<u8>>;

    /// Keeps `bytes` under `key` (a failure is the store's to report).
    fn save(&self, key: &str, bytes: &[u8]);

    /// The bytes under `key` were refused for `why` (and the automaton is
    /// built again and saved over them). Does nothing unless overridden.
    fn refused(&self, key: &str, why: &AutomatonError) {
        let _ = (key, why);
    }
}

/// The store registered by [`set_store`].
static STORE: OnceLock<Box<dyn AutomatonStore>> = OnceLock::new();

/// Registers the store of the process; only the first call counts (`false`
/// if a store was registered already).
pub fn set_store(store: Box<dyn AutomatonStore>) -> bool {
    STORE.set(store).is_ok()
}

/// An automaton over operators that rejects exactly the sequences holding a
/// forbidden one (see the [module](self) documentation).
///
/// [`Automaton::build`] compiles the forbidden sequences into an
/// Aho-Corasick automaton, whose states are their proper prefixes, and
/// minimises it; its table holds one `u32` per state and operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automaton {
    operators: usize,
    depth: usize,
    /// `table[state + op]`: the next state, or [`NONE`] where the move
    /// completes a forbidden sequence. A state is the index of its row
    /// (its number times the operator count), which spares a multiplication
    /// per look-up.
    table: Vec<u32>,
    /// The number of minimal forbidden sequences.
    words: usize,
    /// How many of them have each length.
    lengths: Vec<usize>,
}

impl Automaton {
    /// The state before any move.
    pub const START: u32 = 0;

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

    /// The state after operator `op` from `state`, or `None` if the move
    /// completes a forbidden sequence (and need not be played).
    #[inline]
    pub fn step(&self, state: u32, op: u8) -> Option<u32> {
        debug_assert!(usize::from(op) < self.operators);
        let next = self.table[state as usize + usize::from(op)];
        (next != NONE).then_some(next)
    }

    /// Whether `ops` holds no forbidden sequence.
    pub fn allows(&self, ops: &[u8]) -> bool {
        ops.iter()
            .try_fold(Self::START, |s, &op| self.step(s, op))
            .is_some()
    }

    /// The number of minimal forbidden sequences.
    pub fn forbidden(&self) -> usize {
        self.words
    }

    /// How many minimal forbidden sequences have each length (index).
    pub fn forbidden_by_length(&self) -> &[usize] {
        &self.lengths
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.table.len() / self.operators.max(1)
    }

    /// The longest sequence considered.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The bytes of its table.
    pub fn bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<u32>()
    }

    /// The automaton as bytes: a header, `key` (what it was built for: the
    /// puzzle, its board, its operator order and the depth, in the caller's
    /// words), its figures and table, and a checksum of all that
    /// ([`crate::pdb::checksum`]).
    pub fn to_bytes(&self, key: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.bytes() + key.len() + 64);
        out.extend_from_slice(MAGIC);
        let number = |out: &mut Vec<u8>, n: usize| out.extend_from_slice(&(n as u64).to_le_bytes());
        number(&mut out, key.len());
        out.extend_from_slice(key.as_bytes());
        for n in [self.operators, self.depth, self.words, self.lengths.len()] {
            number(&mut out, n);
        }
        for &n in &self.lengths {
            number(&mut out, n);
        }
        number(&mut out, self.table.len());
        for &entry in &self.table {
            out.extend_from_slice(&entry.to_le_bytes());
        }
        let sum = crate::pdb::checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads bytes written by [`to_bytes`](Automaton::to_bytes), checking
    /// them whole (header, lengths, checksum, every table entry a state or
    /// a rejection) and refusing an automaton built for another key than
    /// `key`.
    pub fn from_bytes(bytes: &[u8], key: &str) -> Result<Automaton, AutomatonError> {
        let corrupt = |why: &str| AutomatonError::Corrupt(why.to_string());
        let (body, sum) = bytes
            .split_last_chunk::<8>()
            .ok_or_else(|| corrupt("too short"))?;
        if body.len() < MAGIC.len() || &body[..MAGIC.len()] != MAGIC {
            return Err(corrupt("wrong header"));
        }
        if crate::pdb::checksum(body) != u64::from_le_bytes(*sum) {
            return Err(corrupt("the checksum does not match"));
        }
        let mut rest = &body[MAGIC.len()..];
        let mut take = |n: usize| -> Result<&[u8], AutomatonError> {
            if n > rest.len() {
                return Err(corrupt("truncated"));
            }
            let (head, tail) = rest.split_at(n);
            rest = tail;
            Ok(head)
        };
        let number = |b: &[u8]| -> Result<usize, AutomatonError> {
            usize::try_from(u64::from_le_bytes(b.try_into().expect("eight bytes")))
                .map_err(|_| corrupt("a number is too large"))
        };
        let key_len = number(take(8)?)?;
        let found = String::from_utf8_lossy(take(key_len)?).into_owned();
        let operators = number(take(8)?)?;
        let depth = number(take(8)?)?;
        let words = number(take(8)?)?;
        let count = number(take(8)?)?;
        let lengths = take(count.checked_mul(8).ok_or_else(|| corrupt("too long"))?)?
            .chunks_exact(8)
            .map(number)
            .collect::<Result<Vec<usize>, _>>()?;
        let entries = number(take(8)?)?;
        let table: Vec<u32> = take(entries.checked_mul(4).ok_or_else(|| corrupt("too long"))?)?
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("four bytes")))
            .collect();
        if !rest.is_empty() {
            return Err(corrupt("bytes after the table"));
        }
        if found != key {
            return Err(AutomatonError::Stale {
                expected: key.to_string(),
                found,
            });
        }
        let k = operators;
        if k == 0 || k > 256 || table.is_empty() || table.len() % k != 0 {
            return Err(corrupt("the table does not hold whole rows"));
        }
        if table
            .iter()
            .any(|&t| t != NONE && (t as usize % k != 0 || t as usize >= table.len()))
        {
            return Err(corrupt("a table entry is not a state"));
        }
        let sum = lengths
            .iter()
            .try_fold(0usize, |sum, &n| sum.checked_add(n));
        if lengths.len().checked_sub(1) != Some(depth) || sum != Some(words) {
            return Err(corrupt("the figures do not add up"));
        }
        Ok(Automaton {
            operators,
            depth,
            table,
            words,
            lengths,
        })
    }
}

/// Automata built once per key (a board shape, say) and kept for the
/// process, for a `static`.
///
/// ```
/// use search_core::prune::{Automaton, AutomatonCache, Operators};
/// # struct Token;
/// # impl Operators for Token {
/// #     type Frame = u8;
/// #     fn operator_count(&self) -> usize { 1 }
/// #     fn frames(&self) -> Vec<u8> { vec![0] }
/// #     fn apply(&self, _: &u8, _: u8) -> Option<u8> { None }
/// # }
/// static CACHE: AutomatonCache<(usize, usize)> = AutomatonCache::new();
/// let a = CACHE.get_or_build((2, 2), || Automaton::build(&Token, 4));
/// let b = CACHE.get_or_build((2, 2), || unreachable!("built once"));
/// assert!(std::sync::Arc::ptr_eq(&a, &b));
/// ```
#[derive(Debug, Default)]
pub struct AutomatonCache<K> {
    built: Mutex<Vec<(K, Arc<Automaton>)>>,
}

impl<K: PartialEq> AutomatonCache<K> {
    /// An empty cache.
    pub const fn new() -> Self {
        AutomatonCache {
            built: Mutex::new(Vec::new()),
        }
    }

    /// The automaton of `key`, built by `build` on first use.
    pub fn get_or_build(&self, key: K, build: impl FnOnce() -> Automaton) -> Arc<Automaton> {
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, a)) = built.iter().find(|(k, _)| *k == key) {
            return Arc::clone(a);
        }
        let automaton = Arc::new(build());
        built.push((key, Arc::clone(&automaton)));
        automaton
    }

    /// The automaton of `key`: on first use read from the registered store
    /// ([`set_store`]) under `name` if the bytes there are sound and were
    /// written for `name`, otherwise built by `build` and saved there. With
    /// no store, [`get_or_build`](AutomatonCache::get_or_build). `name`
    /// must tell apart every automaton that `build` could make: the
    /// puzzle, the board, the operator order and the depth.
    pub fn get_or_load(
        &self,
        key: K,
        name: &str,
        build: impl FnOnce() -> Automaton,
    ) -> Arc<Automaton> {
        let Some(store) = STORE.get() else {
            return self.get_or_build(key, build);
        };
        self.get_or_build(key, || {
            if let Some(bytes) = store.load(name) {
                match Automaton::from_bytes(&bytes, name) {
                    Ok(automaton) => return automaton,
                    Err(why) => store.refused(name, &why),
                }
            }
            let automaton = build();
            store.save(name, &automaton.to_bytes(name));
            automaton
        })
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

    /// A numbered board and its blank's cell.
    type Frame = (Vec<u8>, u8);

    /// A sliding puzzle on a `w x h` board: the frame is the numbered
    /// board, operators move the blank up, down, left, right.
    struct Sliding {
        w: u8,
        h: u8,
    }

    impl Operators for Sliding {
        type Frame = (Vec<u8>, u8);
        fn operator_count(&self) -> usize {
            4
        }
        fn frames(&self) -> Vec<(Vec<u8>, u8)> {
            let n = self.w * self.h;
            (0..n).map(|b| ((0..n).collect(), b)).collect()
        }
        fn apply(&self, (cells, b): &(Vec<u8>, u8), op: u8) -> Option<(Vec<u8>, u8)> {
            let (w, b) = (self.w, *b);
            let from = match op {
                0 if b >= w => b - w,
                1 if b + w < w * self.h => b + w,
                2 if b % w > 0 => b - 1,
                3 if b % w + 1 < w => b + 1,
                _ => return None,
            };
            let mut cells = cells.clone();
            cells.swap(usize::from(from), usize::from(b));
            Some((cells, from))
        }
    }

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

    #[test]
    fn bytes_round_trip_and_refuse_damage() {
        let automaton = Automaton::build(&Sliding { w: 3, h: 3 }, 10);
        let bytes = automaton.to_bytes("3x3 udlr 10");
        assert_eq!(
            Automaton::from_bytes(&bytes, "3x3 udlr 10"),
            Ok(automaton.clone())
        );
        assert!(matches!(
            Automaton::from_bytes(&bytes, "3x3 udlr 12"),
            Err(AutomatonError::Stale { .. })
        ));
        // Any byte changed, or the bytes cut anywhere, is refused.
        for i in (0..bytes.len()).step_by(97).chain([bytes.len() - 1]) {
            let mut damaged = bytes.clone();
            damaged[i] ^= 0x40;
            assert!(matches!(
                Automaton::from_bytes(&damaged, "3x3 udlr 10"),
                Err(AutomatonError::Corrupt(_))
            ));
            assert!(matches!(
                Automaton::from_bytes(&bytes[..i], "3x3 udlr 10"),
                Err(AutomatonError::Corrupt(_))
            ));
        }
        // A sound checksum over an entry that is no state is refused too.
        let mut bad = automaton.clone();
        bad.table[5] = 3; // not a multiple of the operator count
        let bytes = bad.to_bytes("k");
        assert_eq!(
            Automaton::from_bytes(&bytes, "k"),
            Err(AutomatonError::Corrupt(
                "a table entry is not a state".into()
            ))
        );
        bad.table[5] = bad.table.len() as u32 * 4; // past the end
        assert!(Automaton::from_bytes(&bad.to_bytes("k"), "k").is_err());
    }

    #[test]
    fn sizes_are_reported() {
        let automaton = Automaton::build(&Sliding { w: 3, h: 3 }, 6);
        assert_eq!(automaton.depth(), 6);
        assert_eq!(automaton.bytes(), automaton.states() * 4 * 4);
        assert_eq!(
            automaton.forbidden_by_length().iter().sum::<usize>(),
            automaton.forbidden()
        );
        // Undoing a move is forbidden in every direction: 4 sequences of 2.
        assert_eq!(automaton.forbidden_by_length()[2], 4);
    }
}
