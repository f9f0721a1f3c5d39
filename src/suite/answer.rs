//! What an implementation answered for a vector, and the [`Status`] that earns: the words
//! every suite judges in and the runner reports in; and how inputs and replies are quoted
//! in those reports ([`escape_input`]).

use std::fmt;

use serde::Serialize;
use serde_json::{Map, Value};

/// The result of one vector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Status {
    /// Right verdict, every reported attribute right (and the right error with
    /// `--check-errors`).
    Pass,
    /// Wrong verdict.
    Fail,
    /// Right verdict (valid), but a reported attribute differs (GAN suite).
    WrongActor,
    /// Right verdict, but the error is missing or differs (GAN and GGN suites: only with
    /// `--check-errors`); migrate suite: other warning or error codes.
    WrongError,
    /// Bad exit status, unparsable or missing reply, a reply for another id, or one of the
    /// wrong shape.
    Crash,
    /// No answer within the time limit.
    Timeout,
    /// A known failure (listed in the skip file) that still fails, or a vector this mode
    /// cannot send (`input_hex` in batch mode).
    Skipped,
    /// Listed in the skip file, but passes: the list must shrink.
    UnexpectedPass,
    /// The implementation says it lacks a feature this vector needs (GGN suite:
    /// `"unsupported": "squares"`): neither a pass nor a failure, counted apart.
    Unsupported,
}

impl Status {
    /// Every status, in report column order.
    pub const ALL: [Status; 9] = [
        Status::Pass,
        Status::Fail,
        Status::WrongActor,
        Status::WrongError,
        Status::Crash,
        Status::Timeout,
        Status::Skipped,
        Status::UnexpectedPass,
        Status::Unsupported,
    ];

    /// The name used in every report: `pass`, `fail`, `wrong-actor`, …
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Fail => "fail",
            Status::WrongActor => "wrong-actor",
            Status::WrongError => "wrong-error",
            Status::Crash => "crash",
            Status::Timeout => "timeout",
            Status::Skipped => "skipped",
            Status::UnexpectedPass => "unexpected-pass",
            Status::Unsupported => "unsupported",
        }
    }

    /// Whether this result fails the run (exit status 1). `unsupported` does not (it is
    /// listed in the summary instead), and is not a pass either.
    pub fn is_failure(self) -> bool {
        !matches!(self, Status::Pass | Status::Skipped | Status::Unsupported)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the implementation did with one vector.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Answer {
    /// It gave a verdict (GAN suite).
    Verdict(Reply),
    /// It replied with this object, as sent (GGN and migrate suites: the suite's rules judge
    /// it, a reply of the wrong shape included).
    Object(Map<String, Value>),
    /// It crashed, or broke the protocol (the message says how).
    Crash(String),
    /// It did not answer in time.
    Timeout(String),
    /// The vector was not sent (the message says why).
    NotRun(String),
}

/// A GAN verdict, with whatever attributes and error the implementation reported.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reply {
    /// The verdict.
    pub valid: bool,
    /// The `actor` object, when reported.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor: Option<Map<String, Value>>,
    /// The `error` member, when reported (any JSON value; checked only with
    /// `--check-errors`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Value>,
    /// The `canonical` member, when reported (any JSON value; checked only with
    /// `--check-canonical`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical: Option<Value>,
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
    let text = crate::output::escape_text(&bytes[..bytes.len().min(200)]);
    if cut {
        format!("{text}…")
    } else {
        text
    }
}

/// An input as the reports show it: quoted, printable ASCII as is, everything else escaped
/// (`\n`, `\u{212a}`, `\xFF` for bytes that are not UTF-8).
pub fn escape_input(bytes: &[u8]) -> String {
    let text = crate::output::escape_text(bytes);
    if text.is_ascii() {
        return text;
    }
    text.chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                c.escape_unicode().to_string()
            }
        })
        .collect()
}
