//! What a conversion says about an identifier: [`Diagnostic`]s, each with a stable code, a
//! [`Severity`] and a message (docs/DECISIONS.md M7: nothing is lost silently).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::tables::Ambiguity;
use crate::error::ParseError;

/// The stable codes of the conversion diagnostics. A source that is not valid in its
/// dialect is reported under its parse code instead ([`crate::error::codes`], M1).
pub mod codes {
    /// Error (M2): a legacy piece word that no table row maps to a letter.
    pub const UNKNOWN_PIECE_NAME: &str = "unknown-piece-name";
    /// Error (M3): a beta piece abbreviation of more than one character that no user row maps.
    pub const MULTI_CHARACTER_PIECE: &str = "multi-character-piece";
    /// Error (M4): a pnn `'` the target cannot hold under the chosen option.
    pub const INTERMEDIATE_UNREPRESENTABLE: &str = "intermediate-unrepresentable";
    /// Error (M5): a style with no row in the family table (either direction).
    pub const UNKNOWN_STYLE: &str = "unknown-style";
    /// Error (M6): a feature the target dialect cannot hold (named in the message).
    pub const UNREPRESENTABLE: &str = "unrepresentable";
    /// Error (M8): no conversion rule reads or writes this notation (the editions).
    pub const NO_MIGRATION: &str = "no-migration";
    /// Warning (M3): beta's king-like `-` dropped (never written as `-`, D4).
    pub const KING_FLAG_LOST: &str = "king-flag-lost";
    /// Warning (M3): a beta style that published data used for several games, converted by
    /// the style table's guess; no user row maps it.
    pub const AMBIGUOUS_STYLE: &str = "ambiguous-style";
    /// Warning (M3): `_` removed from a beta style.
    pub const UNDERSCORE_REMOVED: &str = "underscore-removed";
    /// Warning (M4, `--intermediate drop`): pnn's `'` dropped.
    pub const INTERMEDIATE_DROPPED: &str = "intermediate-dropped";
    /// Warning (M4, `--intermediate enhance`): pnn's `'` written as `+`.
    pub const INTERMEDIATE_AS_ENHANCED: &str = "intermediate-as-enhanced";

    /// The codes of conversion errors, in the order of docs/DECISIONS.md §3.
    pub const ERRORS: [&str; 6] = [
        UNKNOWN_PIECE_NAME,
        MULTI_CHARACTER_PIECE,
        INTERMEDIATE_UNREPRESENTABLE,
        UNKNOWN_STYLE,
        UNREPRESENTABLE,
        NO_MIGRATION,
    ];

    /// The codes of conversion warnings (errors under `strict`).
    pub const WARNINGS: [&str; 5] = [
        AMBIGUOUS_STYLE,
        KING_FLAG_LOST,
        UNDERSCORE_REMOVED,
        INTERMEDIATE_DROPPED,
        INTERMEDIATE_AS_ENHANCED,
    ];
}

/// How serious a [`Diagnostic`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The identifier was converted, but something was changed or dropped.
    Warning,
    /// The identifier could not be converted.
    Error,
}

impl Severity {
    /// `"warning"` or `"error"`, as in the JSON outputs.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What every finding of a conversion says, whatever else it carries: a stable code, a
/// [`Severity`] and a message. [`Diagnostic`] (an identifier's) and the document migration's
/// [`Problem`](super::ggn::Problem) are this shape and where it was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Finding {
    code: &'static str,
    severity: Severity,
    message: String,
}

impl Finding {
    pub(crate) fn new(code: &'static str, severity: Severity, message: String) -> Self {
        Finding {
            code,
            severity,
            message,
        }
    }

    /// The same finding as an error (`strict`: warnings are errors, M7).
    pub(crate) fn into_error(mut self) -> Self {
        if self.severity == Severity::Warning {
            self.severity = Severity::Error;
            self.message.push_str(" (strict: warnings are errors)");
        }
        self
    }

    pub(crate) fn code(&self) -> &'static str {
        self.code
    }

    pub(crate) fn severity(&self) -> Severity {
        self.severity
    }

    pub(crate) fn message(&self) -> &str {
        &self.message
    }

    pub(crate) fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// One finding of a conversion: a stable code, a severity and a message.
///
/// For a source that is not valid in its dialect (M1) the code is the parse code
/// (`case-mismatch`, `empty`, …) and [`parse_error`](Self::parse_error) holds the error with its
/// byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    finding: Finding,
    parse_error: Option<ParseError>,
    ambiguity: Option<&'static Ambiguity>,
}

impl Diagnostic {
    pub(crate) fn error(code: &'static str, message: String) -> Self {
        Diagnostic::of(Finding::new(code, Severity::Error, message))
    }

    pub(crate) fn warning(code: &'static str, message: String) -> Self {
        Diagnostic::of(Finding::new(code, Severity::Warning, message))
    }

    fn of(finding: Finding) -> Self {
        Diagnostic {
            finding,
            parse_error: None,
            ambiguity: None,
        }
    }

    /// The warning `ambiguous-style` (M3) for `ambiguity`.
    pub(crate) fn ambiguous_style(ambiguity: &'static Ambiguity, message: String) -> Self {
        Diagnostic {
            ambiguity: Some(ambiguity),
            ..Diagnostic::warning(codes::AMBIGUOUS_STYLE, message)
        }
    }

    /// The source is not valid in its dialect: the parse error, under its own code (M1).
    pub(crate) fn invalid_source(error: ParseError) -> Self {
        let message = format!("not a valid {} identifier: {error}", error.dialect());
        let code = error.code();
        Diagnostic {
            parse_error: Some(error),
            ..Diagnostic::error(code, message)
        }
    }

    /// The same finding as an error (`strict`: warnings are errors, M7).
    pub(crate) fn into_error(self) -> Self {
        Diagnostic {
            finding: self.finding.into_error(),
            ..self
        }
    }

    /// The code, severity and message, for a finding that says where.
    pub(crate) fn finding(&self) -> &Finding {
        &self.finding
    }

    /// The stable code, e.g. `"king-flag-lost"` or `"case-mismatch"`.
    pub fn code(&self) -> &'static str {
        self.finding.code()
    }

    /// Warning or error.
    pub fn severity(&self) -> Severity {
        self.finding.severity()
    }

    /// The human-readable explanation (lowercase, no final period).
    pub fn message(&self) -> &str {
        self.finding.message()
    }

    /// The parse error, when the source was not valid in its dialect (with its byte offset).
    pub fn parse_error(&self) -> Option<&ParseError> {
        self.parse_error.as_ref()
    }

    /// The ambiguous style and its games, for `ambiguous-style` (M3).
    pub fn ambiguity(&self) -> Option<&'static Ambiguity> {
        self.ambiguity
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.finding.is_error()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.severity(), self.code(), self.message())
    }
}
