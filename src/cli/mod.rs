//! The `gan` command line (the `cli` feature): argument parsing, files, standard streams and
//! exit codes for every subcommand.
//!
//! Its public face is [`main`], which the `gan` binary calls, and the exit codes. The
//! commands, their flags and their output are specified by README.md and `gan help`, not by
//! Rust types: everything else here is private to the crate. This is the one part of the
//! crate that touches the standard streams.

mod ambiguous_styles;
mod args;
pub(crate) mod atomic;
mod check;
mod decisions;
mod diff;
mod files;
mod generate;
mod ggn;
mod inputs;
mod man;
mod migrate;
mod migrate_ggn;
mod notations;
mod parse;
mod pipe;
mod progress;
mod report;
mod signals;
mod style;

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory as _, FromArgMatches as _};

use args::{Cli, ColorChoice, Command, Format, GgnCommand, ReportCommand, ReportFormat};

/// Exit code: everything valid, or the check passed.
pub const OK: u8 = 0;
/// Exit code: some input was rejected, or the check failed.
pub const REJECTED: u8 = 1;
/// Exit code: usage or I/O error.
pub const FAILURE: u8 = 2;

/// Runs `gan` on the process's arguments and standard streams, and returns its exit code
/// ([`OK`], [`REJECTED`] or [`FAILURE`]).
pub fn main() -> ExitCode {
    let raw: Vec<OsString> = std::env::args_os().collect();
    let mut cli = match parse_args(&raw) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    apply_shorthands(&mut cli, &raw);
    signals::install();
    style::set_choice(cli.color);
    let colors = style::Colors::choose(cli.color);
    // Every write error of standard output but a closed pipe names the stream (`pipe`).
    let stdout = pipe::Named::stdout(io::stdout().lock());
    let result = match &cli.command {
        Command::Parse(_) | Command::Detect(_) | Command::Migrate(_) => {
            // Someone typing at a terminal gets each answer as soon as the line is read (a
            // line writer); a pipe or a file gets large buffered writes. These commands stop
            // printing at a closed pipe themselves, and keep reading.
            let mut out: Box<dyn Write> = if io::stdin().is_terminal() {
                Box::new(io::LineWriter::new(stdout))
            } else {
                Box::new(io::BufWriter::new(stdout))
            };
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
            // A closed pipe stops the output, not the work (see `pipe`): the exit status is
            // the data's.
            let mut out = io::BufWriter::new(pipe::Closable::new(stdout));
            let result = match &cli.command {
                Command::Generate(args) => generate::generate(args, &mut out),
                Command::Diff(args) => diff::diff(args, &mut out),
                Command::Check(args) => check::check(args, &mut out),
                Command::Ggn(command) => ggn::run(command, &mut out),
                Command::Completions(args) => {
                    // Into memory first: clap_complete panics on a write error.
                    let mut script = Vec::new();
                    clap_complete::generate(args.shell, &mut command(), "gan", &mut script);
                    out.write_all(&script).map(|()| OK)
                }
                Command::Man(args) => man::man(args, &mut out),
                Command::Decisions(args) => decisions::decisions(args, &mut out),
                Command::Notations(args) => notations::notations(args, &mut out),
                Command::Report(ReportCommand::Matrix(args)) => report::matrix(args, &mut out),
                Command::Report(ReportCommand::Diff(args)) => report::diff(args, &mut out),
                _ => unreachable!("matched above"),
            };
            result.and_then(|code| match out.flush() {
                // `gan check` has said that its report was lost, and chosen its code.
                Err(_) if matches!(cli.command, Command::Check(_)) && code != OK => Ok(code),
                flushed => flushed.map(|()| code),
            })
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            let _ = writeln!(
                pipe::stderr(),
                "{}: {error}",
                prefix(Some(&cli.command.name()))
            );
            ExitCode::from(FAILURE)
        }
    }
}

/// A usage error of `gan <command>`: its message on standard error (lost, not fatal, when
/// standard error is a closed pipe), and exit status 2.
fn fail(command: &str, message: impl std::fmt::Display) -> io::Result<u8> {
    writeln!(pipe::stderr(), "{}: {message}", prefix(Some(command)))?;
    Ok(FAILURE)
}

/// The clap command: the declaration of `args.rs`, as `gan completions` and the man page
/// see it too.
fn command() -> clap::Command {
    Cli::command()
}

/// The prefix of every message: `gan <command>` inside a subcommand, `gan` before one.
pub(crate) fn prefix(command: Option<&str>) -> String {
    command.map_or_else(|| "gan".to_owned(), |name| format!("gan {name}"))
}

