//! Bulk detection (D10), the loop of `gan detect` over a stream: every input judged by the
//! fast path of every dialect of the notation table ([`Dialect::ALL`]) and written straight
//! into one reused buffer per thread, blocks cut into parts on several threads ([`Workers`])
//! and written in input order.
//!
//! Every record is byte for byte what [`DetectRecord`] and its text form say: the fast path
//! takes the common case (a whole UTF-8 input, each dialect's verdict and parts from one walk,
//! a rejection diagnosed from where the walk stopped); an input that is truncated or not UTF-8
//! goes through [`DetectRecord`] itself.

use std::io::{self, Read, Write};
use std::str;

use super::cell;
use super::parse::{error_object, write_open, TextStyle};
use super::write::{decimal, json_string, quoted, styled, Format, Layout};
use super::{Worker, Workers};
use crate::detect::among;
use crate::dialect::{Actor, Dialect};
use crate::error::ParseError;
use crate::grammar::compile::{Compiled, Death, Groups};
use crate::output::{self, DetectRecord};
use crate::parse::{self as diagnosis, Limits, Stopped};
use crate::records::{Block, Blocks, Framing, Line};

/// How to print detections.
#[derive(Debug, Clone)]
pub struct DetectOptions {
    /// Inputs longer than this are `too-long` in every dialect.
    pub max_len: usize,
    /// How.
    pub format: Format,
    /// Text styles (`ok` around `accepted`, `error` around `rejected by every dialect`).
    pub style: TextStyle,
    /// No records: the verdicts alone (`gan detect -q`).
    pub quiet: bool,
    /// The dialects to detect among, as [`among`] chooses them: in the table's order, each
    /// once; every dialect of the table when empty (`gan detect -d`).
    pub dialects: Vec<Dialect>,
}

/// The verdicts of a detection run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Detected {
    /// Inputs read.
    pub inputs: u64,
    /// Inputs that no dialect accepts.
    pub unmatched: u64,
}

impl Detected {
    fn add(&mut self, other: &Detected) {
        self.inputs += other.inputs;
        self.unmatched += other.unmatched;
    }
}

/// One dialect of the table, with what its records share.
#[derive(Debug, Clone)]
struct Row {
    dialect: Dialect,
    name: &'static [u8],
    /// The fast path, when every input it accepts is printable ASCII without `"` or `\`, so
    /// that the parts are written as they are.
    fast: Option<&'static Compiled>,
    /// The dialect's entry of an accepting dialect: its name, the actor's attributes, and
    /// its end.
    actor: Layout,
    /// Whether the actor is CELL's, whose indices no layout holds ([`cell`]).
    cell: bool,
}

/// What one dialect made of one input.
#[derive(Debug, Clone, Copy)]
enum Verdict {
    /// Accepted by the fast path: its groups are the row's in `Detector::groups`.
    Groups,
    /// Rejected by the fast path (a non-empty ASCII input): where its walk stopped.
    Stop(Death),
    /// Accepted through the whole pipeline: the actor's index in `Detector::parsed`.
    Actor(usize),
    /// Rejected through the whole pipeline: the error's index in `Detector::parsed`.
    Error(usize),
}

impl Verdict {
    fn accepted(self) -> bool {
        matches!(self, Verdict::Groups | Verdict::Actor(_))
    }
}

/// Detects inputs one by one and writes what [`detect_stream`] writes for each: for inputs
/// that come one at a time rather than in a stream (`gan detect ID…`).
#[derive(Debug, Clone)]
pub struct Detector<'o> {
    options: &'o DetectOptions,
    /// Whether records are written (not once the output is closed: the verdicts alone).
    printing: bool,
    rows: Vec<Row>,
    /// The verdicts on the current input, one per row (kept to reuse its memory).
    verdicts: Vec<Verdict>,
    /// The groups the fast path of each row read from the current input, written in place
    /// by its walk (what a row that did not accept it holds means nothing).
    groups: Vec<Groups>,
    /// The results of the dialects whose verdict came through the whole pipeline.
    parsed: Vec<Result<Actor, ParseError>>,
}

