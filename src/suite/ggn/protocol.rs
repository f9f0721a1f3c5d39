//! The GGN suite's JSON-lines protocol (`conformance/PROTOCOL-ggn.md`): the request of each
//! vector, the shape of a reply, and how a reply is judged. A runner (`gan check --suite
//! ggn`) only has to start the adapter, write [`Request`]s, read [`Reply`]s and report the
//! [`Verdict`]s.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::format::{
    EvaluationVector, Expected, ExpectedMove, PositionEntry, Query, ValidationVector,
};

/// One request line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Request {
    /// Validate a document.
    Validate {
        /// The vector's id, echoed in the reply.
        id: String,
        /// The dialect of the GAN values.
        dialect: String,
        /// The GGN edition, when it is not `ggn-2014`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edition: Option<String>,
        /// The document's exact text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        document_text: Option<String>,
        /// The document's bytes in hex, when they are not UTF-8.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        document_hex: Option<String>,
        /// The valid board squares (G6), when given.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        squares: Option<Vec<String>>,
        /// Every warning is an error.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        strict: bool,
    },
    /// List the moves a document allows on a board.
    Moves {
        /// The vector's id, echoed in the reply.
        id: String,
        /// The dialect of the GAN values.
        dialect: String,
        /// The GGN edition, when it is not `ggn-2014`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        edition: Option<String>,
        /// The document's exact text.
        document_text: String,
        /// `ggn-2014`: square → GAN identifier or `null`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        board: Option<BTreeMap<String, Option<String>>>,
        /// `ggn-2025-10`: CELL → QPI token or `null`, and `"*"`, the hand (G30, G31).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        position: Option<BTreeMap<String, PositionEntry>>,
        /// Which moves are asked for.
        query: Query,
    },
}

impl Request {
    /// The request of a validation vector.
    pub fn validate(vector: &ValidationVector) -> Request {
        Request::Validate {
            id: vector.id.clone(),
            dialect: vector.dialect.clone(),
            edition: vector.edition.clone(),
            document_text: vector.document_text.clone(),
            document_hex: vector.document_hex.clone(),
            squares: vector.squares.clone(),
            strict: vector.strict,
        }
    }

    /// The request of an evaluation vector.
    pub fn moves(vector: &EvaluationVector) -> Request {
        Request::Moves {
            id: vector.id.clone(),
            dialect: vector.dialect.clone(),
            edition: vector.edition.clone(),
            document_text: vector.document_text.clone(),
            board: vector.board.clone(),
            position: vector.position.clone(),
            query: vector.query.clone(),
        }
    }

    /// The compact JSON line, without its LF.
    ///
    /// # Panics
    ///
    /// Never: a request holds only strings, booleans and maps of strings.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a request serializes")
    }
}

/// One reply line. Members an adapter adds are ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// The request's id.
    #[serde(default)]
    pub id: Option<String>,
    /// The verdict on the document (and, for `moves`, the board).
    #[serde(default)]
    pub valid: Option<bool>,
    /// The errors, when reported.
    #[serde(default)]
    pub errors: Option<Vec<Expected>>,
    /// The warnings, when reported.
    #[serde(default)]
    pub warnings: Option<Vec<Expected>>,
    /// The moves (`moves` requests on valid inputs).
    #[serde(default)]
    pub moves: Option<Vec<ReplyMove>>,
}

/// A move in a reply: as [`ExpectedMove`], with a board that may list empty squares as `null`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplyMove {
    /// The moving piece.
    pub piece: String,
    /// The source square.
    pub from: String,
    /// The destination square.
    pub to: String,
    /// `ggn-2014`: the variant's index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<usize>,
    /// `ggn-2014`: the board after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BTreeMap<String, Option<String>>>,
    /// `ggn-2025-10`: the possibility's index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub possibility: Option<usize>,
}

/// What a reply earns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Right.
    Pass,
    /// Wrong verdict, or wrong moves.
    Fail(String),
    /// Right verdict, wrong or missing diagnostics (only when errors are checked).
    WrongError(String),
    /// Not a reply to this request: wrong id, or a required member missing.
    Malformed(String),
}

/// Parses a reply line.
pub fn parse_reply(line: &str) -> Result<Reply, String> {
    serde_json::from_str(line).map_err(|e| format!("not a reply: {e}"))
}

/// Judges the reply to a validation vector: the verdict always; with `check_errors`, the
/// errors exactly (as a multiset of code and pointer), and the warnings when the reply has
/// them.
pub fn judge_validation(vector: &ValidationVector, reply: &Reply, check_errors: bool) -> Verdict {
    if let Some(malformed) = wrong_id(&vector.id, reply) {
        return malformed;
    }
    let Some(valid) = reply.valid else {
        return Verdict::Malformed("no \"valid\" member".to_owned());
    };
    if valid != vector.valid {
        return Verdict::Fail(format!("expected valid = {}, got {valid}", vector.valid));
    }
    if !check_errors {
        return Verdict::Pass;
    }
    let Some(errors) = &reply.errors else {
        return Verdict::WrongError("no \"errors\" member".to_owned());
    };
    if sorted(errors) != sorted(&vector.errors) {
        return Verdict::WrongError(format!(
            "expected errors {:?}, got {errors:?}",
            vector.errors
        ));
    }
    match &reply.warnings {
        Some(warnings) if sorted(warnings) != sorted(&vector.warnings) => Verdict::WrongError(
            format!("expected warnings {:?}, got {warnings:?}", vector.warnings),
        ),
        _ => Verdict::Pass,
    }
}

/// Judges the reply to an evaluation vector: the moves in order, each with its board
/// (`null` and absent squares are the same, G12).
pub fn judge_evaluation(vector: &EvaluationVector, reply: &Reply) -> Verdict {
    if let Some(malformed) = wrong_id(&vector.id, reply) {
        return malformed;
    }
    if reply.valid == Some(false) {
        return Verdict::Fail(format!(
            "the document and board are valid; the reply says invalid: {:?}",
            reply.errors
        ));
    }
    let Some(moves) = &reply.moves else {
        return Verdict::Malformed("no \"moves\" member".to_owned());
    };
    let got = occupied(moves);
    if got == vector.moves {
        Verdict::Pass
    } else {
        Verdict::Fail(format!("expected moves {:?}, got {got:?}", vector.moves))
    }
}

fn wrong_id(id: &str, reply: &Reply) -> Option<Verdict> {
    (reply.id.as_deref() != Some(id))
        .then(|| Verdict::Malformed(format!("a reply for {:?}, not {id:?}", reply.id)))
}

fn sorted(diagnostics: &[Expected]) -> Vec<&Expected> {
    let mut sorted: Vec<&Expected> = diagnostics.iter().collect();
    sorted.sort();
    sorted
}

/// The moves of a reply with their empty squares left out (`null` and absent are the same
/// square, G12), as the vectors write them.
pub(crate) fn occupied(moves: &[ReplyMove]) -> Vec<ExpectedMove> {
    moves
        .iter()
        .map(|m| ExpectedMove {
            piece: m.piece.clone(),
            from: m.from.clone(),
            to: m.to.clone(),
            variant: m.variant,
            board: m.board.as_ref().map(|board| {
                board
                    .iter()
                    .filter_map(|(square, piece)| Some((square.clone(), piece.clone()?)))
                    .collect()
            }),
            possibility: m.possibility,
        })
        .collect()
}
