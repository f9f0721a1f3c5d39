//! The migrate-ggn suite's protocol (`conformance/PROTOCOL-migrate-ggn.md`): the request of a
//! vector, the shape of a reply, and how a reply is judged.
//!
//! ```text
//! > {"id":"migrate-ggn/beta-snn-pin/m3/castling","from":"beta","to":"snn-pin","document_text":"{…}","options":{"intermediate":"error","strict":false}}
//! < {"id":"migrate-ggn/beta-snn-pin/m3/castling","output_text":"{…}","errors":[],"warnings":[{"code":"king-flag-lost","pointer":"/C:-K"}]}
//! ```
//!
//! **The rule.** A vector that expects a document passes when the reply's `output_text` is a
//! JSON text equal to it (values, and the members of every object in the same order; the
//! whitespace and escapes are the adapter's) and its `warnings` are the expected ones (code
//! and pointer, in any order). A vector that expects a refusal passes when `output_text` is
//! `null` and `errors` are the expected ones (in any order). A wrong verdict or another
//! document is `fail`; the right verdict with other codes or pointers is `wrong-error`. The
//! codes are compared with or without `--check-errors`, as in the migrate suite.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ggn::pointer;
use crate::ggn::reader::{self, Limits, Node, NodeKind};
use crate::suite::{escape_input, Status};

use super::format::{Expected, MigrateGgnVector, VectorOptions};

/// One request line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// The vector's id, echoed in the reply.
    pub id: String,
    /// The source dialect.
    pub from: String,
    /// The target dialect.
    pub to: String,
    /// The GGN edition to migrate to, when it is not `ggn-2014` (G32).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// The input document, exactly.
    pub document_text: String,
    /// `intermediate` (`error`, `drop` or `enhance`, M4) and `strict` (M7).
    pub options: VectorOptions,
}

