//! `gan migrate`: convert a stream of identifiers from one dialect to another (docs/DECISIONS.md
//! §3), line by line, with a report of everything changed or refused.
//!
//! Streaming with flat memory: one record at a time, a bounded cache of conversions, output
//! written as it goes (to a temporary file beside `-o OUTPUT`, renamed at the end).

use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use crate::bulk::{Worker, Workers};
use crate::convert::record::LineRecord;
use crate::convert::{
    codes, Conversion, Converter, Diagnostic, Intermediate, Memo, Options, Severity, Summary,
    Tables,
};
use crate::error::ErrorKind;
use crate::output;
use crate::parse::Limits;
use crate::records::{Block, Blocks, Framing, Line};

use super::ambiguous_styles::AmbiguousStyles;
use super::args::{Format, IntermediateArg, MigrateArgs};
use super::files::{commit, context, create, OutputFile};
use super::pipe::Closable;
use super::progress::Progress;
use super::{OK, REJECTED};

/// Runs `gan migrate`; standard output is `stdout` unless `-o` or `--dry-run` says otherwise.
pub fn migrate(args: &MigrateArgs, stdout: &mut impl Write) -> io::Result<u8> {
    // A closed pipe stops the output, not the conversion: every line is still read and
    // counted, and the exit status covers them all (`pipe`).
    let stdout = &mut Closable::new(stdout);
    let tables = match &args.map {
        Some(path) => match Tables::load(path) {
            Ok(tables) => tables,
            // `gan migrate: names.toml: line 3: …`: the path first, as in every I/O error.
            Err(error) => {
                return super::fail(
                    "migrate",
                    format!("{}: {}", path.display(), error.message()),
                )
            }
        },
        None => Tables::builtin(),
    };
    let input_path = args.input.as_deref().filter(|path| path.as_os_str() != "-");
    // Standard input redirected from a file is that file (`< out.txt -o out.txt`).
    let input_file = input_path.or(Some(Path::new("/dev/stdin")).filter(|p| p.exists()));
    if let Some(refusal) = refuse_paths(input_file, args.output.as_deref(), args.report.as_deref())
    {
        return super::fail("migrate", &refusal);
    }
    let options = Options {
        intermediate: match args.intermediate {
            IntermediateArg::Error => Intermediate::Error,
            IntermediateArg::Drop => Intermediate::Drop,
            IntermediateArg::Enhance => Intermediate::Enhance,
        },
        strict: args.strict,
        tables,
        limits: Limits {
            max_len: Some(args.max_bytes),
        },
    };
    let converter = Converter::new(args.from, args.to, options);
    if args.ggn
        && args.edition == crate::ggn::Edition::Ggn202510
        && args.to != crate::Dialect::named("qpi-2026-01")
    {
        return super::fail(
            "migrate",
            format!(
                "--edition ggn-2025-10 writes qpi-2026-01 tokens: --to must be qpi-2026-01, not {}",
                args.to
            ),
        );
    }
    if args.ggn {
        return super::migrate_ggn::migrate_ggn(args, &converter, input_path, stdout);
    }
    let (reader, size) = open_input(input_path)?;
    let mut output = match (&args.output, args.dry_run || args.count) {
        (_, true) => Sink::Nothing,
        (Some(path), false) => Sink::File(create(path)?),
        (None, false) => Sink::Stdout(&mut *stdout),
    };
    let mut report = args.report.as_deref().map(create).transpose()?;
    // Progress (`progress`) unless the converted lines go to the terminal: they are written
    // one by one, and clearing the bar around each would cost more than the bar is worth.
    let lines_on_terminal = matches!(output, Sink::Stdout(_)) && io::stdout().is_terminal();
    let mut stderr = Reporter::new(
        Progress::of_size("gan migrate", size, args.quiet || lines_on_terminal),
        args,
    );
    let name = input_path.unwrap_or(Path::new("standard input"));
    let (summary, stopped) = run(
        args,
        &converter,
        reader,
        name,
        &mut output,
        &mut report,
        &mut stderr,
    )?;
    stderr.finish_progress();
    if let Some(report) = report {
        commit(report)?;
    }
    match output {
        Sink::File(file) if stopped.is_none() => commit(file)?,
        Sink::File(file) => file.discard(),
        Sink::Stdout(out) => out.flush()?,
        Sink::Nothing => {}
    }
    if args.count {
        let mut counts = Vec::new();
        stderr.write_counts(&summary, args.format, &mut counts);
        stdout.write_all(&counts)?;
        stdout.flush()?;
    }
    stderr.summary(&summary, stopped, args)?;
    Ok(if summary.rejected == 0 { OK } else { REJECTED })
}

