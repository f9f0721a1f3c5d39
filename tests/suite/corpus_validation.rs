//! The suites' loaders enforce the published schemas themselves: a set of broken files, each
//! rejected by its JSON Schema and by the loader alike, and a broken corpus stops `gan check`
//! (exit 2, file and vector named) before any adapter starts.

use std::path::Path;

use serde_json::{json, Value};

use crate::util::gan_command;

fn schema(name: &str) -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("conformance/schema")
        .join(name);
    let text = std::fs::read_to_string(path).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

fn valid_gan() -> Value {
    json!({"id": "qpi/valid/basic/0123456789ab", "dialect": "qpi", "group": "basic",
           "input": "C:K", "valid": true,
           "actor": {"style": "C", "type": "K", "side": "first"}, "canonical": "C:K"})
}

fn invalid_gan() -> Value {
    json!({"id": "qpi/invalid/case/0123456789ac", "dialect": "qpi", "group": "case",
           "input": "c:k", "valid": false, "error": {"code": "case-mismatch", "offset": 0, "hint": null}})
}

/// `vectors` as `DIR/gan/qpi.json`, loaded.
fn load_gan(vectors: &[Value]) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("gan")).unwrap();
    let file = json!({"format": 4, "dialect": "qpi", "spec": "qpi", "vectors": vectors});
    std::fs::write(dir.path().join("gan/qpi.json"), file.to_string()).unwrap();
    gan::corpus::load_dir(dir.path())
        .map(drop)
        .map_err(|error| error.to_string())
}

/// Each change of a good vector that breaks the schema; the loader must reject it too,
/// saying what.
#[test]
fn gan_schema_and_loader_agree_on_broken_files() {
    let validator = schema("vectors.schema.json");
    let wrap = |vectors: &[Value]| json!({"format": 4, "dialect": "qpi", "spec": "qpi", "vectors": vectors});
    let good = vec![valid_gan(), invalid_gan()];
    assert!(validator.is_valid(&wrap(&good)));
    load_gan(&good).unwrap();

    let broken: Vec<(&str, Value, &str)> = vec![
        (
            "no input",
            json!({"input": null}),
            "neither `input` nor `input_hex`",
        ),
        (
            "bad hex",
            json!({"input": null, "input_hex": "zz+f", "group": "invalid-utf8"}),
            "not lowercase hex",
        ),
        (
            "sign in hex",
            json!({"input": null, "input_hex": "+f", "group": "invalid-utf8"}),
            "not lowercase hex",
        ),
        (
            "both inputs",
            json!({"input_hex": "ff", "group": "invalid-utf8"}),
            "both",
        ),
        (
            "hex outside invalid-utf8",
            json!({"input": null, "input_hex": "ff"}),
            "invalid-utf8 only",
        ),
        ("no error", json!({"error": null}), "needs `error`"),
        (
            "bad id",
            json!({"id": "qpi/invalid/case/XYZ"}),
            "does not match",
        ),
        ("bad group", json!({"group": "Case"}), "group"),
        (
            "unknown code",
            json!({"error": {"code": "nope", "offset": 0, "hint": null}}),
            "unknown error code",
        ),
        (
            "actor on invalid",
            json!({"actor": {"style": "C", "type": "K", "side": "first"}}),
            "has no `actor`",
        ),
        (
            "bad source",
            json!({"source": "qpi/invalid/x/0123456789ab"}),
            "source",
        ),
        ("bad mutation", json!({"mutation": "Drop Char"}), "mutation"),
        ("empty note", json!({"note": ""}), "`note` is empty"),
    ];
    for (what, change, message) in broken {
        let mut vector = invalid_gan();
        for (key, value) in change.as_object().unwrap() {
            if value.is_null() {
                vector.as_object_mut().unwrap().remove(key);
            } else {
                vector[key] = value.clone();
            }
        }
        let file = wrap(&[valid_gan(), vector.clone()]);
        assert!(!validator.is_valid(&file), "{what}: the schema accepts it");
        let error = load_gan(&[valid_gan(), vector]).expect_err(what);
        assert!(error.contains("qpi.json"), "{what}: {error}");
        assert!(error.contains(message), "{what}: {error}");
    }
    // A valid vector that lacks `actor`, or carries `error`.
    for (what, change) in [
        ("valid without actor", json!({"actor": null})),
        (
            "valid with error",
            json!({"error": {"code": "empty", "offset": 0, "hint": null}}),
        ),
    ] {
        let mut vector = valid_gan();
        for (key, value) in change.as_object().unwrap() {
            if value.is_null() {
                vector.as_object_mut().unwrap().remove(key);
            } else {
                vector[key] = value.clone();
            }
        }
        assert!(!validator.is_valid(&wrap(&[vector.clone()])), "{what}");
        assert!(load_gan(&[vector]).is_err(), "{what}");
    }
    // Beyond the schema: an id used twice.
    let error = load_gan(&[valid_gan(), valid_gan()]).unwrap_err();
    assert!(error.contains("used twice"), "{error}");
}

