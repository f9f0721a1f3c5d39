//! Validation of GGN documents: every rule of the spec's "Validation Rules" section and of
//! docs/DECISIONS.md G1–G17, with all problems of a document reported, not only the first (G14).
//!
//! The codes, their severities and rules are listed in [`codes`](super::codes).
//!
//! ```
//! use gan::ggn::{validate, Options};
//!
//! let text = br#"{"GAME:X": {"c3": {"c5": [{"perform": {"c3": null, "c5": "GAME:X"}}]}}}"#;
//! let validation = validate(text, &Options::default());
//! assert!(validation.is_valid());
//! let document = validation.document().unwrap();
//! assert_eq!(document.destinations("GAME:X", "c3"), Some(vec!["c5"]));
//! ```

pub(in crate::ggn) mod checker;
mod keys;
mod logic;
pub(in crate::ggn) mod members;
pub(in crate::ggn) mod options;
mod values;
mod variant;
mod walk;

use super::diagnostic::Diagnostic;
use super::document::Document;
use super::pointer::Path;
use super::reader::{self, Node};

pub(crate) use self::checker::{describe, Checker};
use self::options::Keys;
pub use self::options::{Options, Sink, Summary};

/// The result of validating a document: its diagnostics, and its model when it has no error.
#[derive(Clone, Debug)]
pub struct Validation {
    diagnostics: Vec<Diagnostic>,
    valid: bool,
    document: Option<Document>,
}

impl Validation {
    /// The verdict of a document that has no model (another edition than `ggn-2014`).
    pub(in crate::ggn) fn without_model(diagnostics: Vec<Diagnostic>, valid: bool) -> Self {
        Validation {
            diagnostics,
            valid,
            document: None,
        }
    }

    /// Every problem found, errors and warnings, in document order.
    #[must_use]
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Whether the document has no error (it may have warnings).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.valid
    }

    /// The document's model, when it has no error and is of the 2014 edition (the newest
    /// edition is validated, not yet modelled: its evaluation is to come).
    #[must_use]
    pub fn document(&self) -> Option<&Document> {
        self.document.as_ref()
    }

    /// The model and its warnings when the document is valid; otherwise every diagnostic.
    ///
    /// # Errors
    ///
    /// Returns all diagnostics (errors and warnings) when the document has an error, or when
    /// it has no model (another edition than the 2014 one).
    pub fn into_result(self) -> Result<(Document, Vec<Diagnostic>), Vec<Diagnostic>> {
        match self.document {
            Some(document) => Ok((document, self.diagnostics)),
            None => Err(self.diagnostics),
        }
    }
}

/// Reads and validates a GGN document.
///
/// A reading failure (not UTF-8, too large, too deep, malformed JSON) is the only
/// diagnostic; otherwise all problems of the document are reported.
///
/// The document is checked piece by piece as it is read: the whole JSON tree is never held
/// at once, only the model of the pieces.
#[must_use]
pub fn validate(input: &[u8], options: &Options) -> Validation {
    run(input, options, true)
}

/// The diagnostics of [`diagnose`](super::diagnose) in one pass, every one held until the end: the shape
/// `diagnose` had before it streamed (its memory grows with the number of diagnostics). The
/// baseline of the `ggn` bench's two-pass measurement; not part of the stable API.
#[cfg(feature = "test-support")]
#[must_use]
pub fn diagnose_one_pass(input: &[u8], options: &Options) -> Vec<Diagnostic> {
    run(input, options, false).diagnostics
}

/// The diagnostics of [`diagnose`](super::diagnose) of a `ggn-2014` document, handed to `sink` one by one in the same order, after
/// their counts ([`Sink::begin`]); none is held once handed over.
///
/// The document is read twice: first to count the diagnostics and to note the keys whose
/// duplicates are reported ahead of what they contain (a reading failure found late replaces
/// every other diagnostic, as in [`validate`]), then to report them. Memory is bounded by
/// the document, not by the number of its diagnostics.
///
/// ```
/// use gan::ggn::{diagnose, diagnose_to, Diagnostic, Options, Sink, Summary};
///
/// #[derive(Default)]
/// struct Codes(Option<Summary>, Vec<&'static str>);
/// impl Sink for Codes {
///     fn begin(&mut self, summary: Summary) {
///         self.0 = Some(summary);
///     }
///     fn diagnostic(&mut self, diagnostic: Diagnostic) {
///         self.1.push(diagnostic.code);
///     }
/// }
///
/// let text = br#"{"x": [], "x": []}"#;
/// let options = Options::default();
/// let mut codes = Codes::default();
/// diagnose_to(text, &options, &mut codes);
/// assert_eq!(codes.0.unwrap().errors, codes.1.len());
/// assert_eq!(codes.1[0], "duplicate-key");
/// let all: Vec<_> = diagnose(text, &options).iter().map(|d| d.code).collect();
/// assert_eq!(all, codes.1);
/// ```
pub fn diagnose_to(input: &[u8], options: &Options, sink: &mut impl Sink) {
    Counted::read(input, options, false).report_to(input, options, sink);
}

