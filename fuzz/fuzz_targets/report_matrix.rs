//! Fuzz target `report_matrix`: the property `fuzz_props::report_matrix` (see `tests/fuzz_props/mod.rs`).
#![no_main]

#[path = "../../tests/fuzz_props/mod.rs"]
mod fuzz_props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_props::report_matrix(data));
