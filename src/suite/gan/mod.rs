//! The GAN suite: identifiers in the five dialects (`conformance/gan/*.json`, the batch and
//! per-case protocols of `conformance/PROTOCOL.md`). Its [`format`](mod@format) is the corpus's
//! public API; [`generate`] derives the vectors from the grammars, confirmed by the oracle;
//! [`embedded`] and [`load_dir`] read them; [`SUITE`] is its registry row.

pub mod format;
pub mod generate;
mod judge;
mod load;
mod protocol;
pub mod validate;

use std::process::ExitStatus;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::model::{ActorFields, Dialect};

use self::format::{ExpectedError, VectorFile};
use super::common::{dialect_of, json_text};
use super::{
    escape_input, Answer, Checks, Descriptor, DialectSet, Generator, Item, Status, Suite,
    SuiteCorpus, SuiteVector, UnknownDialect, Vector, VectorFiles,
};

pub use self::load::{embedded, load_dir};

/// The GAN suite's registry row.
pub static SUITE: Descriptor = Descriptor {
    suite: Suite::Gan,
    name: "gan",
    help: "GAN identifiers in the five dialects",
    files: VectorFiles {
        embedded: load::EMBEDDED,
        per_dialect: Some(load::FOLDER),
    },
    schemas: &["vectors.schema.json"],
    load: load::load,
    generate: Generator::Grammars,
    section: ("dialect", "dialects"),
    heading,
    per_case: true,
    unsupported: false,
    attributes: true,
};

/// The text report's heading: what the run compares.
fn heading(checks: Checks) -> (&'static str, String) {
    let errors = if checks.hints {
        "error codes, offsets and hints compared".to_owned()
    } else if checks.errors {
        "error codes and offsets compared".to_owned()
    } else {
        "error codes and offsets not compared".to_owned()
    };
    if checks.canonical {
        return ("", format!("{errors}, canonical forms compared"));
    }
    ("", errors)
}

/// Why a vector whose input is not UTF-8 is not sent in batch mode.
pub const NOT_UTF8: &str = "not UTF-8: runs only in per-case mode";

/// What a GAN vector needs beyond its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GanVector {
    /// The dialect.
    pub dialect: Dialect,
    /// What a conforming implementation says.
    pub expected: Expected,
}

/// The verdict, attributes and error a GAN vector expects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Expected {
    /// The verdict.
    pub valid: bool,
    /// The attributes, when valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor: Option<ActorFields>,
    /// D12's code and D11's offset, when invalid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ExpectedError>,
    /// The canonical form, when valid: the input itself, byte for byte (D9). Not part of the
    /// vector files (the input says it) nor of the JSON report's `expected`.
    #[serde(skip)]
    pub canonical: Option<String>,
}

impl Expected {
    /// What `vector` expects.
    pub fn of(vector: &format::Vector) -> Expected {
        Expected {
            valid: vector.valid,
            actor: vector.actor.clone(),
            error: vector.error.clone(),
            canonical: vector.input.clone().filter(|_| vector.valid),
        }
    }
}

impl SuiteCorpus for [VectorFile] {
    /// The vectors of every file, in the order given, each file in its own order; the
    /// section is the dialect.
    fn items(&self) -> Result<Vec<Item>, UnknownDialect> {
        let mut items = Vec::new();
        for vector in self.iter().flat_map(|file| &file.vectors) {
            let dialect = dialect_of(&vector.id, &vector.dialect)?;
            items.push(Item {
                id: vector.id.clone(),
                section: dialect.as_str().to_owned(),
                group: vector.group.clone(),
                input: vector.input.clone(),
                bytes: vector.bytes(),
                dialects: DialectSet::of(&[dialect]),
                vector: Vector::Gan(GanVector {
                    dialect,
                    expected: Expected::of(vector),
                }),
            });
        }
        Ok(items)
    }
}

impl SuiteCorpus for Vec<VectorFile> {
    fn items(&self) -> Result<Vec<Item>, UnknownDialect> {
        self.as_slice().items()
    }

    /// The items of `items`, each vector's strings moved rather than copied.
    fn into_items(self: Box<Self>) -> Result<Box<dyn Iterator<Item = Item>>, UnknownDialect> {
        for vector in self.iter().flat_map(|file| &file.vectors) {
            dialect_of(&vector.id, &vector.dialect)?;
        }
        Ok(Box::new(
            (*self)
                .into_iter()
                .flat_map(|file| file.vectors)
                .filter_map(|vector| {
                    // Every dialect is known: checked above.
                    let dialect = dialect_of(&vector.id, &vector.dialect).ok()?;
                    let bytes = vector.bytes();
                    let canonical = vector.input.clone().filter(|_| vector.valid);
                    Some(Item {
                        id: vector.id,
                        section: dialect.as_str().to_owned(),
                        group: vector.group,
                        input: vector.input,
                        bytes,
                        dialects: DialectSet::of(&[dialect]),
                        vector: Vector::Gan(GanVector {
                            dialect,
                            expected: Expected {
                                valid: vector.valid,
                                actor: vector.actor,
                                error: vector.error,
                                canonical,
                            },
                        }),
                    })
                }),
        ))
    }

