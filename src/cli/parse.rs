//! `gan parse` and `gan detect`.

use std::io::{self, Write};

use crate::output::{self, DetectRecord, ParseRecord};

use super::args::{DetectArgs, Format, ParseArgs};
use super::inputs;
use super::style::Colors;
use super::{OK, REJECTED};

pub fn parse(args: &ParseArgs, out: &mut impl Write, colors: Colors) -> io::Result<u8> {
    let mut all_valid = true;
    inputs::for_each(&args.input, |record| {
        let result = output::parse_record(args.dialect, record, args.input.max_bytes);
        let line = ParseRecord::new(args.dialect, record, &result);
        all_valid &= line.valid;
        if args.quiet {
            return Ok(());
        }
        match args.input.format {
            Format::Json => writeln!(out, "{}", to_json(&line)),
            Format::Text => {
                let (shown, columns) = output::escape(&record.bytes);
                match &line.error {
                    None => {
                        let actor = line
                            .actor
                            .as_ref()
                            .map(ToString::to_string)
                            .unwrap_or_default();
                        let ok = colors.ok;
                        writeln!(out, "{shown}: {ok}valid{ok:#} {}: {actor}", line.dialect)
                    }
                    Some(error) => {
                        let (bad, code) = (colors.error, colors.code);
                        writeln!(
                            out,
                            "{shown}: {bad}invalid{bad:#} {} [{code}{}{code:#}]: {}",
                            line.dialect, error.code, error.message
                        )?;
                        if colors.terminal {
                            let column = columns.get(error.offset).copied().unwrap_or(shown.len());
                            let caret = colors.caret;
                            writeln!(
                                out,
                                "    {shown}\n    {}{caret}^{caret:#}",
                                " ".repeat(column)
                            )?;
                        }
                        Ok(())
                    }
                }
            }
        }
    })?;
    Ok(if all_valid { OK } else { REJECTED })
}

pub fn detect(args: &DetectArgs, out: &mut impl Write, colors: Colors) -> io::Result<u8> {
    let mut all_accepted = true;
    inputs::for_each(&args.input, |record| {
        let line = DetectRecord::new(record, args.input.max_bytes);
        all_accepted &= !line.accepted.is_empty();
        match args.input.format {
            Format::Json => writeln!(out, "{}", to_json(&line)),
            Format::Text => {
                let (shown, _) = output::escape(&record.bytes);
                let accepted: Vec<String> = line
                    .accepted
                    .iter()
                    .map(|a| format!("{} ({})", a.dialect, a.actor))
                    .collect();
                let rejected: Vec<String> = line
                    .rejected
                    .iter()
                    .map(|r| {
                        format!(
                            "{} [{} at byte {}]",
                            r.dialect, r.error.code, r.error.offset
                        )
                    })
                    .collect();
                if accepted.is_empty() {
                    let bad = colors.error;
                    writeln!(
                        out,
                        "{shown}: {bad}rejected by every dialect{bad:#}: {}",
                        rejected.join(", ")
                    )
                } else {
                    let ok = colors.ok;
                    write!(
                        out,
                        "{shown}: {ok}accepted{ok:#} by {}",
                        accepted.join(", ")
                    )?;
                    if !rejected.is_empty() {
                        write!(out, "; rejected by {}", rejected.join(", "))?;
                    }
                    writeln!(out)
                }
            }
        }
    })?;
    Ok(if all_accepted { OK } else { REJECTED })
}

fn to_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("records serialize")
}