/// The input file (or standard input) and its size when it is a regular file.
fn open_input(path: Option<&Path>) -> io::Result<(Box<dyn BufRead>, Option<u64>)> {
    let regular = |metadata: fs::Metadata| metadata.is_file().then_some(metadata.len());
    if let Some(path) = path {
        let file = File::open(path).map_err(|error| context(&error, path))?;
        let size = file.metadata().ok().and_then(regular);
        Ok((Box::new(BufReader::with_capacity(1 << 16, file)), size))
    } else {
        let size = fs::metadata("/dev/stdin").ok().and_then(regular);
        Ok((
            Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            size,
        ))
    }
}

/// Converts every record, writing as it goes; returns the counts and the line a
/// `--fail-fast` run stopped at.
///
/// Each block read is split into `-j` parts converted on the library's threads
/// ([`Workers`], each with its own cache); what they produce is then written in input
/// order, so every output is that of `-j 1`: the diagnostics and the `ambiguous-style`
/// grouping are decided here, one line after the other, and under `--fail-fast` nothing
/// after the first part that stopped is used.
fn run<W: Write>(
    args: &MigrateArgs,
    converter: &Converter,
    reader: Box<dyn BufRead>,
    name: &Path,
    output: &mut Sink<'_, W>,
    report: &mut Option<OutputFile>,
    stderr: &mut Reporter,
) -> io::Result<(Summary, Option<u64>)> {
    let framing = if args.null_data {
        Framing::Nul
    } else {
        Framing::Lines
    };
    let jobs = super::inputs::jobs(args.jobs);
    // One cache per thread: the full size up to -j 4 (a smaller one costs -j 2 about a tenth
    // more CPU on inputs with many distinct identifiers), then shared out, with a floor of
    // 1,024 entries: about four full caches in all up to -j 64.
    let capacity = (Memo::DEFAULT_CAPACITY * 4 / jobs).clamp(1 << 10, Memo::DEFAULT_CAPACITY);
    let writes = output.writer().is_some();
    let reports = report.is_some();
    let mut workers = Workers::new(jobs, || {
        let memo = Memo::with_capacity(
            converter.clone(),
            args.max_bytes,
            capacity,
            Memo::DEFAULT_MAX_KEY,
        );
        Thread {
            args,
            memo,
            writes,
            reports,
            part: Part::default(),
        }
    });
    // The progress moves once per read (a block), not per line.
    let counted = stderr.progress.reader(reader);
    let mut summary = Summary::default();
    // Blocks of whole lines, borrowed from one buffer: no allocation per line. The output of
    // a part is gathered in one buffer (reused), written once: memory bounded by the block,
    // worked through in rounds of at most ROUND lines (a block of short lines would otherwise
    // hold hundreds of times its size in report lines and diagnostics).
    let mut blocks = Blocks::new(counted, framing, args.max_bytes);
    while let Some(block) = blocks.next_block().map_err(|error| context(&error, name))? {
        for round in block.rounds(ROUND) {
            let threads = workers.run(&round);
            let mut stopped = None;
            let mut used = threads.len();
            for (i, part) in threads.iter().map(|thread| &thread.part).enumerate() {
                summary.read += part.summary.read;
                summary.converted += part.summary.converted;
                summary.warned += part.summary.warned;
                summary.rejected += part.summary.rejected;
                for (record, conversion) in part.flagged() {
                    stderr.diagnostics(record, conversion)?;
                }
                if let Some(report) = report {
                    report.write_all(&part.report)?;
                }
                if part.stopped.is_some() {
                    stopped = part.stopped;
                    used = i + 1;
                    break;
                }
            }
            if let Some(out) = output.writer() {
                for thread in &threads[..used] {
                    out.write_all(&thread.part.out)?;
                }
            }
            if stopped.is_some() {
                return Ok((summary, stopped));
            }
        }
    }
    Ok((summary, None))
}

