//! The migrate-ggn suite: the migration of the identifiers inside GGN documents
//! (`conformance/migrate-ggn.json`, `conformance/PROTOCOL-migrate-ggn.md`), what
//! `gan migrate --ggn` does. Its [`format`](mod@format) is the corpus's public API;
//! [`generate`] writes the vectors by hand, never by running the migration; [`protocol`]
//! holds the request, the reply and the rule a reply is judged by; [`embedded`] and
//! [`load_dir`] read the file; [`SUITE`] is its registry row.
//!
//! A suite of its own, beside the migrate suite, so that adapters of identifiers alone are
//! unaffected by it.

pub mod format;
pub mod generate;
mod load;
pub mod protocol;
pub mod validate;

use self::format::{MigrateGgnFile, MigrateGgnVector};
use self::protocol::{Reply, Request};
use super::common::{conversion_dialects, dialect_of, json_text, middle, moved_items};
use super::{
    Answer, Checks, Descriptor, DialectSet, Generator, Item, Status, Suite, SuiteCorpus,
    SuiteVector, UnknownDialect, Vector, VectorFiles,
};

pub use self::load::{embedded, load_dir};

/// The migrate-ggn suite's registry row.
pub static SUITE: Descriptor = Descriptor {
    suite: Suite::MigrateGgn,
    name: "migrate-ggn",
    help: "Conversions of GGN documents, as `gan migrate --ggn` (batch mode only)",
    files: VectorFiles {
        embedded: &load::EMBEDDED,
        per_dialect: None,
    },
    schemas: &["migrate-ggn-vectors.schema.json"],
    load: load::load,
    generate: Generator::Fixed(generate::files),
    section: ("conversion", "conversions"),
    heading,
    per_case: false,
    unsupported: false,
    attributes: false,
};

/// The text report's heading: the suite, and what the run compares (always the same).
fn heading(_: Checks) -> (&'static str, String) {
    (
        "migrate-ggn suite, ",
        "documents, errors and warnings compared".to_owned(),
    )
}

impl SuiteCorpus for MigrateGgnFile {
    /// The vectors in file order. The section is the conversion `{from}-{to}`; the group, the
    /// part of the id between the conversion and the slug. A `--dialect` selection matches
    /// the source or the target; a vector of the `ggn-2025-10` edition only its target,
    /// `qpi-2026-01`, so that it runs when named (D13), as the GGN suite's vectors of that
    /// edition do.
    fn items(&self) -> Result<Vec<Item>, UnknownDialect> {
        self.vectors.iter().cloned().map(item).collect()
    }

    /// Each vector moved into its item (no copy of the corpus while planning), every
    /// dialect checked first.
    fn into_items(self: Box<Self>) -> Result<Box<dyn Iterator<Item = Item>>, UnknownDialect> {
        moved_items(
            self.vectors,
            |vector| conversion_dialects(&vector.id, &vector.from, &vector.to),
            item,
        )
    }
}

/// The item of `vector`, which moves into it.
fn item(vector: MigrateGgnVector) -> Result<Item, UnknownDialect> {
    let from = dialect_of(&vector.id, &vector.from)?;
    let to = dialect_of(&vector.id, &vector.to)?;
    Ok(Item {
        id: vector.id.clone(),
        section: format!("{from}-{to}"),
        group: middle(&vector.id),
        input: Some(vector.document_text.clone()),
        bytes: vector.document_text.as_bytes().to_vec(),
        dialects: if vector.edition.is_some() {
            DialectSet::of(&[to])
        } else {
            DialectSet::of(&[from, to])
        },
        vector: Vector::MigrateGgn(Box::new(vector)),
    })
}

impl SuiteVector for MigrateGgnVector {
    fn suite(&self) -> Suite {
        Suite::MigrateGgn
    }

    fn write_request(&self, _id: &str, _input: Option<&str>, out: &mut Vec<u8>) {
        protocol::write_request(self, out);
    }

    fn judge(&self, answer: &Answer, _check_errors: bool) -> (Status, Option<String>) {
        match answer {
            Answer::Object(object) => match Reply::from_object(object) {
                Ok(reply) => protocol::judge(self, &reply),
                Err(message) => (Status::Crash, Some(message)),
            },
            _ => (
                Status::Crash,
                Some("an answer of another suite than migrate-ggn for this vector".to_owned()),
            ),
        }
    }

    fn describe_expected(&self) -> String {
        protocol::describe_expected(self)
    }

    fn describe_reply(&self, answer: &Answer) -> String {
        match answer {
            Answer::Object(object) => protocol::describe_reply(object),
            other => format!("a reply of another suite: {other:?}"),
        }
    }

    fn input_lines(&self, input: &[u8]) -> Vec<(&'static str, String)> {
        protocol::input_lines(self, input)
    }

    fn request_json(&self, _input: Option<&str>) -> (&'static str, String) {
        ("request", json_text(&Request::new(self)))
    }

    fn expected_json(&self) -> String {
        json_text(&protocol::expected_json(self))
    }

    fn fail_detail_explains(&self) -> bool {
        true
    }
}
