//! The records `gan parse` and `gan detect` print, as JSON Lines (serde types, described by
//! `conformance/schema/parse-output.schema.json` and `detect-output.schema.json`) or as text.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::detect::{among, detect_among};
use crate::dialect::{Actor, Dialect};
use crate::error::ParseError;
use crate::model::ActorFields;
use crate::parse::{self, Limits};
use crate::records::{Line, Record};

/// One line of `gan parse --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParseRecord {
    /// The input (its lossy UTF-8 decoding when it is not UTF-8; its first `--max-bytes`
    /// bytes when it is longer).
    pub input: String,
    /// The raw bytes in lowercase hex, only when the input is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The input's true length in bytes, only when `input` holds a truncated prefix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_length: Option<u64>,
    /// The dialect it was parsed in.
    pub dialect: String,
    /// The verdict.
    pub valid: bool,
    /// The attributes, only when valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<ActorFields>,
    /// The canonical form (the identifier itself, D9), only when valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canonical: Option<String>,
    /// The error, only when invalid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorRecord>,
}

/// A [`ParseError`] as JSON: `{"code","offset","hint"?,"message"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorRecord {
    /// The stable code (D12).
    pub code: String,
    /// The byte offset (D11).
    pub offset: usize,
    /// The re-cased identifier, for `case-mismatch` when it is valid (D3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The human-readable message.
    pub message: String,
}

impl From<&ParseError> for ErrorRecord {
    fn from(error: &ParseError) -> Self {
        ErrorRecord {
            code: error.code().to_owned(),
            offset: error.offset(),
            hint: error.hint().map(str::to_owned),
            message: error.to_string(),
        }
    }
}

/// One line of `gan detect --format json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DetectRecord {
    /// The input, as in [`ParseRecord::input`].
    pub input: String,
    /// The raw bytes in hex, only when the input is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The true length, only when `input` holds a truncated prefix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_length: Option<u64>,
    /// The dialects that accept the input, in the order of [`Dialect::ALL`].
    pub accepted: Vec<Accepted>,
    /// The dialects that reject it, in the same order.
    pub rejected: Vec<Rejected>,
}

/// A dialect that accepts the input, and what the input means there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Accepted {
    /// The dialect.
    pub dialect: String,
    /// The attributes in that dialect.
    pub actor: ActorFields,
}

/// A dialect that rejects the input, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rejected {
    /// The dialect.
    pub dialect: String,
    /// The error in that dialect.
    pub error: ErrorRecord,
}

/// The input fields shared by every record: lossy text, hex when not UTF-8, true length.
fn input_fields(record: Line<'_>) -> (String, Option<String>, Option<u64>) {
    let input = String::from_utf8_lossy(record.bytes).into_owned();
    let hex = std::str::from_utf8(record.bytes)
        .is_err()
        .then(|| hex(record.bytes));
    (input, hex, record.is_truncated().then_some(record.len))
}

/// Parses a record in `dialect`; a truncated record is `too-long` at `limit`.
pub fn parse_record(dialect: Dialect, record: &Record, limit: usize) -> Result<Actor, ParseError> {
    parse_line(dialect, record.line(), limit)
}

/// [`parse_record`] of a borrowed input.
pub fn parse_line(dialect: Dialect, line: Line<'_>, limit: usize) -> Result<Actor, ParseError> {
    if line.is_truncated() {
        return Err(parse::too_long(dialect, limit, line.len));
    }
    dialect.parse_with(
        line.bytes,
        Limits {
            max_len: Some(limit),
        },
    )
}

impl ParseRecord {
    /// The record of `result`, the parse of `record` in `dialect`.
    pub fn new(dialect: Dialect, record: &Record, result: &Result<Actor, ParseError>) -> Self {
        ParseRecord::of_line(dialect, record.line(), result)
    }

    /// [`new`](Self::new) for a borrowed input.
    pub fn of_line(dialect: Dialect, record: Line<'_>, result: &Result<Actor, ParseError>) -> Self {
        let (input, input_hex, input_length) = input_fields(record);
        let (actor, canonical, error) = match result {
            Ok(actor) => (Some(actor.fields()), Some(actor.to_string()), None),
            Err(error) => (None, None, Some(ErrorRecord::from(error))),
        };
        ParseRecord {
            input,
            input_hex,
            input_length,
            dialect: dialect.as_str().to_owned(),
            valid: result.is_ok(),
            actor,
            canonical,
            error,
        }
    }
}

impl DetectRecord {
    /// Parses `record` in every dialect (D10).
    pub fn new(record: &Record, limit: usize) -> Self {
        DetectRecord::of_line(record.line(), limit)
    }

    /// [`new`](Self::new) for a borrowed input.
    pub fn of_line(record: Line<'_>, limit: usize) -> Self {
        DetectRecord::among(record, limit, &[])
    }

