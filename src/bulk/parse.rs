//! Bulk parsing, the loop of `gan parse` over a stream: blocks of inputs read with large
//! reads ([`Blocks`]), each input parsed through the fast path and written into one reused
//! buffer (no `String` per input, JSON written directly), blocks cut into parts parsed on
//! several threads ([`Workers`]) and written in input order.
//!
//! Every record is byte for byte what [`ParseRecord`] and its text form say; the fast path
//! only takes the common case (a valid input, or a verdict alone), and everything else goes
//! through [`output::parse_line`] and the serde records.

use std::io::{self, Read, Write};
use std::str;

use super::{Worker, Workers};
use crate::dialect::Dialect;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::compile::{Compiled, Parts};
use crate::model::{Side, State};
use crate::output::{self, ParseRecord};
use crate::records::{Block, Blocks, Framing, Line};

/// What is printed for each input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mode {
    /// A record per input.
    All,
    /// Only the rejected inputs, with their number (`--invalid-only`).
    InvalidOnly,
    /// Nothing per input; the counts at the end (`--count`).
    Count,
}

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// Readable lines.
    Text,
    /// JSON Lines.
    Json,
}

/// The escape sequences around the styled words of text output (empty without colors), and
/// whether a caret line points at each error (on a terminal).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextStyle {
    /// Around `valid`.
    pub ok: (String, String),
    /// Around `invalid`.
    pub error: (String, String),
    /// Around the error code.
    pub code: (String, String),
    /// Around the caret.
    pub caret: (String, String),
    /// Whether to draw the input again with a caret under the error.
    pub carets: bool,
}

/// How to parse and print.
#[derive(Debug, Clone)]
pub struct Options {
    /// The dialect.
    pub dialect: Dialect,
    /// Inputs longer than this are `too-long`.
    pub max_len: usize,
    /// What to print.
    pub mode: Mode,
    /// How.
    pub format: Format,
    /// Text styles.
    pub style: TextStyle,
}

/// The verdicts of a run: valid inputs, and invalid ones per code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Valid inputs.
    pub valid: u64,
    /// Invalid inputs, per kind, in the order of [`ErrorKind::ALL`].
    pub invalid_by_kind: [u64; ErrorKind::ALL.len()],
}

impl Counts {
    /// Invalid inputs.
    pub fn invalid(&self) -> u64 {
        self.invalid_by_kind.iter().sum()
    }

    /// Adds the counts of another part of the input.
    pub fn add(&mut self, other: &Counts) {
        self.valid += other.valid;
        for (mine, theirs) in self.invalid_by_kind.iter_mut().zip(other.invalid_by_kind) {
            *mine += theirs;
        }
    }

    fn count_error(&mut self, error: &ParseError) {
        let index = ErrorKind::ALL
            .iter()
            .position(|&kind| kind == error.kind())
            .unwrap_or(0);
        self.invalid_by_kind[index] += 1;
    }

    /// The codes that occurred, with their counts, in D12's order.
    fn codes(&self) -> impl Iterator<Item = (&'static str, u64)> + '_ {
        ErrorKind::ALL
            .iter()
            .zip(self.invalid_by_kind)
            .filter(|&(_, count)| count > 0)
            .map(|(kind, count)| (kind.code(), count))
    }

    /// `--count`: text, one line per verdict and code (`valid 3`, `invalid 1`,
    /// `case-mismatch 1`); JSON, one object (`{"valid":3,"invalid":1,"codes":{…}}`).
    pub fn write(&self, format: Format, out: &mut Vec<u8>) {
        match format {
            Format::Text => {
                line(out, &["valid ", &self.valid.to_string()]);
                line(out, &["invalid ", &self.invalid().to_string()]);
                for (code, count) in self.codes() {
                    line(out, &[code, " ", &count.to_string()]);
                }
            }
            Format::Json => {
                out.extend_from_slice(b"{\"valid\":");
                out.extend_from_slice(self.valid.to_string().as_bytes());
                out.extend_from_slice(b",\"invalid\":");
                out.extend_from_slice(self.invalid().to_string().as_bytes());
                out.extend_from_slice(b",\"codes\":{");
                for (i, (code, count)) in self.codes().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    json_string(out, code.as_bytes());
                    out.push(b':');
                    out.extend_from_slice(count.to_string().as_bytes());
                }
                out.extend_from_slice(b"}}\n");
            }
        }
    }
}

