//! Migration of a `ggn-2014` document to the newest edition, `ggn-2025-10`
//! (docs/DECISIONS.md G32–G37): `gan migrate --ggn --edition ggn-2025-10`.
//!
//! - piece keys and `require`/`prevent` identifiers are converted to `qpi-2026-01` tokens
//!   with the converter (its tables, M1–M12); `"empty"` and `"enemy"` are kept (G32);
//! - `require` becomes `must`, `prevent` becomes `deny`, in place (G33);
//! - `perform` is dropped, with a [`PERFORM_DROPPED`] warning per variant naming its changes
//!   (G34); every variant stays a possibility, at the same index;
//! - `"$schema"` is dropped with a [`SCHEMA_DROPPED`] warning (G35);
//! - a square label that is no CELL coordinate cannot be said: [`NOT_CELL`], an error (G36);
//! - the written document is validated as `ggn-2025-10`; its errors are the migration's (G37).

use super::super::{Converter, Severity};
use super::walk::Walk;
use super::{DocumentMigration, Problem};
use crate::ggn::pointer::Path;
use crate::ggn::reader::{self, Limits, Node, NodeKind};
use crate::ggn::{self as document, Edition};
use crate::model::Dialect;

/// A `perform` dropped: the newest edition describes no effects (a warning).
pub const PERFORM_DROPPED: &str = "perform-dropped";
/// The top-level `"$schema"` dropped: the newest edition has none (a warning).
pub const SCHEMA_DROPPED: &str = "schema-dropped";
/// A square label the newest edition cannot say: not a CELL coordinate (an error).
pub const NOT_CELL: &str = "not-cell";

/// The dialect of the newest edition's tokens.
const QPI: Dialect = Dialect::named("qpi-2026-01");
/// The notation of the newest edition's squares.
const CELL: Dialect = Dialect::named("cell");

/// Migrates the `ggn-2014` document `input` to `ggn-2025-10` with `converter`, whose target
/// must be `qpi-2026-01` (the caller checks it: `gan migrate` refuses another `--to`).
///
/// ```
/// use gan::convert::{ggn, Converter, Options};
/// use gan::Dialect;
///
/// let qpi: Dialect = "qpi-2026-01".parse().unwrap();
/// let converter = Converter::new(Dialect::SnnPin, qpi, Options::default());
/// let input = br#"{"CHESS:P": {"e2": {"e3": [{"require": {"e3": "empty"},
///                  "perform": {"e2": null, "e3": "CHESS:P"}}]}}}"#;
/// let migration = ggn::migrate_to_newest(input, &converter, &gan::ggn::Limits::default());
/// let text = migration.output().unwrap();
/// assert!(text.contains("\"C:P\"") && text.contains("\"must\"") && !text.contains("perform"));
/// assert_eq!(migration.problems()[0].code(), "perform-dropped");
/// ```
#[must_use]
pub fn migrate_to_newest(
    input: &[u8],
    converter: &Converter,
    limits: &Limits,
) -> DocumentMigration {
    debug_assert_eq!(converter.to(), QPI);
    let source_options = document::Options {
        limits: *limits,
        ..document::Options::in_dialect(converter.from())
    };
    let source = document::diagnose(input, &source_options);
    if source.iter().any(document::Diagnostic::is_error) {
        return DocumentMigration::refused_source(&source);
    }
    let mut writer = Writer {
        walk: Walk::new(converter),
        text: String::new(),
        sources: 0,
        edition: Vec::new(),
    };
    match reader::read_nested(input, limits, &mut writer) {
        Ok(None) => {}
        Ok(Some(_)) => return DocumentMigration::refused_source(&source),
        Err(error) => return DocumentMigration::refused_source(&[error.to_diagnostic()]),
    }
    let Writer {
        mut walk,
        mut text,
        edition,
        ..
    } = writer;
    text.push_str(if text.is_empty() { "{}\n" } else { "\n}\n" });
    let mut problems = std::mem::take(&mut walk.problems);
    problems.extend(edition);
    if converter.options().strict {
        problems = problems.into_iter().map(Problem::into_error).collect();
    }
    let mut migration = DocumentMigration {
        output: None,
        problems,
        summary: walk.summary,
    };
    if migration.has_errors() {
        return migration;
    }
    walk.forget_conversions();
    let options = document::Options {
        limits: Limits {
            max_size: usize::MAX,
            ..*limits
        },
        edition: Edition::Ggn202510,
        ..document::Options::default()
    };
    for diagnostic in &document::diagnose(text.as_bytes(), &options) {
        let at = walk.source_pointer(&diagnostic.pointer);
        migration
            .problems
            .push(Problem::target(diagnostic, at, converter.to()));
    }
    if !migration.has_errors() {
        migration.output = Some(text);
    }
    migration
}

