//! Candidate grids made from the bytes, written and read back.
#![no_main]

use fdoku_fuzz::readers::check_candidate_bytes;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_candidate_bytes(data));
