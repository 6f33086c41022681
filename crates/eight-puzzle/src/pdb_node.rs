//! IDA* nodes with the pattern-database bound and with Manhattan distance
//! plus linear conflicts, both updated move by move.

use search_core::bound::Additive;
use search_core::ida::{Node, OperatorNode};

use crate::Board;
use crate::board::MAX_CELLS;
use crate::manhattan::{Slide, direction, slides};
use crate::pdb::PatternDb;

/// No group.
const NONE: u8 = u8::MAX;

/// One orientation of the board as the tables see it: where each tile is,
/// and each group's value.
#[derive(Clone)]
struct View {
    position: [u8; MAX_CELLS],
    values: Additive<MAX_CELLS>,
}

impl View {
    fn new(db: &PatternDb, position: [u8; MAX_CELLS]) -> View {
        let mut values = [0u8; MAX_CELLS];
        for (g, v) in values.iter_mut().enumerate().take(db.group_count()) {
            *v = db.value(g, &position);
        }
        View {
            position,
            values: Additive::new(values),
        }
    }

    /// The sum of the groups' values: the bound.
    #[inline]
    fn sum(&self) -> u32 {
        self.values.sum()
    }

    /// Moves `tile` (of group `g`) to `cell`; returns the group's old value.
    #[inline]
    fn shift(&mut self, db: &PatternDb, tile: u8, g: u8, cell: u8) -> u8 {
        self.position[usize::from(tile)] = cell;
        if g == NONE {
            return 0;
        }
        let g = usize::from(g);
        self.values.replace(g, db.value(g, &self.position))
    }

    #[inline]
    fn restore(&mut self, tile: u8, g: u8, cell: u8, old: u8) {
        self.position[usize::from(tile)] = cell;
        if g != NONE {
            self.values.replace(usize::from(g), old);
        }
    }
}

/// A board searched with the additive pattern databases, and optionally
/// the same tables applied to the board reflected about its main diagonal
/// (the bound is then the larger of the two sums).
pub(crate) struct PdbNode<'a> {
    db: &'a PatternDb,
    tiles: [u8; MAX_CELLS],
    goal: [u8; MAX_CELLS],
    blank: u8,
    width: u8,
    cells: u8,
    group: [u8; MAX_CELLS],
    view: View,
    /// The reflected board: tile `mirror[t]` on cell `transpose[c]` for tile `t` on `c`.
    reflected: Option<(View, [u8; MAX_CELLS], [u8; MAX_CELLS])>,
    /// The groups' old values, one pair per move applied, for `undo`.
    undo: Vec<(u8, u8)>,
}

impl<'a> PdbNode<'a> {
    /// `reflect` needs a square board.
    pub(crate) fn new(start: &Board, db: &'a PatternDb, reflect: bool) -> PdbNode<'a> {
        let goal = db.goal();
        let cells = start.cells();
        let mut group = [NONE; MAX_CELLS];
        for (g, tiles) in db.partition().groups().iter().enumerate() {
            for &t in tiles {
                group[usize::from(t)] = g as u8;
            }
        }
        let mut tiles = [0u8; MAX_CELLS];
        let mut goal_tiles = [0u8; MAX_CELLS];
        let mut position = [0u8; MAX_CELLS];
        for c in 0..cells {
            tiles[c] = start.tile(c);
            goal_tiles[c] = goal.tile(c);
            position[usize::from(tiles[c])] = c as u8;
        }
        let reflected = reflect.then(|| {
            let w = start.width();
            let mut transpose = [0u8; MAX_CELLS];
            for (c, t) in transpose.iter_mut().enumerate().take(cells) {
                *t = ((c % w) * w + c / w) as u8;
            }
            // Tile t, whose goal cell is p, becomes the tile whose goal cell is p's mirror.
            let mut mirror = [0u8; MAX_CELLS];
            for p in 0..cells {
                mirror[usize::from(goal_tiles[p])] = goal_tiles[usize::from(transpose[p])];
            }
            let mut rposition = [0u8; MAX_CELLS];
            for t in 0..cells {
                rposition[usize::from(mirror[t])] = transpose[usize::from(position[t])];
            }
            (View::new(db, rposition), mirror, transpose)
        });
        PdbNode {
            db,
            tiles,
            goal: goal_tiles,
            blank: start.blank() as u8,
            width: start.width() as u8,
            cells: cells as u8,
            group,
            view: View::new(db, position),
            reflected,
            undo: Vec::new(),
        }
    }
}

impl Node for PdbNode<'_> {
    type Move = Slide;

