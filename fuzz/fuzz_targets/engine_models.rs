//! Random small models: the engine's solutions against a brute force.
#![no_main]

use fdoku_fuzz::engine::check_model;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_model(data));