fn line(out: &mut Vec<u8>, parts: &[&str]) {
    for part in parts {
        out.extend_from_slice(part.as_bytes());
    }
    out.push(b'\n');
}

/// Parses every input of `reader` on `jobs` threads, writing the records to `out` in input
/// order (and the counts, with [`Mode::Count`]). When `out` reports a closed pipe, printing
/// stops and reading goes on, so the counts cover the whole input.
pub fn parse_stream(
    options: &Options,
    reader: impl Read,
    framing: Framing,
    jobs: usize,
    out: &mut impl Write,
) -> io::Result<Counts> {
    let parser = Parser::new(options);
    let mut workers = Workers::new(jobs, || Part {
        parser: parser.clone(),
        out: Vec::new(),
        counts: Counts::default(),
    });
    let mut blocks = Blocks::new(reader, framing, options.max_len);
    let mut counts = Counts::default();
    let mut closed = false;
    while let Some(block) = blocks.next_block()? {
        for part in workers.run(&block) {
            counts.add(&part.counts);
            if !closed {
                closed = !write_open(out, &part.out)?;
            }
        }
        if closed {
            for part in workers.all_mut() {
                part.parser.mode = Mode::Count;
            }
        }
    }
    if !closed && options.mode == Mode::Count {
        let mut buffer = Vec::new();
        counts.write(options.format, &mut buffer);
        closed = !write_open(out, &buffer)?;
    }
    if !closed {
        match out.flush() {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => return Err(error),
            _ => {}
        }
    }
    Ok(counts)
}

/// Writes `bytes`; `Ok(false)` when the reader has gone (a closed pipe).
fn write_open(out: &mut impl Write, bytes: &[u8]) -> io::Result<bool> {
    match out.write_all(bytes) {
        Ok(()) => Ok(true),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(error) => Err(error),
    }
}

/// One thread of [`parse_stream`]: the records and counts of its part of a block.
struct Part<'o> {
    parser: Parser<'o>,
    out: Vec<u8>,
    counts: Counts,
}

impl Worker for Part<'_> {
    fn work(&mut self, part: &Block<'_>) {
        let Part {
            parser,
            out,
            counts,
        } = self;
        parse_part(parser, part, out, counts);
    }
}

/// Parses the inputs of `part` into `out` and `counts` (emptied first).
fn parse_part(parser: &Parser<'_>, part: &Block<'_>, out: &mut Vec<u8>, counts: &mut Counts) {
    out.clear();
    *counts = Counts::default();
    for input in part.lines() {
        parser.parse_one(input, out, counts);
    }
}

/// Parses inputs one by one and writes what [`parse_stream`] writes for each, through the
/// dialect's fast path when it decides alone: for inputs that come one at a time rather than
/// in a stream (`gan parse ID…`). What every valid record of a run shares is written once, so
/// the loop mostly copies bytes.
#[derive(Debug, Clone)]
pub struct Parser<'o> {
    options: &'o Options,
    /// What is printed: `options.mode`, until a closed output turns it to [`Mode::Count`].
    mode: Mode,
    fast: Option<&'static Compiled>,
    /// Whether every input the fast path accepts is printable ASCII without `"` or `\`, so
    /// that text and JSON show it as it is, between quotes.
    plain: bool,
    /// Text: what follows the quoted input up to the style (`: valid snn-pin: style=`).
    text_head: Vec<u8>,
    /// JSON: what follows the input up to the style's value.
    json_head: Vec<u8>,
}

