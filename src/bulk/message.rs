//! An error's message, byte for byte what its `Display` writes, straight into an output
//! buffer: the fixed words and the notation's phrases ([`Syntax`](crate::notation)) copied as
//! they are, the offset in decimal, the character found written as it is when its
//! `escape_debug` is itself. What the common cases do not cover (a non-ASCII character, a
//! quote, a control character, a message held as text) goes through `Display`.

use std::io::Write as _;
use std::sync::OnceLock;

use super::write::{decimal, json_display};
use crate::dialect::Dialect;
use crate::error::{Detail, ErrorKind, ParseError};

/// Writes `error`'s message, as its `Display` does; as the inside of a JSON string (escaped as
/// `serde_json` escapes it) when `json`.
pub(super) fn message(error: &ParseError, json: bool, out: &mut Vec<u8>) {
    let offset = error.offset() as u64;
    let Detail::Diagnosis { found, expected } = &error.detail else {
        return displayed(error, json, out);
    };
    match (error.kind, *found) {
        (ErrorKind::CaseMismatch, Some(c)) if c.is_ascii_alphabetic() => {
            let upper = c.is_ascii_uppercase();
            out.extend_from_slice(b"case mismatch at byte ");
            decimal(out, offset);
            out.extend_from_slice(b": '");
            out.push(c as u8);
            out.extend_from_slice(if upper {
                b"' is uppercase"
            } else {
                b"' is lowercase"
            });
            if expected.0.is_empty() {
                out.extend_from_slice(if upper {
                    b", but the identifier is lowercase; all its letters share one case"
                } else {
                    b", but the identifier is uppercase; all its letters share one case"
                });
            } else {
                out.extend_from_slice(b"; ");
                phrase(out, error.dialect, expected.0, json);
            }
        }
        (ErrorKind::NonAscii | ErrorKind::CaseMismatch, Some(_)) => {
            return displayed(error, json, out);
        }
        (kind, found) if found.is_none_or(plain) => {
            match (kind, found) {
                (ErrorKind::MissingSeparator, _) => out.extend_from_slice(b"missing ':' at byte "),
                (_, None) => out.extend_from_slice(b"unexpected end of input at byte "),
                (_, Some(c)) => {
                    out.extend_from_slice(b"unexpected '");
                    out.push(c as u8);
                    out.extend_from_slice(b"' at byte ");
                }
            }
            decimal(out, offset);
            out.extend_from_slice(b": ");
            phrase(out, error.dialect, expected.0, json);
            phrase(out, error.dialect, expected.1, json);
        }
        _ => return displayed(error, json, out),
    }
    if let Some(hint) = error.hint() {
        out.extend_from_slice(b" (did you mean '");
        if json {
            json_display(out, &hint);
        } else {
            out.extend_from_slice(hint.as_bytes());
        }
        out.extend_from_slice(b"'?)");
    }
}

/// The whole message through `Display` (and escaped for JSON when `json`).
fn displayed(error: &ParseError, json: bool, out: &mut Vec<u8>) {
    if json {
        json_display(out, error);
    } else {
        let _ = write!(out, "{error}");
    }
}

/// Whether `c` is written as it is by `escape_debug` and inside a JSON string: printable ASCII
/// but the quotes and `\`.
fn plain(c: char) -> bool {
    (c.is_ascii_graphic() || c == ' ') && !matches!(c, '\'' | '"' | '\\')
}

/// A phrase of `dialect`'s message (from its row of the notation table), escaped for JSON when
/// `json`: a phrase holds no control character (checked for every notation by the tests), so
/// only a quote or `\\` is escaped, and only the phrases of a notation that has one are
/// looked at ([`has_quotes`]).
fn phrase(out: &mut Vec<u8>, dialect: Dialect, phrase: &'static str, json: bool) {
    debug_assert!(!has_control(phrase), "{phrase}");
    if json && has_quotes(dialect) && has_quote(phrase) {
        json_display(out, &phrase);
    } else {
        debug_assert!(!json || !has_quote(phrase), "{dialect}: {phrase}");
        out.extend_from_slice(phrase.as_bytes());
    }
}

/// Whether some phrase of `dialect`'s syntax holds a quote or `\\`, made once for every
/// notation of the table.
fn has_quotes(dialect: Dialect) -> bool {
    static QUOTES: OnceLock<Vec<bool>> = OnceLock::new();
    QUOTES.get_or_init(|| {
        Dialect::ALL
            .into_iter()
            .map(|dialect| phrases(dialect).any(has_quote))
            .collect()
    })[dialect.index()]
}

