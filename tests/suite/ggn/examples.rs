//! The spec's examples E1–E9 (docs/DECISIONS.md §4), validated and evaluated.

use super::{entry, error, keys, moves, valid};

pub(super) use gan::suite::ggn::generate::examples::{E1, E2, E3, E4, E5, E6, E7, E8, E9};

#[test]
fn e1_simple_move_without_requirements() {
    let document = valid(E1);
    assert_eq!(document.pieces(), ["GAME:X"]);
    let found = moves(&document, r#"{"c3": "GAME:X", "c5": "game:x"}"#);
    assert_eq!(keys(&found), [("GAME:X", "c3", "c5", 0)]);
    assert_eq!(
        found[0].board,
        [entry("c3", None), entry("c5", Some("GAME:X"))]
    );
}

#[test]
fn e2_sliding_needs_an_empty_path() {
    let document = valid(E2);
    assert_eq!(moves(&document, r#"{"c3": "GAME:X"}"#).len(), 1);
    assert_eq!(moves(&document, r#"{"c3": "GAME:X", "c4": "game:y"}"#), []);
    assert_eq!(moves(&document, r#"{"c3": "GAME:X", "c5": "GAME:Y"}"#), []);
}

#[test]
fn e3_capture_needs_an_enemy() {
    let document = valid(E3);
    assert_eq!(
        moves(&document, r#"{"c3": "GAME:X", "d4": "other:q"}"#).len(),
        1
    );
    assert_eq!(moves(&document, r#"{"c3": "GAME:X", "d4": "OTHER:Q"}"#), []);
    assert_eq!(moves(&document, r#"{"c3": "GAME:X"}"#), []);
}

#[test]
fn e4_promotion_choices_are_four_variants() {
    let document = valid(E4);
    let found = moves(&document, r#"{"e7": "CHESS:P"}"#);
    assert_eq!(
        found.iter().map(|m| m.variant).collect::<Vec<_>>(),
        [0, 1, 2, 3]
    );
    let promoted: Vec<_> = found
        .iter()
        .map(|m| m.board[1].1.clone().unwrap())
        .collect();
    assert_eq!(promoted, ["CHESS:Q", "CHESS:R", "CHESS:N", "CHESS:B"]);
    assert_eq!(document.variants("CHESS:P", "e7", "e8").unwrap().len(), 4);
}

#[test]
fn e5_optional_promotion() {
    let document = valid(E5);
    let found = moves(&document, r#"{"1g": "SHOGI:P"}"#);
    assert_eq!(found.len(), 2);
    assert_eq!(
        found[1].perform,
        [entry("1g", None), entry("1f", Some("SHOGI:+P"))]
    );
}

#[test]
fn e6_castling_changes_four_squares() {
    let document = valid(E6);
    let found = moves(&document, r#"{"e1": "CHESS:K", "h1": "CHESS:R"}"#);
    assert_eq!(
        found[0].board,
        [
            entry("e1", None),
            entry("h1", None),
            entry("f1", Some("CHESS:R")),
            entry("g1", Some("CHESS:K"))
        ]
    );
    assert_eq!(
        moves(&document, r#"{"e1": "CHESS:K", "h1": "chess:r"}"#),
        []
    );
}

#[test]
fn e7_prevention() {
    let document = valid(E7);
    assert_eq!(moves(&document, r#"{"c1": "GAME:B"}"#).len(), 1);
    assert_eq!(moves(&document, r#"{"c1": "GAME:B", "g5": "GAME:K"}"#), []);
    assert_eq!(moves(&document, r#"{"c1": "GAME:B", "h6": "GAME:Q"}"#), []);
    assert_eq!(
        moves(&document, r#"{"c1": "GAME:B", "g5": "game:k"}"#).len(),
        1
    );
}

#[test]
fn e8_en_passant_is_invalid_per_g2() {
    let diagnostic = error(E8, "case-mismatch", "/CHESS:P/d5/e6/0/require/e5");
    assert!(
        diagnostic.message.contains("\"CHESS:p\""),
        "{}",
        diagnostic.message
    );
    assert!(
        diagnostic.message.contains("chess:p"),
        "{}",
        diagnostic.message
    );
}

#[test]
fn e8_corrected_captures_en_passant() {
    let document = valid(&E8.replace("CHESS:p", "chess:p"));
    let found = moves(&document, r#"{"d5": "CHESS:P", "e5": "chess:p"}"#);
    assert_eq!(
        found[0].board,
        [
            entry("d5", None),
            entry("e5", None),
            entry("e6", Some("CHESS:P"))
        ]
    );
}

#[test]
fn e9_with_schema() {
    let document = valid(E9);
    assert_eq!(
        document.schema(),
        Some("https://sashite.dev/schemas/ggn/1.0.0/schema.json")
    );
    assert_eq!(document.pieces(), ["CHESS:P"]);
}

#[test]
fn navigation() {
    let document = valid(&[&E4[..E4.len() - 2], r#", "chess:p": {"e2": {"e1": [{"perform": {"e1": "chess:q"}}]}, "a2": {"a1": [{"perform": {"a2": null}}], "b1": [{"perform": {"b1": "chess:q"}}]}}}"#].concat());
    assert_eq!(document.pieces(), ["CHESS:P", "chess:p"]);
    assert_eq!(document.sources("chess:p"), Some(vec!["e2", "a2"]));
    assert_eq!(document.sources("CHESS:K"), None);
    assert_eq!(
        document.destinations("chess:p", "a2"),
        Some(vec!["a1", "b1"])
    );
    assert_eq!(document.destinations("chess:p", "e7"), None);
    let variants = document.variants("CHESS:P", "e7", "e8").unwrap();
    assert_eq!(variants[2].require()[0].1.as_str(), "empty");
    assert_eq!(variants[2].perform()[1], entry("e8", Some("CHESS:N")));
    assert!(document.variants("CHESS:P", "e7", "e6").is_none());
    assert_eq!(document.variant_count(), 7);
}
