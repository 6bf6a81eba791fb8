//! f-puzzles JSON, links and bare lz-string payloads, and SudokuPad links:
//! any text, read as f-puzzles and as detected.
#![no_main]

use fdoku_fuzz::readers::check_text;
use fdoku_sudoku::format::{Format, PlainVariant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check_text(&text, Format::FPuzzles, PlainVariant::default());
});
