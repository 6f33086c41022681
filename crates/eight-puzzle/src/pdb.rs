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
use std::sync::atomic::{AtomicU64, Ordering};

use perm_rank::Placements;
use search_core::par;

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

    /// The most bytes the build holds at once on `goal`'s board: the tables
    /// built so far (largest group first) and, while a group's table is
    /// built, the larger of its search (a byte per placement, two bits per
    /// placement and region of the blank, the renumbering tables: 840 MiB for
    /// 8 tiles of the 15-puzzle) and its values beside the table they become
    /// (twice the table: 990 MiB for 8 tiles, the peak of the 7-8 build).
    pub fn build_memory_needed(&self, goal: &Board) -> u64 {
        let counts: Vec<u64> = self.counts(goal.cells()).collect();
        let mut kept = 0u64;
        let mut peak = 0u64;
        for g in self.build_order() {
            let during = search_bytes(goal, self.groups[g].len()).max(counts[g].saturating_mul(2));
            peak = peak.max(kept.saturating_add(during));
            kept = kept.saturating_add(counts[g]);
        }
        peak.max(kept)
    }

    /// The groups, largest first: the largest search then runs before any
    /// other table is kept.
    fn build_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.groups.len()).collect();
        order.sort_by_key(|&g| std::cmp::Reverse(self.groups[g].len()));
        order
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
        let bytes = partition.build_memory_needed(goal);
        if bytes > max_memory {
            return Err(PdbError::TooLarge {
                bytes,
                max: max_memory,
            });
        }
        let mut tables: Vec<Option<Table>> = vec![None; partition.groups.len()];
        let total = partition.memory_needed(cells);
        let mut done = 0u64;
        for g in partition.build_order() {
            let tiles = &partition.groups[g];
            let placements = Placements::new(cells, tiles.len())
                .map_err(|e| PdbError::BadGroup(e.to_string()))?;
            let values = breadth_first(goal, tiles, &placements, |n| progress(done + n, total));
            done += placements.count();
            tables[g] = Some(Table {
                tiles: tiles.clone(),
                placements,
                values,
            });
        }
        let tables = tables
            .into_iter()
            .map(|t| t.expect("every group built"))
            .collect();
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
        let mut out = Vec::with_capacity(self.file_len() as usize);
        self.write_to(&mut out)
            .expect("writing to a vector does not fail");
        out
    }

    /// The length of [`to_bytes`](PatternDb::to_bytes)' output.
    pub fn file_len(&self) -> u64 {
        (self.header().len() + 8) as u64
            + self
                .tables
                .iter()
                .map(|t| t.values.len() as u64)
                .sum::<u64>()
    }

    /// Writes [`to_bytes`](PatternDb::to_bytes)' output to `out` without
    /// making a copy of the tables.
    pub fn write_to(&self, mut out: impl std::io::Write) -> std::io::Result<()> {
        let header = self.header();
        let body = self.file_len() - 8;
        let mut sum = Checksum::new(body);
        sum.update(&header);
        out.write_all(&header)?;
        for table in &self.tables {
            sum.update(&table.values);
            out.write_all(&table.values)?;
        }
        out.write_all(&sum.finish().to_le_bytes())
    }

    fn header(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64);
        out.extend_from_slice(MAGIC);
        out.push(self.goal.width() as u8);
        out.push(self.goal.height() as u8);
        out.extend(self.goal.tiles());
        out.push(self.tables.len() as u8);
        for table in &self.tables {
            out.push(table.tiles.len() as u8);
            out.extend_from_slice(&table.tiles);
        }
        out
    }

    /// A database from [`to_bytes`](PatternDb::to_bytes)' output, checked
    /// entirely: header, lengths and checksum.
    pub fn from_bytes(bytes: &[u8]) -> Result<PatternDb, PdbError> {
        // Tables longer than the bytes given cannot be there: refused
        // before anything is allocated for them.
        PatternDb::read_from(bytes, bytes.len() as u64).map_err(|e| match e {
            PdbError::TooLarge { .. } => PdbError::Corrupt("the file is truncated".to_string()),
            other => other,
        })
    }

    /// [`from_bytes`](PatternDb::from_bytes) from a reader (a file), each
    /// table read straight into its place, refusing (before allocating them)
    /// tables that would take more than `max_memory` bytes.
    pub fn read_from(
        mut input: impl std::io::Read,
        max_memory: u64,
    ) -> Result<PatternDb, PdbError> {
        let corrupt = |why: &str| PdbError::Corrupt(why.to_string());
        let mut read = |n: usize, header: &mut Vec<u8>| -> Result<(), PdbError> {
            let at = header.len();
            header.resize(at + n, 0);
            input
                .read_exact(&mut header[at..])
                .map_err(|e| read_error(&e))
        };
        let mut header = Vec::with_capacity(64);
        read(MAGIC.len() + 2, &mut header)?;
        if &header[..MAGIC.len()] != MAGIC {
            return Err(corrupt("not a pattern database file (bad header)"));
        }
        let (width, height) = (
            usize::from(header[MAGIC.len()]),
            usize::from(header[MAGIC.len() + 1]),
        );
        if width * height > MAX_CELLS {
            return Err(corrupt("not a pattern database file (bad header)"));
        }
        read(width * height + 1, &mut header)?;
        let at = MAGIC.len() + 2;
        let goal = Board::new(width, height, &header[at..at + width * height])
            .map_err(|e| PdbError::Corrupt(e.to_string()))?;
        let count = usize::from(header[header.len() - 1]);
        let mut groups = Vec::new();
        for _ in 0..count {
            read(1, &mut header)?;
            let k = usize::from(header[header.len() - 1]);
            read(k, &mut header)?;
            groups.push(header[header.len() - k..].to_vec());
        }
        let partition = Partition::new(&goal, groups)?;
        let bytes = partition.memory_needed(goal.cells());
        if bytes > max_memory {
            return Err(PdbError::TooLarge {
                bytes,
                max: max_memory,
            });
        }
        let mut sum = Checksum::new(header.len() as u64 + bytes);
        sum.update(&header);
        let input = &mut input;
        let mut tables = Vec::new();
        for tiles in &partition.groups {
            let placements = Placements::new(goal.cells(), tiles.len())
                .map_err(|e| PdbError::Corrupt(e.to_string()))?;
            // Unreached entries (UNSEEN) are legitimate: with every tile in
            // one group, half of the placements have the wrong parity.
            let mut values = vec![0u8; placements.count() as usize];
            // Summed piece by piece while each piece is still in the cache.
            for piece in values.chunks_mut(1 << 20) {
                input.read_exact(piece).map_err(|e| read_error(&e))?;
                sum.update(piece);
            }
            tables.push(Table {
                tiles: tiles.clone(),
                placements,
                values,
            });
        }
        let mut stored = [0u8; 8];
        input.read_exact(&mut stored).map_err(|e| read_error(&e))?;
        if sum.finish() != u64::from_le_bytes(stored) {
            return Err(corrupt("the checksum does not match"));
        }
        let mut more = [0u8; 1];
        if input.read(&mut more).map_err(|e| read_error(&e))? != 0 {
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

    /// [`read_from`](PatternDb::read_from), and a check that the database
    /// is the one for `goal` and `partition` ([`PdbError::Mismatch`] if not).
    pub fn read_for(
        input: impl std::io::Read,
        goal: &Board,
        partition: &Partition,
        max_memory: u64,
    ) -> Result<PatternDb, PdbError> {
        let db = PatternDb::read_from(input, max_memory)?;
        if db.goal != *goal || db.partition != *partition {
            return Err(PdbError::Mismatch);
        }
        Ok(db)
    }
}

/// A read that failed, as the reason the bytes are not a database.
fn read_error(e: &std::io::Error) -> PdbError {
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        PdbError::Corrupt("the file is truncated".to_string())
    } else {
        PdbError::Corrupt(format!("it could not be read: {e}"))
    }
}