/// The phrases of `dialect`'s syntax, which its messages are made of.
fn phrases(dialect: Dialect) -> impl Iterator<Item = &'static str> {
    let syntax = dialect.syntax();
    [syntax.whole, syntax.start, syntax.piece, syntax.end]
        .into_iter()
        .chain(syntax.style)
}

/// Whether `text` holds a `"` or a `\\` (which JSON escapes).
fn has_quote(text: &str) -> bool {
    memchr::memchr2(b'"', b'\\', text.as_bytes()).is_some()
}

/// Whether `text` holds a control character (which JSON writes as an escape).
fn has_control(text: &str) -> bool {
    text.bytes().any(|byte| byte < 0x20)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::Limits;

    /// Inputs that reach every branch: each code, the characters written as they are and
    /// those that go through `Display`, a hint, and the phrases of every position.
    const INPUTS: &[&str] = &[
        "",
        "C",
        "C:",
        "CHESS",
        "CHESS:",
        "CHESS:k",
        "chess:K",
        "c:-k",
        "C:K^x",
        "C:+",
        "C:K'x",
        "CHESS:K ",
        "x+",
        "1ABC",
        "C:'",
        "C:\"",
        "C:\\",
        "C:\t",
        "C:\u{1}",
        "é",
        "C:é",
        "CHESS:KING",
        "CHESS:king",
        "chess:KING",
        "+K^'",
        "K^'x",
        "a1",
        "aa10",
        "e4B",
        "a",
        "*",
        "**",
        "K'",
        "SHOGI:P'",
        "cHESS:k",
        ":K",
        "C:K\u{7f}",
        "C-K",
        "CHESS K",
        "12",
        "A:a",
        "C:-K^",
        "+p",
        "S:+p",
        "s:+P",
    ];

    #[test]
    fn the_message_is_what_display_writes_in_text_and_json() {
        let mut written = 0;
        for dialect in Dialect::ALL {
            for input in INPUTS {
                let Err(error) = dialect.parse_with(input.as_bytes(), Limits::NONE) else {
                    continue;
                };
                let shown = error.to_string();
                let mut text = Vec::new();
                message(&error, false, &mut text);
                assert_eq!(
                    String::from_utf8(text).unwrap(),
                    shown,
                    "{dialect} {input:?}"
                );
                let mut json = Vec::new();
                message(&error, true, &mut json);
                let serde = serde_json::to_string(&shown).unwrap();
                assert_eq!(
                    String::from_utf8(json).unwrap(),
                    serde[1..serde.len() - 1],
                    "{dialect} {input:?}"
                );
                written += 1;
            }
        }
        assert!(written > INPUTS.len(), "{written}");
    }

    #[test]
    fn no_phrase_of_the_table_holds_a_control_character() {
        for dialect in Dialect::ALL {
            for phrase in phrases(dialect) {
                assert!(!has_control(phrase), "{dialect}: {phrase}");
            }
        }
        assert!(!has_control(", then ':' \"\\"));
        assert!(has_control("a\nb"));
        assert!(has_control("a\u{1f}"));
    }

    #[test]
    fn a_phrase_is_escaped_in_json_alone() {
        for (text, json) in [
            ("a \"b\" c", "a \\\"b\\\" c"),
            ("a\\b", "a\\\\b"),
            ("plain, then ':'", "plain, then ':'"),
        ] {
            let quoted = Dialect::ALL
                .into_iter()
                .find(|&dialect| has_quotes(dialect));
            let quoted = quoted.expect("a notation whose phrases hold a quote");
            let mut out = Vec::new();
            phrase(&mut out, quoted, text, true);
            assert_eq!(String::from_utf8(out).unwrap(), json);
            let mut out = Vec::new();
            phrase(&mut out, quoted, text, false);
            assert_eq!(String::from_utf8(out).unwrap(), text);
        }
    }

    #[test]
    fn the_notations_with_quotes_are_those_with_a_phrase_holding_one() {
        let mut quoted = 0;
        for dialect in Dialect::ALL {
            let holds = phrases(dialect).any(|phrase| phrase.contains(['"', '\\']));
            assert_eq!(has_quotes(dialect), holds, "{dialect}");
            quoted += usize::from(holds);
        }
        assert!(quoted > 0, "{quoted}");
    }

    #[test]
    fn plain_characters_are_those_escape_debug_leaves_and_json_does_not_escape() {
        for byte in 0u8..=0x7f {
            let c = char::from(byte);
            let same = c.escape_debug().to_string() == c.to_string()
                && serde_json::to_string(&c.to_string()).unwrap() == format!("\"{c}\"");
            assert_eq!(plain(c), same, "{c:?}");
        }
        assert!(!plain('é'));
    }
}
