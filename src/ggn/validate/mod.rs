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

mod checker;
mod keys;
mod logic;
mod values;
mod variant;
mod walk;

use std::collections::HashSet;

use super::diagnostic::Diagnostic;
use super::document::Document;
use super::pointer::Path;
use super::reader::{self, Limits, Node};
use crate::model::Dialect;

pub(crate) use self::checker::{describe, Checker};

/// How to read a document (or a board): the GAN dialect and what validation checks beyond the
/// spec's fixed rules.
#[derive(Clone, Debug)]
pub struct Options {
    /// The dialect of every GAN value of the document (G1): `snn-pin` by default; `pnn`
    /// reproduces the historical Ruby implementation.
    pub dialect: Dialect,
    /// The valid board squares. When given, every square a document (or board) mentions
    /// must be one of them (`unknown-square`, G6); when `None`, any non-empty label is valid.
    pub squares: Option<HashSet<String>>,
    /// Makes every warning an error: `unsatisfiable` (G10), `redundant`, `duplicate-variant`
    /// (as `--strict` does everywhere in the project, M7).
    pub strict: bool,
    /// The reader's size and depth limits.
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            dialect: Dialect::DEFAULT,
            squares: None,
            strict: false,
            limits: Limits::default(),
        }
    }
}

impl Options {
    /// The default options in `dialect`.
    pub fn in_dialect(dialect: Dialect) -> Self {
        Options {
            dialect,
            ..Options::default()
        }
    }
}

/// The result of validating a document: its diagnostics, and its model when it has no error.
#[derive(Clone, Debug)]
pub struct Validation {
    diagnostics: Vec<Diagnostic>,
    document: Option<Document>,
}

impl Validation {
    /// Every problem found, errors and warnings, in document order.
    #[must_use]
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Whether the document has no error (it may have warnings).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.document.is_some()
    }

    /// The document's model, when it has no error.
    #[must_use]
    pub fn document(&self) -> Option<&Document> {
        self.document.as_ref()
    }

    /// The model and its warnings when the document is valid; otherwise every diagnostic.
    ///
    /// # Errors
    ///
    /// Returns all diagnostics (errors and warnings) when the document has an error.
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

/// The diagnostics of [`validate`], without building the document's model: what
/// `gan ggn validate` needs, in far less memory (the input, one piece's tree, the top-level
/// keys and a bounded cache of GAN verdicts).
#[must_use]
pub fn diagnose(input: &[u8], options: &Options) -> Vec<Diagnostic> {
    run(input, options, false).diagnostics
}

fn run(input: &[u8], options: &Options, keep: bool) -> Validation {
    let mut streamer = Streamer {
        checker: Checker::new(options),
        top: walk::TopLevel::new(keep),
        keys: Keys::default(),
        piece: None,
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
    let document = (keep && checker.error_count() == 0).then_some(document);
    Validation {
        diagnostics: checker.out,
        document,
    }
}

/// Checks a document as the reader reads it: each piece source by source, so that only one
/// source's tree is held at a time (and, when `top.keep`, the model).
struct Streamer<'o> {
    checker: Checker<'o>,
    top: walk::TopLevel,
    /// The top-level keys, for the duplicate check.
    keys: Keys,
    piece: Option<walk::OpenPiece>,
}

impl Streamer<'_> {
    /// Without a model, the interned ids serve nothing past the current source: forgetting
    /// them keeps every identifier and square of the document from being held.
    fn forget_ids(&mut self) {
        if !self.top.keep {
            self.checker.tables = super::document::Tables::default();
        }
    }
}

impl reader::Nested for Streamer<'_> {
    fn stream(&mut self, key: &str) -> bool {
        Checker::is_piece_key(key)
    }

    fn whole(&mut self, key: String, value: Node) {
        self.checker.top_member(&mut self.top, &key, &value);
        self.forget_ids();
        self.keys.push(&key);
    }

    fn begin(&mut self, key: &str) {
        self.piece = Some(self.checker.piece_begin(key));
    }

    fn inner(&mut self, key: &str, inner_key: String, value: Node) {
        if let Some(open) = &mut self.piece {
            let keep = self.top.keep;
            self.checker
                .piece_source(open, key, &inner_key, &value, keep);
        }
        self.forget_ids();
    }

    fn end(&mut self, key: String) {
        if let Some(open) = self.piece.take() {
            if let Some(piece) = self.checker.piece_end(open, &key) {
                Checker::add_piece(&mut self.top, piece);
            }
        }
        self.forget_ids();
        self.keys.push(&key);
    }
}

/// The top-level keys of a document, in order, in one buffer (not one allocation per key).
#[derive(Default)]
pub(super) struct Keys {
    text: String,
    ends: Vec<usize>,
}

impl Keys {
    pub(super) fn push(&mut self, key: &str) {
        self.text.push_str(key);
        self.ends.push(self.text.len());
    }

    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = &str> {
        self.ends.iter().enumerate().map(|(i, &end)| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            &self.text[start..end]
        })
    }
}

/// Validates a document already read with [`reader::read`](super::reader::read).
#[must_use]
pub fn validate_node(root: &Node, options: &Options) -> Validation {
    let mut checker = Checker::new(options);
    let document = checker.document(root);
    let document = (checker.error_count() == 0).then_some(document);
    Validation {
        diagnostics: checker.out,
        document,
    }
}