/// The file format's first bytes, with its version.
const MAGIC: &[u8] = b"EPUZPDB2";

/// A 64-bit checksum of a file's body, fed in pieces: FNV-1a over the
/// body's 8-byte words, then its last bytes, seeded with its length.
struct Checksum {
    hash: u64,
    pending: [u8; 8],
    filled: usize,
}

impl Checksum {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    fn new(len: u64) -> Checksum {
        Checksum {
            hash: 0xcbf2_9ce4_8422_2325 ^ len,
            pending: [0; 8],
            filled: 0,
        }
    }

    fn word(&mut self, word: [u8; 8]) {
        self.hash = (self.hash ^ u64::from_le_bytes(word)).wrapping_mul(Checksum::PRIME);
        self.hash ^= self.hash >> 29;
    }

    fn update(&mut self, mut bytes: &[u8]) {
        if self.filled > 0 {
            let take = (8 - self.filled).min(bytes.len());
            self.pending[self.filled..self.filled + take].copy_from_slice(&bytes[..take]);
            self.filled += take;
            bytes = &bytes[take..];
            if self.filled < 8 {
                return;
            }
            self.word(self.pending);
            self.filled = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.word(word.try_into().expect("eight bytes"));
        }
        let tail = words.remainder();
        self.pending[..tail.len()].copy_from_slice(tail);
        self.filled = tail.len();
    }