    #[inline]
    fn lower_bound(&self) -> u32 {
        match &self.reflected {
            None => self.view.sum(),
            Some((r, _, _)) => Additive::max_sum(&self.view.values, &r.values),
        }
    }

    #[inline]
    fn is_goal(&self) -> bool {
        self.view.sum() == 0 && self.tiles == self.goal
    }

    fn moves(&self, previous: Option<Slide>, out: &mut Vec<Slide>) {
        slides(self.blank, self.width, self.cells, previous, out);
    }

    #[inline]
    fn apply(&mut self, m: Slide) -> u32 {
        let tile = self.tiles[usize::from(m.from)];
        self.tiles[usize::from(m.to)] = tile;
        self.tiles[usize::from(m.from)] = 0;
        self.blank = m.from;
        let old = self
            .view
            .shift(self.db, tile, self.group[usize::from(tile)], m.to);
        let rold = match &mut self.reflected {
            None => 0,
            Some((r, mirror, transpose)) => {
                let t = mirror[usize::from(tile)];
                r.shift(
                    self.db,
                    t,
                    self.group[usize::from(t)],
                    transpose[usize::from(m.to)],
                )
            }
        };
        self.undo.push((old, rold));
        1
    }

    #[inline]
    fn undo(&mut self, m: Slide) {
        let tile = self.tiles[usize::from(m.to)];
        self.tiles[usize::from(m.from)] = tile;
        self.tiles[usize::from(m.to)] = 0;
        self.blank = m.to;
        let (old, rold) = self.undo.pop().expect("a move to undo");
        self.view
            .restore(tile, self.group[usize::from(tile)], m.from, old);
        if let Some((r, mirror, transpose)) = &mut self.reflected {
            let t = mirror[usize::from(tile)];
            r.restore(
                t,
                self.group[usize::from(t)],
                transpose[usize::from(m.from)],
                rold,
            );
        }
    }
}

/// A board searched with Manhattan distance plus linear conflicts: two
/// tiles in their goal line (row or column) but in reversed order there need
/// two moves more than their Manhattan terms. Per line, the tiles to move
/// out of it are those outside a longest increasing subsequence of goal
/// positions; each costs 2.
pub(crate) struct ConflictNode {
    tiles: [u8; MAX_CELLS],
    goal: [u8; MAX_CELLS],
    blank: u8,
    width: u8,
    height: u8,
    cells: u8,
    /// `goal_cell[tile]`.
    goal_cell: [u8; MAX_CELLS],
    /// The Manhattan distance, one term per tile.
    manhattan: Additive<MAX_CELLS>,
    /// Conflict penalties of rows `0..height`, then of columns at `8 + c`.
    lines: Additive<16>,
}

impl ConflictNode {
    pub(crate) fn new(start: &Board, goal: &Board) -> ConflictNode {
        let cells = start.cells();
        let mut tiles = [0u8; MAX_CELLS];
        let mut goal_tiles = [0u8; MAX_CELLS];
        let mut goal_cell = [0u8; MAX_CELLS];
        for c in 0..cells {
            tiles[c] = start.tile(c);
            goal_tiles[c] = goal.tile(c);
            goal_cell[usize::from(goal_tiles[c])] = c as u8;
        }
        let mut node = ConflictNode {
            tiles,
            goal: goal_tiles,
            blank: start.blank() as u8,
            width: start.width() as u8,
            height: start.height() as u8,
            cells: cells as u8,
            goal_cell,
            manhattan: Additive::new([0; MAX_CELLS]),
            lines: Additive::new([0; 16]),
        };
        for c in 0..cells as u8 {
            let tile = node.tiles[usize::from(c)];
            node.manhattan
                .replace(usize::from(tile), node.distance(tile, c));
        }
        for r in 0..node.height {
            node.lines.replace(usize::from(r), node.row_penalty(r));
        }
        for c in 0..node.width {
            node.lines
                .replace(8 + usize::from(c), node.column_penalty(c));
        }
        node
    }

