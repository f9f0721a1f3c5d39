//! The parse pipeline shared by every dialect: limits, UTF-8, the grammar's verdict, then the
//! D12 diagnosis of a rejected input (code, span, hint, message).
//!
//! The grammar decides; this module only explains. Rust never accepts what pest rejected: the
//! diagnosis runs after the grammar has failed, and the offset is the grammar's failure position.

use crate::error::{Detail, ErrorKind, ParseError, Span};
use crate::model::{Dialect, Side};

/// Implementation limits for parsing (D5: the specs set none). The default,
/// [`Limits::DEFAULT`], caps an identifier at [`Limits::DEFAULT_MAX_LEN`] bytes, so that no
/// input makes a parse use memory without bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Inputs longer than this many bytes are rejected with `too-long` (offset = the limit).
    pub max_len: Option<usize>,
}

impl Limits {
    /// The default length limit: 64 KiB, far beyond any real identifier. A parse needs
    /// about 80 bytes of memory per input byte, so this keeps one parse within 6 MiB.
    pub const DEFAULT_MAX_LEN: usize = 64 << 10;
    /// [`Limits::DEFAULT_MAX_LEN`]: what [`Dialect::parse`](crate::Dialect::parse) applies.
    pub const DEFAULT: Limits = Limits {
        max_len: Some(Self::DEFAULT_MAX_LEN),
    };
    /// No limit: any length is parsed (memory grows with the input, about 80 bytes a byte).
    pub const NONE: Limits = Limits { max_len: None };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// A recognizer of a dialect's language: `Ok` when it accepts the whole text, otherwise the
/// length of the longest viable prefix (D11). The compiled grammar, or an edited copy run by
/// `pest_vm` (the corpus generator's `--grammar-dir`).
pub(crate) type Recognizer<'a> = &'a dyn Fn(&str) -> Result<(), usize>;

/// The verdict of `recognizer` on `input` in `dialect`, with D12's diagnosis of a rejection:
/// the pipeline of [`parse_bytes`] (same checks, codes and messages) over another recognizer,
/// building no actor.
pub(crate) fn check_with(
    dialect: Dialect,
    input: &[u8],
    recognizer: Recognizer<'_>,
) -> Result<(), ParseError> {
    // The checks before any grammar runs (`invalid-utf8`, `empty`), with a grammar that
    // accepts everything.
    parse_bytes(dialect, input, Limits::NONE, |_| Ok(()), recognizer)?;
    let text = std::str::from_utf8(input).expect("parse_bytes checked UTF-8");
    recognizer(text).map_err(|offset| diagnose(dialect, text, offset, recognizer))
}

/// Parses `input` with `recognize`, the grammar of `dialect`, applying D12 to its failures
/// with `grammar`, the same grammar's verdict alone (the fast path, or pest for the reference).
pub(crate) fn parse_bytes<T>(
    dialect: Dialect,
    input: &[u8],
    limits: Limits,
    recognize: impl Fn(&str) -> Result<T, usize>,
    grammar: Recognizer<'_>,
) -> Result<T, ParseError> {
    if let Some(limit) = limits.max_len {
        if input.len() > limit {
            return Err(too_long(dialect, limit, input.len() as u64));
        }
    }
    let text = match std::str::from_utf8(input) {
        Ok(text) => text,
        Err(utf8) => {
            let start = utf8.valid_up_to();
            let end = start + utf8.error_len().unwrap_or(input.len() - start);
            let bytes: Vec<String> = input[start..end]
                .iter()
                .map(|b| format!("0x{b:02X}"))
                .collect();
            let detail = format!("invalid UTF-8 at byte {start}: {}", bytes.join(" "));
            return Err(error(dialect, ErrorKind::InvalidUtf8, start, end, detail));
        }
    };
    if text.is_empty() {
        let detail = format!("empty input: {}", dialect.syntax().whole);
        return Err(error(dialect, ErrorKind::Empty, 0, 0, detail));
    }
    recognize(text).map_err(|offset| diagnose(dialect, text, offset, grammar))
}

/// D12 `too-long`: an input of `len` bytes over the limit; offset = the limit.
pub(crate) fn too_long(dialect: Dialect, limit: usize, len: u64) -> ParseError {
    let detail = format!("input too long at byte {limit}: {len} bytes, over the limit of {limit}");
    error(dialect, ErrorKind::TooLong, limit, limit, detail)
}

fn error(
    dialect: Dialect,
    kind: ErrorKind,
    start: usize,
    end: usize,
    detail: String,
) -> ParseError {
    ParseError {
        kind,
        dialect,
        span: Span { start, end },
        hint: None,
        detail: Detail::Text(detail),
    }
}

/// D12 for a valid UTF-8, non-empty input that `recognizer` rejected at `offset` (D11).
fn diagnose(dialect: Dialect, text: &str, offset: usize, recognizer: Recognizer<'_>) -> ParseError {
    let found = text[offset..].chars().next();
    let end = offset + found.map_or(0, char::len_utf8);
    let kind = match found {
        Some(c) if !c.is_ascii() => ErrorKind::NonAscii,
        Some(c) if case_flip_continues(recognizer, text, offset, c) => ErrorKind::CaseMismatch,
        _ if offset > 0 && dialect.has_separator() && !text.contains(':') => {
            ErrorKind::MissingSeparator
        }
        None => ErrorKind::UnexpectedEnd,
        Some(_) => ErrorKind::UnexpectedChar,
    };
    // The message itself is written when the error is displayed (`Detail`).
    let expected = match kind {
        // Where the cases are not tied, the message says how the letters are cased instead.
        ErrorKind::CaseMismatch if dialect.cases() != crate::notation::Cases::Tied => {
            (dialect.syntax().whole, "")
        }
        ErrorKind::NonAscii | ErrorKind::CaseMismatch => ("", ""),
        _ => explain(dialect, &text[..offset], recognizer),
    };
    let hint = (kind == ErrorKind::CaseMismatch)
        .then(|| case_hint(recognizer, text))
        .flatten();
    ParseError {
        kind,
        dialect,
        span: Span { start: offset, end },
        hint,
        detail: Detail::Diagnosis { found, expected },
    }
}

/// D12 `case-mismatch`: the same letter in the other case would extend the viable prefix.
fn case_flip_continues(recognizer: Recognizer<'_>, text: &str, offset: usize, c: char) -> bool {
    if !c.is_ascii_alphabetic() {
        return false;
    }
    let mut flipped = String::with_capacity(offset + 1);
    flipped.push_str(&text[..offset]);
    flipped.push(flip_case(c));
    viable_len(recognizer, &flipped) > offset
}

/// D3: the input re-cased to the case of its piece part's first letter, when that is valid.
fn case_hint(recognizer: Recognizer<'_>, text: &str) -> Option<String> {
    let (_, piece) = text.split_once(':')?;
    let side = piece.bytes().find_map(Side::of_letter)?;
    let recased = side.recase(text);
    (viable_len(recognizer, &recased) == recased.len()).then_some(recased)
}

/// D11 by `recognizer`: where it dies, or the whole length when `text` is valid or viable.
fn viable_len(recognizer: Recognizer<'_>, text: &str) -> usize {
    recognizer(text).err().unwrap_or(text.len())
}

fn flip_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

/// Names the component the grammar was in when it stopped, from the viable prefix: two
/// pieces of the message, written one after the other. In a notation with the `':'`
/// separator, a prefix without it stopped in the style.
fn explain(
    dialect: Dialect,
    prefix: &str,
    recognizer: Recognizer<'_>,
) -> (&'static str, &'static str) {
    let syntax = dialect.syntax();
    if prefix.is_empty() {
        return (syntax.start, "");
    }
    match syntax.style {
        Some(style) if !prefix.contains(':') => (style, ", then ':'"),
        _ if recognizer(prefix).is_ok() => (syntax.end, ""),
        _ => (syntax.piece, ""),
    }
}
