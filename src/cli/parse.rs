//! `gan parse` and `gan detect`.
//!
//! Both read their inputs in blocks and write through one reused buffer. When standard output
//! is a closed pipe, printing stops but reading goes on to the end, so the exit status covers
//! the whole input. A large standard input shows progress on a terminal (`progress`).

use std::io::{self, Write};

use crate::bulk::{self, Counts, Mode, TextStyle};

use super::args::{DetectArgs, Format, ParseArgs};
use super::inputs;
use super::pipe::Closable;
use super::progress::Progress;
use super::style::Colors;
use super::{OK, REJECTED};

pub fn parse(args: &ParseArgs, out: &mut impl Write, colors: Colors) -> io::Result<u8> {
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
    let counts = if inputs::from_stdin(&args.input) {
        let progress = Progress::of_stdin(args.quiet);
        let jobs = inputs::jobs(args.jobs);
        let counts = bulk::parse_stream(
            &options,
            progress.reader(io::stdin().lock()),
            inputs::framing(&args.input),
            jobs,
            &mut progress.writer(&mut out),
        );
        progress.finish();
        counts?
    } else {
        let parser = bulk::Parser::new(&options);
        let (mut counts, mut buffer) = (Counts::default(), Vec::new());
        for record in inputs::id_records(&args.input) {
            parser.parse(record.line(), &mut buffer, &mut counts);
        }
        if options.mode == Mode::Count {
            counts.write(options.format, &mut buffer);
        }
        let mut sink = Closable::new(&mut out);
        sink.write_all(&buffer)?;
        sink.flush()?;
        counts
    };
    Ok(if counts.invalid() == 0 { OK } else { REJECTED })
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
    let options = bulk::DetectOptions {
        max_len: args.input.max_bytes,
        format: match args.input.format {
            Format::Text => bulk::Format::Text,
            Format::Json => bulk::Format::Json,
        },
        style: text_style(colors),
    };
    let detected = if inputs::from_stdin(&args.input) {
        let progress = Progress::of_stdin(false);
        let detected = bulk::detect_stream(
            &options,
            progress.reader(io::stdin().lock()),
            inputs::framing(&args.input),
            inputs::jobs(args.jobs),
            &mut progress.writer(&mut *out),
        );
        progress.finish();
        detected?
    } else {
        let mut detector = bulk::Detector::new(&options);
        let (mut detected, mut buffer) = (bulk::Detected::default(), Vec::new());
        for record in inputs::id_records(&args.input) {
            detector.detect(record.line(), &mut buffer, &mut detected);
        }
        let mut sink = Closable::new(&mut *out);
        sink.write_all(&buffer)?;
        sink.flush()?;
        detected
    };
    Ok(if detected.unmatched == 0 {
        OK
    } else {
        REJECTED
    })
}