impl<'o> Detector<'o> {
    /// A detector printing as `options` says.
    pub fn new(options: &'o DetectOptions) -> Detector<'o> {
        let rows: Vec<Row> = among(&options.dialects)
            .into_iter()
            .map(|dialect| {
                let name = dialect.as_str().as_bytes();
                let (start, end): (Vec<u8>, &[u8]) = match options.format {
                    Format::Text => ([name, b" ("].concat(), b")"),
                    Format::Json => ([b"{\"dialect\":\"", name, b"\",\"actor\":"].concat(), b"}"),
                };
                Row {
                    dialect,
                    name,
                    fast: Compiled::builtin(dialect)
                        .ok()
                        .filter(|fast| fast.reads_ascii_only() && fast.accepts_plain_only()),
                    actor: Layout::new(dialect, options.format, &start, end),
                    cell: cell::is_cell(dialect),
                }
            })
            .collect();
        Detector {
            options,
            printing: !options.quiet,
            verdicts: Vec::with_capacity(rows.len()),
            groups: vec![Groups::EMPTY; rows.len()],
            rows,
            parsed: Vec::new(),
        }
    }

    /// Detects `input`, writes its record into `out` and counts it in `detected`.
    pub fn detect(&mut self, input: Line<'_>, out: &mut Vec<u8>, detected: &mut Detected) {
        self.detect_one(input, out, detected);
    }

    fn detect_one(&mut self, input: Line<'_>, out: &mut Vec<u8>, detected: &mut Detected) {
        detected.inputs += 1;
        let text = (!input.is_truncated())
            .then(|| str::from_utf8(input.bytes).ok())
            .flatten();
        let Some(text) = text else {
            let record = DetectRecord::among(input, self.options.max_len, &self.options.dialects);
            if record.accepted.is_empty() {
                detected.unmatched += 1;
            }
            if self.printing {
                write_record(self.options, input.bytes, &record, out);
            }
            return;
        };
        let bytes = input.bytes;
        let limits = Limits {
            max_len: Some(self.options.max_len),
        };
        if !self.printing {
            // The verdicts alone: the first dialect that accepts settles it, and the fast
            // ones go first (a dialect without a fast path goes through pest).
            let accepts = |fast: bool| {
                self.rows
                    .iter()
                    .filter(|row| row.fast.is_some() == fast)
                    .any(|row| row.accepts(bytes, limits))
            };
            if !accepts(true) && !accepts(false) {
                detected.unmatched += 1;
            }
            return;
        }
        self.verdicts.clear();
        self.parsed.clear();
        for (row, groups) in self.rows.iter().zip(&mut self.groups) {
            let fast = row.fast.map(|fast| fast.read_groups(bytes, groups));
            let verdict = match fast {
                Some(Ok(())) => Verdict::Groups,
                Some(Err(death)) if !bytes.is_empty() && bytes.is_ascii() => Verdict::Stop(death),
                _ => {
                    let result = row.dialect.parse_with(bytes, limits);
                    let index = self.parsed.len();
                    let verdict = if result.is_ok() {
                        Verdict::Actor(index)
                    } else {
                        Verdict::Error(index)
                    };
                    self.parsed.push(result);
                    verdict
                }
            };
            self.verdicts.push(verdict);
        }
        let any = self.verdicts.iter().any(|verdict| verdict.accepted());
        if !any {
            detected.unmatched += 1;
        }
        if self.printing {
            match self.options.format {
                Format::Text => self.write_text(text, any, out),
                Format::Json => self.write_json(text, out),
            }
        }
    }

    /// `"INPUT": accepted by D (attributes), …; rejected by D [code at byte N], …`, or
    /// `"INPUT": rejected by every dialect: D [code at byte N], …`.
    fn write_text(&self, text: &str, any: bool, out: &mut Vec<u8>) {
        let style = &self.options.style;
        between_quotes(out, text.as_bytes(), self.plain(), quoted);
        out.extend_from_slice(b": ");
        if any {
            styled(out, &style.ok, b"accepted");
            out.extend_from_slice(b" by ");
            let mut first = true;
            for ((row, verdict), groups) in self.rows.iter().zip(&self.verdicts).zip(&self.groups) {
                if !verdict.accepted() {
                    continue;
                }
                if !first {
                    out.extend_from_slice(b", ");
                }
                first = false;
                match verdict {
                    Verdict::Groups => {
                        row.write(Format::Text, text.as_bytes(), groups, out);
                    }
                    Verdict::Actor(index) => {
                        if let Ok(actor) = &self.parsed[*index] {
                            out.extend_from_slice(row.name);
                            let _ = write!(out, " ({})", actor.fields());
                        }
                    }
                    _ => {}
                }
            }
            if self.verdicts.iter().any(|verdict| !verdict.accepted()) {
                out.extend_from_slice(b"; rejected by ");
                self.text_rejections(text, out);
            }
        } else {
            styled(out, &style.error, b"rejected by every dialect");
            out.extend_from_slice(b": ");
            self.text_rejections(text, out);
        }
        out.push(b'\n');
    }

    /// Whether the current input is plain ([`super::write::is_plain`]), as every input that
    /// a fast path accepts is (a row has a fast path only then).
    fn plain(&self) -> bool {
        self.verdicts
            .iter()
            .any(|verdict| matches!(verdict, Verdict::Groups))
    }

    /// The rejecting dialects, `D [code at byte N]`, separated by `, `.
    fn text_rejections(&self, text: &str, out: &mut Vec<u8>) {
        let mut first = true;
        for (row, verdict) in self.rows.iter().zip(&self.verdicts) {
            let (code, offset) = match verdict {
                Verdict::Stop(death) => {
                    let probe = row.probe(*death);
                    let (kind, span, _) =
                        diagnosis::classify(row.dialect, text, death.offset, &probe);
                    (kind.code(), span.start)
                }
                Verdict::Error(index) => match &self.parsed[*index] {
                    Err(error) => (error.code(), error.offset()),
                    Ok(_) => continue,
                },
                _ => continue,
            };
            if !first {
                out.extend_from_slice(b", ");
            }
            first = false;
            out.extend_from_slice(row.name);
            out.extend_from_slice(b" [");
            out.extend_from_slice(code.as_bytes());
            out.extend_from_slice(b" at byte ");
            decimal(out, offset as u64);
            out.push(b']');
        }
    }

    /// The JSON record: `{"input","accepted":[{"dialect","actor"}…],"rejected":[{"dialect",
    /// "error"}…]}`.
    fn write_json(&self, text: &str, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"input\":");
        between_quotes(out, text.as_bytes(), self.plain(), json_string);
        out.extend_from_slice(b",\"accepted\":[");
        let mut first = true;
        for ((row, verdict), groups) in self.rows.iter().zip(&self.verdicts).zip(&self.groups) {
            if !verdict.accepted() {
                continue;
            }
            if !first {
                out.push(b',');
            }
            first = false;
            match verdict {
                Verdict::Groups => row.write(Format::Json, text.as_bytes(), groups, out),
                Verdict::Actor(index) => {
                    if let Ok(actor) = &self.parsed[*index] {
                        out.extend_from_slice(b"{\"dialect\":\"");
                        out.extend_from_slice(row.name);
                        out.extend_from_slice(b"\",\"actor\":");
                        serde_json::to_writer(&mut *out, &actor.fields())
                            .expect("fields serialize");
                        out.push(b'}');
                    }
                }
                _ => {}
            }
        }
        out.extend_from_slice(b"],\"rejected\":[");
        let mut first = true;
        for (row, verdict) in self.rows.iter().zip(&self.verdicts) {
            let made;
            let error = match verdict {
                Verdict::Stop(death) => {
                    made = diagnosis::diagnose(row.dialect, text, death.offset, &row.probe(*death));
                    &made
                }
                Verdict::Error(index) => match &self.parsed[*index] {
                    Err(error) => error,
                    Ok(_) => continue,
                },
                _ => continue,
            };
            if !first {
                out.push(b',');
            }
            first = false;
            out.extend_from_slice(b"{\"dialect\":\"");
            out.extend_from_slice(row.name);
            out.extend_from_slice(b"\",\"error\":");
            error_object(error, out);
            out.push(b'}');
        }
        out.extend_from_slice(b"]}\n");
    }
}

