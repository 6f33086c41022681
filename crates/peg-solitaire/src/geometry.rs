//! The shape of a board: the lattice, and the jumps, symmetries and peg
//! classes derived from the holes' positions on it.

use search_core::grid;

use crate::board::Jump;

/// The lattice the holes lie on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lattice {
    /// Holes one column apart in a row; a peg jumps along rows and columns
    /// (four directions).
    #[default]
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

search_core::named_values! {
    /// Both lattices, the default first.
    Lattice: "lattice" { Square => "square", Triangular => "triangular" }
}

/// The shape of a board: its holes, the jumps between them, and its
/// symmetries, all derived from the holes' positions on the lattice.
#[derive(Debug)]
pub struct Geometry {
    lattice: Lattice,
    /// (row, column) of each hole in the picture, row by row.
    pub(crate) positions: Vec<(usize, usize)>,
    pub(crate) width: usize,
    pub(crate) height: usize,
    jumps: Vec<Jump>,
    /// Indices into `jumps` of the jumps from each hole.
    from: Vec<Vec<u16>>,
    symmetries: Vec<Vec<u8>>,
    classes: Vec<u8>,
}

impl Geometry {
    pub(crate) fn new(lattice: Lattice, positions: Vec<(usize, usize)>, height: usize) -> Geometry {
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

    /// Each hole's place in a grid of the lattice, row by row, where the
    /// grid fits the 64 bits of a position: on it each direction of jumps
    /// moves a hole's bit by one offset (on the triangular lattice a row's
    /// holes are two columns apart, and the rows shift by one), so that
    /// the jumps of a direction can be found for every hole at once (four
    /// groups of jumps on the English board, against twelve offsets in the
    /// holes' numbering). `None` where the grid is wider than 64 bits.
    pub(crate) fn grid(&self) -> Option<Vec<u8>> {
        // The column on the grid: on the triangular lattice, the holes of
        // a row are two picture columns apart and a row down shifts them
        // by one, so (column + row) / 2 steps by one along a row and by
        // 0 or 1 down a row.
        let column = |&(r, c): &(usize, usize)| match self.lattice {
            Lattice::Square => c,
            Lattice::Triangular => (c + r) / 2,
        };
        let columns = self.positions.iter().map(column);
        let (least, most) = (columns.clone().min()?, columns.max()?);
        let stride = most - least + 1;
        let top = self.positions.first()?.0;
        let places: Vec<usize> = self
            .positions
            .iter()
            .map(|p| (p.0 - top) * stride + column(p) - least)
            .collect();
        let mut bits = 0u64;
        for &i in &places {
            // Every place below 64, and each hole's its own.
            if i >= 64 || bits >> i & 1 == 1 {
                return None;
            }
            bits |= 1 << i;
        }
        Some(places.iter().map(|&i| i as u8).collect())
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
        for h in grid::bits(pegs) {
            out |= 1 << perm[h];
        }
        out
    }

    pub(crate) fn same_shape(&self, other: &Geometry) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn symmetries_come_from_the_shape() {
        let check = |lattice, rows: &[&str], expected: usize| {
            let b = Board::from_rows_in(lattice, rows).unwrap();
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

    /// On the grid each direction of jumps moves a hole by one offset: the
    /// square lattice's four, the triangular lattice's six; a board whose
    /// grid is wider than a word has none.
    #[test]
    fn a_direction_is_one_offset_on_the_grid() {
        let triangle = |side: usize| -> Vec<String> {
            (0..side)
                .map(|r| format!("{}{}", " ".repeat(side - 1 - r), vec!["o"; r + 1].join(" ")))
                .collect()
        };
        let english = [
            "  ooo  ", "  ooo  ", "ooooooo", "ooooooo", "ooooooo", "  ooo  ", "  ooo  ",
        ];
        fn rows(r: &[String]) -> Vec<&str> {
            r.iter().map(String::as_str).collect()
        }
        for (lattice, board, directions) in [
            (Lattice::Square, english.map(String::from).to_vec(), 4),
            (Lattice::Triangular, triangle(6), 6),
            (Lattice::Triangular, triangle(8), 6),
        ] {
            let b = Board::from_rows_in(lattice, &rows(&board)).unwrap();
            let g = b.geometry();
            let place = g.grid().expect("a grid within 64 bits");
            let mut seen = 0u64;
            for &p in &place {
                assert!(p < 64 && seen >> p & 1 == 0, "{board:?}");
                seen |= 1 << p;
            }
            let mut offsets: Vec<(i32, i32)> = g
                .jumps()
                .iter()
                .map(|j| {
                    let at = |h: u8| i32::from(place[usize::from(h)]);
                    (at(j.over) - at(j.from), at(j.to) - at(j.over))
                })
                .collect();
            offsets.sort_unstable();
            offsets.dedup();
            assert_eq!(offsets.len(), directions, "{board:?}");
            assert!(offsets.iter().all(|&(d1, d2)| d1 == d2));
        }
        let wide = Board::from_rows_in(Lattice::Triangular, &rows(&triangle(9))).unwrap();
        assert_eq!(wide.geometry().grid(), None);
    }
}
