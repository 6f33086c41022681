//! IDA* with the Manhattan-distance lower bound, updated move by move.

use search_core::ida::Node;

use crate::Board;
use crate::board::MAX_CELLS;

/// A board being searched by IDA*: the tiles in an array, the blank's cell,
/// and the Manhattan bound, which a move changes by the moved tile's term only.
pub(crate) struct ManhattanNode {
    tiles: [u8; MAX_CELLS],
    blank: u8,
    width: u8,
    cells: u8,
    bound: u32,
    /// `distance[tile * 16 + cell]`: moves from `cell` to the tile's goal cell.
    distance: [u8; MAX_CELLS * MAX_CELLS],
    goal: [u8; MAX_CELLS],
}

impl ManhattanNode {
    pub(crate) fn new(start: &Board, goal: &Board) -> Self {
        let cells = start.cells();
        let mut distance = [0u8; MAX_CELLS * MAX_CELLS];
        for goal_cell in 0..cells {
            let tile = usize::from(goal.tile(goal_cell));
            if tile == 0 {
                continue; // the blank's position does not count
            }
            for cell in 0..cells {
                distance[tile * MAX_CELLS + cell] = start.manhattan(cell, goal_cell) as u8;
            }
        }
        let mut tiles = [0u8; MAX_CELLS];
        let mut goal_tiles = [0u8; MAX_CELLS];
        for c in 0..cells {
            tiles[c] = start.tile(c);
            goal_tiles[c] = goal.tile(c);
        }
        let bound = (0..cells)
            .map(|c| u32::from(distance[usize::from(tiles[c]) * MAX_CELLS + c]))
            .sum();
        ManhattanNode {
            tiles,
            blank: start.blank() as u8,
            width: start.width() as u8,
            cells: cells as u8,
            bound,
            distance,
            goal: goal_tiles,
        }
    }

    #[inline]
    fn term(&self, tile: u8, cell: u8) -> u32 {
        u32::from(self.distance[usize::from(tile) * MAX_CELLS + usize::from(cell)])
    }
}

/// A move of the tile in cell `from` into the blank in cell `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slide {
    pub(crate) from: u8,
    pub(crate) to: u8,
}

/// The slides into the blank at `b` on a board `w` wide of `n` cells, but
/// the one undoing `previous`: the tile that just moved now sits at
/// `previous.to`, and moving it back would only undo the last move.
#[inline]
pub(crate) fn slides(b: u8, w: u8, n: u8, previous: Option<Slide>, out: &mut Vec<Slide>) {
    let (row, col) = (b / w, b % w);
    let back = previous.map(|p| p.to);
    for (ok, from) in [
        (row > 0, b.wrapping_sub(w)),
        (b + w < n, b + w),
        (col > 0, b.wrapping_sub(1)),
        (col + 1 < w, b + 1),
    ] {
        if ok && Some(from) != back {
            out.push(Slide { from, to: b });
        }
    }
}

impl Node for ManhattanNode {
    type Move = Slide;

    #[inline]
    fn lower_bound(&self) -> u32 {
        self.bound
    }

    #[inline]
    fn is_goal(&self) -> bool {
        self.bound == 0 && self.tiles == self.goal
    }

    fn moves(&self, previous: Option<Slide>, out: &mut Vec<Slide>) {
        slides(self.blank, self.width, self.cells, previous, out);
    }

    #[inline]
    fn apply(&mut self, m: Slide) -> u32 {
        let tile = self.tiles[usize::from(m.from)];
        self.bound = self.bound + self.term(tile, m.to) - self.term(tile, m.from);
        self.tiles[usize::from(m.to)] = tile;
        self.tiles[usize::from(m.from)] = 0;
        self.blank = m.from;
        1
    }

    #[inline]
    fn undo(&mut self, m: Slide) {
        let tile = self.tiles[usize::from(m.to)];
        self.bound = self.bound + self.term(tile, m.from) - self.term(tile, m.to);
        self.tiles[usize::from(m.from)] = tile;
        self.tiles[usize::from(m.to)] = 0;
        self.blank = m.to;
    }
}
