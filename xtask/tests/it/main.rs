//! The integration tests, in one binary (one link instead of one per file).

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod cli_analyze;
mod cli_distributed;
mod cli_pattern_databases;
mod golden;
mod helpers;
