//! Boards: holes on a lattice read from pictures, pegs as bits, jumps
//! played with the rules.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::geometry::{Geometry, Lattice};

/// The most holes a board may have (its pegs are bits of a `u64`).
pub const MAX_HOLES: usize = 64;

/// One jump: the peg in `from` jumps over the peg in `over` into the empty
/// hole `to`, and the peg in `over` is removed. Holes are numbered row by
/// row, left to right, from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Jump {
    /// The hole the jumping peg leaves.
    pub from: u8,
    /// The hole whose peg is jumped over and removed.
    pub over: u8,
    /// The hole the peg lands in.
    pub to: u8,
}

impl Jump {
    /// The bits of the three holes.
    pub(crate) fn mask(self) -> u64 {
        (1 << self.from) | (1 << self.over) | (1 << self.to)
    }
}

impl fmt::Display for Jump {
    /// The hole left and the hole landed in, joined by `-`: a move of one
    /// jump ([`Move`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// One move: a chain of one or more jumps by the same peg, written as the
/// holes the peg visits joined by `-` (`12-14-6`: from 12 over a peg to
/// 14, then on to 6); M. Hiroi writes it `[12, 14, 6]` ([`Move::hiroi`]).
///
/// # Example
///
/// ```
/// use peg_solitaire::Move;
///
/// let m: Move = "12-14-6".parse()?;
/// assert_eq!(m.holes(), [12, 14, 6]);
/// assert_eq!(m.to_string(), "12-14-6");
/// assert_eq!(m.hiroi(), "[12, 14, 6]");
/// assert!("12".parse::<Move>().is_err());
/// # Ok::<(), peg_solitaire::MoveError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    holes: Vec<u8>,
}

impl Move {
    /// The moves of a sequence of jumps: a jump continues the move of the
    /// jump before it when it starts where that one landed.
    pub fn from_jumps(jumps: &[Jump]) -> Vec<Move> {
        let mut moves: Vec<Move> = Vec::new();
        for j in jumps {
            match moves.last_mut() {
                Some(m) if m.holes.last() == Some(&j.from) => m.holes.push(j.to),
                _ => moves.push(Move {
                    holes: vec![j.from, j.to],
                }),
            }
        }
        moves
    }

    /// The holes the peg visits, the first the one it leaves (at least two).
    pub fn holes(&self) -> &[u8] {
        &self.holes
    }

    /// The move in M. Hiroi's notation: `[12, 14, 6]`.
    pub fn hiroi(&self) -> String {
        let holes: Vec<String> = self.holes.iter().map(u8::to_string).collect();
        format!("[{}]", holes.join(", "))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let holes: Vec<String> = self.holes.iter().map(u8::to_string).collect();
        f.write_str(&holes.join("-"))
    }
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        let holes = search_core::puzzle::move_numbers(s)
            .filter(|holes| holes.len() >= 2)
            .and_then(|holes| holes.into_iter().map(|h| u8::try_from(h).ok()).collect())
            .ok_or_else(|| MoveError::Unreadable(s.to_string()))?;
        Ok(Move { holes })
    }
}

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// A character other than `o` (peg), `.` (empty hole) or a space (no hole).
    UnknownCharacter {
        /// The row (the first is 1).
        row: usize,
        /// The column (the first is 1).
        column: usize,
        /// The character.
        found: char,
    },
    /// No holes at all.
    NoHoles,
    /// More than [`MAX_HOLES`] holes.
    TooManyHoles(usize),
    /// On a triangular lattice, a hole whose row and column do not have the
    /// parity of the other holes' (holes of a row are two columns apart).
    OffLattice {
        /// The row (the first is 1).
        row: usize,
        /// The column (the first is 1).
        column: usize,
    },
    /// No pegs on the board.
    NoPegs,
}

search_core::error_messages! {
    BoardError {
        UnknownCharacter { row, column, found } =>
            "row {row}, column {column}: unknown character {found:?} (expected 'o' for a peg, '.' for an empty hole, ' ' for no hole)";
        NoHoles => "the board has no holes";
        TooManyHoles(n) => "the board has {n} holes, more than {MAX_HOLES}";
        OffLattice { row, column } =>
            "row {row}, column {column}: off the triangular lattice (holes of a row are two columns apart, and rows are offset by one column)";
        NoPegs => "the board has no pegs";
    }
}

