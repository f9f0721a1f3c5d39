//! JSON reports of `gan check` read back, for `gan report matrix` and `gan report diff`: the
//! run record, each vector's result in words, and the summary.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::suite::{escape_input, Status};

use super::ids::IdIndex;
use super::page::shorten;
use super::run_record::RunRecord;

/// The characters of an input, an expectation or an answer kept in words.
const TEXT_MAX: usize = 200;

/// A JSON report read back.
#[derive(Debug, Clone)]
pub struct ReadReport {
    /// Its run record, when it has one (reports of `gan` before the run record have none).
    pub run: Option<RunRecord>,
    /// Its vectors, in report order.
    pub vectors: Vec<ReadVector>,
    /// Its summary object, when it has one.
    pub summary: Option<Value>,
}

/// One vector's line of a JSON report, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadVector {
    /// The vector id.
    pub id: String,
    /// Its section: the dialect, set or conversion.
    pub section: String,
    /// Its group.
    pub group: String,
    /// Its input (or the request sent), escaped and shortened.
    pub input: String,
    /// Its result.
    pub status: Status,
    /// What it expects, in words.
    pub expected: String,
    /// What came, in words (`no reply` for a crash, a timeout or a vector not sent).
    pub got: String,
    /// Why the result is not `pass`, when the report says.
    pub detail: String,
    /// The report's own members: `expected`, `got` and the input (`input`, `input_hex` or
    /// `request`), as they are there, as the compact JSON text of one object ([`members`]
    /// reads it): a text costs its bytes, where a parsed object costs a tree node per object
    /// (about 3 KiB a vector, 12× a large report).
    ///
    /// [`members`]: ReadVector::members
    pub json: String,
}

impl ReadVector {
    /// [`json`](ReadVector::json) as an object.
    pub fn members(&self) -> Map<String, Value> {
        serde_json::from_str(&self.json).unwrap_or_default()
    }
}

/// Reads the JSON report `text`; `name` names it in errors (`mine.jsonl: line 3: …`).
pub fn read(name: &str, text: &str) -> Result<ReadReport, String> {
    read_as(name, text, true)
}

/// [`read`], keeping each vector's own members ([`ReadVector::json`]) only when
/// `members` (`gan report matrix` shows the words alone: its `json` are empty).
pub(super) fn read_as(name: &str, text: &str, members: bool) -> Result<ReadReport, String> {
    let mut report = ReadReport {
        run: None,
        vectors: Vec::new(),
        summary: None,
    };
    // A report that gives an id twice is not one run's: refused, not silently merged.
    let mut seen = IdIndex::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let place = format!("{name}: line {}", number + 1);
        let value: Value = match serde_json::from_str(line) {
            Ok(value) => value,
            Err(error) => return Err(format!("{place}: not JSON: {error}")),
        };
        if let Some(summary) = value.get("summary") {
            report.summary = Some(summary.clone());
            continue;
        }
        if let Some(run) = value.get("run") {
            match serde_json::from_value::<RunRecord>(run.clone()) {
                Ok(run) => report.run = Some(run),
                Err(error) => return Err(format!("{place}: not a run record: {error}")),
            }
            continue;
        }
        let vector = vector(&value, &place, members)?;
        if seen
            .get(&vector.id, |at| report.vectors[at].id.as_str())
            .is_some()
        {
            return Err(format!(
                "{place}: the id {} is given twice: a report is one run's",
                vector.id
            ));
        }
        seen.insert(&vector.id, report.vectors.len());
        report.vectors.push(vector);
    }
    Ok(report)
}

fn vector(value: &Value, place: &str, members: bool) -> Result<ReadVector, String> {
    let (Some(id), Some(outcome)) = (
        value.get("id").and_then(Value::as_str),
        value.get("result").and_then(Value::as_str),
    ) else {
        return Err(format!(
            "{place}: not a line of a `gan check --format json` report (no id or result)"
        ));
    };
    let Some(status) = Status::ALL.into_iter().find(|s| s.as_str() == outcome) else {
        return Err(format!("{place}: unknown result {outcome:?}"));
    };
    let text = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    let section = ["dialect", "set", "conversion"]
        .into_iter()
        .map(text)
        .find(|s| !s.is_empty())
        .unwrap_or_default();
    let input = match (
        value.get("input"),
        value.get("input_hex"),
        value.get("request"),
    ) {
        (Some(Value::String(input)), _, _) => escape_input(input.as_bytes()),
        (_, Some(Value::String(hex)), _) => format!("hex {hex}"),
        (_, _, Some(Value::Object(request))) => words(&without(request, &["id"])),
        _ => String::new(),
    };
    let got = match value.get("got") {
        None | Some(Value::Null) => "no reply".to_owned(),
        Some(got) => in_words(got),
    };
    Ok(ReadVector {
        id: id.to_owned(),
        section,
        group: text("group"),
        input: shorten(&input, TEXT_MAX),
        status,
        expected: shorten(
            &value.get("expected").map(in_words).unwrap_or_default(),
            TEXT_MAX,
        ),
        got: shorten(&got, TEXT_MAX),
        detail: shorten(&text("detail"), TEXT_MAX),
        json: if members {
            kept_members(value)
        } else {
            String::new()
        },
    })
}

/// The members of a report's line kept as they are, as the text of one compact object.
fn kept_members(value: &Value) -> String {
    let mut text = String::from("{");
    for key in ["input", "input_hex", "request", "expected", "got"] {
        if let Some(member) = value.get(key) {
            if text.len() > 1 {
                text.push(',');
            }
            let _ = write!(text, "\"{key}\":{member}");
        }
    }
    text.push('}');
    text.shrink_to_fit();
    text
}

/// An expectation or a reply in words: `valid {…}`, `invalid (unexpected-char at 3)`, or the
/// JSON text of the object without its `id`.
fn in_words(value: &Value) -> String {
    let Value::Object(object) = value else {
        return words(value);
    };
    let Some(valid) = object.get("valid").and_then(Value::as_bool) else {
        return words(&without(object, &["id"]));
    };
    let mut said = if valid { "valid" } else { "invalid" }.to_owned();
    if let Some(actor) = object.get("actor") {
        said.push(' ');
        said.push_str(&words(actor));
    }
    match object.get("error") {
        Some(Value::Object(error))
            if error.get("code").is_some_and(Value::is_string)
                && error.get("offset").is_some_and(Value::is_u64) =>
        {
            let _ = write!(
                said,
                " ({} at {})",
                error["code"].as_str().unwrap_or_default(),
                error["offset"]
            );
        }
        Some(Value::Null) | None => {}
        Some(error) => {
            said.push(' ');
            said.push_str(&words(error));
        }
    }
    let rest = without(object, &["id", "valid", "actor", "error"]);
    if rest.as_object().is_some_and(|rest| !rest.is_empty()) {
        said.push(' ');
        said.push_str(&words(&rest));
    }
    said
}

/// `object` without the members `names`.
fn without(object: &Map<String, Value>, names: &[&str]) -> Value {
    Value::Object(
        object
            .iter()
            .filter(|(key, _)| !names.contains(&key.as_str()))
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect(),
    )
}

/// Compact JSON text (control characters escaped as JSON does), other characters outside
/// ASCII as `\u{…}`, so that look-alikes show.
fn words(value: &Value) -> String {
    value
        .to_string()
        .chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                c.escape_unicode().to_string()
            }
        })
        .collect()
}