    fn finish(mut self) -> u64 {
        for &b in &self.pending[..self.filled] {
            self.hash = (self.hash ^ u64::from(b)).wrapping_mul(Checksum::PRIME);
        }
        self.hash
    }
}

/// The `k`-cell subsets of a board, each with the regions its free cells
/// split into: the blocks of the breadth-first search.
///
/// A placement of `k` tiles is a subset of cells (which cells hold a tile)
/// and a permutation (which tile is on which of them); the regions of the
/// blank depend on the subset alone. The search indexes its states by
/// block (a subset and one of its regions) and by the Lehmer rank of the
/// permutation, so that all the states one move leads to from a block lie
/// in one other block of `k!` entries.
struct Subsets {
    k: usize,
    /// The subset index of every cell mask with `k` cells.
    index: Vec<u32>,
    /// The cell mask of every subset.
    masks: Vec<u16>,
    /// The blocks of subset `s` are `first_block[s]..first_block[s + 1]`.
    first_block: Vec<usize>,
    /// The region (its block offset) of every free cell of every subset.
    region_at: Vec<[u8; MAX_CELLS]>,
    /// The cells of every block's region.
    regions: Vec<u16>,
}

impl Subsets {
    fn new(goal: &Board, k: usize) -> Subsets {
        let cells = goal.cells();
        let neighbours: Vec<u16> = (0..cells)
            .map(|c| goal.neighbour_cells(c).fold(0u16, |m, n| m | 1 << n))
            .collect();
        let all = ((1u32 << cells) - 1) as u16;
        let mut index = vec![u32::MAX; 1 << cells];
        let mut masks = Vec::new();
        let mut first_block = vec![0];
        let mut region_at = Vec::new();
        let mut regions = Vec::new();
        for mask in 0..1u32 << cells {
            if mask.count_ones() as usize != k {
                continue;
            }
            let mask = mask as u16;
            index[usize::from(mask)] = masks.len() as u32;
            masks.push(mask);
            let free = all & !mask;
            let mut at = [u8::MAX; MAX_CELLS];
            let mut left = free;
            let mut count = 0u8;
            while left != 0 {
                let mut region = left & left.wrapping_neg();
                loop {
                    let grown = (0..cells)
                        .filter(|&c| region & 1 << c != 0)
                        .fold(region, |m, c| m | neighbours[c])
                        & free;
                    if grown == region {
                        break;
                    }
                    region = grown;
                }
                for (c, slot) in at.iter_mut().enumerate().take(cells) {
                    if region & 1 << c != 0 {
                        *slot = count;
                    }
                }
                regions.push(region);
                left &= !region;
                count += 1;
            }
            region_at.push(at);
            first_block.push(regions.len());
        }
        Subsets {
            k,
            index,
            masks,
            first_block,
            region_at,
            regions,
        }
    }

    fn count(&self) -> usize {
        self.masks.len()
    }

    fn blocks(&self) -> usize {
        self.regions.len()
    }

    /// The block of the region holding free cell `cell` of subset `mask`.
    fn block_at(&self, mask: u16, cell: usize) -> usize {
        let s = self.index[usize::from(mask)] as usize;
        self.first_block[s] + usize::from(self.region_at[s][cell])
    }
}

/// `k!`.
fn factorial(k: usize) -> usize {
    (1..=k).product()
}

