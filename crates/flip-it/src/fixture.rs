//! The fixture format of Flip It (feature `serde`): `start` as rows of `B`,
//! `W`, and `S` or `.` for the empty cell, and the `variant`; the goal is
//! always every piece white, so a fixture has none.

pub use search_core::fixture::{Expect, Fields};

/// A fixture of Flip It: the shared fields and the variant.
pub type Fixture = search_core::fixture::Fixture<Extra>;

search_core::extra_fields! {
    /// The fields of Flip It beside the shared ones.
    pub struct Extra {
        /// `orthogonal` (the original rules, the default) or `diagonal`.
        variant: Option<String> = "variant",
    }
}

/// Its fields: `start`, and `variant` where it is not the original rules.
pub const FIELDS: Fields = Fields {
    required: &["start"],
    optional: &["variant"],
};
