//! Random grids and their solutions: no step of the logic solver's path
//! contradicts the solution.
#![no_main]

use fdoku_fuzz::logic::check_steps;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_steps(data));
