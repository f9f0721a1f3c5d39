//! The migrate suite: conversions between dialects (`conformance/migrations.json`, the
//! "Migrate suite" of `conformance/PROTOCOL.md`). Its [`format`](mod@format) is the corpus's public API;
//! [`generate`] writes the vectors from the name tables and by hand, never by running the
//! converter; [`protocol`] holds the request, the reply and the rule a reply is judged by;
//! [`embedded`] and [`load_dir`] read the file; [`SUITE`] is its registry row.

pub mod format;
pub mod generate;
mod load;
pub mod protocol;
pub mod validate;

use self::format::{MigrationFile, MigrationVector};
use self::protocol::{Reply, Request, NOT_UTF8};
use super::common::{conversion_dialects, dialect_of, json_text, middle, moved_items};
use super::{
    Answer, Checks, Descriptor, DialectSet, Generator, Item, Status, Suite, SuiteCorpus,
    SuiteVector, UnknownDialect, Vector, VectorFiles,
};

pub use self::load::{embedded, load_dir};

/// The migrate suite's registry row.
pub static SUITE: Descriptor = Descriptor {
    suite: Suite::Migrate,
    name: "migrate",
    help: "Conversions between dialects (batch mode only)",
    files: VectorFiles {
        embedded: &load::EMBEDDED,
        per_dialect: None,
    },
    schemas: &["migrations.schema.json"],
    load: load::load,
    generate: Generator::Fixed(generate::files),
    section: ("conversion", "conversions"),
    heading,
    per_case: false,
    unsupported: false,
    attributes: false,
};

/// The text report's heading: the suite, and what the run compares (its codes, always).
fn heading(_: Checks) -> (&'static str, String) {
    (
        "migrate suite, ",
        "warning and error codes compared".to_owned(),
    )
}

impl SuiteCorpus for MigrationFile {
    /// The vectors in file order. The section is the conversion `{from}-{to}`; the group, the
    /// part of the id between the conversion and the slug (`migrate/beta-snn-pin/m3/promoted`
    /// is in group `m3`). A `--dialect` selection matches the source or the target.
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
fn item(vector: MigrationVector) -> Result<Item, UnknownDialect> {
    let from = dialect_of(&vector.id, &vector.from)?;
    let to = dialect_of(&vector.id, &vector.to)?;
    Ok(Item {
        id: vector.id.clone(),
        section: format!("{from}-{to}"),
        group: middle(&vector.id),
        input: vector.input.clone(),
        bytes: vector.bytes(),
        dialects: DialectSet::of(&[from, to]),
        vector: Vector::Migration(Box::new(vector)),
    })
}

impl SuiteVector for MigrationVector {
    fn suite(&self) -> Suite {
        Suite::Migrate
    }

    fn not_sent_in_batch(&self, input: Option<&str>) -> Option<&'static str> {
        input.is_none().then_some(NOT_UTF8)
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
                Some("an answer of another suite than migrate for this vector".to_owned()),
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

    fn hex_when_not_utf8(&self) -> bool {
        true
    }

    fn expected_json(&self) -> String {
        json_text(&protocol::expected_json(self))
    }
}
