//! The fixture format of the sliding-tile family (feature `serde`): `start`
//! and `goal` (default: the tiles in order, the blank last) as rows of
//! numbers separated by spaces, `0` or `.` the blank.

pub use search_core::fixture::{Expect, Fields, NoExtra};

/// A fixture of the sliding-tile family: the shared fields alone.
pub type Fixture = search_core::fixture::Fixture<NoExtra>;

/// Its fields: `start`, and `goal` where it is not the solved board.
pub const FIELDS: Fields = Fields {
    required: &["start"],
    optional: &["goal"],
};
