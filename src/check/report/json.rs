//! The JSON report: JSON Lines, the run record (`{"run":{…}}`), one object per vector run,
//! then one summary object (`conformance/schema/check-report.schema.json`).
//!
//! A vector line names its section after the suite (`dialect`, `set` or `conversion`). The
//! GAN suite shows the `input`; the GGN and migrate suites show the `request` sent, which
//! holds the input and everything else the adapter was asked (`null` for a vector not sent).
//! `got` is the GAN verdict, or the GGN or migrate reply object as it came.

use std::io::{self, Write};

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::suite::Answer;

use super::super::outcome::CaseResult;
use super::{Counts, Report};

/// One line per vector (keys in this order).
struct VectorLine<'a> {
    result: &'a CaseResult,
    section_name: &'static str,
}

impl Serialize for VectorLine<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let result = self.result;
        let case = &result.case;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("id", &case.id)?;
        map.serialize_entry(self.section_name, &case.section)?;
        map.serialize_entry("group", &case.group)?;
        let vector = case.vector.as_dyn();
        let (key, request) = vector.request_json(case.input.as_deref());
        map.serialize_entry(key, &raw(request))?;
        if vector.hex_when_not_utf8() && case.input.is_none() {
            map.serialize_entry("input_hex", &crate::output::hex(&case.bytes))?;
        }
        map.serialize_entry("result", result.status.as_str())?;
        if case.listed.is_some() {
            // The result before the skip file.
            map.serialize_entry("actual", result.actual.as_str())?;
        }
        map.serialize_entry("expected", &raw(vector.expected_json()))?;
        // `null` when there is no reply (crash, timeout, not run).
        match &result.answer {
            Answer::Verdict(reply) => map.serialize_entry("got", reply)?,
            Answer::Object(object) => map.serialize_entry("got", object)?,
            Answer::Crash(_) | Answer::Timeout(_) | Answer::NotRun(_) => {
                map.serialize_entry("got", &Value::Null)?;
            }
        }
        if let Some(detail) = &result.detail {
            map.serialize_entry("detail", detail)?;
        }
        map.end()
    }
}

/// JSON text a suite made, written as it is.
fn raw(json: String) -> Box<RawValue> {
    RawValue::from_string(json)
        .unwrap_or_else(|_| RawValue::from_string("null".to_owned()).expect("null is JSON"))
}

/// The last line: `{"summary":{…}}`.
#[derive(Serialize)]
struct SummaryLine<'a> {
    summary: SummaryJson<'a>,
}

/// The summary, its list of sections named after the suite (`dialects`, `sets`,
/// `conversions`).
struct SummaryJson<'a> {
    report: &'a Report,
}

impl Serialize for SummaryJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let report = self.report;
        let summary = report.summary();
        let suite = report.suite;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("suite", suite.as_str())?;
        map.serialize_entry("mode", report.mode.as_str())?;
        map.serialize_entry("check_errors", &report.check_errors)?;
        map.serialize_entry("check_hints", &report.check_hints)?;
        map.serialize_entry("check_canonical", &report.check_canonical)?;
        map.serialize_entry("selected", &report.selected)?;
        map.serialize_entry("run", &report.results.len())?;
        map.serialize_entry("stopped_early", &report.stopped_early)?;
        map.serialize_entry("passed", &report.passed())?;
        map.serialize_entry("counts", &summary.total)?;
        let unsupported = report.unsupported_features();
        if !unsupported.is_empty() {
            let features: std::collections::BTreeMap<String, usize> =
                unsupported.into_iter().collect();
            map.serialize_entry("unsupported_features", &features)?;
        }
        let sections: Vec<SectionJson> = summary
            .sections
            .into_iter()
            .map(|section| SectionJson {
                name: suite.descriptor().section.0,
                section: section.section,
                counts: section.counts,
                groups: section
                    .groups
                    .into_iter()
                    .map(|(group, counts)| GroupJson { group, counts })
                    .collect(),
            })
            .collect();
        map.serialize_entry(suite.descriptor().section.1, &sections)?;
        map.serialize_entry("notes", &report.notes)?;
        map.end()
    }
}

/// `{"dialect": …, "counts": …, "groups": […]}` (or `set`, `conversion`).
struct SectionJson {
    name: &'static str,
    section: String,
    counts: Counts,
    groups: Vec<GroupJson>,
}

impl Serialize for SectionJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry(self.name, &self.section)?;
        map.serialize_entry("counts", &self.counts)?;
        map.serialize_entry("groups", &self.groups)?;
        map.end()
    }
}

#[derive(Serialize)]
struct GroupJson {
    group: String,
    counts: Counts,
}

/// The first line: `{"run":{…}}`.
#[derive(Serialize)]
struct RunLine<'a> {
    run: &'a super::RunRecord,
}

/// Writes the JSON Lines report.
pub fn json(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let section_name = report.suite.descriptor().section.0;
    if let Some(run) = &report.run {
        serde_json::to_writer(&mut *out, &RunLine { run })?;
        out.write_all(b"\n")?;
    }
    for result in &report.results {
        serde_json::to_writer(
            &mut *out,
            &VectorLine {
                result,
                section_name,
            },
        )?;
        out.write_all(b"\n")?;
    }
    let line = SummaryLine {
        summary: SummaryJson { report },
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}
