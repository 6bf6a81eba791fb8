//! One puzzle per line: any text, read as lines and as detected.
#![no_main]

use fdoku_fuzz::readers::{check_parse_line, check_text, variant_from};
use fdoku_sudoku::format::Format;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check_text(&text, Format::Line, variant_from(data.len()));
    check_parse_line(&text);
});
