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

#[test]
fn duplicate_board_squares_among_rejected_members_come_first() {
    // Members 1 and 3 are rejected (not a piece, not a GAN identifier): the duplicate
    // check still sees every member, in order, before the members' own problems.
    let found = Board::parse(
        br#"{"e4": 5, "d4": null, "d4": "nope", "e4": "CHESS:P", "c4": null}"#,
        &Options::default(),
    )
    .unwrap_err();
    let seen: Vec<(&str, &str)> = found.iter().map(|d| (d.code, d.pointer.as_str())).collect();
    assert_eq!(
        seen[..3],
        [
            (codes::DUPLICATE_KEY, "/d4"),
            (codes::DUPLICATE_KEY, "/e4"),
            (codes::WRONG_TYPE, "/e4"),
        ]
    );
    assert_eq!(seen.len(), 4, "{found:?}");
    assert_eq!(seen[3].1, "/d4");
    assert!(
        found[0].message.contains("(members 2 and 3)"),
        "{}",
        found[0].message
    );
    assert!(
        found[1].message.contains("(members 1 and 4)"),
        "{}",
        found[1].message
    );
}
