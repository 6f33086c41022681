//! Boards: holes on a lattice read from pictures, the jumps and symmetries
//! derived from the geometry, pegs as bits.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The most holes a board may have (its pegs are bits of a `u64`).
pub const MAX_HOLES: usize = 64;

/// The lattice the holes lie on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lattice {
    /// Holes one column apart in a row; a peg jumps along rows and columns
    /// (four directions).
    Square,
    /// Holes two columns apart in a row, a hole's neighbours in the rows
    /// above and below one column to its left and right; a peg jumps in six
    /// directions.
    Triangular,
}

impl Lattice {
    /// The steps (rows, columns) to a neighbour, in picture coordinates.
    fn directions(self) -> &'static [(i32, i32)] {
        match self {
            Lattice::Square => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
            Lattice::Triangular => &[(-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1)],
        }
    }
}

impl FromStr for Lattice {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "square" => Ok(Lattice::Square),
            "triangular" => Ok(Lattice::Triangular),
            other => Err(BoardError::UnknownLattice(other.to_string())),
        }
    }
}

impl fmt::Display for Lattice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lattice::Square => "square",
            Lattice::Triangular => "triangular",
        })
    }
}

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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} -> {}", self.from, self.to)
    }
}

/// Why a board was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// A lattice other than `square` or `triangular`.
    UnknownLattice(String),
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

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::UnknownLattice(name) => write!(
                f,
                "unknown lattice {name:?} (known: \"square\", \"triangular\")"
            ),
            BoardError::UnknownCharacter { row, column, found } => write!(
                f,
                "row {row}, column {column}: unknown character {found:?} (expected 'o' for a peg, '.' for an empty hole, ' ' for no hole)"
            ),
            BoardError::NoHoles => write!(f, "the board has no holes"),
            BoardError::TooManyHoles(n) => {
                write!(f, "the board has {n} holes, more than {MAX_HOLES}")
            }
            BoardError::OffLattice { row, column } => write!(
                f,
                "row {row}, column {column}: off the triangular lattice (holes of a row are two columns apart, and rows are offset by one column)"
            ),
            BoardError::NoPegs => write!(f, "the board has no pegs"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a jump cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum JumpError {
    /// The three holes are not in a line of the lattice, or not holes.
    NotAJump(Jump),
    /// No peg in the `from` hole.
    NoPeg(Jump),
    /// No peg in the `over` hole.
    NothingToJump(Jump),
    /// The `to` hole holds a peg.
    Occupied(Jump),
}

impl fmt::Display for JumpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JumpError::NotAJump(j) => write!(
                f,
                "{} over {} into {} is not a jump of this board",
                j.from, j.over, j.to
            ),
            JumpError::NoPeg(j) => write!(f, "jump {j}: no peg in hole {}", j.from),
            JumpError::NothingToJump(j) => write!(f, "jump {j}: no peg in hole {}", j.over),
            JumpError::Occupied(j) => write!(f, "jump {j}: hole {} is not empty", j.to),
        }
    }
}

impl std::error::Error for JumpError {}

/// The shape of a board: its holes, the jumps between them, and its
/// symmetries, all derived from the holes' positions on the lattice.
#[derive(Debug)]
pub struct Geometry {
    lattice: Lattice,
    /// (row, column) of each hole in the picture, row by row.
    positions: Vec<(usize, usize)>,
    width: usize,
    height: usize,
    jumps: Vec<Jump>,
    /// Indices into `jumps` of the jumps from each hole.
    from: Vec<Vec<u16>>,
    symmetries: Vec<Vec<u8>>,
    classes: Vec<u8>,
}

impl Geometry {
    fn new(lattice: Lattice, positions: Vec<(usize, usize)>, height: usize) -> Geometry {
        let width = positions.iter().map(|p| p.1 + 1).max().unwrap_or(0);
        let index = |r: i32, c: i32| -> Option<u8> {
            if r < 0 || c < 0 {
                return None;
            }
            positions
                .binary_search(&(r as usize, c as usize))
                .ok()
                .map(|i| i as u8)
        };
        let mut jumps = Vec::new();
        let mut from = vec![Vec::new(); positions.len()];
        for (i, &(r, c)) in positions.iter().enumerate() {
            let (r, c) = (r as i32, c as i32);
            let mut here: Vec<Jump> = lattice
                .directions()
                .iter()
                .filter_map(|&(dr, dc)| {
                    Some(Jump {
                        from: i as u8,
                        over: index(r + dr, c + dc)?,
                        to: index(r + 2 * dr, c + 2 * dc)?,
                    })
                })
                .collect();
            here.sort_by_key(|j| j.to);
            for j in here {
                from[i].push(jumps.len() as u16);
                jumps.push(j);
            }
        }
        let symmetries = symmetries(lattice, &positions);
        // Peg classes: the components of the graph of jumps (a peg only ever
        // moves from `from` to `to`, and jumps are reversible).
        let mut parent: Vec<usize> = (0..positions.len()).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        for j in &jumps {
            let (a, b) = (
                root(&mut parent, j.from as usize),
                root(&mut parent, j.to as usize),
            );
            parent[a.max(b)] = a.min(b);
        }
        let mut classes = vec![0u8; positions.len()];
        let mut roots: Vec<usize> = Vec::new();
        for (i, class) in classes.iter_mut().enumerate() {
            let r = root(&mut parent, i);
            *class = match roots.iter().position(|&x| x == r) {
                Some(k) => k as u8,
                None => {
                    roots.push(r);
                    (roots.len() - 1) as u8
                }
            };
        }
        Geometry {
            lattice,
            positions,
            width,
            height,
            jumps,
            from,
            symmetries,
            classes,
        }
    }

