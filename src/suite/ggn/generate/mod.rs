//! The GGN suite's generator (`conformance/ggn/`, ids `ggn/…`): documents with their
//! verdicts, and documents, boards and queries with their moves.
//!
//! **Where the expectations come from.** Never from this crate's validator or evaluator (the
//! suite runs those against the corpus):
//! - the spec's examples (E1–E9) carry the verdicts of docs/DECISIONS.md §4 (E8 is invalid, G2);
//! - invalid documents are written by hand, each with every error its document holds (one
//!   rule broken, or several in group `several`), with the code and pointer each rule gives
//!   (`invalid.rs`, G14, G16);
//! - generated valid documents are built only from constructs the rules allow (see
//!   `valid.rs`'s rule), so each is valid without any diagnostic;
//! - evaluation vectors of the newest edition are written by hand from G28–G31
//!   (`newest_moves.rs`);
//! - evaluation vectors are written by hand with their moves and result boards, except a
//!   generated set of rook and knight tables whose moves come from the ordinary chess rule
//!   for those pieces (walk each ray until a piece; capture an enemy; stop at an ally), an
//!   independent statement of what the tables encode (`evaluation.rs`).
//!
//! [`files`] returns every corpus file, for `gan generate` and the freshness test.

mod evaluation;
pub mod examples;
mod invalid;
mod newest;
mod newest_moves;
mod valid;

use super::format::{
    EvaluationFile, Expected, ValidationFile, ValidationVector, EVALUATION_FORMAT,
    VALIDATION_FORMAT,
};
use super::load::{EVALUATION, VALIDATION};

/// The evaluation file's: both editions.
const EVALUATION_SPEC: &str = "ggn-1.0.0.txt read with DECISIONS.md §4 (G1–G17) and §2 (D1–D12); \
                               the vectors of \"edition\" ggn-2025-10, with §4a (G18–G31, G38)";

/// The validation file's: both editions.
const VALIDATION_SPEC: &str = "ggn-1.0.0.txt read with DECISIONS.md §4 (G1–G17) and §2 (D1–D12); \
                               the vectors of \"edition\" ggn-2025-10, with §4a (G18–G29) and §2b";

/// Every file of the GGN corpus: (path relative to `conformance/`, exact text).
pub fn files() -> Vec<(&'static str, String)> {
    vec![
        (VALIDATION, to_text(&validation_file())),
        (EVALUATION, to_text(&evaluation_file())),
    ]
}

/// `ggn/validation.json`: valid documents (the spec's examples, generated ones, valid ones
/// with warnings), then invalid ones.
pub fn validation_file() -> ValidationFile {
    let mut vectors = valid::vectors();
    vectors.extend(newest::valid());
    vectors.extend(invalid::vectors());
    vectors.extend(newest::invalid());
    ValidationFile {
        format: VALIDATION_FORMAT,
        kind: "validation".to_owned(),
        spec: VALIDATION_SPEC.to_owned(),
        vectors,
    }
}

/// `ggn/evaluation.json`: the hand-written core set, then the generated tables, then the
/// newest edition's hand-written vectors.
pub fn evaluation_file() -> EvaluationFile {
    let mut vectors = evaluation::vectors();
    vectors.extend(newest_moves::vectors());
    EvaluationFile {
        format: EVALUATION_FORMAT,
        kind: "evaluation".to_owned(),
        spec: EVALUATION_SPEC.to_owned(),
        vectors,
    }
}

fn to_text(value: &impl serde::Serialize) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("corpus files serialize");
    text.push('\n');
    text
}

/// A validation vector under construction: snn-pin, no option, valid without diagnostics
/// until told otherwise.
struct Case(ValidationVector);

impl Case {
    fn new(id: &str, text: impl Into<String>, note: &str) -> Case {
        Case(ValidationVector {
            id: format!("ggn/{id}"),
            dialect: "snn-pin".to_owned(),
            edition: None,
            document_text: Some(text.into()),
            document_hex: None,
            squares: None,
            strict: false,
            valid: true,
            errors: Vec::new(),
            warnings: Vec::new(),
            note: note.to_owned(),
        })
    }

    /// The document breaks a rule: one more error, at this pointer (in document order).
    fn error(mut self, code: &str, pointer: &str) -> Case {
        self.0.valid = false;
        self.0.errors.push(expected(code, pointer));
        self
    }

    fn warning(mut self, code: &str, pointer: &str) -> Case {
        self.0.warnings.push(expected(code, pointer));
        self
    }

    /// The document is of the `ggn-2025-10` edition, whose values are `qpi-2026-01` tokens
    /// (G18, G19).
    fn newest(mut self) -> Case {
        self.0.edition = Some("ggn-2025-10".to_owned());
        "qpi-2026-01".clone_into(&mut self.0.dialect);
        self
    }

    fn dialect(mut self, dialect: &str) -> Case {
        dialect.clone_into(&mut self.0.dialect);
        self
    }

    fn squares(mut self, squares: &[&str]) -> Case {
        self.0.squares = Some(squares.iter().map(|&s| s.to_owned()).collect());
        self
    }

    fn strict(mut self) -> Case {
        self.0.strict = true;
        self
    }

    /// The document is these bytes, which are not UTF-8.
    fn bytes(mut self, bytes: &[u8]) -> Case {
        use std::fmt::Write as _;
        self.0.document_text = None;
        let mut hex = String::with_capacity(bytes.len() * 2);
        for byte in bytes {
            write!(hex, "{byte:02x}").expect("a String takes writes");
        }
        self.0.document_hex = Some(hex);
        self
    }
}

fn expected(code: &str, pointer: &str) -> Expected {
    Expected {
        code: code.to_owned(),
        pointer: pointer.to_owned(),
    }
}

/// `{"CHESS:P": {"e2": {"e4": [{MEMBERS}]}}}`: one variant of a pawn's double step, the
/// place where most rules are broken; its pointer is [`AT`].
fn pawn(members: &str) -> String {
    format!(r#"{{"CHESS:P": {{"e2": {{"e4": [{{{members}}}]}}}}}}"#)
}

/// The pointer of [`pawn`]'s variant.
const AT: &str = "/CHESS:P/e2/e4/0";

/// The pawn's `perform`, valid.
const PERFORM: &str = r#""perform": {"e2": null, "e4": "CHESS:P"}"#;

/// [`pawn`] with `members` and the valid [`PERFORM`].
fn pawn_with(members: &str) -> String {
    pawn(&format!("{members}, {PERFORM}"))
}
