//! The conformance suites: GAN identifiers ([`gan`]), GGN documents ([`ggn`]), conversions
//! between dialects ([`migrate`]) and the conversion of GGN documents ([`migrate_ggn`]). Each
//! suite's folder holds all it is made of: its vector format (serde types, a public API
//! versioned by `format`), its loader (the committed files built in, the schema's rules), its
//! generator, its protocol request and reply, its judge (a reply against an expectation), its
//! describer (the words of the reports), and its [`Descriptor`].
//!
//! This file is the contract every suite fulfils: [`SuiteVector`], all the runner
//! (`gan check`) asks of a vector; [`SuiteCorpus`], a suite's files as a list of [`Item`]s; and
//! [`Descriptor`], all the corpus, the runner and the CLI know of a suite. The registry
//! ([`SUITES`], with [`Suite`] and [`Vector`]) lists the suites, and [`common`] holds what they
//! share. Nothing else names a suite: a new suite is a folder and a registry row.

pub mod common;
pub mod gan;
pub mod ggn;
pub mod migrate;
pub mod migrate_ggn;

mod answer;
mod registry;

use std::fmt;
use std::path::Path;
use std::process::ExitStatus;

use serde_json::{Map, Value};

use crate::model::Dialect;

pub use answer::{escape_input, Answer, Reply, Status};
pub(crate) use answer::{show, stderr_suffix};
pub use common::LoadError;
pub use registry::{Suite, Vector, SUITES};

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

/// What the corpus, the runner and the CLI know of a suite: one per suite folder
/// (`suite/NAME/mod.rs`), listed in [`SUITES`]. How a vector is sent, judged and described is
/// its [`SuiteVector`] impl, reached through [`Vector`].
#[derive(Debug)]
#[non_exhaustive]
pub struct Descriptor {
    /// The suite.
    pub suite: Suite,
    /// Its name: the `--suite` value, and the `suite` member of the JSON report.
    pub name: &'static str,
    /// What `gan check --help` says of it.
    pub help: &'static str,
    /// Its vector files.
    pub files: VectorFiles,
    /// The JSON Schemas of its vector files, in `conformance/schema/`.
    pub schemas: &'static [&'static str],
    /// Reads its vector files: the committed ones built into the library (`None`) or those of
    /// a corpus folder, each checked against its format and its schema's rules.
    pub load: Loader,
    /// How `gan generate` writes its files.
    pub generate: Generator,
    /// What the reports call the first level of a vector's place ([`Item::section`]), and its
    /// plural (the JSON report's list): `dialect` and `dialects`.
    pub section: (&'static str, &'static str),
    /// The text report's first words after `gan check: `: the suite (empty for the default
    /// one) and what the run compares.
    pub heading: fn(Checks) -> (&'static str, String),
    /// Whether it has the per-case protocol.
    pub per_case: bool,
    /// Whether a reply may say a feature is unsupported (`unsupported`).
    pub unsupported: bool,
    /// Whether it judges reported attributes apart (`wrong-actor`).
    pub attributes: bool,
}

/// A suite's loader ([`Descriptor::load`]): its files, built in (`None`) or from a corpus
/// folder, as the runner lists them.
pub type Loader = fn(Option<&Path>) -> Result<Box<dyn SuiteCorpus>, LoadError>;

/// Where a suite's vector files are, relative to a corpus folder.
#[derive(Debug, Clone, Copy)]
pub struct VectorFiles {
    /// The committed files, built into the library: (path, text), in the order they load.
    pub embedded: &'static [(&'static str, &'static str)],
    /// The folder of a suite that writes one file per dialect (`{folder}/{dialect}.json`):
    /// a complete corpus holds no other `*.json` there. `None` when the paths are fixed.
    pub per_dialect: Option<&'static str>,
}

/// How `gan generate` writes a suite's files.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Generator {
    /// Derived from the dialects' grammars with the run's configuration, for the dialects it
    /// asks for, every vector confirmed by the oracle: the grammar generator
    /// ([`gan::generate`]), which `corpus::generate` runs first and the manifest describes.
    Grammars,
    /// Written by hand or by rules stated in the suite's generator, the same in every run:
    /// each file as (path relative to the corpus folder, text). A run writes them when it
    /// covers every dialect.
    Fixed(fn() -> Vec<(&'static str, String)>),
}

/// A vector with its place in the corpus, before a run selects it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// The vector id.
    pub id: String,
    /// The first level of the report's table ([`Descriptor::section`]): the dialect (GAN
    /// suite), `valid`, `invalid` or `moves` (GGN suite), `{from}-{to}` (migrate suites).
    pub section: String,
    /// The vector's group.
    pub group: String,
    /// The input as text, when it is UTF-8: the identifier (GAN and migrate suites) or the
    /// document (GGN suite).
    pub input: Option<String>,
    /// The input bytes.
    pub bytes: Vec<u8>,
    /// The dialects a `--dialect` selection matches the vector by (any of them).
    pub dialects: DialectSet,
    /// The vector and what it expects.
    pub vector: Vector,
}

/// A set of dialects, held without allocating (an [`Item`] is made per vector).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DialectSet(u64);

impl DialectSet {
    /// The set of `dialects`.
    pub fn of(dialects: &[Dialect]) -> DialectSet {
        DialectSet(dialects.iter().fold(0, |set, &dialect| set | bit(dialect)))
    }

    /// Whether the set holds `dialect`.
    pub fn contains(self, dialect: Dialect) -> bool {
        self.0 & bit(dialect) != 0
    }

    /// Whether the set holds one of `dialects`.
    pub fn meets(self, dialects: &[Dialect]) -> bool {
        self.0 & DialectSet::of(dialects).0 != 0
    }
}

impl fmt::Debug for DialectSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(
                Dialect::ALL
                    .iter()
                    .filter(|&&dialect| self.contains(dialect)),
            )
            .finish()
    }
}

// Every dialect has its bit.
const _: () = assert!(Dialect::ALL.len() <= 64);

/// The bit of `dialect` in a [`DialectSet`].
fn bit(dialect: Dialect) -> u64 {
    1 << (dialect as u32)
}

/// The loaded files of one suite, as the runner lists their vectors.
pub trait SuiteCorpus {
    /// Every vector, in corpus order.
    fn items(&self) -> Result<Vec<Item>, UnknownDialect>;

    /// The items of [`items`](Self::items), taking the corpus: a corpus that can moves each
    /// vector into its item as the iterator goes, instead of copying them all. By default,
    /// `items` copied.
    ///
    /// # Errors
    ///
    /// As [`items`](Self::items), before any item is given.
    fn into_items(self: Box<Self>) -> Result<Box<dyn Iterator<Item = Item>>, UnknownDialect> {
        Ok(Box::new(self.items()?.into_iter()))
    }

    /// A dialect of `wanted` whose vectors the files cannot hold (a suite of one file per
    /// dialect, without that file), if there is one. By default none.
    fn missing_dialect(&self, wanted: &[Dialect]) -> Option<Dialect> {
        let _ = wanted;
        None
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
