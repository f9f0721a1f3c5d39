//! Bulk detection (D10), the loop of `gan detect` over a stream: every input judged by the
//! fast path of every dialect of the notation table ([`Dialect::ALL`]) and written straight
//! into one reused buffer per thread, blocks cut into parts on several threads ([`Workers`])
//! and written in input order.
//!
//! Every record is byte for byte what [`DetectRecord`] and its text form say: the fast path
//! takes the common case (a whole UTF-8 input, each dialect's verdict and parts from one walk,
//! a rejection diagnosed from where the walk stopped); an input that is truncated or not UTF-8
//! goes through [`DetectRecord`] itself.
//!
//! Real files repeat a small vocabulary, and a record is a function of the input's bytes and
//! the run's options alone (fixed for a [`Detector`]'s life): each detector keeps the records
//! of the short inputs it has seen in a bounded memo ([`MemoLimits`]) and copies a repeated
//! input's record from it, as `gan migrate` does with its conversions.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Read, Write};
use std::str;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::cell;
use super::parse::{error_object, write_open, TextStyle};
use super::write::{decimal, json_string, quoted, styled, Format, Layout};
#[cfg(doc)]
use super::AHEAD;
use super::{Handing, Worker, Workers};
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
    /// The memo of records each detector (each thread) keeps: [`MemoLimits::DEFAULT`], or
    /// [`MemoLimits::OFF`] for none. It changes the time, never the output.
    pub memo: MemoLimits,
}

/// The bounds of a detector's memo of records: two generations at most, each of at most
/// `entries` records and `bytes` bytes of inputs and records; when the current generation is
/// full, the older one is dropped (an approximate LRU: an entry used in the last generation
/// survives). Inputs longer than `max_key` bytes, truncated or not UTF-8 are not kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoLimits {
    /// Bytes of inputs and records per generation (0: no memo).
    pub bytes: usize,
    /// Records per generation (0: no memo).
    pub entries: usize,
    /// The longest input kept, in bytes.
    pub max_key: usize,
}

impl MemoLimits {
    /// 8 MiB and 16,384 records per generation, inputs of at most 256 bytes: at most 16 MiB of
    /// records (and under 1 MiB of tables) per thread. A record of the five GAN dialects is
    /// about 220 bytes in text and 900 in JSON, so the two generations hold the 11,180
    /// distinct lines of `benches/bulk.sh`'s file in both (with 2 MiB, JSON's thrashed: a
    /// miss in ten inputs); a record of every dialect in JSON is about 2.8 KB, about 6,000.
    pub const DEFAULT: MemoLimits = MemoLimits {
        bytes: 8 << 20,
        entries: 1 << 14,
        max_key: 256,
    };
    /// The bounds of each memo when `jobs` threads keep one: these for one or two threads,
    /// then twice these shared by the threads (with the default, at most 32 MiB of records in
    /// all, whatever `-j`: docs/limits.md's 64 MiB).
    #[must_use]
    pub fn per_thread(self, jobs: usize) -> MemoLimits {
        let share = |all: usize| (all.saturating_mul(2) / jobs.max(1)).min(all);
        MemoLimits {
            bytes: share(self.bytes),
            entries: share(self.entries),
            ..self
        }
    }

    /// No memo: every input detected.
    pub const OFF: MemoLimits = MemoLimits {
        bytes: 0,
        entries: 0,
        max_key: 0,
    };
}

impl Default for MemoLimits {
    fn default() -> Self {
        MemoLimits::DEFAULT
    }
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
    /// The dialects, shared by the clones of a detector: a row's layout holds about 20 KB of
    /// pieces, 340 KB for every dialect, which each thread of `-j 256` held a copy of.
    rows: Arc<[Row]>,
    /// The verdicts on the current input, one per row (kept to reuse its memory).
    verdicts: Vec<Verdict>,
    /// The groups the fast path of each row read from the current input, written in place
    /// by its walk (what a row that did not accept it holds means nothing).
    groups: Vec<Groups>,
    /// The results of the dialects whose verdict came through the whole pipeline.
    parsed: Vec<Result<Actor, ParseError>>,
    /// The records of the recent short inputs.
    memo: Memo,
}