impl Row {
    /// The entry of the accepted `input` whose `groups` the fast path read, in `format` (the
    /// run's): `D (attributes)` in text, `{"dialect":D,"actor":{…}}` in JSON.
    #[inline]
    fn write(&self, format: Format, input: &[u8], groups: &Groups, out: &mut Vec<u8>) {
        if self.cell {
            self.write_cell(format, input, groups, out);
        } else {
            self.actor.write(input, groups, out);
        }
    }

    /// [`Row::write`] for CELL, whose indices no layout holds.
    fn write_cell(&self, format: Format, input: &[u8], groups: &Groups, out: &mut Vec<u8>) {
        let coordinate = cell::coordinate(input, groups);
        match format {
            Format::Text => {
                out.extend_from_slice(self.name);
                out.extend_from_slice(b" (");
                cell::attributes(format, coordinate, out);
                out.push(b')');
            }
            Format::Json => {
                out.extend_from_slice(b"{\"dialect\":\"");
                out.extend_from_slice(self.name);
                out.extend_from_slice(b"\",\"actor\":");
                cell::attributes(format, coordinate, out);
                out.push(b'}');
            }
        }
    }

    /// Whether the dialect accepts `bytes` (whole UTF-8), as the verdicts of
    /// [`Detector::detect`] say.
    fn accepts(&self, bytes: &[u8], limits: Limits) -> bool {
        match self.fast.map(|fast| fast.verdict(bytes)) {
            Some(Ok(())) => true,
            Some(Err(_)) if !bytes.is_empty() && bytes.is_ascii() => false,
            _ => self.dialect.parse_with(bytes, limits).is_ok(),
        }
    }

