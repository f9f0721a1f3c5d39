//! What `gan ggn validate` and `gan ggn moves` print, built here so the binary only does I/O:
//! the JSON records ([`FileReport`], [`Move`] as JSON) and the text lines.

use std::cell::RefCell;
use std::fmt::{self, Write as _};

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};

use super::{Diagnostic, Move, MoveRef, Summary};

/// One file's verdict: `{"file","valid","errors":[…]}` (warnings included, with their
/// severity).
#[derive(Debug, Clone, Serialize)]
pub struct FileReport<'a> {
    /// The file name as given (`-` for standard input).
    pub file: &'a str,
    /// No error (warnings allowed, unless they were made errors by `strict`).
    pub valid: bool,
    /// Every diagnostic, errors and warnings, in document order.
    pub errors: Vec<DiagnosticRecord<'a>>,
}

/// A [`Diagnostic`] as JSON: `{"code","severity","pointer","line"?,"column"?,"message"}`.
#[derive(Debug, Clone, Serialize)]
pub struct DiagnosticRecord<'a> {
    /// The stable code.
    pub code: &'a str,
    /// `error` or `warning`.
    pub severity: &'a str,
    /// The RFC 6901 pointer (`""` for the whole document).
    pub pointer: &'a str,
    /// The 1-based line, for syntax-level problems.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The 1-based column in bytes, with `line`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The message.
    pub message: &'a str,
}

impl<'a> DiagnosticRecord<'a> {
    /// The record of `diagnostic`.
    #[must_use]
    pub fn of(diagnostic: &'a Diagnostic) -> Self {
        DiagnosticRecord {
            code: diagnostic.code,
            severity: diagnostic.severity.as_str(),
            pointer: &diagnostic.pointer,
            line: diagnostic.line,
            column: diagnostic.column,
            message: &diagnostic.message,
        }
    }

    /// The compact JSON record, as it appears in [`FileReport::to_json`].
    ///
    /// # Panics
    ///
    /// Never: the record holds only strings and numbers.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record serializes")
    }
}

impl<'a> FileReport<'a> {
    /// The report of `file` with these diagnostics; valid when none is an error.
    pub fn new(file: &'a str, diagnostics: &'a [Diagnostic]) -> Self {
        FileReport {
            file,
            valid: !diagnostics.iter().any(Diagnostic::is_error),
            errors: diagnostics.iter().map(DiagnosticRecord::of).collect(),
        }
    }

    /// The beginning of the JSON line of `file`, up to its first diagnostic:
    /// `{"file":…,"valid":…,"errors":[`. The records follow, separated by commas
    /// ([`DiagnosticRecord::to_json`]), then `]}`: the line [`to_json`](Self::to_json) writes,
    /// without holding the diagnostics.
    ///
    /// # Panics
    ///
    /// Never: a string serializes.
    #[must_use]
    pub fn json_head(file: &str, summary: Summary) -> String {
        let file = serde_json::to_string(file).expect("a string serializes");
        format!(
            "{{\"file\":{file},\"valid\":{},\"errors\":[",
            summary.is_valid()
        )
    }

    /// The first line of the text form of `file` ([`to_text`](Self::to_text)): `FILE: valid`,
    /// `FILE: valid, 1 warning` or `FILE: invalid, 2 errors`. Each diagnostic follows on a
    /// line of its own, indented by two spaces.
    #[must_use]
    pub fn text_head(file: &str, summary: Summary) -> String {
        let mut out = format!(
            "{}: {}",
            file,
            if summary.is_valid() {
                "valid"
            } else {
                "invalid"
            }
        );
        for (count, noun) in [(summary.errors, "error"), (summary.warnings, "warning")] {
            match count {
                0 => {}
                1 => write!(out, ", 1 {noun}").expect("a String takes writes"),
                n => write!(out, ", {n} {noun}s").expect("a String takes writes"),
            }
        }
        out
    }

