//! Evaluation on a board (G3, G12).

use std::time::Instant;

use super::{board, entry, keys, moves, squares, valid};
use gan::ggn::{codes, validate, Board, MoveFilter, Options};

/// A one-variant document for `GAME:X` from a1 to b2 with `members` before `perform`.
fn rule(members: &str) -> String {
    format!(
        r#"{{"GAME:X": {{"a1": {{"b2": [{{{members} "perform": {{"a1": null, "b2": "GAME:X"}}}}]}}}}}}"#
    )
}

/// Whether the rule with `members` applies on `board_json`.
fn applies(members: &str, board_json: &str) -> bool {
    !moves(&valid(&rule(members)), board_json).is_empty()
}

#[test]
fn the_source_must_hold_exactly_the_piece() {
    assert!(applies("", r#"{"a1": "GAME:X"}"#));
    assert!(!applies("", r#"{"a1": "GAME:+X"}"#));
    assert!(!applies("", r#"{"a1": "game:x"}"#));
    assert!(!applies("", r#"{"a1": "OTHER:X"}"#));
    assert!(!applies("", r#"{"b1": "GAME:X"}"#));
    assert!(!applies("", r#"{"a1": null}"#));
    assert!(!applies("", "{}"));
}

#[test]
fn empty_condition() {
    let r = r#""require": {"c3": "empty"},"#;
    assert!(
        applies(r, r#"{"a1": "GAME:X"}"#),
        "an absent square is empty"
    );
    assert!(applies(r, r#"{"a1": "GAME:X", "c3": null}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X", "c3": "GAME:Y"}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X", "c3": "game:y"}"#));
}

#[test]
fn enemy_condition_is_the_other_side_whatever_style_and_state() {
    let r = r#""require": {"c3": "enemy"},"#;
    assert!(applies(r, r#"{"a1": "GAME:X", "c3": "game:y"}"#));
    assert!(applies(r, r#"{"a1": "GAME:X", "c3": "shogi:+p"}"#));
    assert!(applies(r, r#"{"a1": "GAME:X", "c3": "game:x"}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X", "c3": "SHOGI:+P"}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X", "c3": null}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X"}"#));
}

#[test]
fn ally_is_prevent_enemy_and_an_empty_square_passes_it() {
    let p = r#""prevent": {"c3": "enemy"},"#;
    assert!(applies(p, r#"{"a1": "GAME:X", "c3": "OTHER:Y"}"#));
    assert!(applies(p, r#"{"a1": "GAME:X"}"#), "G4: informative only");
    assert!(!applies(p, r#"{"a1": "GAME:X", "c3": "other:y"}"#));
}

#[test]
fn occupied_is_prevent_empty() {
    let p = r#""prevent": {"c3": "empty"},"#;
    assert!(applies(p, r#"{"a1": "GAME:X", "c3": "OTHER:Y"}"#));
    assert!(applies(p, r#"{"a1": "GAME:X", "c3": "other:y"}"#));
    assert!(!applies(p, r#"{"a1": "GAME:X"}"#));
}

#[test]
fn exact_piece_condition_is_byte_exact() {
    let r = r#""require": {"c3": "GAME:Y"},"#;
    assert!(applies(r, r#"{"a1": "GAME:X", "c3": "GAME:Y"}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X", "c3": "GAME:+Y"}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X", "c3": "G:Y"}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X", "c3": "game:y"}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X"}"#));
    let p = r#""prevent": {"c3": "GAME:Y"},"#;
    assert!(!applies(p, r#"{"a1": "GAME:X", "c3": "GAME:Y"}"#));
    assert!(applies(p, r#"{"a1": "GAME:X", "c3": "GAME:Z"}"#));
}

#[test]
fn require_is_and() {
    let r = r#""require": {"c3": "empty", "d4": "enemy"},"#;
    assert!(applies(r, r#"{"a1": "GAME:X", "d4": "game:y"}"#));
    assert!(!applies(r, r#"{"a1": "GAME:X"}"#));
    assert!(!applies(
        r,
        r#"{"a1": "GAME:X", "c3": "game:y", "d4": "game:y"}"#
    ));
}

#[test]
fn prevent_is_or() {
    let p = r#""prevent": {"c3": "GAME:K", "d4": "GAME:Q"},"#;
    assert!(applies(p, r#"{"a1": "GAME:X"}"#));
    assert!(!applies(p, r#"{"a1": "GAME:X", "c3": "GAME:K"}"#));
    assert!(!applies(p, r#"{"a1": "GAME:X", "d4": "GAME:Q"}"#));
    assert!(!applies(
        p,
        r#"{"a1": "GAME:X", "c3": "GAME:K", "d4": "GAME:Q"}"#
    ));
}

#[test]
fn several_variants_match_in_document_order() {
    let json = r#"{"GAME:X": {"a1": {"b2": [
        {"require": {"b2": "empty"}, "perform": {"a1": null, "b2": "GAME:X"}},
        {"require": {"b2": "enemy"}, "perform": {"a1": null, "b2": "GAME:X"}},
        {"perform": {"a1": null, "b2": "GAME:+X"}},
        {"prevent": {"b2": "empty"}, "perform": {"a1": null, "b2": "GAME:X"}}
    ]}}}"#;
    let document = valid(json);
    let variants = |b: &str| {
        moves(&document, b)
            .iter()
            .map(|m| m.variant)
            .collect::<Vec<_>>()
    };
    assert_eq!(variants(r#"{"a1": "GAME:X"}"#), [0, 2]);
    assert_eq!(variants(r#"{"a1": "GAME:X", "b2": "game:y"}"#), [1, 2, 3]);
    assert_eq!(variants(r#"{"a1": "GAME:X", "b2": "GAME:Y"}"#), [2, 3]);
    // The navigation API gives the same, one move at a time.
    let on = |b: &str| document.variants_on(&board(b), "GAME:X", "a1", "b2");
    assert_eq!(on(r#"{"a1": "GAME:X", "b2": "game:y"}"#), [1, 2, 3]);
    assert_eq!(on(r#"{"b2": "game:y"}"#), [] as [usize; 0]);
    let b = board(r#"{"a1": "GAME:X"}"#);
    assert_eq!(
        document.variants_on(&b, "GAME:X", "a1", "c3"),
        [] as [usize; 0]
    );
    assert_eq!(
        document.variants_on(&b, "game:x", "a1", "b2"),
        [] as [usize; 0]
    );
}

#[test]
fn document_order_not_board_order() {
    let json = r#"{
        "B:B": {"h1": {"h2": [{"perform": {"h2": "B:B"}}]}, "a1": {"a2": [{"perform": {"a2": "B:B"}}]}},
        "a:a": {"c1": {"c3": [{"perform": {"c3": "a:a"}}], "c2": [{"perform": {"c2": "a:a"}}]}}
    }"#;
    let document = valid(json);
    let found = moves(&document, r#"{"c1": "a:a", "a1": "B:B", "h1": "B:B"}"#);
    assert_eq!(
        keys(&found),
        [
            ("B:B", "h1", "h2", 0),
            ("B:B", "a1", "a2", 0),
            ("a:a", "c1", "c3", 0),
            ("a:a", "c1", "c2", 0)
        ]
    );
}

#[test]
fn both_sides_move() {
    let json = r#"{
        "CHESS:P": {"e2": {"e3": [{"require": {"e3": "empty"}, "perform": {"e2": null, "e3": "CHESS:P"}}]}},
        "chess:p": {"e7": {"e6": [{"require": {"e6": "empty"}, "perform": {"e7": null, "e6": "chess:p"}}]}}
    }"#;
    let document = valid(json);
    let found = moves(&document, r#"{"e2": "CHESS:P", "e7": "chess:p"}"#);
    assert_eq!(
        keys(&found),
        [("CHESS:P", "e2", "e3", 0), ("chess:p", "e7", "e6", 0)]
    );
}

#[test]
fn enemy_is_relative_to_the_moving_piece() {
    let json = r#"{
        "CHESS:P": {"e4": {"d5": [{"require": {"d5": "enemy"}, "perform": {"e4": null, "d5": "CHESS:P"}}]}},
        "chess:p": {"d5": {"e4": [{"require": {"e4": "enemy"}, "perform": {"d5": null, "e4": "chess:p"}}]}}
    }"#;
    let found = moves(&valid(json), r#"{"e4": "CHESS:P", "d5": "chess:p"}"#);
    assert_eq!(
        keys(&found),
        [("CHESS:P", "e4", "d5", 0), ("chess:p", "d5", "e4", 0)]
    );
}

#[test]
fn result_board_keeps_the_input_representation() {
    let document = valid(
        r#"{"GAME:X": {"a1": {"b2": [{"perform": {"a1": null, "b2": "GAME:X", "c3": null, "d4": null}}]}}}"#,
    );
    let found = moves(&document, r#"{"d4": null, "a1": "GAME:X", "c3": "game:y"}"#);
    assert_eq!(
        found[0].board,
        [
            entry("d4", None),
            entry("a1", None),
            entry("c3", None),
            entry("b2", Some("GAME:X"))
        ]
    );
    let found = moves(&document, r#"{"a1": "GAME:X"}"#);
    assert_eq!(
        found[0].board,
        [entry("a1", None), entry("b2", Some("GAME:X"))]
    );
}

#[test]
fn perform_not_vacating_the_source() {
    let document = valid(
        r#"{"GAME:C": {"a1": {"a3": [{"require": {"a3": "enemy"}, "perform": {"a3": null}}]}}}"#,
    );
    let found = moves(&document, r#"{"a1": "GAME:C", "a3": "game:x"}"#);
    assert_eq!(found[0].perform, [entry("a3", None)]);
    assert_eq!(
        found[0].board,
        [entry("a1", Some("GAME:C")), entry("a3", None)]
    );
}

#[test]
fn in_place_change() {
    let document = valid(r#"{"GAME:X": {"a1": {"a1": [{"perform": {"a1": "GAME:+X"}}]}}}"#);
    let found = moves(&document, r#"{"a1": "GAME:X"}"#);
    assert_eq!(keys(&found), [("GAME:X", "a1", "a1", 0)]);
    assert_eq!(found[0].board, [entry("a1", Some("GAME:+X"))]);
}

#[test]
fn filters() {
    let json = r#"{
        "A:A": {"a1": {"a2": [{"perform": {"a2": "A:A"}}], "a3": [{"perform": {"a3": "A:A"}}]},
                "b1": {"a2": [{"perform": {"a2": "A:A"}}]}},
        "a:a": {"h1": {"a2": [{"perform": {"a2": "a:a"}}]}}
    }"#;
    let document = valid(json);
    let b = board(r#"{"a1": "A:A", "b1": "A:A", "h1": "a:a"}"#);
    let run = |piece: Option<&str>, from: Option<&str>, to: Option<&str>| {
        let filter = MoveFilter {
            piece: piece.map(str::to_owned),
            from: from.map(str::to_owned),
            to: to.map(str::to_owned),
        };
        document.moves(&b, &filter).len()
    };
    assert_eq!(run(None, None, None), 4);
    assert_eq!(run(Some("A:A"), None, None), 3);
    assert_eq!(run(Some("a:a"), None, None), 1);
    assert_eq!(run(Some("B:B"), None, None), 0);
    assert_eq!(run(None, Some("a1"), None), 2);
    assert_eq!(run(None, None, Some("a2")), 3);
    assert_eq!(run(Some("A:A"), None, Some("a2")), 2);
    assert_eq!(run(None, Some("a1"), Some("a3")), 1);
    assert_eq!(run(None, Some("z9"), None), 0);
    assert_eq!(run(None, None, Some("z9")), 0);
}

#[test]
fn board_validation() {
    let check = |json: &str, options: &Options| {
        Board::parse(json.as_bytes(), options)
            .unwrap_err()
            .iter()
            .map(|d| (d.code, d.pointer.clone()))
            .collect::<Vec<_>>()
    };
    let none = Options::default();
    assert_eq!(
        check("[]", &none),
        [(codes::TOP_LEVEL_NOT_OBJECT, String::new())]
    );
    assert_eq!(check("{", &none)[0].0, codes::INVALID_JSON);
    assert_eq!(
        check(
            r#"{"a1": 1, "a/b": "CHESS:p", "": null, "*": "X:Y", "e4": "empty"}"#,
            &none
        ),
        [
            (codes::WRONG_TYPE, "/a1".to_owned()),
            ("case-mismatch", "/a~1b".to_owned()),
            (codes::EMPTY_SQUARE_LABEL, "/".to_owned()),
            (codes::UNKNOWN_KEY, "/*".to_owned()),
            ("missing-separator", "/e4".to_owned()),
        ]
    );
    assert_eq!(
        check(r#"{"e4": null, "z9": null}"#, &squares(&["e4"])),
        [(codes::UNKNOWN_SQUARE, "/z9".to_owned())]
    );
    let b = Board::from_entries([entry("e4", Some("X:Y")), entry("e5", None)], &none).unwrap();
    assert_eq!(
        (b.get("e4"), b.get("e5"), b.get("e6")),
        (Some("X:Y"), None, None)
    );
    assert_eq!(b.entries().len(), 2);
    assert!(Board::from_entries([entry("e4", Some("X:y"))], &none).is_err());
}

/// A chess-like table: every piece of both sides on every square of an 8×8 board, moving to
/// every square on the same rank, file or diagonal, with the path squares required empty
/// and the destination required empty or enemy (two variants).
fn big_table() -> String {
    let square =
        |f: i32, r: i32| format!("{}{}", char::from(b'a' + u8::try_from(f).unwrap()), r + 1);
    let mut pieces = Vec::new();
    for piece in ["CHESS:Q", "CHESS:R", "chess:q", "chess:r"] {
        let mut sources = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let mut destinations = Vec::new();
                for (df, dr) in [
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ] {
                    let mut path = Vec::new();
                    let (mut x, mut y) = (f + df, r + dr);
                    while (0..8).contains(&x) && (0..8).contains(&y) {
                        let to = square(x, y);
                        let mut require: Vec<String> =
                            path.iter().map(|s| format!(r#""{s}": "empty""#)).collect();
                        let variants: Vec<String> = ["empty", "enemy"]
                            .iter()
                            .map(|state| {
                                require.push(format!(r#""{to}": "{state}""#));
                                let v = format!(
                                    r#"{{"require": {{{}}}, "perform": {{"{}": null, "{to}": "{piece}"}}}}"#,
                                    require.join(", "),
                                    square(f, r)
                                );
                                require.pop();
                                v
                            })
                            .collect();
                        destinations.push(format!(r#""{to}": [{}]"#, variants.join(", ")));
                        path.push(to);
                        x += df;
                        y += dr;
                    }
                }
                sources.push(format!(
                    r#""{}": {{{}}}"#,
                    square(f, r),
                    destinations.join(", ")
                ));
            }
        }
        pieces.push(format!(r#""{piece}": {{{}}}"#, sources.join(", ")));
    }
    format!("{{{}}}", pieces.join(", "))
}

#[test]
fn evaluation_is_fast_on_a_big_table() {
    let json = big_table();
    let validation = validate(json.as_bytes(), &Options::default());
    assert_eq!(validation.diagnostics(), []);
    let document = validation.document().unwrap();
    assert!(
        document.variant_count() > 5000,
        "{}",
        document.variant_count()
    );
    let b = board(
        r#"{"a1": "CHESS:R", "d1": "CHESS:Q", "h1": "CHESS:R", "a8": "chess:r", "d8": "chess:q", "h8": "chess:r",
                       "a2": "CHESS:P", "b2": "CHESS:P", "c2": "CHESS:P", "d2": "CHESS:P", "e2": "CHESS:P",
                       "a7": "chess:p", "b7": "chess:p", "c7": "chess:p", "d7": "chess:p", "e7": "chess:p",
                       "e4": "CHESS:Q", "e5": "chess:q"}"#,
    );
    let found = document.moves(&b, &MoveFilter::default());
    let rounds = 20;
    let start = Instant::now();
    for _ in 0..rounds {
        assert_eq!(
            document.moves(&b, &MoveFilter::default()).len(),
            found.len()
        );
    }
    let each = start.elapsed() / rounds;
    // A guard against a pathological slowdown only, generous for unoptimized builds on a
    // loaded machine; `benches/ggn.rs` measures release builds (about 0.1 ms for a full
    // chess table).
    assert!(each.as_millis() < 50, "{each:?} per evaluation");
    // e4 queen: captures e5 upwards, slides elsewhere.
    assert!(found
        .iter()
        .any(|m| m.from == "e4" && m.to == "e5" && m.variant == 1));
    assert!(!found.iter().any(|m| m.from == "e4" && m.to == "e6"));
    assert!(!found.iter().any(|m| m.from == "a1" && m.to == "a2"));
    assert!(found
        .iter()
        .any(|m| m.piece == "chess:q" && m.from == "e5" && m.to == "e4" && m.variant == 1));
}