impl<'o> Parser<'o> {
    /// A parser printing as `options` says.
    pub fn new(options: &'o Options) -> Parser<'o> {
        let fast = Compiled::builtin(options.dialect).ok();
        let dialect = options.dialect.as_str().as_bytes();
        let mut text_head = b": ".to_vec();
        styled(&mut text_head, &options.style.ok, b"valid");
        text_head.push(b' ');
        text_head.extend_from_slice(dialect);
        text_head.push(b':');
        let mut json_head = b",\"dialect\":\"".to_vec();
        json_head.extend_from_slice(dialect);
        json_head.extend_from_slice(b"\",\"valid\":true,\"actor\":{");
        Parser {
            options,
            mode: options.mode,
            fast,
            plain: fast.is_some_and(Compiled::accepts_plain_only),
            text_head,
            json_head,
        }
    }

    /// Parses `input`, counts its verdict in `counts` and appends what is printed for it to
    /// `out`.
    pub fn parse(&self, input: Line<'_>, out: &mut Vec<u8>, counts: &mut Counts) {
        self.parse_one(input, out, counts);
    }

    /// [`parse`](Self::parse), for the loop of a worker: a private function is called
    /// directly, a public one through the global offset table, one indirect call per input.
    fn parse_one(&self, input: Line<'_>, out: &mut Vec<u8>, counts: &mut Counts) {
        let options = self.options;
        if let Some(fast) = self.fast.filter(|_| !input.is_truncated()) {
            if self.mode == Mode::All {
                if let Some(parts) = fast.parts(input.bytes) {
                    counts.valid += 1;
                    self.write_valid(input.bytes, &parts, out);
                    return;
                }
            } else if fast.recognize(input.bytes).is_ok() {
                counts.valid += 1;
                return;
            }
        }
        let result = output::parse_line(options.dialect, input, options.max_len);
        match &result {
            Ok(_) => counts.valid += 1,
            Err(error) => counts.count_error(error),
        }
        match (self.mode, &result) {
            (Mode::Count, _) | (Mode::InvalidOnly, Ok(_)) => {}
            (Mode::InvalidOnly, Err(error)) => {
                write_invalid_only(options, input, &result, error, out);
            }
            (Mode::All, _) => write_record(options, input, &result, out),
        }
    }

    /// A valid input seen by the fast path: the record [`ParseRecord`] and its text form give.
    fn write_valid(&self, input: &[u8], parts: &Parts, out: &mut Vec<u8>) {
        let slice = |(start, end): (usize, usize)| &input[start..end];
        match self.options.format {
            Format::Text => {
                if self.plain {
                    out.push(b'"');
                    out.extend_from_slice(input);
                    out.push(b'"');
                } else {
                    quoted(out, input);
                }
                out.extend_from_slice(&self.text_head);
                // The attributes in the order of `ActorFields`, each after a space.
                let text = |out: &mut Vec<u8>, name: &[u8], value: &[u8]| {
                    out.push(b' ');
                    out.extend_from_slice(name);
                    out.push(b'=');
                    out.extend_from_slice(value);
                };
                if let Some(style) = parts.style {
                    text(out, b"style", slice(style));
                }
                if let Some(piece_type) = parts.piece_type {
                    text(out, b"type", slice(piece_type));
                }
                if let Some(side) = parts.side {
                    text(out, b"side", side.as_str().as_bytes());
                }
                if let Some(state) = parts.state {
                    text(out, b"state", state.as_str().as_bytes());
                }
                for (name, flag) in flags(parts) {
                    if let Some(flag) = flag {
                        text(out, name, if flag { b"true" } else { b"false" });
                    }
                }
                out.push(b'\n');
            }
            Format::Json => {
                let string = |out: &mut Vec<u8>, bytes: &[u8]| {
                    if self.plain {
                        out.push(b'"');
                        out.extend_from_slice(bytes);
                        out.push(b'"');
                    } else {
                        json_string(out, bytes);
                    }
                };
                out.extend_from_slice(b"{\"input\":");
                string(out, input);
                out.extend_from_slice(&self.json_head);
                // The members in the order of `ActorFields`, a comma before all but the first.
                let mut first = true;
                let mut member = |out: &mut Vec<u8>, name: &[u8]| {
                    if !std::mem::take(&mut first) {
                        out.push(b',');
                    }
                    out.push(b'"');
                    out.extend_from_slice(name);
                    out.extend_from_slice(b"\":");
                };
                if let Some(style) = parts.style {
                    member(out, b"style");
                    string(out, slice(style));
                }
                if let Some(piece_type) = parts.piece_type {
                    member(out, b"type");
                    string(out, slice(piece_type));
                }
                if let Some(side) = parts.side {
                    member(out, b"side");
                    out.extend_from_slice(match side {
                        Side::First => b"\"first\"",
                        Side::Second => b"\"second\"",
                    });
                }
                if let Some(state) = parts.state {
                    member(out, b"state");
                    out.extend_from_slice(match state {
                        State::Normal => b"\"normal\"",
                        State::Enhanced => b"\"enhanced\"",
                        State::Diminished => b"\"diminished\"",
                    });
                }
                for (name, flag) in flags(parts) {
                    if let Some(flag) = flag {
                        member(out, name);
                        out.extend_from_slice(if flag { b"true" } else { b"false" });
                    }
                }
                // D9: the canonical form is the input itself.
                out.extend_from_slice(b"},\"canonical\":");
                string(out, input);
                out.extend_from_slice(b"}\n");
            }
        }
    }
}

/// The boolean attributes of `parts`, named, in the order of `ActorFields`.
fn flags(parts: &Parts) -> [(&'static [u8], Option<bool>); 5] {
    [
        (b"intermediate", parts.intermediate),
        (b"promoted", parts.promoted),
        (b"king", parts.king),
        (b"terminal", parts.terminal),
        (b"derived", parts.derived),
    ]
}

/// Any input, through the serde record and its text form.
fn write_record(
    options: &Options,
    input: Line<'_>,
    result: &Result<crate::dialect::Actor, ParseError>,
    out: &mut Vec<u8>,
) {
    let dialect = options.dialect.as_str().as_bytes();
    match (options.format, result) {
        (Format::Json, _) => {
            let record = ParseRecord::of_line(options.dialect, input, result);
            serde_json::to_writer(&mut *out, &record).expect("records serialize");
            out.push(b'\n');
        }
        (Format::Text, Ok(actor)) => {
            quoted(out, input.bytes);
            out.extend_from_slice(b": ");
            styled(out, &options.style.ok, b"valid");
            out.push(b' ');
            out.extend_from_slice(dialect);
            out.push(b':');
            // The attributes after a space, as the fast path writes them (none: no space).
            let fields = actor.fields().to_string();
            if !fields.is_empty() {
                out.push(b' ');
                out.extend_from_slice(fields.as_bytes());
            }
            out.push(b'\n');
        }
        (Format::Text, Err(error)) => {
            let (shown, column) = output::escape_at(input.bytes, error.offset());
            out.extend_from_slice(shown.as_bytes());
            out.extend_from_slice(b": ");
            styled(out, &options.style.error, b"invalid");
            out.push(b' ');
            out.extend_from_slice(dialect);
            out.extend_from_slice(b" [");
            styled(out, &options.style.code, error.code().as_bytes());
            out.extend_from_slice(b"]: ");
            let _ = write!(out, "{error}");
            out.push(b'\n');
            if options.style.carets {
                out.extend_from_slice(b"    ");
                out.extend_from_slice(shown.as_bytes());
                out.extend_from_slice(b"\n    ");
                out.resize(out.len() + column, b' ');
                styled(out, &options.style.caret, b"^");
                out.push(b'\n');
            }
        }
    }
}

/// `--invalid-only`: `LINE:INPUT: code at byte N` (the input quoted as in the text records),
/// or the JSON record with `line` first.
fn write_invalid_only(
    options: &Options,
    input: Line<'_>,
    result: &Result<crate::dialect::Actor, ParseError>,
    error: &ParseError,
    out: &mut Vec<u8>,
) {
    match options.format {
        Format::Text => {
            let _ = write!(out, "{}:", input.number);
            quoted(out, input.bytes);
            let _ = writeln!(out, ": {} at byte {}", error.code(), error.offset());
        }
        Format::Json => {
            let _ = write!(out, "{{\"line\":{},", input.number);
            let start = out.len();
            let record = ParseRecord::of_line(options.dialect, input, result);
            serde_json::to_writer(&mut *out, &record).expect("records serialize");
            // The record's own `{` gives way to the one written with `line`.
            out.remove(start);
            out.push(b'\n');
        }
    }
}

fn styled(out: &mut Vec<u8>, (on, off): &(String, String), word: &[u8]) {
    out.extend_from_slice(on.as_bytes());
    out.extend_from_slice(word);
    out.extend_from_slice(off.as_bytes());
}

/// The input as [`output::escape`] shows it, without its work for the common case.
pub(crate) fn quoted(out: &mut Vec<u8>, input: &[u8]) {
    if input
        .iter()
        .all(|&byte| matches!(byte, b' '..=b'~') && byte != b'"' && byte != b'\\')
    {
        out.push(b'"');
        out.extend_from_slice(input);
        out.push(b'"');
    } else {
        out.extend_from_slice(output::escape_text(input).as_bytes());
    }
}

/// A JSON string as `serde_json` writes it (`input` is UTF-8 here: lossy text elsewhere goes
/// through serde).
fn json_string(out: &mut Vec<u8>, input: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    for &byte in input {
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            0..=0x1F => {
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(byte >> 4)]);
                out.push(HEX[usize::from(byte & 0xF)]);
            }
            _ => out.push(byte),
        }
    }
    out.push(b'"');
}
