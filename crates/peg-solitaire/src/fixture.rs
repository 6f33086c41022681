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

impl Extra {
    /// The fixture's `first_jump` on the board of `start`: one of the
    /// board's jumps, and one that can be played from `start`.
    ///
    /// ```
    /// use peg_solitaire::{Lattice, PegSolitaire, Puzzle};
    /// use peg_solitaire::fixture::Extra;
    ///
    /// let start = PegSolitaire::from_rows(Lattice::Square, &["oo.o"])?;
    /// let first = |jump| Extra { first_jump: Some(jump), ..Extra::default() };
    /// assert_eq!(first([0, 2]).first_jump_on(&start)?.map(|j| (j.from, j.to)), Some((0, 2)));
    /// assert_eq!(Extra::default().first_jump_on(&start)?, None);
    /// let not_a_jump = first([0, 1]).first_jump_on(&start).unwrap_err();
    /// assert_eq!(not_a_jump, "first_jump: 0 -> 1 is not a jump of this board");
    /// assert!(first([3, 1]).first_jump_on(&start).unwrap_err().starts_with("first_jump: "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The jump is not one of the board's, or cannot be played from
    /// `start`; the message names the field.
    pub fn first_jump_on(&self, start: &crate::Board) -> Result<Option<crate::Jump>, String> {
        let Some([from, to]) = self.first_jump else {
            return Ok(None);
        };
        let jumps = start.geometry().jumps();
        let jump = jumps.iter().find(|j| (j.from, j.to) == (from, to));
        let jump = *jump
            .ok_or_else(|| format!("first_jump: {from} -> {to} is not a jump of this board"))?;
        start
            .play_jump(jump)
            .map_err(|e| format!("first_jump: {e}"))?;
        Ok(Some(jump))
    }
}

/// A fixture's boards, and the jump every solution must begin with.
#[derive(Debug, Clone)]
pub struct Instance {
    /// The start.
    pub start: crate::Board,
    /// The goal, on the start's lattice and checked against it.
    pub goal: crate::Board,
    /// The jump every solution begins with, where the fixture fixes one.
    pub first_jump: Option<crate::Jump>,
}

/// The fixture's start on its lattice.
///
/// # Errors
///
/// An unknown lattice, or rows that are not a board of it; the message
/// names the field.
pub fn start_of(fixture: &Fixture) -> Result<crate::Board, String> {
    let lattice: crate::Lattice = match &fixture.extra.lattice {
        Some(name) => name.parse()?,
        None => crate::Lattice::default(),
    };
    search_core::fixture::board::<crate::PegSolitaire>("start", lattice, &fixture.start)
}

/// The fixture's start, goal and first jump, checked.
///
/// ```
/// use peg_solitaire::fixture::{Extra, Fixture, instance};
///
/// let rows = |r: &str| vec![r.to_string()];
/// let mut fixture = Fixture {
///     name: None, source: None, start: rows("oo.o"), goal: Some(rows("..oo")),
///     expect: Default::default(), extra: Extra::default(),
/// };
/// assert_eq!(instance(&fixture)?.goal.rows(), ["..oo"]);
/// fixture.goal = None;
/// assert!(instance(&fixture).unwrap_err().starts_with("goal: missing"));
/// # Ok::<(), String>(())
/// ```
///
/// # Errors
///
/// What is wrong with the start, the goal (missing, or not one the start
/// can have) or the first jump.
pub fn instance(fixture: &Fixture) -> Result<Instance, String> {
    let start = start_of(fixture)?;
    let goal_rows = fixture.goal.as_ref().ok_or(
        "goal: missing (a fixture without a goal is read only by `cargo xtask analyze peg-solitaire`: the levels by moves from its start, or --problems)",
    )?;
    let lattice = start.geometry().lattice();
    let goal = search_core::fixture::board::<crate::PegSolitaire>("goal", lattice, goal_rows)?;
    crate::check_goal(&start, &goal).map_err(|e| e.to_string())?;
    let first_jump = fixture.extra.first_jump_on(&start)?;
    Ok(Instance {
        start,
        goal,
        first_jump,
    })
}
