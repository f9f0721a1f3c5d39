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

use super::cell;
use super::message::message;
use super::write::{copy, decimal, json_string, quoted, styled, Format, Layout, Out, Sink, RUN};
use super::{Worker, Workers};
use crate::dialect::{Actor, Dialect};
use crate::error::{ErrorKind, ParseError};
use crate::grammar::compile::{held, Compiled, Groups};
use crate::output::{self, ParseRecord};
use crate::parse::{self, Stopped};
use crate::records::{Block, Blocks, Framing, Line};

/// The start and the end of a valid input's JSON record, around the input, the actor and
/// the canonical form.
const JSON_START: &[u8] = b"{\"input\":\"";
const JSON_END: &[u8] = b"\"}\n";

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
        self.invalid_by_kind[kind_index(error.kind())] += 1;
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

/// The most inputs of a block parsed in one round of the workers: their records (at most
/// about 180 bytes each, but for the input's own bytes) are held until the round is written,
/// so that a block of short lines does not make a hundred times its size in records.
const ROUND: usize = 1 << 16;

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
        out: Out::default(),
        counts: Counts::default(),
    });
    let mut blocks = Blocks::new(reader, framing, options.max_len);
    let mut counts = Counts::default();
    let mut closed = false;
    while let Some(block) = blocks.next_block()? {
        for round in block.rounds(ROUND) {
            for part in workers.run(&round) {
                counts.add(&part.counts);
                if !closed {
                    closed = !write_open(out, part.out.as_slice())?;
                }
            }
            if closed {
                for part in workers.all_mut() {
                    part.parser.mode = Mode::Count;
                }
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
pub(super) fn write_open(out: &mut impl Write, bytes: &[u8]) -> io::Result<bool> {
    match out.write_all(bytes) {
        Ok(()) => Ok(true),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        Err(error) => Err(error),
    }
}

/// One thread of [`parse_stream`]: the records and counts of its part of a block.
struct Part<'o> {
    parser: Parser<'o>,
    out: Out,
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
fn parse_part(parser: &Parser<'_>, part: &Block<'_>, out: &mut Out, counts: &mut Counts) {
    out.clear();
    *counts = Counts::default();
    for (input, place) in part.lines_in_place() {
        parser.parse_one(input, place, out, counts);
    }
}

/// Parses inputs one by one and writes what [`parse_stream`] writes for each, through the
/// dialect's fast path: for inputs that come one at a time rather than in a stream
/// (`gan parse ID…`). What every record of a run shares is made once, so that a record is a
/// few copies into the buffer.
#[derive(Debug, Clone)]
pub struct Parser<'o> {
    options: &'o Options,
    /// What is printed: `options.mode`, until a closed output turns it to [`Mode::Count`].
    mode: Mode,
    /// The fast path, when every input it accepts is printable ASCII without `"` or `\`, so
    /// that text and JSON show the input and its parts as they are, between quotes.
    fast: Option<&'static Compiled>,
    /// The dialect's name.
    name: &'static [u8],
    /// Text: what follows the quoted input (`": valid snn-pin: `), the attributes, and the
    /// end of the line.
    text_actor: Layout,
    /// JSON: what follows the input (`","dialect":…,"actor":`), the actor, and what comes
    /// before the canonical form.
    json_actor: Layout,
    /// Whether the actor is CELL's, whose indices no layout holds ([`cell`]).
    cell: bool,
    /// Text: what follows the quoted input of an error up to its code (`": invalid
    /// snn-pin [`), and what follows the code up to the message (`"]: "`), styles included.
    text_invalid: (Vec<u8>, Vec<u8>),
}

impl<'o> Parser<'o> {
    /// A parser printing as `options` says.
    pub fn new(options: &'o Options) -> Parser<'o> {
        let dialect = options.dialect;
        let fast = Compiled::builtin(dialect)
            .ok()
            .filter(|fast| fast.reads_ascii_only() && fast.accepts_plain_only());
        let name = dialect.as_str().as_bytes();
        let mut text_head = b"\": ".to_vec();
        styled(&mut text_head, &options.style.ok, b"valid");
        text_head.push(b' ');
        text_head.extend_from_slice(name);
        text_head.push(b':');
        // The attributes after a space; a dialect without any (HAND) ends at its name.
        if held(dialect) != 0 {
            text_head.push(b' ');
        }
        let mut json_head = b"\",\"dialect\":\"".to_vec();
        json_head.extend_from_slice(name);
        json_head.extend_from_slice(b"\",\"valid\":true,\"actor\":");
        let style = &options.style;
        let mut invalid = b": ".to_vec();
        styled(&mut invalid, &style.error, b"invalid");
        invalid.push(b' ');
        invalid.extend_from_slice(name);
        invalid.extend_from_slice(b" [");
        invalid.extend_from_slice(style.code.0.as_bytes());
        let mut code_end = style.code.1.as_bytes().to_vec();
        code_end.extend_from_slice(b"]: ");
        Parser {
            options,
            text_invalid: (invalid, code_end),
            mode: options.mode,
            fast,
            name,
            text_actor: Layout::new(dialect, Format::Text, &text_head, b"\n"),
            // D9: the canonical form is the input itself.
            json_actor: Layout::new(dialect, Format::Json, &json_head, b",\"canonical\":\""),
            cell: cell::is_cell(dialect),
        }
    }

    /// Parses `input`, counts its verdict in `counts` and appends what is printed for it to
    /// `out`.
    pub fn parse(&self, input: Line<'_>, out: &mut Vec<u8>, counts: &mut Counts) {
        // The record alone in its own buffer, then appended: room made in `out` itself would
        // be made again at each call, as `out` grows.
        let mut record = Out::default();
        self.parse_one(input, input.bytes, &mut record, counts);
        out.extend_from_slice(record.as_slice());
    }

    /// [`parse`](Self::parse), for the loop of a worker: a private function is called
    /// directly, a public one through the global offset table, one indirect call per input.
    /// `place` holds the input from its first byte on, and maybe the inputs after it (what
    /// [`Block::lines_in_place`] gives).
    fn parse_one(&self, input: Line<'_>, place: &[u8], out: &mut Out, counts: &mut Counts) {
        if let Some(fast) = self.fast.filter(|_| !input.is_truncated()) {
            let bytes = input.bytes;
            let death = if self.mode == Mode::All {
                let mut groups = Groups::EMPTY;
                match fast.read_groups(bytes, &mut groups) {
                    Ok(()) => {
                        counts.valid += 1;
                        self.write_valid(bytes.len(), place, &groups, out);
                        return;
                    }
                    Err(death) => death,
                }
            } else {
                match fast.verdict(bytes) {
                    Ok(()) => {
                        counts.valid += 1;
                        return;
                    }
                    Err(death) => death,
                }
            };
            // An input that is not empty and ASCII fails in the grammar: diagnosed from
            // where the walk stopped. The others take the whole pipeline.
            if !bytes.is_empty() && bytes.is_ascii() {
                if let Ok(text) = str::from_utf8(bytes) {
                    let probe = Stopped { fast, death };
                    let dialect = self.options.dialect;
                    if self.mode == Mode::Count
                        || (self.mode, self.options.format) == (Mode::InvalidOnly, Format::Text)
                    {
                        // The code and offset are all that is printed.
                        let (kind, span, _) = parse::classify(dialect, text, death.offset, &probe);
                        counts.invalid_by_kind[kind_index(kind)] += 1;
                        if self.mode == Mode::InvalidOnly {
                            out.with_vec(|out| {
                                invalid_only_text(input, kind.code(), span.start, out);
                            });
                        }
                        return;
                    }
                    let error = parse::diagnose(dialect, text, death.offset, &probe);
                    counts.count_error(&error);
                    out.with_vec(|out| self.write_error(input, &error, out));
                    return;
                }
            }
        }
        let options = self.options;
        let result = output::parse_line(options.dialect, input, options.max_len);
        match &result {
            Ok(_) => counts.valid += 1,
            Err(error) => counts.count_error(error),
        }
        match (self.mode, &result) {
            (Mode::Count, _) | (Mode::InvalidOnly, Ok(_)) => {}
            (Mode::InvalidOnly | Mode::All, Err(error)) => {
                out.with_vec(|out| self.write_error(input, error, out));
            }
            (Mode::All, Ok(actor)) => out.with_vec(|out| write_actor(options, input, actor, out)),
        }
    }

    /// A valid input of `len` bytes seen by the fast path, in `place` (from its first byte
    /// on): the record [`ParseRecord`] and its text form give.
    // Inlined into the loop of a worker, with the record's writer.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn write_valid(&self, len: usize, place: &[u8], groups: &Groups, out: &mut Out) {
        if self.cell {
            out.with_vec(|out| self.write_cell(&place[..len], groups, out));
            return;
        }
        match self.options.format {
            Format::Text => {
                let most = 1 + len + RUN + self.text_actor.most(len);
                self.text_record(len, place, groups, &mut out.record(most));
            }
            Format::Json => {
                let most =
                    JSON_START.len() + 2 * (len + RUN) + self.json_actor.most(len) + JSON_END.len();
                self.json_record(len, place, groups, &mut out.record(most));
            }
        }
    }

    /// [`Parser::write_valid`]'s text record.
    // Inlined into the writer of a record, whose cursor then lives in registers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn text_record(&self, len: usize, place: &[u8], groups: &Groups, out: &mut impl Sink) {
        out.slice(b"\"");
        copy(out, place, (0, len));
        self.text_actor.write(place, groups, out);
    }

    /// [`Parser::write_valid`]'s JSON record.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn json_record(&self, len: usize, place: &[u8], groups: &Groups, out: &mut impl Sink) {
        out.slice(JSON_START);
        copy(out, place, (0, len));
        self.json_actor.write(place, groups, out);
        copy(out, place, (0, len));
        out.slice(JSON_END);
    }

    /// [`Parser::write_valid`] for CELL, whose indices no layout holds: what
    /// [`write_actor`] writes.
    fn write_cell(&self, input: &[u8], groups: &Groups, out: &mut Vec<u8>) {
        let coordinate = cell::coordinate(input, groups);
        match self.options.format {
            Format::Text => {
                out.push(b'"');
                out.extend_from_slice(input);
                out.extend_from_slice(b"\": ");
                styled(out, &self.options.style.ok, b"valid");
                out.push(b' ');
                out.extend_from_slice(self.name);
                out.push(b':');
                // The attributes after a space (none: no space).
                let at = out.len();
                out.push(b' ');
                if !cell::attributes(Format::Text, coordinate, out) {
                    out.truncate(at);
                }
                out.push(b'\n');
            }
            Format::Json => {
                out.extend_from_slice(b"{\"input\":\"");
                out.extend_from_slice(input);
                out.extend_from_slice(b"\",\"dialect\":\"");
                out.extend_from_slice(self.name);
                out.extend_from_slice(b"\",\"valid\":true,\"actor\":");
                cell::attributes(Format::Json, coordinate, out);
                out.extend_from_slice(b",\"canonical\":\"");
                out.extend_from_slice(input);
                out.extend_from_slice(b"\"}\n");
            }
        }
    }

    /// A rejected input: its record ([`Mode::All`]) or its `--invalid-only` line.
    fn write_error(&self, input: Line<'_>, error: &ParseError, out: &mut Vec<u8>) {
        let options = self.options;
        if options.format == Format::Text {
            match self.mode {
                Mode::InvalidOnly => invalid_only_text(input, error.code(), error.offset(), out),
                _ => self.error_text(input.bytes, error, out),
            }
            return;
        }
        // JSON: the input as a string when it is whole UTF-8 (the serde record otherwise).
        let text = (!input.is_truncated())
            .then(|| str::from_utf8(input.bytes).ok())
            .flatten();
        match (self.mode, text) {
            (Mode::InvalidOnly, Some(text)) => {
                out.extend_from_slice(b"{\"line\":");
                decimal(out, input.number);
                out.push(b',');
                self.error_fields(text, error, out);
            }
            (Mode::InvalidOnly, None) => {
                out.extend_from_slice(b"{\"line\":");
                decimal(out, input.number);
                out.push(b',');
                let start = out.len();
                let record = ParseRecord::of_line(options.dialect, input, &Err(error.clone()));
                serde_json::to_writer(&mut *out, &record).expect("records serialize");
                // The record's own `{` gives way to the one written with `line`.
                out.remove(start);
                out.push(b'\n');
            }
            (_, Some(text)) => {
                out.push(b'{');
                self.error_fields(text, error, out);
            }
            (_, None) => {
                let record = ParseRecord::of_line(options.dialect, input, &Err(error.clone()));
                serde_json::to_writer(&mut *out, &record).expect("records serialize");
                out.push(b'\n');
            }
        }
    }

    /// The fields of the JSON record of an error on `text` (a whole, UTF-8 input), after its
    /// `{`, as [`ParseRecord`] serializes them.
    fn error_fields(&self, text: &str, error: &ParseError, out: &mut Vec<u8>) {
        out.extend_from_slice(b"\"input\":");
        json_string(out, text.as_bytes());
        out.extend_from_slice(b",\"dialect\":\"");
        out.extend_from_slice(self.name);
        out.extend_from_slice(b"\",\"valid\":false,\"error\":");
        error_object(error, out);
        out.extend_from_slice(b"}\n");
    }

    /// The text record of an error: `"INPUT": invalid DIALECT [CODE]: MESSAGE`, and on a
    /// terminal the input again with a caret under the error.
    fn error_text(&self, input: &[u8], error: &ParseError, out: &mut Vec<u8>) {
        let style = &self.options.style;
        quoted(out, input);
        out.extend_from_slice(&self.text_invalid.0);
        out.extend_from_slice(error.code().as_bytes());
        out.extend_from_slice(&self.text_invalid.1);
        // What its `Display` writes, straight into the buffer.
        message(error, false, out);
        out.push(b'\n');
        if style.carets {
            let (shown, column) = output::escape_at(input, error.offset());
            out.extend_from_slice(b"    ");
            out.extend_from_slice(shown.as_bytes());
            out.extend_from_slice(b"\n    ");
            out.resize(out.len() + column, b' ');
            styled(out, &style.caret, b"^");
            out.push(b'\n');
        }
    }
}