    /// D12's questions about the state where the fast path's walk stopped.
    fn probe(&self, death: Death) -> Stopped<'static> {
        Stopped {
            fast: self.fast.expect("a stop comes from the fast path"),
            death,
        }
    }
}

/// `input` as `escape` writes it between quotes, or as it is between quotes when it is known
/// to be `plain` ([`super::write::is_plain`]: what `escape` then writes), with no scan.
fn between_quotes(out: &mut Vec<u8>, input: &[u8], plain: bool, escape: fn(&mut Vec<u8>, &[u8])) {
    if plain {
        out.push(b'"');
        out.extend_from_slice(input);
        out.push(b'"');
    } else {
        escape(out, input);
    }
}

/// The record of an input the fast path does not take (truncated, or not UTF-8).
fn write_record(options: &DetectOptions, input: &[u8], record: &DetectRecord, out: &mut Vec<u8>) {
    match options.format {
        Format::Json => {
            serde_json::to_writer(&mut *out, record).expect("records serialize");
            out.push(b'\n');
        }
        Format::Text => {
            let style = &options.style;
            let shown = output::escape_text(input);
            out.extend_from_slice(shown.as_bytes());
            out.extend_from_slice(b": ");
            let rejected = |out: &mut Vec<u8>| {
                for (i, rejected) in record.rejected.iter().enumerate() {
                    if i > 0 {
                        out.extend_from_slice(b", ");
                    }
                    let error = &rejected.error;
                    let _ = write!(
                        out,
                        "{} [{} at byte {}]",
                        rejected.dialect, error.code, error.offset
                    );
                }
            };
            if record.accepted.is_empty() {
                styled(out, &style.error, b"rejected by every dialect");
                out.extend_from_slice(b": ");
                rejected(out);
            } else {
                styled(out, &style.ok, b"accepted");
                out.extend_from_slice(b" by ");
                for (i, accepted) in record.accepted.iter().enumerate() {
                    if i > 0 {
                        out.extend_from_slice(b", ");
                    }
                    let _ = write!(out, "{} ({})", accepted.dialect, accepted.actor);
                }
                if !record.rejected.is_empty() {
                    out.extend_from_slice(b"; rejected by ");
                    rejected(out);
                }
            }
            out.push(b'\n');
        }
    }
}