/// The most lines of a block converted in one round of the workers.
const ROUND: usize = 1 << 14;

/// One thread of `gan migrate -j`: its cache, and what it made of its part of a block.
struct Thread<'a> {
    args: &'a MigrateArgs,
    memo: Memo,
    /// Whether the output and the `--report` lines are wanted.
    writes: bool,
    reports: bool,
    part: Part,
}

impl Worker for Thread<'_> {
    fn work(&mut self, block: &Block<'_>) {
        convert_part(
            self.args,
            &mut self.memo,
            block,
            self.writes,
            self.reports,
            &mut self.part,
        );
    }
}

/// What one part of a block gives.
#[derive(Default)]
struct Part {
    /// The output of its lines.
    out: Vec<u8>,
    /// Its `--report` lines.
    report: Vec<u8>,
    summary: Summary,
    /// Its lines with diagnostics, in order, for standard error: each line's number, bytes
    /// (a range of `flagged_bytes`) and length, and its conversion.
    flagged: Vec<(u64, Range<usize>, u64, Arc<Conversion>)>,
    flagged_bytes: Vec<u8>,
    /// The line `--fail-fast` stopped at (the part ends there).
    stopped: Option<u64>,
}

impl Part {
    /// The lines with diagnostics, in order.
    fn flagged(&self) -> impl Iterator<Item = (Line<'_>, &Conversion)> {
        self.flagged.iter().map(|(number, bytes, len, conversion)| {
            let line = Line {
                number: *number,
                bytes: &self.flagged_bytes[bytes.clone()],
                len: *len,
            };
            (line, &**conversion)
        })
    }
}

/// Converts the lines of `block` into `part` (emptied first), up to the first rejected one
/// with `--fail-fast`.
fn convert_part(
    args: &MigrateArgs,
    memo: &mut Memo,
    block: &Block<'_>,
    writes: bool,
    reports: bool,
    part: &mut Part,
) {
    part.out.clear();
    part.report.clear();
    part.summary = Summary::default();
    part.flagged.clear();
    part.flagged_bytes.clear();
    part.stopped = None;
    for record in block.lines() {
        let conversion = memo.convert_line(record);
        part.summary.count(&conversion);
        if writes {
            write_line(args, &mut part.out, record, &conversion);
        }
        let stop = args.fail_fast && !conversion.is_converted();
        if !conversion.diagnostics().is_empty() {
            if reports {
                let line = LineRecord::new(&record.to_record(), &conversion);
                serde_json::to_writer(&mut part.report, &line).expect("records serialize");
                part.report.push(b'\n');
            }
            let start = part.flagged_bytes.len();
            part.flagged_bytes.extend_from_slice(record.bytes);
            let bytes = start..part.flagged_bytes.len();
            part.flagged
                .push((record.number, bytes, record.len, conversion));
        }
        if stop {
            part.stopped = Some(record.number);
            return;
        }
    }
}

/// One input line's output, appended to `out`: the identifier (text) or the record (JSON).
fn write_line(args: &MigrateArgs, out: &mut Vec<u8>, record: Line<'_>, conversion: &Conversion) {
    match args.format {
        Format::Json => {
            let line = LineRecord::new(&record.to_record(), conversion);
            serde_json::to_writer(&mut *out, &line).expect("records serialize");
            out.push(b'\n');
        }
        Format::Text => {
            let terminator = if args.null_data { b'\0' } else { b'\n' };
            match conversion.output_str() {
                Some(text) => {
                    out.extend_from_slice(text.as_bytes());
                    out.push(terminator);
                }
                None if args.keep_alignment => out.push(terminator),
                None => {}
            }
        }
    }
}

/// `-o` or `--report` naming the input (or each other) would destroy what is being read.
fn refuse_paths(
    input: Option<&Path>,
    output: Option<&Path>,
    report: Option<&Path>,
) -> Option<String> {
    let named = [("the input", input), ("-o", output), ("--report", report)];
    for (i, (first, a)) in named.iter().enumerate() {
        for (second, b) in &named[i + 1..] {
            if let (Some(a), Some(b)) = (a, b) {
                if same_file(a, b) {
                    return Some(format!(
                        "{second} names the same file as {first} ({}): refusing to overwrite it",
                        b.display()
                    ));
                }
            }
        }
    }
    None
}

