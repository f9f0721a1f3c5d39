//! The parse pipeline shared by every dialect: limits, UTF-8, the grammar's verdict, then the
//! D12 diagnosis of a rejected input (code, span, hint, message).
//!
//! The grammar decides; this module only explains. Rust never accepts what pest rejected: the
//! diagnosis runs after the grammar has failed, and the offset is the grammar's failure position.

use crate::error::{Detail, ErrorKind, ParseError, Span};
use crate::grammar::compile::{Compiled, Death};
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
    parse_bytes(dialect, input, Limits::NONE, |text| {
        recognizer(text).map_err(|offset| diagnose_with(dialect, text, offset, recognizer))
    })
}

/// Parses `input` in `dialect`: the limits, UTF-8 and `empty` checks of D12, then `parse`,
/// the grammar (which diagnoses its own rejections: [`diagnose`], [`diagnose_with`]).
pub(crate) fn parse_bytes<T>(
    dialect: Dialect,
    input: &[u8],
    limits: Limits,
    parse: impl Fn(&str) -> Result<T, ParseError>,
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
    parse(text)
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

/// What D12 asks of a grammar about an input it rejected, beyond D11's offset.
pub(crate) trait Probe {
    /// Whether `byte`, after the longest viable prefix, would continue it.
    fn continues(&self, byte: u8) -> bool;
    /// Whether the longest viable prefix is itself valid.
    fn prefix_accepts(&self) -> bool;
    /// Whether all of `text` is viable (valid, or the start of a valid identifier).
    fn viable(&self, text: &str) -> bool;
}

/// The questions of [`Probe`] answered by walks of a recognizer over new strings.
struct Rewalk<'a> {
    recognizer: Recognizer<'a>,
    text: &'a str,
    offset: usize,
}

impl Probe for Rewalk<'_> {
    fn continues(&self, byte: u8) -> bool {
        let mut longer = Vec::with_capacity(self.offset + 1);
        longer.extend_from_slice(&self.text.as_bytes()[..self.offset]);
        longer.push(byte);
        std::str::from_utf8(&longer).is_ok_and(|longer| self.viable(longer))
    }

    fn prefix_accepts(&self) -> bool {
        (self.recognizer)(&self.text[..self.offset]).is_ok()
    }

    fn viable(&self, text: &str) -> bool {
        (self.recognizer)(text).err().unwrap_or(text.len()) == text.len()
    }
}

/// The questions of [`Probe`] answered by the state where the fast path's walk stopped.
pub(crate) struct Stopped<'a> {
    /// The grammar.
    pub(crate) fast: &'a Compiled,
    /// Where its walk of the input stopped.
    pub(crate) death: Death,
}

impl Probe for Stopped<'_> {
    fn continues(&self, byte: u8) -> bool {
        self.fast.continues(&self.death, byte)
    }

    fn prefix_accepts(&self) -> bool {
        self.fast.prefix_accepts(&self.death)
    }

    fn viable(&self, text: &str) -> bool {
        self.fast
            .recognize(text.as_bytes())
            .err()
            .unwrap_or(text.len())
            == text.len()
    }
}

/// D12 for a valid UTF-8, non-empty input that `recognizer` rejected at `offset` (D11).
pub(crate) fn diagnose_with(
    dialect: Dialect,
    text: &str,
    offset: usize,
    recognizer: Recognizer<'_>,
) -> ParseError {
    let probe = Rewalk {
        recognizer,
        text,
        offset,
    };
    diagnose(dialect, text, offset, &probe)
}

/// D12's kind and span for a valid UTF-8, non-empty input rejected at `offset` (D11), and the
/// character there: what the error's code and offset need, without its message.
pub(crate) fn classify(
    dialect: Dialect,
    text: &str,
    offset: usize,
    probe: &dyn Probe,
) -> (ErrorKind, Span, Option<char>) {
    let found = text[offset..].chars().next();
    let end = offset + found.map_or(0, char::len_utf8);
    let kind = match found {
        Some(c) if !c.is_ascii() => ErrorKind::NonAscii,
        Some(c) if c.is_ascii_alphabetic() && probe.continues(flip_case(c) as u8) => {
            ErrorKind::CaseMismatch
        }
        _ if offset > 0
            && dialect.has_separator()
            && memchr::memchr(b':', text.as_bytes()).is_none() =>
        {
            ErrorKind::MissingSeparator
        }
        None => ErrorKind::UnexpectedEnd,
        Some(_) => ErrorKind::UnexpectedChar,
    };
    (kind, Span { start: offset, end }, found)
}

/// D12 for a valid UTF-8, non-empty input that a grammar rejected at `offset` (D11), `probe`
/// answering the questions the diagnosis asks of the grammar.
pub(crate) fn diagnose(
    dialect: Dialect,
    text: &str,
    offset: usize,
    probe: &dyn Probe,
) -> ParseError {
    let (kind, span, found) = classify(dialect, text, offset, probe);
    // The message itself is written when the error is displayed (`Detail`).
    let expected = match kind {
        // Where the cases are not tied, the message says how the letters are cased instead.
        ErrorKind::CaseMismatch if dialect.cases() != crate::notation::Cases::Tied => {
            (dialect.syntax().whole, "")
        }
        ErrorKind::NonAscii | ErrorKind::CaseMismatch => ("", ""),
        _ => explain(dialect, &text[..offset], probe),
    };
    let hint = (kind == ErrorKind::CaseMismatch)
        .then(|| case_hint(probe, text))
        .flatten();
    ParseError {
        kind,
        dialect,
        span,
        hint,
        detail: Detail::Diagnosis { found, expected },
    }
}

/// D3: the input re-cased to the case of its piece part's first letter, when that is valid.
fn case_hint(probe: &dyn Probe, text: &str) -> Option<String> {
    let (_, piece) = text.split_once(':')?;
    let side = piece.bytes().find_map(Side::of_letter)?;
    let recased = side.recase(text);
    probe.viable(&recased).then_some(recased)
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
fn explain(dialect: Dialect, prefix: &str, probe: &dyn Probe) -> (&'static str, &'static str) {
    let syntax = dialect.syntax();
    if prefix.is_empty() {
        return (syntax.start, "");
    }
    match syntax.style {
        Some(style) if !prefix.contains(':') => (style, ", then ':'"),
        _ if probe.prefix_accepts() => (syntax.end, ""),
        _ => (syntax.piece, ""),
    }
}
