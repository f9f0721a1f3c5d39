//! The text report: a summary table per dialect and group, then each failure with its id,
//! input (escaped), expected and got, then notes and the verdict of the run.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::super::outcome::Status;
use super::{describe_answer, describe_expected, shown_input, Counts, Report};

/// Writes the text report.
pub fn text(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let summary = report.summary();
    writeln!(
        out,
        "gan check: {} vectors, {} mode, error codes and offsets {}",
        report.selected,
        report.mode,
        if report.check_errors {
            "compared"
        } else {
            "not compared"
        },
    )?;
    writeln!(out)?;

    let mut rows: Vec<(String, String, Counts)> = Vec::new();
    for dialect in &summary.dialects {
        for (group, counts) in &dialect.groups {
            rows.push((dialect.dialect.to_string(), group.clone(), *counts));
        }
        if dialect.groups.len() > 1 {
            rows.push((
                dialect.dialect.to_string(),
                "(all)".to_owned(),
                dialect.counts,
            ));
        }
    }
    rows.push(("(all)".to_owned(), "(all)".to_owned(), summary.total));
    table(out, &rows)?;

    let failures: Vec<_> = report.failures().collect();
    if !failures.is_empty() {
        writeln!(out, "\nfailures ({}):", failures.len())?;
    }
    for result in failures {
        writeln!(out, "\n{} {}", result.status, result.case.id)?;
        writeln!(out, "  input:    {}", shown_input(result))?;
        writeln!(out, "  expected: {}", describe_expected(result))?;
        writeln!(out, "  got:      {}", describe_answer(&result.answer))?;
        let explains = matches!(
            result.status,
            Status::WrongActor | Status::WrongError | Status::UnexpectedPass
        );
        if let (true, Some(detail)) = (explains, &result.detail) {
            writeln!(out, "  why:      {detail}")?;
        }
    }

    if !report.notes.is_empty() {
        writeln!(out, "\nnotes:")?;
        for note in &report.notes {
            writeln!(out, "  - {note}")?;
        }
    }
    writeln!(out)?;
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
    let skipped = if skipped > 0 {
        format!(", {skipped} skipped")
    } else {
        String::new()
    };
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

/// The summary table: names left-aligned, numbers right-aligned under their status.
fn table(out: &mut dyn Write, rows: &[(String, String, Counts)]) -> io::Result<()> {
    let header: Vec<String> = ["dialect", "group", "total"]
        .into_iter()
        .chain(Status::ALL.iter().map(|status| status.as_str()))
        .map(str::to_owned)
        .collect();
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|(dialect, group, counts)| {
            [dialect.clone(), group.clone(), counts.total().to_string()]
                .into_iter()
                .chain(
                    Status::ALL
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