/// Format 2's `error.hint` (D3): required, a non-empty string for a case-mismatch only.
#[test]
fn gan_hints_are_checked_like_the_schema() {
    let validator = schema("vectors.schema.json");
    let wrap =
        |vector: &Value| json!({"format": 4, "dialect": "qpi", "spec": "qpi", "vectors": [vector]});
    let mut hinted = invalid_gan();
    hinted["error"]["hint"] = json!("C:K");
    assert!(validator.is_valid(&wrap(&hinted)));
    load_gan(&[hinted]).unwrap();
    for (what, error, message) in [
        (
            "no hint in format 2",
            json!({"code": "case-mismatch", "offset": 0}),
            "needs `hint`",
        ),
        (
            "empty hint",
            json!({"code": "case-mismatch", "offset": 0, "hint": ""}),
            "`error.hint` is empty",
        ),
        (
            "hint on another code",
            json!({"code": "empty", "offset": 0, "hint": "C:K"}),
            "only a case-mismatch has one",
        ),
    ] {
        let mut vector = invalid_gan();
        vector["error"] = error;
        assert!(
            !validator.is_valid(&wrap(&vector)),
            "{what}: the schema accepts it"
        );
        let error = load_gan(&[vector]).expect_err(what);
        assert!(error.contains(message), "{what}: {error}");
    }
}

/// A format-1 file (no hints) still loads; a hint in it is refused.
#[test]
fn format_1_gan_files_load_without_hints() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("gan")).unwrap();
    let write = |error: Value| {
        let vector = json!({"id": "qpi/invalid/case/0123456789ac", "dialect": "qpi",
            "group": "case", "input": "c:k", "valid": false, "error": error});
        let file = json!({"format": 1, "dialect": "qpi", "spec": "qpi", "vectors": [vector]});
        std::fs::write(dir.path().join("gan/qpi.json"), file.to_string()).unwrap();
        gan::corpus::load_dir(dir.path())
            .map(drop)
            .map_err(|e| e.to_string())
    };
    write(json!({"code": "case-mismatch", "offset": 0})).unwrap();
    let error = write(json!({"code": "case-mismatch", "offset": 0, "hint": null})).unwrap_err();
    assert!(error.contains("not part of format 1"), "{error}");
}

/// The migrate-ggn file: a refusal that also expects a warning, and an output with errors.
#[test]
fn migrate_ggn_files_are_checked_too() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let path = dir.path().join("migrate-ggn.json");
    std::fs::copy(root.join("migrate-ggn.json"), &path).unwrap();
    gan::suite::migrate_ggn::load_dir(dir.path()).unwrap();
    let validator = schema("migrate-ggn-vectors.schema.json");
    let original: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(validator.is_valid(&original));
    let index = |refused: bool| {
        original["vectors"]
            .as_array()
            .unwrap()
            .iter()
            .position(|v| v.get("output_text").is_none() == refused)
            .unwrap()
    };
    let cases: Vec<(&str, usize, Value, &str)> = vec![
        (
            "refused with a warning",
            index(true),
            json!({"warnings": [{"code": "king-flag-lost", "pointer": ""}]}),
            "expects no warning",
        ),
        (
            "converted with an error",
            index(false),
            json!({"errors": [{"code": "key-collision", "pointer": ""}]}),
            "expects no error",
        ),
        (
            "bad id",
            index(false),
            json!({"id": "migrate-ggn/x"}),
            "does not match",
        ),
        (
            "bad pointer",
            index(false),
            json!({"warnings": [{"code": "king-flag-lost", "pointer": "a"}]}),
            "not a JSON pointer",
        ),
    ];
    for (what, at, change, message) in cases {
        let mut file = original.clone();
        for (key, value) in change.as_object().unwrap() {
            file["vectors"][at][key] = value.clone();
        }
        assert!(!validator.is_valid(&file), "{what}: the schema accepts it");
        std::fs::write(&path, file.to_string()).unwrap();
        let error = gan::suite::migrate_ggn::load_dir(dir.path())
            .unwrap_err()
            .to_string();
        assert!(error.contains(message), "{what}: {error}");
    }
}

