//! The committed corpus under `conformance/`: fresh (what the generator writes now, byte for
//! byte, no file it no longer writes), embedded unchanged in the binary, valid against its
//! JSON Schemas, fully covering the grammars, within the size bounds, and summarized in a
//! snapshot so that every grammar change shows up in review.
//!
//! `UPDATE_CONFORMANCE=1 cargo test --test suite corpus_files` rewrites the corpus.

use std::path::{Path, PathBuf};

use gan::corpus::{self, files};
use gan::suite::gan::generate::Config;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

#[test]
fn committed_corpus_is_fresh() {
    let generated = corpus::generate(&Config::default()).unwrap_or_else(|e| panic!("{e}"));
    if std::env::var_os("UPDATE_CONFORMANCE").is_some_and(|v| v == "1") {
        files::write(&root(), &generated).unwrap_or_else(|e| panic!("{e}"));
        for (path, _) in files::stale(&root(), &generated).expect("readable") {
            if path.starts_with("gan/") {
                std::fs::remove_file(root().join(&path)).expect("removable");
            }
        }
    }
    let stale = files::stale(&root(), &generated).unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<String> = stale
        .iter()
        .map(|(path, how)| format!("conformance/{path} {how}"))
        .collect();
    assert!(
        names.is_empty(),
        "the committed corpus is stale; run `UPDATE_CONFORMANCE=1 cargo test --test suite \
         corpus_files` (or `gan generate`) and review the diff:\n{}",
        names.join("\n")
    );
}

#[test]
fn the_generator_writes_exactly_the_listed_files() {
    let generated = corpus::generate(&Config::default()).unwrap_or_else(|e| panic!("{e}"));
    let paths: Vec<&str> = generated
        .files
        .iter()
        .map(|(path, _)| path.as_str())
        .collect();
    assert_eq!(
        paths,
        [
            "gan/legacy.json",
            "gan/beta.json",
            "gan/pnn.json",
            "gan/snn-pin.json",
            "gan/qpi.json",
            "gan/qpi-2025-12.json",
            "gan/qpi-2026-01.json",
            "gan/pin-2025-07.json",
            "gan/pin-2025-12.json",
            "gan/sin-2025-07.json",
            "gan/epin-2025-12.json",
            "gan/snn-2025-07-02.json",
            "gan/snn-2025-07-11.json",
            "gan/snn-2025-10-09.json",
            "gan/snn-2026-01-11.json",
            "gan/cell.json",
            "gan/hand.json",
            "cross-dialect.json",
            "migrations.json",
            "migrate-ggn.json",
            "ggn/validation.json",
            "ggn/evaluation.json",
            "manifest.json"
        ]
    );
    assert_eq!(generated.manifest.expect("all dialects").files, paths);
}

#[test]
fn an_extra_vector_file_is_stale() {
    let dir = scratch("extra");
    let generated = corpus::generate(&Config {
        dialects: vec![gan::Dialect::Qpi],
        ..Config::default()
    })
    .expect("generates");
    files::write(&dir, &generated).expect("writes");
    assert!(files::stale(&dir, &generated).expect("reads").is_empty());
    std::fs::write(dir.join("gan/old.json"), "{}").expect("writes");
    // A single-dialect corpus does not own the folder: only a complete one reports extras.
    assert!(files::stale(&dir, &generated).expect("reads").is_empty());
    let complete = corpus::generate(&Config::default()).expect("generates");
    let stale = files::stale(&dir, &complete).expect("reads");
    assert!(
        stale.contains(&("gan/old.json".to_owned(), files::Staleness::Extra)),
        "{stale:?}"
    );
    assert!(
        stale.contains(&("gan/legacy.json".to_owned(), files::Staleness::Missing)),
        "{stale:?}"
    );
    std::fs::write(dir.join("gan/qpi.json"), "{}").expect("writes");
    let stale = files::stale(&dir, &complete).expect("reads");
    assert!(
        stale.contains(&("gan/qpi.json".to_owned(), files::Staleness::Differs)),
        "{stale:?}"
    );
}

#[test]
fn embedded_files_are_the_committed_ones() {
    for (path, text) in corpus::embedded_text() {
        let committed = std::fs::read_to_string(root().join(path)).expect("committed file");
        assert!(
            committed == *text,
            "{path}: the embedded copy differs from the committed file"
        );
    }
    let embedded = corpus::embedded();
    assert_eq!(embedded, corpus::load_dir(&root()).expect("loads"));
    let dialects: Vec<&str> = embedded.iter().map(|f| f.dialect.as_str()).collect();
    let table: Vec<&str> = gan::Dialect::ALL.iter().map(|d| d.as_str()).collect();
    assert_eq!(dialects, table);
}

