//! IDA* with the Manhattan-distance lower bound, updated move by move.

use std::sync::Arc;

use search_core::bound::Additive;
use search_core::grid::{ORTHOGONAL, Rect, Sliding};
use search_core::ida::{Node, OperatorNode};
use search_core::prune::{Automaton, AutomatonCache};

use crate::Board;
use crate::board::MAX_CELLS;

/// A board being searched by IDA*: the tiles in an array, the blank's cell,
/// and the Manhattan bound, one term per tile, of which a move changes the
/// moved tile's only.
pub(crate) struct ManhattanNode {
    tiles: [u8; MAX_CELLS],
    blank: u8,
    width: u8,
    cells: u8,
    bound: Additive<MAX_CELLS>,
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
        let mut terms = [0u8; MAX_CELLS];
        for c in 0..cells {
            terms[usize::from(tiles[c])] = distance[usize::from(tiles[c]) * MAX_CELLS + c];
        }
        ManhattanNode {
            tiles,
            blank: start.blank() as u8,
            width: start.width() as u8,
            cells: cells as u8,
            bound: Additive::new(terms),
            distance,
            goal: goal_tiles,
        }
    }

    #[inline]
    fn term(&self, tile: u8, cell: u8) -> u8 {
        self.distance[usize::from(tile) * MAX_CELLS + usize::from(cell)]
    }
}

/// A move of the tile in cell `from` into the blank in cell `to`; `dir` is
/// its operator, the direction the blank moves (see [`direction`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Slide {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) dir: u8,
}

/// The slides into the blank at `b` on a board `w` wide of `n` cells, but
/// the one undoing `previous`: the tile that just moved now sits at
/// `previous.to`, and moving it back would only undo the last move.
#[inline]
pub(crate) fn slides(b: u8, w: u8, n: u8, previous: Option<Slide>, out: &mut Vec<Slide>) {
    let (row, col) = (b / w, b % w);
    let back = previous.map(|p| p.to);
    for (dir, ok, from) in [
        (0, row > 0, b.wrapping_sub(w)),
        (1, b + w < n, b + w),
        (2, col > 0, b.wrapping_sub(1)),
        (3, col + 1 < w, b + 1),
    ] {
        if ok && Some(from) != back {
            out.push(Slide { from, to: b, dir });
        }
    }
}

/// The operator of a slide: the direction the blank moves, numbered in the
/// order [`slides`] lists the moves (0 up, 1 down, 2 left, 3 right), so that
/// a search gated by the [`Automaton`] finds the solution an ungated one
/// finds.
#[inline]
pub(crate) fn direction(m: Slide) -> u8 {
    m.dir
}

/// The longest blank-move sequences the automaton considers: 16 moves. On
/// Korf's 100 with the 6-6-3 tables and reflection, 16 moves expand 4%
/// fewer nodes than 14 (34.4 against 35.8 million); on the 4x4 board the
/// automaton takes 1.5 MB and a few tenths of a second to build, which a
/// registered store saves (docs/fifteen-puzzle.md).
pub(crate) const PRUNING_DEPTH: usize = 16;

/// The pruning automaton of the `width x height` boards, built on first
/// use, or read from the store registered with
/// [`search_core::prune::set_store`] (`xtask` keeps them in `.cache/pdb/`),
/// and kept for the process (one per shape; 4x4: see
/// docs/fifteen-puzzle.md for its size).
pub(crate) fn automaton(width: usize, height: usize) -> Arc<Automaton> {
    static CACHE: AutomatonCache<(usize, usize)> = AutomatonCache::new();
    let name = format!("sliding-{width}x{height}-udlr-{PRUNING_DEPTH}");
    CACHE.get_or_load((width, height), &name, || {
        // Up, down, left, right: the order `slides` lists the moves in.
        let sliding = Sliding::new(Rect::new(width, height), ORTHOGONAL);
        Automaton::build(&sliding, PRUNING_DEPTH)
    })
}

