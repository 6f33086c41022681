//! The integration tests, in one binary (one link instead of one per file).
//! `automaton_store.rs` is a binary of its own: the store it registers is
//! the process's.

#[path = "../common/mod.rs"]
mod common;

mod algorithms;
mod ida;
mod sweeps;
