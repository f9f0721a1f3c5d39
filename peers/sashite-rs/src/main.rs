//! A `gan check` adapter (conformance/PROTOCOL.md, GAN suite, batch mode) for the official
//! Rust crates of SIN, PIN and EPIN. Every verdict and every attribute comes from the crates;
//! the newest QPI is cut at its first `:` and each side handed to the SIN and PIN crates.

use std::io::{self, BufRead, Write};

use serde_json::{json, Map, Value};

fn main() {
    let stdin = io::stdin();
    let mut stdout = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            eprintln!("sashite-rs adapter: standard input is not UTF-8");
            std::process::exit(2);
        };
        let reply = answer(&line);
        // One line per reply, flushed before the next request is read (PROTOCOL.md §2).
        if writeln!(stdout, "{reply}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            std::process::exit(2);
        }
    }
}

/// The reply to one request line.
fn answer(line: &str) -> Value {
    let request: Value = match serde_json::from_str(line) {
        Ok(value) => value,
        Err(error) => return bad_request(&Value::Null, &format!("not JSON: {error}")),
    };
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    let (Some(dialect), Some(input)) = (
        request.get("dialect").and_then(Value::as_str),
        request.get("input").and_then(Value::as_str),
    ) else {
        return bad_request(&id, "no string dialect or input");
    };
    let parsed = match dialect {
        "sin-2025-07" => Ok(sin(input)),
        "pin-2025-12" => Ok(pin(input)),
        "epin-2025-12" => Ok(epin(input)),
        "qpi-2026-01" => Ok(qpi(input)),
        other => Err(other),
    };
    match parsed {
        Ok(Some((actor, canonical))) => {
            json!({"id": id, "valid": true, "actor": actor, "canonical": canonical})
        }
        Ok(None) => json!({"id": id, "valid": false}),
        Err(other) => bad_request(&id, &format!("unknown dialect {other:?}")),
    }
}

fn bad_request(id: &Value, why: &str) -> Value {
    eprintln!("sashite-rs adapter: {why}");
    json!({"id": id, "valid": false, "error": {"code": "bad-request", "offset": 0}})
}

/// A valid input's attributes and the canonical form the crate prints.
type Parsed = (Map<String, Value>, String);

fn side(first: bool) -> Value {
    Value::from(if first { "first" } else { "second" })
}

fn state(state: sashite_pin::State) -> Value {
    Value::from(match state {
        sashite_pin::State::Normal => "normal",
        sashite_pin::State::Enhanced => "enhanced",
        sashite_pin::State::Diminished => "diminished",
    })
}

/// The crate's letter (always uppercase) in the case of the side it reports.
fn letter(letter: char, first: bool) -> Value {
    Value::from(
        if first {
            letter
        } else {
            letter.to_ascii_lowercase()
        }
        .to_string(),
    )
}

fn sin(input: &str) -> Option<Parsed> {
    let sin = sashite_sin::Identifier::parse(input).ok()?;
    let mut actor = Map::new();
    actor.insert("style".into(), Value::from(sin.to_char().to_string()));
    actor.insert("side".into(), side(sin.is_first()));
    Some((actor, sin.encode().as_str().to_owned()))
}

fn pin_actor(pin: sashite_pin::Identifier) -> Map<String, Value> {
    let mut actor = Map::new();
    actor.insert(
        "type".into(),
        letter(pin.letter().as_char(), pin.is_first()),
    );
    actor.insert("side".into(), side(pin.is_first()));
    actor.insert("state".into(), state(pin.state()));
    actor.insert("terminal".into(), Value::from(pin.is_terminal()));
    actor
}

fn pin(input: &str) -> Option<Parsed> {
    let pin = sashite_pin::Identifier::parse(input).ok()?;
    Some((pin_actor(pin), pin.encode().as_str().to_owned()))
}

fn epin(input: &str) -> Option<Parsed> {
    let epin = sashite_epin::Identifier::parse(input).ok()?;
    let mut actor = pin_actor(epin.pin());
    actor.insert("derived".into(), Value::from(epin.is_derived()));
    Some((actor, epin.encode().as_str().to_owned()))
}

/// The newest QPI: SIN ":" PIN. The side is the PIN's; Native/Derived compares the two
/// crates' sides.
fn qpi(input: &str) -> Option<Parsed> {
    let (style, piece) = input.split_once(':')?;
    let sin = sashite_sin::Identifier::parse(style).ok()?;
    let pin = sashite_pin::Identifier::parse(piece).ok()?;
    let mut actor = Map::new();
    actor.insert("style".into(), Value::from(sin.to_char().to_string()));
    actor.extend(pin_actor(pin));
    actor.insert(
        "derived".into(),
        Value::from(sin.is_first() != pin.is_first()),
    );
    let canonical = format!("{}:{}", sin.encode().as_str(), pin.encode().as_str());
    Some((actor, canonical))
}
