//! Additive disjoint pattern databases (Korf & Felner 2002).
//!
//! The tiles are split into disjoint groups. For each group a table holds,
//! for every placement of the group's tiles on the board, the least number of
//! moves *of those tiles* that bring them to their goal cells, where a tile
//! may slide into a neighbouring cell not holding another tile of the group
//! and into which the blank can get without moving a tile of the group (the
//! blank's moves through other cells are free). Every real move moves one
//! tile, which belongs to one group at most, so the tables' values add up to
//! an admissible bound. Each table keeps the least value over the blank's
//! cells, as Korf & Felner's do.
//!
//! A table is indexed by the [`Placements`] rank of its tiles' cells and built
//! by a breadth-first search from the goal placement, layer by layer, in
//! parallel (the result does not depend on the thread count). It serialises to
//! bytes with a checksum, so that a caller can keep it in a file and detect a
//! stale or corrupted one.

use std::fmt;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU64, Ordering};

use perm_rank::{Placements, Ranking};
use rayon::prelude::*;

use crate::Board;
use crate::board::MAX_CELLS;

/// An unvisited entry during the build.
const UNSEEN: u8 = u8::MAX;

/// Tiles split into disjoint groups, each with its own table.
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, Partition};
///
/// let goal = Board::from_rows(&["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"])?;
/// let groups = Partition::six_six_three(&goal)?;
/// assert_eq!(groups.name(), "6-6-3");
/// assert_eq!(groups.groups()[2], [1, 2, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Partition {
    groups: Vec<Vec<u8>>,
}

/// Why a pattern database could not be built or loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PdbError {
    /// A group is empty, names the blank or a tile not on the board, or
    /// shares a tile with another group.
    BadGroup(String),
    /// The named partition needs another board shape.
    Shape(String),
    /// The tables would need more memory than allowed.
    TooLarge {
        /// The bytes the tables need.
        bytes: u64,
        /// The bytes allowed.
        max: u64,
    },
    /// The bytes are not a pattern database of this crate (bad header, bad
    /// length, wrong checksum, values out of range).
    Corrupt(String),
    /// The database was built for another goal or partition.
    Mismatch,
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::BadGroup(why) => write!(f, "bad tile groups: {why}"),
            PdbError::Shape(why) => write!(f, "{why}"),
            PdbError::TooLarge { bytes, max } => write!(
                f,
                "the pattern database needs {} MiB ({bytes} bytes), more than the {} MiB allowed",
                bytes.div_ceil(1 << 20),
                max >> 20
            ),
            PdbError::Corrupt(why) => write!(f, "corrupt pattern database: {why}"),
            PdbError::Mismatch => write!(
                f,
                "the pattern database was built for another goal or partition"
            ),
        }
    }
}

impl std::error::Error for PdbError {}

impl Partition {
    /// Groups of tiles given explicitly: non-empty, disjoint, each tile in
    /// `1..cells` of `goal`. Tiles in no group simply do not count.
    pub fn new(goal: &Board, groups: Vec<Vec<u8>>) -> Result<Partition, PdbError> {
        let mut seen = 0u32;
        for group in &groups {
            if group.is_empty() {
                return Err(PdbError::BadGroup("a group is empty".to_string()));
            }
            for &tile in group {
                if tile == 0 || usize::from(tile) >= goal.cells() {
                    return Err(PdbError::BadGroup(format!(
                        "tile {tile} is not a tile of a {}-cell board",
                        goal.cells()
                    )));
                }
                if seen & (1 << tile) != 0 {
                    return Err(PdbError::BadGroup(format!("tile {tile} is in two groups")));
                }
                seen |= 1 << tile;
            }
        }
        Ok(Partition { groups })
    }

    /// The tiles of `goal` in row-major order of their goal cells.
    fn tiles_in_order(goal: &Board) -> Vec<u8> {
        goal.tiles().into_iter().filter(|&t| t != 0).collect()
    }

