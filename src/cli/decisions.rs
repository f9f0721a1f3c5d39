//! `gan decisions [ID...]`: the project's decision record (docs/DECISIONS.md, built into the
//! binary), so that the ids the help cites (D10, G6, M1–M14) can be looked up anywhere.

use std::io::{self, Write};

use crate::check::report::decisions::{entry, id_ranges, RECORD};

use super::args::DecisionsArgs;
use super::OK;

pub fn decisions(args: &DecisionsArgs, out: &mut impl Write) -> io::Result<u8> {
    if args.ids.is_empty() {
        out.write_all(RECORD.as_bytes())?;
        return Ok(OK);
    }
    for id in &args.ids {
        let Some(text) = entry(&id.to_ascii_uppercase()) else {
            return super::fail(
                "decisions",
                format!("no decision '{id}' (the ids are {})", id_ranges()),
            );
        };
        writeln!(out, "{text}")?;
    }
    Ok(OK)
}