fn same_file(a: &Path, b: &Path) -> bool {
    if a == b {
        return true;
    }
    match (fs::metadata(a), fs::metadata(b)) {
        #[cfg(unix)]
        (Ok(a), Ok(b)) => {
            use std::os::unix::fs::MetadataExt;
            (a.dev(), a.ino()) == (b.dev(), b.ino())
        }
        _ => match (a.canonicalize(), b.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        },
    }
}

/// Where converted lines go.
enum Sink<'a, W: Write> {
    Nothing,
    Stdout(&'a mut W),
    File(OutputFile),
}

impl<W: Write> Sink<'_, W> {
    fn writer(&mut self) -> Option<&mut dyn Write> {
        match self {
            Sink::Nothing => None,
            Sink::Stdout(out) => Some(*out),
            Sink::File(file) => Some(file),
        }
    }
}

/// Standard error: the per-line diagnostics (at most `--max-diagnostics` of each code), the
/// progress bar, the summary and a count line per code; and the counts of `--count`.
struct Reporter {
    // A closed standard error loses the diagnostics, not the `-o` file (`pipe`).
    stderr: BufWriter<Closable<io::Stderr>>,
    progress: Progress,
    ambiguous: AmbiguousStyles,
    /// Whether anything goes to standard error: not with `--quiet` nor `--count`.
    speaks: bool,
    /// `--max-diagnostics`.
    max: u64,
    /// The diagnostics seen, per code.
    tally: Vec<Tally>,
    /// Standard error gets colors.
    colored: bool,
    /// The input of a diagnostic as shown (reused).
    shown: Vec<u8>,
}

/// The diagnostics of one code.
struct Tally {
    code: &'static str,
    /// The severity of the first one (a code has one severity in a run: `--strict` makes
    /// every warning an error).
    severity: Severity,
    seen: u64,
    shown: u64,
}

/// The place of `code` in counts and count lines: the parse codes in D12's order, then the
/// conversion errors and warnings in the order of docs/DECISIONS.md §3.
fn rank(code: &str) -> usize {
    ErrorKind::ALL
        .iter()
        .map(|kind| kind.code())
        .chain(codes::ERRORS)
        .chain(codes::WARNINGS)
        .position(|known| known == code)
        .unwrap_or(usize::MAX)
}

impl Reporter {
    fn new(progress: Progress, args: &MigrateArgs) -> Reporter {
        Reporter {
            stderr: BufWriter::new(super::pipe::stderr()),
            progress,
            ambiguous: AmbiguousStyles::default(),
            speaks: !(args.quiet || args.count),
            max: args.max_diagnostics,
            tally: Vec::new(),
            colored: super::style::stderr_on(),
            shown: Vec::new(),
        }
    }

    /// Counts `diagnostic`; whether to show it: an `ambiguous-style` warning only at the first
    /// line of its style, and no more than `--max-diagnostics` of each code.
    fn show(&mut self, diagnostic: &Diagnostic) -> bool {
        let first_of_style = self.ambiguous.show(diagnostic);
        let code = diagnostic.code();
        let at = if let Some(at) = self.tally.iter().position(|tally| tally.code == code) {
            at
        } else {
            self.tally.push(Tally {
                code,
                severity: diagnostic.severity(),
                seen: 0,
                shown: 0,
            });
            self.tally.len() - 1
        };
        let tally = &mut self.tally[at];
        tally.seen += 1;
        let show = self.speaks && first_of_style && tally.shown < self.max;
        if show {
            tally.shown += 1;
        }
        show
    }

