//! Evaluation vectors: a valid document, a valid board and a query, with every possible move
//! and the board after it (G3, G12).
//!
//! The core set is written by hand, one concept per group. The generated set comes from
//! rook and knight tables on a 3×3 board: its expected moves are computed by the ordinary
//! chess rule for those pieces (a rook walks each line until a piece, capturing an enemy; a
//! knight jumps to an empty square or an enemy), not by reading the document.

use std::collections::BTreeMap;

use super::super::format::{EvaluationVector, ExpectedMove, Query};
use super::examples::{E1, E2, E3, E4, E5, E6, E7, E8, E9};

pub(super) fn vectors() -> Vec<EvaluationVector> {
    let mut cases = core();
    cases.extend(generated());
    cases.into_iter().map(|case| case.0).collect()
}

/// An evaluation vector under construction (snn-pin, no query).
struct Eval(EvaluationVector);

/// A hand-written move: (piece, from, to, variant, the occupied squares after it).
type Hand<'a> = (&'a str, &'a str, &'a str, usize, &'a [(&'a str, &'a str)]);

impl Eval {
    /// `board` is a JSON object (string or null values).
    fn new(id: &str, document: &str, board: &str, note: &str) -> Eval {
        let board: BTreeMap<String, Option<String>> =
            serde_json::from_str(board).expect("hand-written boards are JSON objects");
        Eval(EvaluationVector {
            id: format!("ggn/moves/{id}"),
            dialect: "snn-pin".to_owned(),
            edition: None,
            document_text: document.to_owned(),
            board: Some(board),
            position: None,
            query: Query::default(),
            moves: Vec::new(),
            note: note.to_owned(),
        })
    }

