//! Additive disjoint pattern databases (Korf & Felner 2002).
//!
//! The tiles are split into disjoint groups. For each group a table holds,
//! for every placement of the group's tiles on the board, the least number of
//! moves *of those tiles* that bring them to their goal cells, where a tile
//! may slide into a neighbouring cell not holding another tile of the group
//! and into which the blank can get without moving a tile of the group (the
//! blank's moves through other cells are free). Every real move moves one
//! tile, which belongs to one group at most, so the tables' values add up to
//! an admissible bound. A plain table ([`Partition::plain`]) keeps the least
//! value over the blank's cells, as Korf & Felner's do; a zero-aware one (the
//! default) also how many moves more the blank's main region needs
//! (`search_core::pdb::ZeroAware`).
//!
//! A table is indexed by the [`Placements`] rank of its tiles' cells and built
//! by a breadth-first search from the goal placement, layer by layer, in
//! parallel (the result does not depend on the thread count). It serialises to
//! bytes with a checksum, so that a caller can keep it in a file and detect a
//! stale or corrupted one.

use perm_rank::Placements;
use search_core::pdb::ZeroAware;
use search_core::pdb::tiles::{Image, Tiles};

use search_core::bound::Bound;

use crate::board::MAX_CELLS;
use crate::bounds::{Group, MAX_GROUP};
use crate::{Board, SlidingSpace};

mod file;

/// Tiles split into disjoint groups, each with its own table.
///
/// # Example
///
/// ```
/// use eight_puzzle::{Board, Partition};
///
/// let goal = Board::from_rows(&["0 1 2 3", "4 5 6 7", "8 9 10 11", "12 13 14 15"])?;
/// let groups = Partition::six_six_three(&goal)?;
/// assert_eq!(groups.name(), "6-6-3 zero-aware");
/// assert_eq!(groups.clone().plain().name(), "6-6-3");
/// assert_eq!(groups.groups()[2], [1, 2, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Partition {
    groups: Vec<Vec<u8>>,
    zero_aware: bool,
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
    /// The build of a group's table stopped (a placement more than 254
    /// moves from its goal cells).
    Build(String),
}

search_core::error_messages! {
    PdbError {
        BadGroup(why) => "bad tile groups: {why}";
        Shape(why) => "{why}";
        TooLarge { bytes, max } =>
            "the pattern database needs {} ({bytes} bytes), more than the {} allowed",
            search_core::Bytes(*bytes), search_core::Bytes(*max);
        Corrupt(why) => "corrupt pattern database: {why}";
        Mismatch => "the pattern database was built for another goal or partition";
        Build(why) => "building the pattern database: {why}";
    }
}

