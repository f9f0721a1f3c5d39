//! `gan migrate`: convert a stream of identifiers from one dialect to another (DECISIONS.md
//! §3), line by line, with a report of everything changed or refused.
//!
//! Streaming with flat memory: one record at a time, a bounded cache of conversions, output
//! written as it goes (to a temporary file beside `-o OUTPUT`, renamed at the end).

use std::cell::Cell;
use std::fmt::Write as _;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use clap::{Args, ValueEnum};
use gan::atomic::AtomicFile;
use gan::convert::record::LineRecord;
use gan::convert::{Conversion, Converter, Intermediate, Memo, Options, Summary, Tables};
use gan::output;
use gan::records::{Framing, Record, Records};
use gan::{Dialect, Limits};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{FAILURE, OK, REJECTED};

/// Inputs at least this large get a progress bar (on a terminal only).
const PROGRESS_THRESHOLD: u64 = 4 << 20;

/// The arguments of `gan migrate`.
// Each flag of the command line is a bool of its own.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Args)]
#[command(
    after_help = "Input: INPUT, or standard input when absent or `-`: each LF-terminated \
                        line is one identifier, minus one CR before the LF; nothing else is \
                        trimmed (-z: NUL-separated). An empty line is rejected (empty).\n\n\
                        Text output: one converted identifier per converted line; a rejected line \
                        is left out (or written empty with --keep-alignment). JSON output: one \
                        object per input line. Every rejected line, and every warning, is \
                        reported on standard error (line, input, code, message) and in --report \
                        FILE as JSON lines; a summary ends the run.\n\n\
                        Exit codes: 0 every line converted, 1 some rejected (or warned, with \
                        --strict), 2 usage or I/O error.\n\n\
                        Examples:\n  gan migrate --from legacy --to snn-pin old.txt -o new.txt\n  \
                        printf 'C:-K\\n' | gan migrate --from beta --to qpi\n  \
                        gan migrate --from pnn --intermediate drop --format json moves.txt\n  \
                        gan migrate --from legacy --map names.toml --dry-run --report r.jsonl db.txt\n  \
                        gan migrate --ggn --from beta --to snn-pin rules.json -o new-rules.json\n\n\
                        --ggn: INPUT is one GGN document. Every piece key, require/prevent state \
                        and perform value is converted; square labels, \"empty\", \"enemy\", null, \
                        \"$schema\" and key order are kept; the result is 2-space pretty JSON, \
                        validated again in the target dialect. The document is refused (exit 1, \
                        nothing written) when it is not valid GGN in the source dialect, when an \
                        identifier cannot be converted, when two piece keys would become one, or \
                        when the result is invalid; every problem is reported on standard error \
                        with its JSON pointer in the input (and in --report FILE as JSON lines). \
                        Exit codes with --ggn: 0 converted, 1 refused (or warned, with --strict), \
                        2 usage or I/O error."
)]
pub struct MigrateArgs {
    /// The dialect of the input.
    #[arg(long, value_name = "D", value_parser = dialect)]
    from: Dialect,

    /// The dialect to write.
    #[arg(long, value_name = "D", default_value = "snn-pin", value_parser = dialect)]
    to: Dialect,

    /// A TOML name table that adds or overrides rows: [pieces], [pieces.STYLE], [styles],
    /// [families].
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,

    /// What to do with pnn's intermediate `'`: an error, drop it, or write it as `+`.
    #[arg(long, value_enum, default_value_t = IntermediateArg::Error)]
    intermediate: IntermediateArg,

    /// Reject lines with warnings.
    #[arg(long)]
    strict: bool,

    /// Convert every line, whatever is rejected (the default).
    #[arg(long, conflicts_with = "fail_fast")]
    keep_going: bool,

    /// Stop at the first rejected line; `-o OUTPUT` is then left untouched.
    #[arg(long)]
    fail_fast: bool,

    /// Write no output: only the report and the summary.
    #[arg(long)]
    pub(super) dry_run: bool,

