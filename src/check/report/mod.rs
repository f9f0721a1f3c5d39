//! The results of a run and their three renderings: [`text`] for people, [`json`] (JSON
//! Lines, described by `conformance/schema/check-report.schema.json`) for programs, [`junit`]
//! for CI dashboards. All three are deterministic: no timings, fixed order. They serve every
//! suite: the results are counted per section (dialect, set or conversion) and group, and
//! each suite says in its own words what a vector expects and what came.

mod json;
mod junit;
mod text;

use std::collections::HashMap;
use std::time::Duration;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::model::ActorFields;

use super::outcome::{Answer, CaseResult, Status};
use super::plan::{Case, Vector};
use super::{Mode, Suite};

pub use json::json;
pub use junit::junit;
pub use text::text;

/// Everything a run found.
#[derive(Debug, Clone)]
pub struct Report {
    /// The suite of the vectors.
    pub suite: Suite,
    /// The protocol used.
    pub mode: Mode,
    /// Whether error codes and offsets were compared.
    pub check_errors: bool,
    /// How many vectors were selected to run.
    pub selected: usize,
    /// One result per vector run, in corpus order.
    pub results: Vec<CaseResult>,
    /// Whether `--max-failures` stopped the run before every vector ran.
    pub stopped_early: bool,
    /// Remarks about the command that belong to no vector (e.g. a bad exit status at the end).
    pub notes: Vec<String>,
    /// How long the run took (not part of any rendering).
    pub elapsed: Duration,
}

impl Report {
    /// Whether no result fails the run (nothing but `pass` and `skipped`).
    pub fn passed(&self) -> bool {
        self.failures().next().is_none()
    }

    /// The results that fail the run, in corpus order.
    pub fn failures(&self) -> impl Iterator<Item = &CaseResult> {
        self.results
            .iter()
            .filter(|result| result.status.is_failure())
    }

    /// Counts per section and group, in corpus order.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary::default();
        let mut sections: HashMap<&str, usize> = HashMap::new();
        let mut groups: HashMap<(&str, &str), usize> = HashMap::new();
        for result in &self.results {
            let case = &result.case;
            let s = *sections.entry(&case.section).or_insert_with(|| {
                summary.sections.push(SectionSummary {
                    section: case.section.clone(),
                    counts: Counts::default(),
                    groups: Vec::new(),
                });
                summary.sections.len() - 1
            });
            let section = &mut summary.sections[s];
            let g = *groups
                .entry((&case.section, &case.group))
                .or_insert_with(|| {
                    section.groups.push((case.group.clone(), Counts::default()));
                    section.groups.len() - 1
                });
            section.groups[g].1.add(result.status);
            section.counts.add(result.status);
            summary.total.add(result.status);
        }
        summary
    }
}

/// Counts per section and group.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Every result.
    pub total: Counts,
    /// Per section (dialect, set or conversion, [`Suite::section_name`]), in corpus order.
    pub sections: Vec<SectionSummary>,
}

/// The counts of one section ([`Case::section`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionSummary {
    /// The section: a dialect, a set or a conversion.
    pub section: String,
    /// Every result of the section.
    pub counts: Counts,
    /// Per group, in corpus order.
    pub groups: Vec<(String, Counts)>,
}

/// How many results of each status.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    counts: [usize; Status::ALL.len()],
}

impl Counts {
    /// Counts one more `status`.
    pub fn add(&mut self, status: Status) {
        self.counts[status as usize] += 1;
    }

    /// How many results have `status`.
    pub fn get(&self, status: Status) -> usize {
        self.counts[status as usize]
    }

    /// How many results in all.
    pub fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    /// How many results fail the run.
    pub fn failures(&self) -> usize {
        Status::ALL
            .into_iter()
            .filter(|s| s.is_failure())
            .map(|s| self.get(s))
            .sum()
    }
}

impl Serialize for Counts {
    /// `{"total":…,"pass":…,"fail":…,…}` in column order.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Status::ALL.len() + 1))?;
        map.serialize_entry("total", &self.total())?;
        for status in Status::ALL {
            map.serialize_entry(status.as_str(), &self.get(status))?;
        }
        map.end()
    }
}

/// What the vector expects, in words: `valid {…}`, `invalid (case-mismatch at 6)`,
/// `invalid: duplicate-key at /CHESS:P`, `"CHESS:K" with king-flag-lost`, …
pub(crate) fn describe_expected(result: &CaseResult) -> String {
    match &result.case.vector {
        Vector::Gan(gan) => {
            let expected = &gan.expected;
            if expected.valid {
                match &expected.actor {
                    Some(actor) => format!("valid {}", actor_json(actor)),
                    None => "valid".to_owned(),
                }
            } else {
                match &expected.error {
                    Some(error) => format!("invalid ({} at {})", error.code, error.offset),
                    None => "invalid".to_owned(),
                }
            }
        }
        Vector::GgnValidation(vector) => super::ggn::describe_validation(vector),
        Vector::GgnEvaluation(vector) => super::ggn::describe_evaluation(vector),
        Vector::Migration(vector) => super::migrate::describe_expected(vector),
    }
}

/// What the implementation did, in words.
pub(crate) fn describe_answer(result: &CaseResult) -> String {
    match &result.answer {
        Answer::Verdict(reply) if reply.valid => match &reply.actor {
            Some(actor) => format!("valid {}", serde_json::Value::Object(actor.clone())),
            None => "valid (no attributes reported)".to_owned(),
        },
        Answer::Verdict(reply) => match &reply.error {
            None => "invalid (no error reported)".to_owned(),
            Some(error) => {
                let code = error.get("code").and_then(serde_json::Value::as_str);
                let offset = error.get("offset").and_then(serde_json::Value::as_u64);
                match (code, offset) {
                    (Some(code), Some(offset)) => format!("invalid ({code} at {offset})"),
                    _ => format!("invalid, with a malformed error {error}"),
                }
            }
        },
        Answer::Object(object) => match result.case.suite() {
            Suite::Migrate => super::migrate::describe_reply(object),
            Suite::Gan | Suite::Ggn => super::ggn::describe_reply(object),
        },
        Answer::Crash(message) => format!("crash: {message}"),
        Answer::Timeout(message) => format!("timeout: {message}"),
        Answer::NotRun(message) => format!("not run: {message}"),
    }
}

/// The lines that show a case's input, as (label, text): `input` for a GAN vector;
/// `document`, `dialect` and, for a moves vector, `board` and `query` for a GGN vector; the
/// input, the conversion and non-default options for a migration.
pub(crate) fn input_lines(case: &Case) -> Vec<(&'static str, String)> {
    match &case.vector {
        Vector::Gan(_) => vec![("input", escape_input(&case.bytes))],
        Vector::GgnValidation(vector) => super::ggn::validation_lines(vector, &case.bytes),
        Vector::GgnEvaluation(vector) => super::ggn::evaluation_lines(vector, &case.bytes),
        Vector::Migration(vector) => super::migrate::input_lines(vector, &case.bytes),
    }
}

fn actor_json(actor: &ActorFields) -> String {
    serde_json::to_string(actor).unwrap_or_default()
}

/// An input as the reports show it: quoted, printable ASCII as is, everything else escaped
/// (`\n`, `\u{212a}`, `\xFF` for bytes that are not UTF-8).
pub fn escape_input(bytes: &[u8]) -> String {
    let (text, _) = crate::output::escape(bytes);
    if text.is_ascii() {
        return text;
    }
    text.chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                c.escape_unicode().to_string()
            }
        })
        .collect()
}