    /// The lattice.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// The number of holes.
    pub fn holes(&self) -> usize {
        self.positions.len()
    }

    /// Every hole as a bit.
    pub fn all(&self) -> u64 {
        if self.holes() == 64 {
            u64::MAX
        } else {
            (1 << self.holes()) - 1
        }
    }

    /// The (row, column) of `hole` in the picture, from 0.
    pub fn position(&self, hole: usize) -> Option<(usize, usize)> {
        self.positions.get(hole).copied()
    }

    /// Every jump of the board, by `from` hole, then by landing hole (the
    /// order of Hiroi's table).
    pub fn jumps(&self) -> &[Jump] {
        &self.jumps
    }

    /// The jumps from `hole`, by landing hole.
    pub fn jumps_from(&self, hole: usize) -> impl Iterator<Item = Jump> + '_ {
        self.from
            .get(hole)
            .into_iter()
            .flatten()
            .map(|&i| self.jumps[i as usize])
    }

    /// The jumps from `hole` with their indices in [`jumps`](Self::jumps).
    pub(crate) fn indexed_jumps_from(&self, hole: usize) -> impl Iterator<Item = (u16, Jump)> + '_ {
        self.from[hole].iter().map(|&i| (i, self.jumps[i as usize]))
    }

    /// The symmetries of the board as permutations of the holes (`s[h]` is
    /// the image of hole `h`), the identity first: the transformations of
    /// the lattice (rotations, reflections) that map the set of holes onto
    /// itself.
    pub fn symmetries(&self) -> &[Vec<u8>] {
        &self.symmetries
    }

    /// The peg classes: sets of holes that a peg never leaves (the
    /// components of the graph whose edges join the two ends of a jump),
    /// each ascending, ordered by their smallest hole.
    pub fn peg_classes(&self) -> Vec<Vec<usize>> {
        let count = self.classes.iter().max().map_or(0, |&m| m as usize + 1);
        let mut classes = vec![Vec::new(); count];
        for (hole, &c) in self.classes.iter().enumerate() {
            classes[c as usize].push(hole);
        }
        classes
    }

    /// The class (an index into [`peg_classes`](Self::peg_classes)) of `hole`.
    pub fn class_of(&self, hole: usize) -> Option<usize> {
        self.classes.get(hole).map(|&c| c as usize)
    }

    /// The holes that no jump passes over (Hiroi's corners): a peg there
    /// can only leave by a move of its own.
    pub fn unjumpable(&self) -> u64 {
        let over = self.jumps.iter().fold(0u64, |m, j| m | 1 << j.over);
        self.all() & !over
    }

    /// The image of the pegs `pegs` under symmetry `s`.
    pub fn transform(&self, s: usize, pegs: u64) -> u64 {
        let perm = &self.symmetries[s];
        let mut out = 0;
        let mut bits = pegs;
        while bits != 0 {
            let h = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out |= 1 << perm[h];
        }
        out
    }

    fn same_shape(&self, other: &Geometry) -> bool {
        self.lattice == other.lattice && self.positions == other.positions
    }
}