/// Why a move or a jump cannot be played.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// Not holes joined by `-`, at least two.
    Unreadable(String),
    /// No jump of this board leads from the first hole to the second.
    NoJumpBetween {
        /// The hole the peg would leave.
        from: u8,
        /// The hole it would land in.
        to: u8,
    },
    /// The three holes are not in a line of the lattice, or not holes.
    NotAJump(Jump),
    /// No peg in the `from` hole.
    NoPeg(Jump),
    /// No peg in the `over` hole.
    NothingToJump(Jump),
    /// The `to` hole holds a peg.
    Occupied(Jump),
}

search_core::error_messages! {
    MoveError {
        Unreadable(s) => "{s:?} is not a move (the holes a peg visits, joined by '-', e.g. 12-14-6)";
        NoJumpBetween { from, to } => "no jump of this board leads from hole {from} to hole {to}";
        NotAJump(j) =>
            "{} over {} into {} is not a jump of this board", j.from, j.over, j.to;
        NoPeg(j) => "jump {j}: no peg in hole {}", j.from;
        NothingToJump(j) => "jump {j}: no peg in hole {}", j.over;
        Occupied(j) => "jump {j}: hole {} is not empty", j.to;
    }
}

/// Pegs in the holes of a board.
///
/// Holes are numbered row by row, left to right, from 0. A `Board` is always
/// valid: at least one and at most [`MAX_HOLES`] holes, on the lattice.
///
/// # Example
///
/// ```
/// use peg_solitaire::{Board, Lattice};
///
/// let board = Board::from_rows_in(Lattice::Triangular, &["  o  ", " o o ", "o o ."])?;
/// assert_eq!(board.geometry().holes(), 6);
/// assert_eq!(board.peg_count(), 5);
/// let jumps: Vec<String> = board.jumps().iter().map(|j| j.to_string()).collect();
/// assert_eq!(jumps, ["0-5", "3-5"]);
/// assert_eq!(board.rows(), ["  o", " o o", "o o ."]);
/// # Ok::<(), peg_solitaire::BoardError>(())
/// ```
#[derive(Clone)]
pub struct Board {
    geometry: Arc<Geometry>,
    pegs: u64,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.pegs == other.pegs
            && (Arc::ptr_eq(&self.geometry, &other.geometry)
                || self.geometry.same_shape(&other.geometry))
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.pegs.hash(state);
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.rows())
    }
}