    /// `gan migrate: line N: "input": severity code: message`, one line per diagnostic shown
    /// ([`Reporter::show`]).
    fn diagnostics(&mut self, record: Line<'_>, conversion: &Conversion) -> io::Result<()> {
        if self.progress.bar().is_none() && !self.colored {
            // The common case, written straight into the buffered standard error.
            for diagnostic in conversion.diagnostics() {
                if !self.show(diagnostic) {
                    continue;
                }
                self.shown.clear();
                crate::bulk::quoted(&mut self.shown, record.bytes);
                write!(self.stderr, "gan migrate: line {}: ", record.number)?;
                self.stderr.write_all(&self.shown)?;
                writeln!(self.stderr, ": {diagnostic}")?;
            }
            return Ok(());
        }
        let shown = output::escape_text(record.bytes);
        let mut text = String::new();
        for diagnostic in conversion.diagnostics() {
            if !self.show(diagnostic) {
                continue;
            }
            let line = format!("gan migrate: line {}: {shown}: {diagnostic}", record.number);
            let line = if self.colored {
                super::style::paint(&line)
            } else {
                line
            };
            let _ = writeln!(text, "{line}");
        }
        match self.progress.bar() {
            Some(bar) => bar.suspend(|| super::pipe::stderr().write_all(text.as_bytes())),
            None => self.stderr.write_all(text.as_bytes()),
        }
    }

    fn finish_progress(&mut self) {
        self.progress.finish();
    }

    /// The codes seen, with their tallies, in [`rank`] order.
    fn codes(&self) -> Vec<&Tally> {
        let mut codes: Vec<&Tally> = self.tally.iter().collect();
        codes.sort_by_key(|tally| rank(tally.code));
        codes
    }

    /// `--count`: text, one line per count and code (`read 3`, …, `king-flag-lost 1`); JSON,
    /// one object (`{"read":3,…,"codes":{…}}`).
    fn write_counts(&self, summary: &Summary, format: Format, out: &mut Vec<u8>) {
        let totals = [
            ("read", summary.read),
            ("converted", summary.converted),
            ("warned", summary.warned),
            ("rejected", summary.rejected),
        ];
        match format {
            Format::Text => {
                for (name, count) in totals {
                    let _ = writeln!(out, "{name} {count}");
                }
                for tally in self.codes() {
                    let _ = writeln!(out, "{} {}", tally.code, tally.seen);
                }
            }
            Format::Json => {
                out.push(b'{');
                for (name, count) in totals {
                    let _ = write!(out, "\"{name}\":{count},");
                }
                out.extend_from_slice(b"\"codes\":{");
                for (i, tally) in self.codes().into_iter().enumerate() {
                    let comma = if i > 0 { "," } else { "" };
                    let _ = write!(out, "{comma}\"{}\":{}", tally.code, tally.seen);
                }
                out.extend_from_slice(b"}}\n");
            }
        }
    }

    /// The counts (read = converted + rejected, always: M7), then one line per code:
    /// `gan migrate: error unknown-style ×1200 (10 shown; all with --report FILE)`.
    fn summary(
        &mut self,
        summary: &Summary,
        stopped: Option<u64>,
        args: &MigrateArgs,
    ) -> io::Result<()> {
        if !self.speaks {
            return self.stderr.flush();
        }
        let Summary {
            read,
            converted,
            warned,
            rejected,
        } = *summary;
        write!(
            self.stderr,
            "gan migrate: {read} read, {converted} converted ({warned} with warnings), {rejected} rejected{}",
            self.ambiguous.summary()
        )?;
        if let Some(line) = stopped {
            write!(self.stderr, "; stopped at line {line} (--fail-fast)")?;
            if args.output.is_some() && !args.dry_run {
                write!(self.stderr, ", output not written")?;
            }
        }
        if args.dry_run {
            write!(self.stderr, " (dry run: no output written)")?;
        }
        writeln!(self.stderr)?;
        let mut lines = String::new();
        for tally in self.codes() {
            let _ = write!(
                lines,
                "gan migrate: {} {} ×{}",
                tally.severity, tally.code, tally.seen
            );
            if tally.shown < tally.seen {
                let all = match &args.report {
                    Some(path) => format!("all in {}", path.display()),
                    None => "all with --report FILE".to_owned(),
                };
                let _ = write!(lines, " ({} shown; {all})", tally.shown);
            }
            lines.push('\n');
        }
        if self.colored {
            for line in lines.lines() {
                writeln!(self.stderr, "{}", super::style::paint(line))?;
            }
        } else {
            self.stderr.write_all(lines.as_bytes())?;
        }
        self.stderr.flush()
    }
}
