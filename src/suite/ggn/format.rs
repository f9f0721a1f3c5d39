//! The serde types of the GGN corpus files, `conformance/ggn/validation.json` and
//! `conformance/ggn/evaluation.json`, described for other languages by
//! `conformance/schema/ggn-vectors.schema.json` and `conformance/PROTOCOL-ggn.md`.
//!
//! Changing these types is a versioned change: bump the file's format
//! ([`VALIDATION_FORMAT`], [`EVALUATION_FORMAT`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::suite::common::Expected;

/// The version of the format of `ggn/validation.json` (its `"format"`). Format 3: a vector
/// may name its GGN edition (`edition`, absent for `ggn-2014`); format 2: an invalid vector
/// lists every error of its document (G14, G16), one or more; format 1 listed exactly one.
pub const VALIDATION_FORMAT: u32 = 3;

/// The versions of `ggn/validation.json` this build reads: a format-1 or format-2 file is a
/// format-3 file whose vectors are all of the 2014 edition (and, in format 1, whose invalid
/// vectors each hold one error).
pub const VALIDATION_READABLE: [u32; 3] = [1, 2, VALIDATION_FORMAT];

/// The version of the format of `ggn/evaluation.json` (its `"format"`). Format 2: a vector
/// may name its GGN edition (`edition`, absent for `ggn-2014`); a `ggn-2025-10` vector holds
/// a `position` instead of a `board` and its moves name a `possibility` instead of a
/// `variant` and a board after the move (G28–G31).
pub const EVALUATION_FORMAT: u32 = 2;

/// The versions of `ggn/evaluation.json` this build reads: a format-1 file is a format-2 file
/// whose vectors are all of the 2014 edition.
pub const EVALUATION_READABLE: [u32; 2] = [1, EVALUATION_FORMAT];

/// `ggn/validation.json`: documents and their verdicts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidationFile {
    /// [`VALIDATION_FORMAT`] (or 1 in an older file).
    pub format: u32,
    /// Always `validation`.
    pub kind: String,
    /// The spec (a name listed in `docs/specs.md`) and the decisions the expectations follow.
    pub spec: String,
    /// The vectors: valid documents first, then invalid ones.
    pub vectors: Vec<ValidationVector>,
}

/// One document and what a conforming validator must say of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidationVector {
    /// `ggn/{valid|invalid}/{group}/{slug}`.
    pub id: String,
    /// The dialect of the document's GAN values (G1); `qpi-2026-01` for the `ggn-2025-10`
    /// edition, whose values are QPI tokens of that edition (G19).
    pub dialect: String,
    /// The GGN edition of the document, when it is not `ggn-2014` (format 3; G18).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// The document's exact text, when it is UTF-8 (duplicate keys and malformed JSON
    /// survive, which a JSON value could not hold).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_text: Option<String>,
    /// The document's bytes in lowercase hex, when they are not UTF-8 (then `document_text`
    /// is absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_hex: Option<String>,
    /// The valid board squares, when the vector turns on that rule (G6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squares: Option<Vec<String>>,
    /// Every warning is an error (`--strict`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strict: bool,
    /// The verdict: no error.
    pub valid: bool,
    /// Every error of the document, each once per place it occurs (G14, G16): empty when
    /// valid, one or more when invalid. Listed in document order; compared as a multiset.
    pub errors: Vec<Expected>,
    /// The warnings, exactly (in document order).
    pub warnings: Vec<Expected>,
    /// What the vector checks, citing the spec or the decision.
    pub note: String,
}

/// `ggn/evaluation.json`: documents, boards and queries, with the moves they allow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvaluationFile {
    /// Always [`EVALUATION_FORMAT`].
    pub format: u32,
    /// Always `evaluation`.
    pub kind: String,
    /// The spec (a name listed in `docs/specs.md`) and the decisions the expectations follow.
    pub spec: String,
    /// The vectors: the hand-written core set first, then the generated ones.
    pub vectors: Vec<EvaluationVector>,
}

/// A valid document, a valid board (or position) and a query, with every move they allow
/// (G12; G28–G31 for the `ggn-2025-10` edition).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvaluationVector {
    /// `ggn/moves/{group}/{slug}`.
    pub id: String,
    /// The dialect of the GAN values of the document and the board; `qpi-2026-01` for the
    /// `ggn-2025-10` edition (G19).
    pub dialect: String,
    /// The GGN edition of the document, when it is not `ggn-2014` (format 2; G18).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// The document's exact text.
    pub document_text: String,
    /// The board of a `ggn-2014` vector: square → GAN identifier, or `null` for an empty
    /// square. A square absent from it is empty too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BTreeMap<String, Option<String>>>,
    /// The position of a `ggn-2025-10` vector (G30, G31): CELL coordinate → QPI token, or
    /// `null` for an empty square of the board; a square absent from it is off the board.
    /// `"*"`, when present, is the hand: an array of QPI tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<BTreeMap<String, PositionEntry>>,
    /// Which moves are asked for.
    pub query: Query,
    /// Every possible move that passes the query, in document order (pieces, sources,
    /// destinations, variants or possibilities, as written); for `ggn-2025-10`, one per
    /// possibility that allows a move (G31).
    pub moves: Vec<ExpectedMove>,
    /// What the vector checks, and how its expectation was derived.
    pub note: String,
}

/// Restricts the moves to one piece, source or destination; an absent member matches all.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Query {
    /// Only moves of this piece (byte-exact).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// Only moves from this square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Only moves to this square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

impl Query {
    /// A query from borrowed filters (`None`: any).
    pub fn of(piece: Option<&str>, from: Option<&str>, to: Option<&str>) -> Query {
        Query {
            piece: piece.map(str::to_owned),
            from: from.map(str::to_owned),
            to: to.map(str::to_owned),
        }
    }
}

/// One possible move: in `ggn-2014`, its variant and the board after it; in `ggn-2025-10`,
/// the possibility that allows it (that edition has no effects, G26).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedMove {
    /// The moving piece (the document's piece key).
    pub piece: String,
    /// The source square (`"*"`, the hand, for a drop in `ggn-2025-10`).
    pub from: String,
    /// The destination square (or `"*"` in `ggn-2025-10`).
    pub to: String,
    /// `ggn-2014`: the index of the variant in its destination array.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<usize>,
    /// `ggn-2014`: the occupied squares after the move (an empty square, listed as `null` or
    /// absent, is left out: the two are the same board, G12).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BTreeMap<String, String>>,
    /// `ggn-2025-10`: the index of the possibility in its destination's list (G31).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub possibility: Option<usize>,
}

/// A value of a `ggn-2025-10` position: a square's token or `null`, or the hand (`"*"`), an
/// array of tokens (G30, G31).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PositionEntry {
    /// A square of the board: its token, or `None` when empty.
    Square(Option<String>),
    /// The hand.
    Hand(Vec<String>),
}

/// The GGN suite's two vector files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GgnFiles {
    /// `ggn/validation.json`.
    pub validation: ValidationFile,
    /// `ggn/evaluation.json`.
    pub evaluation: EvaluationFile,
}
