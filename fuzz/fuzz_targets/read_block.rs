//! Blocks of rows (drawn grids, lists, headers, candidate grids): any text,
//! read as blocks and as detected.
#![no_main]

use fdoku_fuzz::readers::{check_text, variant_from};
use fdoku_sudoku::format::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check_text(&text, Format::Block, variant_from(data.len()));
});