    /// Korf & Felner's 6-6-3 on the 4x4 board, by goal cells: the first
    /// three tiles in row-major order (the top row when the blank is in a
    /// corner of it), then the remaining tiles of the two left columns, then
    /// those of the two right columns.
    pub fn six_six_three(goal: &Board) -> Result<Partition, PdbError> {
        Partition::four_by_four(goal, 3)
    }

    /// Korf & Felner's 7-8 on the 4x4 board, by goal cells: the first seven
    /// tiles in row-major order (the top two rows with the blank in one of
    /// them), then the other eight. Its 8-tile table takes 495 MiB.
    pub fn seven_eight(goal: &Board) -> Result<Partition, PdbError> {
        let (w, h) = (goal.width(), goal.height());
        if (w, h) != (4, 4) {
            return Err(PdbError::Shape(format!(
                "the 7-8 partition is for the 4x4 board, not {w}x{h}"
            )));
        }
        let tiles = Partition::tiles_in_order(goal);
        Partition::new(goal, vec![tiles[..7].to_vec(), tiles[7..].to_vec()])
    }

    fn four_by_four(goal: &Board, first: usize) -> Result<Partition, PdbError> {
        let (w, h) = (goal.width(), goal.height());
        if (w, h) != (4, 4) {
            return Err(PdbError::Shape(format!(
                "the 6-6-3 partition is for the 4x4 board, not {w}x{h}"
            )));
        }
        let cells: Vec<usize> = (0..16).filter(|&c| goal.tile(c) != 0).collect();
        let top: Vec<u8> = cells[..first].iter().map(|&c| goal.tile(c)).collect();
        let rest = &cells[first..];
        let left: Vec<u8> = rest
            .iter()
            .filter(|&&c| c % 4 < 2)
            .map(|&c| goal.tile(c))
            .collect();
        let right: Vec<u8> = rest
            .iter()
            .filter(|&&c| c % 4 >= 2)
            .map(|&c| goal.tile(c))
            .collect();
        Partition::new(goal, vec![left, right, top])
    }

    /// The partition used by default: 6-6-3 on the 4x4 board, otherwise
    /// the tiles in row-major order of their goal cells, in groups of at
    /// most six.
    pub fn default_for(goal: &Board) -> Partition {
        if let Ok(p) = Partition::six_six_three(goal) {
            return p;
        }
        let tiles = Partition::tiles_in_order(goal);
        Partition {
            groups: tiles.chunks(6).map(<[u8]>::to_vec).collect(),
        }
    }

    /// The groups of tiles.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// The group sizes joined by dashes, e.g. `6-6-3`.
    pub fn name(&self) -> String {
        let sizes: Vec<String> = self.groups.iter().map(|g| g.len().to_string()).collect();
        sizes.join("-")
    }

    /// The bytes the tables keep on a board of `cells` cells: one byte per
    /// placement of each group.
    pub fn memory_needed(&self, cells: usize) -> u64 {
        self.counts(cells).fold(0u64, u64::saturating_add)
    }

    /// The most bytes the build holds at once: the tables, and while a
    /// group's table is built three 16-bit masks per placement of it.
    pub fn build_memory_needed(&self, cells: usize) -> u64 {
        let largest = self.counts(cells).max().unwrap_or(0);
        self.memory_needed(cells)
            .saturating_add(largest.saturating_mul(6))
    }

    fn counts(&self, cells: usize) -> impl Iterator<Item = u64> + '_ {
        self.groups.iter().map(move |g| {
            Placements::new(cells, g.len())
                .map(|p| p.count())
                .unwrap_or(u64::MAX)
        })
    }
}

/// One group's table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Table {
    tiles: Vec<u8>,
    placements: Placements,
    /// Moves of the group's tiles, by the rank of their cells.
    values: Vec<u8>,
}

/// Additive pattern databases for one goal and one [`Partition`].
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, Partition, PatternDb};
///
/// let goal = Board::solved(3, 3)?;
/// let db = PatternDb::build(&goal, &Partition::default_for(&goal), u64::MAX, |_, _| {})?;
/// let start = Board::from_rows(&["8 6 7", "2 5 4", "3 0 1"])?;
/// assert!(db.bound(&start) <= 31);
/// let bytes = db.to_bytes();
/// assert_eq!(PatternDb::from_bytes(&bytes)?, db);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternDb {
    goal: Board,
    partition: Partition,
    tables: Vec<Table>,
}

