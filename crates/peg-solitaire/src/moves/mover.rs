//! The fast generator of moves: [`Mover`], whose results come reduced by
//! the kept symmetries, a chain step costing one exclusive or per
//! symmetry, and whose single jumps are found a group of like jumps at a
//! time.

use rustc_hash::FxHashSet;
use search_core::grid;
use search_core::levels::BitSymmetries;

use crate::board::{Jump, legal};
use crate::geometry::Geometry;

/// Moves from positions, each result reduced by the kept symmetries
/// without recomputing its images: the images of a position under each
/// symmetry are those of the position it came from with the images of the
/// jumps' holes flipped, so a chain step costs one exclusive or per
/// symmetry.
pub(crate) struct Mover<'a> {
    geometry: &'a Geometry,
    canon: &'a BitSymmetries,
    /// Per hole, the indices of the jumps from it and into it.
    from: Vec<Vec<u16>>,
    into: Vec<Vec<u16>>,
    /// Per jump index: its three holes, and their images under each kept
    /// symmetry (the lanes past the symmetries repeat the first).
    masks: Vec<u64>,
    images: Vec<[u64; LANES]>,
    /// The lanes the least images are taken over (the symmetries' number
    /// rounded up to a size compiled for, the lanes past the symmetries
    /// repeating the first), and the images by bytes: for byte `k` of a
    /// position with value `b`, the images of those bits under every lane
    /// at `(k * 256 + b) * lanes`, side by side (one cache line for eight
    /// lanes).
    lanes: usize,
    bytes: usize,
    tables: Vec<u64>,
    /// The jumps grouped by their holes' offsets on the board's grid
    /// ([`Geometry::grid`]; in the holes' numbering where the grid does not
    /// fit a word), for [`Mover::legal_jumps`]; and the map of a position's
    /// holes onto the grid, where there is one.
    groups: Vec<Group>,
    grid: Option<BitSymmetries>,
}

/// The jumps whose holes lie at the same offsets (`over - from`, `to -
/// over`) on the grid: the legal ones of a position are
/// found for the whole group at once, the holes they leave being those of
/// `from` whose offset holes hold a peg and are empty (two rotations).
struct Group {
    d1: i32,
    d2: i32,
    /// The moves of the bits by `d1` and `d1 + d2`.
    over: Shift,
    to: Shift,
    /// The holes the group's jumps leave.
    from: u64,
    /// The index of the group's jump from each hole.
    jump: [u16; 64],
}

impl Group {
    /// The holes of `pegs` (on the grid) from which the group's jump is
    /// legal (backward: can be undone).
    #[inline(always)]
    fn legal(&self, pegs: u64, backward: bool) -> u64 {
        if backward {
            self.from & !pegs & self.over.apply(!pegs) & self.to.apply(pegs)
        } else {
            self.from & pegs & self.over.apply(pegs) & self.to.apply(!pegs)
        }
    }
}

/// The most symmetries a board has (a hexagon of the triangular lattice).
const LANES: usize = 12;

/// The top bit of a position.
const TOP_BIT: u64 = 1 << 63;

/// Bits moved by an offset `d`, so that bit `i` of the result is bit
/// `i + d` of the bits wherever `i + d` is a bit of the word: one rotation
/// (the bits that wrap round are those of no hole a group's jumps leave, so
/// its `from` mask clears them).
#[derive(Clone, Copy)]
struct Shift(u32);

impl Shift {
    fn new(d: i32) -> Shift {
        Shift(d.rem_euclid(64) as u32)
    }

    #[inline(always)]
    fn apply(self, bits: u64) -> u64 {
        bits.rotate_right(self.0)
    }
}