/// The Lehmer rank of `order`, a permutation of `0..order.len()`.
fn permutation_rank(order: &[u8]) -> usize {
    let mut used = 0u32;
    let mut rank = 0usize;
    for (i, &p) in order.iter().enumerate() {
        let digit = p as usize - (used & ((1u32 << p) - 1)).count_ones() as usize;
        rank = rank * (order.len() - i) + digit;
        used |= 1 << p;
    }
    rank
}

/// The permutation of Lehmer rank `rank` into `order`.
fn permutation_unrank(mut rank: usize, order: &mut [u8]) {
    let k = order.len();
    let mut digits = [0u8; MAX_CELLS];
    for i in (0..k).rev() {
        let radix = k - i;
        digits[i] = (rank % radix) as u8;
        rank /= radix;
    }
    let mut unused = (1u32 << k) - 1;
    for (slot, &digit) in order.iter_mut().zip(&digits) {
        let mut left = unused;
        for _ in 0..digit {
            left &= left - 1;
        }
        let p = left.trailing_zeros();
        *slot = p as u8;
        unused &= !(1 << p);
    }
}

/// How a move renumbers the permutation: the tile on the `from`-th cell of
/// its subset (in cell order) moves to a cell that is the `to`-th of the new
/// subset; the other tiles keep their order. Kept as tables of ranks while
/// `k!` fits in 16 bits (5 MiB for 8 tiles), computed entry by entry above.
struct Renumber {
    k: usize,
    size: usize,
    tables: Vec<u16>,
}

/// The most tiles whose renumbering is tabulated.
const RENUMBER_TABLES_UP_TO: usize = 8;

impl Renumber {
    fn new(k: usize) -> Renumber {
        let size = factorial(k);
        let mut tables = Vec::new();
        if k <= RENUMBER_TABLES_UP_TO {
            tables.reserve(k * k * size);
            for from in 0..k {
                for to in 0..k {
                    tables
                        .extend((0..size).map(|rank| Renumber::compute(k, from, to, rank) as u16));
                }
            }
        }
        Renumber { k, size, tables }
    }

    fn bytes(k: usize) -> u64 {
        if k <= RENUMBER_TABLES_UP_TO {
            (k * k * factorial(k) * 2) as u64
        } else {
            0
        }
    }

    fn compute(k: usize, from: usize, to: usize, rank: usize) -> usize {
        let mut order = [0u8; MAX_CELLS];
        permutation_unrank(rank, &mut order[..k]);
        for p in &mut order[..k] {
            let q = usize::from(*p);
            *p = if q == from {
                to as u8
            } else {
                let q = q - usize::from(q > from);
                (q + usize::from(q >= to)) as u8
            };
        }
        permutation_rank(&order[..k])
    }

    #[inline]
    fn apply(&self, from: usize, to: usize, rank: usize) -> usize {
        if from == to {
            rank
        } else if self.tables.is_empty() {
            Renumber::compute(self.k, from, to, rank)
        } else {
            usize::from(self.tables[(from * self.k + to) * self.size + rank])
        }
    }
}

/// The bytes the search over `k` tiles of `goal` holds besides its result:
/// a byte per placement, two bits per state, the renumbering tables.
fn search_bytes(goal: &Board, k: usize) -> u64 {
    let subsets = Subsets::new(goal, k);
    let size = factorial(k) as u64;
    let words = size.div_ceil(STATES_PER_WORD as u64);
    (subsets.count() as u64)
        .saturating_mul(size)
        .saturating_add((subsets.blocks() as u64).saturating_mul(words * 8))
        .saturating_add(Renumber::bytes(k))
}

/// Two-bit states in a 64-bit word.
const STATES_PER_WORD: usize = 32;

/// The two-bit code of the states reached at `depth`: 1, 2 or 3 by depth
/// modulo 3 (0 is unseen), enough to tell the layer being expanded from the
/// next one and from the older ones.
fn layer_code(depth: u8) -> u64 {
    u64::from(depth % 3) + 1
}

/// The bits `2i` of `word` whose two-bit state `i` is `code`.
#[inline]
fn states_equal(word: u64, code: u64) -> u64 {
    const LOW: u64 = 0x5555_5555_5555_5555;
    let x = word ^ code.wrapping_mul(LOW);
    !(x | x >> 1) & LOW
}

