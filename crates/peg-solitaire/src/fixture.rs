//! The fixture format of peg solitaire (feature `serde`): the `lattice`,
//! `start` and `goal` as rows of `o` (a peg), `.` (an empty hole) and spaces
//! (no hole), and a `first_jump` that every solution must begin with.

use search_core::fixture::ExtraFields;
use serde::de::MapAccess;

pub use search_core::fixture::{Expect, Fields};

/// A fixture of peg solitaire: the shared fields, the lattice and the first
/// jump.
pub type Fixture = search_core::fixture::Fixture<Extra>;

/// The fields of peg solitaire beside the shared ones.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extra {
    /// `square` (the default) or `triangular`.
    pub lattice: Option<String>,
    /// The first jump, `[from, to]`, holes numbered row by row from 0.
    pub first_jump: Option<[u8; 2]>,
}

impl ExtraFields for Extra {
    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        match key {
            "lattice" => self.lattice = map.next_value()?,
            "first_jump" => self.first_jump = map.next_value()?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// Its fields: `start`; `lattice` where it is not square, `goal`
/// (required to solve: a board alone serves `analyze`, its levels from the
/// start and its table of problems) and `first_jump`.
pub const FIELDS: Fields = Fields {
    required: &["start"],
    optional: &["lattice", "goal", "first_jump"],
};