/// Validates a `ggn-2014` document as [`validate`] does, with its diagnostics handed to
/// `sink` as [`diagnose_to`] hands them (the counts, then each in the same order, none held);
/// returns its model when it has no error.
///
/// The first reading counts the diagnostics and builds the model; a second one, only when
/// there are diagnostics, reports them. Memory is bounded by the document and its model,
/// not by the number of its diagnostics.
pub(super) fn validate_to(
    input: &[u8],
    options: &Options,
    sink: &mut impl Sink,
) -> Option<Document> {
    let counted = Counted::read(input, options, true);
    counted.report_to(input, options, sink);
    counted.document
}

/// The counting pass of a document: its counts or its reading failure, the notes of the
/// reporting pass, and (when asked for and the document has no error) its model.
struct Counted {
    first: Result<Summary, Diagnostic>,
    plan: Plan,
    document: Option<Document>,
}

impl Counted {
    /// Reads `input` once, dropping its diagnostics as they are counted; `keep`: whether to
    /// build the model.
    fn read(input: &[u8], options: &Options, keep: bool) -> Self {
        let mut plan = Plan::default();
        let mut drop = |_: Diagnostic| {};
        let (first, document) = stream(input, options, Pass::Count(&mut plan, keep), &mut drop);
        Counted {
            first,
            plan,
            document,
        }
    }

    /// Hands the counts to `sink`, then each diagnostic in document order: the reading
    /// failure alone, or those of a second reading (none when there are none to report).
    fn report_to(&self, input: &[u8], options: &Options, sink: &mut impl Sink) {
        match &self.first {
            Err(error) => {
                sink.begin(Summary {
                    errors: 1,
                    warnings: 0,
                });
                sink.diagnostic(error.clone());
            }
            Ok(summary) => {
                sink.begin(*summary);
                if summary.errors + summary.warnings > 0 {
                    // The same document read the same way: the second pass cannot fail.
                    let mut each = |diagnostic| sink.diagnostic(diagnostic);
                    let _ = stream(input, options, Pass::Report(&self.plan), &mut each);
                }
            }
        }
    }
}

/// What the counting pass notes for the reporting pass.
#[derive(Default)]
struct Plan {
    /// The top-level keys.
    keys: Keys,
    /// The source squares of each piece read source by source, in order.
    squares: SquaresSeen,
}

/// The source squares of each piece, in order, all in one buffer (not two allocations a
/// piece), read back without copies.
#[derive(Default)]
struct SquaresSeen {
    squares: Keys,
    /// How many squares there are up to the end of each piece.
    ends: Vec<usize>,
}

impl SquaresSeen {
    fn push(&mut self, piece: &Keys) {
        for square in piece.iter() {
            self.squares.push(square);
        }
        self.ends.push(self.squares.len());
    }

    /// The source squares of the piece at `index`, when there is one.
    fn get(&self, index: usize) -> Option<impl ExactSizeIterator<Item = &str> + '_> {
        let end = *self.ends.get(index)?;
        let start = index.checked_sub(1).map_or(0, |i| self.ends[i]);
        Some(self.squares.range(start..end))
    }
}

enum Pass<'p> {
    /// The counting pass; whether it builds the model.
    Count(&'p mut Plan, bool),
    Report(&'p Plan),
}

/// One pass of [`diagnose_to`]: the diagnostics go to `sink` as soon as their order is
/// settled; returns their counts, or the reading failure, and the model when the counting
/// pass keeps one and the document has no error.
fn stream(
    input: &[u8],
    options: &Options,
    pass: Pass<'_>,
    sink: &mut dyn FnMut(Diagnostic),
) -> (Result<Summary, Diagnostic>, Option<Document>) {
    let keep = matches!(pass, Pass::Count(_, true));
    let mut checker = Checker::new(options);
    checker.sink = Some(sink);
    let mut streamer = Streamer {
        checker,
        top: walk::TopLevel::new(keep),
        keys: Keys::default(),
        piece: None,
        plan: None,
        pieces: 0,
        squares_seen: SquaresSeen::default(),
        counting: false,
    };
    streamer.counting = matches!(pass, Pass::Count(..));
    match pass {
        Pass::Count(..) => {}
        Pass::Report(plan) => {
            streamer.plan = Some(plan);
            // Duplicate top-level keys come first, as when the whole tree is checked.
            streamer
                .checker
                .duplicate_keys(plan.keys.iter(), "the document", &Path::ROOT);
            streamer.flush();
        }
    }
    let read = reader::read_nested(input, &options.limits, &mut streamer);
    let summary = |checker: &Checker<'_>| Summary {
        errors: checker.error_count(),
        warnings: checker.found() - checker.error_count(),
    };
    match read {
        Err(error) => (Err(error.to_diagnostic()), None),
        Ok(Some(root)) => {
            streamer.checker.not_an_object(&root);
            streamer.flush();
            (Ok(summary(&streamer.checker)), None)
        }
        Ok(None) => {
            if streamer.counting {
                streamer
                    .checker
                    .duplicate_keys(streamer.keys.iter(), "the document", &Path::ROOT);
                streamer.flush();
                if let Pass::Count(plan, _) = pass {
                    plan.keys = std::mem::take(&mut streamer.keys);
                    plan.squares = std::mem::take(&mut streamer.squares_seen);
                }
            }
            let counts = summary(&streamer.checker);
            let Streamer {
                mut checker, top, ..
            } = streamer;
            let document = (keep && counts.is_valid()).then(|| checker.finish(top));
            (Ok(counts), document)
        }
    }
}

