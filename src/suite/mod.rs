//! The conformance suites: GAN identifiers ([`gan`]), GGN documents ([`ggn`]), conversions
//! between dialects ([`migrate`]) and the conversion of GGN documents ([`migrate_ggn`]). Each suite's folder holds all it is made of: its vector
//! format (serde types, a public API versioned by `format`), its generator, its protocol
//! request and reply, its judge (a reply against an expectation) and its describer (the
//! words of the reports).
//!
//! This file is the registry and the contract: [`Suite`] names the suites (`--suite`),
//! [`Vector`] holds a vector of any of them, and [`SuiteVector`] is what the runner
//! (`gan check`) asks of every vector. The runner knows nothing else of a suite, so a new
//! suite is a new folder here, a row in [`Suite`] and a variant of [`Vector`].

pub mod gan;
pub mod ggn;
pub mod migrate;
pub mod migrate_ggn;

mod answer;

use std::fmt;
use std::process::ExitStatus;
use std::str::FromStr;

use serde_json::{Map, Value};

use crate::model::Dialect;

pub use answer::{escape_input, Answer, Reply, Status};
pub(crate) use answer::{show, stderr_suffix};

/// What the runner asks of a vector of any suite: how to send it, how to judge the reply, and
/// how to describe both in a report.
pub trait SuiteVector {
    /// The suite the vector belongs to.
    fn suite(&self) -> Suite;

    /// Why batch mode does not send the vector, if it does not (`input` is the input as text,
    /// `None` when it is not UTF-8). By default every vector is sent.
    fn not_sent_in_batch(&self, input: Option<&str>) -> Option<&'static str> {
        let _ = input;
        None
    }

    /// Appends the batch request line, with its LF, to `out`.
    fn write_request(&self, id: &str, input: Option<&str>, out: &mut Vec<u8>);

    /// The answer a batch reply object (id already checked) gives; `line` is the reply as
    /// read, for messages. By default the object as it came, for [`SuiteVector::judge`] to
    /// read.
    fn read_reply(&self, reply: Map<String, Value>, line: &[u8]) -> Answer {
        let _ = line;
        Answer::Object(reply)
    }

    /// The dialect a per-case run announces (`GAN_CHECK_DIALECT`), or `None` when the suite
    /// has no per-case mode.
    fn per_case_dialect(&self) -> Option<Dialect> {
        None
    }

    /// The answer a per-case run gave (exit status, standard output, standard error).
    fn per_case_answer(
        &self,
        status: ExitStatus,
        stdout: &[u8],
        stderr: &mut dyn FnMut() -> String,
    ) -> Answer {
        let _ = (status, stdout, stderr);
        Answer::NotRun(format!("the {} suite has no per-case mode", self.suite()))
    }

    /// Judges a reply ([`Answer::Verdict`] or [`Answer::Object`]): the status, and why it is
    /// not `pass` in words.
    fn judge(&self, answer: &Answer, check_errors: bool) -> (Status, Option<String>);

    /// Judges a reply with every option of the run ([`Checks`]). By default
    /// [`SuiteVector::judge`] with `checks.errors`: only the GAN suite has hints.
    fn judge_checked(&self, answer: &Answer, checks: Checks) -> (Status, Option<String>) {
        self.judge(answer, checks.errors)
    }

    /// What the vector expects, in words.
    fn describe_expected(&self) -> String;

    /// What a reply ([`Answer::Verdict`] or [`Answer::Object`]) says, in words.
    fn describe_reply(&self, answer: &Answer) -> String;

    /// The lines that show the vector's input in the text report, as (label, text).
    fn input_lines(&self, input: &[u8]) -> Vec<(&'static str, String)>;

    /// The JSON report's member that shows the request: its key and its JSON text.
    fn request_json(&self, input: Option<&str>) -> (&'static str, String);

    /// Whether the JSON report adds `input_hex` for an input that is not UTF-8 (by default
    /// not: the request shows the input).
    fn hex_when_not_utf8(&self) -> bool {
        false
    }

    /// The JSON report's `expected` member, as JSON text.
    fn expected_json(&self) -> String;

    /// Whether the detail of a `fail` says more than the expected and the received answer
    /// (the text report then shows it).
    fn fail_detail_explains(&self) -> bool {
        false
    }
}

/// What a run compares beyond the verdict and the reported attributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Checks {
    /// `--check-errors`: the error codes and offsets (GAN), the errors and warnings (GGN);
    /// in the GAN suite, also a hint the reply carries.
    pub errors: bool,
    /// `--check-hints` (GAN suite): a reply's error without a `hint` member is wrong too
    /// (it implies `errors`).
    pub hints: bool,
}

