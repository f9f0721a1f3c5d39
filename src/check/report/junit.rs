//! The `JUnit` XML report, for CI dashboards: one `<testsuite>` per section (dialect, set or
//! conversion), one `<testcase>` per vector. `fail`, `wrong-actor`, `wrong-error` and
//! `unexpected-pass` are `<failure>`s, `crash` and `timeout` are `<error>`s, `skipped` is
//! `<skipped>`. The run record is each test suite's `<properties>` (`gan.command`,
//! `gan.version`, `gan.corpus`, a `gan.corpus.file` per file (`gan/snn-pin.json (format 2)
//! sha256 HEX`, the whole hash), `gan.started`,
//! `gan.duration_s`); no test case carries a time.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::suite::Status;

use super::super::outcome::CaseResult;
use super::{describe_answer, describe_expected, input_lines, Counts, Report};

/// Writes the `JUnit` XML report.
pub fn junit(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let summary = report.summary();
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    let name = report.suite.junit_name();
    writeln!(
        out,
        r#"<testsuites name="{name}" {}>"#,
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
    for section in &summary.sections {
        writeln!(
            out,
            r#"  <testsuite name="{}" {}>"#,
            xml(&section.section),
            attributes(&section.counts)
        )?;
        if let Some(run) = &report.run {
            properties(out, run)?;
        }
        for result in results_of(report, &section.section) {
            testcase(out, result)?;
        }
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "</testsuites>")
}

/// The run record as `<properties>`.
fn properties(out: &mut dyn Write, run: &super::RunRecord) -> io::Result<()> {
    let mut properties = vec![
        ("gan.command", run.command_line()),
        ("gan.version", run.gan.clone()),
        ("gan.corpus", run.corpus.source.clone()),
    ];
    for file in &run.corpus.files {
        // The whole hash: a dashboard compares it, nobody reads it.
        let format = file
            .format
            .map_or_else(String::new, |format| format!(" (format {format})"));
        properties.push((
            "gan.corpus.file",
            format!("{}{format} sha256 {}", file.path, file.sha256),
        ));
    }
    if let Some(started) = &run.started {
        properties.push(("gan.started", started.clone()));
    }
    if let Some(duration) = run.duration {
        properties.push(("gan.duration_s", format!("{duration:.3}")));
    }
    writeln!(out, "    <properties>")?;
    for (name, value) in properties {
        writeln!(
            out,
            r#"      <property name="{name}" value="{}"/>"#,
            xml(&value)
        )?;
    }
    writeln!(out, "    </properties>")
}

fn results_of<'a>(report: &'a Report, section: &'a str) -> impl Iterator<Item = &'a CaseResult> {
    report
        .results
        .iter()
        .filter(move |result| result.case.section == section)
}

/// `tests="…" failures="…" errors="…" skipped="…"`.
fn attributes(counts: &Counts) -> String {
    let errors = counts.get(Status::Crash) + counts.get(Status::Timeout);
    format!(
        r#"tests="{}" failures="{}" errors="{errors}" skipped="{}""#,
        counts.total(),
        counts.failures() - errors,
        counts.get(Status::Skipped) + counts.get(Status::Unsupported)
    )
}

fn testcase(out: &mut dyn Write, result: &CaseResult) -> io::Result<()> {
    let case = &result.case;
    let open = format!(
        r#"    <testcase name="{}" classname="{}.{}""#,
        xml(&case.id),
        xml(&case.section),
        xml(&case.group)
    );
    let element = match result.status {
        Status::Pass => return writeln!(out, "{open}/>"),
        Status::Skipped | Status::Unsupported => {
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
    let mut body = String::new();
    for (label, text) in input_lines(case) {
        let _ = writeln!(body, "{:<10}{text}", format!("{label}:"));
    }
    let _ = write!(
        body,
        "expected: {}\ngot:      {}",
        describe_expected(result),
        describe_answer(result)
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
