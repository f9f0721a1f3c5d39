//! The fuzz targets' seed corpora (`fuzz/corpus/TARGET/`, minimized with `cargo fuzz cmin`),
//! replayed through the same property functions (`tests/fuzz_props`): CI needs no fuzzer.

use std::path::Path;

use crate::fuzz_props::TARGETS;

/// At most this much seed corpus per target.
const MAX_CORPUS: u64 = 1 << 20;

#[test]
fn every_seed_of_every_target_keeps_its_properties() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    for (name, property) in TARGETS {
        let dir = root.join(name);
        let entries =
            std::fs::read_dir(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
        let mut total = 0;
        let mut seeds = 0;
        for entry in entries {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            total += bytes.len() as u64;
            seeds += 1;
            let result = std::panic::catch_unwind(|| property(&bytes));
            assert!(
                result.is_ok(),
                "{name}: {} breaks a property",
                path.display()
            );
        }
        assert!(seeds > 0, "{name}: no seed");
        assert!(
            total <= MAX_CORPUS,
            "{name}: {total} bytes of seeds (at most 1 MiB)"
        );
    }
}