/// A vector of one of the suites, with its expectation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Vector {
    /// A GAN identifier in one dialect (`conformance/gan/*.json`).
    Gan(gan::GanVector),
    /// A GGN document to validate (`conformance/ggn/validation.json`).
    GgnValidation(Box<ggn::format::ValidationVector>),
    /// A GGN document, a board and a query, with their moves
    /// (`conformance/ggn/evaluation.json`).
    GgnEvaluation(Box<ggn::format::EvaluationVector>),
    /// An identifier to convert (`conformance/migrations.json`).
    Migration(Box<migrate::format::MigrationVector>),
    /// A GGN document whose identifiers to convert (`conformance/migrate-ggn.json`).
    MigrateGgn(Box<migrate_ggn::format::MigrateGgnVector>),
}

impl Vector {
    /// The GAN vector, for a vector of the GAN suite.
    pub fn gan(&self) -> Option<&gan::GanVector> {
        match self {
            Vector::Gan(gan) => Some(gan),
            _ => None,
        }
    }

    /// The vector as the runner drives it.
    pub fn as_dyn(&self) -> &dyn SuiteVector {
        match self {
            Vector::Gan(vector) => vector,
            Vector::GgnValidation(vector) => vector.as_ref(),
            Vector::GgnEvaluation(vector) => vector.as_ref(),
            Vector::Migration(vector) => vector.as_ref(),
            Vector::MigrateGgn(vector) => vector.as_ref(),
        }
    }
}

/// A vector with its place in the corpus, before a run selects it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The vector id.
    pub id: String,
    /// The first level of the report's table ([`Suite::section_name`]): the dialect (GAN
    /// suite), `valid`, `invalid` or `moves` (GGN suite), `{from}-{to}` (migrate suite).
    pub section: String,
    /// The vector's group.
    pub group: String,
    /// The input as text, when it is UTF-8: the identifier (GAN and migrate suites) or the
    /// document (GGN suite).
    pub input: Option<String>,
    /// The input bytes.
    pub bytes: Vec<u8>,
    /// The dialects a `--dialect` selection matches the vector by (any of them).
    pub dialects: Vec<Dialect>,
    /// The vector and what it expects.
    pub vector: Vector,
}

/// The loaded files of one suite, as the runner lists their vectors.
pub trait SuiteCorpus {
    /// Every vector, in corpus order.
    fn items(&self) -> Result<Vec<Item>, UnknownDialect>;

    /// The items of [`items`](Self::items), taking the corpus by value: a corpus that can
    /// moves each vector into its item as the iterator goes, instead of copying them all
    /// (issue 12: corpus loading within 4× the files). By default, `items` copied.
    ///
    /// # Errors
    ///
    /// As [`items`](Self::items), before any item is given.
    fn into_items(self) -> Result<Box<dyn Iterator<Item = Item>>, UnknownDialect>
    where
        Self: Sized,
    {
        Ok(Box::new(self.items()?.into_iter()))
    }
}

/// A vector names a dialect this build does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDialect {
    /// The vector id.
    pub id: String,
    /// The dialect it names.
    pub dialect: String,
}

