//! Why a JSON text could not be read.

use std::fmt;

use super::super::codes;
use super::super::diagnostic::Diagnostic;

/// What kind of reading failure happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The input is not UTF-8.
    InvalidUtf8,
    /// The input is larger than [`Limits::max_size`](super::Limits::max_size).
    TooLarge,
    /// Arrays and objects nest deeper than [`Limits::max_depth`](super::Limits::max_depth).
    TooDeep,
    /// Malformed JSON.
    Syntax,
}

impl ReadErrorKind {
    /// The stable diagnostic code of this kind (see [`codes`](super::super::codes)).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            ReadErrorKind::InvalidUtf8 => codes::INVALID_UTF8,
            ReadErrorKind::TooLarge => codes::TOO_LARGE,
            ReadErrorKind::TooDeep => codes::TOO_DEEP,
            ReadErrorKind::Syntax => codes::INVALID_JSON,
        }
    }
}

/// A reading failure: its kind, a message and, when known, where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    kind: ReadErrorKind,
    message: String,
    position: Option<(usize, usize)>,
}

impl ReadError {
    pub(super) fn new(kind: ReadErrorKind, message: String) -> Self {
        ReadError {
            kind,
            message,
            position: None,
        }
    }

    pub(super) fn at(self, line: usize, column: usize) -> Self {
        ReadError {
            position: Some((line, column)),
            ..self
        }
    }

    /// The kind of failure.
    #[must_use]
    pub fn kind(&self) -> ReadErrorKind {
        self.kind
    }

    /// The stable code of the failure.
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// A lowercase message without final period.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The 1-based line, when known.
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        self.position.map(|(line, _)| line)
    }

    /// The 1-based column, when known.
    #[must_use]
    pub fn column(&self) -> Option<usize> {
        self.position.map(|(_, column)| column)
    }

    /// The failure as a document-level diagnostic (pointer `""`).
    #[must_use]
    pub fn to_diagnostic(&self) -> Diagnostic {
        let diagnostic = Diagnostic::error(self.code(), String::new(), self.message.clone());
        match self.position {
            Some((line, column)) => diagnostic.at(line, column),
            None => diagnostic,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some((line, column)) = self.position {
            write!(f, " at line {line}, column {column}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ReadError {}
