//! The part of the batch protocol (`conformance/PROTOCOL.md`) every suite shares: a reply is
//! one JSON object per line, with the id of its request. What the rest of a reply means is
//! the suite's business.

use serde_json::Value;

use crate::suite::{show, Answer};

use super::plan::Case;

/// Appends the request line of `case`, with its LF, to `out` (a case that
/// [`Case::not_sent_in_batch`] is never asked for).
pub(crate) fn write_request(case: &Case, out: &mut Vec<u8>) {
    case.vector
        .as_dyn()
        .write_request(&case.id, case.input.as_deref(), out);
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
    let Value::Object(reply) = value else {
        return Err(format!("reply is not a JSON object: {}", show(line)));
    };
    match reply.get("id") {
        Some(Value::String(got)) if got == id => {}
        Some(got) => {
            let got = show(got.to_string().as_bytes());
            return Err(format!(
                "reply for another id: expected \"{id}\", got {got}"
            ));
        }
        None => return Err(format!("reply without an \"id\": {}", show(line))),
    }
    Ok(case.vector.as_dyn().read_reply(reply, line))
}
