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
use super::{DocumentMigration, Migrated, Problem};
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
    DocumentMigration::collect(|problems| migrate_to_newest_to(input, converter, limits, problems))
}

/// [`migrate_to_newest`] with each problem handed to `problems` as it is found, in the same
/// order, none held (as [`migrate_document_to`](super::migrate_document_to) does for the
/// 2014 edition): the source's problems when it is invalid, or the conversions' in document
/// order, then the change of edition's (a second reading of the document), then the
/// target's. Memory is bounded by the document, not by the number of its problems;
/// [`migrate_to_newest`] collects what it hands on.
pub fn migrate_to_newest_to(
    input: &[u8],
    converter: &Converter,
    limits: &Limits,
    problems: &mut dyn FnMut(Problem),
) -> Migrated {
    debug_assert_eq!(converter.to(), QPI);
    // The source's warnings are not the migration's: only its errors are reported.
    if let Err(refused) = super::check_source(input, converter, limits, false, problems) {
        return refused;
    }
    let strict = converter.options().strict;
    let mut writer = Writer {
        walk: Walk::new(converter),
        text: String::new(),
        sources: 0,
        pass: Pass::Convert,
        strict,
        problems: &mut *problems,
        errors: 0,
        edition: 0,
    };
    let read = reader::read_nested(input, limits, &mut writer);
    writer.flush();
    if let Err(refused) = super::end_of_reading(read, writer.problems) {
        return refused;
    }
    if writer.edition > 0 {
        // The change of edition's problems come after the conversions': found again.
        writer.pass = Pass::Edition;
        let read = reader::read_nested(input, limits, &mut writer);
        if let Err(refused) = super::end_of_reading(read, writer.problems) {
            return refused;
        }
    }
    let Writer {
        walk, text, errors, ..
    } = writer;
    let target = super::Target {
        options: document::Options {
            edition: Edition::Ggn202510,
            ..document::Options::default()
        },
        known: None,
        strict: false,
    };
    target.check(walk, text, errors, limits, problems)
}

/// What a reading of the document does: convert it (handing on the conversions' problems,
/// counting the change of edition's), or hand on the change of edition's problems.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Convert,
    Edition,
}

/// Writes the migrated document as it is read, source by source.
struct Writer<'a, 'p> {
    walk: Walk<'a>,
    text: String,
    sources: usize,
    pass: Pass,
    /// Whether every problem is an error (`--strict`).
    strict: bool,
    /// Where the problems go as they are found.
    problems: &'p mut dyn FnMut(Problem),
    /// How many problems handed on were errors.
    errors: usize,
    /// How many problems of the change of edition the converting reading found.
    edition: usize,
}

impl Writer<'_, '_> {
    fn hand_on(&mut self, problem: Problem) {
        let problem = if self.strict {
            problem.into_error()
        } else {
            problem
        };
        self.errors += usize::from(problem.is_error());
        (self.problems)(problem);
    }

    /// Hands on the problems the walk found so far.
    fn flush(&mut self) {
        for problem in std::mem::take(&mut self.walk.problems) {
            self.hand_on(problem);
        }
    }

    /// A problem of the change of edition: counted while converting, handed on in the
    /// second reading.
    fn edition(&mut self, problem: impl FnOnce() -> Problem) {
        match self.pass {
            Pass::Convert => self.edition += 1,
            Pass::Edition => {
                let problem = problem();
                self.hand_on(problem);
            }
        }
    }

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
            self.edition(|| {
                Problem::edition(
                    at.render(),
                    NOT_CELL,
                    Severity::Error,
                    format!(
                        "square {label:?} is not a CELL coordinate, the only squares of \
                         ggn-2025-10: {error}"
                    ),
                )
            });
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
                _ => self.edition(|| {
                    let changes = serde_json::to_string(value).expect("JSON serializes");
                    Problem::edition(
                        here.render(),
                        PERFORM_DROPPED,
                        Severity::Warning,
                        format!(
                            "the move {from:?} -> {to:?} loses its effects {changes}: \
                             ggn-2025-10 says only whether a move is possible"
                        ),
                    )
                }),
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
            let converted = if text == "empty" || text == "enemy" || self.pass == Pass::Edition {
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

impl reader::Nested for Writer<'_, '_> {
    fn stream(&mut self, key: &str) -> bool {
        Walk::is_piece_key(key)
    }

    fn whole(&mut self, key: String, _value: Node) {
        // `"$schema"`, the only member not streamed of a valid document (G5).
        self.edition(|| {
            Problem::edition(
                Path::ROOT.key(&key).render(),
                SCHEMA_DROPPED,
                Severity::Warning,
                "\"$schema\" is dropped: ggn-2025-10 has no schema reference".to_owned(),
            )
        });
    }

    fn begin(&mut self, key: &str) {
        if self.pass == Pass::Edition {
            return;
        }
        let key = self.walk.piece_key(key);
        self.open_member();
        self.text
            .push_str(&serde_json::to_string(&key).expect("a string serializes"));
        self.text.push_str(": ");
        self.sources = 0;
        self.flush();
    }

    fn inner(&mut self, key: &str, square: String, value: Node) {
        let value = self.source(key, &square, &value);
        if self.pass == Pass::Edition {
            return;
        }
        self.text.push_str(if self.sources == 0 {
            "{\n    "
        } else {
            ",\n    "
        });
        self.sources += 1;
        super::write_member(&mut self.text, &square, &value, 2);
        self.flush();
    }

    fn end(&mut self, _key: String) {
        if self.pass == Pass::Edition {
            return;
        }
        self.text
            .push_str(if self.sources == 0 { "{}" } else { "\n  }" });
    }
}