/// The most inputs of a block detected in one round of the workers: their records (each
/// naming every notation of the table: up to about 2.4 KB of JSON for a short input) are held until the
/// round is written, so that a block of short lines does not make a thousand times its size
/// in records.
const ROUND: usize = 1 << 12;

/// Detects every input of `reader` on `jobs` threads, writing the records to `out` in input
/// order. When `out` reports a closed pipe, printing stops and reading goes on, so the
/// verdicts cover the whole input.
pub fn detect_stream(
    options: &DetectOptions,
    reader: impl Read,
    framing: Framing,
    jobs: usize,
    out: &mut impl Write,
) -> io::Result<Detected> {
    let detector = Detector::new(options);
    let mut workers = Workers::new(jobs, || Part {
        detector: detector.clone(),
        out: Vec::new(),
        detected: Detected::default(),
    });
    let mut blocks = Blocks::new(reader, framing, options.max_len);
    let mut detected = Detected::default();
    let mut closed = false;
    while let Some(block) = blocks.next_block()? {
        for round in block.rounds(ROUND) {
            for part in workers.run(&round) {
                detected.add(&part.detected);
                if !closed {
                    closed = !write_open(out, &part.out)?;
                }
            }
            if closed {
                for part in workers.all_mut() {
                    part.detector.printing = false;
                }
            }
        }
    }
    if !closed {
        match out.flush() {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => return Err(error),
            _ => {}
        }
    }
    Ok(detected)
}

/// One thread of [`detect_stream`]: the records and verdicts of its part of a block.
struct Part<'o> {
    detector: Detector<'o>,
    out: Vec<u8>,
    detected: Detected,
}

impl Worker for Part<'_> {
    fn work(&mut self, part: &Block<'_>) {
        self.out.clear();
        self.detected = Detected::default();
        for input in part.lines() {
            self.detector
                .detect_one(input, &mut self.out, &mut self.detected);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_input_is_written_as_quoted_and_json_string_write_it() {
        for input in [&b"C:K"[..], b"shogi:+p", b"a b~!", b""] {
            for escape in [quoted as fn(&mut Vec<u8>, &[u8]), json_string] {
                let (mut plain, mut escaped) = (Vec::new(), Vec::new());
                between_quotes(&mut plain, input, true, escape);
                escape(&mut escaped, input);
                assert_eq!(plain, escaped);
            }
        }
        let mut out = Vec::new();
        between_quotes(&mut out, b"a\"b", false, json_string);
        assert_eq!(out, b"\"a\\\"b\"");
    }

    /// `-q` (and a closed output) stops at the first dialect that accepts: it finds the
    /// inputs no dialect accepts as the records do.
    #[test]
    fn the_verdicts_alone_match_the_records() {
        let inputs = [
            "C:K",
            "c:+k",
            "CHESS:KING",
            "shogi:+p",
            "C:-K^",
            "a1",
            "e4B",
            "aa10",
            "K",
            "+K^'",
            "",
            "é",
            "C:é",
            "cHESS:k",
            "C:",
            ":K",
            "C:K\u{1}",
            "\"",
            "12",
            "*",
            "A:a",
        ];
        let detected = |quiet: bool| {
            let options = DetectOptions {
                max_len: 1024,
                format: Format::Json,
                style: TextStyle::default(),
                quiet,
                dialects: Vec::new(),
            };
            let mut detector = Detector::new(&options);
            inputs
                .iter()
                .enumerate()
                .map(|(index, input)| {
                    let line = Line {
                        number: index as u64 + 1,
                        bytes: input.as_bytes(),
                        len: input.len() as u64,
                    };
                    let mut counts = Detected::default();
                    detector.detect(line, &mut Vec::new(), &mut counts);
                    counts.unmatched
                })
                .collect::<Vec<u64>>()
        };
        let printed = detected(false);
        assert!(printed.contains(&0) && printed.contains(&1), "{printed:?}");
        assert_eq!(detected(true), printed);
    }
}
