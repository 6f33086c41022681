//! Helpers the test files share: boards from rows, moves from tiles, and
//! the whole 8-puzzle swept once.

use std::sync::OnceLock;

use eight_puzzle::{Board, Move, SlidingSpace};
use search_core::layers::{Layers, Sweep, Table};

pub fn board(rows: &[&str]) -> Board {
    Board::from_rows(rows).unwrap()
}

pub fn moves(tiles: &[u8]) -> Vec<Move> {
    tiles.iter().map(|&tile| Move { tile }).collect()
}

/// The whole 8-puzzle from the solved board, computed once.
pub fn eight_puzzle_layers() -> &'static Layers {
    static LAYERS: OnceLock<Layers> = OnceLock::new();
    LAYERS.get_or_init(|| {
        let space = SlidingSpace::new(3, 3).unwrap();
        Sweep::new(Table::Bytes)
            .run(&space, [Board::solved(3, 3).unwrap()], |_| {})
            .unwrap()
    })
}
