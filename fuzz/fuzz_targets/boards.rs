//! Any rows of text, and any bytes as tiles, given to every board
//! constructor: a board or an error, never a panic; what is accepted prints
//! back to rows that parse to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let rows: Vec<&str> = text.lines().collect();
        if let Ok(board) = eight_puzzle::Board::from_rows(&rows) {
            assert_eq!(eight_puzzle::Board::from_rows(&board.rows()), Ok(board));
            for m in board.moves() {
                assert!(board.play(&m).is_ok());
            }
        }
        for variant in flip_it::Variant::ALL {
            if let Ok(board) = flip_it::Board::from_rows_in(variant, &rows) {
                assert_eq!(
                    flip_it::Board::from_rows_in(variant, &board.rows()),
                    Ok(board)
                );
                for m in board.moves() {
                    assert!(board.play(&m).is_ok());
                }
            }
        }
        if let Ok(board) = knight_swap::Board::from_rows(&rows) {
            let printed = board.to_string();
            let again: Vec<&str> = printed.lines().collect();
            assert_eq!(knight_swap::Board::from_rows(&again), Ok(board));
            assert_eq!(knight_swap::Board::from_rows(&board.rows()), Ok(board));
            for m in board.moves() {
                assert!(board.play(&m).is_ok());
            }
        }
        for lattice in [
            peg_solitaire::Lattice::Square,
            peg_solitaire::Lattice::Triangular,
        ] {
            if let Ok(board) = peg_solitaire::Board::from_rows_in(lattice, &rows) {
                assert_eq!(
                    peg_solitaire::Board::from_rows_in(lattice, &board.rows()),
                    Ok(board.clone())
                );
                for j in board.jumps() {
                    assert!(board.play_jump(j).is_ok());
                }
            }
        }
        if let Ok(board) = line_puzzle::Board::from_rows(&rows) {
            assert_eq!(line_puzzle::Board::from_rows(&board.rows()), Ok(board));
            for m in board.moves() {
                assert!(board.play(&m).is_ok());
            }
        }
    }
    if let [width, height, tiles @ ..] = data {
        let _ = eight_puzzle::Board::new(usize::from(*width), usize::from(*height), tiles);
    }
});