impl Request {
    /// The request of a vector.
    pub fn new(vector: &MigrateGgnVector) -> Request {
        Request {
            id: vector.id.clone(),
            from: vector.from.clone(),
            to: vector.to.clone(),
            edition: vector.edition.clone(),
            document_text: vector.document_text.clone(),
            options: vector.options.clone(),
        }
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
    /// The converted document; `None` (`null`) when the document is refused.
    #[serde(default)]
    pub output_text: Option<String>,
    /// The errors (absent counts as none).
    #[serde(default)]
    pub errors: Vec<Expected>,
    /// The warnings (absent counts as none).
    #[serde(default)]
    pub warnings: Vec<Expected>,
}

impl Reply {
    /// Reads a reply object; `Err` says why it is not one (a crash of that vector).
    pub fn from_object(object: &Map<String, Value>) -> Result<Reply, String> {
        if !object.contains_key("output_text") {
            return Err("a reply without an \"output_text\" member (a string, or null)".to_owned());
        }
        let reply: Reply = serde_json::from_value(Value::Object(object.clone()))
            .map_err(|error| format!("not a migrate-ggn reply: {error}"))?;
        if reply.output_text.is_some() && !reply.errors.is_empty() {
            return Err(format!(
                "a reply with both a document and errors ({})",
                list(&reply.errors)
            ));
        }
        Ok(reply)
    }
}

/// The request line of `vector`, with its LF, appended to `out`.
pub(crate) fn write_request(vector: &MigrateGgnVector, out: &mut Vec<u8>) {
    out.extend_from_slice(Request::new(vector).to_line().as_bytes());
    out.push(b'\n');
}

/// Judges a reply (already checked to carry the vector's id): see the module's rule.
pub fn judge(vector: &MigrateGgnVector, reply: &Reply) -> (Status, Option<String>) {
    match (&vector.output_text, &reply.output_text) {
        (Some(want), Some(got)) => {
            if let Some(difference) = difference(want, got) {
                return (Status::Fail, Some(difference));
            }
            if Expected::same(&vector.warnings, &reply.warnings) {
                (Status::Pass, None)
            } else {
                (
                    Status::WrongError,
                    Some(format!(
                        "warnings: expected {}, got {}",
                        list(&vector.warnings),
                        list(&reply.warnings)
                    )),
                )
            }
        }
        (Some(_), None) => (
            Status::Fail,
            Some(format!(
                "expected the converted document, got refused ({})",
                list(&reply.errors)
            )),
        ),
        (None, Some(_)) => (
            Status::Fail,
            Some(format!(
                "expected refused ({}), got a converted document",
                list(&vector.errors)
            )),
        ),
        (None, None) if Expected::same(&vector.errors, &reply.errors) => (Status::Pass, None),
        (None, None) => (
            Status::WrongError,
            Some(format!(
                "errors: expected {}, got {}",
                list(&vector.errors),
                list(&reply.errors)
            )),
        ),
    }
}

/// `king-flag-lost at /C:-K, …`, or `none`.
fn list(diagnostics: &[Expected]) -> String {
    if diagnostics.is_empty() {
        return "none".to_owned();
    }
    diagnostics
        .iter()
        .map(|d| {
            let at = if d.pointer.is_empty() {
                "the document"
            } else {
                &d.pointer
            };
            format!("{} at {at}", d.code)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where the document `got` differs from `want` (both JSON texts, compared member order
/// included), in words; `None` when they are the same.
fn difference(want: &str, got: &str) -> Option<String> {
    let limits = Limits {
        max_size: usize::MAX,
        ..Limits::default()
    };
    let want = reader::read(want.as_bytes(), &limits).expect("the vector's document is JSON");
    let got = match reader::read(got.as_bytes(), &limits) {
        Ok(got) => got,
        Err(error) => return Some(format!("the converted document is not JSON: {error}")),
    };
    first_difference(&want, &got, &mut Vec::new())
        .map(|at| format!("the converted document differs at {at}"))
}

fn first_difference(want: &Node, got: &Node, path: &mut Vec<String>) -> Option<String> {
    let here = |path: &[String]| {
        if path.is_empty() {
            "the top level".to_owned()
        } else {
            let mut at = String::new();
            for token in path {
                at.push('/');
                at.push_str(&pointer::escape(token));
            }
            at
        }
    };
    match (want.kind(), got.kind()) {
        (NodeKind::Object(want), NodeKind::Object(got)) => {
            for (i, (key, value)) in want.iter().enumerate() {
                let Some((other, other_value)) = got.get(i) else {
                    return Some(format!("{} (member {key:?} missing)", here(path)));
                };
                if key != other {
                    return Some(format!(
                        "{} (member {} is {other:?}, expected {key:?})",
                        here(path),
                        i + 1
                    ));
                }
                path.push(key.clone());
                let found = first_difference(value, other_value, path);
                path.pop();
                if found.is_some() {
                    return found;
                }
            }
            (got.len() > want.len()).then(|| {
                format!(
                    "{} (member {:?} not expected)",
                    here(path),
                    got[want.len()].0
                )
            })
        }
        (NodeKind::Array(want), NodeKind::Array(got)) if want.len() == got.len() => {
            want.iter().zip(got).enumerate().find_map(|(i, (a, b))| {
                path.push(i.to_string());
                let found = first_difference(a, b, path);
                path.pop();
                found
            })
        }
        (a, b) if a == b => None,
        _ => Some(here(path)),
    }
}

/// What the vector expects, in words.
pub(crate) fn describe_expected(vector: &MigrateGgnVector) -> String {
    match &vector.output_text {
        Some(_) if vector.warnings.is_empty() => "converted".to_owned(),
        Some(_) => format!("converted with {}", list(&vector.warnings)),
        None => format!("refused: {}", list(&vector.errors)),
    }
}

/// What a reply object says, in words.
pub(crate) fn describe_reply(object: &Map<String, Value>) -> String {
    match Reply::from_object(object) {
        Ok(reply) if reply.output_text.is_some() && reply.warnings.is_empty() => {
            "converted".to_owned()
        }
        Ok(reply) if reply.output_text.is_some() => {
            format!("converted with {}", list(&reply.warnings))
        }
        Ok(reply) => format!("refused: {}", list(&reply.errors)),
        Err(_) => format!("a malformed reply {}", Value::Object(object.clone())),
    }
}

/// The lines that show the vector's input in the text report: the document (cut after 300
/// characters), the conversion, and the options when they are not the defaults.
pub(crate) fn input_lines(vector: &MigrateGgnVector, bytes: &[u8]) -> Vec<(&'static str, String)> {
    let mut shown = escape_input(bytes);
    if let Some((cut, _)) = shown.char_indices().nth(300) {
        shown.truncate(cut);
        shown.push('…');
    }
    let mut lines = vec![
        ("document", shown),
        ("migrate", format!("{} -> {}", vector.from, vector.to)),
    ];
    if let Some(edition) = &vector.edition {
        lines.push(("edition", edition.clone()));
    }
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
    output_text: Option<&'a str>,
    errors: &'a [Expected],
    warnings: &'a [Expected],
}

pub(crate) fn expected_json(vector: &MigrateGgnVector) -> ExpectedJson<'_> {
    ExpectedJson {
        output_text: vector.output_text.as_deref(),
        errors: &vector.errors,
        warnings: &vector.warnings,
    }
}
