//! `gan diff OLD NEW`: how two corpora differ, matched by (dialect, input); `gan diff --from A
//! --to B`: how two notations judge the inputs of their corpus files.

use std::io::{self, Write};

use crate::corpus::{self, diff, notation_diff};
use crate::Dialect;

use super::args::{DiffArgs, Format};
use super::{FAILURE, OK, REJECTED};

pub fn diff(args: &DiffArgs, out: &mut impl Write) -> io::Result<u8> {
    if let (Some(from), Some(to)) = (args.from, args.to) {
        return notations(args, from, to, out);
    }
    let (Some(old), Some(new)) = (&args.old, &args.new) else {
        unreachable!("clap requires OLD and NEW without --from");
    };
    let load = |dir: &std::path::Path| corpus::load_dir(dir);
    let (old, new) = match (load(old), load(new)) {
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

/// `gan diff --from A --to B [--corpus DIR]`: exit 0 when no input flips, 1 otherwise, 2 when
/// the corpus cannot be read.
fn notations(args: &DiffArgs, from: Dialect, to: Dialect, out: &mut impl Write) -> io::Result<u8> {
    let files = match &args.corpus {
        Some(dir) => match corpus::load_dir(dir) {
            Ok(files) => files,
            Err(error) => {
                writeln!(super::pipe::stderr(), "gan diff: {error}")?;
                return Ok(FAILURE);
            }
        },
        None => corpus::embedded(),
    };
    let result = match notation_diff::diff(&files, from, to) {
        Ok(result) => result,
        Err(error) => {
            writeln!(super::pipe::stderr(), "gan diff: {error}")?;
            return Ok(FAILURE);
        }
    };
    match args.format {
        Format::Text => out.write_all(result.flips_text().as_bytes())?,
        Format::Json => out.write_all(result.flips_json_lines().as_bytes())?,
    }
    if !args.quiet {
        match args.format {
            Format::Text => out.write_all(result.totals_text().as_bytes())?,
            Format::Json => out.write_all(result.summary_json_line().as_bytes())?,
        }
    }
    Ok(if result.equivalent() { OK } else { REJECTED })
}
