//! The sliding puzzles' lower bounds, as `search_core::bound::Bound`s of
//! [`SlidingSpace`]: each is updated by the moved tile alone.
//!
//! - [`Manhattan`]: the sum over tiles of the distance to the goal cell.
//! - [`LinearConflict`]: Manhattan plus two moves for each tile that must
//!   leave its goal row or column to let another in that line pass.
//! - [`Group`]: one pattern database, the fewest moves of its group's tiles
//!   (the others free); groups over disjoint tiles add up
//!   (`search_core::bound::Sum`), and the tables looked up on the reflected
//!   board (`search_core::bound::Mirrored` with [`Transpose`](crate::Transpose))
//!   bound the distance too when the reflection maps the goal to itself.

use perm_rank::Placements;
use search_core::bound::Bound;
use search_core::pdb::ZeroAware;

use crate::board::MAX_CELLS;
use crate::{Board, Slide, SlidingSpace};

/// The Manhattan distance: each tile's rows and columns from its goal cell.
#[derive(Debug, Clone)]
pub struct Manhattan {
    /// `distance[tile][cell]`: from `cell` to the tile's goal cell.
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
}

impl Manhattan {
    /// The distance to `goal`.
    pub fn new(goal: &Board) -> Manhattan {
        let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
        let w = goal.width();
        for goal_cell in 0..goal.cells() {
            let tile = usize::from(goal.tile(goal_cell));
            if tile == 0 {
                continue; // the blank's position does not count
            }
            for (cell, d) in distance[tile].iter_mut().enumerate().take(goal.cells()) {
                *d =
                    ((cell / w).abs_diff(goal_cell / w) + (cell % w).abs_diff(goal_cell % w)) as u8;
            }
        }
        Manhattan { distance }
    }

    /// The distance of `board`.
    pub fn of(&self, board: &Board) -> u32 {
        (0..board.cells())
            .map(|c| u32::from(self.distance[usize::from(board.tile(c))][c]))
            .sum()
    }

    #[inline]
    fn step(&self, board: &Board, m: Slide, sum: u32) -> u32 {
        let tile = usize::from(board.tile_array()[usize::from(m.to)]);
        sum + u32::from(self.distance[tile][usize::from(m.to)])
            - u32::from(self.distance[tile][usize::from(m.from)])
    }
}

impl Bound<SlidingSpace> for Manhattan {
    /// The sum.
    type Memo = u32;

    fn start(&self, _: &SlidingSpace, board: &Board) -> (u32, u32) {
        let sum = self.of(board);
        (sum, sum)
    }

    #[inline]
    fn after(&self, _: &SlidingSpace, board: &Board, m: Slide, sum: &mut u32, _: u32) -> u32 {
        *sum = self.step(board, m, *sum);
        *sum
    }
}

/// The longest side of a board: 12 cells (2x12).
const MAX_SIDE: usize = MAX_CELLS / 2;

/// Manhattan distance plus linear conflicts: two tiles in their goal line
/// (row or column) but in reversed order there need two moves more than
/// their Manhattan terms. Per line, the tiles to move out of it are those
/// outside a longest increasing subsequence of goal positions; each costs 2.
#[derive(Debug, Clone)]
pub struct LinearConflict {
    manhattan: Manhattan,
    /// `goal_cell[tile]`.
    goal_cell: [u8; MAX_CELLS],
    width: u8,
    height: u8,
}

/// What [`LinearConflict`] keeps of a board.
#[derive(Debug, Clone, Copy, Default)]
pub struct Conflicts {
    manhattan: u32,
    /// The penalties of rows `0..height`, then of columns from [`MAX_SIDE`].
    lines: [u8; 2 * MAX_SIDE],
    penalty: u32,
}

impl LinearConflict {
    /// The bound towards `goal`.
    pub fn new(goal: &Board) -> LinearConflict {
        let mut goal_cell = [0u8; MAX_CELLS];
        for c in 0..goal.cells() {
            goal_cell[usize::from(goal.tile(c))] = c as u8;
        }
        LinearConflict {
            manhattan: Manhattan::new(goal),
            goal_cell,
            width: goal.width() as u8,
            height: goal.height() as u8,
        }
    }

    /// Twice the tiles to remove from a line so that its tiles that belong
    /// in it are in goal order: `keys` are their goal positions along the line.
    #[inline]
    fn penalty(keys: &[u8]) -> u8 {
        // Longest increasing subsequence of at most twelve keys.
        let mut best = [0u8; MAX_SIDE];
        let mut longest = 0u8;
        for i in 0..keys.len() {
            best[i] = 1;
            for j in 0..i {
                if keys[j] < keys[i] && best[j] + 1 > best[i] {
                    best[i] = best[j] + 1;
                }
            }
            longest = longest.max(best[i]);
        }
        2 * (keys.len() as u8 - longest)
    }

    /// The penalty of row `r` (`column` false) or column `r`.
    fn line_penalty(&self, board: &Board, r: u8, column: bool) -> u8 {
        let (w, tiles) = (self.width, board.tile_array());
        let length = if column { self.height } else { w };
        let mut keys = [0u8; MAX_SIDE];
        let mut n = 0;
        for i in 0..length {
            let cell = if column { i * w + r } else { r * w + i };
            let t = tiles[usize::from(cell)];
            let goal = self.goal_cell[usize::from(t)];
            let (line, along) = if column {
                (goal % w, goal / w)
            } else {
                (goal / w, goal % w)
            };
            if t != 0 && line == r {
                keys[n] = along;
                n += 1;
            }
        }
        Self::penalty(&keys[..n])
    }
}

