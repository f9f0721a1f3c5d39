//! The entry points of validation, for every edition: each hands the document to its
//! edition's validator ([`Options::edition`]).

use super::diagnostic::Diagnostic;
use super::document::Document;
use super::edition::Edition;
use super::newest;
use super::validate::{self, Options, Sink, Validation};

/// Reads and validates a GGN document of the edition [`Options::edition`].
///
/// A reading failure (not UTF-8, too large, too deep, malformed JSON) is the only
/// diagnostic; otherwise all problems of the document are reported. The document is
/// checked piece by piece as it is read: the whole JSON tree is never held at once.
///
/// A valid `ggn-2014` document comes with its model ([`Validation::document`]); the newest
/// edition is validated without one ([`Rules::read`](super::Rules::read) builds its model).
///
/// ```
/// use gan::ggn::{validate, Edition, Options};
///
/// let text = br#"{"W:K^": {"e1": {"e2": [{"must": {"e2": "empty"}}]}}}"#;
/// let newest = Options { edition: Edition::Ggn202510, ..Options::default() };
/// let validation = validate(text, &newest);
/// assert!(validation.is_valid() && validation.document().is_none());
/// assert!(!validate(text, &Options::default()).is_valid());
/// ```
#[must_use]
pub fn validate(input: &[u8], options: &Options) -> Validation {
    match options.edition {
        Edition::Ggn2014 => validate::validate(input, options),
        Edition::Ggn202510 => {
            let diagnostics = diagnose(input, options);
            let valid = !diagnostics.iter().any(Diagnostic::is_error);
            Validation::without_model(diagnostics, valid)
        }
    }
}

/// The diagnostics of [`validate`], without building a model: what `gan ggn validate`
/// needs, in far less memory. Collects what [`diagnose_to`] reports.
#[must_use]
pub fn diagnose(input: &[u8], options: &Options) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    diagnose_to(input, options, &mut out);
    out
}

/// The diagnostics of [`diagnose`], handed to `sink` one by one in the same order, after
/// their counts ([`Sink::begin`]); none is held once handed over. The document is read
/// twice (a pass that counts, then one that reports): memory is bounded by the document,
/// not by the number of its diagnostics.
pub fn diagnose_to(input: &[u8], options: &Options, sink: &mut impl Sink) {
    match options.edition {
        Edition::Ggn2014 => validate::diagnose_to(input, options, sink),
        Edition::Ggn202510 => newest::diagnose_to(input, options, sink),
    }
}

/// [`validate`] with the diagnostics handed to `sink` as [`diagnose_to`] hands them (the
/// counts, then each in document order, none held once handed over); returns the model of a
/// valid `ggn-2014` document (the newest edition has none: `None`).
///
/// The document is read once to count its diagnostics and build its model, and a second
/// time only when it has diagnostics to report: memory is bounded by the document and its
/// model, not by the number of its diagnostics.
///
/// ```
/// use gan::ggn::{validate_to, Diagnostic, Options};
///
/// let valid = br#"{"GAME:X": {"c3": {"c5": [{"perform": {"c3": null, "c5": "GAME:X"}}]}}}"#;
/// let mut found: Vec<Diagnostic> = Vec::new();
/// let document = validate_to(valid, &Options::default(), &mut found).unwrap();
/// assert_eq!(document.destinations("GAME:X", "c3"), Some(vec!["c5"]));
/// assert!(found.is_empty());
///
/// let invalid = br#"{"x": [], "x": []}"#;
/// assert!(validate_to(invalid, &Options::default(), &mut found).is_none());
/// assert_eq!(found, validate(invalid, &Options::default()).diagnostics());
/// # use gan::ggn::validate;
/// ```
pub fn validate_to(input: &[u8], options: &Options, sink: &mut impl Sink) -> Option<Document> {
    match options.edition {
        Edition::Ggn2014 => validate::validate_to(input, options, sink),
        Edition::Ggn202510 => {
            newest::diagnose_to(input, options, sink);
            None
        }
    }
}
