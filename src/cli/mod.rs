//! Argument parsing, I/O and exit codes for every subcommand.

mod ambiguous_styles;
mod args;
mod check;
mod diff;
mod files;
mod generate;
mod ggn;
mod inputs;
mod migrate;
mod migrate_ggn;
mod parse;
mod pipe;
mod signals;
mod style;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser as _;

use args::{Cli, Command};

/// Exit code: everything valid, or the check passed.
pub const OK: u8 = 0;
/// Exit code: some input was rejected, or the check failed.
pub const REJECTED: u8 = 1;
/// Exit code: usage or I/O error.
pub const FAILURE: u8 = 2;

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    signals::install();
    let stdout = io::stdout();
    let colors = style::Colors::choose(cli.color);
    let result = match &cli.command {
        Command::Parse(_) | Command::Detect(_) | Command::Migrate(_) => {
            let mut out = io::BufWriter::new(stdout.lock());
            let result = match &cli.command {
                Command::Parse(args) => parse::parse(args, &mut out, colors),
                Command::Detect(args) => parse::detect(args, &mut out, colors),
                Command::Migrate(args) => migrate::migrate(args, &mut out),
                _ => unreachable!("matched above"),
            };
            result.and_then(|code| match out.flush() {
                // The reader has gone: the command has still read its whole input, and its
                // code stands.
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(code),
                flushed => flushed.map(|()| code),
            })
        }
        _ => {
            // A closed pipe stops the output, not the work (see `pipe`).
            let mut out = io::BufWriter::new(pipe::Closable::new(stdout.lock()));
            let result = match &cli.command {
                Command::Generate(args) => generate::generate(args, &mut out),
                Command::Diff(args) => diff::diff(args, &mut out),
                Command::Check(args) => check::check(args, &mut out),
                Command::Ggn(command) => ggn::run(command, &mut out),
                _ => unreachable!("matched above"),
            };
            let result = result.and_then(|code| out.flush().map(|()| code));
            match (&cli.command, result) {
                // The report was lost: a failure seen is still a failure, a pass is not
                // proven to anyone.
                (Command::Check(_), Ok(code)) if out.get_ref().is_closed() && code == OK => {
                    Ok(FAILURE)
                }
                (_, result) => result,
            }
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(OK),
        Err(error) => {
            let _ = writeln!(io::stderr(), "gan: {error}");
            ExitCode::from(FAILURE)
        }
    }
}
