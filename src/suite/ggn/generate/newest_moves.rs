//! Evaluation vectors of the newest edition, `ggn-2025-10` (docs/DECISIONS.md G28–G31),
//! written by hand: a document, a position and a query, with every move the decisions allow,
//! each with the index of the possibility that allows it. Their groups start with
//! `ggn-2025-10-`; each carries `"edition": "ggn-2025-10"` and the dialect `qpi-2026-01`
//! (G19). Every expectation is read off the decisions by hand (the reference adapter
//! `conformance/adapters/ggn_ref.py` confirms them independently), never from this crate's
//! evaluator:
//! - G28, G38: `"enemy"` holds on a square whose piece's PIN letter has the other case than
//!   the key's PIN letter (the SIN letter's case says nothing of the side); a token holds by exact
//!   equality; the source holds exactly the key;
//! - G29, G30: a square the position does not list is off the board: `must` fails on it,
//!   `deny` does not fire on it, nothing lands on it; `null` is an empty square of the board;
//! - G31: a `"*"` source needs its key in the hand, each distinct token once; every
//!   possibility that allows a move is listed; pieces of both sides move, in document order.

use std::collections::BTreeMap;

use super::super::format::{EvaluationVector, ExpectedMove, PositionEntry, Query};

/// A move: (piece, from, to, possibility).
type Move<'a> = (&'a str, &'a str, &'a str, usize);

/// An evaluation vector of the newest edition under construction (no query).
struct Eval(EvaluationVector);

impl Eval {
    /// `position` is a JSON object: CELL → token or null, `"*"` → array of tokens.
    fn new(id: &str, document: &str, position: &str, note: &str) -> Eval {
        let position: BTreeMap<String, PositionEntry> =
            serde_json::from_str(position).expect("hand-written positions are JSON objects");
        Eval(EvaluationVector {
            id: format!("ggn/moves/ggn-2025-10-{id}"),
            dialect: "qpi-2026-01".to_owned(),
            edition: Some("ggn-2025-10".to_owned()),
            document_text: document.to_owned(),
            board: None,
            position: Some(position),
            query: Query::default(),
            moves: Vec::new(),
            note: note.to_owned(),
        })
    }

