//! The GGN suite: documents to validate and tables to evaluate (`conformance/ggn/*.json`,
//! `conformance/PROTOCOL-ggn.md`). Its [`format`](mod@format) is the corpus's public API; [`generate`]
//! writes the vectors by hand and by stated rules, never from this crate's validator;
//! [`protocol`] holds the requests, replies and the rules a reply is judged by; [`embedded`]
//! and [`load_dir`] read the files; [`SUITE`] is its registry row.

pub mod format;
pub mod generate;
mod judge;
mod load;
pub mod protocol;
pub mod validate;

use self::format::{EvaluationVector, GgnFiles, ValidationVector};
use self::protocol::Request;
use super::common::{dialect_of, input_bytes, json_text, middle, moved_items};
use super::{
    Answer, Checks, Descriptor, DialectSet, Generator, Item, Status, Suite, SuiteCorpus,
    SuiteVector, UnknownDialect, Vector, VectorFiles,
};

pub use self::load::{embedded, load_dir};

/// The GGN suite's registry row.
pub static SUITE: Descriptor = Descriptor {
    suite: Suite::Ggn,
    name: "ggn",
    help: "GGN documents: validation and the moves they allow (batch mode only)",
    files: VectorFiles {
        embedded: &load::EMBEDDED,
        per_dialect: None,
    },
    schemas: &["ggn-vectors.schema.json"],
    load: load::load,
    generate: Generator::Fixed(generate::files),
    section: ("set", "sets"),
    heading,
    per_case: false,
    unsupported: true,
    attributes: false,
};

/// The text report's heading: the suite, and what the run compares.
fn heading(checks: Checks) -> (&'static str, String) {
    let compared = if checks.errors {
        "compared"
    } else {
        "not compared"
    };
    ("GGN suite, ", format!("errors and warnings {compared}"))
}

impl SuiteCorpus for GgnFiles {
    /// The validation vectors, then the evaluation vectors, each in file order. The section
    /// is `valid`, `invalid` or `moves`; the group, the part of the id between the section and
    /// the slug (`ggn/invalid/g9/piece` is in group `g9`).
    fn items(&self) -> Result<Vec<Item>, UnknownDialect> {
        let validation = self.validation.vectors.iter().cloned().map(validation_item);
        let evaluation = self.evaluation.vectors.iter().cloned().map(evaluation_item);
        validation.chain(evaluation).collect()
    }

    /// Each vector moved into its item (no copy of the corpus while planning), every
    /// dialect checked first.
    fn into_items(self: Box<Self>) -> Result<Box<dyn Iterator<Item = Item>>, UnknownDialect> {
        let GgnFiles {
            validation,
            evaluation,
        } = *self;
        let known = |id: &str, dialect: &str| dialect_of(id, dialect).map(drop);
        let validation = moved_items(
            validation.vectors,
            |vector| known(&vector.id, &vector.dialect),
            validation_item,
        )?;
        let evaluation = moved_items(
            evaluation.vectors,
            |vector| known(&vector.id, &vector.dialect),
            evaluation_item,
        )?;
        Ok(Box::new(validation.chain(evaluation)))
    }
}

/// The item of a validation vector, which moves into it.
fn validation_item(vector: ValidationVector) -> Result<Item, UnknownDialect> {
    let dialect = dialect_of(&vector.id, &vector.dialect)?;
    let bytes = input_bytes(vector.document_text.as_ref(), vector.document_hex.as_ref());
    Ok(Item {
        id: vector.id.clone(),
        section: if vector.valid { "valid" } else { "invalid" }.to_owned(),
        group: middle(&vector.id),
        input: vector.document_text.clone(),
        bytes,
        dialects: DialectSet::of(&[dialect]),
        vector: Vector::GgnValidation(Box::new(vector)),
    })
}

/// The item of an evaluation vector, which moves into it.
fn evaluation_item(vector: EvaluationVector) -> Result<Item, UnknownDialect> {
    let dialect = dialect_of(&vector.id, &vector.dialect)?;
    Ok(Item {
        id: vector.id.clone(),
        section: "moves".to_owned(),
        group: middle(&vector.id),
        input: Some(vector.document_text.clone()),
        bytes: vector.document_text.as_bytes().to_vec(),
        dialects: DialectSet::of(&[dialect]),
        vector: Vector::GgnEvaluation(Box::new(vector)),
    })
}

impl SuiteVector for ValidationVector {
    fn suite(&self) -> Suite {
        Suite::Ggn
    }

    fn write_request(&self, _id: &str, _input: Option<&str>, out: &mut Vec<u8>) {
        judge::write_validation(self, out);
    }

    fn judge(&self, answer: &Answer, check_errors: bool) -> (Status, Option<String>) {
        match answer {
            Answer::Object(object) => judge::judge_validate(self, object, check_errors),
            _ => another_suite(),
        }
    }

    fn describe_expected(&self) -> String {
        judge::describe_validation(self)
    }

    fn describe_reply(&self, answer: &Answer) -> String {
        describe(answer)
    }

    fn input_lines(&self, input: &[u8]) -> Vec<(&'static str, String)> {
        judge::validation_lines(self, input)
    }

    fn request_json(&self, _input: Option<&str>) -> (&'static str, String) {
        ("request", json_text(&Request::validate(self)))
    }

    fn expected_json(&self) -> String {
        json_text(&judge::expected_validation(self))
    }
}

impl SuiteVector for EvaluationVector {
    fn suite(&self) -> Suite {
        Suite::Ggn
    }

    fn write_request(&self, _id: &str, _input: Option<&str>, out: &mut Vec<u8>) {
        judge::write_evaluation(self, out);
    }

    fn judge(&self, answer: &Answer, _check_errors: bool) -> (Status, Option<String>) {
        match answer {
            Answer::Object(object) => judge::judge_moves(self, object),
            _ => another_suite(),
        }
    }

    fn describe_expected(&self) -> String {
        judge::describe_evaluation(self)
    }

    fn describe_reply(&self, answer: &Answer) -> String {
        describe(answer)
    }

    fn input_lines(&self, input: &[u8]) -> Vec<(&'static str, String)> {
        judge::evaluation_lines(self, input)
    }

    fn request_json(&self, _input: Option<&str>) -> (&'static str, String) {
        ("request", json_text(&Request::moves(self)))
    }

    fn expected_json(&self) -> String {
        json_text(&judge::expected_evaluation(self))
    }

    fn fail_detail_explains(&self) -> bool {
        true
    }
}

fn another_suite() -> (Status, Option<String>) {
    (
        Status::Crash,
        Some("an answer of another suite than ggn for this vector".to_owned()),
    )
}

fn describe(answer: &Answer) -> String {
    match answer {
        Answer::Object(object) => judge::describe_reply(object),
        other => format!("a reply of another suite: {other:?}"),
    }
}
