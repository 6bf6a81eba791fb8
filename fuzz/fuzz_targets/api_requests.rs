//! Request bodies of the HTTP API, through the router in process.
#![no_main]

use fdoku_fuzz::api::check_request;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_request(data));
