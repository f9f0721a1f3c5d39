//! What validation is told (the options) and where its diagnostics go (a sink), shared by
//! both editions' validators.

use std::collections::HashSet;

use super::super::diagnostic::Diagnostic;
use super::super::edition::Edition;
use super::super::reader::Limits;
use crate::model::Dialect;

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
    /// The GGN edition of the document ([`Edition::Ggn2014`] by default). The newest
    /// edition's values are QPI tokens of `qpi-2026-01` whatever [`dialect`](Self::dialect)
    /// says; [`squares`](Self::squares) applies to the 2014 edition only.
    pub edition: Edition,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            dialect: Dialect::DEFAULT,
            squares: None,
            strict: false,
            limits: Limits::default(),
            edition: Edition::default(),
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

/// Where [`diagnose_to`](crate::ggn::diagnose_to) hands a document's diagnostics.
pub trait Sink {
    /// Called once, before any diagnostic, with their counts.
    fn begin(&mut self, summary: Summary);
    /// Called for each diagnostic, in document order.
    fn diagnostic(&mut self, diagnostic: Diagnostic);
}

/// Collects the diagnostics.
impl Sink for Vec<Diagnostic> {
    fn begin(&mut self, _: Summary) {}

    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        self.push(diagnostic);
    }
}

/// How many diagnostics a document has: what a report states before listing them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The errors (warnings included under [`Options::strict`]).
    pub errors: usize,
    /// The warnings.
    pub warnings: usize,
}

impl Summary {
    /// Whether the document has no error.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.errors == 0
    }
}

/// The top-level keys of a document, in order, in one buffer (not one allocation per key).
#[derive(Default)]
pub(in crate::ggn) struct Keys {
    text: String,
    ends: Vec<usize>,
}

impl Keys {
    pub(in crate::ggn) fn push(&mut self, key: &str) {
        self.text.push_str(key);
        self.ends.push(self.text.len());
    }

    pub(in crate::ggn) fn len(&self) -> usize {
        self.ends.len()
    }

    pub(in crate::ggn) fn iter(&self) -> impl ExactSizeIterator<Item = &str> {
        self.range(0..self.len())
    }

    /// The keys of indices `range`, in order.
    pub(in crate::ggn) fn range(
        &self,
        range: std::ops::Range<usize>,
    ) -> impl ExactSizeIterator<Item = &str> {
        range.map(|i| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            &self.text[start..self.ends[i]]
        })
    }
}
