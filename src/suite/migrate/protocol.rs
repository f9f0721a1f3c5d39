//! The migrate suite's protocol (`conformance/PROTOCOL.md`, "Migrate suite"): the request of
//! a migration vector, the shape of a reply, and how a reply is judged.
//!
//! ```text
//! > {"id":"migrate/beta-snn-pin/m3/king-flag-lost","from":"beta","to":"snn-pin","input":"C:-K","options":{"intermediate":"error","strict":false}}
//! < {"id":"migrate/beta-snn-pin/m3/king-flag-lost","output":"CHESS:K","diagnostics":["king-flag-lost"]}
//! > {"id":"migrate/legacy-snn-pin/m2/unknown-word","from":"legacy","to":"snn-pin","input":"CHESS:DRAGON","options":{"intermediate":"error","strict":false}}
//! < {"id":"migrate/legacy-snn-pin/m2/unknown-word","output":null,"diagnostics":[],"error":"unknown-piece-name"}
//! ```
//!
//! **The rule.** A vector that expects an output passes when the reply's `output` is that
//! string, byte for byte, and its `diagnostics` are the expected warning codes in the same
//! order; a vector that expects an error passes when the reply's `output` is `null` and its
//! `error` is the expected code. A wrong verdict (an output for a rejected input, no output
//! for a convertible one) or another output is `fail`; the right verdict with other warning
//! codes or another error code is `wrong-error`. The codes are the point of the suite (M7:
//! nothing is lost silently), so they are compared with or without `--check-errors`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::suite::{escape_input, Status};

use super::format::{MigrationVector, VectorOptions};

/// Why a vector whose input is not UTF-8 is not sent.
pub const NOT_UTF8: &str = "not UTF-8: a migrate request holds its input as a JSON string";

/// One request line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The vector's id, echoed in the reply.
    pub id: String,
    /// The source dialect.
    pub from: String,
    /// The target dialect.
    pub to: String,
    /// The identifier to convert, exactly.
    pub input: String,
    /// `intermediate` (`error`, `drop` or `enhance`, M4) and `strict` (M7).
    pub options: VectorOptions,
}

impl Request {
    /// The request of a vector; `None` when its input is not UTF-8 (never sent).
    pub fn new(vector: &MigrationVector) -> Option<Request> {
        Some(Request {
            id: vector.id.clone(),
            from: vector.from.clone(),
            to: vector.to.clone(),
            input: vector.input.clone()?,
            options: vector.options.clone(),
        })
    }

    /// The compact JSON line, without its LF.
    ///
    /// # Panics
    ///
    /// Never: a request holds only strings and a boolean.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("a request serializes")
    }
}

/// One reply line. Members an adapter adds are ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    /// The request's id.
    #[serde(default)]
    pub id: Option<String>,
    /// The converted identifier; `None` (`null`) when the input is rejected.
    #[serde(default)]
    pub output: Option<String>,
    /// The warning codes, in the order found (absent counts as none).
    #[serde(default)]
    pub diagnostics: Vec<String>,
    /// The error code of a rejected input.
    #[serde(default)]
    pub error: Option<String>,
}

impl Reply {
    /// Reads a reply object; `Err` says why it is not one (a crash of that vector).
    pub fn from_object(object: &Map<String, Value>) -> Result<Reply, String> {
        if !object.contains_key("output") {
            return Err("a reply without an \"output\" member (a string, or null)".to_owned());
        }
        let reply: Reply = serde_json::from_value(Value::Object(object.clone()))
            .map_err(|error| format!("not a migrate reply: {error}"))?;
        if let (Some(output), Some(error)) = (&reply.output, &reply.error) {
            return Err(format!(
                "a reply with both an output ({}) and an error ({error})",
                escape_input(output.as_bytes())
            ));
        }
        Ok(reply)
    }
}

/// The request line of `vector`, with its LF, appended to `out` (nothing when the input is not
/// UTF-8: such a vector is never sent).
pub(crate) fn write_request(vector: &MigrationVector, out: &mut Vec<u8>) {
    if let Some(request) = Request::new(vector) {
        out.extend_from_slice(request.to_line().as_bytes());
        out.push(b'\n');
    }
}