impl Bound<SlidingSpace> for LinearConflict {
    type Memo = Conflicts;

    fn start(&self, _: &SlidingSpace, board: &Board) -> (u32, Conflicts) {
        let mut memo = Conflicts {
            manhattan: self.manhattan.of(board),
            ..Conflicts::default()
        };
        for r in 0..self.height {
            memo.lines[usize::from(r)] = self.line_penalty(board, r, false);
        }
        for c in 0..self.width {
            memo.lines[MAX_SIDE + usize::from(c)] = self.line_penalty(board, c, true);
        }
        memo.penalty = memo.lines.iter().map(|&p| u32::from(p)).sum();
        (memo.manhattan + memo.penalty, memo)
    }

    /// A vertical move changes the rows of both cells, a horizontal one their
    /// columns, but only a line that is the tile's goal line gains or loses a
    /// tile that counts, and at most one of the two is.
    #[inline]
    fn after(
        &self,
        _: &SlidingSpace,
        board: &Board,
        m: Slide,
        memo: &mut Conflicts,
        _: u32,
    ) -> u32 {
        memo.manhattan = self.manhattan.step(board, m, memo.manhattan);
        let (a, b, w) = (m.from, m.to, self.width);
        let goal = self.goal_cell[usize::from(board.tile_array()[usize::from(b)])];
        let line = if a % w == b % w {
            let row = goal / w;
            (row == a / w || row == b / w).then(|| (usize::from(row), row, false))
        } else {
            let column = goal % w;
            (column == a % w || column == b % w)
                .then(|| (MAX_SIDE + usize::from(column), column, true))
        };
        if let Some((slot, r, column)) = line {
            let value = self.line_penalty(board, r, column);
            memo.penalty = memo.penalty + u32::from(value) - u32::from(memo.lines[slot]);
            memo.lines[slot] = value;
        }
        memo.manhattan + memo.penalty
    }
}

/// The most tiles of one pattern database.
pub const MAX_GROUP: usize = 8;

/// No slot: a tile of another group.
const NONE: u8 = u8::MAX;

/// One pattern database as a bound: the fewest moves of its group's tiles
/// to their goal cells from each placement, looked up by the placement's
/// rank (`perm_rank::Placements`); for a zero-aware table, more where the
/// blank's region needs more (`search_core::pdb::ZeroAware`).
#[derive(Debug, Clone, Copy)]
pub struct Group<'a> {
    /// `slot[tile]`: the tile's place in the group, or [`NONE`].
    slot: [u8; MAX_CELLS],
    tiles: &'a [u8],
    /// `map[cell]`: the cell it stands for in the table (the identity, or
    /// a symmetry of the board for a group read in its mirror image's table).
    map: &'a [u8; MAX_CELLS],
    placements: &'a Placements,
    zero_aware: Option<ZeroAware>,
    values: &'a [u8],
}

/// What a [`Group`] keeps of a board: its tiles' cells and its value.
#[derive(Debug, Clone, Copy, Default)]
pub struct Placed {
    cells: [u8; MAX_GROUP],
    value: u8,
}

impl<'a> Group<'a> {
    /// The table `values` of the group `tiles`, indexed by `placements` of
    /// their cells mapped by `map`, read through `zero_aware` if it is one.
    pub(crate) fn new(
        tiles: &'a [u8],
        map: &'a [u8; MAX_CELLS],
        (placements, zero_aware): (&'a Placements, Option<ZeroAware>),
        values: &'a [u8],
    ) -> Self {
        let mut slot = [NONE; MAX_CELLS];
        for (i, &t) in tiles.iter().enumerate() {
            slot[usize::from(t)] = i as u8;
        }
        Group {
            slot,
            tiles,
            map,
            placements,
            zero_aware,
            values,
        }
    }

    /// The value of the group's tiles on `cells` with the blank on `blank`.
    #[inline]
    fn look_up(&self, cells: &[u8; MAX_GROUP], blank: u8) -> u8 {
        let cells = &cells[..self.tiles.len()];
        let entry = self.values[self.placements.rank_unchecked(cells) as usize];
        match &self.zero_aware {
            Some(z) => z.value(entry, cells, blank),
            None => entry,
        }
    }
}

impl Bound<SlidingSpace> for Group<'_> {
    type Memo = Placed;

    fn start(&self, _: &SlidingSpace, board: &Board) -> (u32, Placed) {
        let mut placed = Placed::default();
        for (cell, &t) in placed.cells.iter_mut().zip(self.tiles) {
            *cell = self.map[board.position(t).expect("every tile is on the board")];
        }
        placed.value = self.look_up(&placed.cells, self.map[board.blank()]);
        (u32::from(placed.value), placed)
    }

    /// Only a move of one of the group's tiles changes the value: another
    /// tile's move keeps the blank in its region of the cells the group
    /// leaves free, which is all a zero-aware value depends on.
    #[inline]
    fn after(&self, _: &SlidingSpace, board: &Board, m: Slide, placed: &mut Placed, _: u32) -> u32 {
        let tile = board.tile_array()[usize::from(m.to)];
        let slot = self.slot[usize::from(tile)];
        if slot != NONE {
            placed.cells[usize::from(slot)] = self.map[usize::from(m.to)];
            placed.value = self.look_up(&placed.cells, self.map[usize::from(m.from)]);
        }
        u32::from(placed.value)
    }
}