    fn moves(mut self, moves: &[Move<'_>]) -> Eval {
        self.0.moves = moves
            .iter()
            .map(|&(piece, from, to, possibility)| ExpectedMove {
                piece: piece.to_owned(),
                from: from.to_owned(),
                to: to.to_owned(),
                variant: None,
                board: None,
                possibility: Some(possibility),
            })
            .collect();
        self
    }

    fn query(mut self, piece: Option<&str>, from: Option<&str>, to: Option<&str>) -> Eval {
        self.0.query = Query::of(piece, from, to);
        self
    }
}

/// A rook of each side, a step apart: quiet onto an empty square (possibility 0) or a
/// capture of an enemy (possibility 1).
const ROOKS: &str = r#"{"W:R": {"a1": {"a2": [{"must": {"a2": "empty"}}, {"must": {"a2": "enemy"}}]}}, "w:r": {"a2": {"a1": [{"must": {"a1": "empty"}}, {"must": {"a1": "enemy"}}]}}}"#;

/// A derived key (style uppercase, piece lowercase): its side is the PIN letter's, second.
const DERIVED: &str = r#"{"W:r": {"a1": {"a2": [{"must": {"a2": "enemy"}}]}}}"#;

/// Castling: f1 and g1 empty, h1 exactly `W:+R`.
const CASTLING: &str =
    r#"{"W:K^": {"e1": {"g1": [{"must": {"f1": "empty", "g1": "empty", "h1": "W:+R"}}]}}}"#;

/// En passant onto a diminished pawn.
const EN_PASSANT: &str = r#"{"W:P": {"e5": {"d6": [{"must": {"d6": "empty", "d5": "b:-p"}}]}}}"#;

/// Any enemy but the king (G25's example).
const NOT_THE_KING: &str =
    r#"{"W:Q": {"d1": {"d8": [{"must": {"d8": "enemy"}, "deny": {"d8": "b:k^"}}]}}}"#;

/// A step with `must` and a double step with `deny` on the square passed over.
const PAWN: &str =
    r#"{"W:P": {"e2": {"e3": [{"must": {"e3": "empty"}}], "e4": [{"deny": {"e3": "enemy"}}]}}}"#;

/// Drops of each side's pawn onto e5.
const DROPS: &str = r#"{"S:P": {"*": {"e5": [{"must": {"e5": "empty"}}]}}, "s:p": {"*": {"e5": [{"must": {"e5": "empty"}}]}}}"#;

/// Five possibilities for one move.
const FIVE: &str = r#"{"S:K^": {"b2": {"c3": [{}, {"must": {"c3": "empty"}}, {"must": {"c3": "enemy"}}, {"deny": {}}, {"deny": {"c3": "empty"}}]}}}"#;

/// Sources and destinations written out of board order.
const ORDER: &str =
    r#"{"B:B": {"h1": {"h2": [{}]}, "a1": {"a2": [{}]}}, "a:a": {"c1": {"c3": [{}], "c2": [{}]}}}"#;

#[allow(clippy::too_many_lines)] // a table, one vector per line
pub(super) fn vectors() -> Vec<EvaluationVector> {
    let none: &[Move<'_>] = &[];
    let castling =
        |rook: &str| format!(r#"{{"e1": "W:K^", "f1": null, "g1": null, "h1": "{rook}"}}"#);
    let order_position = r#"{"a1": "B:B", "a2": null, "c1": "a:a", "c2": null, "c3": null, "h1": "B:B", "h2": null}"#;
    let cases = vec![
        // "enemy" from the key's side (G28).
        Eval::new("enemy/other-side", ROOKS, r#"{"a1": "W:R", "a2": "c:s"}"#, "`enemy` from the key's side (G28): c:s has a lowercase PIN letter, W:R an uppercase one; a piece the document does not name is still an enemy").moves(&[("W:R", "a1", "a2", 1)]),
        Eval::new("enemy/ally", ROOKS, r#"{"a1": "W:R", "a2": "C:S"}"#, "C:S is on W:R's side: neither empty nor an enemy (G28)").moves(none),
        Eval::new("enemy/derived-occupant", ROOKS, r#"{"a1": "W:R", "a2": "C:s"}"#, "C:s is derived: its side is its PIN letter's (second), whatever its SIN letter's case, so it is W:R's enemy (G28, G38)").moves(&[("W:R", "a1", "a2", 1)]),
        Eval::new("enemy/derived-ally", ROOKS, r#"{"a1": "W:R", "a2": "c:S"}"#, "c:S is derived: its PIN letter is uppercase, W:R's side, so it is no enemy (G28, G38)").moves(none),
        Eval::new("enemy/derived-key", DERIVED, r#"{"a1": "W:r", "a2": "C:S"}"#, "the key W:r is on the side of its PIN letter (second): C:S is its enemy (G28, G38)").moves(&[("W:r", "a1", "a2", 0)]),
        Eval::new("enemy/derived-key-ally", DERIVED, r#"{"a1": "W:r", "a2": "c:s"}"#, "for the key W:r, c:s is on its side (G28, G38)").moves(none),
        Eval::new("enemy/each-captures-the-other", ROOKS, r#"{"a1": "W:R", "a2": "w:r"}"#, "both sides move (GGN has no turn); each judges `enemy` from its own key (G28, G31)").moves(&[("W:R", "a1", "a2", 1), ("w:r", "a2", "a1", 1)]),
        Eval::new("enemy/empty-is-no-enemy", ROOKS, r#"{"a1": "W:R", "a2": null}"#, "an empty square of the board is empty, not an enemy (G28, G30)").moves(&[("W:R", "a1", "a2", 0)]),
        // Exact token equality (G28).
        Eval::new("token/exact", CASTLING, &castling("W:+R"), "a token holds by exact equality: h1 holds W:+R (G28)").moves(&[("W:K^", "e1", "g1", 0)]),
        Eval::new("token/other-state", CASTLING, &castling("W:R"), "W:R is not W:+R (G28)").moves(none),
        Eval::new("token/terminal-mark", CASTLING, &castling("W:+R^"), "W:+R^ is not W:+R: the terminal mark counts (G28)").moves(none),
        Eval::new("token/other-side", CASTLING, &castling("w:+r"), "w:+r is not W:+R (G28)").moves(none),
        Eval::new("token/source-not-terminal", CASTLING, r#"{"e1": "W:K", "f1": null, "g1": null, "h1": "W:+R"}"#, "the source holds exactly the key: W:K is not W:K^ (G28)").moves(none),
        Eval::new("token/source-other-state", ROOKS, r#"{"a1": "W:+R", "a2": null}"#, "the source holds exactly the key: W:+R is not W:R (G28)").moves(none),
        Eval::new("token/en-passant", EN_PASSANT, r#"{"d5": "b:-p", "d6": null, "e5": "W:P"}"#, "en passant onto a diminished pawn: d5 holds exactly b:-p (G28)").moves(&[("W:P", "e5", "d6", 0)]),
        Eval::new("token/en-passant-plain-pawn", EN_PASSANT, r#"{"d5": "b:p", "d6": null, "e5": "W:P"}"#, "b:p is not b:-p (G28)").moves(none),
        Eval::new("token/deny-the-king", NOT_THE_KING, r#"{"d1": "W:Q", "d8": "b:k^"}"#, "`must` enemy with `deny` b:k^: the king itself is denied (G25, G28)").moves(none),
        Eval::new("token/deny-other-enemy", NOT_THE_KING, r#"{"d1": "W:Q", "d8": "b:q"}"#, "`must` enemy with `deny` b:k^: any other enemy passes (G25, G28)").moves(&[("W:Q", "d1", "d8", 0)]),
        Eval::new("token/deny-no-terminal-mark", NOT_THE_KING, r#"{"d1": "W:Q", "d8": "b:k"}"#, "b:k is not b:k^: the `deny` does not fire (G28)").moves(&[("W:Q", "d1", "d8", 0)]),
        // Squares off the board (G29, G30).
        Eval::new("off-board/listed", PAWN, r#"{"e2": "W:P", "e3": null, "e4": null}"#, "e3 and e4 on the board and empty: both moves (G30)").moves(&[("W:P", "e2", "e3", 0), ("W:P", "e2", "e4", 0)]),
        Eval::new("off-board/must-fails-deny-does-not-fire", PAWN, r#"{"e2": "W:P", "e4": null}"#, "e3 is off the board: `must` e3 empty fails, `deny` e3 enemy does not fire (G29)").moves(&[("W:P", "e2", "e4", 0)]),
        Eval::new("off-board/destination", PAWN, r#"{"e2": "W:P", "e3": null}"#, "e4 is off the board: no move lands there, even with no condition on it (G29, G30)").moves(&[("W:P", "e2", "e3", 0)]),
        Eval::new("off-board/deny-fires", PAWN, r#"{"e2": "W:P", "e3": "b:p", "e4": null}"#, "e3 holds an enemy: `must` e3 empty fails and `deny` e3 enemy fires (G29)").moves(none),
        Eval::new("off-board/no-condition", r#"{"W:N": {"b1": {"c3": [{}], "a3": [{}]}}}"#, r#"{"b1": "W:N", "c3": null}"#, "a possibility without condition: c3 is on the board, a3 is not, so only b1 to c3 (G29, G30)").moves(&[("W:N", "b1", "c3", 0)]),
        Eval::new("off-board/deny-empty", r#"{"W:R": {"a1": {"a2": [{"deny": {"h8": "empty"}}]}}}"#, r#"{"a1": "W:R", "a2": null}"#, "h8 is off the board, not empty: `deny` h8 empty does not fire (G29; in ggn-2014 an absent square is empty, G12)").moves(&[("W:R", "a1", "a2", 0)]),
        Eval::new("off-board/must-empty", r#"{"W:R": {"a1": {"a2": [{"must": {"h8": "empty"}}]}}}"#, r#"{"a1": "W:R", "a2": null}"#, "h8 is off the board, not empty: `must` h8 empty fails (G29)").moves(none),
        // Null squares (G30).
        Eval::new("null/empty-square", ROOKS, r#"{"a1": "W:R", "a2": null}"#, "null is an empty square of the board (G30)").moves(&[("W:R", "a1", "a2", 0)]),
        Eval::new("null/source", ROOKS, r#"{"a1": null, "a2": null}"#, "an empty source moves nothing (G30)").moves(none),
        Eval::new("null/empty-position", ROOKS, "{}", "the empty position: no board square, no hand, no move (G30)").moves(none),
        // The hand (G31).
        Eval::new("hand/none", DROPS, r#"{"e5": null}"#, "no hand: no drop (G31)").moves(none),
        Eval::new("hand/first-side", DROPS, r#"{"*": ["S:P"], "e5": null}"#, "S:P in the hand: its key's drop (G31)").moves(&[("S:P", "*", "e5", 0)]),
        Eval::new("hand/second-side", DROPS, r#"{"*": ["s:p"], "e5": null}"#, "s:p in the hand: the lowercase key's drop; the case says whose piece it is (G31)").moves(&[("s:p", "*", "e5", 0)]),
        Eval::new("hand/each-token-once", DROPS, r#"{"*": ["s:p", "S:P", "S:P", "s:p"], "e5": null}"#, "each distinct token once, in document order, whatever the hand's order (G31)").moves(&[("S:P", "*", "e5", 0), ("s:p", "*", "e5", 0)]),
        Eval::new("hand/exact-token", DROPS, r#"{"*": ["S:p", "s:P", "S:+P"], "e5": null}"#, "S:p, s:P and S:+P are other tokens than the keys: no drop (G28, G31)").moves(none),
        Eval::new("hand/occupied", DROPS, r#"{"*": ["S:P"], "e5": "s:k^"}"#, "`must` e5 empty fails (G31)").moves(none),
        Eval::new("hand/destination-off-board", DROPS, r#"{"*": ["S:P", "s:p"]}"#, "e5 is off the board: no drop lands there (G29, G31)").moves(none),
        Eval::new("hand/no-condition", r#"{"S:P": {"*": {"e5": [{}]}}}"#, r#"{"*": ["S:P"], "e5": "s:p"}"#, "a drop without condition lands on an occupied square of the board (G31)").moves(&[("S:P", "*", "e5", 0)]),
        // "*" destinations (G24, G30).
        Eval::new("to-hand/always-lands", r#"{"S:R": {"a1": {"*": [{"must": {"a1": "S:R"}}, {}]}}}"#, r#"{"a1": "S:R"}"#, "the hand destination always lands; both possibilities allow it (G24, G30, G31)").moves(&[("S:R", "a1", "*", 0), ("S:R", "a1", "*", 1)]),
        Eval::new("to-hand/condition-holds", r#"{"S:R": {"a1": {"*": [{"must": {"b1": "enemy"}}]}}}"#, r#"{"a1": "S:R", "b1": "s:p"}"#, "a move to the hand whose condition holds (G24, G28)").moves(&[("S:R", "a1", "*", 0)]),
        Eval::new("to-hand/condition-off-board", r#"{"S:R": {"a1": {"*": [{"must": {"b1": "enemy"}}]}}}"#, r#"{"a1": "S:R"}"#, "b1 is off the board: the `must` fails, although the destination lands (G29, G30)").moves(none),
        // Several possibilities allowing one move (G31).
        Eval::new("possibilities/empty-square", FIVE, r#"{"b2": "S:K^", "c3": null}"#, "every possibility that allows the move is listed with its index: 0 (none), 1 (must empty), 3 (empty deny) (G21, G31)").moves(&[("S:K^", "b2", "c3", 0), ("S:K^", "b2", "c3", 1), ("S:K^", "b2", "c3", 3)]),
        Eval::new("possibilities/enemy-square", FIVE, r#"{"b2": "S:K^", "c3": "s:p"}"#, "0, 2 (must enemy), 3 and 4 (deny empty) allow the capture (G31)").moves(&[("S:K^", "b2", "c3", 0), ("S:K^", "b2", "c3", 2), ("S:K^", "b2", "c3", 3), ("S:K^", "b2", "c3", 4)]),
        Eval::new("possibilities/ally-square", FIVE, r#"{"b2": "S:K^", "c3": "S:P"}"#, "0, 3 and 4 allow a move onto an ally: GGN has no rule against it (G31)").moves(&[("S:K^", "b2", "c3", 0), ("S:K^", "b2", "c3", 3), ("S:K^", "b2", "c3", 4)]),
        Eval::new("possibilities/identical", r#"{"W:P": {"e7": {"e8": [{"must": {"e8": "empty"}}, {"must": {"e8": "empty"}}, {"must": {"e8": "empty"}}]}}}"#, r#"{"e7": "W:P", "e8": null}"#, "identical possibilities (a migrated promotion, G34) are each listed (G31)").moves(&[("W:P", "e7", "e8", 0), ("W:P", "e7", "e8", 1), ("W:P", "e7", "e8", 2)]),
        // Order and sides (G31).
        Eval::new("order/document-not-board", ORDER, order_position, "moves in document order: pieces, sources, destinations as written, whatever the position's order (G31)").moves(&[("B:B", "h1", "h2", 0), ("B:B", "a1", "a2", 0), ("a:a", "c1", "c3", 0), ("a:a", "c1", "c2", 0)]),
        Eval::new("sides/both-move", r#"{"W:P": {"e2": {"e3": [{"must": {"e3": "empty"}}]}}, "b:p": {"e7": {"e6": [{"must": {"e6": "empty"}}]}}}"#, r#"{"e2": "W:P", "e3": null, "e6": null, "e7": "b:p"}"#, "pieces of both sides move: GGN has no turn (G31)").moves(&[("W:P", "e2", "e3", 0), ("b:p", "e7", "e6", 0)]),
        Eval::new("sides/board-and-hand", r#"{"S:P": {"e4": {"e5": [{"must": {"e5": "empty"}}]}, "*": {"e5": [{"must": {"e5": "empty"}}]}}, "s:p": {"*": {"e5": [{"must": {"e5": "empty"}}]}}}"#, r#"{"*": ["s:p", "S:P"], "e4": "S:P", "e5": null}"#, "a piece on the board and the same token in the hand both move, as do the other side's drops, in document order (G31)").moves(&[("S:P", "e4", "e5", 0), ("S:P", "*", "e5", 0), ("s:p", "*", "e5", 0)]),
        // Queries: equality on piece, source and destination.
        Eval::new("query/piece", ORDER, order_position, "only the moves of a:a").query(Some("a:a"), None, None).moves(&[("a:a", "c1", "c3", 0), ("a:a", "c1", "c2", 0)]),
        Eval::new("query/to", ORDER, order_position, "only the moves to a2").query(None, None, Some("a2")).moves(&[("B:B", "a1", "a2", 0)]),
        Eval::new("query/from-hand", DROPS, r#"{"*": ["S:P", "s:p"], "e5": null}"#, "only the drops of s:p (`from` the hand `*`)").query(Some("s:p"), Some("*"), None).moves(&[("s:p", "*", "e5", 0)]),
    ];
    cases.into_iter().map(|case| case.0).collect()
}