impl Board {
    /// Reads a board of the square lattice (the English and French boards)
    /// drawn as rows: `o` a peg, `.` an empty hole, a space no hole.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, BoardError> {
        Board::from_rows_in(Lattice::Square, rows)
    }

    /// Reads a board of `lattice` drawn as rows: `o` a peg, `.` an empty
    /// hole, a space no hole. On a triangular lattice holes of a row are two
    /// columns apart.
    pub fn from_rows_in<S: AsRef<str>>(lattice: Lattice, rows: &[S]) -> Result<Board, BoardError> {
        let mut positions = Vec::new();
        let mut pegs = 0u64;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.as_ref().chars().enumerate() {
                match ch {
                    ' ' => continue,
                    'o' | '.' => {}
                    found => {
                        return Err(BoardError::UnknownCharacter {
                            row: r + 1,
                            column: c + 1,
                            found,
                        });
                    }
                }
                if positions.len() == MAX_HOLES {
                    let total = rows
                        .iter()
                        .map(|row| row.as_ref().chars().filter(|&c| c != ' ').count())
                        .sum();
                    return Err(BoardError::TooManyHoles(total));
                }
                if ch == 'o' {
                    pegs |= 1 << positions.len();
                }
                positions.push((r, c));
            }
        }
        let Some(&first) = positions.first() else {
            return Err(BoardError::NoHoles);
        };
        if lattice == Lattice::Triangular {
            if let Some(&(r, c)) = positions
                .iter()
                .find(|&&(r, c)| (r + c) % 2 != (first.0 + first.1) % 2)
            {
                return Err(BoardError::OffLattice {
                    row: r + 1,
                    column: c + 1,
                });
            }
        }
        if pegs == 0 {
            return Err(BoardError::NoPegs);
        }
        let geometry = Geometry::new(lattice, positions, rows.len());
        Ok(Board {
            geometry: Arc::new(geometry),
            pegs,
        })
    }

    /// The same holes with the pegs `pegs` (bits of hole numbers); `None` if
    /// a bit names no hole.
    pub fn with_pegs(&self, pegs: u64) -> Option<Board> {
        (pegs & !self.geometry.all() == 0).then(|| Board {
            geometry: Arc::clone(&self.geometry),
            pegs,
        })
    }

    /// The same holes with pegs and holes swapped. A jump on it is a jump
    /// played backwards here: a game whose goal is the complement of its
    /// start (the English central game) reads the same from both ends,
    /// which [`count_by_jumps`](crate::count_by_jumps) uses.
    ///
    /// ```
    /// let start = peg_solitaire::Board::from_rows(&["ooo", "o.o"])?;
    /// assert_eq!(start.complement().rows(), ["...", ".o."]);
    /// # Ok::<(), peg_solitaire::BoardError>(())
    /// ```
    pub fn complement(&self) -> Board {
        Board {
            geometry: Arc::clone(&self.geometry),
            pegs: self.geometry.all() ^ self.pegs,
        }
    }

    /// Whether `other` is this position's [`complement`](Board::complement)
    /// on a board of the same shape: a game from one to the other (the
    /// English central game) reads the same from both ends.
    ///
    /// ```
    /// let start = peg_solitaire::Board::from_rows(&["ooo", "o.o"])?;
    /// assert!(start.complement().is_complement_of(&start));
    /// assert!(!start.is_complement_of(&start));
    /// # Ok::<(), peg_solitaire::BoardError>(())
    /// ```
    pub fn is_complement_of(&self, other: &Board) -> bool {
        self.same_shape(other) && self.pegs == self.geometry.all() ^ other.pegs
    }

    /// Whether a game from `start` to this position reads the same from
    /// both ends: this position is the start's
    /// [`complement`](Board::complement), or the image of the complement
    /// under a symmetry of the board that is its own inverse (a reflection:
    /// on the French board, the start with hole 11 empty and the finish
    /// with one peg in hole 25, the mirror image of 11 in the middle row).
    ///
    /// ```
    /// use peg_solitaire::Board;
    ///
    /// let start = Board::from_rows(&[".oo", "ooo"])?;
    /// assert!(start.complement().is_mirror_of(&start));
    /// assert!(Board::from_rows(&["..o", "..."])?.is_mirror_of(&start));
    /// assert!(!Board::from_rows(&[".o.", "..."])?.is_mirror_of(&start));
    /// # Ok::<(), peg_solitaire::BoardError>(())
    /// ```
    pub fn is_mirror_of(&self, start: &Board) -> bool {
        self.mirror_symmetry(start).is_some()
    }

    /// The symmetry of [`is_mirror_of`](Board::is_mirror_of): `Some(None)`
    /// for the complement itself, `Some(Some(s))` for its image under
    /// symmetry `s` of the geometry; `None` where there is none.
    pub(crate) fn mirror_symmetry(&self, start: &Board) -> Option<Option<usize>> {
        if !self.same_shape(start) {
            return None;
        }
        let complement = self.geometry.all() ^ start.pegs;
        if complement == self.pegs {
            return Some(None);
        }
        (0..self.geometry.symmetries().len())
            .find(|&s| {
                let p = &self.geometry.symmetries()[s];
                let involution = (0..p.len()).all(|i| usize::from(p[usize::from(p[i])]) == i);
                involution && self.geometry.transform(s, complement) == self.pegs
            })
            .map(Some)
    }

    /// Whether `other` has the same holes on the same lattice.
    pub fn same_shape(&self, other: &Board) -> bool {
        Arc::ptr_eq(&self.geometry, &other.geometry) || self.geometry.same_shape(&other.geometry)
    }

    /// The board's shape.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The pegs as bits of hole numbers.
    pub fn pegs(&self) -> u64 {
        self.pegs
    }

    /// The number of pegs.
    pub fn peg_count(&self) -> u32 {
        self.pegs.count_ones()
    }

    /// Whether `hole` holds a peg.
    pub fn has_peg(&self, hole: usize) -> bool {
        hole < 64 && self.pegs >> hole & 1 == 1
    }

    /// The legal jumps, by `from` hole, then by landing hole.
    pub fn jumps(&self) -> Vec<Jump> {
        self.geometry
            .jumps()
            .iter()
            .copied()
            .filter(|&j| legal(self.pegs, j))
            .collect()
    }

    /// The lattice the holes lie on: the variant of the rules the board
    /// plays by.
    pub fn variant(&self) -> Lattice {
        self.geometry.lattice()
    }

    /// Every legal move: each chain of one or more jumps by one peg, a
    /// chain after the chain it extends, chains in the order of
    /// [`Board::jumps`] of their first jump.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for jump in self.jumps() {
            let after = self.play_jump(jump).expect("a legal jump");
            Board::chains(&after, vec![jump.from, jump.to], &mut out);
        }
        out
    }

    /// Pushes the move of `holes` (a chain that leads to `after`) and every
    /// longer chain of the same peg, each extension played once.
    fn chains(after: &Board, holes: Vec<u8>, out: &mut Vec<Move>) {
        let at = usize::from(*holes.last().expect("a move has two holes at least"));
        let next: Vec<Jump> = after
            .geometry
            .jumps_from(at)
            .filter(|&j| legal(after.pegs, j))
            .collect();
        out.push(Move {
            holes: holes.clone(),
        });
        for j in next {
            let board = after.play_jump(j).expect("a legal jump");
            let mut longer = holes.clone();
            longer.push(j.to);
            Board::chains(&board, longer, out);
        }
    }

    /// The board after `m`, a chain of jumps by one peg, or why the rules
    /// forbid it.
    pub fn play(&self, m: &Move) -> Result<Board, MoveError> {
        self.jumps_of(m)?
            .into_iter()
            .try_fold(self.clone(), |board, j| board.play_jump(j))
    }

    /// The jumps of `m` on this board (checked against its geometry, not
    /// played).
    pub fn jumps_of(&self, m: &Move) -> Result<Vec<Jump>, MoveError> {
        m.holes()
            .windows(2)
            .map(|w| {
                let (from, to) = (w[0], w[1]);
                self.geometry
                    .jumps()
                    .iter()
                    .find(|j| (j.from, j.to) == (from, to))
                    .copied()
                    .ok_or(MoveError::NoJumpBetween { from, to })
            })
            .collect()
    }

    /// The board after one jump, or why it is illegal.
    pub fn play_jump(&self, jump: Jump) -> Result<Board, MoveError> {
        if !self
            .geometry
            .jumps_from(jump.from as usize)
            .any(|j| j == jump)
        {
            return Err(MoveError::NotAJump(jump));
        }
        if !self.has_peg(jump.from as usize) {
            return Err(MoveError::NoPeg(jump));
        }
        if !self.has_peg(jump.over as usize) {
            return Err(MoveError::NothingToJump(jump));
        }
        if self.has_peg(jump.to as usize) {
            return Err(MoveError::Occupied(jump));
        }
        Ok(Board {
            geometry: Arc::clone(&self.geometry),
            pegs: self.pegs ^ jump.mask(),
        })
    }

    /// The board drawn as rows (`o`, `.`, spaces; no trailing spaces).
    pub fn rows(&self) -> Vec<String> {
        let g = &self.geometry;
        let mut rows = vec![vec![' '; g.width]; g.height];
        for (hole, &(r, c)) in g.positions.iter().enumerate() {
            rows[r][c] = if self.has_peg(hole) { 'o' } else { '.' };
        }
        rows.into_iter()
            .map(|row| row.into_iter().collect::<String>().trim_end().to_string())
            .collect()
    }

    /// The board's holes drawn with their numbers, two characters a column
    /// (Hiroi's figure of the numbering).
    pub fn numbered_rows(&self) -> Vec<String> {
        let g = &self.geometry;
        let mut rows = vec![vec!["  ".to_string(); g.width]; g.height];
        for (hole, &(r, c)) in g.positions.iter().enumerate() {
            rows[r][c] = format!("{hole:>2}");
        }
        rows.into_iter()
            .map(|row| row.concat().trim_end().to_string())
            .collect()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.rows().join("\n"))
    }
}

