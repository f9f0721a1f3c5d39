//! The JSON report: JSON Lines, one object per vector run, then one summary object
//! (`conformance/schema/check-report.schema.json`).

use std::io::{self, Write};

use serde::Serialize;
use serde_json::{Map, Value};

use crate::corpus::format::ExpectedError;
use crate::model::ActorFields;

use super::super::outcome::{Answer, CaseResult};
use super::{Counts, Report};

/// One line per vector.
#[derive(Serialize)]
struct VectorLine<'a> {
    id: &'a str,
    dialect: &'a str,
    group: &'a str,
    /// `null` when the input is not UTF-8 (then `input_hex` holds it).
    input: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_hex: Option<String>,
    result: &'a str,
    /// The result before the skip file, when it listed the vector.
    #[serde(skip_serializing_if = "Option::is_none")]
    actual: Option<&'a str>,
    expected: ExpectedJson<'a>,
    /// `null` when there is no verdict (crash, timeout, not run).
    got: Option<GotJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<&'a str>,
}

#[derive(Serialize)]
struct ExpectedJson<'a> {
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    actor: Option<&'a ActorFields>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a ExpectedError>,
}

#[derive(Serialize)]
struct GotJson<'a> {
    valid: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    actor: Option<&'a Map<String, Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a Value>,
}

/// The last line.
#[derive(Serialize)]
struct SummaryLine<'a> {
    summary: SummaryJson<'a>,
}

#[derive(Serialize)]
struct SummaryJson<'a> {
    suite: &'static str,
    mode: &'static str,
    check_errors: bool,
    selected: usize,
    run: usize,
    stopped_early: bool,
    passed: bool,
    counts: Counts,
    dialects: Vec<DialectJson>,
    notes: &'a [String],
}

#[derive(Serialize)]
struct DialectJson {
    dialect: &'static str,
    counts: Counts,
    groups: Vec<GroupJson>,
}

#[derive(Serialize)]
struct GroupJson {
    group: String,
    counts: Counts,
}

/// Writes the JSON Lines report.
pub fn json(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    for result in &report.results {
        serde_json::to_writer(&mut *out, &vector_line(result))?;
        out.write_all(b"\n")?;
    }
    let summary = report.summary();
    let line = SummaryLine {
        summary: SummaryJson {
            suite: "gan",
            mode: report.mode.as_str(),
            check_errors: report.check_errors,
            selected: report.selected,
            run: report.results.len(),
            stopped_early: report.stopped_early,
            passed: report.passed(),
            counts: summary.total,
            dialects: summary
                .dialects
                .into_iter()
                .map(|dialect| DialectJson {
                    dialect: dialect.dialect.as_str(),
                    counts: dialect.counts,
                    groups: dialect
                        .groups
                        .into_iter()
                        .map(|(group, counts)| GroupJson { group, counts })
                        .collect(),
                })
                .collect(),
            notes: &report.notes,
        },
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}

fn vector_line(result: &CaseResult) -> VectorLine<'_> {
    let case = &result.case;
    VectorLine {
        id: &case.id,
        dialect: case.dialect.as_str(),
        group: &case.group,
        input: case.input.as_deref(),
        input_hex: case
            .input
            .is_none()
            .then(|| crate::output::hex(&case.bytes)),
        result: result.status.as_str(),
        actual: (case.listed.is_some()).then_some(result.actual.as_str()),
        expected: ExpectedJson {
            valid: case.expected.valid,
            actor: case.expected.actor.as_ref(),
            error: case.expected.error.as_ref(),
        },
        got: match &result.answer {
            Answer::Verdict(reply) => Some(GotJson {
                valid: reply.valid,
                actor: reply.actor.as_ref(),
                error: reply.error.as_ref(),
            }),
            _ => None,
        },
        detail: result.detail.as_deref(),
    }
}