impl<'o> Detector<'o> {
    /// A detector printing as `options` says.
    pub fn new(options: &'o DetectOptions) -> Detector<'o> {
        let rows: Arc<[Row]> = among(&options.dialects)
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
            memo: Memo::new(options.memo),
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
        // A record from the memo, or the hash under which this one is to be kept.
        let mark = out.len();
        let mut kept = None;
        if self.printing && self.memo.keeps(bytes) {
            match self.memo.find(bytes, out) {
                Ok(unmatched) => {
                    detected.unmatched += u64::from(unmatched);
                    return;
                }
                Err(hash) => kept = hash,
            }
        }
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
        if let Some(hash) = kept {
            self.memo.keep(hash, bytes, &out[mark..], !any);
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

/// The memo of a [`Detector`]: the records of recent short inputs, bounded by [`MemoLimits`].
#[derive(Debug, Clone, Default)]
struct Memo {
    limits: MemoLimits,
    current: Generation,
    previous: Generation,
    /// Inputs looked up since the hit rate was last judged, every `window` of them, and of
    /// those, the ones found.
    looked: u32,
    found: u32,
    window: u32,
    /// Whether few inputs were found in the last window: then only the inputs of one hash in
    /// 16 (its top four bits 0) are looked up and kept, so that a stream of distinct inputs costs little
    /// more than their hashes, and the sample tells when inputs repeat again.
    sparse: bool,
    /// Records copied from the memo.
    #[cfg(test)]
    hits: u64,
}

/// The inputs looked up between two judgements of a memo's hit rate.
const WINDOW: u32 = 1 << 12;

/// A memo with fewer hits than one lookup in this many in a window turns sparse.
const RARE: u32 = 8;

/// One generation of a [`Memo`]: its inputs and records one after the other in one buffer,
/// found by their hash.
#[derive(Debug, Clone, Default)]
struct Generation {
    bytes: Vec<u8>,
    entries: HashMap<u64, Entry, BuildHasherDefault<Folded>>,
}

/// Where an input and its record are in their generation's bytes (the record follows the
/// input), and whether no dialect accepts the input.
#[derive(Debug, Clone, Copy)]
struct Entry {
    start: u32,
    key: u16,
    record: u32,
    unmatched: bool,
}

impl Memo {
    fn new(limits: MemoLimits) -> Memo {
        Memo {
            limits: MemoLimits {
                // The offsets of entries are `u32`s, their keys' lengths `u16`s.
                bytes: limits.bytes.min(u32::MAX as usize),
                max_key: limits.max_key.min(u16::MAX as usize),
                ..limits
            },
            window: WINDOW,
            ..Memo::default()
        }
    }

    /// Whether the record of the whole UTF-8 input `key` may be kept.
    fn keeps(&self, key: &[u8]) -> bool {
        key.len() <= self.limits.max_key && self.limits.entries > 0 && self.limits.bytes > 0
    }

    /// Copies the record of `key` into `out` and says whether no dialect accepts it, or
    /// returns the hash under which to [`keep`](Memo::keep) it (none when the memo is sparse
    /// and `key` not of its sample).
    fn find(&mut self, key: &[u8], out: &mut Vec<u8>) -> Result<bool, Option<u64>> {
        let hash = fnv(key);
        if self.sparse && hash >> 60 != 0 {
            return Err(None);
        }
        self.looked += 1;
        if self.looked >= self.window {
            self.sparse = self.found < self.window / RARE;
            (self.looked, self.found) = (0, 0);
        }
        if let Some((record, unmatched)) = self.current.get(hash, key) {
            self.found += 1;
            out.extend_from_slice(record);
            #[cfg(test)]
            {
                self.hits += 1;
            }
            return Ok(unmatched);
        }
        let (record, unmatched) = self.previous.get(hash, key).ok_or(Some(hash))?;
        self.found += 1;
        // Used again: kept in the current generation, from the copy in `out` (keeping may
        // drop the previous generation).
        let mark = out.len();
        out.extend_from_slice(record);
        #[cfg(test)]
        {
            self.hits += 1;
        }
        self.keep(hash, key, &out[mark..], unmatched);
        Ok(unmatched)
    }

    /// Keeps `record`, the record of `key` whose hash is `hash`, unless it alone is more than
    /// a generation may hold; when the current generation is full, it becomes the previous one
    /// and the previous one is dropped (its memory reused).
    fn keep(&mut self, hash: u64, key: &[u8], record: &[u8], unmatched: bool) {
        let size = key.len() + record.len();
        if size > self.limits.bytes {
            return;
        }
        if self.current.entries.len() >= self.limits.entries
            || self.current.bytes.len() + size > self.limits.bytes
        {
            std::mem::swap(&mut self.current, &mut self.previous);
            self.current.bytes.clear();
            self.current.entries.clear();
        }
        let generation = &mut self.current;
        // In range: `new` bounds the bytes of a generation by `u32::MAX`, and its keys by
        // `u16::MAX`.
        #[allow(clippy::cast_possible_truncation)]
        let entry = Entry {
            start: generation.bytes.len() as u32,
            key: key.len() as u16,
            record: record.len() as u32,
            unmatched,
        };
        generation.bytes.extend_from_slice(key);
        generation.bytes.extend_from_slice(record);
        // Another input with the same hash is replaced (its bytes stay, counted, unused).
        generation.entries.insert(hash, entry);
    }

    /// The bytes the memo holds (inputs and records, both generations).
    #[cfg(test)]
    fn held(&self) -> usize {
        self.current.bytes.len() + self.previous.bytes.len()
    }
}

impl Generation {
    /// The record of `key` (whose hash is `hash`) and whether no dialect accepts it.
    #[inline]
    fn get(&self, hash: u64, key: &[u8]) -> Option<(&[u8], bool)> {
        let entry = self.entries.get(&hash)?;
        let start = entry.start as usize;
        let middle = start + usize::from(entry.key);
        let end = middle + entry.record as usize;
        (self.bytes[start..middle] == *key).then(|| (&self.bytes[middle..end], entry.unmatched))
    }
}

/// FNV-1a: fast on short inputs; a collision costs a miss, never a wrong record (the input is
/// compared).
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The hasher of a [`Generation`]'s table, whose keys are FNV hashes already: their high bits
/// folded into the low ones (which the table uses to choose a bucket, and which FNV's last
/// multiplication leaves depending on the low bits of the input's bytes alone).
#[derive(Debug, Clone, Copy, Default)]
struct Folded(u64);

impl Hasher for Folded {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 << 8) | u64::from(byte);
        }
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

/// The most inputs of a block detected in one round of the workers, when every dialect of
/// the table is detected among: their records (each naming every notation: up to about 2.8 KB
/// of JSON for a short input) are held until the round is written, so that a block of short
/// lines does not make a thousand times its size in records.
const ROUND: usize = 1 << 12;

/// The fewest inputs of a thread's part of a round on several threads, unless that would
/// make the round longer than half [`ROUND`]: each part costs a hand-over between threads,
/// and each thread may hold three parts' records ([`AHEAD`]).
const PART: usize = 128;

/// The inputs of a round when `dialects` dialects are detected among on `jobs` threads.
///
/// A short round's records stay in the cache between their writing and the `write` that
/// takes them: about 1,000 inputs of the five GAN dialects (220 KB of text, 900 KB of JSON),
/// fewer for more dialects, at least 256. On several threads, the round is cut into one part
/// per thread, and the threads are started once per block ([`Workers::run_rounds`]), so
/// short rounds cost them nothing but a hand-over per part: the same rounds serve, longer
/// only to give each part [`PART`] inputs.
///
/// Measured on `benches/bulk.sh`'s 2,000,000 lines (CPU time, best of 7 or 9), the five in
/// JSON: on one thread rounds of 512 to 1,024 inputs took 0.143 s, 4,096 0.170 s, 16,384
/// 0.19 s; at `-j 2` rounds of 128 inputs took 0.26–0.28 s, 256 0.21, 512 and 1,024 0.18–0.19,
/// 2,048 0.23–0.24, 4,096 0.25. Every dialect in JSON at `-j 2`: 256 to 301 inputs 0.51–0.57
/// s, 1,024 0.70–0.78 s.
fn round_for(dialects: usize, jobs: usize) -> usize {
    let short = (5 * 1024 / dialects.max(1)).clamp(256, ROUND);
    short.max(PART.saturating_mul(jobs).min(ROUND / 2))
}

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
    let mut detector = Detector::new(options);
    detector.memo = Memo::new(options.memo.per_thread(jobs));
    let round = round_for(detector.rows.len(), jobs);
    let closed = AtomicBool::new(false);
    let mut workers = Workers::new(jobs, || Part {
        detector: detector.clone(),
        made: Made::default(),
        closed: &closed,
    });
    let mut blocks = Blocks::new(reader, framing, options.max_len);
    let mut detected = Detected::default();
    while let Some(block) = blocks.next_block()? {
        workers.run_rounds(&block, round, |made| {
            detected.add(&made.detected);
            if !closed.load(Ordering::Relaxed) && !write_open(out, &made.out)? {
                closed.store(true, Ordering::Relaxed);
            }
            io::Result::Ok(())
        })?;
    }
    if !closed.load(Ordering::Relaxed) {
        match out.flush() {
            Err(error) if error.kind() != io::ErrorKind::BrokenPipe => return Err(error),
            _ => {}
        }
    }
    Ok(detected)
}

/// One thread of [`detect_stream`]: its detector, and what its last part made.
struct Part<'o, 'c> {
    detector: Detector<'o>,
    made: Made,
    /// Set once the output is closed: records are no longer made, only verdicts.
    closed: &'c AtomicBool,
}

/// The records and verdicts of a part.
#[derive(Default)]
struct Made {
    out: Vec<u8>,
    detected: Detected,
}

impl Worker for Part<'_, '_> {
    fn work(&mut self, part: &Block<'_>) {
        if self.closed.load(Ordering::Relaxed) {
            self.detector.printing = false;
        }
        self.made.out.clear();
        self.made.detected = Detected::default();
        for input in part.lines() {
            self.detector
                .detect_one(input, &mut self.made.out, &mut self.made.detected);
        }
    }
}

impl Handing for Part<'_, '_> {
    type Made = Made;

    fn made(&mut self) -> &mut Made {
        &mut self.made
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
                memo: MemoLimits::DEFAULT,
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

    fn options(format: Format, dialects: &[Dialect], memo: MemoLimits) -> DetectOptions {
        DetectOptions {
            max_len: 1024,
            format,
            style: TextStyle::default(),
            quiet: false,
            dialects: dialects.to_vec(),
            memo,
        }
    }

    fn line(bytes: &[u8]) -> Line<'_> {
        Line {
            number: 1,
            bytes,
            len: bytes.len() as u64,
        }
    }

    /// The record and counts of `input` from `detector`.
    fn detect(detector: &mut Detector<'_>, input: &[u8]) -> (Vec<u8>, Detected) {
        let (mut out, mut counts) = (b"before".to_vec(), Detected::default());
        detector.detect(line(input), &mut out, &mut counts);
        (out, counts)
    }

    /// Inputs accepted by some dialects, by none, plain and not (quotes, controls, `é`).
    const INPUTS: [&str; 12] = [
        "C:K",
        "c:+k",
        "CHESS:KING",
        "shogi:+p",
        "a1",
        "K",
        "",
        "C:é",
        "\"",
        "C:K\u{1}",
        "12",
        "+K^'",
    ];

    #[test]
    fn a_record_from_the_memo_is_the_record_detected() {
        let five = crate::notation::Family::Dialects.dialects();
        for format in [Format::Text, Format::Json] {
            for dialects in [&[][..], &five[..]] {
                let (on, off) = (
                    options(format, dialects, MemoLimits::DEFAULT),
                    options(format, dialects, MemoLimits::OFF),
                );
                let (mut memo, mut none) = (Detector::new(&on), Detector::new(&off));
                for round in 0..3 {
                    for input in INPUTS {
                        let want = detect(&mut none, input.as_bytes());
                        assert_eq!(detect(&mut memo, input.as_bytes()), want, "{input:?}");
                    }
                    assert_eq!(memo.memo.hits, round * INPUTS.len() as u64);
                    assert_eq!(none.memo.hits, 0);
                }
            }
        }
    }

    #[test]
    fn the_memo_holds_at_most_its_bytes() {
        let limits = MemoLimits {
            bytes: 4096,
            entries: 1 << 14,
            max_key: 256,
        };
        let options = options(Format::Json, &[], limits);
        let mut detector = Detector::new(&options);
        let mut most = 0;
        for n in 0..200 {
            let input = format!("C{}:K", "X".repeat(n % 50) + &n.to_string());
            detect(&mut detector, input.as_bytes());
            most = most.max(detector.memo.held());
            assert!(detector.memo.held() <= 2 * 4096, "{}", detector.memo.held());
        }
        assert!(most > 4096, "both generations were used: {most}");
        // A record alone larger than a generation is not kept.
        let options = options_with(limits, 100);
        let mut detector = Detector::new(&options);
        for _ in 0..2 {
            detect(&mut detector, b"CHESS:K");
        }
        assert_eq!((detector.memo.held(), detector.memo.hits), (0, 0));
    }

    fn options_with(limits: MemoLimits, bytes: usize) -> DetectOptions {
        options(Format::Json, &[], MemoLimits { bytes, ..limits })
    }

    #[test]
    fn an_input_longer_than_the_longest_key_is_not_kept() {
        let limits = MemoLimits {
            max_key: 5,
            ..MemoLimits::DEFAULT
        };
        let options = options(Format::Text, &[], limits);
        let mut detector = Detector::new(&options);
        let want = detect(&mut detector, b"CHESS:K");
        assert_eq!(detect(&mut detector, b"CHESS:K"), want);
        assert_eq!((detector.memo.held(), detector.memo.hits), (0, 0));
        detect(&mut detector, b"C:K");
        detect(&mut detector, b"C:K");
        assert_eq!(detector.memo.hits, 1, "an input of at most 5 bytes is kept");
        // Nor a truncated input, nor one that is not UTF-8.
        for input in [
            Line {
                number: 1,
                bytes: b"C:",
                len: 3,
            },
            line(b"C:\xff"),
        ] {
            for _ in 0..2 {
                detector.detect(input, &mut Vec::new(), &mut Detected::default());
            }
        }
        assert_eq!(detector.memo.hits, 1);
    }

    #[test]
    fn the_generations_roll_over_and_an_entry_used_in_the_last_survives() {
        let limits = MemoLimits {
            entries: 2,
            ..MemoLimits::DEFAULT
        };
        let options = options(Format::Text, &[], limits);
        let mut detector = Detector::new(&options);
        let hits = |detector: &mut Detector<'_>, inputs: &[&str]| {
            let before = detector.memo.hits;
            for input in inputs {
                detect(detector, input.as_bytes());
            }
            detector.memo.hits - before
        };
        // current [a b], then [c] with [a b] previous; a used again: [c a].
        assert_eq!(hits(&mut detector, &["a", "b", "c"]), 0);
        assert_eq!(hits(&mut detector, &["a"]), 1);
        // d: [d] with [c a] previous: b is gone, a survived.
        assert_eq!(hits(&mut detector, &["d"]), 0);
        assert_eq!(hits(&mut detector, &["a"]), 1);
        // b: [b] with [d a] previous.
        assert_eq!(hits(&mut detector, &["b"]), 0);
        assert_eq!(hits(&mut detector, &["d", "a", "b", "c"]), 3);
    }

    /// A round's records stay about as large whatever the dialects: short on one thread (in
    /// the cache), at most every dialect's [`ROUND`] on several.
    #[test]
    fn rounds_are_short_and_their_parts_not_too_short() {
        let every = Dialect::ALL.len();
        assert_eq!(round_for(5, 1), 1024);
        assert_eq!(round_for(5, 2), 1024);
        assert_eq!(round_for(every, 1), 301);
        assert_eq!(round_for(every, 2), 301);
        assert_eq!(round_for(1, 1), ROUND);
        assert_eq!(round_for(0, 0), ROUND);
        assert_eq!(round_for(5, 8), 8 * PART);
        assert_eq!(round_for(5, 16), ROUND / 2);
        assert_eq!(round_for(every, 256), ROUND / 2);
        assert_eq!(round_for(every, usize::MAX), ROUND / 2);
        for dialects in 1..=every {
            for jobs in 1..=64 {
                let round = round_for(dialects, jobs);
                assert!((256..=ROUND).contains(&round), "{dialects} {jobs}");
                assert!(round >= (PART * jobs).min(ROUND / 2), "{dialects} {jobs}");
            }
        }
    }

    #[test]
    fn the_threads_share_the_memory_of_their_memos() {
        let all = |jobs: usize| {
            let each = MemoLimits::DEFAULT.per_thread(jobs);
            assert_eq!(each.max_key, MemoLimits::DEFAULT.max_key);
            (each.bytes * jobs, each.entries * jobs)
        };
        assert_eq!(all(1), (8 << 20, 1 << 14));
        assert_eq!(all(2), (16 << 20, 1 << 15));
        assert_eq!(all(4), (16 << 20, 1 << 15));
        assert_eq!(all(16), (16 << 20, 1 << 15));
        assert_eq!(all(256), (16 << 20, 1 << 15));
        assert_eq!(MemoLimits::OFF.per_thread(3), MemoLimits::OFF);
    }

    /// A memo that finds few inputs turns sparse (only a sample of the inputs looked up), and
    /// back when they repeat again; its records are the detector's all along.
    #[test]
    fn a_memo_of_distinct_inputs_turns_sparse_and_back() {
        let (on, off) = (
            options(Format::Text, &[], MemoLimits::DEFAULT),
            options(Format::Text, &[], MemoLimits::OFF),
        );
        let (mut memo, mut none) = (Detector::new(&on), Detector::new(&off));
        memo.memo.window = 64;
        let mut same = |input: &str, memo: &mut Detector<'_>| {
            assert_eq!(
                detect(memo, input.as_bytes()),
                detect(&mut none, input.as_bytes())
            );
        };
        for n in 0..200 {
            same(&format!("C{n}:K"), &mut memo);
        }
        assert!(memo.memo.sparse);
        let before = memo.memo.hits;
        let vocabulary: Vec<String> = (0..50).map(|n| format!("c{n}:+k")).collect();
        for _ in 0..100 {
            for input in &vocabulary {
                same(input, &mut memo);
            }
        }
        assert!(!memo.memo.sparse, "the sample found its inputs again");
        let sparse = memo.memo.hits;
        for input in &vocabulary {
            same(input, &mut memo);
        }
        assert!(memo.memo.hits - sparse > 40, "most inputs found once more");
        assert!(sparse > before);
    }

