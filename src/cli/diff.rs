//! `gan diff OLD NEW`: how two corpora differ, matched by (dialect, input).

use std::io::{self, Write};

use crate::corpus::{self, diff};

use super::args::{DiffArgs, Format};
use super::{FAILURE, OK, REJECTED};

pub fn diff(args: &DiffArgs, out: &mut impl Write) -> io::Result<u8> {
    let load = |dir: &std::path::Path| corpus::load_dir(dir);
    let (old, new) = match (load(&args.old), load(&args.new)) {
        (Ok(old), Ok(new)) => (old, new),
        (Err(error), _) | (_, Err(error)) => {
            writeln!(super::pipe::stderr(), "gan diff: {error}")?;
            return Ok(FAILURE);
        }
    };
    let result = diff::diff(&old, &new);
    // `-q`: the changes alone, without the totals (the summary).
    match args.format {
        Format::Text => out.write_all(result.changes_text().as_bytes())?,
        Format::Json => out.write_all(result.changes_json_lines().as_bytes())?,
    }
    if !args.quiet {
        match args.format {
            Format::Text => out.write_all(result.totals_text().as_bytes())?,
            Format::Json => out.write_all(result.summary_json_line().as_bytes())?,
        }
    }
    Ok(if result.equivalent { OK } else { REJECTED })
}