/// The distances of every placement of `tiles` from their goal cells, by a
/// layered breadth-first search over placements and the blank's region;
/// `progress(n)` gets the placements reached after each layer.
///
/// An abstract state is a placement of the group's tiles and the region of
/// cells free of them that holds the blank: the blank moves inside its region
/// for free, and a tile next to the region may slide into it at the cost of
/// one move (the blank then stands where the tile was). A placement's value
/// is the layer where any of its regions was first reached, which is the
/// least over the blank's cells.
///
/// States are kept in two bits each (unseen, or the layer modulo 3), grouped
/// in blocks of `k!` (see [`Subsets`]). Each layer is computed block by
/// block in parallel: a block's new states are the renumbered current states
/// of the blocks one move away, so every thread writes only its own blocks
/// and reads the others' current layer, which no one writes. A block reads
/// its neighbours' current states where they are few (pushing them), or
/// looks up each of its own unseen states in its neighbours where those are
/// fewer (pulling), and is skipped once complete. The values are kept in
/// the blocks' order during the search and put in [`Placements`] order at
/// the end.
fn breadth_first(
    goal: &Board,
    tiles: &[u8],
    placements: &Placements,
    mut progress: impl FnMut(u64),
) -> Vec<u8> {
    let cells = goal.cells();
    let k = tiles.len();
    let subsets = Subsets::new(goal, k);
    let size = factorial(k);
    let renumber = Renumber::new(k);
    let words = size.div_ceil(STATES_PER_WORD);
    let neighbours: Vec<u16> = (0..cells)
        .map(|c| goal.neighbour_cells(c).fold(0u16, |m, n| m | 1 << n))
        .collect();
    let states: Vec<AtomicU64> = (0..subsets.blocks() * words)
        .map(|_| AtomicU64::new(0))
        .collect();
    let mut values = vec![UNSEEN; subsets.count() * size];
    // Per block: its states in the current layer, and those never reached.
    let mut frontier = vec![0u64; subsets.blocks()];
    let mut unseen = vec![size as u64; subsets.blocks()];

    // The goal placement, with the blank's region.
    let start: Vec<u8> = tiles
        .iter()
        .map(|&t| goal.position(t).expect("a tile of the goal") as u8)
        .collect();
    let start_mask = start.iter().fold(0u16, |m, &c| m | 1 << c);
    let order: Vec<u8> = start
        .iter()
        .map(|&c| (start_mask & ((1u16 << c) - 1)).count_ones() as u8)
        .collect();
    let start_rank = permutation_rank(&order);
    let start_block = subsets.block_at(start_mask, goal.blank());
    let start_subset = subsets.index[usize::from(start_mask)] as usize;
    states[start_block * words + start_rank / STATES_PER_WORD].store(
        layer_code(0) << (2 * (start_rank % STATES_PER_WORD)),
        Ordering::Relaxed,
    );
    values[start_subset * size + start_rank] = 0;
    frontier[start_block] = 1;
    unseen[start_block] -= 1;
    let mut reached = 1u64;
    progress(reached);

    let next_frontier: Vec<AtomicU64> = (0..subsets.blocks()).map(|_| AtomicU64::new(0)).collect();
    let block_states = |block: usize| &states[block * words..(block + 1) * words];
    for depth in 0u8.. {
        let (current, next) = (layer_code(depth), layer_code(depth + 1));
        let (found, any) = par::map_reduce_chunks_mut(
            &mut values,
            size,
            (0u64, 0u64),
            |s, values| {
                let (mut found, mut any) = (0u64, 0u64);
                let mask = subsets.masks[s];
                for block in subsets.first_block[s]..subsets.first_block[s + 1] {
                    next_frontier[block].store(0, Ordering::Relaxed);
                    if unseen[block] == 0 {
                        continue;
                    }
                    // A state of this block comes from one where the tile
                    // now on `to` stood on `from`, a cell of this block's
                    // region: the sources with current states.
                    let mut sources = [(0usize, 0usize, 0usize); 4 * MAX_CELLS];
                    let (mut count, mut push_cost) = (0usize, 0u64);
                    let mut froms = subsets.regions[block];
                    while froms != 0 {
                        let from = froms.trailing_zeros() as usize;
                        froms &= froms - 1;
                        let mut tos = neighbours[from] & mask;
                        while tos != 0 {
                            let to = tos.trailing_zeros() as usize;
                            tos &= tos - 1;
                            let before = mask ^ (1 << to) ^ (1 << from);
                            let source = subsets.block_at(before, to);
                            if frontier[source] == 0 {
                                continue;
                            }
                            let from_th = (before & ((1u16 << from) - 1)).count_ones() as usize;
                            let to_th = (mask & ((1u16 << to) - 1)).count_ones() as usize;
                            sources[count] = (source, from_th, to_th);
                            count += 1;
                            push_cost += words as u64 + frontier[source];
                        }
                    }
                    if count == 0 {
                        continue;
                    }
                    let target = block_states(block);
                    let mut new = 0u64;
                    let mut mark = |rank: usize, slot: &AtomicU64, old: u64, new: &mut u64| {
                        let shift = 2 * (rank % STATES_PER_WORD);
                        slot.store(old | next << shift, Ordering::Relaxed);
                        *new += 1;
                        if values[rank] == UNSEEN {
                            values[rank] = depth + 1;
                            found += 1;
                        }
                    };
                    if unseen[block] * count as u64 / 2 < push_cost {
                        // Pull: each unseen state looks for a current one.
                        for (w, slot) in target.iter().enumerate() {
                            let old = slot.load(Ordering::Relaxed);
                            let mut empty = states_equal(old, 0);
                            if (w + 1) * STATES_PER_WORD > size {
                                empty &= (1u64 << (2 * (size - w * STATES_PER_WORD))) - 1;
                            }
                            let mut bits = old;
                            while empty != 0 {
                                let rank =
                                    w * STATES_PER_WORD + empty.trailing_zeros() as usize / 2;
                                empty &= empty - 1;
                                let hit =
                                    sources[..count].iter().any(|&(source, from_th, to_th)| {
                                        let back = renumber.apply(to_th, from_th, rank);
                                        let word = block_states(source)[back / STATES_PER_WORD]
                                            .load(Ordering::Relaxed);
                                        word >> (2 * (back % STATES_PER_WORD)) & 3 == current
                                    });
                                if hit {
                                    mark(rank, slot, bits, &mut new);
                                    bits |= next << (2 * (rank % STATES_PER_WORD));
                                }
                            }
                        }
                    } else {
                        // Push: each current state of a source marks its image.
                        for &(source, from_th, to_th) in &sources[..count] {
                            for (w, word) in block_states(source).iter().enumerate() {
                                let mut hits = states_equal(word.load(Ordering::Relaxed), current);
                                while hits != 0 {
                                    let rank =
                                        w * STATES_PER_WORD + hits.trailing_zeros() as usize / 2;
                                    hits &= hits - 1;
                                    let rank = renumber.apply(from_th, to_th, rank);
                                    let slot = &target[rank / STATES_PER_WORD];
                                    let old = slot.load(Ordering::Relaxed);
                                    if old >> (2 * (rank % STATES_PER_WORD)) & 3 == 0 {
                                        mark(rank, slot, old, &mut new);
                                    }
                                }
                            }
                        }
                    }
                    next_frontier[block].store(new, Ordering::Relaxed);
                    any += new;
                }
                (found, any)
            },
            |a, b| (a.0 + b.0, a.1 + b.1),
        );
        if any == 0 {
            break;
        }
        reached += found;
        progress(reached);
        for ((f, u), n) in frontier.iter_mut().zip(&mut unseen).zip(&next_frontier) {
            *f = n.load(Ordering::Relaxed);
            *u -= *f;
        }
    }
    drop(states);
    into_placement_order(&subsets, &values, placements)
}