/// The index of `kind` in [`ErrorKind::ALL`].
fn kind_index(kind: ErrorKind) -> usize {
    ErrorKind::ALL
        .iter()
        .position(|&other| other == kind)
        .unwrap_or(0)
}

/// `--invalid-only` as text: `LINE:INPUT: code at byte N` (the input quoted as in the text
/// records).
fn invalid_only_text(input: Line<'_>, code: &str, offset: usize, out: &mut Vec<u8>) {
    decimal(out, input.number);
    out.push(b':');
    quoted(out, input.bytes);
    out.extend_from_slice(b": ");
    out.extend_from_slice(code.as_bytes());
    out.extend_from_slice(b" at byte ");
    decimal(out, offset as u64);
    out.push(b'\n');
}

/// An error as [`output::ErrorRecord`] serializes it: `{"code","offset","hint"?,"message"}`.
pub(super) fn error_object(error: &ParseError, out: &mut Vec<u8>) {
    out.extend_from_slice(b"{\"code\":\"");
    out.extend_from_slice(error.code().as_bytes());
    out.extend_from_slice(b"\",\"offset\":");
    decimal(out, error.offset() as u64);
    if let Some(hint) = error.hint() {
        out.extend_from_slice(b",\"hint\":");
        json_string(out, hint.as_bytes());
    }
    out.extend_from_slice(b",\"message\":\"");
    message(error, true, out);
    out.extend_from_slice(b"\"}");
}

/// A valid input that the fast path did not print: the serde record, or the text form.
fn write_actor(options: &Options, input: Line<'_>, actor: &Actor, out: &mut Vec<u8>) {
    match options.format {
        Format::Json => {
            let record = ParseRecord::of_line(options.dialect, input, &Ok(actor.clone()));
            serde_json::to_writer(&mut *out, &record).expect("records serialize");
            out.push(b'\n');
        }
        Format::Text => {
            quoted(out, input.bytes);
            out.extend_from_slice(b": ");
            styled(out, &options.style.ok, b"valid");
            out.push(b' ');
            out.extend_from_slice(options.dialect.as_str().as_bytes());
            out.push(b':');
            // The attributes after a space, as the layouts write them (none: no space).
            let fields = actor.fields().to_string();
            if !fields.is_empty() {
                out.push(b' ');
                out.extend_from_slice(fields.as_bytes());
            }
            out.push(b'\n');
        }
    }
}
