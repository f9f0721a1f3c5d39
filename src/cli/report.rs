//! `gan report matrix`: several JSON reports of `gan check` side by side, as one HTML page.

use std::io::{self, Write};

use crate::check::report::{matrix as render, MatrixColumn};
use crate::suite::common::load::read_capped;

use super::args::MatrixArgs;
use super::OK;

/// The most a report may hold: 256 MiB (a report of the whole corpus is a few megabytes).
const MAX_REPORT: u64 = 256 << 20;

pub fn matrix(args: &MatrixArgs, out: &mut impl Write) -> io::Result<u8> {
    let mut columns = Vec::new();
    for path in &args.reports {
        // `-` is standard input; each report at most MAX_REPORT bytes.
        let bytes = if path.as_os_str() == "-" {
            read_capped(io::stdin().lock(), MAX_REPORT)
        } else {
            std::fs::File::open(path).and_then(|file| read_capped(file, MAX_REPORT))
        };
        let read = bytes.and_then(|bytes| {
            String::from_utf8(bytes)
                .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))
        });
        let report = match read {
            Ok(report) => report,
            Err(error) => return super::fail("report", format!("{}: {error}", path.display())),
        };
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        columns.push(MatrixColumn { name, report });
    }
    match render(&columns, out)? {
        Ok(()) => Ok(OK),
        Err(message) => super::fail("report", &message),
    }
}