/// Whether `jump` can be played on `pegs`.
#[inline]
pub(crate) fn legal(pegs: u64, jump: Jump) -> bool {
    pegs >> jump.from & 1 == 1 && pegs >> jump.over & 1 == 1 && pegs >> jump.to & 1 == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_error(lattice: Lattice, rows: &[&str], expected: BoardError) {
        assert_eq!(Board::from_rows_in(lattice, rows), Err(expected));
    }

    #[test]
    fn bad_pictures_are_refused() {
        use BoardError::*;
        check_error(Lattice::Square, &[], NoHoles);
        check_error(Lattice::Square, &["   "], NoHoles);
        check_error(Lattice::Square, &["...", "..."], NoPegs);
        check_error(
            Lattice::Square,
            &["oxo"],
            UnknownCharacter {
                row: 1,
                column: 2,
                found: 'x',
            },
        );
        check_error(
            Lattice::Triangular,
            &["oo"],
            OffLattice { row: 1, column: 2 },
        );
        check_error(
            Lattice::Square,
            &["o".repeat(65).as_str()],
            TooManyHoles(65),
        );
        assert_eq!(
            "hexagonal".parse::<Lattice>(),
            Err("unknown lattice \"hexagonal\" (known: square, triangular)".to_string())
        );
        assert_eq!(Lattice::ALL[0], Lattice::default());
    }
}