impl Node for ManhattanNode {
    type Move = Slide;

    #[inline]
    fn lower_bound(&self) -> u32 {
        self.bound.sum()
    }

    #[inline]
    fn is_goal(&self) -> bool {
        self.bound.sum() == 0 && self.tiles == self.goal
    }

    fn moves(&self, previous: Option<Slide>, out: &mut Vec<Slide>) {
        slides(self.blank, self.width, self.cells, previous, out);
    }

    #[inline]
    fn apply(&mut self, m: Slide) -> u32 {
        let tile = self.tiles[usize::from(m.from)];
        self.bound.replace(usize::from(tile), self.term(tile, m.to));
        self.tiles[usize::from(m.to)] = tile;
        self.tiles[usize::from(m.from)] = 0;
        self.blank = m.from;
        1
    }

    #[inline]
    fn undo(&mut self, m: Slide) {
        let tile = self.tiles[usize::from(m.to)];
        self.bound
            .replace(usize::from(tile), self.term(tile, m.from));
        self.tiles[usize::from(m.from)] = tile;
        self.tiles[usize::from(m.to)] = 0;
        self.blank = m.to;
    }
}

impl OperatorNode for ManhattanNode {
    #[inline]
    fn operator(&self, m: Slide) -> u8 {
        direction(m)
    }
}

#[cfg(test)]
mod tests {
    use search_core::Budget;
    use search_core::ida::{IdaOptions, ida_star, ida_star_pruned};
    use search_core::layers::{DistanceTable, RankedSpace, Sweep, Table};

    use super::*;
    use crate::SlidingSpace;
    use crate::pdb_node::ConflictNode;
    use crate::solve::solve_ida;

    fn distances(space: &SlidingSpace, goal: Board) -> DistanceTable {
        Sweep::new(Table::Bytes)
            .run(space, [goal], |_| {})
            .unwrap()
            .distances
            .unwrap()
    }

