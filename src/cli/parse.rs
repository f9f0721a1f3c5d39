//! `gan parse` and `gan detect`.
//!
//! Both read their inputs (IDs, `-f` files or standard input: `inputs`) in blocks and write
//! through one reused buffer. When standard output is a closed pipe, printing stops but
//! reading goes on to the end, so the exit status covers the whole input. A large input shows
//! progress on a terminal (`progress`). An ID that is rejected and names an existing file gets
//! a hint to read it with `-f`.

use std::io::{self, Write};

use crate::bulk::{self, Counts, Mode, TextStyle};
use crate::output::{self, DetectRecord};

use super::args::{DetectArgs, Format, InputArgs, ParseArgs};
use super::inputs;
use super::pipe::Closable;
use super::progress::Progress;
use super::style::Colors;
use super::{OK, REJECTED};

/// Output is handed to standard output in pieces of about this size.
const FLUSH_AT: usize = 1 << 16;

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
    let mut all_accepted = true;
    let stream = if inputs::streamed(&args.input) {
        Some(inputs::open(&args.input)?)
    } else {
        None
    };
    let progress = stream.as_ref().map_or_else(Progress::default, |stream| {
        Progress::of_size("gan detect", stream.size(), args.quiet)
    });
    let stream = stream.map(|stream| inputs::metered(stream, &progress));
    let mut sink = Closable::new(progress.writer(out));
    let mut buffer = Vec::new();
    let mut failed = Ok(());
    let mut rejected = Vec::new();
    let read = inputs::for_each_line(&args.input, stream, |record| {
        let line = DetectRecord::of_line(record, args.input.max_bytes);
        if line.accepted.is_empty() {
            all_accepted = false;
            rejected.push(record.number);
        }
        if args.quiet || sink.is_closed() || failed.is_err() {
            return;
        }
        match args.input.format {
            Format::Json => {
                serde_json::to_writer(&mut buffer, &line).expect("records serialize");
                buffer.push(b'\n');
            }
            Format::Text => detect_text(&mut buffer, record.bytes, &line, colors),
        }
        if buffer.len() >= FLUSH_AT {
            failed = sink.write_all(&buffer);
            buffer.clear();
        }
    });
    progress.finish();
    read?;
    failed?;
    sink.write_all(&buffer)?;
    sink.flush()?;
    if !args.quiet && !inputs::streamed(&args.input) {
        file_hints("detect", "detect", &args.input, &rejected)?;
    }
    Ok(if all_accepted { OK } else { REJECTED })
}

fn detect_text(out: &mut Vec<u8>, input: &[u8], line: &DetectRecord, colors: Colors) {
    let shown = output::escape_text(input);
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
    // Writing into a `Vec` cannot fail.
    let _ = if accepted.is_empty() {
        let bad = colors.error;
        writeln!(
            out,
            "{shown}: {bad}rejected by every dialect{bad:#}: {}",
            rejected.join(", ")
        )
    } else {
        let ok = colors.ok;
        let _ = write!(
            out,
            "{shown}: {ok}accepted{ok:#} by {}",
            accepted.join(", ")
        );
        if !rejected.is_empty() {
            let _ = write!(out, "; rejected by {}", rejected.join(", "));
        }
        writeln!(out)
    };
}
