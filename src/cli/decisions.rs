//! `gan decisions [ID...]`: the project's decision record (docs/DECISIONS.md, built into the
//! binary), so that the ids the help cites (D10, G6, M1–M7) can be looked up anywhere.

use std::io::{self, Write};

use super::args::DecisionsArgs;
use super::OK;

/// docs/DECISIONS.md as built.
const RECORD: &str = include_str!("../../docs/DECISIONS.md");

pub fn decisions(args: &DecisionsArgs, out: &mut impl Write) -> io::Result<u8> {
    if args.ids.is_empty() {
        out.write_all(RECORD.as_bytes())?;
        return Ok(OK);
    }
    for id in &args.ids {
        let Some(text) = entry(&id.to_ascii_uppercase()) else {
            return super::fail(
                "decisions",
                format!("no decision '{id}' (the ids are D1–D21, M1–M8 and G1–G15)"),
            );
        };
        writeln!(out, "{text}")?;
    }
    Ok(OK)
}

/// The bullet of decision `id`: its `- **ID …` line and the indented lines that continue it.
fn entry(id: &str) -> Option<String> {
    let mut lines = RECORD.lines().skip_while(|line| {
        let Some(rest) = line.strip_prefix("- **").and_then(|l| l.strip_prefix(id)) else {
            return true;
        };
        !(rest.starts_with(' ') || rest.starts_with('*'))
    });
    let first = lines.next()?;
    let mut text = first.to_owned();
    for line in lines.take_while(|line| line.starts_with("  ")) {
        text.push('\n');
        text.push_str(line);
    }
    Some(text)
}
