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

mod newest;
mod problem;
mod walk;

use std::collections::HashSet;

pub use self::newest::{migrate_to_newest, NOT_CELL, PERFORM_DROPPED, SCHEMA_DROPPED};
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
    let source_options = document::Options {
        limits: *limits,
        ..document::Options::in_dialect(converter.from())
    };
    // Stage 1 without the model, then the walk member by member: the whole tree of the
    // document is never held, nor two copies of it (the memory budget: 4× the document plus
    // 64 MiB).
    let source = document::diagnose(input, &source_options);
    if source.iter().any(document::Diagnostic::is_error) {
        return DocumentMigration::refused_source(&source);
    }
    let mut writer = Writer {
        walk: walk::Walk::new(converter),
        text: String::new(),
        sources: 0,
    };
    match reader::read_nested(input, limits, &mut writer) {
        Ok(None) => {}
        // Not reached: the document was just read and found valid (an object).
        Ok(Some(_)) => return DocumentMigration::refused_source(&source),
        Err(error) => return DocumentMigration::refused_source(&[error.to_diagnostic()]),
    }
    let Writer {
        mut walk, mut text, ..
    } = writer;
    text.push_str(if text.is_empty() { "{}\n" } else { "\n}\n" });
    let mut migration = DocumentMigration {
        output: None,
        problems: std::mem::take(&mut walk.problems),
        summary: walk.summary,
    };
    if migration.has_errors() {
        return migration;
    }
    walk.forget_conversions();
    text.shrink_to_fit();
    migration
        .problems
        .extend(check_target(&text, &source, &walk, limits));
    if !migration.has_errors() {
        migration.output = Some(text);
    }
    migration
}

/// Writes the converted document as it is read, piece by piece and source by source, with
/// the bytes `serde_json::to_string_pretty` writes of the whole converted tree.
struct Writer<'a> {
    walk: walk::Walk<'a>,
    text: String,
    /// How many sources of the current piece were written.
    sources: usize,
}

impl Writer<'_> {
    /// Starts a member of the top-level object: `{` or `,`, a line break, the indent.
    fn open_member(&mut self) {
        self.text.push_str(if self.text.is_empty() {
            "{\n  "
        } else {
            ",\n  "
        });
    }
}

impl reader::Nested for Writer<'_> {
    fn stream(&mut self, key: &str) -> bool {
        walk::Walk::is_piece_key(key)
    }

    fn whole(&mut self, key: String, value: reader::Node) {
        let (key, value) = self.walk.top_member(&key, &value);
        self.open_member();
        write_member(&mut self.text, &key, &value, 1);
    }

    fn begin(&mut self, key: &str) {
        let key = self.walk.piece_key(key);
        self.open_member();
        self.text
            .push_str(&serde_json::to_string(&key).expect("a string serializes"));
        self.text.push_str(": ");
        self.sources = 0;
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

/// Stage 3: the problems of the converted `text` in the target dialect, at the pointers of
/// the input; a warning the source already had at the same place (`known`) is left out.
fn check_target(
    text: &str,
    known: &[document::Diagnostic],
    walk: &walk::Walk<'_>,
    limits: &Limits,
) -> Vec<Problem> {
    let converter = walk.converter();
    let known: HashSet<(&str, &str)> = known.iter().map(|d| (d.code, d.pointer.as_str())).collect();
    let options = document::Options {
        // Pretty printing may make the text longer than the input, which was read under the
        // size limit already.
        limits: Limits {
            max_size: usize::MAX,
            ..*limits
        },
        ..document::Options::in_dialect(converter.to())
    };
    let mut problems = Vec::new();
    for diagnostic in &document::diagnose(text.as_bytes(), &options) {
        let at = walk.source_pointer(&diagnostic.pointer);
        if !diagnostic.is_error() && known.contains(&(diagnostic.code, at.as_str())) {
            continue;
        }
        let problem = Problem::target(diagnostic, at, converter.to());
        problems.push(if converter.options().strict {
            problem.into_error()
        } else {
            problem
        });
    }
    problems
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
    fn refused_source(diagnostics: &[document::Diagnostic]) -> Self {
        DocumentMigration {
            output: None,
            problems: diagnostics.iter().map(Problem::source).collect(),
            summary: Summary::default(),
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

    fn has_errors(&self) -> bool {
        self.problems.iter().any(Problem::is_error)
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
