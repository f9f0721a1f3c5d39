//! `gan notations [--json]`: every notation of the table, with its family, the spec and edition
//! its grammar transcribes, and the date of that edition with its evidence (D13).

use std::io::{self, Write};

use serde::Serialize;

use super::args::NotationsArgs;
use super::OK;
use crate::model::Dialect;

/// One line of `--json`, its members in this order.
#[derive(Serialize)]
struct Record {
    name: &'static str,
    family: &'static str,
    spec: &'static str,
    title: &'static str,
    edition: &'static str,
    date: Option<&'static str>,
    evidence: &'static str,
    grammar: &'static str,
    attributes: Vec<&'static str>,
}

pub fn notations(args: &NotationsArgs, out: &mut impl Write) -> io::Result<u8> {
    for dialect in Dialect::ALL {
        if args.json {
            let record = Record {
                name: dialect.as_str(),
                family: dialect.family().as_str(),
                spec: dialect.spec_file(),
                title: dialect.spec_title(),
                edition: dialect.edition(),
                date: dialect.dated(),
                evidence: dialect.date_evidence(),
                grammar: dialect.grammar_file(),
                attributes: dialect.attributes(),
            };
            let line = serde_json::to_string(&record).map_err(io::Error::other)?;
            writeln!(out, "{line}")?;
        } else {
            writeln!(
                out,
                "{:<15} {:<8} {} {} ({}), dated {}: {}",
                dialect.as_str(),
                dialect.family().as_str(),
                dialect.spec_title(),
                dialect.edition(),
                dialect.spec_file(),
                dialect.dated().unwrap_or("(none)"),
                dialect.date_evidence(),
            )?;
        }
    }
    Ok(OK)
}
