//! The results of a run and their three renderings: [`text`] for people, [`json`] (JSON
//! Lines, described by `conformance/schema/check-report.schema.json`) for programs, [`junit`]
//! for CI dashboards. All three are deterministic: no timings, fixed order.

mod json;
mod junit;
mod text;

use std::collections::HashMap;
use std::time::Duration;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::dialect::Dialect;
use crate::model::ActorFields;

use super::outcome::{Answer, CaseResult, Status};
use super::Mode;

pub use json::json;
pub use junit::junit;
pub use text::text;

/// Everything a run found.
#[derive(Debug, Clone)]
pub struct Report {
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

    /// Counts per dialect and group, in corpus order.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary::default();
        let mut dialects: HashMap<Dialect, usize> = HashMap::new();
        let mut groups: HashMap<(Dialect, &str), usize> = HashMap::new();
        for result in &self.results {
            let case = &result.case;
            let d = *dialects.entry(case.dialect).or_insert_with(|| {
                summary.dialects.push(DialectSummary {
                    dialect: case.dialect,
                    counts: Counts::default(),
                    groups: Vec::new(),
                });
                summary.dialects.len() - 1
            });
            let dialect = &mut summary.dialects[d];
            let g = *groups
                .entry((case.dialect, &case.group))
                .or_insert_with(|| {
                    dialect.groups.push((case.group.clone(), Counts::default()));
                    dialect.groups.len() - 1
                });
            dialect.groups[g].1.add(result.status);
            dialect.counts.add(result.status);
            summary.total.add(result.status);
        }
        summary
    }
}

/// Counts per dialect and group.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Every result.
    pub total: Counts,
    /// Per dialect, in corpus order.
    pub dialects: Vec<DialectSummary>,
}

/// The counts of one dialect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialectSummary {
    /// The dialect.
    pub dialect: Dialect,
    /// Every result of the dialect.
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

/// What the vector expects, in words: `valid {…}` or `invalid (case-mismatch at 6)`.
pub(crate) fn describe_expected(result: &CaseResult) -> String {
    let expected = &result.case.expected;
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

/// What the implementation did, in words.
pub(crate) fn describe_answer(answer: &Answer) -> String {
    match answer {
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
        Answer::Crash(message) => format!("crash: {message}"),
        Answer::Timeout(message) => format!("timeout: {message}"),
        Answer::NotRun(message) => format!("not run: {message}"),
    }
}

fn actor_json(actor: &ActorFields) -> String {
    serde_json::to_string(actor).unwrap_or_default()
}

/// The input as one quoted line (`gan::output::escape`), with every non-ASCII character
/// also escaped (`\u{212a}`), so that a look-alike never reads as the letter it imitates.
pub(crate) fn shown_input(result: &CaseResult) -> String {
    escape_input(&result.case.bytes)
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