impl<'a> Mover<'a> {
    pub(crate) fn new(geometry: &'a Geometry, canon: &'a BitSymmetries) -> Mover<'a> {
        let jumps = geometry.jumps();
        let mut from = vec![Vec::new(); geometry.holes()];
        let mut into = vec![Vec::new(); geometry.holes()];
        for (i, j) in jumps.iter().enumerate() {
            from[j.from as usize].push(i as u16);
            into[j.to as usize].push(i as u16);
        }
        let masks: Vec<u64> = jumps.iter().map(|j| j.mask()).collect();
        let n = canon.len();
        assert!((1..=LANES).contains(&n), "{n} symmetries");
        let images = masks
            .iter()
            .map(|&m| std::array::from_fn(|s| canon.apply(if s < n { s } else { 0 }, m)))
            .collect();
        let lanes = match n {
            1 | 2 => n,
            3 | 4 => 4,
            5 | 6 => 6,
            7 | 8 => 8,
            _ => LANES,
        };
        let bytes = geometry.holes().div_ceil(8);
        let mut tables = Vec::with_capacity(bytes * 256 * lanes);
        for k in 0..bytes {
            for b in 0..256u64 {
                for s in 0..lanes {
                    tables.push(canon.apply(if s < n { s } else { 0 }, b << (8 * k)));
                }
            }
        }
        let place = geometry.grid();
        let grid = place.as_ref().map(|p| BitSymmetries::new(&[p]));
        let at = |h: u8| place.as_ref().map_or(h, |p| p[usize::from(h)]);
        let mut groups: Vec<Group> = Vec::new();
        for (i, j) in jumps.iter().enumerate() {
            let (from, over, to) = (at(j.from), at(j.over), at(j.to));
            let d1 = i32::from(over) - i32::from(from);
            let d2 = i32::from(to) - i32::from(over);
            let g = match groups.iter().position(|g| (g.d1, g.d2) == (d1, d2)) {
                Some(g) => g,
                None => {
                    groups.push(Group {
                        d1,
                        d2,
                        over: Shift::new(d1),
                        to: Shift::new(d1 + d2),
                        from: 0,
                        jump: [0; 64],
                    });
                    groups.len() - 1
                }
            };
            groups[g].from |= 1 << from;
            groups[g].jump[usize::from(from)] = i as u16;
        }
        Mover {
            geometry,
            canon,
            from,
            into,
            masks,
            images,
            tables,
            bytes,
            lanes,
            groups,
            grid,
        }
    }

    /// `pegs` on the grid the groups read.
    #[inline(always)]
    fn on_grid(&self, pegs: u64) -> u64 {
        self.grid.as_ref().map_or(pegs, |grid| grid.apply(0, pegs))
    }

    /// Calls `visit` with every position one move from `pegs` (backward:
    /// one move before it) and its least image, repeats included.
    pub(crate) fn each(&self, pegs: u64, backward: bool, visit: &mut dyn FnMut(u64, u64)) {
        let (mut images, n) = self.images_of(pegs);
        let mut seen = FxHashSet::default();
        for h in grid::bits(pegs) {
            let mut walk = Walk {
                images: &mut images[..n],
                backward,
                seen: &mut seen,
                visit,
            };
            self.chain(pegs, h, 1, &mut walk);
        }
    }

    /// The images of `pegs` under each kept symmetry, and their number;
    /// the lanes past them repeat the first.
    fn images_of(&self, pegs: u64) -> ([u64; LANES], usize) {
        let n = self.canon.len();
        let mut images = [0u64; LANES];
        for k in 0..self.bytes {
            let b = (pegs >> (8 * k)) as usize & 0xff;
            let row = &self.tables[(k * 256 + b) * self.lanes..][..self.lanes];
            for (image, &bits) in images.iter_mut().zip(row) {
                *image |= bits;
            }
        }
        (images, n)
    }

    /// The number of distinct images of `pegs` under the kept symmetries:
    /// the size of its class.
    pub(crate) fn class_size(&self, pegs: u64) -> usize {
        // The symmetries over those that fix it.
        let (images, n) = self.images_of(pegs);
        n / images[..n].iter().filter(|&&image| image == pegs).count()
    }

    /// The least image of `pegs` under the kept symmetries.
    pub(crate) fn least(&self, pegs: u64) -> u64 {
        let (images, n) = self.images_of(pegs);
        images[..n].iter().copied().min().expect("the identity")
    }

    /// The images of `pegs` under the `N` lanes.
    fn lanes_of<const N: usize>(&self, pegs: u64) -> [u64; N] {
        let mut images = [0u64; N];
        // A byte's table at a time, of a length known when compiling: its
        // rows are read with no bounds check.
        for (k, table) in self.tables.chunks_exact(256 * N).enumerate() {
            let b = (pegs >> (8 * k)) as usize & 0xff;
            let row: &[u64; N] = table[b * N..b * N + N].try_into().expect("N lanes");
            for s in 0..N {
                images[s] |= row[s];
            }
        }
        images
    }

    /// Calls `visit(jump)` with the index of every single jump legal from
    /// `pegs` (backward: every jump that can be undone into it), found
    /// [`Group`] by group, two rotations a group.
    fn legal_jumps(&self, pegs: u64, backward: bool, mut visit: impl FnMut(usize)) {
        let pegs = self.on_grid(pegs);
        for g in &self.groups {
            for f in grid::bits(g.legal(pegs, backward)) {
                visit(usize::from(g.jump[f]));
            }
        }
    }

    /// Pushes onto `out` `value(jump)` for every single jump legal from
    /// `pegs` (backward: undone into it) that `allowed` keeps (by its
    /// index), in the order of [`Mover::legal_jumps`]. The legal jumps are
    /// counted first (a popcount a group) to make room; every legal jump's
    /// value is written, the next one over it where `allowed` leaves it
    /// out, so that no branch depends on `allowed` (one loop a group, where
    /// the clearing of the jumps left out took a second).
    #[inline(always)]
    fn push_legal(
        &self,
        pegs: u64,
        backward: bool,
        allowed: impl Fn(usize) -> bool,
        value: impl Fn(usize) -> u64,
        out: &mut Vec<u64>,
    ) {
        let on_grid = self.on_grid(pegs);
        let legal: u32 = self
            .groups
            .iter()
            .map(|g| g.legal(on_grid, backward).count_ones())
            .sum();
        let start = out.len();
        // Room for them, sixteen at a time (stores of a size known when
        // compiling, no call; what is left over is truncated below).
        while out.len() < start + legal as usize {
            out.extend_from_slice(&[0; 16]);
        }
        let mut at = start;
        self.legal_jumps(pegs, backward, |i| {
            out[at] = value(i);
            at += usize::from(allowed(i));
        });
        out.truncate(at);
    }

    /// Pushes onto `out` the least image of every position one jump from
    /// `pegs` (backward: one jump before it), for the levels by jumps.
    pub(crate) fn push_jumps(&self, pegs: u64, backward: bool, out: &mut Vec<u64>) {
        self.push_jumps_allowed(pegs, backward, |_| true, out);
    }

    /// [`Mover::push_jumps`] for the jumps `allowed` keeps (by their index
    /// in the geometry's list), with no branch on what it keeps.
    pub(crate) fn push_jumps_allowed(
        &self,
        pegs: u64,
        backward: bool,
        allowed: impl Fn(usize) -> bool,
        out: &mut Vec<u64>,
    ) {
        self.push_least(pegs, backward, pegs, allowed, out);
    }

    /// Pushes onto `out` the least image of every position one jump before
    /// the complement of `pegs` (`all` its holes): the complements of the
    /// positions one jump after `pegs` (a jump on a position is an un-jump
    /// on its complement), each the complement of `pegs` with the jump's
    /// holes flipped, so that its images are the complement's with the
    /// jump's images flipped.
    pub(crate) fn push_complements_of_jumps(&self, pegs: u64, all: u64, out: &mut Vec<u64>) {
        self.push_least(pegs, false, all ^ pegs, |_| true, out);
    }

    /// For every single jump from `pegs` (backward: undone into it) that
    /// `allowed` keeps, pushes onto `out` the least image of `imaged` with
    /// the jump's holes flipped (`imaged` is `pegs`, or its complement),
    /// over a number of lanes known when compiling.
    fn push_least(
        &self,
        pegs: u64,
        backward: bool,
        imaged: u64,
        allowed: impl Fn(usize) -> bool,
        out: &mut Vec<u64>,
    ) {
        match self.lanes {
            1 => self.push_legal(pegs, backward, allowed, self.least_of::<1>(imaged), out),
            2 => self.push_legal(pegs, backward, allowed, self.least_of::<2>(imaged), out),
            4 => self.push_legal(pegs, backward, allowed, self.least_of::<4>(imaged), out),
            6 => self.push_legal(pegs, backward, allowed, self.least_of::<6>(imaged), out),
            8 => self.push_legal(pegs, backward, allowed, self.least_of::<8>(imaged), out),
            _ => self.push_legal(pegs, backward, allowed, self.least_of::<LANES>(imaged), out),
        }
    }

    /// The least image, over `N` lanes, of `imaged` with the holes of a
    /// jump (by its index) flipped.
    #[inline(always)]
    fn least_of<const N: usize>(&self, imaged: u64) -> impl Fn(usize) -> u64 + '_ {
        // The images with their top bit flipped, so that they compare as
        // signed numbers in the order of the unsigned ones (a signed least
        // takes fewer vector instructions).
        let images = self.lanes_of::<N>(imaged).map(|image| image ^ TOP_BIT);
        move |i: usize| {
            let flips = &self.images[i];
            let mut least = i64::MAX;
            for s in 0..N {
                least = least.min((images[s] ^ flips[s]) as i64);
            }
            least as u64 ^ TOP_BIT
        }
    }

    /// Calls `visit(jump, least, landing)` for every single jump from
    /// `pegs`: the jump, the least image of the position after it, and the
    /// holes where the jumping peg stands in each image equal to that least
    /// one (one hole, or more where symmetries give the same image).
    pub(crate) fn each_jump(&self, pegs: u64, visit: &mut impl FnMut(Jump, u64, u64)) {
        let (images, n) = self.images_of(pegs);
        self.legal_jumps(pegs, false, |i| {
            let j = self.geometry.jumps()[i];
            let mut least = u64::MAX;
            let mut landing = 0u64;
            for (s, (&image, &f)) in images[..n].iter().zip(&self.images[i]).enumerate() {
                let image = image ^ f;
                let hole = 1u64 << self.canon.permutation(s)[j.to as usize];
                if image < least {
                    least = image;
                    landing = hole;
                } else if image == least {
                    landing |= hole;
                }
            }
            visit(j, least, landing);
        });
    }

    fn chain(&self, pegs: u64, at: usize, depth: u32, walk: &mut Walk<'_>) {
        let list = if walk.backward {
            &self.into[at]
        } else {
            &self.from[at]
        };
        for &i in list {
            let j = self.geometry.jumps()[i as usize];
            let playable = if walk.backward {
                pegs >> j.over & 1 == 0 && pegs >> j.from & 1 == 0
            } else {
                legal(pegs, j)
            };
            if !playable {
                continue;
            }
            let next = pegs ^ self.masks[i as usize];
            let to = if walk.backward { j.from } else { j.to };
            // The same position with the peg in the same hole, reached by
            // another chain, has the same continuations (single jumps from
            // one position all differ).
            if depth > 1 && !walk.seen.insert((next, to)) {
                continue;
            }
            let flips = &self.images[i as usize];
            let mut least = u64::MAX;
            for (image, &f) in walk.images.iter_mut().zip(flips) {
                *image ^= f;
                least = least.min(*image);
            }
            (walk.visit)(next, least);
            self.chain(next, to as usize, depth + 1, walk);
            for (image, &f) in walk.images.iter_mut().zip(flips) {
                *image ^= f;
            }
        }
    }
}

/// The state of one call of [`Mover::each`].
struct Walk<'w> {
    images: &'w mut [u64],
    backward: bool,
    seen: &'w mut FxHashSet<(u64, u8)>,
    visit: &'w mut dyn FnMut(u64, u64),
}
