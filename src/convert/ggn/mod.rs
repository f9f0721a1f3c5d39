//! Migration of the identifiers inside a GGN document (`gan migrate --ggn`): every piece
//! key, `require`/`prevent` state and `perform` value is converted with a [`Converter`]; square
//! labels, `"empty"`, `"enemy"`, `null`, `"$schema"` and the order of every object's keys are
//! kept; the result is written as 2-space pretty JSON with a final newline.
//!
//! Three stages, whose findings are [`Problem`]s, each with the JSON pointer (RFC 6901) of the
//! key or value in the **input** document:
//!
//! 1. [`Stage::Source`]: the input must be a valid GGN document in the source dialect (G1),
//!    read with the duplicate-aware reader (G9); otherwise its validation problems are the
//!    answer and nothing is converted.
//! 2. [`Stage::Conversion`]: each identifier is converted (M1–M7; each distinct string once);
//!    its diagnostics are reported at every place it occurs. Two keys of one object that
//!    would become the same identifier are a [`KEY_COLLISION`].
//! 3. [`Stage::Target`]: when everything converted, the written text is validated again in the
//!    target dialect. Its errors are reported, and so are the warnings the source document did
//!    not have (two variants that became identical, a `prevent` that now names the source
//!    piece); a warning the input already had at the same place is not the migration's doing
//!    and is not repeated.
//!
//! The document is refused (no output) when any problem is an error. Under
//! [`Options::strict`](super::Options::strict) every warning is an error: the converter's own,
//! and the new warnings of the target stage.
//!
//! ```
//! use gan::convert::{ggn, Converter, Options};
//! use gan::Dialect;
//!
//! let converter = Converter::new(Dialect::Legacy, Dialect::SnnPin, Options::default());
//! let input = br#"{"CHESS:PAWN": {"e7": {"e8": [{"require": {"e8": "empty"},
//!                  "perform": {"e7": null, "e8": "CHESS:QUEEN"}}]}}}"#;
//! let migration = ggn::migrate_document(input, &converter, &gan::ggn::Limits::default());
//! assert_eq!(migration.summary().converted, 2);
//! assert!(migration.output().unwrap().starts_with("{\n  \"CHESS:P\": {\n    \"e7\": {"));
//!
//! let input = br#"{"CHESS:KING": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS:KING"}}]}},
//!                  "CHESS:K": {"e1": {"d1": [{"perform": {"e1": null, "d1": "CHESS:K"}}]}}}"#;
//! let refused = ggn::migrate_document(input, &converter, &gan::ggn::Limits::default());
//! assert_eq!(refused.output(), None);
//! let problem = &refused.problems()[0];
//! assert_eq!((problem.code(), problem.pointer()), ("key-collision", "/CHESS:K"));
//! ```

mod known;
mod newest;
mod problem;
mod walk;

use self::known::Known;

pub use self::newest::{
    migrate_to_newest, migrate_to_newest_to, NOT_CELL, PERFORM_DROPPED, SCHEMA_DROPPED,
};
pub use self::problem::{Problem, Stage};

use super::{Converter, Severity, Summary};
use crate::ggn::reader::{self, Limits};
use crate::ggn::{self as document, pointer};

/// The code of two keys of one object that would become the same identifier (an error: the
/// converted document would hold the key twice, G9).
pub const KEY_COLLISION: &str = "key-collision";

/// Migrates the identifiers of the GGN document `input` with `converter` (from its source to
/// its target dialect, with its options: tables, `intermediate`, `strict`), reading under
/// `limits`.
///
/// # Panics
///
/// Never: the converted tree holds only JSON values, which serialize.
pub fn migrate_document(input: &[u8], converter: &Converter, limits: &Limits) -> DocumentMigration {
    DocumentMigration::collect(|problems| migrate_document_to(input, converter, limits, problems))
}