/// Writes the migrated document as it is read, source by source.
struct Writer<'a> {
    walk: Walk<'a>,
    text: String,
    sources: usize,
    /// The problems of the change of edition, in document order.
    edition: Vec<Problem>,
}

impl Writer<'_> {
    fn open_member(&mut self) {
        self.text.push_str(if self.text.is_empty() {
            "{\n  "
        } else {
            ",\n  "
        });
    }

    /// A source, destination or LCN key: a CELL coordinate (sources may not be `"*"` in
    /// ggn-2014, G6, so every label must be CELL).
    fn square(&mut self, label: &str, at: &Path<'_>) {
        if let Err(error) = CELL.parse(label.as_bytes()) {
            self.edition.push(Problem::edition(
                at.render(),
                NOT_CELL,
                Severity::Error,
                format!(
                    "square {label:?} is not a CELL coordinate, the only squares of \
                     ggn-2025-10: {error}"
                ),
            ));
        }
    }

    /// The value of one source: destinations → variants → possibilities.
    fn source(&mut self, piece: &str, square: &str, value: &Node) -> Node {
        let piece_at = Path::ROOT.key(piece);
        let at = piece_at.key(square);
        self.square(square, &at);
        let mut destinations = Vec::new();
        for (to, list) in value.as_object().unwrap_or_default() {
            let to_at = at.key(to);
            self.square(to, &to_at);
            let mut possibilities = Vec::new();
            for (i, variant) in list.as_array().unwrap_or_default().iter().enumerate() {
                let variant_at = to_at.index(i);
                possibilities.push(self.variant(square, to, variant, &variant_at));
            }
            destinations.push((to.clone(), Node::new(NodeKind::Array(possibilities))));
        }
        Node::new(NodeKind::Object(destinations))
    }

    /// One variant → one possibility.
    fn variant(&mut self, from: &str, to: &str, variant: &Node, at: &Path<'_>) -> Node {
        let mut members = Vec::new();
        for (key, value) in variant.as_object().unwrap_or_default() {
            let here = at.key(key);
            match key.as_str() {
                "require" | "prevent" => {
                    let name = if key == "require" { "must" } else { "deny" };
                    members.push((name.to_owned(), self.lcn(value, &here)));
                }
                // "perform", the only other member of a valid variant (G8).
                _ => {
                    let changes = serde_json::to_string(value).expect("JSON serializes");
                    self.edition.push(Problem::edition(
                        here.render(),
                        PERFORM_DROPPED,
                        Severity::Warning,
                        format!(
                            "the move {from:?} -> {to:?} loses its effects {changes}: \
                             ggn-2025-10 says only whether a move is possible"
                        ),
                    ));
                }
            }
        }
        Node::new(NodeKind::Object(members))
    }

    /// A `require` or `prevent` object: squares kept (CELL checked), identifiers converted.
    fn lcn(&mut self, value: &Node, at: &Path<'_>) -> Node {
        let mut members = Vec::new();
        for (square, state) in value.as_object().unwrap_or_default() {
            let here = at.key(square);
            self.square(square, &here);
            let text = state.as_str().unwrap_or_default();
            let converted = if text == "empty" || text == "enemy" {
                text.to_owned()
            } else {
                self.walk
                    .identifier(text, &here)
                    .unwrap_or_else(|| text.to_owned())
            };
            members.push((square.clone(), Node::new(NodeKind::String(converted))));
        }
        Node::new(NodeKind::Object(members))
    }
}

impl reader::Nested for Writer<'_> {
    fn stream(&mut self, key: &str) -> bool {
        Walk::is_piece_key(key)
    }

    fn whole(&mut self, key: String, _value: Node) {
        // `"$schema"`, the only member not streamed of a valid document (G5).
        self.edition.push(Problem::edition(
            Path::ROOT.key(&key).render(),
            SCHEMA_DROPPED,
            Severity::Warning,
            "\"$schema\" is dropped: ggn-2025-10 has no schema reference".to_owned(),
        ));
    }

    fn begin(&mut self, key: &str) {
        let key = self.walk.piece_key(key);
        self.open_member();
        self.text
            .push_str(&serde_json::to_string(&key).expect("a string serializes"));
        self.text.push_str(": ");
        self.sources = 0;
    }

    fn inner(&mut self, key: &str, square: String, value: Node) {
        let value = self.source(key, &square, &value);
        self.text.push_str(if self.sources == 0 {
            "{\n    "
        } else {
            ",\n    "
        });
        self.sources += 1;
        super::write_member(&mut self.text, &square, &value, 2);
    }

    fn end(&mut self, _key: String) {
        self.text
            .push_str(if self.sources == 0 { "{}" } else { "\n  }" });
    }
}
