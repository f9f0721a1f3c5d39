//! Duplicate keys are errors at every level (G9).

use super::{at, error, summary, variant};
use gan::ggn::{codes, Board, Options, Severity};

const P: &str = r#"{"perform": {"e4": "CHESS:P"}}"#;

#[test]
fn duplicate_schema() {
    error(
        r#"{"$schema": "a", "$schema": "a"}"#,
        codes::DUPLICATE_KEY,
        "/$schema",
    );
}

#[test]
fn duplicate_piece_key() {
    let json = format!(
        r#"{{"CHESS:P": {{"e2": {{"e4": [{P}]}}}}, "CHESS:P": {{"e3": {{"e4": [{P}]}}}}}}"#
    );
    let d = error(&json, codes::DUPLICATE_KEY, "/CHESS:P");
    assert!(d.message.contains("members 1 and 2"), "{}", d.message);
}

#[test]
fn duplicate_source() {
    let json = format!(r#"{{"CHESS:P": {{"e2": {{"e4": [{P}]}}, "e2": {{"e3": [{P}]}}}}}}"#);
    error(&json, codes::DUPLICATE_KEY, "/CHESS:P/e2");
}

#[test]
fn duplicate_destination() {
    let json = format!(r#"{{"CHESS:P": {{"e2": {{"e4": [{P}], "e4": [{P}]}}}}}}"#);
    error(&json, codes::DUPLICATE_KEY, "/CHESS:P/e2/e4");
}

#[test]
fn duplicate_variant_key() {
    let json = variant(
        r#""require": {"e3": "empty"}, "require": {"e4": "empty"}, "perform": {"e4": "CHESS:P"}"#,
    );
    error(&json, codes::DUPLICATE_KEY, &at("/require"));
}

#[test]
fn duplicate_require_key() {
    let json =
        variant(r#""require": {"e3": "empty", "e3": "enemy"}, "perform": {"e4": "CHESS:P"}"#);
    error(&json, codes::DUPLICATE_KEY, &at("/require/e3"));
}

#[test]
fn duplicate_prevent_key() {
    let json =
        variant(r#""prevent": {"e3": "enemy", "e3": "enemy"}, "perform": {"e4": "CHESS:P"}"#);
    error(&json, codes::DUPLICATE_KEY, &at("/prevent/e3"));
}

#[test]
fn duplicate_perform_key() {
    let json = variant(r#""perform": {"e4": null, "e4": "CHESS:P"}"#);
    error(&json, codes::DUPLICATE_KEY, &at("/perform/e4"));
}

#[test]
fn every_repetition_is_reported() {
    let json = variant(r#""perform": {"e4": null, "e4": "CHESS:P", "e4": "CHESS:Q", "e2": null}"#);
    assert_eq!(
        summary(&json),
        [
            (codes::DUPLICATE_KEY, Severity::Error, at("/perform/e4")),
            (codes::DUPLICATE_KEY, Severity::Error, at("/perform/e4")),
        ]
    );
}

#[test]
fn escaped_keys_are_compared_after_unescaping() {
    let json = variant(r#""perform": {"e4": null, "\u0065\u0034": "CHESS:P"}"#);
    error(&json, codes::DUPLICATE_KEY, &at("/perform/e4"));
}

#[test]
fn duplicate_board_square() {
    let found = Board::parse(br#"{"e4": null, "e4": "CHESS:P"}"#, &Options::default()).unwrap_err();
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].code, found[0].pointer.as_str()),
        (codes::DUPLICATE_KEY, "/e4")
    );
}
