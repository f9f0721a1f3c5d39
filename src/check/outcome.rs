//! The result of a vector ([`CaseResult`]): the suite's judgement of the answer, then the skip
//! file's; and the recorder both protocols feed.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::suite::{Answer, Checks, Status};

use super::cancel::Cancel;
use super::plan::Case;

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
        let checks = Checks {
            errors: check_errors,
            hints: false,
            canonical: false,
        };
        CaseResult::judge_with(case, answer, checks)
    }

    /// [`CaseResult::judge`] with every option of the run (`--check-hints` too).
    pub fn judge_with(case: &Case, answer: Answer, checks: Checks) -> CaseResult {
        let (actual, detail) = judge(case, &answer, checks);
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
        // Judged whole, kept bounded: a result holds a few kilobytes whatever the reply.
        CaseResult {
            case: case.clone(),
            status,
            actual,
            answer: super::kept::kept(answer),
            detail: detail.map(super::kept::cut),
        }
    }

    /// The failing result to list in a new skip file, if this is one (whether or not the
    /// current skip file lists it).
    pub fn failure_status(&self) -> Option<Status> {
        (self.actual.is_failure() && self.actual != Status::UnexpectedPass).then_some(self.actual)
    }
}

fn judge(case: &Case, answer: &Answer, checks: Checks) -> (Status, Option<String>) {
    match answer {
        Answer::Crash(message) => (Status::Crash, Some(message.clone())),
        Answer::Timeout(message) => (Status::Timeout, Some(message.clone())),
        Answer::NotRun(message) => (Status::Skipped, Some(message.clone())),
        Answer::Verdict(_) | Answer::Object(_) => {
            case.vector.as_dyn().judge_checked(answer, checks)
        }
    }
}

/// Collects results from one or many threads, and says when `--max-failures` is reached.
pub(crate) struct Recorder<'a> {
    cases: &'a [Case],
    checks: Checks,
    max_failures: Option<usize>,
    cancel: &'a Cancel,
    results: Mutex<Vec<Option<CaseResult>>>,
    failures: AtomicUsize,
    stop: AtomicBool,
    /// Told of each result (`Config::progress`).
    pub(crate) progress: Option<super::Progress>,
    recorded: AtomicUsize,
}

impl<'a> Recorder<'a> {
    pub(crate) fn new(
        cases: &'a [Case],
        checks: Checks,
        max_failures: Option<usize>,
        cancel: &'a Cancel,
    ) -> Self {
        Recorder {
            cases,
            checks,
            max_failures,
            cancel,
            results: Mutex::new(vec![None; cases.len()]),
            failures: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            progress: None,
            recorded: AtomicUsize::new(0),
        }
    }

    /// Records the answer for case `index`; returns false once the run must stop. After a
    /// cancel, answers are dropped: the command was killed, they would blame it.
    pub(crate) fn record(&self, index: usize, answer: Answer) -> bool {
        if self.cancel.is_cancelled() {
            return false;
        }
        let result = CaseResult::judge_with(&self.cases[index], answer, self.checks);
        if result.status.is_failure() {
            let failures = self.failures.fetch_add(1, Ordering::SeqCst) + 1;
            if self.max_failures.is_some_and(|max| failures >= max) {
                self.stop.store(true, Ordering::SeqCst);
            }
        }
        self.results
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)[index] = Some(result);
        if let Some(progress) = &self.progress {
            let recorded = self.recorded.fetch_add(1, Ordering::SeqCst) + 1;
            (progress.0)(recorded, self.cases.len());
        }
        !self.stopped()
    }

    /// Whether `--max-failures` has been reached, or the run was cancelled.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst) || self.cancel.is_cancelled()
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