    fn moves(mut self, moves: &[Hand<'_>]) -> Eval {
        self.0.moves = moves
            .iter()
            .map(|&(piece, from, to, variant, board)| ExpectedMove {
                piece: piece.to_owned(),
                from: from.to_owned(),
                to: to.to_owned(),
                variant: Some(variant),
                board: Some(
                    board
                        .iter()
                        .map(|&(square, piece)| (square.to_owned(), piece.to_owned()))
                        .collect(),
                ),
                possibility: None,
            })
            .collect();
        self
    }

    fn query(mut self, piece: Option<&str>, from: Option<&str>, to: Option<&str>) -> Eval {
        self.0.query = Query::of(piece, from, to);
        self
    }

    fn dialect(mut self, dialect: &str) -> Eval {
        dialect.clone_into(&mut self.0.dialect);
        self
    }
}

/// `GAME:X` from a1 to b2 with `members` before its `perform` (a1 emptied, b2 filled).
fn rule(members: &str) -> String {
    format!(
        r#"{{"GAME:X": {{"a1": {{"b2": [{{{members}"perform": {{"a1": null, "b2": "GAME:X"}}}}]}}}}}}"#
    )
}

const X: &str = "GAME:X";

#[allow(clippy::too_many_lines)] // a table, one vector per line
fn core() -> Vec<Eval> {
    let none: &[Hand<'_>] = &[];
    let plain = rule("");
    let empty = rule(r#""require": {"c3": "empty"}, "#);
    let enemy = rule(r#""require": {"c3": "enemy"}, "#);
    let ally = rule(r#""prevent": {"c3": "enemy"}, "#);
    let occupied = rule(r#""prevent": {"c3": "empty"}, "#);
    let piece = rule(r#""require": {"c3": "GAME:Y"}, "#);
    let not_piece = rule(r#""prevent": {"c3": "GAME:Y"}, "#);
    let and = rule(r#""require": {"c3": "empty", "d4": "enemy"}, "#);
    let or = rule(r#""prevent": {"c3": "GAME:K", "d4": "GAME:Q"}, "#);
    let variants = r#"{"GAME:X": {"a1": {"b2": [
  {"require": {"b2": "empty"}, "perform": {"a1": null, "b2": "GAME:X"}},
  {"require": {"b2": "enemy"}, "perform": {"a1": null, "b2": "GAME:X"}},
  {"perform": {"a1": null, "b2": "GAME:+X"}},
  {"prevent": {"b2": "empty"}, "perform": {"a1": null, "b2": "GAME:X"}}
]}}}"#;
    let second = r#"{"game:x": {"a1": {"b2": [{"require": {"c3": "enemy"}, "perform": {"a1": null, "b2": "game:x"}}]}}}"#;
    let order = r#"{"B:B": {"h1": {"h2": [{"perform": {"h1": null, "h2": "B:B"}}]}, "a1": {"a2": [{"perform": {"a1": null, "a2": "B:B"}}]}}, "a:a": {"c1": {"c3": [{"perform": {"c1": null, "c3": "a:a"}}], "c2": [{"perform": {"c1": null, "c2": "a:a"}}]}}}"#;
    let sides = r#"{"CHESS:P": {"e2": {"e3": [{"require": {"e3": "empty"}, "perform": {"e2": null, "e3": "CHESS:P"}}]}}, "chess:p": {"e7": {"e6": [{"require": {"e6": "empty"}, "perform": {"e7": null, "e6": "chess:p"}}]}}}"#;
    let captures = r#"{"CHESS:P": {"e4": {"d5": [{"require": {"d5": "enemy"}, "perform": {"e4": null, "d5": "CHESS:P"}}]}}, "chess:p": {"d5": {"e4": [{"require": {"e4": "enemy"}, "perform": {"d5": null, "e4": "chess:p"}}]}}}"#;
    let in_place = r#"{"GAME:X": {"a1": {"a1": [{"perform": {"a1": "GAME:+X"}}]}}}"#;
    let ranged =
        r#"{"GAME:C": {"a1": {"a3": [{"require": {"a3": "enemy"}, "perform": {"a3": null}}]}}}"#;
    let turncoat = r#"{"CHESS:P": {"e2": {"e2": [{"perform": {"e2": "shogi:+p"}}]}}}"#;
    let queries = r#"{"A:A": {"a1": {"a2": [{"perform": {"a1": null, "a2": "A:A"}}], "a3": [{"perform": {"a1": null, "a3": "A:A"}}]}, "b1": {"a2": [{"perform": {"b1": null, "a2": "A:A"}}]}}, "a:a": {"h1": {"a2": [{"perform": {"h1": null, "a2": "a:a"}}]}}}"#;
    let query_board = r#"{"a1": "A:A", "b1": "A:A", "h1": "a:a"}"#;
    let e8_fixed = E8.replace("CHESS:p", "chess:p");
    let pnn = r#"{"SHOGI:+P'": {"1g": {"1f": [{"require": {"1f": "empty"}, "perform": {"1g": null, "1f": "SHOGI:+P'"}}]}}}"#;
    let b2 = [("b2", X)];
    vec![
        // The source square must hold exactly the piece (G12).
        Eval::new("source/holds-the-piece", &plain, r#"{"a1": "GAME:X"}"#, "no condition: the piece on its source moves").moves(&[(X, "a1", "b2", 0, &b2)]),
        Eval::new("source/other-state", &plain, r#"{"a1": "GAME:+X"}"#, "GAME:+X is not GAME:X: identifiers are compared byte-exactly (D9)").moves(none),
        Eval::new("source/other-side", &plain, r#"{"a1": "game:x"}"#, "game:x is another piece than GAME:X").moves(none),
        Eval::new("source/other-style", &plain, r#"{"a1": "OTHER:X"}"#, "OTHER:X is another piece than GAME:X").moves(none),
        Eval::new("source/elsewhere", &plain, r#"{"b1": "GAME:X"}"#, "the piece is not on the source square").moves(none),
        Eval::new("source/null", &plain, r#"{"a1": null}"#, "the source square is empty (null)").moves(none),
        Eval::new("source/empty-board", &plain, "{}", "an empty board has no move").moves(none),
        // "empty" (G4, G12).
        Eval::new("empty/absent-square", &empty, r#"{"a1": "GAME:X"}"#, "require c3 empty: a square absent from the board is empty (G12)").moves(&[(X, "a1", "b2", 0, &b2)]),
        Eval::new("empty/null", &empty, r#"{"a1": "GAME:X", "c3": null}"#, "require c3 empty: null is empty").moves(&[(X, "a1", "b2", 0, &b2)]),
        Eval::new("empty/ally", &empty, r#"{"a1": "GAME:X", "c3": "GAME:Y"}"#, "require c3 empty: an ally occupies it").moves(none),
        Eval::new("empty/enemy", &empty, r#"{"a1": "GAME:X", "c3": "game:y"}"#, "require c3 empty: an enemy occupies it").moves(none),
        // "enemy" (G3).
        Eval::new("enemy/other-side", &enemy, r#"{"a1": "GAME:X", "c3": "game:y"}"#, "require c3 enemy: game:y is of the other side (G3)").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "game:y")])]),
        Eval::new("enemy/other-style-and-state", &enemy, r#"{"a1": "GAME:X", "c3": "shogi:+p"}"#, "require c3 enemy: style and state do not matter, only the side (G3); the piece is not in the document").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "shogi:+p")])]),
        Eval::new("enemy/same-type", &enemy, r#"{"a1": "GAME:X", "c3": "game:x"}"#, "require c3 enemy: the same type on the other side is an enemy (G3)").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "game:x")])]),
        Eval::new("enemy/ally", &enemy, r#"{"a1": "GAME:X", "c3": "SHOGI:+P"}"#, "require c3 enemy: SHOGI:+P is of the moving piece's side").moves(none),
        Eval::new("enemy/absent-square", &enemy, r#"{"a1": "GAME:X"}"#, "require c3 enemy: an absent square is empty, not an enemy").moves(none),
        Eval::new("enemy/second-player", second, r#"{"a1": "game:x", "c3": "GAME:Y"}"#, "enemy is relative to the moving piece: for game:x, GAME:Y is an enemy (G3)").moves(&[("game:x", "a1", "b2", 0, &[("b2", "game:x"), ("c3", "GAME:Y")])]),
        Eval::new("enemy/second-player-ally", second, r#"{"a1": "game:x", "c3": "game:y"}"#, "for game:x, game:y is an ally").moves(none),
        // "ally" = prevent enemy (informative, G4).
        Eval::new("ally/ally-present", &ally, r#"{"a1": "GAME:X", "c3": "OTHER:Y"}"#, "prevent c3 enemy: an ally passes").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "OTHER:Y")])]),
        Eval::new("ally/empty-passes", &ally, r#"{"a1": "GAME:X"}"#, "prevent c3 enemy: an empty square passes too; the spec's \"ally\" row is informative only (G4)").moves(&[(X, "a1", "b2", 0, &b2)]),
        Eval::new("ally/enemy-blocks", &ally, r#"{"a1": "GAME:X", "c3": "other:y"}"#, "prevent c3 enemy: an enemy blocks").moves(none),
        // "occupied" = prevent empty.
        Eval::new("occupied/ally", &occupied, r#"{"a1": "GAME:X", "c3": "GAME:Y"}"#, "prevent c3 empty: an ally occupies it").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "GAME:Y")])]),
        Eval::new("occupied/enemy", &occupied, r#"{"a1": "GAME:X", "c3": "game:y"}"#, "prevent c3 empty: an enemy occupies it").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "game:y")])]),
        Eval::new("occupied/absent-square", &occupied, r#"{"a1": "GAME:X"}"#, "prevent c3 empty: an absent square is empty, so the prevention fires").moves(none),
        // An exact piece.
        Eval::new("piece/exact", &piece, r#"{"a1": "GAME:X", "c3": "GAME:Y"}"#, "require c3 GAME:Y: exactly that piece").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "GAME:Y")])]),
        Eval::new("piece/other-state", &piece, r#"{"a1": "GAME:X", "c3": "GAME:+Y"}"#, "require c3 GAME:Y: GAME:+Y differs (byte-exact, D9)").moves(none),
        Eval::new("piece/other-style", &piece, r#"{"a1": "GAME:X", "c3": "G:Y"}"#, "require c3 GAME:Y: G:Y is another style (D9)").moves(none),
        Eval::new("piece/other-side", &piece, r#"{"a1": "GAME:X", "c3": "game:y"}"#, "require c3 GAME:Y: game:y differs").moves(none),
        Eval::new("piece/absent-square", &piece, r#"{"a1": "GAME:X"}"#, "require c3 GAME:Y: the square is absent, hence empty").moves(none),
        Eval::new("not-piece/present", &not_piece, r#"{"a1": "GAME:X", "c3": "GAME:Y"}"#, "prevent c3 GAME:Y: that piece is there").moves(none),
        Eval::new("not-piece/other", &not_piece, r#"{"a1": "GAME:X", "c3": "GAME:Z"}"#, "prevent c3 GAME:Y: another piece does not fire it").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "GAME:Z")])]),
        Eval::new("not-piece/absent-square", &not_piece, r#"{"a1": "GAME:X"}"#, "prevent c3 GAME:Y: an absent square holds no piece").moves(&[(X, "a1", "b2", 0, &b2)]),
        // require is AND.
        Eval::new("require-and/both-hold", &and, r#"{"a1": "GAME:X", "d4": "game:y"}"#, "require c3 empty and d4 enemy: both hold").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("d4", "game:y")])]),
        Eval::new("require-and/first-fails", &and, r#"{"a1": "GAME:X", "c3": "game:y", "d4": "game:y"}"#, "require is AND: c3 is not empty").moves(none),
        Eval::new("require-and/second-fails", &and, r#"{"a1": "GAME:X"}"#, "require is AND: d4 holds no enemy").moves(none),
        // prevent is OR.
        Eval::new("prevent-or/neither", &or, r#"{"a1": "GAME:X"}"#, "prevent c3 GAME:K or d4 GAME:Q: neither is there").moves(&[(X, "a1", "b2", 0, &b2)]),
        Eval::new("prevent-or/first", &or, r#"{"a1": "GAME:X", "c3": "GAME:K"}"#, "prevent is OR: the first condition alone forbids the move").moves(none),
        Eval::new("prevent-or/second", &or, r#"{"a1": "GAME:X", "d4": "GAME:Q"}"#, "prevent is OR: the second condition alone forbids the move").moves(none),
        Eval::new("prevent-or/both", &or, r#"{"a1": "GAME:X", "c3": "GAME:K", "d4": "GAME:Q"}"#, "prevent is OR: both conditions").moves(none),
        Eval::new("prevent-or/other-pieces", &or, r#"{"a1": "GAME:X", "c3": "game:k", "d4": "game:q"}"#, "prevent is OR of exact pieces: game:k and game:q are other pieces").moves(&[(X, "a1", "b2", 0, &[("b2", X), ("c3", "game:k"), ("d4", "game:q")])]),
        // Several variants match, in document order (G12).
        Eval::new("variants/empty-destination", variants, r#"{"a1": "GAME:X"}"#, "variants 0 (b2 empty) and 2 (no condition) match").moves(&[(X, "a1", "b2", 0, &b2), (X, "a1", "b2", 2, &[("b2", "GAME:+X")])]),
        Eval::new("variants/enemy-destination", variants, r#"{"a1": "GAME:X", "b2": "game:y"}"#, "variants 1 (b2 enemy), 2 and 3 (b2 occupied) match").moves(&[(X, "a1", "b2", 1, &b2), (X, "a1", "b2", 2, &[("b2", "GAME:+X")]), (X, "a1", "b2", 3, &b2)]),
        Eval::new("variants/ally-destination", variants, r#"{"a1": "GAME:X", "b2": "GAME:Y"}"#, "variants 2 and 3 match; GGN has no rule against taking an ally").moves(&[(X, "a1", "b2", 2, &[("b2", "GAME:+X")]), (X, "a1", "b2", 3, &b2)]),
        // Order and sides.
        Eval::new("order/document-not-board", order, r#"{"c1": "a:a", "a1": "B:B", "h1": "B:B"}"#, "moves come in document order: pieces, sources, destinations as written, whatever the board's order (G12)").moves(&[
            ("B:B", "h1", "h2", 0, &[("a1", "B:B"), ("c1", "a:a"), ("h2", "B:B")]),
            ("B:B", "a1", "a2", 0, &[("a2", "B:B"), ("c1", "a:a"), ("h1", "B:B")]),
            ("a:a", "c1", "c3", 0, &[("a1", "B:B"), ("c3", "a:a"), ("h1", "B:B")]),
            ("a:a", "c1", "c2", 0, &[("a1", "B:B"), ("c2", "a:a"), ("h1", "B:B")]),
        ]),
        Eval::new("sides/both-move", sides, r#"{"e2": "CHESS:P", "e7": "chess:p"}"#, "GGN has no turn: pieces of both sides move (G12)").moves(&[
            ("CHESS:P", "e2", "e3", 0, &[("e3", "CHESS:P"), ("e7", "chess:p")]),
            ("chess:p", "e7", "e6", 0, &[("e2", "CHESS:P"), ("e6", "chess:p")]),
        ]),
        Eval::new("sides/each-captures-the-other", captures, r#"{"e4": "CHESS:P", "d5": "chess:p"}"#, "enemy is relative to each moving piece (G3)").moves(&[
            ("CHESS:P", "e4", "d5", 0, &[("d5", "CHESS:P")]),
            ("chess:p", "d5", "e4", 0, &[("e4", "chess:p")]),
        ]),
        // perform (G12, G13).
        Eval::new("perform/in-place", in_place, r#"{"a1": "GAME:X"}"#, "source equal to destination: an in-place change (G13)").moves(&[(X, "a1", "a1", 0, &[("a1", "GAME:+X")])]),
        Eval::new("perform/source-stays", ranged, r#"{"a1": "GAME:C", "a3": "game:x"}"#, "perform empties the target only; the piece stays on its source (G13)").moves(&[("GAME:C", "a1", "a3", 0, &[("a1", "GAME:C")])]),
        Eval::new("perform/side-and-style-change", turncoat, r#"{"e2": "CHESS:P"}"#, "perform may change the piece's side and style (G13)").moves(&[("CHESS:P", "e2", "e2", 0, &[("e2", "shogi:+p")])]),
        // The spec's examples.
        Eval::new("spec/e1", E1, r#"{"c3": "GAME:X", "c5": "game:x"}"#, "E1: no requirement, so the move also lands on an occupied square").moves(&[(X, "c3", "c5", 0, &[("c5", X)])]),
        Eval::new("spec/e2-clear", E2, r#"{"c3": "GAME:X"}"#, "E2: c4 and c5 are absent, hence empty").moves(&[(X, "c3", "c5", 0, &[("c5", X)])]),
        Eval::new("spec/e2-blocked", E2, r#"{"c3": "GAME:X", "c4": "game:y"}"#, "E2: c4 is occupied").moves(none),
        Eval::new("spec/e3", E3, r#"{"c3": "GAME:X", "d4": "other:q"}"#, "E3: d4 holds an enemy").moves(&[(X, "c3", "d4", 0, &[("d4", X)])]),
        Eval::new("spec/e3-ally", E3, r#"{"c3": "GAME:X", "d4": "OTHER:Q"}"#, "E3: d4 holds an ally").moves(none),
        Eval::new("spec/e4", E4, r#"{"e7": "CHESS:P"}"#, "E4: four promotion variants, in document order").moves(&[
            ("CHESS:P", "e7", "e8", 0, &[("e8", "CHESS:Q")]),
            ("CHESS:P", "e7", "e8", 1, &[("e8", "CHESS:R")]),
            ("CHESS:P", "e7", "e8", 2, &[("e8", "CHESS:N")]),
            ("CHESS:P", "e7", "e8", 3, &[("e8", "CHESS:B")]),
        ]),
        Eval::new("spec/e4-blocked", E4, r#"{"e7": "CHESS:P", "e8": "chess:k"}"#, "E4: e8 is occupied").moves(none),
        Eval::new("spec/e5", E5, r#"{"1g": "SHOGI:P"}"#, "E5: promote or not").moves(&[
            ("SHOGI:P", "1g", "1f", 0, &[("1f", "SHOGI:P")]),
            ("SHOGI:P", "1g", "1f", 1, &[("1f", "SHOGI:+P")]),
        ]),
        Eval::new("spec/e6", E6, r#"{"e1": "CHESS:K", "h1": "CHESS:R"}"#, "E6: castling fills f1 and g1, absent from the board").moves(&[("CHESS:K", "e1", "g1", 0, &[("f1", "CHESS:R"), ("g1", "CHESS:K")])]),
        Eval::new("spec/e6-enemy-rook", E6, r#"{"e1": "CHESS:K", "h1": "chess:r"}"#, "E6: h1 must hold exactly CHESS:R").moves(none),
        Eval::new("spec/e7-blocked", E7, r#"{"c1": "GAME:B", "g5": "GAME:K"}"#, "E7: g5 holds GAME:K").moves(none),
        Eval::new("spec/e7-clear", E7, r#"{"c1": "GAME:B", "g5": "game:k", "h6": "game:q"}"#, "E7: g5 and h6 hold other pieces than those prevented").moves(&[("GAME:B", "c1", "f4", 0, &[("f4", "GAME:B"), ("g5", "game:k"), ("h6", "game:q")])]),
        Eval::new("spec/e8-corrected", &e8_fixed, r#"{"d5": "CHESS:P", "e5": "chess:p"}"#, "E8 with chess:p for the spec's invalid CHESS:p (G2): en passant empties e5").moves(&[("CHESS:P", "d5", "e6", 0, &[("e6", "CHESS:P")])]),
        Eval::new("spec/e9", E9, r#"{"e7": "CHESS:P"}"#, "E9: two promotion variants").moves(&[
            ("CHESS:P", "e7", "e8", 0, &[("e8", "CHESS:Q")]),
            ("CHESS:P", "e7", "e8", 1, &[("e8", "CHESS:N")]),
        ]),
        // Queries.
        Eval::new("query/all", queries, query_board, "no query: every move").moves(&[
            ("A:A", "a1", "a2", 0, &[("a2", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
            ("A:A", "a1", "a3", 0, &[("a3", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
            ("A:A", "b1", "a2", 0, &[("a1", "A:A"), ("a2", "A:A"), ("h1", "a:a")]),
            ("a:a", "h1", "a2", 0, &[("a1", "A:A"), ("a2", "a:a"), ("b1", "A:A")]),
        ]),
        Eval::new("query/piece", queries, query_board, "only the moves of A:A").query(Some("A:A"), None, None).moves(&[
            ("A:A", "a1", "a2", 0, &[("a2", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
            ("A:A", "a1", "a3", 0, &[("a3", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
            ("A:A", "b1", "a2", 0, &[("a1", "A:A"), ("a2", "A:A"), ("h1", "a:a")]),
        ]),
        Eval::new("query/piece-second", queries, query_board, "only the moves of a:a (byte-exact)").query(Some("a:a"), None, None).moves(&[
            ("a:a", "h1", "a2", 0, &[("a1", "A:A"), ("a2", "a:a"), ("b1", "A:A")]),
        ]),
        Eval::new("query/piece-absent", queries, query_board, "a piece the document does not have").query(Some("B:B"), None, None).moves(none),
        Eval::new("query/from", queries, query_board, "only the moves from a1").query(None, Some("a1"), None).moves(&[
            ("A:A", "a1", "a2", 0, &[("a2", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
            ("A:A", "a1", "a3", 0, &[("a3", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
        ]),
        Eval::new("query/to", queries, query_board, "only the moves to a2").query(None, None, Some("a2")).moves(&[
            ("A:A", "a1", "a2", 0, &[("a2", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
            ("A:A", "b1", "a2", 0, &[("a1", "A:A"), ("a2", "A:A"), ("h1", "a:a")]),
            ("a:a", "h1", "a2", 0, &[("a1", "A:A"), ("a2", "a:a"), ("b1", "A:A")]),
        ]),
        Eval::new("query/piece-and-to", queries, query_board, "A:A to a2").query(Some("A:A"), None, Some("a2")).moves(&[
            ("A:A", "a1", "a2", 0, &[("a2", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
            ("A:A", "b1", "a2", 0, &[("a1", "A:A"), ("a2", "A:A"), ("h1", "a:a")]),
        ]),
        Eval::new("query/from-and-to", queries, query_board, "from a1 to a3").query(None, Some("a1"), Some("a3")).moves(&[
            ("A:A", "a1", "a3", 0, &[("a3", "A:A"), ("b1", "A:A"), ("h1", "a:a")]),
        ]),
        Eval::new("query/unknown-square", queries, query_board, "a square the document does not mention").query(None, Some("z9"), None).moves(none),
        // Another dialect.
        Eval::new("dialect/pnn", pnn, r#"{"1g": "SHOGI:+P'"}"#, "pnn identifiers, intermediate mark included (G1)").dialect("pnn").moves(&[("SHOGI:+P'", "1g", "1f", 0, &[("1f", "SHOGI:+P'")])]),
    ]
}

/// The 3×3 board of the generated tables, rank by rank: a1 b1 c1 a2 … c3.
const FILES: [char; 3] = ['a', 'b', 'c'];

fn square(file: i32, rank: i32) -> Option<String> {
    let f = usize::try_from(file).ok().filter(|&f| f < 3)?;
    let r = (0..3).contains(&rank).then_some(rank + 1)?;
    Some(format!("{}{r}", FILES[f]))
}

fn squares() -> impl Iterator<Item = (i32, i32)> {
    (0..3).flat_map(|rank| (0..3).map(move |file| (file, rank)))
}

/// How a piece moves: along lines until a piece (rook), or by jumps (knight).
#[derive(Clone, Copy)]
enum Mover {
    Rook,
    Knight,
}

impl Mover {
    fn steps(self) -> &'static [(i32, i32)] {
        match self {
            Mover::Rook => &[(0, 1), (0, -1), (1, 0), (-1, 0)],
            Mover::Knight => &[
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
        }
    }

    fn slides(self) -> bool {
        matches!(self, Mover::Rook)
    }

    /// Every (destination, squares passed over) from `(file, rank)`, in the table's order.
    fn targets(self, file: i32, rank: i32) -> Vec<(String, Vec<String>)> {
        let mut targets = Vec::new();
        for &(df, dr) in self.steps() {
            let mut path = Vec::new();
            let (mut f, mut r) = (file + df, rank + dr);
            while let Some(to) = square(f, r) {
                targets.push((to.clone(), path.clone()));
                if !self.slides() {
                    break;
                }
                path.push(to);
                f += df;
                r += dr;
            }
        }
        targets
    }
}

/// The GGN table of `mover` for `pieces` (both sides): for each destination, a quiet variant
/// (path and destination empty) and a capture (path empty, destination enemy).
fn table(mover: Mover, pieces: &[&str]) -> String {
    let mut out = Vec::new();
    for piece in pieces {
        let mut sources = Vec::new();
        for (file, rank) in squares() {
            let from = square(file, rank).expect("on the board");
            let destinations: Vec<String> = mover
                .targets(file, rank)
                .into_iter()
                .map(|(to, path)| {
                    let variants: Vec<String> = ["empty", "enemy"]
                        .iter()
                        .map(|state| {
                            let mut require: Vec<String> =
                                path.iter().map(|s| format!(r#""{s}": "empty""#)).collect();
                            require.push(format!(r#""{to}": "{state}""#));
                            format!(
                                r#"{{"require": {{{}}}, "perform": {{"{from}": null, "{to}": "{piece}"}}}}"#,
                                require.join(", ")
                            )
                        })
                        .collect();
                    format!(r#""{to}": [{}]"#, variants.join(", "))
                })
                .collect();
            if !destinations.is_empty() {
                sources.push(format!(r#""{from}": {{{}}}"#, destinations.join(", ")));
            }
        }
        out.push(format!(r#""{piece}": {{{}}}"#, sources.join(", ")));
    }
    format!("{{{}}}", out.join(", "))
}

/// The chess rule, by hand: for each piece in `pieces` order and each of its squares in
/// board order, walk each step; an empty square is a quiet move (variant 0), an enemy a
/// capture (variant 1) that ends the line, an ally ends the line.
fn chess_moves(
    mover: Mover,
    pieces: &[&str],
    board: &BTreeMap<String, String>,
) -> Vec<ExpectedMove> {
    let upper = |piece: &str| piece.starts_with(|c: char| c.is_ascii_uppercase());
    let mut found = Vec::new();
    for &piece in pieces {
        for (file, rank) in squares() {
            let from = square(file, rank).expect("on the board");
            if board.get(&from).map(String::as_str) != Some(piece) {
                continue;
            }
            for &(df, dr) in mover.steps() {
                let (mut f, mut r) = (file + df, rank + dr);
                while let Some(to) = square(f, r) {
                    let variant = match board.get(&to) {
                        None => 0,
                        Some(other) if upper(other) != upper(piece) => 1,
                        Some(_) => break,
                    };
                    let mut after = board.clone();
                    after.remove(&from);
                    after.insert(to.clone(), piece.to_owned());
                    found.push(ExpectedMove {
                        piece: piece.to_owned(),
                        from: from.clone(),
                        to,
                        variant: Some(variant),
                        board: Some(after),
                        possibility: None,
                    });
                    if variant == 1 || !mover.slides() {
                        break;
                    }
                    f += df;
                    r += dr;
                }
            }
        }
    }
    found
}

/// A small deterministic generator (a 64-bit LCG, Knuth's MMIX constants): fixed seed, so
/// the corpus is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let high = usize::try_from(self.0 >> 33).expect("31 bits fit");
        high % n
    }
}

fn generated() -> Vec<Eval> {
    let mut rng = Lcg(0x6767_6e00);
    let mut cases = Vec::new();
    for (name, mover, pieces) in [
        ("rook", Mover::Rook, ["GAME:R", "game:r"]),
        ("knight", Mover::Knight, ["GAME:N", "game:n"]),
    ] {
        let document = table(mover, &pieces);
        // Pieces placed at random: the table's two, and blockers it does not move.
        let population = [
            pieces[0], pieces[1], pieces[0], pieces[1], "GAME:P", "game:p",
        ];
        for n in 0..6 {
            let mut board = BTreeMap::new();
            let count = 2 + rng.below(5);
            while board.len() < count {
                let (file, rank) = (rng.below(3), rng.below(3));
                let at = format!("{}{}", FILES[file], rank + 1);
                let piece = population[rng.below(population.len())];
                board.entry(at).or_insert_with(|| piece.to_owned());
            }
            let moves = chess_moves(mover, &pieces, &board);
            let mut case = Eval::new(
                &format!("generated/{name}-{n}"),
                &document,
                "{}",
                &format!(
                    "the {name} table of a 3x3 board; expected moves from the chess rule for a \
                     {name} (walk each line until a piece, capture an enemy, stop at an ally; \
                     a knight jumps), computed without the document"
                ),
            );
            case.0.board = Some(board.into_iter().map(|(k, v)| (k, Some(v))).collect());
            case.0.moves = moves;
            cases.push(case);
        }
    }
    cases
}