/// [`migrate_document`] with each problem handed to `problems` as it is found, in the same
/// order, none held: memory is bounded by the document (read twice to validate it, once to
/// convert it, the converted text twice to validate it), not by the number of its problems.
///
/// ```
/// use gan::convert::{ggn, Converter, Options};
/// use gan::Dialect;
///
/// let converter = Converter::new(Dialect::Legacy, Dialect::SnnPin, Options::default());
/// let input = br#"{"x": [], "x": []}"#;
/// let mut codes = Vec::new();
/// let migrated = ggn::migrate_document_to(input, &converter, &gan::ggn::Limits::default(),
///     &mut |problem| codes.push(problem.code()));
/// assert!(migrated.is_refused_source() && migrated.output().is_none());
/// assert_eq!(migrated.error_count(), codes.len());
/// let all = ggn::migrate_document(input, &converter, &gan::ggn::Limits::default());
/// assert_eq!(all.problems().iter().map(|p| p.code()).collect::<Vec<_>>(), codes);
/// assert_eq!(all.hand_over(&mut |_| {}), migrated);
/// ```
pub fn migrate_document_to(
    input: &[u8],
    converter: &Converter,
    limits: &Limits,
    problems: &mut dyn FnMut(Problem),
) -> Migrated {
    // Stage 1 without the model, then the walk member by member: the whole tree of the
    // document is never held, nor two copies of it (the memory budget: 4× the document plus
    // 64 MiB).
    let known = match check_source(input, converter, limits, true, problems) {
        Ok(known) => known,
        Err(refused) => return refused,
    };
    let mut writer = Writer {
        walk: walk::Walk::new(converter),
        text: String::new(),
        sources: 0,
        problems: &mut *problems,
        errors: 0,
    };
    let read = reader::read_nested(input, limits, &mut writer);
    writer.flush();
    if let Err(refused) = end_of_reading(read, writer.problems) {
        return refused;
    }
    let Writer {
        walk, text, errors, ..
    } = writer;
    let target = Target {
        options: document::Options::in_dialect(converter.to()),
        known: Some(&known),
        strict: converter.options().strict,
    };
    target.check(walk, text, errors, limits, problems)
}

/// Stage 3's settings: the target's dialect and edition, the source's warnings not to repeat
/// (`known`), whether every problem is an error (`strict`).
struct Target<'k> {
    options: document::Options,
    known: Option<&'k Known>,
    strict: bool,
}

impl Target<'_> {
    /// The end of a migration whose conversions handed on `errors` errors: refused when
    /// there are any, otherwise the closed `text` validated as the target (stage 3) and kept
    /// when that found no error.
    fn check(
        &self,
        mut walk: walk::Walk<'_>,
        mut text: String,
        errors: usize,
        limits: &Limits,
        problems: &mut dyn FnMut(Problem),
    ) -> Migrated {
        text.push_str(if text.is_empty() { "{}\n" } else { "\n}\n" });
        text.shrink_to_fit();
        let mut migrated = Migrated {
            output: None,
            summary: walk.summary,
            errors,
            refused: false,
        };
        if errors > 0 {
            return migrated;
        }
        walk.forget_conversions();
        migrated.errors = check_target(&text, self, &walk, limits, problems);
        if migrated.errors == 0 {
            migrated.output = Some(text);
        }
        migrated
    }
}

/// Stage 1: validates `input` in the source dialect of `converter`, read under `limits`.
/// When it has an error, each of its diagnostics is handed to `problems` as a problem and the
/// refused migration is the answer; otherwise the code and pointer of each of its warnings,
/// when `keep_warnings` (stage 3 does not repeat them).
fn check_source(
    input: &[u8],
    converter: &Converter,
    limits: &Limits,
    keep_warnings: bool,
    problems: &mut dyn FnMut(Problem),
) -> Result<Known, Migrated> {
    let options = document::Options {
        limits: *limits,
        ..document::Options::in_dialect(converter.from())
    };
    let mut source = SourceSink {
        problems,
        refused: false,
        errors: 0,
        keep_warnings,
        known: Known::default(),
    };
    document::diagnose_to(input, &options, &mut source);
    if source.refused {
        Err(Migrated::refused(source.errors))
    } else {
        source.known.seal();
        Ok(source.known)
    }
}

/// The end of stage 2's reading (`read_nested` of a document stage 1 found valid): a
/// reading error is the source's problem, handed on, and refuses the document.
fn end_of_reading(
    read: Result<Option<reader::Node>, reader::ReadError>,
    problems: &mut dyn FnMut(Problem),
) -> Result<(), Migrated> {
    match read {
        Ok(None) => Ok(()),
        // Not reached: the document was just read and found valid (an object).
        Ok(Some(_)) => Err(Migrated::refused(0)),
        Err(error) => {
            problems(Problem::source(&error.to_diagnostic()));
            Err(Migrated::refused(1))
        }
    }
}

/// Stage 1's diagnostics: when the document has an error, each becomes a problem handed
/// on; otherwise only the place of each warning is kept (stage 3 does not repeat them).
struct SourceSink<'p> {
    problems: &'p mut dyn FnMut(Problem),
    refused: bool,
    errors: usize,
    keep_warnings: bool,
    /// The code and pointer of each warning of a valid source, when `keep_warnings`.
    known: Known,
}

impl document::Sink for SourceSink<'_> {
    fn begin(&mut self, summary: document::Summary) {
        self.refused = !summary.is_valid();
        self.errors = summary.errors;
    }

    fn diagnostic(&mut self, diagnostic: document::Diagnostic) {
        if self.refused {
            (self.problems)(Problem::source(&diagnostic));
        } else if self.keep_warnings {
            self.known.insert(diagnostic.code, &diagnostic.pointer);
        }
    }
}