impl Partition {
    /// Groups of tiles given explicitly: non-empty, disjoint, each tile in
    /// `1..cells` of `goal`. Tiles in no group simply do not count.
    pub fn new(goal: &Board, groups: Vec<Vec<u8>>) -> Result<Partition, PdbError> {
        if groups.len() > crate::MAX_TABLES {
            return Err(PdbError::BadGroup(format!(
                "{} groups: at most {}",
                groups.len(),
                crate::MAX_TABLES
            )));
        }
        let mut seen = 0u32;
        for group in &groups {
            if group.is_empty() {
                return Err(PdbError::BadGroup("a group is empty".to_string()));
            }
            if group.len() > MAX_GROUP {
                return Err(PdbError::BadGroup(format!(
                    "a group of {} tiles: at most {MAX_GROUP}",
                    group.len()
                )));
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
        Ok(Partition {
            groups,
            zero_aware: true,
        })
    }

    /// The same groups with Korf & Felner's tables, each entry the least
    /// value over the blank's regions, as the published node counts use.
    /// By default the tables are *zero-aware*: each entry also tells how
    /// many moves more the placement needs with the blank in its main
    /// region (`search_core::pdb::ZeroAware`), a bound at least as
    /// large from tables of the same size, still additive.
    pub fn plain(self) -> Partition {
        Partition {
            zero_aware: false,
            ..self
        }
    }

    /// Whether the tables are zero-aware (see [`plain`](Partition::plain)).
    pub fn is_zero_aware(&self) -> bool {
        self.zero_aware
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

    /// Korf & Felner's 6-6-6-6 on the 5x5 board (their figure 5), by goal
    /// cells, for a goal with its blank in the top left corner: the six
    /// cells by that corner (1, 5, 6, 10, 11, 12), the 2x3 blocks at the
    /// bottom left (15-17, 20-22) and top right (2-4, 7-9), and the 3x2
    /// block at the bottom right (13, 14, 18, 19, 23, 24). Each table has
    /// 25!/19! = 127,512,000 entries (122 MiB).
    pub fn six_six_six_six(goal: &Board) -> Result<Partition, PdbError> {
        let (w, h) = (goal.width(), goal.height());
        if (w, h) != (5, 5) || goal.blank() != 0 {
            return Err(PdbError::Shape(format!(
                "the 6-6-6-6 partition is for the 5x5 board with its blank in the top left corner, not {w}x{h} with the blank on cell {}",
                goal.blank()
            )));
        }
        let cells: [&[usize]; 4] = [
            &[1, 5, 6, 10, 11, 12],
            &[15, 16, 17, 20, 21, 22],
            &[2, 3, 4, 7, 8, 9],
            &[13, 14, 18, 19, 23, 24],
        ];
        let groups = cells
            .iter()
            .map(|cells| cells.iter().map(|&c| goal.tile(c)).collect())
            .collect();
        Partition::new(goal, groups)
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

    /// The partition used by default: 6-6-3 on the 4x4 board, 6-6-6-6 on
    /// the 5x5 board with the blank's goal in the top left corner,
    /// otherwise the tiles in row-major order of their goal cells, in groups
    /// of at most six.
    pub fn default_for(goal: &Board) -> Partition {
        if let Ok(p) = Partition::six_six_three(goal).or_else(|_| Partition::six_six_six_six(goal))
        {
            return p;
        }
        let tiles = Partition::tiles_in_order(goal);
        Partition {
            groups: tiles.chunks(6).map(<[u8]>::to_vec).collect(),
            zero_aware: true,
        }
    }

    /// The groups of tiles.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// The group sizes joined by dashes, e.g. `6-6-3`, then ` zero-aware`
    /// unless the tables are [plain](Partition::plain).
    pub fn name(&self) -> String {
        let sizes: Vec<String> = self.groups.iter().map(|g| g.len().to_string()).collect();
        let kind = if self.zero_aware { " zero-aware" } else { "" };
        format!("{}{kind}", sizes.join("-"))
    }

    /// The bytes the tables for `goal` keep: one byte per placement of
    /// each group that reads a table of its own (see
    /// [`PatternDb`]: a group that is the mirror image of another reads
    /// that one's).
    pub fn memory_needed(&self, goal: &Board) -> u64 {
        let own = self.sources(goal);
        self.counts(goal.cells())
            .zip(&own)
            .filter(|(_, source)| source.is_none())
            .fold(0u64, |sum, (n, _)| sum.saturating_add(n))
    }

    /// The most bytes the build holds at once on `goal`'s board: the tables
    /// built so far (largest group first) and, while a group's table is
    /// built, the larger of its search (a byte per placement, two bits per
    /// placement and region of the blank, the renumbering tables: 840 MiB for
    /// 8 tiles of the 15-puzzle) and its values beside the table they become
    /// (twice the table: 990 MiB for 8 tiles); zero-aware, with a byte per
    /// placement and region of the blank (1.7 GiB for 8 tiles, the peak of
    /// the 7-8 build).
    pub fn build_memory_needed(&self, goal: &Board) -> u64 {
        let counts: Vec<u64> = self.counts(goal.cells()).collect();
        let sources = self.sources(goal);
        let mut kept = 0u64;
        let mut peak = 0u64;
        for g in self
            .build_order()
            .into_iter()
            .filter(|&g| sources[g].is_none())
        {
            let during = match self.tiles(goal, g) {
                Ok(tiles) if self.zero_aware => tiles.zero_aware_memory_needed(),
                Ok(tiles) => tiles.memory_needed(),
                Err(_) => counts[g].saturating_mul(2),
            };
            peak = peak.max(kept.saturating_add(during));
            kept = kept.saturating_add(counts[g]);
        }
        peak.max(kept)
    }

    /// Group `g` as search-core's abstraction of sliding tiles.
    fn tiles(&self, goal: &Board, g: usize) -> Result<Tiles, PdbError> {
        let cells: Vec<u8> = self.groups[g]
            .iter()
            .map(|&t| goal.position(t).expect("a tile of the goal") as u8)
            .collect();
        Tiles::new(goal.rect(), &cells, goal.blank()).map_err(|e| PdbError::Shape(e.to_string()))
    }

    /// For each group, the group whose table it reads through a symmetry
    /// of the board ([`Tiles::image_of`]), or `None` for a table of its own:
    /// the first group in build order that serves it.
    fn sources(&self, goal: &Board) -> Vec<Option<(usize, Image)>> {
        let mut sources = vec![None; self.groups.len()];
        let mut built: Vec<(usize, Tiles)> = Vec::new();
        for g in self.build_order() {
            let Ok(tiles) = self.tiles(goal, g) else {
                continue;
            };
            match built
                .iter()
                .find_map(|(h, t)| Some((*h, t.image_of(&tiles)?)))
            {
                Some(source) => sources[g] = Some(source),
                None => built.push((g, tiles)),
            }
        }
        sources
    }

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

/// How one group reads its values.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Table {
    /// The group's tiles, in the order of the table's slots.
    tiles: Vec<u8>,
    /// The cell each cell stands for in the table (the identity, or a
    /// symmetry of the board).
    map: [u8; MAX_CELLS],
    placements: Placements,
    zero_aware: Option<ZeroAware>,
    /// Which of the stored tables.
    values: usize,
}

impl Table {
    /// Group `g` of `partition`, reading the stored table `values` (its
    /// own, or that of the group it is an image of, through `image`), read
    /// through `zero_aware` if it is one.
    fn new(
        partition: &Partition,
        (g, cells): (usize, usize),
        values: usize,
        image: Option<&Image>,
        zero_aware: Option<ZeroAware>,
    ) -> Self {
        let mut map: [u8; MAX_CELLS] = std::array::from_fn(|c| c as u8);
        let mut tiles = partition.groups[g].clone();
        if let Some(image) = image {
            map[..cells].copy_from_slice(&image.map);
            for (&tile, &slot) in partition.groups[g].iter().zip(&image.slot) {
                tiles[slot] = tile;
            }
        }
        Table {
            placements: Placements::new(cells, tiles.len()).expect("a group that fits the board"),
            zero_aware,
            tiles,
            map,
            values,
        }
    }
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
    /// How each group reads its values.
    tables: Vec<Table>,
    /// The stored tables: one per group that is no mirror image of
    /// another, in the partition's order.
    values: Vec<Vec<u8>>,
}

impl PatternDb {
    /// Builds the tables for `goal` and `partition`, refusing (before
    /// allocating anything) if they need more than `max_memory` bytes.
    /// `progress(done, total)` is called after each layer of each group's
    /// build, `done` counting the placements of the groups built and the
    /// share of the states of the group being built reached so far.
    pub fn build(
        goal: &Board,
        partition: &Partition,
        max_memory: u64,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<PatternDb, PdbError> {
        let partition = Partition {
            zero_aware: partition.zero_aware,
            ..Partition::new(goal, partition.groups.clone())?
        };
        let bytes = partition.build_memory_needed(goal);
        if bytes > max_memory {
            return Err(PdbError::TooLarge {
                bytes,
                max: max_memory,
            });
        }
        let (tables, own) = PatternDb::layout(&partition, goal);
        let mut values = vec![Vec::new(); own.len()];
        let total = partition.memory_needed(goal);
        let mut done = 0u64;
        for g in partition.build_order() {
            let Some(stored) = own.iter().position(|&o| o == g) else {
                continue;
            };
            let group = partition.tiles(goal, g)?;
            let count = group.placements().count();
            let report = |layer: &search_core::layers::LayerReport| {
                let share = u128::from(count) * u128::from(layer.seen) / u128::from(layer.size);
                progress(done + share as u64, total)
            };
            let built = match partition.zero_aware {
                true => group.build_zero_aware(report),
                false => group.build(report),
            };
            values[stored] = built.map_err(|e| PdbError::Build(e.to_string()))?;
            done += count;
        }
        Ok(PatternDb {
            goal: *goal,
            partition,
            tables,
            values,
        })
    }

    /// How each group of `partition` reads its values, and the groups that
    /// have a table of their own, in order.
    fn layout(partition: &Partition, goal: &Board) -> (Vec<Table>, Vec<usize>) {
        let sources = partition.sources(goal);
        let own: Vec<usize> = (0..sources.len())
            .filter(|&g| sources[g].is_none())
            .collect();
        let stored = |g: usize| {
            own.iter()
                .position(|&o| o == g)
                .expect("a group with a table")
        };
        let tables = sources
            .iter()
            .enumerate()
            .map(|(g, source)| {
                let z = partition.zero_aware.then(|| ZeroAware::new(goal.rect()));
                let (at, image) = match source {
                    None => (stored(g), None),
                    Some((of, image)) => (stored(*of), Some(image)),
                };
                Table::new(partition, (g, goal.cells()), at, image, z)
            })
            .collect();
        (tables, own)
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The groups of tiles.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The bound of `board`: the sum of the groups' values.
    pub fn bound(&self, board: &Board) -> u32 {
        assert_eq!(board.cells(), self.goal.cells(), "another board shape");
        let rules =
            SlidingSpace::new(board.width(), board.height()).expect("a board's shape is valid");
        self.groups().map(|g| g.start(&rules, board).0).sum()
    }

    /// Each group's table as a bound.
    pub fn groups(&self) -> impl Iterator<Item = Group<'_>> {
        self.tables.iter().map(|t| {
            let index = (&t.placements, t.zero_aware);
            Group::new(&t.tiles, &t.map, index, &self.values[t.values])
        })
    }
}
