//! Fuzz target `skip_globs`: the property `fuzz_props::skip_globs` (see `tests/fuzz_props/mod.rs`).
#![no_main]

#[path = "../../tests/fuzz_props/mod.rs"]
mod fuzz_props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_props::skip_globs(data));