/// Writes the converted document as it is read, piece by piece and source by source, with
/// the bytes `serde_json::to_string_pretty` writes of the whole converted tree.
struct Writer<'a, 'p> {
    walk: walk::Walk<'a>,
    text: String,
    /// How many sources of the current piece were written.
    sources: usize,
    /// Where the walk's problems go as they are found.
    problems: &'p mut dyn FnMut(Problem),
    /// How many of them were errors.
    errors: usize,
}

impl Writer<'_, '_> {
    /// Hands on the problems the walk found so far.
    fn flush(&mut self) {
        for problem in self.walk.problems.drain(..) {
            self.errors += usize::from(problem.is_error());
            (self.problems)(problem);
        }
    }

    /// Starts a member of the top-level object: `{` or `,`, a line break, the indent.
    fn open_member(&mut self) {
        self.text.push_str(if self.text.is_empty() {
            "{\n  "
        } else {
            ",\n  "
        });
    }
}

impl reader::Nested for Writer<'_, '_> {
    fn stream(&mut self, key: &str) -> bool {
        walk::Walk::is_piece_key(key)
    }

    fn whole(&mut self, key: String, value: reader::Node) {
        let (key, value) = self.walk.top_member(&key, &value);
        self.open_member();
        write_member(&mut self.text, &key, &value, 1);
        self.flush();
    }

    fn begin(&mut self, key: &str) {
        let key = self.walk.piece_key(key);
        self.open_member();
        self.text
            .push_str(&serde_json::to_string(&key).expect("a string serializes"));
        self.text.push_str(": ");
        self.sources = 0;
        self.flush();
    }

    fn inner(&mut self, key: &str, square: String, value: reader::Node) {
        let value = self.walk.source_value(key, &square, &value);
        self.text.push_str(if self.sources == 0 {
            "{\n    "
        } else {
            ",\n    "
        });
        self.sources += 1;
        write_member(&mut self.text, &square, &value, 2);
        self.flush();
    }

    fn end(&mut self, _key: String) {
        self.text
            .push_str(if self.sources == 0 { "{}" } else { "\n  }" });
    }
}

/// Appends `"key": value` as `serde_json::to_string_pretty` writes a member `depth` levels
/// deep (2 spaces a level). JSON strings hold no raw newline, so indenting every line of the
/// value's own pretty text gives the same bytes.
fn write_member(text: &mut String, key: &str, value: &reader::Node, depth: usize) {
    let key = serde_json::to_string(key).expect("a string serializes");
    let value = serde_json::to_string_pretty(value).expect("a tree of JSON values serializes");
    text.push_str(&key);
    text.push_str(": ");
    let mut lines = value.split('\n');
    if let Some(first) = lines.next() {
        text.push_str(first);
    }
    for line in lines {
        text.push('\n');
        for _ in 0..depth {
            text.push_str("  ");
        }
        text.push_str(line);
    }
}

/// Stage 3: the problems of the converted `text` validated with `target`'s dialect and
/// edition, at the pointers of the input, handed to `problems` (errors under its `strict`);
/// a warning the source already had at the same place (in its `known`) is left out. Returns
/// how many errors were handed on.
fn check_target(
    text: &str,
    target: &Target<'_>,
    walk: &walk::Walk<'_>,
    limits: &Limits,
    problems: &mut dyn FnMut(Problem),
) -> usize {
    let options = document::Options {
        // Pretty printing may make the text longer than the input, which was read under the
        // size limit already.
        limits: Limits {
            max_size: usize::MAX,
            ..*limits
        },
        ..target.options.clone()
    };
    let mut target = TargetSink {
        known: target.known,
        strict: target.strict,
        walk,
        problems,
        errors: 0,
    };
    document::diagnose_to(text.as_bytes(), &options, &mut target);
    target.errors
}

/// Stage 3's diagnostics, each a problem at the pointer of the input.
struct TargetSink<'k, 'w, 'a, 'p> {
    known: Option<&'k Known>,
    strict: bool,
    walk: &'w walk::Walk<'a>,
    problems: &'p mut dyn FnMut(Problem),
    errors: usize,
}

impl document::Sink for TargetSink<'_, '_, '_, '_> {
    fn begin(&mut self, _: document::Summary) {}

    fn diagnostic(&mut self, diagnostic: document::Diagnostic) {
        let at = self.walk.source_pointer(&diagnostic.pointer);
        let known = self
            .known
            .is_some_and(|known| known.contains(diagnostic.code, &at));
        if !diagnostic.is_error() && known {
            return;
        }
        let problem = Problem::target(&diagnostic, at, self.walk.converter().to());
        let problem = if self.strict {
            problem.into_error()
        } else {
            problem
        };
        self.errors += usize::from(problem.is_error());
        (self.problems)(problem);
    }
}

