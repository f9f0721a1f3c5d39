//! Evaluation of the newest GGN edition (docs/DECISIONS.md G28–G31): `Rules::moves` on a
//! `Position`, and `gan ggn moves --edition ggn-2025-10`. Every expected move is written by
//! hand from the decisions, never produced by the code under test.

use gan::ggn::{codes, Options, Position, Rules};

use crate::util::{gan_command, outcome};

/// (piece, from, to, possibility) of every move of `rules` on `position`.
fn moves(rules: &str, position: &str) -> Vec<(String, String, String, usize)> {
    let options = Options::default();
    let rules = Rules::read(rules.as_bytes(), &options).expect("valid rules");
    let position = Position::parse(position.as_bytes(), &options).expect("valid position");
    rules
        .moves(&position)
        .map(|m| {
            (
                m.piece.to_owned(),
                m.from.to_owned(),
                m.to.to_owned(),
                m.possibility,
            )
        })
        .collect()
}

fn one(piece: &str, from: &str, to: &str, possibility: usize) -> (String, String, String, usize) {
    (
        piece.to_owned(),
        from.to_owned(),
        to.to_owned(),
        possibility,
    )
}

/// A rook-like piece of each side: quiet onto an empty square, or a capture of an enemy.
const ROOK: &str = r#"{
 "W:R": {"a1": {"a2": [{"must": {"a2": "empty"}}, {"must": {"a2": "enemy"}}]}},
 "w:r": {"a2": {"a1": [{"must": {"a1": "empty"}}, {"must": {"a1": "enemy"}}]}}}"#;

