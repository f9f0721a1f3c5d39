//! The parse pipeline shared by every dialect: limits, UTF-8, the grammar's verdict, then the
//! D12 diagnosis of a rejected input (code, span, hint, message).
//!
//! The grammar decides; this module only explains. Rust never accepts what pest rejected: the
//! diagnosis runs after the grammar has failed, and the offset is the grammar's failure position.

use crate::dialect::Dialect;
use crate::error::{ErrorKind, ParseError, Span};
use crate::model::Side;

/// Implementation limits for parsing (D5: the specs set none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// Inputs longer than this many bytes are rejected with `too-long` (offset = the limit).
    pub max_len: Option<usize>,
}

impl Limits {
    /// No limit: any length is parsed.
    pub const NONE: Limits = Limits { max_len: None };
}

/// Parses `input` with `recognize`, the grammar of `dialect`, applying D12 to its failures.
pub(crate) fn parse_bytes<T>(
    dialect: Dialect,
    input: &[u8],
    limits: Limits,
    recognize: fn(&str) -> Result<T, usize>,
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
    recognize(text).map_err(|offset| diagnose(dialect, text, offset))
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
        detail,
    }
}

/// D12 for a valid UTF-8, non-empty input that the grammar rejected at `offset` (D11).
fn diagnose(dialect: Dialect, text: &str, offset: usize) -> ParseError {
    let found = text[offset..].chars().next();
    let end = offset + found.map_or(0, char::len_utf8);
    let explanation = explain(dialect, &text[..offset]);
    let (kind, detail) = match found {
        Some(c) if !c.is_ascii() => (
            ErrorKind::NonAscii,
            format!(
                "non-ASCII character '{}' (U+{:04X}) at byte {offset}: identifiers are ASCII only",
                c.escape_debug(),
                u32::from(c)
            ),
        ),
        Some(c) if case_flip_continues(dialect, text, offset, c) => (
            ErrorKind::CaseMismatch,
            format!(
                "case mismatch at byte {offset}: '{c}' is {}, but the identifier is {}; \
                 all its letters share one case",
                case_name(c),
                case_name(flip_case(c))
            ),
        ),
        _ if offset > 0 && !text.contains(':') => (
            ErrorKind::MissingSeparator,
            format!("missing ':' at byte {offset}: {explanation}"),
        ),
        None => (
            ErrorKind::UnexpectedEnd,
            format!("unexpected end of input at byte {offset}: {explanation}"),
        ),
        Some(c) => (
            ErrorKind::UnexpectedChar,
            format!(
                "unexpected '{}' at byte {offset}: {explanation}",
                c.escape_debug()
            ),
        ),
    };
    let hint = (kind == ErrorKind::CaseMismatch)
        .then(|| case_hint(dialect, text))
        .flatten();
    ParseError {
        kind,
        dialect,
        span: Span { start: offset, end },
        hint,
        detail,
    }
}

/// D12 `case-mismatch`: the same letter in the other case would extend the viable prefix.
fn case_flip_continues(dialect: Dialect, text: &str, offset: usize, c: char) -> bool {
    if !c.is_ascii_alphabetic() {
        return false;
    }
    let mut flipped = String::with_capacity(offset + 1);
    flipped.push_str(&text[..offset]);
    flipped.push(flip_case(c));
    dialect.viable_len(&flipped) > offset
}

/// D3: the input re-cased to the case of its piece part's first letter, when that is valid.
fn case_hint(dialect: Dialect, text: &str) -> Option<String> {
    let (_, piece) = text.split_once(':')?;
    let side = piece.bytes().find_map(Side::of_letter)?;
    let recased = side.recase(text);
    (dialect.viable_len(&recased) == recased.len()).then_some(recased)
}

fn flip_case(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

fn case_name(c: char) -> &'static str {
    if c.is_ascii_uppercase() {
        "uppercase"
    } else {
        "lowercase"
    }
}

/// Names the component the grammar was in when it stopped, from the viable prefix.
fn explain(dialect: Dialect, prefix: &str) -> String {
    let syntax = dialect.syntax();
    match prefix.split_once(':') {
        None if prefix.is_empty() => "a style starts with a letter".to_owned(),
        None => format!("{}, then ':'", syntax.style),
        Some(_) if dialect.accepts(prefix) => {
            format!("{}; nothing else may follow", syntax.piece)
        }
        Some(_) => syntax.piece.to_owned(),
    }
}

/// How a dialect's components are written, for error messages.
pub(crate) struct Syntax {
    /// The whole identifier.
    pub(crate) whole: &'static str,
    /// The style, as a noun phrase ("a style is …").
    pub(crate) style: &'static str,
    /// The piece part.
    pub(crate) piece: &'static str,
}
