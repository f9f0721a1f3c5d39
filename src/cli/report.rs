//! `gan report matrix` (several JSON reports of `gan check` side by side) and `gan report
//! diff` (two of one implementation compared).

use std::io::{self, Write};
use std::path::Path;

use crate::check::report::{self, DiffFormat, DiffSide, MatrixColumn, MatrixFormat};

use super::args::{DiffOutput, MatrixArgs, MatrixOutput, ReportDiffArgs};
use super::{OK, REJECTED};
use crate::suite::common::load::read_capped;

/// The most a report may hold: 256 MiB (a report of the whole corpus is a few megabytes).
const MAX_REPORT: u64 = 256 << 20;

/// A JSON report, `-` being standard input, at most `MAX_REPORT` bytes.
fn read_report(path: &Path) -> io::Result<String> {
    let bytes = if path.as_os_str() == "-" {
        read_capped(io::stdin().lock(), MAX_REPORT)
    } else {
        std::fs::File::open(path).and_then(|file| read_capped(file, MAX_REPORT))
    }?;
    String::from_utf8(bytes).map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))
}

pub fn matrix(args: &MatrixArgs, out: &mut impl Write) -> io::Result<u8> {
    let mut columns = Vec::new();
    for (at, path) in args.reports.iter().enumerate() {
        let report = match read_report(path) {
            Ok(report) => report,
            Err(error) => {
                return super::fail("report matrix", format!("{}: {error}", path.display()))
            }
        };
        let html = path.with_extension("html");
        let link = args.link.get(at).cloned().or_else(|| {
            let twin = if html.is_file() { &html } else { path };
            Some(twin.display().to_string())
        });
        columns.push(MatrixColumn {
            name: args.name.get(at).cloned(),
            file: file_name(path),
            report,
            link,
        });
    }
    let format = match args.format {
        MatrixOutput::Html => MatrixFormat::Html,
        MatrixOutput::Markdown => MatrixFormat::Markdown,
    };
    match report::matrix_owned(columns, format, out)? {
        Ok(()) => Ok(OK),
        Err(message) => super::fail("report matrix", &message),
    }
}

pub fn diff(args: &ReportDiffArgs, out: &mut impl Write) -> io::Result<u8> {
    let mut texts = Vec::new();
    for path in [&args.old, &args.new] {
        match read_report(path) {
            Ok(text) => texts.push(text),
            Err(error) => {
                return super::fail("report diff", format!("{}: {error}", path.display()))
            }
        }
    }
    let (old, new) = (
        args.old.display().to_string(),
        args.new.display().to_string(),
    );
    let format = match args.format {
        DiffOutput::Text => DiffFormat::Text,
        DiffOutput::Json => DiffFormat::Json,
        DiffOutput::Html => DiffFormat::Html,
    };
    let sides = (
        DiffSide {
            name: &old,
            text: &texts[0],
        },
        DiffSide {
            name: &new,
            text: &texts[1],
        },
    );
    // -q: nothing printed, the exit status tells (as grep -q).
    let mut sink = io::sink();
    let out: &mut dyn Write = if args.quiet { &mut sink } else { out };
    match report::diff(sides.0, sides.1, format, out)? {
        Ok(counts) if counts.get(report::Change::Regressed) > 0 => Ok(REJECTED),
        Ok(_) => Ok(OK),
        Err(message) => super::fail("report diff", &message),
    }
}

/// The file name of `path`, or the path when it has none.
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
