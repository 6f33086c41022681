//! Keeping automata: as bytes ([`Automaton::to_bytes`],
//! [`Automaton::from_bytes`]), in a store between runs ([`AutomatonStore`])
//! and for the process ([`AutomatonCache`]).

use std::sync::{Arc, Mutex, OnceLock};

use super::{Automaton, NONE};
use crate::stored::{Reader, Writer};

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

impl Automaton {
    /// The automaton as bytes: a header, `key` (what it was built for: the
    /// puzzle, its board, its operator order and the depth, in the caller's
    /// words), its figures and table, and a checksum of all that
    /// ([`crate::pdb::checksum`]).
    pub fn to_bytes(&self, key: &str) -> Vec<u8> {
        let mut out = Writer::new(MAGIC, key, self.bytes() + 48);
        for n in [self.operators, self.depth, self.words, self.lengths.len()] {
            out.number(n);
        }
        for &n in &self.lengths {
            out.number(n);
        }
        out.number(self.table.len());
        for &entry in &self.table {
            out.bytes(&entry.to_le_bytes());
        }
        out.finish()
    }

    /// Reads bytes written by [`to_bytes`](Automaton::to_bytes), checking
    /// them whole (header, lengths, checksum, every table entry a state or
    /// a rejection) and refusing an automaton built for another key than
    /// `key`.
    pub fn from_bytes(bytes: &[u8], key: &str) -> Result<Automaton, AutomatonError> {
        let corrupt = |why: &str| AutomatonError::Corrupt(why.to_string());
        let (mut body, found) = Reader::open(bytes, MAGIC).map_err(corrupt)?;
        let mut number = || body.number().map_err(corrupt);
        let (operators, depth, words, count) = (number()?, number()?, number()?, number()?);
        let lengths = (0..count)
            .map(|_| body.number())
            .collect::<Result<Vec<usize>, _>>()
            .map_err(corrupt)?;
        let entries = body.number().map_err(corrupt)?;
        let table: Vec<u32> = body
            .items(entries, 4)
            .map_err(corrupt)?
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("four bytes")))
            .collect();
        body.end("table").map_err(AutomatonError::Corrupt)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prune::tests::Sliding;

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
}
