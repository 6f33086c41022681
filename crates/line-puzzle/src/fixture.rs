//! The fixture format of the line puzzle (feature `serde`): `start` and
//! `goal` as rows of `A`, `B`, `C`, `D`, and `S` or `.` for a space.

pub use search_core::fixture::{Expect, Fields, NoExtra};

/// A fixture of the line puzzle: the shared fields alone.
pub type Fixture = search_core::fixture::Fixture<NoExtra>;

/// Its fields: `start` and `goal`, both required (the puzzle has no natural
/// goal).
pub const FIELDS: Fields = Fields {
    required: &["start", "goal"],
    optional: &[],
};