/// What [`migrate_document_to`] returns once every problem was handed on: the converted
/// text, or nothing when refused; the counts of identifiers and of errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Migrated {
    output: Option<String>,
    summary: Summary,
    errors: usize,
    refused: bool,
}

impl Migrated {
    fn refused(errors: usize) -> Self {
        Migrated {
            output: None,
            summary: Summary::default(),
            errors,
            refused: true,
        }
    }

    /// The converted document (2-space pretty JSON, final newline); `None` when refused.
    pub fn output(&self) -> Option<&str> {
        self.output.as_deref()
    }

    /// The identifiers found, converted and rejected, as [`DocumentMigration::summary`].
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Whether the document was converted (possibly with warnings).
    pub fn is_converted(&self) -> bool {
        self.output.is_some()
    }

    /// How many problems handed on were errors.
    pub fn error_count(&self) -> usize {
        self.errors
    }

    /// Whether the document was refused as not valid in the source dialect (its problems
    /// were all of [`Stage::Source`]).
    pub fn is_refused_source(&self) -> bool {
        self.refused
    }
}

/// The result of migrating one document: the converted text, or nothing when refused; every
/// problem; the counts of identifiers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentMigration {
    output: Option<String>,
    problems: Vec<Problem>,
    summary: Summary,
}

impl DocumentMigration {
    /// Runs `migrate`, a migration that hands each problem on, and collects its problems.
    fn collect(migrate: impl FnOnce(&mut dyn FnMut(Problem)) -> Migrated) -> Self {
        let mut problems = Vec::new();
        let migrated = migrate(&mut |problem| problems.push(problem));
        DocumentMigration {
            output: migrated.output,
            problems,
            summary: migrated.summary,
        }
    }

    /// The converted document (2-space pretty JSON, final newline); `None` when refused.
    pub fn output(&self) -> Option<&str> {
        self.output.as_deref()
    }

    /// Every problem, errors and warnings: the source's, or the conversions' in document
    /// order, then the target's.
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// The identifiers found (every occurrence: `read`), converted (`warned` of them with
    /// warnings) and rejected; `read` = `converted` + `rejected`. All zero when the source
    /// document is invalid (nothing is converted).
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Whether the document was converted (possibly with warnings).
    pub fn is_converted(&self) -> bool {
        self.output.is_some()
    }

    /// How many problems are errors.
    pub fn error_count(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }

    /// Hands every problem to `problems`, in order, and keeps the rest: what
    /// [`migrate_document_to`] returns for a migration whose problems were collected.
    pub fn hand_over(self, problems: &mut dyn FnMut(Problem)) -> Migrated {
        let refused = self
            .problems
            .first()
            .is_some_and(|problem| problem.stage() == Stage::Source);
        let mut errors = 0;
        for problem in self.problems {
            errors += usize::from(problem.is_error());
            problems(problem);
        }
        Migrated {
            output: self.output,
            summary: self.summary,
            errors,
            refused,
        }
    }

    /// The converted text and the warnings, or every problem when refused.
    ///
    /// # Errors
    ///
    /// Returns every problem (errors and warnings) when the document was refused.
    pub fn into_result(self) -> Result<(String, Vec<Problem>), Vec<Problem>> {
        match self.output {
            Some(text) => Ok((text, self.problems)),
            None => Err(self.problems),
        }
    }
}

/// The pointer of the input that `pointer` (of the converted document) names: only the first
/// token, a piece key, can differ.
fn rename_first_token(pointer: &str, original: impl Fn(&str) -> Option<String>) -> String {
    let Some(rest) = pointer.strip_prefix('/') else {
        return pointer.to_owned();
    };
    let (first, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match original(&pointer::unescape(first)) {
        Some(key) => format!("/{}{tail}", pointer::escape(&key)),
        None => pointer.to_owned(),
    }
}

impl Severity {
    fn of(severity: document::Severity) -> Severity {
        match severity {
            document::Severity::Error => Severity::Error,
            document::Severity::Warning => Severity::Warning,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::rename_first_token;

    #[test]
    fn only_the_first_token_is_renamed() {
        let original = |key: &str| (key == "CHESS:K").then(|| "C:-K".to_owned());
        assert_eq!(
            rename_first_token("/CHESS:K/e1/g1/0/perform/g1", original),
            "/C:-K/e1/g1/0/perform/g1"
        );
        assert_eq!(rename_first_token("/CHESS:K", original), "/C:-K");
        assert_eq!(
            rename_first_token("/CHESS:Q/CHESS:K", original),
            "/CHESS:Q/CHESS:K"
        );
        assert_eq!(rename_first_token("", original), "");
        let slash = |key: &str| (key == "a/b").then(|| "c~d".to_owned());
        assert_eq!(rename_first_token("/a~1b/x", slash), "/c~0d/x");
    }
}