#[test]
fn every_committed_file_matches_its_schema() {
    let cases = [
        (
            "vectors.schema.json",
            vec![
                "gan/legacy.json",
                "gan/beta.json",
                "gan/pnn.json",
                "gan/snn-pin.json",
                "gan/qpi.json",
            ],
        ),
        ("cross-dialect.schema.json", vec!["cross-dialect.json"]),
        ("manifest.schema.json", vec!["manifest.json"]),
    ];
    for (schema, instances) in cases {
        let schema_value = read_json(&root().join("schema").join(schema));
        let validator =
            jsonschema::validator_for(&schema_value).unwrap_or_else(|e| panic!("{schema}: {e}"));
        for instance in instances {
            let value = read_json(&root().join(instance));
            let errors: Vec<String> = validator
                .iter_errors(&value)
                .take(5)
                .map(|e| format!("{} at {}", e, e.instance_path))
                .collect();
            assert!(
                errors.is_empty(),
                "{instance} against {schema}:\n{}",
                errors.join("\n")
            );
        }
    }
}

/// Each row of the registry names its vector files and its schema: the files built in are the
/// committed ones, under the suite's folder of one file per dialect when it has one, and its
/// smallest file matches its schema (the tests of each suite check them all).
#[test]
fn every_suite_names_its_files_and_its_schema() {
    let mut names: Vec<&str> = gan::suite::SUITES.iter().map(|suite| suite.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), gan::suite::SUITES.len(), "unique names");
    for suite in gan::suite::SUITES {
        let files = suite.files.embedded;
        assert!(!files.is_empty(), "{}", suite.name);
        for (path, text) in files {
            let committed = std::fs::read_to_string(root().join(path)).expect("committed");
            assert!(committed == *text, "{path}: the embedded copy differs");
            if let Some(folder) = suite.files.per_dialect {
                assert!(
                    path.starts_with(&format!("{folder}/")),
                    "{path} in {folder}/"
                );
            }
        }
        let (path, text) = files.iter().min_by_key(|(_, text)| text.len()).unwrap();
        assert!(!suite.schemas.is_empty(), "{}", suite.name);
        for schema in suite.schemas {
            let value = read_json(&root().join("schema").join(schema));
            let validator =
                jsonschema::validator_for(&value).unwrap_or_else(|e| panic!("{schema}: {e}"));
            let instance: serde_json::Value = serde_json::from_str(text).expect("JSON");
            assert!(validator.is_valid(&instance), "{path} against {schema}");
        }
    }
}

#[test]
fn the_vector_schema_rejects_what_the_format_forbids() {
    let schema = read_json(&root().join("schema/vectors.schema.json"));
    let validator = jsonschema::validator_for(&schema).expect("compiles");
    let file = |vector: serde_json::Value| serde_json::json!({"format": 4, "dialect": "qpi", "spec": "qpi-ruby-readme.txt", "vectors": [vector]});
    let good = serde_json::json!({"id": "qpi/invalid/empty/e3b0c44298fc", "dialect": "qpi",
        "group": "empty", "input": "", "valid": false,
        "error": {"code": "empty", "offset": 0, "hint": null}});
    assert!(validator.is_valid(&file(good.clone())));
    let mut no_hint = good.clone();
    no_hint["error"]
        .as_object_mut()
        .expect("object")
        .remove("hint");
    assert!(
        !validator.is_valid(&file(no_hint)),
        "format 2 without error.hint"
    );
    let mut stray_hint = good.clone();
    stray_hint["error"]["hint"] = "c:k".into();
    assert!(
        !validator.is_valid(&file(stray_hint)),
        "a hint on another code than case-mismatch"
    );
    let mut case = good.clone();
    case["error"] = serde_json::json!({"code": "case-mismatch", "offset": 2, "hint": "c:k"});
    assert!(validator.is_valid(&file(case)), "a case-mismatch hint");
    let mut both = good.clone();
    both["input_hex"] = "ff".into();
    assert!(
        !validator.is_valid(&file(both)),
        "input and input_hex together"
    );
    let mut no_error = good.clone();
    no_error.as_object_mut().expect("object").remove("error");
    assert!(
        !validator.is_valid(&file(no_error)),
        "an invalid vector without an error"
    );
    let mut bad_id = good;
    bad_id["id"] = "qpi/invalid/Empty/e3b0c44298fc".into();
    assert!(
        !validator.is_valid(&file(bad_id)),
        "a group outside [a-z0-9._-]"
    );
}