/// Judges a reply (already checked to carry the vector's id): see the module's rule.
pub fn judge(vector: &MigrationVector, reply: &Reply) -> (Status, Option<String>) {
    let expected_warnings = vector.diagnostics.as_deref().unwrap_or_default();
    match (&vector.output, &reply.output) {
        (Some(want), Some(got)) if want != got => (
            Status::Fail,
            Some(format!(
                "expected {}, got {}",
                escape_input(want.as_bytes()),
                escape_input(got.as_bytes())
            )),
        ),
        (Some(_), Some(_)) if reply.diagnostics != expected_warnings => (
            Status::WrongError,
            Some(format!(
                "warnings: expected {}, got {}",
                codes(expected_warnings),
                codes(&reply.diagnostics)
            )),
        ),
        (Some(want), None) => (
            Status::Fail,
            Some(format!(
                "expected {}, got rejected{}",
                escape_input(want.as_bytes()),
                reply
                    .error
                    .as_ref()
                    .map(|code| format!(" ({code})"))
                    .unwrap_or_default()
            )),
        ),
        (None, Some(got)) => (
            Status::Fail,
            Some(format!(
                "expected rejected{}, got {}",
                vector
                    .error
                    .as_ref()
                    .map(|code| format!(" ({code})"))
                    .unwrap_or_default(),
                escape_input(got.as_bytes())
            )),
        ),
        (None, None) => match (&vector.error, &reply.error) {
            (Some(want), Some(got)) if want != got => (
                Status::WrongError,
                Some(format!("error: expected {want}, got {got}")),
            ),
            (Some(want), None) => (
                Status::WrongError,
                Some(format!("error: expected {want}, got no error code")),
            ),
            _ => (Status::Pass, None),
        },
        (Some(_), Some(_)) => (Status::Pass, None),
    }
}

/// `[a, b]`, or `none`.
fn codes(codes: &[String]) -> String {
    if codes.is_empty() {
        "none".to_owned()
    } else {
        codes.join(", ")
    }
}

/// What the vector expects, in words: `"CHESS:K" with king-flag-lost` or
/// `rejected (unknown-style)`.
pub(crate) fn describe_expected(vector: &MigrationVector) -> String {
    match (&vector.output, &vector.error) {
        (Some(output), _) => converted(output, vector.diagnostics.as_deref().unwrap_or_default()),
        (None, Some(error)) => format!("rejected ({error})"),
        (None, None) => "rejected".to_owned(),
    }
}

/// What a reply object says, in words.
pub(crate) fn describe_reply(object: &Map<String, Value>) -> String {
    match Reply::from_object(object) {
        Ok(Reply {
            output: Some(output),
            diagnostics,
            ..
        }) => converted(&output, &diagnostics),
        Ok(Reply {
            error: Some(error), ..
        }) => format!("rejected ({error})"),
        Ok(_) => "rejected (no error code)".to_owned(),
        Err(_) => format!("a malformed reply {}", Value::Object(object.clone())),
    }
}

fn converted(output: &str, warnings: &[String]) -> String {
    let output = escape_input(output.as_bytes());
    if warnings.is_empty() {
        output
    } else {
        format!("{output} with {}", warnings.join(", "))
    }
}

/// The lines that show the vector's input in the text report: the identifier and the
/// conversion, and the options when they are not the defaults.
pub(crate) fn input_lines(vector: &MigrationVector, bytes: &[u8]) -> Vec<(&'static str, String)> {
    let mut lines = vec![(
        "input",
        format!("{}, {} -> {}", escape_input(bytes), vector.from, vector.to),
    )];
    let options = &vector.options;
    if *options != VectorOptions::default() {
        let strict = if options.strict { ", strict" } else { "" };
        lines.push((
            "options",
            format!("intermediate {}{strict}", options.intermediate),
        ));
    }
    lines
}

/// The `expected` member of the JSON report.
#[derive(Serialize)]
pub(crate) struct ExpectedJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    output: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diagnostics: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

pub(crate) fn expected_json(vector: &MigrationVector) -> ExpectedJson<'_> {
    ExpectedJson {
        output: vector.output.as_deref(),
        diagnostics: vector
            .output
            .is_some()
            .then(|| vector.diagnostics.as_deref().unwrap_or_default()),
        error: vector.error.as_deref(),
    }
}