    /// Every dialect that runs needs its file; the others only serve skip patterns.
    fn missing_dialect(&self, wanted: &[Dialect]) -> Option<Dialect> {
        wanted
            .iter()
            .copied()
            .find(|dialect| !self.iter().any(|file| file.dialect == dialect.as_str()))
    }
}

impl SuiteVector for GanVector {
    fn suite(&self) -> Suite {
        Suite::Gan
    }

    fn not_sent_in_batch(&self, input: Option<&str>) -> Option<&'static str> {
        input.is_none().then_some(NOT_UTF8)
    }

    fn write_request(&self, id: &str, input: Option<&str>, out: &mut Vec<u8>) {
        protocol::write_request(id, self.dialect, input.unwrap_or_default(), out);
    }

    fn read_reply(&self, reply: Map<String, Value>, line: &[u8]) -> Answer {
        protocol::read_reply(reply, line)
    }

    fn per_case_dialect(&self) -> Option<Dialect> {
        Some(self.dialect)
    }

    fn per_case_answer(
        &self,
        status: ExitStatus,
        stdout: &[u8],
        stderr: &mut dyn FnMut() -> String,
    ) -> Answer {
        protocol::per_case_answer(status, stdout, stderr)
    }

    fn judge(&self, answer: &Answer, check_errors: bool) -> (Status, Option<String>) {
        let checks = Checks {
            errors: check_errors,
            hints: false,
            canonical: false,
        };
        self.judge_checked(answer, checks)
    }

    fn judge_checked(&self, answer: &Answer, checks: Checks) -> (Status, Option<String>) {
        match answer {
            Answer::Verdict(reply) => judge::judge(self, reply, checks),
            _ => (
                Status::Crash,
                Some("an answer of another suite than gan for this vector".to_owned()),
            ),
        }
    }

    fn describe_expected(&self) -> String {
        let expected = &self.expected;
        if expected.valid {
            match &expected.actor {
                Some(actor) => {
                    format!("valid {}", json_text(actor))
                }
                None => "valid".to_owned(),
            }
        } else {
            match &expected.error {
                Some(error) => format!("invalid ({} at {})", error.code, error.offset),
                None => "invalid".to_owned(),
            }
        }
    }

    fn describe_reply(&self, answer: &Answer) -> String {
        let Answer::Verdict(reply) = answer else {
            return format!("a reply of another suite: {answer:?}");
        };
        if reply.valid {
            return match &reply.actor {
                Some(actor) => format!("valid {}", Value::Object(actor.clone())),
                None => "valid (no attributes reported)".to_owned(),
            };
        }
        match &reply.error {
            None => "invalid (no error reported)".to_owned(),
            Some(error) => {
                let code = error.get("code").and_then(Value::as_str);
                let offset = error.get("offset").and_then(Value::as_u64);
                match (code, offset) {
                    (Some(code), Some(offset)) => format!("invalid ({code} at {offset})"),
                    _ => format!("invalid, with a malformed error {error}"),
                }
            }
        }
    }

    fn input_lines(&self, input: &[u8]) -> Vec<(&'static str, String)> {
        vec![("input", escape_input(input))]
    }

    fn request_json(&self, input: Option<&str>) -> (&'static str, String) {
        // `null` when the input is not UTF-8 (then `input_hex` holds it).
        ("input", json_text(&input))
    }

    fn hex_when_not_utf8(&self) -> bool {
        true
    }

    fn expected_json(&self) -> String {
        json_text(&self.expected)
    }

    /// The decision a group exercises (`conformance/README.md`, "Groups"), then, for an
    /// invalid vector, those of its error: the offset (D11) and the code (D12).
    fn decisions(&self, group: &str) -> Vec<&'static str> {
        let mut decisions = match group {
            "whitespace" => vec!["D1"],
            "unicode" | "invalid-utf8" => vec!["D2"],
            "case" => vec!["D3"],
            "repetition" | "long" => vec!["D5"],
            "empty" => vec!["D7"],
            "errata" => vec!["D8"],
            _ => Vec::new(),
        };
        if !self.expected.valid {
            decisions.extend(["D11", "D12"]);
        }
        decisions
    }
}