    /// The compact JSON line (without its newline).
    ///
    /// # Panics
    ///
    /// Never: the record holds only strings, numbers and booleans.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a report serializes")
    }

    /// The text form: `FILE: valid`, `FILE: valid, 1 warning` or `FILE: invalid, 2 errors`,
    /// then one indented line per diagnostic (`error[code] at /pointer: message`).
    pub fn to_text(&self, diagnostics: &[Diagnostic]) -> String {
        let errors = diagnostics.iter().filter(|d| d.is_error()).count();
        let summary = Summary {
            errors,
            warnings: diagnostics.len() - errors,
        };
        let mut out = Self::text_head(self.file, summary);
        for diagnostic in diagnostics {
            write!(out, "\n  {diagnostic}").expect("a String takes writes");
        }
        out
    }
}

/// `{"piece","from","to","variant","perform":{…},"board":{…}}`, the maps in their order (the
/// document's for `perform`, the board's then the new squares for `board`).
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.board.iter().map(|(s, p)| (s.as_str(), p.as_deref()));
        Record {
            piece: &self.piece,
            from: &self.from,
            to: &self.to,
            variant: self.variant,
            perform: &self.perform,
            board: Squares(RefCell::new(Some(board))),
        }
        .serialize(serializer)
    }
}

/// The same record as [`Move`]'s, byte for byte, its board read through the base board.
impl Serialize for MoveRef<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.board();
        let record = Record {
            piece: self.piece,
            from: self.from,
            to: self.to,
            variant: self.variant,
            perform: self.perform,
            board: Squares(RefCell::new(Some(board.iter()))),
        };
        record.serialize(serializer)
    }
}

/// The fields of a move's JSON record.
struct Record<'a, B> {
    piece: &'a str,
    from: &'a str,
    to: &'a str,
    variant: usize,
    perform: &'a [(String, Option<String>)],
    board: B,
}

impl<B: Serialize> Serialize for Record<'_, B> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let perform = self.perform.iter().map(|(s, p)| (s.as_str(), p.as_deref()));
        let mut record = serializer.serialize_struct("Move", 6)?;
        record.serialize_field("piece", self.piece)?;
        record.serialize_field("from", self.from)?;
        record.serialize_field("to", self.to)?;
        record.serialize_field("variant", &self.variant)?;
        record.serialize_field("perform", &Squares(RefCell::new(Some(perform))))?;
        record.serialize_field("board", &self.board)?;
        record.end()
    }
}

/// Square → piece or `null`, as a JSON object in the pairs' order (serialized once).
struct Squares<I>(RefCell<Option<I>>);

impl<'s, I> Serialize for Squares<I>
where
    I: ExactSizeIterator<Item = (&'s str, Option<&'s str>)>,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let squares = self.0.borrow_mut().take();
        let mut map =
            serializer.serialize_map(Some(squares.as_ref().map_or(0, ExactSizeIterator::len)))?;
        for (square, piece) in squares.into_iter().flatten() {
            map.serialize_entry(square, &piece)?;
        }
        map.end()
    }
}

impl Move {
    /// The compact JSON line (without its newline).
    ///
    /// # Panics
    ///
    /// Never: the record holds only strings, numbers and nulls.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a move serializes")
    }
}

impl MoveRef<'_> {
    /// The compact JSON line (without its newline), as [`Move::to_json`].
    ///
    /// # Panics
    ///
    /// Never: the record holds only strings, numbers and nulls.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a move serializes")
    }
}

/// `CHESS:P e7 -> e8 (variant 1): e7 empty, e8 CHESS:R`: the move and its `perform`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        line(
            f,
            &self.piece,
            &self.from,
            &self.to,
            self.variant,
            &self.perform,
        )
    }
}

/// As [`Move`]'s.
impl fmt::Display for MoveRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        line(
            f,
            self.piece,
            self.from,
            self.to,
            self.variant,
            self.perform,
        )
    }
}

fn line(
    f: &mut fmt::Formatter<'_>,
    piece: &str,
    from: &str,
    to: &str,
    variant: usize,
    perform: &[(String, Option<String>)],
) -> fmt::Result {
    write!(f, "{piece} {from} -> {to} (variant {variant}):")?;
    for (i, (square, piece)) in perform.iter().enumerate() {
        let separator = if i == 0 { " " } else { ", " };
        write!(
            f,
            "{separator}{square} {}",
            piece.as_deref().unwrap_or("empty")
        )?;
    }
    Ok(())
}
