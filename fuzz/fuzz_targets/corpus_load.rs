//! Fuzz target `corpus_load`: the property `fuzz_props::corpus_load` (see `tests/fuzz_props/mod.rs`).
#![no_main]

#[path = "../../tests/fuzz_props/mod.rs"]
mod fuzz_props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_props::corpus_load(data));