fn run(input: &[u8], options: &Options, keep: bool) -> Validation {
    let mut streamer = Streamer {
        checker: Checker::new(options),
        top: walk::TopLevel::new(keep),
        keys: Keys::default(),
        piece: None,
        plan: None,
        pieces: 0,
        squares_seen: SquaresSeen::default(),
        counting: false,
    };
    let read = reader::read_nested(input, &options.limits, &mut streamer);
    let Streamer {
        mut checker,
        top,
        keys,
        ..
    } = streamer;
    let document = match read {
        Err(error) => {
            return Validation {
                diagnostics: vec![error.to_diagnostic()],
                valid: false,
                document: None,
            }
        }
        Ok(Some(root)) => {
            checker.not_an_object(&root);
            Document::default()
        }
        Ok(None) => {
            // Duplicate keys come first, as when the whole tree is checked.
            let pieces = std::mem::take(&mut checker.out);
            checker.duplicate_keys(keys.iter(), "the document", &Path::ROOT);
            checker.out.extend(pieces);
            checker.finish(top)
        }
    };
    let valid = checker.error_count() == 0;
    let document = (keep && valid).then_some(document);
    Validation {
        diagnostics: checker.out,
        valid,
        document,
    }
}

/// Checks a document as the reader reads it: each piece source by source, so that only one
/// source's tree is held at a time (and, when `top.keep`, the model).
struct Streamer<'o, 'p> {
    checker: Checker<'o>,
    top: walk::TopLevel,
    /// The top-level keys, for the duplicate check.
    keys: Keys,
    piece: Option<walk::OpenPiece>,
    /// The counting pass's notes, in the reporting pass.
    plan: Option<&'p Plan>,
    /// How many pieces have been read source by source.
    pieces: usize,
    /// In the counting pass, the source squares of each such piece.
    squares_seen: SquaresSeen,
    /// The counting pass: order does not matter, diagnostics are dropped as they come.
    counting: bool,
}

impl Streamer<'_, '_> {
    /// Without a model, the interned ids serve nothing past the current source: forgetting
    /// them keeps every identifier and square of the document from being held.
    fn forget_ids(&mut self) {
        if !self.top.keep {
            self.checker.tables = super::document::Tables::default();
            self.checker.parts = super::document::Parts::default();
        }
    }

    /// Hands the diagnostics kept so far to the sink, if there is one (none are kept then:
    /// the sink has them as they are found).
    fn flush(&mut self) {
        if let Some(sink) = &mut self.checker.sink {
            for diagnostic in self.checker.out.drain(..) {
                sink(diagnostic);
            }
        }
    }
}

impl reader::Nested for Streamer<'_, '_> {
    fn stream(&mut self, key: &str) -> bool {
        Checker::is_piece_key(key)
    }

    fn whole(&mut self, key: String, value: Node) {
        self.checker.top_member(&mut self.top, &key, &value);
        self.forget_ids();
        self.keys.push(&key);
        self.flush();
    }

    fn begin(&mut self, key: &str) {
        let squares = self.plan.and_then(|plan| plan.squares.get(self.pieces));
        let known = squares.is_some();
        self.piece = Some(self.checker.piece_begin(key, squares));
        if known {
            self.flush();
        }
    }

    fn inner(&mut self, key: &str, inner_key: String, value: Node) {
        if let Some(open) = &mut self.piece {
            let keep = self.top.keep;
            self.checker
                .piece_source(open, key, &inner_key, &value, keep);
            if open.known() || self.counting {
                self.flush();
            }
        }
        self.forget_ids();
    }

    fn end(&mut self, key: String) {
        if let Some(open) = self.piece.take() {
            let (piece, squares) = self.checker.piece_end(open, &key);
            if let Some(piece) = piece {
                self.checker.add_piece(&self.top, piece);
            }
            if self.counting {
                self.squares_seen.push(&squares);
            }
        }
        self.pieces += 1;
        self.forget_ids();
        self.keys.push(&key);
        self.flush();
    }
}

/// Validates a document of the 2014 edition already read with
/// [`reader::read`](super::reader::read) ([`Options::edition`] is not read).
#[must_use]
pub fn validate_node(root: &Node, options: &Options) -> Validation {
    let mut checker = Checker::new(options);
    let document = checker.document(root);
    let valid = checker.error_count() == 0;
    let document = valid.then_some(document);
    Validation {
        diagnostics: checker.out,
        valid,
        document,
    }
}
