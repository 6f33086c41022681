//! The fixture format of peg solitaire (feature `serde`): the `lattice`,
//! `start` and `goal` as rows of `o` (a peg), `.` (an empty hole) and spaces
//! (no hole), and a `first_jump` that every solution must begin with.

pub use search_core::fixture::{Expect, Fields};

/// A fixture of peg solitaire: the shared fields, the lattice and the first
/// jump.
pub type Fixture = search_core::fixture::Fixture<Extra>;

search_core::extra_fields! {
    /// The fields of peg solitaire beside the shared ones.
    pub struct Extra {
        /// `square` (the default) or `triangular`.
        lattice: Option<String> = "lattice",
        /// The first jump, `[from, to]`, holes numbered row by row from 0.
        first_jump: Option<[u8; 2]> = "first_jump",
    }
}

/// Its fields: `start`; `lattice` where it is not square, `goal`
/// (required to solve: a board alone serves `analyze`, its levels from the
/// start and its table of problems) and `first_jump`.
pub const FIELDS: Fields = Fields {
    required: &["start"],
    optional: &["lattice", "goal", "first_jump"],
};