    /// Write an empty line for each rejected line, so line numbers still match.
    #[arg(long)]
    keep_alignment: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = super::args::Format::Text)]
    format: super::args::Format,

    /// Also write every line with a diagnostic to FILE, as JSON lines.
    #[arg(long, value_name = "FILE")]
    pub(super) report: Option<PathBuf>,

    /// Read NUL-separated inputs (and write NUL-separated output in text mode).
    #[arg(short = 'z', long = "null-data")]
    null_data: bool,

    /// Inputs longer than this many bytes are rejected with `too-long`.
    #[arg(long, value_name = "N", default_value_t = 1 << 20)]
    max_bytes: usize,

    /// INPUT is a GGN document: convert the identifiers inside it (piece keys,
    /// require/prevent states, perform values) and write the document.
    #[arg(long, conflicts_with_all = ["fail_fast", "keep_going", "keep_alignment", "null_data", "format"])]
    ggn: bool,

    /// The file to convert; `-` or nothing for standard input.
    #[arg(value_name = "INPUT")]
    input: Option<PathBuf>,

    /// Write to OUTPUT (through a temporary file in the same folder, renamed at the end)
    /// instead of standard output.
    #[arg(short = 'o', long, value_name = "OUTPUT")]
    pub(super) output: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum IntermediateArg {
    Error,
    Drop,
    Enhance,
}

fn dialect(name: &str) -> Result<Dialect, String> {
    name.parse()
        .map_err(|error: gan::dialect::UnknownDialect| error.to_string())
}