/// `ggn/validation.json` format 3 names the edition of some vectors and lists every error;
/// a format-2 file (no edition) and a format-1 file (one error per invalid vector) still
/// load, a format-4 one does not, and an invalid vector without an error is refused in every
/// format.
#[test]
fn ggn_validation_formats_1_and_2_load() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    std::fs::create_dir(dir.path().join("ggn")).unwrap();
    for name in ["ggn/validation.json", "ggn/evaluation.json"] {
        std::fs::copy(root.join(name), dir.path().join(name)).unwrap();
    }
    let path = dir.path().join("ggn/validation.json");
    let original: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(original["format"], 3);
    let several = original["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["errors"].as_array().unwrap().len() >= 2)
        .count();
    assert!(several >= 10, "{several} vectors with several errors");
    let validator = schema("ggn-vectors.schema.json");
    let load = |file: &Value| {
        std::fs::write(&path, file.to_string()).unwrap();
        gan::suite::ggn::load_dir(dir.path()).map_err(|e| e.to_string())
    };
    // Format 2: the 2014 edition's vectors.
    let mut two = original.clone();
    two["format"] = json!(2);
    two["vectors"]
        .as_array_mut()
        .unwrap()
        .retain(|v| v.get("edition").is_none());
    assert!(validator.is_valid(&two));
    load(&two).unwrap();
    // Format 1: the vectors of one error each.
    let mut old = two.clone();
    old["format"] = json!(1);
    old["vectors"]
        .as_array_mut()
        .unwrap()
        .retain(|v| v["errors"].as_array().unwrap().len() <= 1);
    assert!(validator.is_valid(&old));
    load(&old).unwrap();
    let mut future = original.clone();
    future["format"] = json!(4);
    assert!(!validator.is_valid(&future));
    let error = load(&future).unwrap_err();
    assert!(
        error.contains("this gan reads formats 1, 2 and 3"),
        "{error}"
    );
    let mut empty = original.clone();
    let invalid = empty["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .position(|v| v["valid"] == false)
        .unwrap();
    empty["vectors"][invalid]["errors"] = json!([]);
    assert!(!validator.is_valid(&empty));
    let error = load(&empty).unwrap_err();
    assert!(error.contains("at least one error"), "{error}");
}

#[test]
fn ggn_and_migration_files_are_checked_too() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    std::fs::create_dir(dir.path().join("ggn")).unwrap();
    for name in [
        "ggn/validation.json",
        "ggn/evaluation.json",
        "migrations.json",
    ] {
        std::fs::copy(root.join(name), dir.path().join(name)).unwrap();
    }
    gan::suite::ggn::load_dir(dir.path()).unwrap();
    gan::suite::migrate::load_dir(dir.path()).unwrap();

    // A GGN vector with no document.
    let path = dir.path().join("ggn/validation.json");
    let mut file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    file["vectors"][0]
        .as_object_mut()
        .unwrap()
        .remove("document_text");
    assert!(!schema("ggn-vectors.schema.json").is_valid(&file));
    std::fs::write(&path, file.to_string()).unwrap();
    let error = gan::suite::ggn::load_dir(dir.path())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("neither `document_text` nor `document_hex`"),
        "{error}"
    );

    // A migration vector with a bad hex input.
    let path = dir.path().join("migrations.json");
    let mut file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let vector = file["vectors"][0].as_object_mut().unwrap();
    vector.remove("input");
    vector.insert("input_hex".into(), json!("zz"));
    assert!(!schema("migrations.schema.json").is_valid(&file));
    std::fs::write(&path, file.to_string()).unwrap();
    let error = gan::suite::migrate::load_dir(dir.path())
        .unwrap_err()
        .to_string();
    assert!(error.contains("not lowercase hex"), "{error}");
}

