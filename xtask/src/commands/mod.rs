//! The bodies of the `cargo xtask` commands, one module each.

pub(crate) mod analyze;
pub(crate) mod bench;
pub(crate) mod korf;
pub(crate) mod solve;
