//! The pruning automata's cache: `.cache/pdb/prune-<name>.bin`, beside the
//! pattern databases, registered as search-core's store so that a puzzle
//! crate's IDA* reads its automaton instead of building it
//! ([`search_core::prune::AutomatonStore`]). A file whose checksum or name
//! does not match is reported, and the automaton is built and written over
//! it (written beside and renamed, so that a reader never sees half a file).

use std::fs;
use std::path::PathBuf;

use search_core::prune::{AutomatonError, AutomatonStore, set_store};

/// The store of automata in a folder.
#[derive(Debug, Clone)]
pub struct AutomatonFiles {
    dir: PathBuf,
}

impl AutomatonFiles {
    /// The automata kept in `dir`.
    pub fn new(dir: PathBuf) -> AutomatonFiles {
        AutomatonFiles { dir }
    }

    /// The file of the automaton `name`, or `None` if `name` is not made of
    /// letters, digits and `-` only.
    pub fn file(&self, name: &str) -> Option<PathBuf> {
        let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        plain.then(|| self.dir.join(format!("prune-{name}.bin")))
    }
}

impl AutomatonStore for AutomatonFiles {
    fn load(&self, name: &str) -> Option<Vec<u8>> {
        fs::read(self.file(name)?).ok()
    }

    #[allow(clippy::print_stderr)]
    fn save(&self, name: &str, bytes: &[u8]) {
        let Some(path) = self.file(name) else {
            return;
        };
        if let Err(e) = crate::write_whole(&path, |out| out.write_all(bytes)) {
            eprintln!(
                "warning: {}: {e}; the pruning automaton is not cached",
                crate::display_path(&path)
            );
        }
    }

    #[allow(clippy::print_stderr)]
    fn refused(&self, name: &str, why: &AutomatonError) {
        if let Some(path) = self.file(name) {
            eprintln!(
                "warning: {}: {why}; rebuilding it",
                crate::display_path(&path)
            );
        }
    }
}

/// Registers `.cache/pdb/` of the workspace as the store of automata.
pub fn register() {
    set_store(Box::new(AutomatonFiles::new(crate::cache_dir())));
}