/// The values kept by block ([`Subsets`] order, then the Lehmer rank of the
/// permutation) put in [`Placements`] order. The placements are taken by
/// the cells of their first tiles (a prefix of three, or all but six), so
/// that the writes of each prefix fall in one stretch of the result that
/// stays in the cache, and by the cell of the first tile in parallel.
fn into_placement_order(subsets: &Subsets, values: &[u8], placements: &Placements) -> Vec<u8> {
    let k = subsets.k;
    let cells = placements.cells();
    let prefix = k.min(3).max(k.saturating_sub(6));
    // The place value of tile i's digit in a Placements rank.
    let weights: Vec<usize> = (0..k)
        .map(|i| ((i + 1)..k).map(|j| cells - j).product())
        .collect();
    // The rest's permutations in Lehmer order, and what each takes off the
    // digits: a tile's digit is its cell less the used cells below it, and
    // among the rest's used cells those below depend only on the permutation.
    let rest = k - prefix;
    let mut orders = vec![0u8; factorial(rest) * rest.max(1)];
    let mut discounts = Vec::with_capacity(factorial(rest));
    for (rank, order) in orders
        .chunks_mut(rest.max(1))
        .enumerate()
        .take(factorial(rest))
    {
        permutation_unrank(rank, &mut order[..rest]);
        let discount: usize = (0..rest)
            .map(|i| {
                let below = order[..i].iter().filter(|&&q| q < order[i]).count();
                below * weights[prefix + i]
            })
            .sum();
        discounts.push(discount);
    }
    let walk = Walk {
        k,
        cells,
        prefix,
        subsets,
        weights: &weights,
        values,
        orders: &orders,
        discounts: &discounts,
    };
    let mut out = vec![0u8; placements.count() as usize];
    par::for_each_chunk_mut(&mut out, weights[0], |first, out| {
        let mut cells_of = [0u8; MAX_CELLS];
        cells_of[0] = first as u8;
        walk.prefixes(1, &mut cells_of, 0, out);
    });
    out
}

