//! The fixture format of the knight swap (feature `serde`): `start` and
//! `goal` (default: the start with every knight's colour changed) as rows
//! of `b`, `w`, `.` and `#`.

pub use search_core::fixture::{Expect, Fields, NoExtra};

/// A fixture of the knight swap: the shared fields alone.
pub type Fixture = search_core::fixture::Fixture<NoExtra>;

/// Its fields: `start`, and `goal` where it is not the knights exchanged.
pub const FIELDS: Fields = Fields {
    required: &["start"],
    optional: &["goal"],
};