    /// Takes `room` bytes, then fails every write with `kind`, counting the writes after.
    struct Closing {
        room: usize,
        kind: io::ErrorKind,
        taken: usize,
        after: usize,
    }

    impl Write for Closing {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.taken >= self.room {
                self.after += 1;
                return Err(io::Error::from(self.kind));
            }
            let n = bytes.len().min(self.room - self.taken);
            self.taken += n;
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A closed output stops the printing on every thread, not the counting; another error
    /// of the output stops the run and is returned.
    #[test]
    fn a_closed_output_stops_the_records_on_every_thread() {
        // Several blocks of 1 MiB, the last line the only one no dialect accepts.
        let input = "C:K\nshogi:+p\n".repeat(200_000) + "!\n";
        let options = options(Format::Json, &[], MemoLimits::DEFAULT);
        for jobs in [1, 2, 3] {
            let mut out = Closing {
                room: 100_000,
                kind: io::ErrorKind::BrokenPipe,
                taken: 0,
                after: 0,
            };
            let detected =
                detect_stream(&options, input.as_bytes(), Framing::Lines, jobs, &mut out).unwrap();
            assert_eq!(
                (detected.inputs, detected.unmatched),
                (400_001, 1),
                "-j {jobs}"
            );
            assert_eq!((out.taken, out.after), (100_000, 1), "-j {jobs}");
            let mut out = Closing {
                kind: io::ErrorKind::Other,
                ..out
            };
            (out.taken, out.after) = (0, 0);
            let error = detect_stream(&options, input.as_bytes(), Framing::Lines, jobs, &mut out);
            assert_eq!(error.unwrap_err().kind(), io::ErrorKind::Other, "-j {jobs}");
            assert_eq!(out.after, 1, "-j {jobs}: the run stopped at the error");
        }
    }

    /// Each thread's memo stays with it from one block (and round) to the next.
    #[test]
    fn the_memo_lasts_from_block_to_block() {
        let input = "C:K\nc:k\nC:X\nshogi:+p\n".repeat(500);
        let options = options(Format::Text, &[], MemoLimits::DEFAULT);
        let detector = Detector::new(&options);
        let closed = AtomicBool::new(false);
        let mut workers = Workers::new(2, || Part {
            detector: detector.clone(),
            made: Made::default(),
            closed: &closed,
        });
        let mut blocks = Blocks::with_capacity(input.as_bytes(), Framing::Lines, 64, 1000);
        let mut count = 0;
        while let Some(block) = blocks.next_block().unwrap() {
            workers
                .run_rounds(&block, 100, |_| {
                    count += 1;
                    Ok::<(), ()>(())
                })
                .unwrap();
        }
        assert!(count > 40, "{count} parts");
        // Four misses on each thread, every other input a hit.
        let hits = workers.all_mut().iter().map(|part| part.detector.memo.hits);
        assert_eq!(hits.collect::<Vec<u64>>().iter().sum::<u64>(), 2000 - 2 * 4);
    }
}
