//! `gan parse` and `gan detect`.
//!
//! Both read their inputs (IDs, `-f` files or standard input: `inputs`) in blocks and write
//! through one reused buffer. When standard output is a closed pipe, printing stops but
//! reading goes on to the end, so the exit status covers the whole input. A large input shows
//! progress on a terminal (`progress`). An ID that is rejected and names an existing file gets
//! a hint to read it with `-f`.

use std::io::{self, Write};

use crate::bulk::{self, Counts, Mode, TextStyle};

use super::args::{DetectArgs, Format, InputArgs, ParseArgs};
use super::inputs;
use super::pipe::Closable;
use super::progress::Progress;
use super::style::Colors;
use super::{OK, REJECTED};

pub fn parse(args: &ParseArgs, out: &mut impl Write, colors: Colors) -> io::Result<u8> {
    if let Err(message) = inputs::check(&args.input) {
        return super::fail("parse", message);
    }
    // `--quiet`: the counts alone (the cheapest mode), printed nowhere.
    let mut nowhere = io::sink();
    let mut out: &mut dyn Write = if args.quiet { &mut nowhere } else { out };
    let options = bulk::Options {
        dialect: args.dialect,
        max_len: args.input.max_bytes,
        mode: if args.count || args.quiet {
            Mode::Count
        } else if args.invalid_only {
            Mode::InvalidOnly
        } else {
            Mode::All
        },
        format: match args.input.format {
            Format::Text => bulk::Format::Text,
            Format::Json => bulk::Format::Json,
        },
        style: text_style(colors),
    };
    let counts = if inputs::streamed(&args.input) {
        let stream = inputs::open(&args.input)?;
        let progress = Progress::of_size("gan parse", stream.size(), args.quiet);
        let jobs = inputs::jobs(args.jobs);
        let counts = bulk::parse_stream(
            &options,
            inputs::metered(stream, &progress),
            inputs::framing(&args.input),
            jobs,
            &mut progress.writer(&mut out),
        );
        progress.finish();
        counts?
    } else {
        let parser = bulk::Parser::new(&options);
        let (mut counts, mut buffer) = (Counts::default(), Vec::new());
        // The IDs that are rejected: a hint for those naming a file.
        let mut rejected = Vec::new();
        for record in inputs::id_records(&args.input) {
            let before = counts.invalid();
            parser.parse(record.line(), &mut buffer, &mut counts);
            if counts.invalid() > before {
                rejected.push(record.number);
            }
        }
        if options.mode == Mode::Count {
            counts.write(options.format, &mut buffer);
        }
        let mut sink = Closable::new(&mut out);
        sink.write_all(&buffer)?;
        sink.flush()?;
        if !args.quiet {
            file_hints("parse", "parse", &args.input, &rejected)?;
        }
        counts
    };
    Ok(if counts.invalid() == 0 { OK } else { REJECTED })
}

/// `gan parse: rules.txt: is a file; to parse its lines, use -f rules.txt`, for each rejected
/// ID (its number among the IDs) that names an existing file.
fn file_hints(command: &str, verb: &str, args: &InputArgs, rejected: &[u64]) -> io::Result<()> {
    let mut stderr = super::pipe::stderr();
    for (number, path) in inputs::ids_naming_files(args) {
        if rejected.contains(&number) {
            writeln!(
                stderr,
                "gan {command}: {path}: is a file; to {verb} its lines, use -f {path}"
            )?;
        }
    }
    Ok(())
}

fn text_style(colors: Colors) -> TextStyle {
    let pair = |style: anstyle::Style| (format!("{style}"), format!("{style:#}"));
    TextStyle {
        ok: pair(colors.ok),
        error: pair(colors.error),
        code: pair(colors.code),
        caret: pair(colors.caret),
        carets: colors.terminal,
    }
}

pub fn detect(args: &DetectArgs, out: &mut impl Write, colors: Colors) -> io::Result<u8> {
    if let Err(message) = inputs::check(&args.input) {
        return super::fail("detect", message);
    }
    // `--quiet`: the verdicts alone, printed nowhere.
    let mut nowhere = io::sink();
    let mut out: &mut dyn Write = if args.quiet { &mut nowhere } else { out };
    let options = bulk::DetectOptions {
        max_len: args.input.max_bytes,
        format: match args.input.format {
            Format::Text => bulk::Format::Text,
            Format::Json => bulk::Format::Json,
        },
        style: text_style(colors),
        quiet: args.quiet,
        dialects: args.dialect.clone(),
        memo: bulk::MemoLimits::DEFAULT,
    };
    let detected = if inputs::streamed(&args.input) {
        let stream = inputs::open(&args.input)?;
        let progress = Progress::of_size("gan detect", stream.size(), args.quiet);
        let detected = bulk::detect_stream(
            &options,
            inputs::metered(stream, &progress),
            inputs::framing(&args.input),
            inputs::jobs(args.jobs),
            &mut progress.writer(&mut out),
        );
        progress.finish();
        detected?
    } else {
        let mut detector = bulk::Detector::new(&options);
        let (mut detected, mut buffer) = (bulk::Detected::default(), Vec::new());
        // The IDs that no dialect accepts: a hint for those naming a file.
        let mut rejected = Vec::new();
        for record in inputs::id_records(&args.input) {
            let before = detected.unmatched;
            detector.detect(record.line(), &mut buffer, &mut detected);
            if detected.unmatched > before {
                rejected.push(record.number);
            }
        }
        let mut sink = Closable::new(&mut out);
        sink.write_all(&buffer)?;
        sink.flush()?;
        if !args.quiet {
            file_hints("detect", "detect", &args.input, &rejected)?;
        }
        detected
    };
    Ok(if detected.unmatched == 0 {
        OK
    } else {
        REJECTED
    })
}