/// The lattice transformations that map the holes onto themselves.
fn symmetries(lattice: Lattice, positions: &[(usize, usize)]) -> Vec<Vec<u8>> {
    // Coordinates in which the lattice's symmetries are linear maps.
    let coords: Vec<[i64; 3]> = positions
        .iter()
        .map(|&(r, c)| {
            let (r, c) = (r as i64, c as i64);
            match lattice {
                Lattice::Square => [c, r, 0],
                Lattice::Triangular => {
                    // Cube coordinates: q along a row (two columns), r down.
                    let parity = (positions[0].0 + positions[0].1) as i64 % 2;
                    let q = (c - r - parity).div_euclid(2);
                    [q, r, -q - r]
                }
            }
        })
        .collect();
    // Each transformation permutes the coordinates and changes their signs.
    let mut transforms: Vec<([usize; 3], [i64; 3])> = Vec::new();
    match lattice {
        Lattice::Square => {
            for perm in [[0, 1, 2], [1, 0, 2]] {
                for sx in [1, -1] {
                    for sy in [1, -1] {
                        transforms.push((perm, [sx, sy, 1]));
                    }
                }
            }
        }
        Lattice::Triangular => {
            for perm in [
                [0, 1, 2],
                [1, 2, 0],
                [2, 0, 1],
                [0, 2, 1],
                [2, 1, 0],
                [1, 0, 2],
            ] {
                for sign in [1, -1] {
                    transforms.push((perm, [sign; 3]));
                }
            }
        }
    }
    let mut sorted = coords.clone();
    sorted.sort();
    let mut found: Vec<Vec<u8>> = Vec::new();
    for (perm, sign) in &transforms {
        let image: Vec<[i64; 3]> = coords
            .iter()
            .map(|v| [0, 1, 2].map(|k| sign[k] * v[perm[k]]))
            .collect();
        let least = image.iter().min().copied().unwrap_or([0; 3]);
        let shift = [
            sorted[0][0] - least[0],
            sorted[0][1] - least[1],
            sorted[0][2] - least[2],
        ];
        let perm: Option<Vec<u8>> = image
            .iter()
            .map(|v| {
                let moved = [v[0] + shift[0], v[1] + shift[1], v[2] + shift[2]];
                coords.iter().position(|&c| c == moved).map(|i| i as u8)
            })
            .collect();
        if let Some(perm) = perm {
            if !found.contains(&perm) {
                found.push(perm);
            }
        }
    }
    // The identity first (the first transformation is the identity).
    found
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
/// let board = Board::from_rows(Lattice::Triangular, &["  o  ", " o o ", "o o ."])?;
/// assert_eq!(board.geometry().holes(), 6);
/// assert_eq!(board.peg_count(), 5);
/// let jumps: Vec<String> = board.jumps().iter().map(|j| j.to_string()).collect();
/// assert_eq!(jumps, ["0 -> 5", "3 -> 5"]);
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

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.rows())
    }
}

impl Board {
    /// Reads a board drawn as rows: `o` a peg, `.` an empty hole, a space no
    /// hole. On a triangular lattice holes of a row are two columns apart.
    pub fn from_rows<S: AsRef<str>>(lattice: Lattice, rows: &[S]) -> Result<Board, BoardError> {
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
            .jumps
            .iter()
            .copied()
            .filter(|&j| legal(self.pegs, j))
            .collect()
    }

    /// The board after `jump`, or why it is illegal.
    pub fn play(&self, jump: Jump) -> Result<Board, JumpError> {
        if !self
            .geometry
            .jumps_from(jump.from as usize)
            .any(|j| j == jump)
        {
            return Err(JumpError::NotAJump(jump));
        }
        if !self.has_peg(jump.from as usize) {
            return Err(JumpError::NoPeg(jump));
        }
        if !self.has_peg(jump.over as usize) {
            return Err(JumpError::NothingToJump(jump));
        }
        if self.has_peg(jump.to as usize) {
            return Err(JumpError::Occupied(jump));
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
        assert_eq!(Board::from_rows(lattice, rows), Err(expected));
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
            Err(UnknownLattice("hexagonal".to_string()))
        );
    }

    #[test]
    fn symmetries_come_from_the_shape() {
        let check = |lattice, rows: &[&str], expected: usize| {
            let b = Board::from_rows(lattice, rows).unwrap();
            let syms = b.geometry().symmetries();
            assert_eq!(syms.len(), expected, "{rows:?}");
            assert_eq!(syms[0], (0..b.geometry().holes() as u8).collect::<Vec<_>>());
            for s in syms {
                // A symmetry maps jumps to jumps.
                for j in b.geometry().jumps() {
                    let image = Jump {
                        from: s[j.from as usize],
                        over: s[j.over as usize],
                        to: s[j.to as usize],
                    };
                    assert!(b.geometry().jumps().contains(&image));
                }
            }
        };
        check(Lattice::Square, &["ooo", "ooo", "ooo"], 8);
        check(Lattice::Square, &["oooo", "oooo"], 4);
        check(Lattice::Square, &["oo.", " .o"], 1);
        check(Lattice::Square, &["oo ", " oo"], 2);
        check(Lattice::Triangular, &["  o  ", " o o ", "o o o"], 6);
        check(Lattice::Triangular, &[" o o ", "o o o", " o o "], 12);
        check(Lattice::Triangular, &["o o o"], 2);
    }
}
