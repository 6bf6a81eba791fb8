//! JSON puzzle descriptions (one, an array, one per line): any text, read
//! as JSON and as detected.
#![no_main]

use fdoku_fuzz::readers::check_text;
use fdoku_sudoku::format::{Format, PlainVariant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check_text(&text, Format::Json, PlainVariant::default());
});