/// Runs `gan migrate`; standard output is `stdout` unless `-o` or `--dry-run` says otherwise.
pub fn migrate(args: &MigrateArgs, stdout: &mut impl Write) -> io::Result<u8> {
    let tables = match &args.map {
        Some(path) => match Tables::load(path) {
            Ok(tables) => tables,
            Err(error) => return Ok(usage(&error.to_string())),
        },
        None => Tables::builtin(),
    };
    let input_path = args.input.as_deref().filter(|path| path.as_os_str() != "-");
    // Standard input redirected from a file is that file (`< out.txt -o out.txt`).
    let input_file = input_path.or(Some(Path::new("/dev/stdin")).filter(|p| p.exists()));
    if let Some(refusal) = refuse_paths(input_file, args.output.as_deref(), args.report.as_deref())
    {
        return Ok(usage(&refusal));
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
    if args.ggn {
        return super::migrate_ggn::migrate_ggn(args, &converter, input_path, stdout);
    }
    let (reader, size) = open_input(input_path)?;
    let memo = Memo::new(converter, args.max_bytes);
    let mut output = match (&args.output, args.dry_run) {
        (_, true) => Sink::Nothing,
        (Some(path), false) => Sink::File(create(path)?),
        (None, false) => Sink::Stdout(stdout),
    };
    let mut report = args.report.as_deref().map(create).transpose()?;
    let mut stderr = Reporter::new(size);
    let name = input_path.unwrap_or(Path::new("standard input"));
    let (summary, stopped) = run(
        args,
        memo,
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
fn run<W: Write>(
    args: &MigrateArgs,
    mut memo: Memo,
    reader: Box<dyn BufRead>,
    name: &Path,
    output: &mut Sink<'_, W>,
    report: &mut Option<AtomicFile>,
    stderr: &mut Reporter,
) -> io::Result<(Summary, Option<u64>)> {
    let read = Rc::new(Cell::new(0));
    let framing = if args.null_data {
        Framing::Nul
    } else {
        Framing::Lines
    };
    let counted = Counting {
        inner: reader,
        read: Rc::clone(&read),
    };
    let mut summary = Summary::default();
    for record in Records::new(counted, framing, args.max_bytes) {
        let record = record.map_err(|error| context(&error, name))?;
        let conversion = memo.convert(&record);
        summary.count(&conversion);
        write_line(args, output.writer(), &record, &conversion)?;
        if !conversion.diagnostics().is_empty() {
            stderr.diagnostics(&record, &conversion)?;
            if let Some(report) = report {
                writeln!(report, "{}", json(&LineRecord::new(&record, &conversion)))?;
            }
        }
        if summary.read % 4096 == 0 {
            stderr.progress(read.get());
        }
        if args.fail_fast && !conversion.is_converted() {
            return Ok((summary, Some(record.number)));
        }
    }
    Ok((summary, None))
}

/// One input line's output: the identifier (text) or the record (JSON).
fn write_line(
    args: &MigrateArgs,
    out: Option<&mut dyn Write>,
    record: &Record,
    conversion: &Conversion,
) -> io::Result<()> {
    let Some(out) = out else { return Ok(()) };
    match args.format {
        super::args::Format::Json => {
            writeln!(out, "{}", json(&LineRecord::new(record, conversion)))
        }
        super::args::Format::Text => {
            let terminator = if args.null_data { b"\0" } else { b"\n" };
            match conversion.output_str() {
                Some(text) => {
                    out.write_all(text.as_bytes())?;
                    out.write_all(terminator)
                }
                None if args.keep_alignment => out.write_all(terminator),
                None => Ok(()),
            }
        }
    }
}

fn json(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).expect("records serialize")
}

fn usage(message: &str) -> u8 {
    let _ = writeln!(io::stderr(), "gan migrate: {message}");
    FAILURE
}

pub(super) fn context(error: &io::Error, path: &Path) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
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
    File(AtomicFile),
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

/// `-o` and `--report` files ([`AtomicFile`]), with the path named in their errors.
pub(super) fn create(destination: &Path) -> io::Result<AtomicFile> {
    AtomicFile::create(destination).map_err(|error| context(&error, destination))
}

/// Commits a file made by [`create`], naming it in the error.
pub(super) fn commit(file: AtomicFile) -> io::Result<()> {
    let destination = file.destination().to_owned();
    file.commit().map_err(|error| context(&error, &destination))
}

/// Standard error: the per-line diagnostics, the progress bar and the summary.
struct Reporter {
    stderr: BufWriter<io::Stderr>,
    bar: Option<ProgressBar>,
}

impl Reporter {
    fn new(size: Option<u64>) -> Reporter {
        let bar = size
            .filter(|&size| size >= PROGRESS_THRESHOLD && io::stderr().is_terminal())
            .map(|size| {
                let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
                if let Ok(style) = ProgressStyle::with_template(
                    "{bar:40} {bytes}/{total_bytes} {binary_bytes_per_sec} eta {eta}",
                ) {
                    bar.set_style(style);
                }
                bar
            });
        Reporter {
            stderr: BufWriter::new(io::stderr()),
            bar,
        }
    }

    /// `gan migrate: line N: "input": severity code: message`, one line per diagnostic.
    fn diagnostics(&mut self, record: &Record, conversion: &Conversion) -> io::Result<()> {
        let (shown, _) = output::escape(&record.bytes);
        let mut text = String::new();
        for diagnostic in conversion.diagnostics() {
            let _ = writeln!(
                text,
                "gan migrate: line {}: {shown}: {diagnostic}",
                record.number
            );
        }
        match &self.bar {
            Some(bar) => bar.suspend(|| io::stderr().write_all(text.as_bytes())),
            None => self.stderr.write_all(text.as_bytes()),
        }
    }

    fn progress(&self, read: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(read);
        }
    }

    fn finish_progress(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }

    /// The counts (read = converted + rejected, always: M7).
    fn summary(
        &mut self,
        summary: &Summary,
        stopped: Option<u64>,
        args: &MigrateArgs,
    ) -> io::Result<()> {
        let Summary {
            read,
            converted,
            warned,
            rejected,
        } = *summary;
        write!(
            self.stderr,
            "gan migrate: {read} read, {converted} converted ({warned} with warnings), {rejected} rejected"
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
        self.stderr.flush()
    }
}

/// A reader that counts the bytes consumed, for the progress bar.
struct Counting<R> {
    inner: R,
    read: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buffer)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.read.set(self.read.get() + amount as u64);
        self.inner.consume(amount);
    }
}
