//! The `JUnit` XML report, for CI dashboards: one `<testsuite>` per dialect, one `<testcase>`
//! per vector. `fail`, `wrong-actor`, `wrong-error` and `unexpected-pass` are `<failure>`s,
//! `crash` and `timeout` are `<error>`s, `skipped` is `<skipped>`. No timings.

use std::io::{self, Write};

use crate::dialect::Dialect;

use super::super::outcome::{CaseResult, Status};
use super::{describe_answer, describe_expected, shown_input, Counts, Report};

/// Writes the `JUnit` XML report.
pub fn junit(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let summary = report.summary();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        r#"<testsuites name="gan check" {}>"#,
        attributes(&summary.total)
    )?;
    for note in &report.notes {
        // `--` may not appear inside a comment.
        writeln!(out, "  <!-- note: {} -->", xml(note).replace("--", "- -"))?;
    }
    if report.stopped_early {
        writeln!(
            out,
            "  <!-- stopped at the failure limit: {} of {} vectors not run -->",
            report.selected - report.results.len(),
            report.selected
        )?;
    }
    for dialect in &summary.dialects {
        writeln!(
            out,
            r#"  <testsuite name="{}" {}>"#,
            dialect.dialect,
            attributes(&dialect.counts)
        )?;
        for result in results_of(report, dialect.dialect) {
            testcase(out, result)?;
        }
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "</testsuites>")
}

fn results_of(report: &Report, dialect: Dialect) -> impl Iterator<Item = &CaseResult> {
    report
        .results
        .iter()
        .filter(move |result| result.case.dialect == dialect)
}

/// `tests="…" failures="…" errors="…" skipped="…"`.
fn attributes(counts: &Counts) -> String {
    let errors = counts.get(Status::Crash) + counts.get(Status::Timeout);
    format!(
        r#"tests="{}" failures="{}" errors="{errors}" skipped="{}""#,
        counts.total(),
        counts.failures() - errors,
        counts.get(Status::Skipped)
    )
}

fn testcase(out: &mut dyn Write, result: &CaseResult) -> io::Result<()> {
    let case = &result.case;
    let open = format!(
        r#"    <testcase name="{}" classname="{}.{}""#,
        xml(&case.id),
        case.dialect,
        xml(&case.group)
    );
    let element = match result.status {
        Status::Pass => return writeln!(out, "{open}/>"),
        Status::Skipped => {
            let message = result.detail.as_deref().unwrap_or_default();
            return writeln!(
                out,
                "{open}>\n      <skipped message=\"{}\"/>\n    </testcase>",
                xml(message)
            );
        }
        Status::Crash | Status::Timeout => "error",
        Status::Fail | Status::WrongActor | Status::WrongError | Status::UnexpectedPass => {
            "failure"
        }
    };
    let message = result.detail.as_deref().unwrap_or(result.status.as_str());
    let body = format!(
        "input:    {}\nexpected: {}\ngot:      {}",
        shown_input(result),
        describe_expected(result),
        describe_answer(&result.answer)
    );
    writeln!(
        out,
        "{open}>\n      <{element} type=\"{}\" message=\"{}\">{}</{element}>\n    </testcase>",
        result.status,
        xml(message),
        xml(&body)
    )
}

/// `text` escaped for XML attributes and content; characters XML 1.0 cannot hold (most
/// control characters) are written as `\u{…}`.
fn xml(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\t' | '\n' | '\r' => escaped.push(c),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                escaped.extend(c.escape_unicode());
            }
            c => escaped.push(c),
        }
    }
    escaped
}
