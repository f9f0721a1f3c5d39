//! The GAN suite's protocol (`conformance/PROTOCOL.md`): the batch request
//! `{"id":…,"dialect":…,"input":…}` and its reply, and the per-case exit statuses and output.

use std::process::ExitStatus;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::model::Dialect;
use crate::suite::{show, stderr_suffix, Answer, Reply};

/// A GAN batch request: `{"id":…,"dialect":…,"input":…}`.
#[derive(Serialize)]
struct Request<'a> {
    id: &'a str,
    dialect: &'a str,
    input: &'a str,
}

/// Appends the request line, with its LF, to `out`.
pub(super) fn write_request(id: &str, dialect: Dialect, input: &str, out: &mut Vec<u8>) {
    let request = Request {
        id,
        dialect: dialect.as_str(),
        input,
    };
    serde_json::to_writer(&mut *out, &request).expect("a request always serializes");
    out.push(b'\n');
}

/// The answer a batch reply object gives: a verdict, or a crash for a reply of the wrong
/// shape.
pub(super) fn read_reply(mut reply: Map<String, Value>, line: &[u8]) -> Answer {
    let Some(valid) = reply.get("valid").and_then(Value::as_bool) else {
        return Answer::Crash(format!("reply without a boolean \"valid\": {}", show(line)));
    };
    let actor = match reply.remove("actor") {
        None | Some(Value::Null) => None,
        Some(Value::Object(actor)) => Some(actor),
        Some(_) => {
            return Answer::Crash(format!("\"actor\" is not an object: {}", show(line)));
        }
    };
    let error = reply.remove("error").filter(|error| !error.is_null());
    let canonical = reply.remove("canonical").filter(|form| !form.is_null());
    Answer::Verdict(Reply {
        valid,
        actor,
        error,
        canonical,
    })
}

/// The answer a per-case run gave: exit 0 accepts (output empty or the actor object, which
/// may hold `canonical` beside the attributes), exit 1 rejects (output empty or
/// `{"error":…}`), anything else is a crash.
pub(super) fn per_case_answer(
    status: ExitStatus,
    stdout: &[u8],
    stderr: &mut dyn FnMut() -> String,
) -> Answer {
    let text = stdout.trim_ascii();
    match status.code() {
        Some(0) if text.is_empty() => Answer::Verdict(Reply {
            valid: true,
            actor: None,
            error: None,
            canonical: None,
        }),
        Some(0) => match serde_json::from_slice(text) {
            Ok(Value::Object(mut actor)) => {
                let canonical = actor.remove("canonical").filter(|form| !form.is_null());
                Answer::Verdict(Reply {
                    valid: true,
                    actor: Some(actor),
                    error: None,
                    canonical,
                })
            }
            _ => Answer::Crash(format!(
                "exit status 0 with output that is not one JSON object: {}{}",
                show(text),
                stderr_suffix(&stderr())
            )),
        },
        Some(1) => {
            let error = if text.is_empty() {
                None
            } else {
                match serde_json::from_slice(text) {
                    Ok(Value::Object(mut object)) => object.remove("error"),
                    // Kept as written, so that --check-errors shows what came instead.
                    _ => Some(Value::String(String::from_utf8_lossy(text).into_owned())),
                }
            };
            let error = error.filter(|error| !error.is_null());
            Answer::Verdict(Reply {
                valid: false,
                actor: None,
                error,
                canonical: None,
            })
        }
        _ => Answer::Crash(format!("{status}{}", stderr_suffix(&stderr()))),
    }
}
