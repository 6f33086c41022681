//! Any text, read as a fixture of every puzzle: parsed and validated, or
//! refused with a message, never a panic or a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for puzzle in xtask::puzzles::PUZZLES {
        if let Err(message) = (puzzle.validate)(text) {
            assert!(!message.is_empty());
        }
    }
});
