//! The results of a run and their renderings: `text` for people, `json` (JSON Lines,
//! described by `conformance/schema/check-report.schema.json`) for programs, `junit` for CI
//! dashboards, `html` for people after a run; and reports on JSON reports read back
//! ([`read`]): `matrix` (several implementations side by side) and `diff` (two runs of one). Each begins with the run record ([`RunRecord`]: the command, `gan`'s version, the
//! corpus files, the date and the duration); the rest is deterministic: fixed order, no
//! timings. They serve every
//! suite: the results are counted per section (dialect, set or conversion) and group, and
//! each suite says in its own words what a vector expects and what came.

pub(crate) mod decisions;
mod diff;
mod html;
mod ids;
mod json;
mod junit;
mod matrix;
mod page;
mod places;
mod read;
mod run_record;
mod skip_file;
mod text;

use std::collections::HashMap;
use std::time::Duration;

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::suite::{Answer, Checks, Status, Suite};

use super::outcome::CaseResult;
use super::plan::Case;
use super::Mode;

pub use diff::{diff, Change, DiffCounts, DiffFormat, DiffSide};
pub use html::{html, html_linked, Links};
pub use json::json;
pub use junit::junit;
pub use matrix::{matrix, matrix_as, matrix_owned, MatrixColumn, MatrixFormat};
pub use places::{CorpusIndex, Place};
pub use read::{read, ReadReport, ReadVector};
pub use run_record::{rfc3339, CorpusFile, CorpusRecord, RunRecord, BUILT_IN};
pub use skip_file::render as skip_file;
pub use text::{text, text_failures};

/// Everything a run found.
#[derive(Debug, Clone)]
#[allow(clippy::struct_excessive_bools)] // one per option of the run the report states
pub struct Report {
    /// The suite of the vectors.
    pub suite: Suite,
    /// The protocol used.
    pub mode: Mode,
    /// Whether error codes and offsets were compared.
    pub check_errors: bool,
    /// Whether hints were compared too, an absent one being wrong (`--check-hints`, GAN).
    pub check_hints: bool,
    /// Whether canonical forms were required and compared (`--check-canonical`, GAN).
    pub check_canonical: bool,
    /// How many vectors were selected to run.
    pub selected: usize,
    /// One result per vector run, in corpus order.
    pub results: Vec<CaseResult>,
    /// Whether `--max-failures` stopped the run before every vector ran.
    pub stopped_early: bool,
    /// Remarks about the command that belong to no vector (e.g. a bad exit status at the end).
    pub notes: Vec<String>,
    /// How long the run took.
    pub elapsed: Duration,
    /// What was run ([`RunRecord`]): the header of every rendering; `None` leaves it out.
    pub run: Option<RunRecord>,
}

impl Report {
    /// The heading's words: the suite's prefix and what was compared
    /// ([`Descriptor::heading`](crate::suite::Descriptor::heading)).
    pub(crate) fn heading(&self) -> (&'static str, String) {
        let checks = Checks {
            errors: self.check_errors,
            hints: self.check_hints,
            canonical: self.check_canonical,
        };
        (self.suite.descriptor().heading)(checks)
    }

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

    /// The features the implementation said it lacks (`unsupported` results, GGN suite), each
    /// with how many vectors needed it, by name.
    pub fn unsupported_features(&self) -> Vec<(String, usize)> {
        let mut features = std::collections::BTreeMap::<String, usize>::new();
        for result in self
            .results
            .iter()
            .filter(|r| r.status == Status::Unsupported)
        {
            let feature = match &result.answer {
                Answer::Object(object) => object.get("unsupported").and_then(|f| f.as_str()),
                _ => None,
            };
            *features
                .entry(feature.unwrap_or("?").to_owned())
                .or_default() += 1;
        }
        features.into_iter().collect()
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
    /// Per section (dialect, set or conversion,
    /// [`Descriptor::section`](crate::suite::Descriptor::section)), in corpus order.
    pub sections: Vec<SectionSummary>,
}

/// The counts of one section ([`Item::section`](crate::suite::Item::section)).
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
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("total", &self.total())?;
        for status in Status::ALL {
            // `unsupported` only where there are some (only the GGN suite has it).
            if status != Status::Unsupported || self.get(status) > 0 {
                map.serialize_entry(status.as_str(), &self.get(status))?;
            }
        }
        map.end()
    }
}

/// What the vector expects, in words: `valid {…}`, `invalid (case-mismatch at 6)`,
/// `invalid: duplicate-key at /CHESS:P`, `"CHESS:K" with king-flag-lost`, …
pub(crate) fn describe_expected(result: &CaseResult) -> String {
    result.case.vector.as_dyn().describe_expected()
}

/// What the implementation did, in words.
pub(crate) fn describe_answer(result: &CaseResult) -> String {
    match &result.answer {
        Answer::Crash(message) => format!("crash: {message}"),
        Answer::Timeout(message) => format!("timeout: {message}"),
        Answer::NotRun(message) => format!("not run: {message}"),
        answer @ (Answer::Verdict(_) | Answer::Object(_)) => {
            result.case.vector.as_dyn().describe_reply(answer)
        }
    }
}

/// The lines that show a case's input, as (label, text): `input` for a GAN vector;
/// `document`, `dialect` and, for a moves vector, `board` and `query` for a GGN vector; the
/// input, the conversion and non-default options for a migration.
pub(crate) fn input_lines(case: &Case) -> Vec<(&'static str, String)> {
    case.vector.as_dyn().input_lines(&case.bytes)
}

pub use crate::suite::escape_input;
