//! One problem found in a GGN document or a board.

use std::fmt;

/// How serious a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The document is invalid.
    Error,
    /// The document is valid but probably not what its author meant.
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A problem of a document: a stable code, a severity, where it is and what it is.
///
/// The codes are listed in [`codes`](super::codes); an invalid GAN value carries the
/// GAN parser's own code instead (e.g. `case-mismatch`, docs/DECISIONS.md G2).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// The stable, kebab-case code.
    pub code: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// The RFC 6901 pointer to the value or key concerned (`""` for the whole document).
    pub pointer: String,
    /// A lowercase message without final period.
    pub message: String,
    /// The 1-based line, for syntax-level problems (malformed JSON, not UTF-8, too deep).
    pub line: Option<usize>,
    /// The 1-based column (in bytes), when `line` is known.
    pub column: Option<usize>,
}

impl Diagnostic {
    /// An error at `pointer`.
    #[must_use]
    pub fn error(code: &'static str, pointer: String, message: String) -> Self {
        Diagnostic {
            code,
            severity: Severity::Error,
            pointer,
            message,
            line: None,
            column: None,
        }
    }

    /// A warning at `pointer`.
    #[must_use]
    pub fn warning(code: &'static str, pointer: String, message: String) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, pointer, message)
        }
    }

    /// The same diagnostic with a line and column.
    #[must_use]
    pub fn at(self, line: usize, column: usize) -> Self {
        Diagnostic {
            line: Some(line),
            column: Some(column),
            ..self
        }
    }

    /// Whether this is an error (not a warning).
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// `error[duplicate-key] at /CHESS:P/e2: duplicate key "e2" …`, with `line L, column C`
    /// after the code for syntax errors.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.severity, self.code)?;
        if let (Some(line), Some(column)) = (self.line, self.column) {
            write!(f, " at line {line}, column {column}")?;
        } else if self.pointer.is_empty() {
            f.write_str(" at the document")?;
        } else {
            write!(f, " at {}", self.pointer)?;
        }
        write!(f, ": {}", self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::Diagnostic;

    #[test]
    fn displays_pointer_or_position() {
        let d = Diagnostic::error("duplicate-key", "/A:K/e2".into(), "duplicate key".into());
        assert_eq!(
            d.to_string(),
            "error[duplicate-key] at /A:K/e2: duplicate key"
        );
        let d = Diagnostic::warning("redundant", String::new(), "m".into());
        assert_eq!(d.to_string(), "warning[redundant] at the document: m");
        let d = Diagnostic::error("invalid-json", String::new(), "m".into()).at(2, 5);
        assert_eq!(d.to_string(), "error[invalid-json] at line 2, column 5: m");
    }
}
