//! `gan generate`: the conformance corpus, written atomically or checked for freshness.

use std::io::{self, Write};

use crate::corpus::{self, files};
use crate::model::Dialect;
use crate::suite::gan::generate::{
    parse_oracle_file, Config, GenerateError, Grammars, OracleChoice,
};

use super::args::GenerateArgs;
use super::{FAILURE, OK, REJECTED};

pub fn generate(args: &GenerateArgs, out: &mut impl Write) -> io::Result<u8> {
    let oracle = if args.no_oracle {
        OracleChoice::Off
    } else if let Some(path) = &args.oracle {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => return super::fail("generate", format!("{}: {error}", path.display())),
        };
        match parse_oracle_file(&path.display().to_string(), &text) {
            Ok(patterns) => OracleChoice::Patterns(patterns),
            Err(message) => return super::fail("generate", message),
        }
    } else {
        OracleChoice::Decisions
    };
    let mut dialects: Vec<Dialect> = if args.dialect.is_empty() {
        Dialect::ALL.to_vec()
    } else {
        args.dialect.clone()
    };
    dialects.sort();
    dialects.dedup();
    let config = Config {
        dialects,
        seed: args.seed,
        grammars: args
            .grammar_dir
            .clone()
            .map_or(Grammars::Embedded, Grammars::Dir),
        oracle,
    };
    let generated = match corpus::generate(&config) {
        Ok(generated) => generated,
        Err(error) => {
            let code = match error {
                GenerateError::Disagreement(_) | GenerateError::Underivable { .. } => REJECTED,
                GenerateError::Grammar(_) | GenerateError::Oracle(_) => FAILURE,
            };
            writeln!(super::pipe::stderr(), "gan generate: {error}")?;
            return Ok(code);
        }
    };
    if args.check {
        let stale = match files::stale(&args.out, &generated) {
            Ok(stale) => stale,
            Err(error) => return super::fail("generate", error.to_string()),
        };
        if stale.is_empty() {
            if args.quiet {
                return Ok(OK);
            }
            writeln!(
                out,
                "{}: {} files are fresh",
                args.out.display(),
                generated.files.len()
            )?;
            return Ok(OK);
        }
        if args.quiet {
            return Ok(REJECTED);
        }
        let mut stderr = super::pipe::stderr();
        for (path, how) in &stale {
            writeln!(
                stderr,
                "gan generate: {} {how}",
                args.out.join(path).display()
            )?;
        }
        writeln!(
            stderr,
            "gan generate: {} stale file(s); run `gan generate` to update",
            stale.len()
        )?;
        return Ok(REJECTED);
    }
    match files::write(&args.out, &generated) {
        Ok(paths) => {
            if !args.quiet {
                for (path, file) in paths.iter().zip(&generated.files) {
                    writeln!(out, "wrote {} ({} bytes)", path.display(), file.1.len())?;
                }
            }
            Ok(OK)
        }
        Err(error) => super::fail("generate", error.to_string()),
    }
}