/// `value` as compact JSON text (the reports' `request` and `expected` members).
pub(crate) fn json_text(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The dialect `name` of vector `id`.
pub(crate) fn dialect_of(id: &str, name: &str) -> Result<Dialect, UnknownDialect> {
    name.parse().map_err(|_| UnknownDialect {
        id: id.to_owned(),
        dialect: name.to_owned(),
    })
}

/// The segments of `id` between its first two and its last: `ggn/invalid/g9/piece` → `g9`.
pub(crate) fn middle(id: &str) -> String {
    let segments: Vec<&str> = id.split('/').collect();
    if segments.len() < 4 {
        return String::new();
    }
    segments[2..segments.len() - 1].join("/")
}

/// A test suite: which corpus, which protocol. The default is the GAN suite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Suite {
    #[default]
    /// GAN identifiers in the five dialects (`conformance/gan/*.json`, `PROTOCOL.md`).
    Gan,
    /// GGN documents: validation and evaluation (`conformance/ggn/*.json`,
    /// `PROTOCOL-ggn.md`).
    Ggn,
    /// Conversions between dialects (`conformance/migrations.json`, `PROTOCOL.md`, "Migrate
    /// suite").
    Migrate,
    /// The conversion of GGN documents (`conformance/migrate-ggn.json`,
    /// `PROTOCOL-migrate-ggn.md`).
    MigrateGgn,
}

impl Suite {
    /// Every suite.
    pub const ALL: [Suite; 4] = [Suite::Gan, Suite::Ggn, Suite::Migrate, Suite::MigrateGgn];

    /// `gan`, `ggn`, `migrate` or `migrate-ggn`.
    pub fn as_str(self) -> &'static str {
        match self {
            Suite::Gan => "gan",
            Suite::Ggn => "ggn",
            Suite::Migrate => "migrate",
            Suite::MigrateGgn => "migrate-ggn",
        }
    }

    /// What the reports call the first level of a vector's place in the corpus
    /// ([`Item::section`]): `dialect` (`snn-pin`), `set` (`valid`, `invalid` or `moves`),
    /// `conversion` (`beta-snn-pin`).
    pub fn section_name(self) -> &'static str {
        match self {
            Suite::Gan => "dialect",
            Suite::Ggn => "set",
            Suite::Migrate | Suite::MigrateGgn => "conversion",
        }
    }

    /// The plural of [`Suite::section_name`], as the JSON report's summary names its list.
    pub fn sections_name(self) -> &'static str {
        match self {
            Suite::Gan => "dialects",
            Suite::Ggn => "sets",
            Suite::Migrate | Suite::MigrateGgn => "conversions",
        }
    }

    /// Whether the suite has the per-case protocol (GAN only).
    pub fn has_per_case_mode(self) -> bool {
        self == Suite::Gan
    }

    /// Whether a reply may say a feature is unsupported (`unsupported`: GGN only).
    pub fn has_unsupported(self) -> bool {
        self == Suite::Ggn
    }

    /// Whether the suite judges attributes apart (`wrong-actor`: GAN only).
    pub fn has_attributes(self) -> bool {
        self == Suite::Gan
    }

    /// The text report's first line, after `gan check: `: the suite (empty for GAN) and
    /// what is compared.
    pub fn heading(self, check_errors: bool) -> (&'static str, String) {
        let compared = if check_errors {
            "compared"
        } else {
            "not compared"
        };
        match self {
            Suite::Gan => ("", format!("error codes and offsets {compared}")),
            Suite::Ggn => ("GGN suite, ", format!("errors and warnings {compared}")),
            Suite::Migrate => (
                "migrate suite, ",
                "warning and error codes compared".to_owned(),
            ),
            Suite::MigrateGgn => (
                "migrate-ggn suite, ",
                "documents, errors and warnings compared".to_owned(),
            ),
        }
    }

    /// The name of the `JUnit` report's `<testsuites>`.
    pub fn junit_name(self) -> String {
        match self {
            Suite::Gan => "gan check".to_owned(),
            suite => format!("gan check --suite {suite}"),
        }
    }
}

impl fmt::Display for Suite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Suite {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Suite::ALL
            .into_iter()
            .find(|suite| suite.as_str() == name)
            .ok_or_else(|| {
                format!("unknown suite '{name}': expected gan, ggn, migrate or migrate-ggn")
            })
    }
}

#[cfg(test)]
mod tests {
    use super::middle;

    #[test]
    fn the_group_is_the_middle_of_the_id() {
        assert_eq!(middle("ggn/invalid/g9/piece"), "g9");
        assert_eq!(middle("migrate/beta-snn-pin/m3/promoted"), "m3");
        assert_eq!(middle("a/b/c/d/e"), "c/d");
        assert_eq!(middle("ggn/moves/x"), "");
    }
}