    /// A board searched with its exact distance (from the sweep) as the
    /// bound: IDA* then walks down the optimal paths alone, in move order.
    struct Exact<'a> {
        board: Board,
        space: &'a SlidingSpace,
        table: &'a DistanceTable,
    }

    impl Node for Exact<'_> {
        type Move = Slide;
        fn lower_bound(&self) -> u32 {
            self.table.get(self.space.rank(&self.board)).unwrap()
        }
        fn is_goal(&self) -> bool {
            self.lower_bound() == 0
        }
        fn moves(&self, previous: Option<Slide>, out: &mut Vec<Slide>) {
            let (w, n) = (self.board.width() as u8, self.board.cells() as u8);
            slides(self.board.blank() as u8, w, n, previous, out);
        }
        fn apply(&mut self, m: Slide) -> u32 {
            let tile = self.board.tile(usize::from(m.from));
            self.board = self.board.slide(tile).unwrap();
            1
        }
        fn undo(&mut self, m: Slide) {
            let tile = self.board.tile(usize::from(m.to));
            self.board = self.board.slide(tile).unwrap();
        }
    }

    impl OperatorNode for Exact<'_> {
        fn operator(&self, m: Slide) -> u8 {
            direction(m)
        }
    }

    #[test]
    fn every_eight_puzzle_board_keeps_its_first_optimal_path() {
        // On all 181,440 boards, with the exact distance as the bound, the
        // gated search must find the solution the ungated one finds: the
        // optimal path that comes first in move order, which the pruning
        // never cuts.
        let (space, goal) = (
            SlidingSpace::new(3, 3).unwrap(),
            Board::solved(3, 3).unwrap(),
        );
        let table = distances(&space, goal);
        let automaton = automaton(3, 3);
        let options = IdaOptions::default();
        let mut boards = 0;
        for rank in 0..space.size() {
            let Some(distance) = table.get(rank) else {
                continue;
            };
            let board = space.unrank(rank);
            let mut node = Exact {
                board,
                space: &space,
                table: &table,
            };
            let plain = ida_star(&mut node, &options).unwrap();
            let pruned = ida_star_pruned(&mut node, &options, &automaton).unwrap();
            let path = pruned.found.unwrap();
            assert_eq!(path.cost, distance, "{board:?}");
            assert_eq!(Some(path), plain.found, "{board:?}");
            assert!(pruned.stats.generated <= plain.stats.generated);
            boards += 1;
        }
        assert_eq!(boards, 181_440);
    }

    /// Solves with both bounds, pruned and not: the same solutions, of the
    /// given length, never more nodes pruned.
    fn compare(start: &Board, goal: &Board, length: Option<u32>) -> (u64, u64) {
        let budget = Budget::default();
        let mut nodes = (0, 0);
        for conflicts in [false, true] {
            let run = |prune| {
                if conflicts {
                    solve_ida(start, ConflictNode::new(start, goal), goal, prune, &budget)
                } else {
                    solve_ida(start, ManhattanNode::new(start, goal), goal, prune, &budget)
                }
                .unwrap()
            };
            let (pruned, plain) = (run(true), run(false));
            let solution = pruned.found.unwrap();
            assert_eq!(Some(&solution), plain.found.as_ref(), "{start:?}");
            if let Some(length) = length {
                assert_eq!(solution.len() as u32, length, "{start:?}");
            }
            assert!(pruned.stats.expanded <= plain.stats.expanded);
            nodes.0 += pruned.stats.expanded;
            nodes.1 += plain.stats.expanded;
        }
        nodes
    }

    #[test]
    fn every_two_by_three_board_is_solved_alike_pruned_or_not() {
        for (w, h) in [(2, 3), (3, 2)] {
            let (space, goal) = (
                SlidingSpace::new(w, h).unwrap(),
                Board::solved(w, h).unwrap(),
            );
            let table = distances(&space, goal);
            let mut boards = 0;
            for rank in 0..space.size() {
                if let Some(distance) = table.get(rank) {
                    compare(&space.unrank(rank), &goal, Some(distance));
                    boards += 1;
                }
            }
            assert_eq!(boards, 360);
        }
    }

    /// A board `steps` random moves from `goal` (a fixed generator).
    fn scrambled(goal: &Board, steps: usize, seed: &mut u64) -> Board {
        let mut board = *goal;
        for _ in 0..steps {
            *seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let next: Vec<Board> = board.neighbours().collect();
            board = next[(*seed >> 33) as usize % next.len()];
        }
        board
    }

    #[test]
    fn random_boards_are_solved_alike_pruned_or_not() {
        let mut seed = 19;
        let goal = Board::solved(3, 3).unwrap();
        let (space, table) = (
            SlidingSpace::new(3, 3).unwrap(),
            distances(&SlidingSpace::new(3, 3).unwrap(), goal),
        );
        for _ in 0..100 {
            let start = scrambled(&goal, 200, &mut seed);
            compare(&start, &goal, table.get(space.rank(&start)));
        }
        // 3x4 boards: lengths from the unpruned search.
        let goal = Board::solved(4, 3).unwrap();
        let (mut pruned, mut plain) = (0, 0);
        for _ in 0..12 {
            let start = scrambled(&goal, 300, &mut seed);
            let nodes = compare(&start, &goal, None);
            pruned += nodes.0;
            plain += nodes.1;
        }
        assert!(pruned < plain);
    }

    #[test]
    fn the_fifteen_puzzle_automaton_is_as_documented() {
        // The figures of docs/fifteen-puzzle.md.
        let a = automaton(4, 4);
        assert_eq!(
            (a.forbidden(), a.states(), a.bytes()),
            (27_598, 91_799, 1_468_784)
        );
        assert_eq!(a.forbidden_by_length()[..4], [0, 0, 4, 0]);
    }
}