/// The enumeration of [`into_placement_order`].
struct Walk<'a> {
    k: usize,
    cells: usize,
    /// The tiles whose cells are chosen before the subset.
    prefix: usize,
    subsets: &'a Subsets,
    weights: &'a [usize],
    values: &'a [u8],
    /// The permutations of the other tiles, `k - prefix` positions each.
    orders: &'a [u8],
    discounts: &'a [usize],
}

impl Walk<'_> {
    /// Chooses the cells of tiles `tile..prefix` in increasing order, then
    /// writes the values of every subset holding the prefix's cells.
    fn prefixes(&self, tile: usize, cells_of: &mut [u8; MAX_CELLS], rank: usize, out: &mut [u8]) {
        let used = cells_of[..tile].iter().fold(0u32, |m, &c| m | 1 << c);
        if tile < self.prefix {
            for cell in 0..self.cells {
                if used & 1 << cell != 0 {
                    continue;
                }
                cells_of[tile] = cell as u8;
                let digit = cell - (used & ((1u32 << cell) - 1)).count_ones() as usize;
                self.prefixes(tile + 1, cells_of, rank + digit * self.weights[tile], out);
            }
            return;
        }
        let rest = self.k - tile;
        let size = factorial(self.k);
        for (s, &mask) in self.subsets.masks.iter().enumerate() {
            if u32::from(mask) & used != used {
                continue;
            }
            // The Lehmer rank of the first permutation with this prefix.
            let mut first = s * size;
            let (mut taken, mut radix) = (0u32, size);
            for (i, &cell) in cells_of[..tile].iter().enumerate() {
                let th = (mask & ((1u16 << cell) - 1)).count_ones();
                radix /= self.k - i;
                first += (th - (taken & ((1u32 << th) - 1)).count_ones()) as usize * radix;
                taken |= 1 << th;
            }
            // Each other cell's part of the rank if it holds the i-th other
            // tile: its digit before the discount, times the digit's weight.
            let mut part = [[0usize; MAX_CELLS]; MAX_CELLS];
            let mut left = u32::from(mask) & !used;
            for row in part.iter_mut().take(rest) {
                let cell = left.trailing_zeros();
                left &= left - 1;
                let digit = cell as usize - (used & ((1u32 << cell) - 1)).count_ones() as usize;
                for (i, slot) in row.iter_mut().take(rest).enumerate() {
                    *slot = digit * self.weights[tile + i];
                }
            }
            let values = &self.values[first..first + self.discounts.len()];
            for ((order, &discount), &value) in self
                .orders
                .chunks_exact(rest.max(1))
                .zip(self.discounts)
                .zip(values)
            {
                let sum: usize = order[..rest]
                    .iter()
                    .enumerate()
                    .map(|(i, &q)| part[usize::from(q)][i])
                    .sum();
                out[rank + sum - discount] = value;
            }
        }
    }
}
