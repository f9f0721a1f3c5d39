//! `gan report matrix`: several JSON reports of `gan check` side by side, as one HTML page.

use std::io::{self, Write};

use crate::check::report::{matrix as render, MatrixColumn};

use super::args::MatrixArgs;
use super::OK;

pub fn matrix(args: &MatrixArgs, out: &mut impl Write) -> io::Result<u8> {
    let mut columns = Vec::new();
    for path in &args.reports {
        let report = match std::fs::read_to_string(path) {
            Ok(report) => report,
            Err(error) => {
                return super::fail("report matrix", format!("{}: {error}", path.display()))
            }
        };
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        columns.push(MatrixColumn { name, report });
    }
    match render(&columns, out)? {
        Ok(()) => Ok(OK),
        Err(message) => super::fail("report matrix", &message),
    }
}
