//! The text report: the heading and the run record, a summary table per section (dialect,
//! set or conversion) and group, then each failure with its id, input (escaped), expected and
//! got, then notes and the verdict of the run.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::suite::{Answer, Status, Suite};

use super::super::outcome::CaseResult;
use super::{describe_answer, describe_expected, input_lines, Counts, Report};

/// Writes the text report; every control character an adapter wrote is shown escaped
/// ([`crate::output::escape_controls`]).
pub fn text(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut raw = Vec::new();
    whole(report, &mut raw)?;
    escaped(&raw, out)
}

/// `raw`, with its control characters escaped, to `out`.
fn escaped(raw: &[u8], out: &mut dyn Write) -> io::Result<()> {
    let raw = String::from_utf8_lossy(raw);
    out.write_all(crate::output::escape_controls(&raw).as_bytes())
}

fn whole(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let summary = report.summary();
    let (suite, what) = report.heading();
    writeln!(
        out,
        "gan check: {suite}{} vectors, {} mode, {what}",
        report.selected, report.mode,
    )?;
    if let Some(run) = &report.run {
        run_record(run, out)?;
    }
    writeln!(out)?;

    let mut rows: Vec<(String, String, Counts)> = Vec::new();
    for section in &summary.sections {
        for (group, counts) in &section.groups {
            rows.push((section.section.clone(), group.clone(), *counts));
        }
        if section.groups.len() > 1 {
            rows.push((section.section.clone(), "(all)".to_owned(), section.counts));
        }
    }
    rows.push(("(all)".to_owned(), "(all)".to_owned(), summary.total));
    table(out, report.suite, &rows)?;
    writeln!(out)?;
    end(report, out)
}

/// The run record under the heading: the command, `gan` and when, the corpus and its files,
/// one a line.
fn run_record(run: &super::RunRecord, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "command: {}", run.command_line())?;
    writeln!(out, "run:     gan {}, {}", run.gan, run.when())?;
    writeln!(out, "corpus:  {}", run.corpus.source)?;
    for file in &run.corpus.files {
        writeln!(out, "         {}", file.describe())?;
    }
    Ok(())
}

/// The end of the text report alone: each failure, the notes and the result line (`gan check
/// --quiet`).
pub fn text_failures(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut raw = Vec::new();
    end(report, &mut raw)?;
    escaped(&raw, out)
}

fn end(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let summary = report.summary();

    let failures: Vec<_> = report.failures().collect();
    let any = !failures.is_empty() || !report.notes.is_empty();
    if !failures.is_empty() {
        writeln!(out, "failures ({}):", failures.len())?;
    }
    for result in &failures {
        writeln!(out)?;
        writeln!(out, "{} {}", result.status, result.case.id)?;
        for (label, text) in input_lines(&result.case) {
            writeln!(out, "  {:<10}{text}", format!("{label}:"))?;
        }
        writeln!(out, "  expected: {}", describe_expected(result))?;
        writeln!(out, "  got:      {}", describe_answer(result))?;
        if let (true, Some(detail)) = (explains(result), &result.detail) {
            writeln!(out, "  why:      {detail}")?;
        }
    }

    if !report.notes.is_empty() {
        if !failures.is_empty() {
            writeln!(out)?;
        }
        writeln!(out, "notes:")?;
        for note in &report.notes {
            writeln!(out, "  - {note}")?;
        }
    }
    if any {
        writeln!(out)?;
    }
    if report.stopped_early {
        writeln!(
            out,
            "stopped at the failure limit (--max-failures): {} of {} vectors not run",
            report.selected - report.results.len(),
            report.selected
        )?;
    }
    let total = summary.total;
    let failed = total.failures();
    let skipped = total.get(Status::Skipped);
    let mut skipped = if skipped > 0 {
        format!(", {skipped} skipped")
    } else {
        String::new()
    };
    let unsupported = report.unsupported_features();
    if !unsupported.is_empty() {
        let features: Vec<String> = unsupported
            .iter()
            .map(|(feature, count)| format!("{feature} {count}"))
            .collect();
        let _ = write!(
            skipped,
            ", {} unsupported: {}",
            total.get(Status::Unsupported),
            features.join(", ")
        );
    }
    if failed == 0 {
        writeln!(
            out,
            "result: PASS ({} passed{skipped})",
            total.get(Status::Pass)
        )
    } else {
        writeln!(
            out,
            "result: FAIL ({failed} failing, {} passed{skipped})",
            total.get(Status::Pass)
        )
    }
}

/// Whether the detail says more than `expected` and `got`: always for a right verdict with
/// something else wrong; for a wrong list of moves (where they first differ) and a reply of
/// the wrong shape (what is wrong with it), too.
pub(super) fn explains(result: &CaseResult) -> bool {
    match result.status {
        Status::WrongActor | Status::WrongError | Status::UnexpectedPass | Status::Unsupported => {
            true
        }
        Status::Fail => result.case.vector.as_dyn().fail_detail_explains(),
        Status::Crash => matches!(result.answer, Answer::Object(_)),
        Status::Pass | Status::Timeout | Status::Skipped => false,
    }
}

/// The summary table: names left-aligned, numbers right-aligned under their status (every
/// status the suite can give: `wrong-actor` is the GAN suite's only; `unsupported` only when
/// some vector has it).
fn table(out: &mut dyn Write, suite: Suite, rows: &[(String, String, Counts)]) -> io::Result<()> {
    // `unsupported` (GGN suite) only in a run that has some.
    let any_unsupported = rows
        .iter()
        .any(|(_, _, counts)| counts.get(Status::Unsupported) > 0);
    let statuses: Vec<Status> = Status::ALL
        .into_iter()
        .filter(|&status| suite.descriptor().attributes || status != Status::WrongActor)
        .filter(|&status| status != Status::Unsupported || any_unsupported)
        .collect();
    let header: Vec<String> = [suite.descriptor().section.0, "group", "total"]
        .into_iter()
        .chain(statuses.iter().map(|status| status.as_str()))
        .map(str::to_owned)
        .collect();
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|(section, group, counts)| {
            [section.clone(), group.clone(), counts.total().to_string()]
                .into_iter()
                .chain(
                    statuses
                        .iter()
                        .map(|&status| counts.get(status).to_string()),
                )
                .collect()
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|column| {
            std::iter::once(&header)
                .chain(&cells)
                .map(|row| row[column].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in std::iter::once(&header).chain(&cells) {
        let mut line = String::new();
        for (column, (cell, width)) in row.iter().zip(&widths).enumerate() {
            if column > 0 {
                line.push_str("  ");
            }
            if column < 2 {
                let _ = write!(line, "{cell:<width$}");
            } else {
                let _ = write!(line, "{cell:>width$}");
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
