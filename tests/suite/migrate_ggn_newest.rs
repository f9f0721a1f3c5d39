//! `gan migrate --ggn --edition ggn-2025-10`: ggn-2014 documents to the newest edition
//! (docs/DECISIONS.md G32–G37). Expected documents and problems are written by hand.

use std::path::Path;

use gan::convert::{ggn, Converter, Options};
use gan::Dialect;

use crate::util::{gan_command, outcome};

fn converter() -> Converter {
    Converter::new(
        Dialect::SnnPin,
        "qpi-2026-01".parse::<Dialect>().unwrap(),
        Options::default(),
    )
}

/// The migrated document as compact JSON, or `None`; and (code, pointer) of each problem.
fn migrate(input: &str) -> (Option<serde_json::Value>, Vec<(&'static str, String)>) {
    let migration =
        ggn::migrate_to_newest(input.as_bytes(), &converter(), &gan::ggn::Limits::default());
    let output = migration
        .output()
        .map(|text| serde_json::from_str(text).expect("JSON"));
    let problems = migration
        .problems()
        .iter()
        .map(|p| (p.code(), p.pointer().to_owned()))
        .collect();
    (output, problems)
}

#[test]
fn g32_g33_keys_and_states_become_qpi_require_must_prevent_deny() {
    let (output, problems) = migrate(
        r#"{"CHESS:K": {"e1": {"f1": [{"require": {"f1": "empty"}, "prevent": {"g1": "chess:r"},
            "perform": {"e1": null, "f1": "CHESS:K"}}, {"require": {"f1": "enemy"},
            "perform": {"e1": null, "f1": "CHESS:K"}}]}}}"#,
    );
    assert_eq!(
        output.unwrap(),
        serde_json::json!({"C:K": {"e1": {"f1": [
            {"must": {"f1": "empty"}, "deny": {"g1": "c:r"}},
            {"must": {"f1": "enemy"}}]}}})
    );
    assert_eq!(
        problems,
        [
            (ggn::PERFORM_DROPPED, "/CHESS:K/e1/f1/0/perform".to_owned()),
            (ggn::PERFORM_DROPPED, "/CHESS:K/e1/f1/1/perform".to_owned())
        ]
    );
}

#[test]
fn g34_each_dropped_perform_names_its_changes() {
    let migration = ggn::migrate_to_newest(
        br#"{"CHESS:P": {"d5": {"e6": [{"require": {"e5": "chess:p", "e6": "empty"},
            "perform": {"d5": null, "e5": null, "e6": "CHESS:P"}}]}}}"#,
        &converter(),
        &gan::ggn::Limits::default(),
    );
    assert!(migration.is_converted());
    let problem = &migration.problems()[0];
    assert_eq!(problem.code(), "perform-dropped");
    assert!(
        problem
            .message()
            .contains(r#"{"d5":null,"e5":null,"e6":"CHESS:P"}"#),
        "{}",
        problem.message()
    );
}

#[test]
fn g35_the_schema_is_dropped_with_a_warning() {
    let (output, problems) = migrate(
        r#"{"$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json",
            "SHOGI:P": {"e3": {"e4": [{"require": {"e4": "empty"}, "perform": {"e3": null, "e4": "SHOGI:P"}}]}}}"#,
    );
    assert_eq!(
        output.unwrap(),
        serde_json::json!({"S:P": {"e3": {"e4": [{"must": {"e4": "empty"}}]}}})
    );
    assert_eq!(
        problems,
        [
            (ggn::SCHEMA_DROPPED, "/$schema".to_owned()),
            (ggn::PERFORM_DROPPED, "/SHOGI:P/e3/e4/0/perform".to_owned())
        ]
    );
}

#[test]
fn g36_a_square_that_is_no_cell_coordinate_is_refused() {
    let (output, problems) = migrate(
        r#"{"CHESS:R": {"A1": {"a2": [{"require": {"a2": "empty", "z0": "empty"},
            "perform": {"A1": null, "a2": "CHESS:R"}}]}}}"#,
    );
    assert_eq!(output, None);
    assert_eq!(
        problems,
        [
            (ggn::NOT_CELL, "/CHESS:R/A1".to_owned()),
            (ggn::NOT_CELL, "/CHESS:R/A1/a2/0/require/z0".to_owned()),
            (ggn::PERFORM_DROPPED, "/CHESS:R/A1/a2/0/perform".to_owned())
        ]
    );
}

