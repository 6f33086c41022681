//! `AutomatonCache::get_or_load` with a store registered: the automaton is
//! built and saved once, then read back instead of built, and bytes that
//! are refused are replaced. (Its own test binary: the store is the
//! process's.)

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use search_core::grid::{ORTHOGONAL, Rect, Sliding};
use search_core::prune::{Automaton, AutomatonCache, AutomatonError, AutomatonStore, set_store};

#[derive(Default)]
struct Memory {
    files: Mutex<HashMap<String, Vec<u8>>>,
    refused: Mutex<Vec<String>>,
}

/// The store registered: a view of the test's `Memory`.
struct Shared(Arc<Memory>);

impl AutomatonStore for Shared {
    fn load(&self, key: &str) -> Option<Vec<u8>> {
        self.0.files.lock().unwrap().get(key).cloned()
    }
    fn save(&self, key: &str, bytes: &[u8]) {
        let mut files = self.0.files.lock().unwrap();
        files.insert(key.to_string(), bytes.to_vec());
    }
    fn refused(&self, key: &str, why: &AutomatonError) {
        self.0.refused.lock().unwrap().push(format!("{key}: {why}"));
    }
}

#[test]
fn automata_are_saved_read_back_and_replaced_when_damaged() {
    let memory = Arc::new(Memory::default());
    assert!(set_store(Box::new(Shared(Arc::clone(&memory)))));
    assert!(
        !set_store(Box::new(Shared(Arc::default()))),
        "one store a process"
    );
    let sliding = Sliding::new(Rect::new(3, 3), ORTHOGONAL);
    let name = "sliding-3x3-udlr-10";
    let built = Automaton::build(&sliding, 10);

    // Built and saved.
    let first = AutomatonCache::new().get_or_load((), name, || Automaton::build(&sliding, 10));
    assert_eq!(*first, built);
    assert_eq!(memory.files.lock().unwrap()[name], built.to_bytes(name));

    // Read back by a fresh cache (a new process), not built.
    let cache = AutomatonCache::new();
    let read = cache.get_or_load((), name, || unreachable!("read from the store"));
    assert_eq!(*read, built);
    // And kept in memory after that.
    assert!(Arc::ptr_eq(
        &read,
        &cache.get_or_load((), name, || unreachable!())
    ));

    // Damaged bytes: refused, rebuilt, saved over.
    memory.files.lock().unwrap().get_mut(name).unwrap()[20] ^= 1;
    let rebuilt = AutomatonCache::new().get_or_load((), name, || Automaton::build(&sliding, 10));
    assert_eq!(*rebuilt, built);
    assert_eq!(memory.refused.lock().unwrap().len(), 1);
    assert!(memory.refused.lock().unwrap()[0].contains("checksum"));
    assert_eq!(memory.files.lock().unwrap()[name], built.to_bytes(name));

    // Bytes saved under one name are not read for another.
    let other = "sliding-3x3-udlr-8";
    let bytes = memory.files.lock().unwrap()[name].clone();
    memory
        .files
        .lock()
        .unwrap()
        .insert(other.to_string(), bytes);
    let eight = AutomatonCache::new().get_or_load((), other, || Automaton::build(&sliding, 8));
    assert_eq!(eight.depth(), 8);
    assert!(memory.refused.lock().unwrap()[1].contains("was built for"));
}
