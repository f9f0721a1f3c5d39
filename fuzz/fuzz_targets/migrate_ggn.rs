//! Fuzz target `migrate_ggn`: the property `fuzz_props::migrate_ggn` (see `tests/fuzz_props/mod.rs`).
#![no_main]

#[path = "../../tests/fuzz_props/mod.rs"]
mod fuzz_props;

libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzz_props::migrate_ggn(data));
