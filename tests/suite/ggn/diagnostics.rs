//! One test per diagnostic code (the logic codes are in `logic.rs`, the reader's in
//! `reader.rs`, duplicates in `duplicates.rs`).

use super::{at, diagnostics, diagnostics_with, error, squares, summary, valid, variant};
use gan::ggn::{codes, Severity};

const MOVE: &str = r#""perform": {"e2": null, "e4": "CHESS:P"}"#;

fn with(members: &str) -> String {
    variant(&format!("{members}, {MOVE}"))
}

#[test]
fn empty_document_is_valid() {
    let document = valid("{}");
    assert!(document.pieces().is_empty());
    valid(r#"{"$schema": "anything"}"#);
    valid(" {}\n");
}

#[test]
fn top_level_not_object() {
    for json in ["[]", "null", "\"CHESS:P\"", "3"] {
        error(json, codes::TOP_LEVEL_NOT_OBJECT, "");
    }
}

#[test]
fn schema_not_string() {
    error(r#"{"$schema": 1}"#, codes::SCHEMA_NOT_STRING, "/$schema");
    error(r#"{"$schema": null}"#, codes::SCHEMA_NOT_STRING, "/$schema");
}

#[test]
fn wrong_type_at_each_level() {
    let cases = [
        (r#"{"CHESS:P": []}"#.to_owned(), "/CHESS:P"),
        (r#"{"CHESS:P": {"e2": "e4"}}"#.to_owned(), "/CHESS:P/e2"),
        (
            r#"{"CHESS:P": {"e2": {"e4": {}}}}"#.to_owned(),
            "/CHESS:P/e2/e4",
        ),
        (
            r#"{"CHESS:P": {"e2": {"e4": [null]}}}"#.to_owned(),
            "/CHESS:P/e2/e4/0",
        ),
        (with(r#""require": []"#), "/CHESS:P/e2/e4/0/require"),
        (with(r#""prevent": "empty""#), "/CHESS:P/e2/e4/0/prevent"),
        (
            variant(r#""perform": [["e4", "CHESS:P"]]"#),
            "/CHESS:P/e2/e4/0/perform",
        ),
        (
            with(r#""require": {"e4": true}"#),
            "/CHESS:P/e2/e4/0/require/e4",
        ),
        (
            with(r#""require": {"e4": null}"#),
            "/CHESS:P/e2/e4/0/require/e4",
        ),
        (
            with(r#""prevent": {"e4": 0}"#),
            "/CHESS:P/e2/e4/0/prevent/e4",
        ),
        (
            variant(r#""perform": {"e4": false}"#),
            "/CHESS:P/e2/e4/0/perform/e4",
        ),
        (
            variant(r#""perform": {"e4": {"piece": "CHESS:P"}}"#),
            "/CHESS:P/e2/e4/0/perform/e4",
        ),
    ];
    for (json, pointer) in cases {
        error(&json, codes::WRONG_TYPE, pointer);
    }
}

#[test]
fn null_state_message_points_to_perform() {
    let d = error(
        &with(r#""require": {"e3": null}"#),
        codes::WRONG_TYPE,
        &at("/require/e3"),
    );
    assert!(
        d.message.contains("allowed only as a \"perform\" value"),
        "{}",
        d.message
    );
}

#[test]
fn empty_maps_and_lists() {
    error(r#"{"CHESS:P": {}}"#, codes::EMPTY_PIECE, "/CHESS:P");
    error(
        r#"{"CHESS:P": {"e2": {}}}"#,
        codes::EMPTY_SOURCE,
        "/CHESS:P/e2",
    );
    error(
        r#"{"CHESS:P": {"e2": {"e4": []}}}"#,
        codes::EMPTY_DESTINATIONS,
        "/CHESS:P/e2/e4",
    );
    error(
        &with(r#""require": {}"#),
        codes::EMPTY_REQUIRE,
        &at("/require"),
    );
    error(
        &with(r#""prevent": {}"#),
        codes::EMPTY_PREVENT,
        &at("/prevent"),
    );
    error(
        &variant(r#""perform": {}"#),
        codes::EMPTY_PERFORM,
        &at("/perform"),
    );
}

#[test]
fn missing_perform() {
    error(
        &variant(r#""require": {"e4": "empty"}"#),
        codes::MISSING_PERFORM,
        &at(""),
    );
    error(&variant(""), codes::MISSING_PERFORM, &at(""));
}

#[test]
fn unknown_keys_of_other_editions() {
    let cases = [
        ("must", "\"require\""),
        ("deny", "\"prevent\""),
        ("diff", "\"perform\""),
        ("board_check", "another GGN edition"),
        ("gain", "board-only"),
        ("drop", "board-only"),
        ("Require", "did you mean \"require\""),
        (
            "comment",
            "expected \"require\", \"prevent\" or \"perform\"",
        ),
    ];
    for (key, hint) in cases {
        let json = with(&format!(r#""{key}": {{"e4": "empty"}}"#));
        let d = error(&json, codes::UNKNOWN_KEY, &at(&format!("/{key}")));
        assert!(d.message.contains(hint), "{key}: {}", d.message);
    }
}

#[test]
fn hand_square_is_out_of_scope() {
    let d = error(
        r#"{"SHOGI:P": {"*": {"5e": [{"perform": {"5e": "SHOGI:P"}}]}}}"#,
        codes::UNKNOWN_KEY,
        "/SHOGI:P/*",
    );
    assert!(d.message.contains("hand"), "{}", d.message);
    error(
        r#"{"SHOGI:P": {"5e": {"*": [{"perform": {"5e": null}}]}}}"#,
        codes::UNKNOWN_KEY,
        "/SHOGI:P/5e/*",
    );
    error(
        &with(r#""require": {"*": "empty"}"#),
        codes::UNKNOWN_KEY,
        &at("/require/*"),
    );
    error(
        &variant(r#""perform": {"e4": "CHESS:P", "*": "CHESS:P"}"#),
        codes::UNKNOWN_KEY,
        &at("/perform/*"),
    );
}

#[test]
fn invalid_gan_reports_the_gan_code() {
    // Piece key, require state, prevent state, perform value.
    error(
        r#"{"CHESS:p": {"e2": {"e4": [{"perform": {"e4": "chess:p"}}]}}}"#,
        "case-mismatch",
        "/CHESS:p",
    );
    error(
        &with(r#""require": {"e4": "CHESS:k"}"#),
        "case-mismatch",
        &at("/require/e4"),
    );
    error(
        &with(r#""prevent": {"e4": "C:K'"}"#),
        "unexpected-char",
        &at("/prevent/e4"),
    );
    error(
        &variant(r#""perform": {"e4": "CHESS:P\n"}"#),
        "unexpected-char",
        &at("/perform/e4"),
    );
    let d = error(
        r#"{"1CHESS:P": {"e2": {"e4": [{"perform": {"e4": "CHESS:P"}}]}}}"#,
        "unexpected-char",
        "/1CHESS:P",
    );
    assert!(
        d.message
            .starts_with("piece key \"1CHESS:P\" is not a valid snn-pin identifier: "),
        "{}",
        d.message
    );
}

#[test]
fn invalid_gan_everywhere_is_all_reported() {
    let json = r#"{"CHESS:p": {"e2": {"e4": [{"require": {"e3": "x:Y"}, "prevent": {"e5": "Q:q"}, "perform": {"e4": "Z:z"}}]}}}"#;
    assert_eq!(
        summary(json),
        [
            ("case-mismatch", Severity::Error, "/CHESS:p".to_owned()),
            (
                "case-mismatch",
                Severity::Error,
                "/CHESS:p/e2/e4/0/require/e3".to_owned()
            ),
            (
                "case-mismatch",
                Severity::Error,
                "/CHESS:p/e2/e4/0/prevent/e5".to_owned()
            ),
            (
                "case-mismatch",
                Severity::Error,
                "/CHESS:p/e2/e4/0/perform/e4".to_owned()
            ),
        ]
    );
}

#[test]
fn invalid_state() {
    for (state, hint) in [
        ("ally", "prevent \"enemy\""),
        ("occupied", "prevent \"empty\""),
        ("Empty", "case-sensitive"),
        ("ENEMY", "case-sensitive"),
        ("none", "neither"),
        ("", "neither"),
    ] {
        let d = error(
            &with(&format!(r#""require": {{"e3": "{state}"}}"#)),
            codes::INVALID_STATE,
            &at("/require/e3"),
        );
        assert!(d.message.contains(hint), "{state}: {}", d.message);
        error(
            &with(&format!(r#""prevent": {{"e3": "{state}"}}"#)),
            codes::INVALID_STATE,
            &at("/prevent/e3"),
        );
    }
}

#[test]
fn empty_as_perform() {
    error(
        &variant(r#""perform": {"e2": "empty", "e4": "CHESS:P"}"#),
        codes::EMPTY_AS_PERFORM,
        &at("/perform/e2"),
    );
    // "enemy" is no perform value either: it is not a GAN identifier (no `:`, D12).
    error(
        &variant(r#""perform": {"e4": "enemy"}"#),
        "missing-separator",
        &at("/perform/e4"),
    );
}

#[test]
fn empty_square_label() {
    error(
        r#"{"CHESS:P": {"": {"e4": [{"perform": {"e4": "CHESS:P"}}]}}}"#,
        codes::EMPTY_SQUARE_LABEL,
        "/CHESS:P/",
    );
    error(
        r#"{"CHESS:P": {"e2": {"": [{"perform": {"e4": "CHESS:P"}}]}}}"#,
        codes::EMPTY_SQUARE_LABEL,
        "/CHESS:P/e2/",
    );
    error(
        &with(r#""require": {"": "empty"}"#),
        codes::EMPTY_SQUARE_LABEL,
        &at("/require/"),
    );
    error(
        &with(r#""prevent": {"": "enemy"}"#),
        codes::EMPTY_SQUARE_LABEL,
        &at("/prevent/"),
    );
    error(
        &variant(r#""perform": {"": null, "e4": "CHESS:P"}"#),
        codes::EMPTY_SQUARE_LABEL,
        &at("/perform/"),
    );
}

#[test]
fn any_non_empty_label_is_a_square() {
    valid(r#"{"CHESS:P": {" ": {"😀": [{"perform": {"x/y~z": "CHESS:P", "E2": null}}]}}}"#);
}

#[test]
fn unknown_square_only_with_a_list() {
    let json = with(r#""require": {"e3": "empty"}, "prevent": {"z9": "enemy"}"#)
        .replace(r#""e2": null"#, r#""e2": null, "h9": "CHESS:Q""#)
        .replace(r#""e2": {"#, r#""i2": {"#);
    valid(&json);
    let found = diagnostics_with(&json, &squares(&["e2", "e3", "e4"]));
    let pointers: Vec<_> = found.iter().map(|d| (d.code, d.pointer.as_str())).collect();
    assert_eq!(
        pointers,
        [
            (codes::UNKNOWN_SQUARE, "/CHESS:P/i2"),
            (codes::UNKNOWN_SQUARE, "/CHESS:P/i2/e4/0/prevent/z9"),
            (codes::UNKNOWN_SQUARE, "/CHESS:P/i2/e4/0/perform/h9"),
        ]
    );
    let found = diagnostics_with(
        r#"{"CHESS:P": {"e2": {"e9": [{"perform": {"e9": "CHESS:P"}}]}}}"#,
        &squares(&["e2", "e4"]),
    );
    assert_eq!(
        found.iter().map(|d| d.pointer.as_str()).collect::<Vec<_>>(),
        ["/CHESS:P/e2/e9", "/CHESS:P/e2/e9/0/perform/e9"]
    );
}

#[test]
fn all_problems_are_reported_in_document_order() {
    let json = r#"{"$schema": 2, "A:B": {}, "a:b": {"x": {"y": [{"must": {}, "perform": {}}]}}}"#;
    let codes: Vec<_> = diagnostics(json).iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [
            codes::SCHEMA_NOT_STRING,
            codes::EMPTY_PIECE,
            codes::UNKNOWN_KEY,
            codes::EMPTY_PERFORM
        ]
    );
}

#[test]
fn messages_are_lowercase_without_final_period() {
    let json = r#"{"$schema": 2, "A:B": {}, "a:b": {"x": {"y": [{"must": {}, "require": {"x": "a:b", "y": "ally", "z": "empty"}, "prevent": {"z": "empty"}, "perform": {"x": "empty"}}]}}, "a:c": {"x": {"y": [], "z": [1]}}}"#;
    let found = diagnostics(json);
    assert!(found.len() >= 8, "{found:?}");
    for d in found {
        let first = d.message.chars().next().unwrap();
        assert!(!first.is_uppercase(), "{}", d.message);
        assert!(!d.message.ends_with('.'), "{}", d.message);
    }
}
