//! The wire formats of `conformance/PROTOCOL.md`: batch requests and replies (the part every
//! suite shares, and the GAN suite's), per-case exit statuses and output.

use std::process::ExitStatus;

use serde::Serialize;
use serde_json::Value;

use super::outcome::{Answer, Reply};
use super::plan::{Case, Vector};

/// A GAN batch request: `{"id":…,"dialect":…,"input":…}`.
#[derive(Serialize)]
struct Request<'a> {
    id: &'a str,
    dialect: &'a str,
    input: &'a str,
}

/// Appends the request line of `case`, with its LF, to `out` (a case that
/// [`Case::not_sent_in_batch`] is never asked for).
pub(crate) fn write_request(case: &Case, out: &mut Vec<u8>) {
    match &case.vector {
        Vector::Gan(gan) => {
            let request = Request {
                id: &case.id,
                dialect: gan.dialect.as_str(),
                input: case.input.as_deref().unwrap_or_default(),
            };
            serde_json::to_writer(&mut *out, &request).expect("a request always serializes");
            out.push(b'\n');
        }
        Vector::GgnValidation(vector) => super::ggn::write_validation(vector, out),
        Vector::GgnEvaluation(vector) => super::ggn::write_evaluation(vector, out),
        Vector::Migration(vector) => super::migrate::write_request(vector, out),
    }
}

/// Reads one batch reply line for `case`.
///
/// `Err` means the stream can no longer be trusted (not a JSON object, or another id): the
/// vector is a crash and the command restarts. A reply with the right id but a wrong shape is
/// a crash of this vector alone, and the run goes on. In the GGN and migrate suites the
/// shape is the suite's business: the object is handed over as it came.
pub(crate) fn batch_reply(line: &[u8], case: &Case) -> Result<Answer, String> {
    let id = case.id.as_str();
    let value: Value = serde_json::from_slice(line)
        .map_err(|error| format!("unparsable reply line ({error}): {}", show(line)))?;
    let Value::Object(mut reply) = value else {
        return Err(format!("reply is not a JSON object: {}", show(line)));
    };
    match reply.get("id") {
        Some(Value::String(got)) if got == id => {}
        Some(got) => {
            return Err(format!(
                "reply for another id: expected \"{id}\", got {got}"
            ))
        }
        None => return Err(format!("reply without an \"id\": {}", show(line))),
    }
    if !matches!(case.vector, Vector::Gan(_)) {
        return Ok(Answer::Object(reply));
    }
    let Some(valid) = reply.get("valid").and_then(Value::as_bool) else {
        return Ok(Answer::Crash(format!(
            "reply without a boolean \"valid\": {}",
            show(line)
        )));
    };
    let actor = match reply.remove("actor") {
        None | Some(Value::Null) => None,
        Some(Value::Object(actor)) => Some(actor),
        Some(_) => {
            return Ok(Answer::Crash(format!(
                "\"actor\" is not an object: {}",
                show(line)
            )));
        }
    };
    let error = reply.remove("error").filter(|error| !error.is_null());
    Ok(Answer::Verdict(Reply {
        valid,
        actor,
        error,
    }))
}

/// The answer a per-case run gave: exit 0 accepts (output empty or the actor object), exit 1
/// rejects (output empty or `{"error":…}`), anything else is a crash.
pub(crate) fn per_case_answer(
    status: ExitStatus,
    stdout: &[u8],
    stderr: impl FnOnce() -> String,
) -> Answer {
    let text = stdout.trim_ascii();
    match status.code() {
        Some(0) if text.is_empty() => Answer::Verdict(Reply {
            valid: true,
            actor: None,
            error: None,
        }),
        Some(0) => match serde_json::from_slice(text) {
            Ok(Value::Object(actor)) => Answer::Verdict(Reply {
                valid: true,
                actor: Some(actor),
                error: None,
            }),
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
            })
        }
        _ => Answer::Crash(format!("{status}{}", stderr_suffix(&stderr()))),
    }
}

/// `; stderr: …` when the command wrote something there.
pub(crate) fn stderr_suffix(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; stderr: {stderr}")
    }
}

/// A line of output, escaped and cut to 200 characters, for messages.
pub(crate) fn show(bytes: &[u8]) -> String {
    let cut = bytes.len() > 200;
    let (text, _) = crate::output::escape(&bytes[..bytes.len().min(200)]);
    if cut {
        format!("{text}…")
    } else {
        text
    }
}