    /// [`of_line`](Self::of_line) among `dialects` only, as
    /// [`detect_among`] chooses them.
    pub fn among(record: Line<'_>, limit: usize, dialects: &[Dialect]) -> Self {
        let (input, input_hex, input_length) = input_fields(record);
        let (mut accepted, mut rejected) = (Vec::new(), Vec::new());
        let results: Vec<(Dialect, Result<Actor, ParseError>)> = if record.is_truncated() {
            among(dialects)
                .into_iter()
                .map(|dialect| (dialect, Err(parse::too_long(dialect, limit, record.len))))
                .collect()
        } else {
            detect_among(
                record.bytes,
                Limits {
                    max_len: Some(limit),
                },
                dialects,
            )
            .results
        };
        for (dialect, result) in results {
            let dialect_name = dialect.as_str().to_owned();
            match result {
                Ok(actor) => accepted.push(Accepted {
                    dialect: dialect_name,
                    actor: actor.fields(),
                }),
                Err(error) => rejected.push(Rejected {
                    dialect: dialect_name,
                    error: ErrorRecord::from(&error),
                }),
            }
        }
        DetectRecord {
            input,
            input_hex,
            input_length,
            accepted,
            rejected,
        }
    }
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut out, byte| {
            let _ = write!(out, "{byte:02x}");
            out
        })
}

/// `bytes` as a quoted, single-line string: printable ASCII as is, `"` and `\` escaped,
/// other characters as `\n`, `\t`, `\u{…}`, invalid UTF-8 as `\x..`. Returns the text and,
/// for each input byte offset (plus the end), its display column inside the text.
pub fn escape(bytes: &[u8]) -> (String, Vec<usize>) {
    let mut columns = Vec::with_capacity(bytes.len() + 1);
    let text = escape_each(bytes, |_, column| columns.push(column));
    (text, columns)
}

/// [`escape`]'s text alone.
pub(crate) fn escape_text(bytes: &[u8]) -> String {
    escape_each(bytes, |_, _| {})
}

/// [`escape`]'s text and the display column of byte `offset` (the end's when it is past
/// the end), without the table of every byte's column (eight bytes per input byte).
pub(crate) fn escape_at(bytes: &[u8], offset: usize) -> (String, usize) {
    let mut found = None;
    let text = escape_each(bytes, |at, column| {
        if at == offset.min(bytes.len()) {
            found = Some(column);
        }
    });
    let column = found.unwrap_or(text.len());
    (text, column)
}

/// [`escape`]'s text, telling `column` (byte offset, display column) for each input byte
/// and for the end.
fn escape_each(bytes: &[u8], mut column_of: impl FnMut(usize, usize)) -> String {
    let mut text = String::with_capacity(bytes.len() + 2);
    text.push('"');
    // The number of characters in `text`, kept as it grows (counting it again for every
    // character made this quadratic).
    let mut column = 1;
    let mut at = 0;
    let mut rest = bytes;
    while !rest.is_empty() {
        let (valid, invalid) = match std::str::from_utf8(rest) {
            Ok(valid) => (valid, &[][..]),
            Err(error) => {
                let (valid, after) = rest.split_at(error.valid_up_to());
                let bad = error.error_len().unwrap_or(after.len());
                (
                    std::str::from_utf8(valid).unwrap_or_default(),
                    &after[..bad],
                )
            }
        };
        for c in valid.chars() {
            for _ in 0..c.len_utf8() {
                column_of(at, column);
                at += 1;
            }
            match c {
                '"' => {
                    text.push_str("\\\"");
                    column += 2;
                }
                '\\' => {
                    text.push_str("\\\\");
                    column += 2;
                }
                ' '..='~' => {
                    text.push(c);
                    column += 1;
                }
                _ => {
                    for escaped in c.escape_debug() {
                        text.push(escaped);
                        column += 1;
                    }
                }
            }
        }
        for byte in invalid {
            column_of(at, column);
            at += 1;
            let _ = write!(text, "\\x{byte:02X}");
            column += 4;
        }
        rest = &rest[valid.len() + invalid.len()..];
    }
    column_of(at, column);
    text.push('"');
    text
}

/// `text` with every character a terminal acts on written as an escape: the C0 controls but
/// the line feed (`\t`, `\r`, `\u{1b}`, …), DEL and the C1 controls, and the bidi controls
/// (U+202A–U+202E, U+2066–U+2069) that reorder what it shows. Text outputs pass what others
/// wrote (an adapter's replies and standard error, a document's labels) through it, so that
/// nothing they hold can rewrite the terminal.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    let acts = |c: char| {
        (c.is_control() && c != '\n')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.contains(acts) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut escaped = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '\t' => escaped.push_str("\\t"),
            '\r' => escaped.push_str("\\r"),
            c if acts(c) => {
                let _ = write!(escaped, "\\u{{{:x}}}", u32::from(c));
            }
            c => escaped.push(c),
        }
    }
    std::borrow::Cow::Owned(escaped)
}