#[test]
fn a_broken_corpus_stops_check_before_the_adapter_starts() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("gan")).unwrap();
    let mut vector = invalid_gan();
    vector.as_object_mut().unwrap().remove("input");
    vector["input_hex"] = json!("zz+f");
    vector["group"] = json!("invalid-utf8");
    let file =
        json!({"format": 1, "dialect": "qpi", "spec": "qpi", "vectors": [valid_gan(), vector]});
    std::fs::write(dir.path().join("gan/qpi.json"), file.to_string()).unwrap();
    let marker = dir.path().join("started");
    let output = gan_command()
        .arg("check")
        .arg("--corpus")
        .arg(dir.path())
        .args(["--dialect", "qpi", "--", "sh", "-c"])
        .arg(format!("touch {}", marker.display()))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("qpi.json"), "{stderr}");
    assert!(stderr.contains("qpi/invalid/case/0123456789ac"), "{stderr}");
    assert!(!marker.exists(), "the adapter started");
}

#[test]
fn decode_hex_takes_hex_digits_only() {
    use gan::suite::common::decode_hex;
    assert_eq!(decode_hex("00ff7F"), [0x00, 0xff, 0x7f]);
    assert_eq!(decode_hex("+f"), Vec::<u8>::new(), "no sign");
    assert_eq!(decode_hex("41-1"), [0x41]);
}

/// Every notation name that a published schema enumerates (an `enum` of names, or an id
/// pattern's alternation) is a row of the notation table, and the GAN vector schema and the
/// manifest's list every row: a new row without its schemas fails here, and so does a schema
/// that names a notation the table lost.
#[test]
fn the_schemas_name_the_notations_of_the_table() {
    let table: Vec<&str> = gan::Dialect::ALL.iter().map(|d| d.as_str()).collect();
    let alternation = format!("({})", table.join("|"));
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/schema");
    let mut lists = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let schema: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        notation_lists(&schema, &name, &mut lists);
    }
    assert!(!lists.is_empty(), "no schema enumerates notations");
    for (file, names) in &lists {
        for name in names {
            assert!(
                table.contains(&name.as_str()),
                "{file} names the notation {name:?}, which is not a row of the notation table"
            );
        }
    }
    for file in ["vectors.schema.json", "manifest.schema.json"] {
        let listed: Vec<&Vec<String>> = lists
            .iter()
            .filter(|(f, _)| f == file)
            .map(|(_, n)| n)
            .collect();
        assert!(!listed.is_empty(), "{file} enumerates no notation");
        for names in listed {
            assert_eq!(names, &table, "{file} must list every row, in order");
        }
    }
    let ids = std::fs::read_to_string(dir.join("vectors.schema.json")).unwrap();
    assert!(
        ids.contains(&alternation),
        "vectors.schema.json's id pattern lacks {alternation}"
    );
}

/// The notation lists of `value`: each `enum` that holds `snn-pin`, and each alternation
/// `(a|b|…)` holding `snn-pin` inside a `pattern`.
fn notation_lists(value: &Value, file: &str, out: &mut Vec<(String, Vec<String>)>) {
    match value {
        Value::Object(map) => {
            for (key, member) in map {
                match (key.as_str(), member) {
                    ("enum", Value::Array(items)) if items.iter().any(|i| i == "snn-pin") => {
                        let names = items.iter().filter_map(Value::as_str).map(str::to_owned);
                        out.push((file.to_owned(), names.collect()));
                    }
                    ("pattern", Value::String(pattern)) => {
                        for group in pattern.split('(').skip(1) {
                            let inner = group.split(')').next().unwrap_or_default();
                            if inner.split('|').any(|n| n == "snn-pin") {
                                let names = inner.split('|').map(str::to_owned).collect();
                                out.push((file.to_owned(), names));
                            }
                        }
                    }
                    _ => notation_lists(member, file, out),
                }
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|item| notation_lists(item, file, out)),
        _ => {}
    }
}