#[test]
fn g28_enemy_is_judged_from_the_keys_side() {
    // An uppercase key: a lowercase piece is its enemy, an uppercase one is not.
    assert_eq!(
        moves(ROOK, r#"{"a1": "W:R", "a2": "c:s"}"#),
        [one("W:R", "a1", "a2", 1)]
    );
    assert_eq!(moves(ROOK, r#"{"a1": "W:R", "a2": "C:S"}"#), []);
    // Both sides move (GGN has no turn): the lowercase rook captures the uppercase one.
    assert_eq!(
        moves(ROOK, r#"{"a1": "W:R", "a2": "w:r"}"#),
        [one("W:R", "a1", "a2", 1), one("w:r", "a2", "a1", 1)]
    );
}

#[test]
fn g28_a_token_holds_by_exact_equality() {
    let rules =
        r#"{"W:K^": {"e1": {"g1": [{"must": {"h1": "W:+R", "f1": "empty", "g1": "empty"}}]}}}"#;
    let with = |rook: &str| format!(r#"{{"e1": "W:K^", "f1": null, "g1": null, "h1": "{rook}"}}"#);
    assert_eq!(moves(rules, &with("W:+R")), [one("W:K^", "e1", "g1", 0)]);
    for other in ["W:-R", "W:R", "w:+r", "W:+R^"] {
        assert_eq!(moves(rules, &with(other)), [], "{other}");
    }
    // The source holds exactly the key: `W:K` is not `W:K^`.
    let plain = r#"{"e1": "W:K", "f1": null, "g1": null, "h1": "W:+R"}"#;
    assert_eq!(moves(rules, plain), []);
}

#[test]
fn g29_g30_a_square_the_position_does_not_list_is_off_the_board() {
    let rules = r#"{"W:P": {"e2": {"e3": [{"must": {"e3": "empty"}}],
                                      "e4": [{"deny": {"e3": "enemy"}}]}}}"#;
    // e3 listed empty: both moves; e4 must be on the board to be landed on.
    assert_eq!(
        moves(rules, r#"{"e2": "W:P", "e3": null, "e4": null}"#),
        [one("W:P", "e2", "e3", 0), one("W:P", "e2", "e4", 0)]
    );
    // e3 absent: `must` fails on it, `deny` does not fire on it.
    assert_eq!(
        moves(rules, r#"{"e2": "W:P", "e4": null}"#),
        [one("W:P", "e2", "e4", 0)]
    );
    // e4 absent: no move lands off the board, even without a condition on it.
    assert_eq!(
        moves(rules, r#"{"e2": "W:P", "e3": null}"#),
        [one("W:P", "e2", "e3", 0)]
    );
    // A deny that holds forbids the move.
    assert_eq!(
        moves(rules, r#"{"e2": "W:P", "e3": "b:p", "e4": null}"#),
        []
    );
}

#[test]
fn g31_drops_need_the_token_in_the_hand() {
    let rules = r#"{"J:F": {"*": {"e5": [{"must": {"e5": "empty"}}]}},
                    "j:f": {"*": {"e5": [{"must": {"e5": "empty"}}]}}}"#;
    assert_eq!(moves(rules, r#"{"e5": null}"#), []);
    assert_eq!(
        moves(rules, r#"{"e5": null, "*": ["j:f", "J:F", "J:F"]}"#),
        [one("J:F", "*", "e5", 0), one("j:f", "*", "e5", 0)]
    );
    assert_eq!(moves(rules, r#"{"e5": "J:K^", "*": ["J:F"]}"#), []);
}

#[test]
fn every_possibility_that_holds_is_listed_and_a_possibility_without_conditions_always_holds() {
    let rules = r#"{"S:K^": {"b2": {"c3": [{}, {"must": {"c3": "empty"}}, {"must": {"c3": "enemy"}}, {"deny": {}}]}}}"#;
    assert_eq!(
        moves(rules, r#"{"b2": "S:K^", "c3": null}"#),
        [
            one("S:K^", "b2", "c3", 0),
            one("S:K^", "b2", "c3", 1),
            one("S:K^", "b2", "c3", 3)
        ]
    );
}

#[test]
fn a_piece_the_document_does_not_name_has_no_move_and_is_still_an_enemy() {
    let rules = r#"{"W:N": {"b1": {"c3": [{"must": {"c3": "enemy"}}]}}}"#;
    assert_eq!(
        moves(rules, r#"{"b1": "W:N", "c3": "x:q"}"#),
        [one("W:N", "b1", "c3", 0)]
    );
}

/// (code, pointer) of a rejected position.
fn position_errors(text: &str) -> Vec<(&'static str, String)> {
    Position::parse(text.as_bytes(), &Options::default())
        .expect_err("an invalid position")
        .into_iter()
        .map(|d| (d.code, d.pointer))
        .collect()
}

#[test]
fn invalid_positions_are_rejected_with_pointers() {
    let at = |code, pointer: &str| (code, pointer.to_owned());
    assert_eq!(
        position_errors(r#"{"E4": "W:P"}"#),
        [at(codes::INVALID_LOCATION, "/E4")]
    );
    assert_eq!(
        position_errors(r#"{"e4": "W:"}"#),
        [at(codes::INVALID_QPI, "/e4")]
    );
    assert_eq!(
        position_errors(r#"{"e4": 1, "*": "W:P"}"#),
        [at(codes::WRONG_TYPE, "/e4"), at(codes::WRONG_TYPE, "/*")]
    );
    assert_eq!(
        position_errors(r#"{"*": ["W:P", "P"]}"#),
        [at(codes::INVALID_QPI, "/*/1")]
    );
    assert_eq!(
        position_errors(r#"{"e4": null, "e4": null}"#),
        [at(codes::DUPLICATE_KEY, "/e4")]
    );
    assert_eq!(position_errors("[]"), [at(codes::TOP_LEVEL_NOT_OBJECT, "")]);
}

#[test]
fn invalid_rules_are_refused_with_their_diagnostics() {
    let errors = Rules::read(
        br#"{"W:P": {"e2": {"e3": [{"require": {}}]}}}"#,
        &Options::default(),
    )
    .expect_err("the 2014 edition's key");
    assert_eq!(errors[0].code, codes::UNKNOWN_KEY);
}

#[test]
fn the_cli_lists_each_move_with_its_possibility() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.json");
    let board = dir.path().join("board.json");
    std::fs::write(&rules, ROOK).unwrap();
    std::fs::write(&board, r#"{"a1": "W:R", "a2": null}"#).unwrap();
    let args = |format: &str| {
        let mut command = gan_command();
        command.args([
            "ggn",
            "moves",
            "--edition",
            "ggn-2025-10",
            "--format",
            format,
        ]);
        command
            .arg("--rules")
            .arg(&rules)
            .arg("--board")
            .arg(&board);
        command
    };
    assert_eq!(
        outcome(&mut args("json"), b""),
        (
            0,
            "{\"piece\":\"W:R\",\"from\":\"a1\",\"to\":\"a2\",\"possibility\":0}\n".to_owned(),
            String::new()
        )
    );
    assert_eq!(
        outcome(&mut args("text"), b""),
        (
            0,
            "W:R a1 -> a2 (possibility 0)\n".to_owned(),
            String::new()
        )
    );
    // The 2014 edition rejects the same document (exit 1).
    let mut old = gan_command();
    old.args(["ggn", "moves", "--rules"])
        .arg(&rules)
        .arg("--board")
        .arg(&board);
    assert_eq!(outcome(&mut old, b"").0, 1);
    // An invalid position: exit 1, its problem on standard error.
    std::fs::write(&board, r#"{"a0": "W:R"}"#).unwrap();
    let (code, out, err) = outcome(&mut args("text"), b"");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("invalid-location") && err.contains("/a0"),
        "{err}"
    );
}

/// Invalid rules: exit 1, nothing on standard output, and on standard error the report that
/// `gan ggn validate --edition ggn-2025-10` prints for the same file (text and JSON), each
/// diagnostic written as it is found.
#[test]
fn the_cli_reports_invalid_rules_as_ggn_validate_does() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("rules.json");
    let board = dir.path().join("board.json");
    std::fs::write(
        &rules,
        r#"{"W:P": {"e2": {"e3": [{"require": {}}]}}, "x": [], "W:P": {}}"#,
    )
    .unwrap();
    std::fs::write(&board, r#"{"e2": "W:P", "e3": null}"#).unwrap();
    for format in ["text", "json"] {
        let mut moves = gan_command();
        moves
            .args([
                "ggn",
                "moves",
                "--edition",
                "ggn-2025-10",
                "--format",
                format,
            ])
            .arg("--rules")
            .arg(&rules)
            .arg("--board")
            .arg(&board);
        let (code, out, err) = outcome(&mut moves, b"");
        let mut validate = gan_command();
        validate
            .args([
                "ggn",
                "validate",
                "--edition",
                "ggn-2025-10",
                "--format",
                format,
            ])
            .arg(&rules);
        let (validate_code, report, _) = outcome(&mut validate, b"");
        assert_eq!((code, out.as_str(), validate_code), (1, "", 1), "{format}");
        assert_eq!(err, report, "{format}");
        assert!(
            err.contains("unknown-key") && err.contains("duplicate-key"),
            "{err}"
        );
    }
    // Under -q, nothing is written.
    let mut quiet = gan_command();
    quiet
        .args(["ggn", "moves", "--edition", "ggn-2025-10", "-q", "--rules"])
        .arg(&rules)
        .arg("--board")
        .arg(&board);
    assert_eq!(outcome(&mut quiet, b""), (1, String::new(), String::new()));
}