#[test]
fn manifest_shows_full_coverage_and_sizes_within_bounds() {
    let manifest: gan::suite::gan::generate::manifest::Manifest =
        serde_json::from_value(read_json(&root().join("manifest.json"))).expect("a manifest");
    assert_eq!(manifest.oracle, "DECISIONS.md §1");
    assert_eq!(manifest.grammars, "embedded");
    for dialect in &manifest.dialects {
        assert!(
            dialect.coverage.is_full(),
            "{}: {:?}",
            dialect.dialect,
            dialect.coverage
        );
        let family = dialect.dialect.parse::<gan::Dialect>().unwrap().family();
        if family == gan::Family::Editions {
            // Every token of PIN, SIN and EPIN, a sample of QPI's, a bounded set of SNN's and
            // CELL's; below 3,000 vectors a file. HAND has one valid string, `*`.
            let (least_valid, least_invalid) = if dialect.dialect == "hand" {
                (1, 600)
            } else {
                (50, 800)
            };
            assert!(
                dialect.valid >= least_valid && dialect.invalid >= least_invalid,
                "{}: {} valid, {} invalid",
                dialect.dialect,
                dialect.valid,
                dialect.invalid
            );
            assert!(
                dialect.valid + dialect.invalid < 3000,
                "{}: too many vectors",
                dialect.dialect
            );
            continue;
        }
        assert!(
            dialect.valid >= 300,
            "{}: {} valid",
            dialect.dialect,
            dialect.valid
        );
        assert!(
            dialect.invalid >= 1000,
            "{}: {} invalid",
            dialect.dialect,
            dialect.invalid
        );
        assert!(
            dialect.valid + dialect.invalid < 5000,
            "{}: too many vectors",
            dialect.dialect
        );
    }
}

#[test]
fn committed_vectors_are_unique_per_input_and_ids_name_their_input() {
    for file in corpus::load_dir(&root()).expect("loads") {
        let mut inputs = std::collections::HashSet::new();
        for vector in &file.vectors {
            assert!(
                inputs.insert(vector.bytes()),
                "{}: a second vector for this input",
                vector.id
            );
            let expected = gan::suite::gan::generate::id::vector_id(
                &file.dialect,
                vector.valid,
                &vector.group,
                &vector.bytes(),
            );
            assert_eq!(vector.id, expected);
        }
    }
}

#[test]
fn corpus_summary() {
    let files = corpus::load_dir(&root()).expect("loads");
    insta::assert_snapshot!(corpus::summary::summary(&files));
}

fn read_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// An empty folder under the target directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gan-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("creates a scratch folder");
    dir
}

#[test]
fn errata_are_invalid_vectors_with_a_note_in_every_dialect() {
    use crate::util::{parse_err, parse_ok};
    use gan::Dialect;
    let files = corpus::load_dir(&root()).expect("loads");
    let dialects = files
        .iter()
        .filter(|file| file.dialect.parse::<Dialect>().unwrap().family() == gan::Family::Dialects);
    for input in ["CHESS:p", "c:K", "c:+Q", "C:p", "s:K"] {
        for file in dialects.clone() {
            let vector = file
                .vectors
                .iter()
                .find(|v| v.input.as_deref() == Some(input));
            let vector =
                vector.unwrap_or_else(|| panic!("{}: no vector for {input}", file.dialect));
            assert!(!vector.valid, "{}: {input}", vector.id);
            assert_eq!(vector.group, "errata");
            assert!(
                vector.note.as_deref().is_some_and(|n| n.starts_with("D8")),
                "{}",
                vector.id
            );
        }
    }
    // The newest QPI reads the QPI README's errata as valid, Derived tokens (D17).
    let newest = "qpi-2026-01".parse::<Dialect>().unwrap();
    let derived = newest.parse(b"c:K").expect("valid in the newest QPI");
    assert_eq!(derived.fields().derived, Some(true));
    // G2: in snn-pin and pnn, GGN's en-passant example is a case mismatch at the piece letter.
    parse_err(Dialect::SnnPin, "CHESS:p", "case-mismatch", 6);
    parse_err(Dialect::Pnn, "CHESS:p", "case-mismatch", 6);
    parse_ok(Dialect::SnnPin, "chess:p");
}
