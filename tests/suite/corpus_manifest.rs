//! A corpus folder is checked against its `manifest.json` before it is read (DECISIONS.md C1):
//! the committed corpus matches its manifest; a copy with one byte changed, a listed file
//! removed, an unlisted vector file added or a manifest of a format without hashes is
//! refused (exit 2, naming the file); a folder without a manifest is read as it is.

use std::path::{Path, PathBuf};

use crate::util::{gan_std, run_bounded};

fn conformance() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

/// A copy of the committed corpus's generated files (every file its manifest lists).
fn copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(conformance().join("manifest.json")).unwrap())
            .unwrap();
    for file in manifest["files"].as_array().unwrap() {
        let file = file.as_str().unwrap();
        let to = dir.path().join(file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(conformance().join(file), to).unwrap();
    }
    dir
}

/// `gan check --list --suite SUITE --corpus DIR`: its exit code and standard error.
fn list(dir: &Path, suite: &str) -> (Option<i32>, String) {
    let mut command = gan_std();
    command
        .args(["check", "--list", "--suite", suite, "--corpus"])
        .arg(dir);
    let run = run_bounded(&mut command, 60);
    (run.code, run.stderr)
}

#[test]
fn the_committed_corpus_matches_its_manifest() {
    let dir = conformance();
    gan::suite::ggn::load_dir(&dir).expect("conformance/ verifies");
    gan::suite::migrate::load_dir(&dir).expect("conformance/ verifies");
    gan::suite::migrate_ggn::load_dir(&dir).expect("conformance/ verifies");
    // The manifest records a hash for every file it lists but itself, and checks them.
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["format"], 5);
    let files = manifest["files"].as_array().unwrap();
    let hashes = manifest["sha256"].as_object().unwrap();
    assert_eq!(hashes.len() + 1, files.len());
    for file in files.iter().filter_map(|f| f.as_str()) {
        if file != "manifest.json" {
            assert_eq!(hashes[file].as_str().unwrap().len(), 64, "{file}");
        }
    }
    // Any suite's loader checks every listed file (the GGN suite's files are the quickest
    // to read after it).
    let (code, stderr) = list(&dir, "ggn");
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn one_byte_changed_in_a_copy_is_refused_naming_the_file() {
    let dir = copy();
    assert_eq!(list(dir.path(), "ggn").0, Some(0), "the copy verifies");
    let path = dir.path().join("gan/qpi.json");
    let mut bytes = std::fs::read(&path).unwrap();
    // One byte inside a note: the file is still a valid vector file, only its hash moved.
    let at = bytes
        .windows(8)
        .position(|w| w == b"\"note\": ")
        .expect("a note")
        + 9;
    bytes[at] ^= 0x20;
    std::fs::write(&path, &bytes).unwrap();
    for suite in ["gan", "migrate-ggn"] {
        let (code, stderr) = list(dir.path(), suite);
        assert_eq!(code, Some(2), "{suite}: {stderr}");
        assert!(
            stderr.contains("gan/qpi.json") && stderr.contains("does not match manifest.json"),
            "{suite}: {stderr}"
        );
    }
    // gan diff reads corpus folders too.
    let mut diff = gan_std();
    diff.arg("diff").arg(conformance()).arg(dir.path());
    let run = run_bounded(&mut diff, 60);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("gan/qpi.json"), "{}", run.stderr);
    // The library's loader says the same.
    let error = gan::corpus::load_dir(dir.path()).unwrap_err();
    assert!(error.path.ends_with("gan/qpi.json"), "{error}");
}

#[test]
fn a_missing_listed_file_is_refused() {
    let dir = copy();
    std::fs::remove_file(dir.path().join("ggn/evaluation.json")).unwrap();
    let (code, stderr) = list(dir.path(), "gan");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("ggn/evaluation.json") && stderr.contains("is missing"),
        "{stderr}"
    );
}

#[test]
fn an_unlisted_vector_file_is_refused() {
    let dir = copy();
    std::fs::copy(
        dir.path().join("gan/qpi.json"),
        dir.path().join("gan/qpi-copy.json"),
    )
    .unwrap();
    let (code, stderr) = list(dir.path(), "gan");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("gan/qpi-copy.json") && stderr.contains("is not listed in manifest.json"),
        "{stderr}"
    );
}

#[test]
fn a_manifest_without_hashes_is_refused() {
    let dir = copy();
    let path = dir.path().join("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    manifest["format"] = 3.into();
    manifest.as_object_mut().unwrap().remove("sha256");
    std::fs::write(&path, serde_json::to_vec(&manifest).unwrap()).unwrap();
    let (code, stderr) = list(dir.path(), "gan");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("manifest.json") && stderr.contains("manifest format 3"),
        "{stderr}"
    );
}

#[test]
fn a_folder_without_a_manifest_is_read_as_a_hand_made_corpus() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gan/qpi.json");
    std::fs::create_dir(dir.path().join("gan")).unwrap();
    let mut bytes = std::fs::read(conformance().join("gan/qpi.json")).unwrap();
    let at = bytes.windows(8).position(|w| w == b"\"note\": ").unwrap() + 9;
    bytes[at] ^= 0x20;
    std::fs::write(&path, &bytes).unwrap();
    let (code, stderr) = list(dir.path(), "gan");
    assert_eq!(code, Some(0), "{stderr}");
    // With a manifest that does not list it, the same file is refused.
    std::fs::write(
        dir.path().join("manifest.json"),
        r#"{"format": 4, "files": ["manifest.json"], "sha256": {}}"#,
    )
    .unwrap();
    let (code, stderr) = list(dir.path(), "gan");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is not listed"), "{stderr}");
}
