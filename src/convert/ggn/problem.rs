//! What a document migration reports: [`Problem`]s, each with the stage that found it, the
//! JSON pointer into the input document, a stable code, a severity and a message.

use std::fmt;

use serde::Serialize;

use super::super::diagnostic::Finding;
use super::super::{Diagnostic, Severity};
use crate::ggn;
use crate::model::Dialect;

/// Which stage of the migration found a [`Problem`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Stage {
    /// Validating the input in the source dialect (GGN codes, G1–G17).
    Source,
    /// Converting an identifier (conversion codes, M1–M7) or a key collision.
    Conversion,
    /// Validating the converted document in the target dialect (GGN codes).
    Target,
}

impl Stage {
    /// `source`, `conversion` or `target`.
    pub fn as_str(self) -> &'static str {
        match self {
            Stage::Source => "source",
            Stage::Conversion => "conversion",
            Stage::Target => "target",
        }
    }
}

/// One finding of a document migration.
///
/// The pointer always names a place of the input document (the converted document is not
/// written when a problem is an error), `""` for the whole document; syntax errors of the
/// input also carry a line and a column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    stage: Stage,
    pointer: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input: Option<String>,
    #[serde(flatten)]
    finding: Finding,
}

impl Problem {
    /// A problem of the input document in the source dialect.
    pub(super) fn source(diagnostic: &ggn::Diagnostic) -> Self {
        Problem {
            stage: Stage::Source,
            pointer: diagnostic.pointer.clone(),
            line: diagnostic.line,
            column: diagnostic.column,
            input: None,
            finding: Finding::new(
                diagnostic.code,
                Severity::of(diagnostic.severity),
                diagnostic.message.clone(),
            ),
        }
    }

    /// A diagnostic of the conversion of `input`, found at `pointer`.
    pub(super) fn conversion(pointer: String, input: &str, diagnostic: &Diagnostic) -> Self {
        Problem {
            stage: Stage::Conversion,
            pointer,
            line: None,
            column: None,
            input: Some(input.to_owned()),
            finding: diagnostic.finding().clone(),
        }
    }

    /// The key `input` at `pointer` becomes `output`, as the earlier key `first` at
    /// `first_pointer` did.
    pub(super) fn collision(
        pointer: String,
        input: &str,
        first: (&str, &str),
        output: &str,
        target: Dialect,
    ) -> Self {
        let (first, first_pointer) = first;
        Problem {
            stage: Stage::Conversion,
            pointer,
            line: None,
            column: None,
            input: Some(input.to_owned()),
            finding: Finding::new(
                super::KEY_COLLISION,
                Severity::Error,
                format!(
                    "piece keys {first:?} (at {first_pointer}) and {input:?} both become \
                     {output:?} in {target}: the converted document would hold the key twice"
                ),
            ),
        }
    }

    /// A problem of the converted document, reported at `pointer` of the input.
    pub(super) fn target(diagnostic: &ggn::Diagnostic, pointer: String, target: Dialect) -> Self {
        Problem {
            stage: Stage::Target,
            pointer,
            line: None,
            column: None,
            input: None,
            finding: Finding::new(
                diagnostic.code,
                Severity::of(diagnostic.severity),
                format!("once converted to {target}: {}", diagnostic.message),
            ),
        }
    }

    /// A change of edition (`ggn-2014` → `ggn-2025-10`) at `pointer`: what the newest
    /// edition drops (a warning) or cannot say (an error).
    pub(super) fn edition(
        pointer: String,
        code: &'static str,
        severity: Severity,
        message: String,
    ) -> Self {
        Problem {
            stage: Stage::Conversion,
            pointer,
            line: None,
            column: None,
            input: None,
            finding: Finding::new(code, severity, message),
        }
    }

    /// The same problem as an error (`strict`: warnings are errors, M7).
    pub(super) fn into_error(self) -> Self {
        Problem {
            finding: self.finding.into_error(),
            ..self
        }
    }

    /// The stage that found it.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The RFC 6901 pointer of the key or value in the input document (`""`: the document).
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// The 1-based line and column (in bytes) of a syntax error of the input.
    pub fn position(&self) -> Option<(usize, usize)> {
        self.line.zip(self.column)
    }

    /// The identifier concerned (conversion problems only), as written in the input.
    pub fn input(&self) -> Option<&str> {
        self.input.as_deref()
    }

    /// The stable code: a GGN validation code (source and target stages), a conversion code
    /// or the source's parse code (M1), or [`KEY_COLLISION`](super::KEY_COLLISION).
    pub fn code(&self) -> &'static str {
        self.finding.code()
    }

    /// Warning or error.
    pub fn severity(&self) -> Severity {
        self.finding.severity()
    }

    /// The explanation (lowercase, no final period).
    pub fn message(&self) -> &str {
        self.finding.message()
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.finding.is_error()
    }
}

impl fmt::Display for Problem {
    /// `/CHESS:K/e1/g1/0/perform/g1: "C:-K": warning king-flag-lost: …`; the place is `line L,
    /// column C` for a syntax error and `the document` for the empty pointer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.position(), self.pointer.as_str()) {
            (Some((line, column)), _) => write!(f, "line {line}, column {column}")?,
            (None, "") => f.write_str("the document")?,
            (None, pointer) => f.write_str(pointer)?,
        }
        if let Some(input) = &self.input {
            write!(f, ": {}", crate::output::escape_text(input.as_bytes()))?;
        }
        write!(
            f,
            ": {} {}: {}",
            self.severity(),
            self.code(),
            self.message()
        )
    }
}