#[test]
fn an_identifier_without_a_qpi_token_is_refused_and_an_invalid_source_is_not_converted() {
    let (output, problems) =
        migrate(r#"{"GAME:X": {"a1": {"a2": [{"perform": {"a1": null, "a2": "GAME:X"}}]}}}"#);
    assert_eq!(output, None);
    assert_eq!(
        problems,
        [
            ("unknown-style", "/GAME:X".to_owned()),
            (ggn::PERFORM_DROPPED, "/GAME:X/a1/a2/0/perform".to_owned())
        ]
    );
    let (output, problems) = migrate(r#"{"CHESS:P": {"e2": {"e3": [{"must": {}}]}}}"#);
    assert_eq!(output, None);
    assert_eq!(problems[0].0, "unknown-key");
}

#[test]
fn strict_makes_the_dropped_perform_an_error() {
    let strict = Converter::new(
        Dialect::SnnPin,
        "qpi-2026-01".parse::<Dialect>().unwrap(),
        Options {
            strict: true,
            ..Options::default()
        },
    );
    let migration = ggn::migrate_to_newest(
        br#"{"CHESS:P": {"e2": {"e3": [{"perform": {"e2": null, "e3": "CHESS:P"}}]}}}"#,
        &strict,
        &gan::ggn::Limits::default(),
    );
    assert!(!migration.is_converted());
    assert!(migration.problems()[0].is_error());
}

#[test]
fn the_cli_needs_qpi_2026_01_as_target() {
    let mut command = gan_command();
    command.args([
        "migrate",
        "--ggn",
        "--edition",
        "ggn-2025-10",
        "--from",
        "snn-pin",
        "examples/ggn/e4.json",
    ]);
    let (code, out, err) = outcome(&mut command, b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--to must be qpi-2026-01"), "{err}");
}

/// Whether `gan ggn validate --dialect D` accepts `path` as a ggn-2014 document.
fn valid_2014(path: &Path, dialect: &str) -> bool {
    let mut command = gan_command();
    command
        .args(["ggn", "validate", "-q", "--dialect", dialect])
        .arg(path);
    outcome(&mut command, b"").0 == 0
}

/// Every shipped ggn-2014 document that `gan migrate --ggn` converts within the 2014 edition
/// also migrates to ggn-2025-10, and the result validates as the newest edition.
#[test]
fn the_shipped_2014_examples_migrate_and_validate_as_the_newest_edition() {
    let dir = tempfile::tempdir().unwrap();
    let mut migrated = Vec::new();
    // examples/ggn's documents are in the default dialect, examples/migrate's in beta (its
    // README's commands).
    for (folder, from) in [("examples/ggn", "snn-pin"), ("examples/migrate", "beta")] {
        let mut paths: Vec<_> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        for path in paths {
            if !valid_2014(&path, from) {
                continue;
            }
            let map = ["--map", "examples/ggn/game.toml"];
            let mut old = gan_command();
            old.args(["migrate", "-q", "--ggn", "--dry-run", "--from", from])
                .args(map)
                .arg(&path);
            if outcome(&mut old, b"").0 != 0 {
                continue;
            }
            let out = dir.path().join(path.file_name().unwrap());
            let mut new = gan_command();
            new.args(["migrate", "-q", "--ggn", "--edition", "ggn-2025-10"])
                .args(["--from", from, "--to", "qpi-2026-01"])
                .args(map)
                .arg(&path)
                .arg("-o")
                .arg(&out);
            assert_eq!(outcome(&mut new, b"").0, 0, "{}", path.display());
            let mut validate = gan_command();
            validate
                .args(["ggn", "validate", "--edition", "ggn-2025-10"])
                .arg(&out);
            let (code, _, err) = outcome(&mut validate, b"");
            assert_eq!(code, 0, "{}: {err}", path.display());
            migrated.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    for name in ["e4.json", "rook.json", "warning.json", "rules.json"] {
        assert!(migrated.iter().any(|m| m == name), "{name}: {migrated:?}");
    }
}