/// The command named on the command line, if any (the first word that is one), with its
/// subcommand when it has subcommands and one is named (`ggn validate`).
fn command_name(raw: &[OsString]) -> Option<String> {
    let tree = command();
    let mut found: Option<(String, &clap::Command)> = None;
    let mut words = raw.iter().skip(1);
    while let Some(word) = words.next() {
        let word = word.to_str()?;
        if word == "--" {
            break;
        }
        if word == "--color" {
            words.next();
            continue;
        }
        if word.starts_with('-') {
            continue;
        }
        let parent = found.as_ref().map_or(&tree, |(_, sub)| *sub);
        let Some(sub) = parent.find_subcommand(word) else {
            break;
        };
        let name = match &found {
            Some((name, _)) => format!("{name} {word}"),
            None => word.to_owned(),
        };
        let leaf = sub.get_subcommands().next().is_none();
        found = Some((name, sub));
        if leaf {
            break;
        }
    }
    found.map(|(name, _)| name)
}

/// Parses the command line; on an error, prints it the project's way (one prefix, colors by
/// the same rule as the output, a hint for a command given without `--`) and returns the
/// exit status.
fn parse_args(raw: &[OsString]) -> Result<Cli, ExitCode> {
    let choice = color_choice(raw);
    let colored = style::enabled(choice, io::stderr().is_terminal());
    let command = command().color(if colored {
        clap::ColorChoice::Always
    } else {
        clap::ColorChoice::Never
    });
    let error = match command
        .try_get_matches_from(raw)
        .and_then(|mut matches| Cli::from_arg_matches_mut(&mut matches))
    {
        Ok(cli) => return Ok(cli),
        Err(error) => error,
    };
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) || error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    {
        let _ = error.print();
        let code = if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            FAILURE
        } else {
            OK
        };
        return Err(ExitCode::from(code));
    }
    let rendered = if colored {
        error.render().ansi().to_string()
    } else {
        error.render().to_string()
    };
    let name = command_name(raw);
    let mut text = retag(&rendered, &prefix(name.as_deref()));
    if let Some(hint) = dash_dash_hint(&error, name.as_deref()) {
        text = text.replacen('\n', &format!("\n\n  hint: {hint}\n"), 1);
    }
    let _ = write!(io::stderr(), "{text}");
    Err(ExitCode::from(FAILURE))
}

/// clap's `error: ` (plain or styled) replaced by `prefix: `.
fn retag(rendered: &str, prefix: &str) -> String {
    if let Some(rest) = rendered.strip_prefix("error: ") {
        return format!("{prefix}: {rest}");
    }
    // Styled: `ESC[1mESC[31merror:ESC[0m ` or similar: replace the first "error:" only.
    match rendered.find("error:") {
        Some(at) if at < 24 => {
            let end = rendered[at..]
                .find(' ')
                .map_or(rendered.len(), |i| at + i + 1);
            format!("{prefix}: {}", &rendered[end..])
        }
        _ => rendered.to_owned(),
    }
}

/// `gan check python3 adapter.py`: the command belongs after `--`.
fn dash_dash_hint(error: &clap::Error, name: Option<&str>) -> Option<String> {
    use clap::error::ContextKind;
    if name != Some("check") || error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let stray = match error.get(ContextKind::InvalidArg)? {
        clap::error::ContextValue::String(text) => text.clone(),
        _ => return None,
    };
    if stray.starts_with('-') {
        return None;
    }
    Some(format!(
        "the command to check goes after `--`: gan check [OPTIONS] -- {stray} …"
    ))
}

/// `--color` as written on a command line that did not parse (auto when absent or unclear).
fn color_choice(raw: &[OsString]) -> ColorChoice {
    let mut choice = ColorChoice::Auto;
    let mut words = raw.iter().skip(1).filter_map(|w| w.to_str());
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        let value = match word.strip_prefix("--color") {
            Some("") => words.next(),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        };
        match value {
            Some("always") => choice = ColorChoice::Always,
            Some("never") => choice = ColorChoice::Never,
            Some("auto") => choice = ColorChoice::Auto,
            _ => {}
        }
    }
    choice
}

/// `--json` is `--format json`; `--` before `parse`'s or `detect`'s IDs makes `-` an ID.
fn apply_shorthands(cli: &mut Cli, raw: &[OsString]) {
    let escaped = raw.iter().any(|word| word == "--");
    match &mut cli.command {
        Command::Parse(args) => {
            args.input.escaped = escaped;
            if args.input.json {
                args.input.format = Format::Json;
            }
        }
        Command::Detect(args) => {
            args.input.escaped = escaped;
            if args.input.json {
                args.input.format = Format::Json;
            }
        }
        Command::Migrate(args) if args.json => args.format = Format::Json,
        Command::Diff(args) if args.json => args.format = Format::Json,
        Command::Check(args) if args.json => args.format = ReportFormat::Json,
        Command::Report(ReportCommand::Diff(args)) if args.json => {
            args.format = args::DiffOutput::Json;
        }
        Command::Ggn(GgnCommand::Validate(args)) if args.common.json => {
            args.common.format = Format::Json;
        }
        Command::Ggn(GgnCommand::Moves(args)) if args.common.json => {
            args.common.format = Format::Json;
        }
        _ => {}
    }
}
