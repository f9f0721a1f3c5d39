//! Fuzz target `line_splitter`: the property `fuzz_props::line_splitter` (see `tests/fuzz_props/mod.rs`).
#![no_main]

#[path = "../../tests/fuzz_props/mod.rs"]
mod fuzz_props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_props::line_splitter(data));
