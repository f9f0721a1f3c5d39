//! [`ParseError`]: what was wrong with an identifier, where, and in which dialect.
//!
//! Every error has a stable machine code (docs/DECISIONS.md D12) and a byte offset (D11); the
//! conformance corpus asserts both, so they never change without a versioned corpus change.
//! The message may explain more (it names the component and may suggest a fix).

use std::fmt;

use crate::model::Dialect;

/// The stable codes of [`ErrorKind`], in D12's order of precedence.
pub mod codes {
    /// The input is longer than the implementation limit (D5); offset = the limit.
    pub const TOO_LONG: &str = "too-long";
    /// The input is not UTF-8; offset = the length of its valid UTF-8 prefix.
    pub const INVALID_UTF8: &str = "invalid-utf8";
    /// The input is empty (D7).
    pub const EMPTY: &str = "empty";
    /// The byte at the offset is not ASCII (D2).
    pub const NON_ASCII: &str = "non-ascii";
    /// The letter at the offset has the wrong case (D3).
    pub const CASE_MISMATCH: &str = "case-mismatch";
    /// There is no `:` in the input.
    pub const MISSING_SEPARATOR: &str = "missing-separator";
    /// The input ends before the identifier is complete.
    pub const UNEXPECTED_END: &str = "unexpected-end";
    /// Any other byte that cannot continue the identifier.
    pub const UNEXPECTED_CHAR: &str = "unexpected-char";
}

/// The kinds of [`ParseError`], one stable code each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Longer than the configured limit.
    TooLong,
    /// Not UTF-8.
    InvalidUtf8,
    /// Empty input.
    Empty,
    /// A byte ≥ 0x80 where an identifier character was expected.
    NonAscii,
    /// A letter whose case differs from the identifier's.
    CaseMismatch,
    /// No `:` anywhere in a non-empty input.
    MissingSeparator,
    /// The input stops before the identifier is complete.
    UnexpectedEnd,
    /// A character that cannot continue the identifier.
    UnexpectedChar,
}

impl ErrorKind {
    /// Every kind, in D12's order of precedence.
    pub const ALL: [ErrorKind; 8] = [
        ErrorKind::TooLong,
        ErrorKind::InvalidUtf8,
        ErrorKind::Empty,
        ErrorKind::NonAscii,
        ErrorKind::CaseMismatch,
        ErrorKind::MissingSeparator,
        ErrorKind::UnexpectedEnd,
        ErrorKind::UnexpectedChar,
    ];

    /// The stable machine code, e.g. `"case-mismatch"`.
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::TooLong => codes::TOO_LONG,
            ErrorKind::InvalidUtf8 => codes::INVALID_UTF8,
            ErrorKind::Empty => codes::EMPTY,
            ErrorKind::NonAscii => codes::NON_ASCII,
            ErrorKind::CaseMismatch => codes::CASE_MISMATCH,
            ErrorKind::MissingSeparator => codes::MISSING_SEPARATOR,
            ErrorKind::UnexpectedEnd => codes::UNEXPECTED_END,
            ErrorKind::UnexpectedChar => codes::UNEXPECTED_CHAR,
        }
    }

    /// The kind with this code.
    pub fn from_code(code: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|kind| kind.code() == code)
    }

    /// One line saying when this kind applies (the README's table).
    pub fn rule(self) -> &'static str {
        match self {
            ErrorKind::TooLong => {
                "longer than the implementation limit (`--max-bytes`); offset = the limit"
            }
            ErrorKind::InvalidUtf8 => "not UTF-8; offset = length of the valid UTF-8 prefix",
            ErrorKind::Empty => "the input is empty",
            ErrorKind::NonAscii => "the byte at the offset is 0x80 or above",
            ErrorKind::CaseMismatch => {
                "the byte at the offset is a letter whose other case would continue the identifier"
            }
            ErrorKind::MissingSeparator => "no ':' anywhere in the input, and offset > 0",
            ErrorKind::UnexpectedEnd => "the input ends where more was required",
            ErrorKind::UnexpectedChar => "any other byte that cannot continue the identifier",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A half-open byte range `start..end` in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte; equal to `start` for a position (e.g. the end of input).
    pub end: usize,
}

/// Why an input is not a valid identifier of a dialect.
///
/// `offset()` and `kind().code()` follow docs/DECISIONS.md D11 and D12 exactly; `span()` covers the
/// offending character (empty at the end of input). `Display` writes the message: lowercase,
/// naming the byte offset and the component, e.g.
/// `unexpected '1' at byte 0: a style starts with a letter`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub(crate) kind: ErrorKind,
    pub(crate) dialect: Dialect,
    pub(crate) span: Span,
    pub(crate) hint: Option<String>,
    pub(crate) detail: Detail,
}

/// What the message of a [`ParseError`] is made of; the text is only built when the error is
/// displayed, so that finding an error costs little more than its code and offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Detail {
    /// The message, already built (the kinds found before any grammar runs).
    Text(String),
    /// A rejection by the grammar: the character at the offset (none at the end) and what the
    /// grammar expected there, as two pieces written one after the other.
    Diagnosis {
        /// The character at the offset.
        found: Option<char>,
        /// What was expected, e.g. `("a style is …", ", then ':'")`.
        expected: (&'static str, &'static str),
    },
}

impl ParseError {
    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The stable code of the kind, e.g. `"case-mismatch"`.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The dialect the input was parsed in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The byte offset of D11 (the start of [`span`](Self::span)).
    pub fn offset(&self) -> usize {
        self.span.start
    }

    /// The bytes at fault.
    pub fn span(&self) -> Span {
        self.span
    }

    /// For `case-mismatch`: the input re-cased to its piece letter's case, when that is
    /// valid (D3), e.g. `chess:p` for `CHESS:p`.
    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let offset = self.span.start;
        match (&self.detail, self.kind) {
            (Detail::Text(text), _) => f.write_str(text)?,
            (Detail::Diagnosis { found: Some(c), .. }, ErrorKind::NonAscii) => write!(
                f,
                "non-ASCII character '{}' (U+{:04X}) at byte {offset}: identifiers are ASCII only",
                c.escape_debug(),
                u32::from(*c)
            )?,
            (
                Detail::Diagnosis {
                    found: Some(c),
                    expected,
                },
                ErrorKind::CaseMismatch,
            ) if !expected.0.is_empty() => {
                let this = if c.is_ascii_uppercase() {
                    "uppercase"
                } else {
                    "lowercase"
                };
                write!(
                    f,
                    "case mismatch at byte {offset}: '{c}' is {this}; {}",
                    expected.0
                )?;
            }
            (Detail::Diagnosis { found: Some(c), .. }, ErrorKind::CaseMismatch) => {
                let (this, other) = if c.is_ascii_uppercase() {
                    ("uppercase", "lowercase")
                } else {
                    ("lowercase", "uppercase")
                };
                write!(
                    f,
                    "case mismatch at byte {offset}: '{c}' is {this}, but the identifier is \
                     {other}; all its letters share one case"
                )?;
            }
            (Detail::Diagnosis { found, expected }, kind) => {
                match (kind, found) {
                    (ErrorKind::MissingSeparator, _) => write!(f, "missing ':' at byte {offset}")?,
                    (_, None) => write!(f, "unexpected end of input at byte {offset}")?,
                    (_, Some(c)) => {
                        write!(f, "unexpected '{}' at byte {offset}", c.escape_debug())?;
                    }
                }
                write!(f, ": {}{}", expected.0, expected.1)?;
            }
        }
        if let Some(hint) = &self.hint {
            write!(f, " (did you mean '{hint}'?)")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}
