//! What an implementation answered for a vector, and the result that earns: [`Status`],
//! [`Answer`], [`CaseResult`], and the recorder both protocols feed. The GAN suite's rules are
//! here; the other suites' are in their modules (`ggn.rs`, `migrate.rs`).

use std::fmt::{self, Write as _};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use serde_json::{Map, Value};

use super::plan::{Case, GanVector, Vector};

/// The result of one vector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
}

impl Status {
    /// Every status, in report column order.
    pub const ALL: [Status; 8] = [
        Status::Pass,
        Status::Fail,
        Status::WrongActor,
        Status::WrongError,
        Status::Crash,
        Status::Timeout,
        Status::Skipped,
        Status::UnexpectedPass,
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
        }
    }

    /// Whether this result fails the run (exit status 1).
    pub fn is_failure(self) -> bool {
        !matches!(self, Status::Pass | Status::Skipped)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What the implementation did with one vector.
#[derive(Debug, Clone, PartialEq)]
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
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The verdict.
    pub valid: bool,
    /// The `actor` object, when reported.
    pub actor: Option<Map<String, Value>>,
    /// The `error` member, when reported (any JSON value; checked only with
    /// `--check-errors`).
    pub error: Option<Value>,
}

/// One vector's result.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseResult {
    /// The vector.
    pub case: Case,
    /// The result, after the skip file.
    pub status: Status,
    /// The result the answer earns on its own (differs from `status` for listed vectors).
    pub actual: Status,
    /// What the implementation did.
    pub answer: Answer,
    /// Why the result is not `pass`, in words (`state: expected "normal", got "enhanced"`).
    pub detail: Option<String>,
}

impl CaseResult {
    /// Judges `answer` for `case`: the verdict always, reported attributes, and the error with
    /// `check_errors`; then the skip file turns a listed failure into `skipped` and a listed
    /// pass into `unexpected-pass`.
    pub fn judge(case: &Case, answer: Answer, check_errors: bool) -> CaseResult {
        let (actual, detail) = judge(case, &answer, check_errors);
        let (status, detail) = match &case.listed {
            None => (actual, detail),
            Some(_) if actual == Status::Skipped => (actual, detail),
            Some(listing) if actual == Status::Pass => (
                Status::UnexpectedPass,
                Some(format!(
                    "listed in the skip file (line {}) but passes: remove it from the list",
                    listing.line
                )),
            ),
            Some(listing) => (
                Status::Skipped,
                Some(format!(
                    "known failure (skip file line {}): {actual}: {}",
                    listing.line,
                    detail.as_deref().unwrap_or_default()
                )),
            ),
        };
        CaseResult {
            case: case.clone(),
            status,
            actual,
            answer,
            detail,
        }
    }

    /// The failing result to list in a new skip file, if this is one (whether or not the
    /// current skip file lists it).
    pub fn failure_status(&self) -> Option<Status> {
        (self.actual.is_failure() && self.actual != Status::UnexpectedPass).then_some(self.actual)
    }
}

fn judge(case: &Case, answer: &Answer, check_errors: bool) -> (Status, Option<String>) {
    match (answer, &case.vector) {
        (Answer::Crash(message), _) => (Status::Crash, Some(message.clone())),
        (Answer::Timeout(message), _) => (Status::Timeout, Some(message.clone())),
        (Answer::NotRun(message), _) => (Status::Skipped, Some(message.clone())),
        (Answer::Verdict(reply), Vector::Gan(gan)) => judge_gan(gan, reply, check_errors),
        (Answer::Object(object), Vector::GgnValidation(vector)) => {
            super::ggn::judge_validate(vector, object, check_errors)
        }
        (Answer::Object(object), Vector::GgnEvaluation(vector)) => {
            super::ggn::judge_moves(vector, object)
        }
        (Answer::Object(object), Vector::Migration(vector)) => {
            match super::migrate::Reply::from_object(object) {
                Ok(reply) => super::migrate::judge(vector, &reply),
                Err(message) => (Status::Crash, Some(message)),
            }
        }
        (Answer::Verdict(_) | Answer::Object(_), _) => (
            Status::Crash,
            Some(format!(
                "an answer of another suite than {} for this vector",
                case.suite()
            )),
        ),
    }
}

/// The GAN suite: the verdict, each reported attribute, and the error with `check_errors`.
fn judge_gan(gan: &GanVector, reply: &Reply, check_errors: bool) -> (Status, Option<String>) {
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
fn error_difference(
    expected: &crate::corpus::format::ExpectedError,
    got: Option<&Value>,
) -> Option<String> {
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

/// Collects results from one or many threads, and says when `--max-failures` is reached.
pub(crate) struct Recorder<'a> {
    cases: &'a [Case],
    check_errors: bool,
    max_failures: Option<usize>,
    results: Mutex<Vec<Option<CaseResult>>>,
    failures: AtomicUsize,
    stop: AtomicBool,
}

impl<'a> Recorder<'a> {
    pub(crate) fn new(cases: &'a [Case], check_errors: bool, max_failures: Option<usize>) -> Self {
        Recorder {
            cases,
            check_errors,
            max_failures,
            results: Mutex::new(vec![None; cases.len()]),
            failures: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// Records the answer for case `index`; returns false once the run must stop.
    pub(crate) fn record(&self, index: usize, answer: Answer) -> bool {
        let result = CaseResult::judge(&self.cases[index], answer, self.check_errors);
        if result.status.is_failure() {
            let failures = self.failures.fetch_add(1, Ordering::SeqCst) + 1;
            if self.max_failures.is_some_and(|max| failures >= max) {
                self.stop.store(true, Ordering::SeqCst);
            }
        }
        self.results
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)[index] = Some(result);
        !self.stopped()
    }

    /// Whether `--max-failures` has been reached.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// The results recorded, in case order (cases never run are left out).
    pub(crate) fn into_results(self) -> Vec<CaseResult> {
        let results = self
            .results
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        results.into_iter().flatten().collect()
    }
}

/// `text` cut to its last `lines` non-empty lines and `max` characters, on one line.
pub(crate) fn tail_lines(text: &str, lines: usize, max: usize) -> String {
    let kept: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    let start = kept.len().saturating_sub(lines);
    let joined = kept[start..].join(" | ");
    let count = joined.chars().count();
    if count <= max {
        return joined;
    }
    let mut short = String::from("…");
    let _ = write!(
        short,
        "{}",
        joined.chars().skip(count - max).collect::<String>()
    );
    short
}
