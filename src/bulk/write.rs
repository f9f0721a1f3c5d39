//! The pieces of the records `gan parse` and `gan detect` write, straight into an output
//! buffer: an actor's attributes after its type from tables made once per run (from the text
//! and JSON of [`ActorFields`] themselves), inputs between quotes, JSON strings and numbers.

use std::fmt;

use crate::dialect::Dialect;
use crate::grammar::compile::Parts;
use crate::model::{ActorFields, Side, State};
use crate::notation::Role;
use crate::output;

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// Readable lines.
    Text,
    /// JSON Lines.
    Json,
}

/// The attributes of an actor after its type (`side`, `state`, the flags), in one format,
/// for every actor of one dialect: `side=…` and what follows, each followed by the same end.
#[derive(Debug, Clone)]
pub(super) struct Tails(Vec<Vec<u8>>);

/// The attributes before the side, as [`ActorFields`] writes them with an empty style and
/// type: what [`Tails::new`] cuts off.
const TEXT_HEAD: &str = "style= type=";
const JSON_HEAD: &str = "{\"style\":\"\",\"type\":\"";

impl Tails {
    /// The tails of `dialect`'s actors in `format`, each followed by `end`.
    pub(super) fn new(dialect: Dialect, format: Format, end: &[u8]) -> Tails {
        Tails(
            (0..64)
                .map(|key| {
                    let fields = fields_of_key(dialect, key);
                    let written = match format {
                        Format::Text => fields.to_string(),
                        Format::Json => serde_json::to_string(&fields).expect("fields serialize"),
                    };
                    let head = match format {
                        Format::Text => TEXT_HEAD,
                        Format::Json => JSON_HEAD,
                    };
                    let mut tail = written
                        .strip_prefix(head)
                        .expect("the attributes start with the style and the type")
                        .as_bytes()
                        .to_vec();
                    tail.extend_from_slice(end);
                    tail
                })
                .collect(),
        )
    }

    /// The tail of the actor of `parts`.
    #[inline]
    pub(super) fn get(&self, parts: &Parts) -> &[u8] {
        let state = match parts.state {
            None | Some(State::Normal) => 0,
            Some(State::Enhanced) => 1,
            Some(State::Diminished) => 2,
        };
        let key = usize::from(parts.side == Side::Second)
            | state << 1
            | usize::from(parts.intermediate == Some(true)) << 3
            | usize::from(parts.promoted == Some(true)) << 4
            | usize::from(parts.king == Some(true)) << 5;
        &self.0[key]
    }
}

/// The attributes [`Tails::get`] reads as `key`, with an empty style and type; the optional
/// ones present when `dialect` has them, as the fast path's parts have them.
fn fields_of_key(dialect: Dialect, key: usize) -> ActorFields {
    let flag = |role: Role, bit: usize| dialect.has(role).then_some(key >> bit & 1 == 1);
    ActorFields {
        style: String::new(),
        piece_type: String::new(),
        side: if key & 1 == 0 {
            Side::First
        } else {
            Side::Second
        },
        state: dialect.has(Role::State).then_some(match key >> 1 & 3 {
            1 => State::Enhanced,
            2 => State::Diminished,
            _ => State::Normal,
        }),
        intermediate: flag(Role::Intermediate, 3),
        promoted: flag(Role::Promoted, 4),
        king: flag(Role::King, 5),
    }
}

/// `word` between the escape sequences of a style (none without colors).
pub(super) fn styled(out: &mut Vec<u8>, (on, off): &(String, String), word: &[u8]) {
    out.extend_from_slice(on.as_bytes());
    out.extend_from_slice(word);
    out.extend_from_slice(off.as_bytes());
}

/// Whether `input` is printable ASCII without `"` or `\`: then text and JSON show it as it
/// is, between quotes.
#[inline]
pub(super) fn is_plain(input: &[u8]) -> bool {
    input
        .iter()
        .all(|&byte| matches!(byte, b' '..=b'~') && byte != b'"' && byte != b'\\')
}

/// The input as [`output::escape`] shows it, without its work for the common case.
pub(crate) fn quoted(out: &mut Vec<u8>, input: &[u8]) {
    if is_plain(input) {
        out.push(b'"');
        out.extend_from_slice(input);
        out.push(b'"');
    } else {
        out.extend_from_slice(output::escape_text(input).as_bytes());
    }
}

/// A JSON string as `serde_json` writes it (`input` is UTF-8 here: lossy text elsewhere goes
/// through serde).
pub(super) fn json_string(out: &mut Vec<u8>, input: &[u8]) {
    out.push(b'"');
    json_escaped(out, input);
    out.push(b'"');
}

/// The inside of a JSON string as `serde_json` writes it: `"`, `\` and control characters
/// escaped, everything else as it is.
fn json_escaped(out: &mut Vec<u8>, input: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut rest = input;
    // The runs between bytes to escape are copied whole.
    while let Some(at) = rest
        .iter()
        .position(|&byte| byte < 0x20 || byte == b'"' || byte == b'\\')
    {
        out.extend_from_slice(&rest[..at]);
        let byte = rest[at];
        rest = &rest[at + 1..];
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            0..=0x1F => {
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(byte >> 4)]);
                out.push(HEX[usize::from(byte & 0xF)]);
            }
            _ => out.push(byte),
        }
    }
    out.extend_from_slice(rest);
}

/// A writer of text into the inside of a JSON string: what is written through it (a
/// message, by its `Display`) lands escaped, with no `String` in between.
pub(super) struct JsonText<'a>(pub(super) &'a mut Vec<u8>);

impl fmt::Write for JsonText<'_> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        json_escaped(self.0, text.as_bytes());
        Ok(())
    }
}

/// `value` in decimal.
pub(super) fn decimal(out: &mut Vec<u8>, value: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        // The remainder of a division by ten.
        #[allow(clippy::cast_possible_truncation)]
        {
            digits[at] = b'0' + (rest % 10) as u8;
        }
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use super::*;

    #[test]
    fn tails_are_the_attributes_after_the_type_as_actor_fields_write_them() {
        for dialect in Dialect::ALL {
            let text = Tails::new(dialect, Format::Text, b"\n");
            let json = Tails::new(dialect, Format::Json, b"");
            for key in 0..64 {
                let mut fields = fields_of_key(dialect, key);
                fields.style = "S".to_owned();
                fields.piece_type = "T".to_owned();
                let mut line = b"style=S type=T".to_vec();
                line.extend_from_slice(&text.0[key]);
                assert_eq!(line, format!("{fields}\n").into_bytes(), "{dialect} {key}");
                let mut object = b"{\"style\":\"S\",\"type\":\"T".to_vec();
                object.extend_from_slice(&json.0[key]);
                assert_eq!(
                    object,
                    serde_json::to_vec(&fields).unwrap(),
                    "{dialect} {key}"
                );
            }
        }
    }

    #[test]
    fn json_text_and_decimal_write_what_serde_json_writes() {
        let message = "unexpected '\\'' at byte 7: a \"quoted\" word\n\t\u{1} é";
        let mut out = Vec::new();
        write!(JsonText(&mut out), "{message}").unwrap();
        let serde = serde_json::to_string(message).unwrap();
        assert_eq!(out, serde.as_bytes()[1..serde.len() - 1]);
        for value in [0, 7, 10, 99, 12_345, u64::MAX] {
            let mut out = Vec::new();
            decimal(&mut out, value);
            assert_eq!(out, value.to_string().into_bytes());
        }
    }
}
