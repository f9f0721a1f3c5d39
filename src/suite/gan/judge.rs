//! The GAN suite's judge: the verdict always, each reported attribute, and the error with
//! `--check-errors`.

use serde_json::{Map, Value};

use crate::suite::{Reply, Status};

use super::format::ExpectedError;
use super::GanVector;

/// The GAN suite: the verdict, each reported attribute, and the error with `check_errors`.
pub(super) fn judge(
    gan: &GanVector,
    reply: &Reply,
    check_errors: bool,
) -> (Status, Option<String>) {
    let expected = &gan.expected;
    if reply.valid != expected.valid {
        let word = |valid| if valid { "valid" } else { "invalid" };
        let detail = format!(
            "expected {}, got {}",
            word(expected.valid),
            word(reply.valid)
        );
        return (Status::Fail, Some(detail));
    }
    if reply.valid {
        let differences = actor_differences(gan, reply.actor.as_ref());
        if differences.is_empty() {
            (Status::Pass, None)
        } else {
            (Status::WrongActor, Some(differences.join("; ")))
        }
    } else {
        match (check_errors, &expected.error) {
            (true, Some(error)) => match error_difference(error, reply.error.as_ref()) {
                None => (Status::Pass, None),
                Some(detail) => (Status::WrongError, Some(detail)),
            },
            _ => (Status::Pass, None),
        }
    }
}

/// Each reported member of `actor` that differs from the expected attributes; members the
/// implementation leaves out are not compared.
fn actor_differences(gan: &GanVector, actor: Option<&Map<String, Value>>) -> Vec<String> {
    let (Some(actor), Some(fields)) = (actor, &gan.expected.actor) else {
        return Vec::new();
    };
    let Ok(Value::Object(expected)) = serde_json::to_value(fields) else {
        return vec!["the expected attributes are not an object".to_owned()];
    };
    actor
        .iter()
        .filter_map(|(name, got)| match expected.get(name) {
            Some(want) if want == got => None,
            Some(want) => Some(format!("{name}: expected {want}, got {got}")),
            None => Some(format!(
                "{name}: not an attribute of {} (got {got})",
                gan.dialect
            )),
        })
        .collect()
}

/// Why the reported error differs from the expected one, if it does.
fn error_difference(expected: &ExpectedError, got: Option<&Value>) -> Option<String> {
    let want = format!("{} at {}", expected.code, expected.offset);
    let Some(got) = got else {
        return Some(format!("expected {want}, got no error"));
    };
    let code = got.get("code").and_then(Value::as_str);
    let offset = got.get("offset").and_then(Value::as_u64);
    let (Some(code), Some(offset)) = (code, offset) else {
        return Some(format!(
            "expected {want}, got a malformed error {got} (needs a string \"code\" and an integer \"offset\")"
        ));
    };
    let same = code == expected.code && usize::try_from(offset).is_ok_and(|o| o == expected.offset);
    (!same).then(|| format!("expected {want}, got {code} at {offset}"))
}