    #[inline]
    fn distance(&self, tile: u8, cell: u8) -> u8 {
        if tile == 0 {
            return 0;
        }
        let g = self.goal_cell[usize::from(tile)];
        let w = self.width;
        (g / w).abs_diff(cell / w) + (g % w).abs_diff(cell % w)
    }

    /// Twice the tiles to remove from a line so that its tiles that belong
    /// in it are in goal order: `keys` are their goal positions along the line.
    #[inline]
    fn penalty(keys: &[u8]) -> u8 {
        // Longest increasing subsequence of at most eight keys.
        let mut best = [0u8; 8];
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

    fn row_penalty(&self, r: u8) -> u8 {
        let w = self.width;
        let mut keys = [0u8; 8];
        let mut n = 0;
        for c in 0..w {
            let t = self.tiles[usize::from(r * w + c)];
            if t != 0 && self.goal_cell[usize::from(t)] / w == r {
                keys[n] = self.goal_cell[usize::from(t)] % w;
                n += 1;
            }
        }
        Self::penalty(&keys[..n])
    }

    fn column_penalty(&self, c: u8) -> u8 {
        let w = self.width;
        let mut keys = [0u8; 8];
        let mut n = 0;
        for r in 0..self.height {
            let t = self.tiles[usize::from(r * w + c)];
            if t != 0 && self.goal_cell[usize::from(t)] % w == c {
                keys[n] = self.goal_cell[usize::from(t)] / w;
                n += 1;
            }
        }
        Self::penalty(&keys[..n])
    }

    /// Recomputes the line a move of `tile` between `a` and `b` changes: a
    /// vertical move changes the rows of both cells, a horizontal one their
    /// columns, but only a line that is the tile's goal line gains or loses a
    /// tile that counts, and at most one of the two is.
    #[inline]
    fn relines(&mut self, tile: u8, a: u8, b: u8) {
        let w = self.width;
        let goal = self.goal_cell[usize::from(tile)];
        let (slot, value) = if a % w == b % w {
            let row = goal / w;
            if row != a / w && row != b / w {
                return;
            }
            (usize::from(row), self.row_penalty(row))
        } else {
            let column = goal % w;
            if column != a % w && column != b % w {
                return;
            }
            (8 + usize::from(column), self.column_penalty(column))
        };
        self.lines.replace(slot, value);
    }
}

impl Node for ConflictNode {
    type Move = Slide;

    #[inline]
    fn lower_bound(&self) -> u32 {
        self.manhattan.sum() + self.lines.sum()
    }

    #[inline]
    fn is_goal(&self) -> bool {
        self.manhattan.sum() == 0 && self.tiles == self.goal
    }

    fn moves(&self, previous: Option<Slide>, out: &mut Vec<Slide>) {
        slides(self.blank, self.width, self.cells, previous, out);
    }

    #[inline]
    fn apply(&mut self, m: Slide) -> u32 {
        let tile = self.tiles[usize::from(m.from)];
        self.manhattan
            .replace(usize::from(tile), self.distance(tile, m.to));
        self.tiles[usize::from(m.to)] = tile;
        self.tiles[usize::from(m.from)] = 0;
        self.blank = m.from;
        self.relines(tile, m.from, m.to);
        1
    }

    #[inline]
    fn undo(&mut self, m: Slide) {
        let tile = self.tiles[usize::from(m.to)];
        self.manhattan
            .replace(usize::from(tile), self.distance(tile, m.from));
        self.tiles[usize::from(m.from)] = tile;
        self.tiles[usize::from(m.to)] = 0;
        self.blank = m.to;
        self.relines(tile, m.from, m.to);
    }
}

impl OperatorNode for PdbNode<'_> {
    #[inline]
    fn operator(&self, m: Slide) -> u8 {
        direction(m)
    }
}

impl OperatorNode for ConflictNode {
    #[inline]
    fn operator(&self, m: Slide) -> u8 {
        direction(m)
    }
}
