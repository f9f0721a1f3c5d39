//! The GAN suite's judge: the verdict always, each reported attribute, the error with
//! `--check-errors` (and its hint when the reply carries one), the hint always with
//! `--check-hints`, and the canonical form of a valid input with `--check-canonical`.

use serde_json::{Map, Value};

use crate::suite::{Checks, Reply, Status};

use super::format::ExpectedError;
use super::GanVector;

/// The GAN suite: the verdict, each reported attribute, and the error with `checks.errors`
/// (its hint when reported, and always with `checks.hints`).
pub(super) fn judge(gan: &GanVector, reply: &Reply, checks: Checks) -> (Status, Option<String>) {
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
        let mut differences = actor_differences(gan, reply.actor.as_ref());
        if checks.canonical {
            differences.extend(canonical_difference(
                expected.canonical.as_deref(),
                reply.canonical.as_ref(),
            ));
        }
        if differences.is_empty() {
            (Status::Pass, None)
        } else {
            (Status::WrongActor, Some(differences.join("; ")))
        }
    } else {
        match (checks.errors || checks.hints, &expected.error) {
            (true, Some(error)) => match error_difference(error, reply.error.as_ref())
                .or_else(|| hint_difference(error, reply.error.as_ref(), checks.hints))
            {
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

/// Why the reported hint differs from the expected one, if it does: a hint present in the
/// reply (a string or `null`) is compared; an absent one is wrong only with `require`
/// (`--check-hints`). A vector that does not know its hint (format 1) compares none.
fn hint_difference(expected: &ExpectedError, got: Option<&Value>, require: bool) -> Option<String> {
    let want = expected.hint.as_ref()?;
    let show = |hint: Option<&str>| {
        hint.map_or_else(|| "no hint (null)".to_owned(), |h| format!("hint {h:?}"))
    };
    match got.and_then(|error| error.get("hint")) {
        None if require => Some(format!(
            "expected {}, got no \"hint\" member (--check-hints)",
            show(want.as_deref())
        )),
        None => None,
        Some(Value::Null) if want.is_none() => None,
        Some(Value::String(hint)) if want.as_deref() == Some(hint.as_str()) => None,
        Some(Value::Null) => Some(format!(
            "expected {}, got {}",
            show(want.as_deref()),
            show(None)
        )),
        Some(Value::String(hint)) => Some(format!(
            "expected {}, got {}",
            show(want.as_deref()),
            show(Some(hint))
        )),
        Some(other) => Some(format!(
            "expected {}, got a malformed hint {other} (needs a string or null)",
            show(want.as_deref())
        )),
    }
}

/// Why the reported canonical form differs from the expected one (`--check-canonical`), if
/// it does: it must be there, a string, equal to the input byte for byte (D9). A vector that
/// does not know its input as text (never a valid one) compares nothing.
fn canonical_difference(expected: Option<&str>, got: Option<&Value>) -> Option<String> {
    let want = expected?;
    match got {
        None => Some(format!(
            "canonical: expected {want:?}, got no \"canonical\" member (--check-canonical)"
        )),
        Some(Value::String(form)) if form == want => None,
        Some(Value::String(form)) => Some(format!("canonical: expected {want:?}, got {form:?}")),
        Some(other) => Some(format!(
            "canonical: expected {want:?}, got {other} (needs a string)"
        )),
    }
}