impl PatternDb {
    /// Builds the tables for `goal` and `partition`, refusing (before
    /// allocating anything) if they need more than `max_memory` bytes.
    /// `progress(done, total)` is called as placements get their values.
    pub fn build(
        goal: &Board,
        partition: &Partition,
        max_memory: u64,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<PatternDb, PdbError> {
        let partition = Partition::new(goal, partition.groups.clone())?;
        let cells = goal.cells();
        let bytes = partition.build_memory_needed(cells);
        if bytes > max_memory {
            return Err(PdbError::TooLarge {
                bytes,
                max: max_memory,
            });
        }
        let mut tables = Vec::new();
        let mut done = 0u64;
        for tiles in &partition.groups {
            let placements = Placements::new(cells, tiles.len())
                .map_err(|e| PdbError::BadGroup(e.to_string()))?;
            let total = partition.memory_needed(cells);
            let values = breadth_first(goal, tiles, &placements, |n| progress(done + n, total));
            done += placements.count();
            tables.push(Table {
                tiles: tiles.clone(),
                placements,
                values,
            });
        }
        Ok(PatternDb {
            goal: *goal,
            partition,
            tables,
        })
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The groups of tiles.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The admissible bound for `board`: the sum of the groups' values.
    ///
    /// # Panics
    /// If `board` does not have the goal's shape.
    pub fn bound(&self, board: &Board) -> u32 {
        assert_eq!(board.cells(), self.goal.cells(), "another board shape");
        let mut position = [0u8; MAX_CELLS];
        for c in 0..board.cells() {
            position[usize::from(board.tile(c))] = c as u8;
        }
        (0..self.tables.len())
            .map(|g| u32::from(self.value(g, &position)))
            .sum()
    }

    /// The value of group `g` with tile `t` on cell `position[t]`.
    #[inline]
    pub(crate) fn value(&self, g: usize, position: &[u8; MAX_CELLS]) -> u8 {
        let table = &self.tables[g];
        let mut cells = [0u8; MAX_CELLS];
        for (slot, &t) in cells.iter_mut().zip(&table.tiles) {
            *slot = position[usize::from(t)];
        }
        let rank = table.placements.rank_unchecked(&cells[..table.tiles.len()]);
        table.values[rank as usize]
    }

    /// The number of groups.
    pub(crate) fn group_count(&self) -> usize {
        self.tables.len()
    }

    /// The database as bytes: a header naming the goal and the groups, the
    /// tables, and a checksum of all that.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(64 + self.tables.iter().map(|t| t.values.len()).sum::<usize>());
        out.extend_from_slice(MAGIC);
        out.push(self.goal.width() as u8);
        out.push(self.goal.height() as u8);
        out.extend(self.goal.tiles());
        out.push(self.tables.len() as u8);
        for table in &self.tables {
            out.push(table.tiles.len() as u8);
            out.extend_from_slice(&table.tiles);
        }
        for table in &self.tables {
            out.extend_from_slice(&table.values);
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// A database from [`to_bytes`](PatternDb::to_bytes)' output, checked
    /// entirely: header, lengths and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternDb, PdbError> {
        let corrupt = |why: &str| PdbError::Corrupt(why.to_string());
        if bytes.len() < MAGIC.len() + 8 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(corrupt("not a pattern database file (bad header)"));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        let sum = u64::from_le_bytes(sum.try_into().expect("eight bytes"));
        if checksum(body) != sum {
            return Err(corrupt("the checksum does not match"));
        }
        let mut reader = Reader {
            bytes: &body[MAGIC.len()..],
        };
        let width = usize::from(reader.byte()?);
        let height = usize::from(reader.byte()?);
        let tiles = reader.take(width * height)?;
        let goal =
            Board::new(width, height, tiles).map_err(|e| PdbError::Corrupt(e.to_string()))?;
        let count = usize::from(reader.byte()?);
        let mut groups = Vec::new();
        for _ in 0..count {
            let k = usize::from(reader.byte()?);
            groups.push(reader.take(k)?.to_vec());
        }
        let partition = Partition::new(&goal, groups)?;
        let mut tables = Vec::new();
        for tiles in &partition.groups {
            let placements = Placements::new(goal.cells(), tiles.len())
                .map_err(|e| PdbError::Corrupt(e.to_string()))?;
            // Unreached entries (UNSEEN) are legitimate: with every tile in
            // one group, half of the placements have the wrong parity.
            let values = reader.take(placements.count() as usize)?.to_vec();
            tables.push(Table {
                tiles: tiles.clone(),
                placements,
                values,
            });
        }
        if !reader.bytes.is_empty() {
            return Err(corrupt("trailing bytes after the tables"));
        }
        Ok(PatternDb {
            goal,
            partition,
            tables,
        })
    }

    /// [`from_bytes`](PatternDb::from_bytes), and a check that the database
    /// is the one for `goal` and `partition` ([`PdbError::Mismatch`] if not).
    pub fn from_bytes_for(
        bytes: &[u8],
        goal: &Board,
        partition: &Partition,
    ) -> Result<PatternDb, PdbError> {
        let db = PatternDb::from_bytes(bytes)?;
        if db.goal != *goal || db.partition != *partition {
            return Err(PdbError::Mismatch);
        }
        Ok(db)
    }
}

/// The file format's first bytes, with its version.
const MAGIC: &[u8] = b"EPUZPDB2";

/// A 64-bit checksum of `bytes` (FNV-1a over 8-byte words, then the tail).
fn checksum(bytes: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        hash =
            (hash ^ u64::from_le_bytes(word.try_into().expect("eight bytes"))).wrapping_mul(PRIME);
        hash ^= hash >> 29;
    }
    for &b in words.remainder() {
        hash = (hash ^ u64::from(b)).wrapping_mul(PRIME);
    }
    hash
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], PdbError> {
        if self.bytes.len() < n {
            return Err(PdbError::Corrupt("the file is truncated".to_string()));
        }
        let (head, tail) = self.bytes.split_at(n);
        self.bytes = tail;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, PdbError> {
        Ok(self.take(1)?[0])
    }
}

/// The distances of every placement of `tiles` from their goal cells, by a
/// layered breadth-first search over placements and the blank's region;
/// `progress(n)` gets the placements done.
///
/// An abstract state is a placement of the group's tiles and the region of
/// cells free of them that holds the blank: the blank moves inside its region
/// for free, and a tile next to the region may slide into it at the cost of
/// one move (the blank then stands where the tile was). Per placement the
/// search keeps the cells of the regions seen (`seen`), of those reached in
/// the current layer (`current`) and in the next (`next`), as 16-bit masks;
/// a placement's value is the layer where any of its regions was first
/// reached, which is the least over the blank's cells.
fn breadth_first(
    goal: &Board,
    tiles: &[u8],
    placements: &Placements,
    mut progress: impl FnMut(u64),
) -> Vec<u8> {
    let cells = goal.cells();
    let width = goal.width();
    let k = tiles.len();
    let size = placements.count() as usize;
    let all: u32 = (1u32 << cells) - 1;
    // Cells off the left / right edge after a shift.
    let left_col: u32 = (0..cells)
        .filter(|c| c % width == 0)
        .fold(0, |m, c| m | 1 << c);
    let right_col: u32 = (0..cells)
        .filter(|c| c % width == width - 1)
        .fold(0, |m, c| m | 1 << c);
    let flood = move |from: u32, free: u32| -> u32 {
        let mut region = from;
        loop {
            let grown = (region
                | (region & !right_col) << 1
                | (region & !left_col) >> 1
                | region << width
                | region >> width)
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    };
    // The region of every cell in every set of free cells, looked up
    // instead of flooded per move: 2 MiB on the 4x4 board.
    let components: Vec<u16> = (0..1u32 << cells)
        .into_par_iter()
        .flat_map_iter(|free| {
            (0..cells).map(move |c| {
                if free & (1 << c) == 0 {
                    0
                } else {
                    flood(1 << c, free) as u16
                }
            })
        })
        .collect();
    let region_of =
        |cell: u8, free: u32| -> u16 { components[free as usize * cells + usize::from(cell)] };
    let values: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSEEN)).collect();
    let seen: Vec<AtomicU16> = (0..size).map(|_| AtomicU16::new(0)).collect();
    let mut current: Vec<AtomicU16> = (0..size).map(|_| AtomicU16::new(0)).collect();
    let mut next: Vec<AtomicU16> = (0..size).map(|_| AtomicU16::new(0)).collect();
    let start: Vec<u8> = tiles
        .iter()
        .map(|&t| goal.position(t).expect("a tile of the goal") as u8)
        .collect();
    let start_rank = placements.rank_unchecked(&start) as usize;
    let occupied = start.iter().fold(0u32, |m, &c| m | 1 << c);
    let region = flood(1 << goal.blank(), all & !occupied) as u16;
    values[start_rank].store(0, Ordering::Relaxed);
    seen[start_rank].store(region, Ordering::Relaxed);
    current[start_rank].store(region, Ordering::Relaxed);
    let neighbours: Vec<u32> = (0..cells)
        .map(|c| goal.neighbour_cells(c).fold(0u32, |m, n| m | 1 << n))
        .collect();
    let mut reached = 1u64;
    progress(reached);
    const CHUNK: usize = 1 << 14;
    for depth in 0u8.. {
        let found = AtomicU64::new(0);
        let any = AtomicU64::new(0);
        current
            .par_chunks(CHUNK)
            .enumerate()
            .for_each(|(chunk, entries)| {
                let mut at = [0u8; MAX_CELLS];
                let (mut new, mut states) = (0u64, 0u64);
                for (i, entry) in entries.iter().enumerate() {
                    let mut regions = u32::from(entry.load(Ordering::Relaxed));
                    if regions == 0 {
                        continue;
                    }
                    let rank = (chunk * CHUNK + i) as u64;
                    placements
                        .unrank(rank, &mut at[..k])
                        .expect("a rank in range");
                    let occupied = at[..k].iter().fold(0u32, |m, &c| m | 1 << c);
                    let free = all & !occupied;
                    while regions != 0 {
                        let region = u32::from(region_of(regions.trailing_zeros() as u8, free));
                        regions &= !region;
                        for item in 0..k {
                            let from = at[item];
                            let mut targets = neighbours[usize::from(from)] & region;
                            while targets != 0 {
                                let to = targets.trailing_zeros() as u8;
                                targets &= targets - 1;
                                at[item] = to;
                                let next_rank = placements.rank_unchecked(&at[..k]) as usize;
                                let reach = region_of(from, free ^ (1 << from) ^ (1 << to));
                                if seen[next_rank].load(Ordering::Relaxed) & reach == 0
                                    && seen[next_rank].fetch_or(reach, Ordering::Relaxed) & reach
                                        == 0
                                {
                                    next[next_rank].fetch_or(reach, Ordering::Relaxed);
                                    states += 1;
                                    if values[next_rank]
                                        .compare_exchange(
                                            UNSEEN,
                                            depth + 1,
                                            Ordering::Relaxed,
                                            Ordering::Relaxed,
                                        )
                                        .is_ok()
                                    {
                                        new += 1;
                                    }
                                }
                            }
                            at[item] = from;
                        }
                    }
                }
                found.fetch_add(new, Ordering::Relaxed);
                any.fetch_add(states, Ordering::Relaxed);
            });
        if any.into_inner() == 0 {
            break;
        }
        reached += found.into_inner();
        progress(reached);
        std::mem::swap(&mut current, &mut next);
        next.par_iter().for_each(|e| e.store(0, Ordering::Relaxed));
    }
    values.into_iter().map(AtomicU8::into_inner).collect()
}
