//! The fixture format of Flip It (feature `serde`): `start` as rows of `B`,
//! `W`, and `S` or `.` for the empty cell, and the `variant`; the goal is
//! always every piece white, so a fixture has none.

use search_core::fixture::ExtraFields;
use serde::de::MapAccess;

pub use search_core::fixture::{Expect, Fields};

/// A fixture of Flip It: the shared fields and the variant.
pub type Fixture = search_core::fixture::Fixture<Extra>;

/// The fields of Flip It beside the shared ones.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extra {
    /// `orthogonal` (the original rules, the default) or `diagonal`.
    pub variant: Option<String>,
}

impl ExtraFields for Extra {
    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        match key {
            "variant" => self.variant = map.next_value()?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// Its fields: `start`, and `variant` where it is not the original rules.
pub const FIELDS: Fields = Fields {
    required: &["start"],
    optional: &["variant"],
};
