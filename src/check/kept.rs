//! What a result keeps of an answer once it is judged: a few kilobytes, whatever the
//! implementation sent (docs/limits.md).

use serde_json::{Map, Value};

use crate::suite::{Answer, Reply};

/// What a result keeps of the answer once it is judged: strings cut to
/// [`KEPT_STRING`] bytes, nesting to [`KEPT_DEPTH`] levels, the whole to about
/// [`KEPT_REPLY`] bytes (members past it dropped, an array or object that lost some ends
/// with `"…"`), messages to [`KEPT_STRING`]. A reply of megabytes is judged whole, then
/// reported by its first kilobytes (docs/limits.md).
pub(crate) fn kept(answer: Answer) -> Answer {
    let mut budget = KEPT_REPLY;
    match answer {
        Answer::Verdict(reply) => Answer::Verdict(Reply {
            valid: reply.valid,
            actor: reply.actor.map(|actor| kept_map(actor, 1, &mut budget)),
            error: reply.error.map(|error| kept_value(error, 1, &mut budget)),
            canonical: reply
                .canonical
                .map(|canonical| kept_value(canonical, 1, &mut budget)),
        }),
        Answer::Object(object) => Answer::Object(kept_map(object, 0, &mut budget)),
        Answer::Crash(message) => Answer::Crash(cut(message)),
        Answer::Timeout(message) => Answer::Timeout(cut(message)),
        Answer::NotRun(message) => Answer::NotRun(cut(message)),
    }
}

/// The most of one string of a reply (or of a message) that a result keeps, in bytes.
pub(crate) const KEPT_STRING: usize = 1 << 10;
/// The deepest level of a reply that a result keeps.
pub(crate) const KEPT_DEPTH: usize = 16;
/// About the most of one reply that a result keeps, in bytes of JSON.
pub(crate) const KEPT_REPLY: usize = 8 << 10;

/// `text` cut to [`KEPT_STRING`] bytes (on a character boundary), `…` and its length added;
/// a new string, so that the long one's memory is freed.
pub(crate) fn cut(text: String) -> String {
    if text.len() <= KEPT_STRING {
        return text;
    }
    let mut end = KEPT_STRING;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

fn kept_map(map: Map<String, Value>, depth: usize, budget: &mut usize) -> Map<String, Value> {
    let mut kept = Map::new();
    for (key, value) in map {
        if *budget == 0 {
            kept.insert("…".to_owned(), Value::String("…".to_owned()));
            break;
        }
        let key = cut(key);
        *budget = budget.saturating_sub(key.len() + 4);
        let value = kept_value(value, depth + 1, budget);
        kept.insert(key, value);
    }
    kept
}

fn kept_value(value: Value, depth: usize, budget: &mut usize) -> Value {
    match value {
        Value::String(text) => {
            let text = cut(text);
            *budget = budget.saturating_sub(text.len() + 2);
            Value::String(text)
        }
        Value::Array(_) | Value::Object(_) if depth >= KEPT_DEPTH => {
            *budget = budget.saturating_sub(3);
            Value::String("…".to_owned())
        }
        Value::Array(items) => {
            let mut kept = Vec::new();
            for item in items {
                if *budget == 0 {
                    kept.push(Value::String("…".to_owned()));
                    break;
                }
                kept.push(kept_value(item, depth + 1, budget));
            }
            Value::Array(kept)
        }
        Value::Object(map) => Value::Object(kept_map(map, depth, budget)),
        other => {
            *budget = budget.saturating_sub(8);
            other
        }
    }
}
