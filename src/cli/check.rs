//! `gan check`: load the suite's corpus, select vectors, run the command, report.

use std::fmt::Write as _;
use std::io::{self, IsTerminal as _, Write};

use std::path::Path;

use crate::check::report::{CorpusIndex, BUILT_IN};
use crate::check::{
    self, Case, CheckError, Command, Config, Glob, Mode, Report, Selection, SkipFile,
};
use crate::model::Dialect;

use super::args::{CheckArgs, CheckMode, ReportFormat, RunRecordChoice};
use super::{FAILURE, OK, REJECTED};
use crate::suite::common::load::read_capped;

/// The most a skip file may hold: 16 MiB (as a `--map` table).
const MAX_SKIP_FILE: u64 = 16 << 20;

pub fn check(args: &CheckArgs, out: &mut impl Write) -> io::Result<u8> {
    match run(args, out)? {
        Ok(code) => Ok(code),
        Err(message) => {
            writeln!(super::pipe::stderr(), "gan check: {message}")?;
            Ok(FAILURE)
        }
    }
}

/// The skip file of `--skip-file`, read and parsed; `Err(message)` names the file.
fn read_skip_file(args: &CheckArgs) -> Result<Option<SkipFile>, String> {
    let Some(path) = &args.skip_file else {
        return Ok(None);
    };
    let text = std::fs::File::open(path)
        .and_then(|file| read_capped(file, MAX_SKIP_FILE))
        .and_then(|bytes| {
            String::from_utf8(bytes)
                .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))
        })
        .map_err(|error| format!("{}: {error}", path.display()))?;
    SkipFile::parse(&text)
        .map(Some)
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// The command after `--`, resolved once: every start (one per vector in per-case mode) runs
/// the same file. `Err(message)` names the program.
fn resolve(args: &CheckArgs) -> Result<Command, String> {
    let Some((program, rest)) = args.command.split_first() else {
        return Err("no command to check: give it after `--`".to_owned());
    };
    Command::resolve(program, rest.iter().cloned()).map_err(|error| {
        if error.kind() == io::ErrorKind::NotFound {
            format!(
                "{}: cannot start: not found in PATH",
                program.to_string_lossy()
            )
        } else {
            format!("{}: cannot start: {error}", program.to_string_lossy())
        }
    })
}

/// `--list`: every vector a run counts: those batch mode cannot send (inputs that are not
/// UTF-8) are counted there as skipped, and listed here too.
fn list(args: &CheckArgs, cases: &[Case], out: &mut impl Write) -> io::Result<()> {
    for case in cases {
        match args.format {
            ReportFormat::Json => {
                writeln!(out, "{}", serde_json::json!({ "id": case.id }))?;
            }
            _ => writeln!(out, "{}", case.id)?,
        }
    }
    Ok(())
}

/// The run's configuration as the flags say, cancelled by a signal.
fn config(args: &CheckArgs, command: Command, mode: Mode) -> Config {
    let mut config = Config::new(command);
    config.mode = mode;
    config.check_errors = args.check_errors;
    config.check_hints = args.check_hints;
    config.check_canonical = args.check_canonical;
    config.timeout = args.timeout;
    super::signals::cancel_on_signal(&config.cancel);
    config.jobs = super::inputs::jobs(args.jobs);
    config.max_failures = args
        .max_failures
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    config
}

/// `Err(message)` for usage errors and a command that cannot start (exit status 2).
fn run(args: &CheckArgs, out: &mut impl Write) -> io::Result<Result<u8, String>> {
    let mode = match args.mode {
        CheckMode::Batch => Mode::Batch,
        CheckMode::PerCase => Mode::PerCase,
    };
    if mode == Mode::PerCase && !args.suite.descriptor().per_case {
        return Ok(Err(format!(
            "--mode per-case: the {} suite runs in batch mode only (its protocol has no \
             per-case form; see conformance/PROTOCOL.md)",
            args.suite
        )));
    }
    let skip = match read_skip_file(args) {
        Ok(skip) => skip,
        Err(message) => return Ok(Err(message)),
    };
    // Found now rather than after the whole run.
    if let Some(path) = &args.write_skip_file {
        if let Err(message) = super::files::check_writable(path) {
            return Ok(Err(message));
        }
    }
    let selection = Selection {
        dialects: args.dialect.clone(),
        filters: args.filter.iter().map(|glob| Glob::new(glob)).collect(),
        skip,
    };
    let cases = match plan(args, &selection) {
        Ok(cases) if cases.is_empty() => {
            return Ok(Err(
                "no vector selected (check --dialect and --filter)".to_owned()
            ));
        }
        Ok(cases) => cases,
        Err(message) => return Ok(Err(message)),
    };
    if args.list {
        return list(args, &cases, out).map(|()| Ok(OK));
    }

    let command = match resolve(args) {
        Ok(command) => command,
        Err(message) => return Ok(Err(message)),
    };
    let mut config = config(args, command, mode);
    let bar = progress_bar(args, cases.len(), &mut config);
    let report = check::run(&cases, &config);
    bar.finish_and_clear();
    let mut report = match report {
        Ok(report) => report,
        // The shape of every I/O error: the path, then the reason.
        Err(CheckError::CannotStart { program, error }) => {
            return Ok(Err(format!(
                "{}: cannot start: {}",
                program.display(),
                super::files::plain(&error)
            )))
        }
        Err(error) => return Ok(Err(error.to_string())),
    };
    let index = corpus_index(args);
    record_run(args, &mut report, &index);

    // The report first, whole: on a terminal the speed line comes after it, not inside it.
    let reported = write_report(args, &report, &index, out).and_then(|()| out.flush());
    // Written whatever became of the report, and whole or not at all: a curated list is
    // never left cut short.
    if let Some(path) = &args.write_skip_file {
        let text = check::render_skip_file(&report.results);
        let written = super::files::create(path).and_then(|mut file| {
            file.write_all(text.as_bytes())?;
            super::files::commit(file)
        });
        if let Err(error) = written {
            return Ok(Err(error.to_string()));
        }
    }
    if let Err(error) = reported {
        // A failure seen is still a failure; a pass nobody saw is not proven (exit 2).
        writeln!(
            super::pipe::stderr(),
            "gan check: cannot write the report: {error}"
        )?;
        return Ok(Ok(if report.passed() { FAILURE } else { REJECTED }));
    }
    if !args.quiet {
        writeln!(super::pipe::stderr(), "gan check: {}", speed(&report))?;
    }
    if let Some(code) = super::signals::interrupted() {
        return Ok(Ok(code));
    }
    Ok(Ok(if report.passed() { OK } else { REJECTED }))
}

/// The run record as `--run-record` asks: the command as given, and the corpus files that
/// hold the run's vectors.
fn record_run(args: &CheckArgs, report: &mut Report, index: &CorpusIndex) {
    let Some(run) = report.run.as_mut() else {
        return;
    };
    if args.run_record == RunRecordChoice::Off {
        report.run = None;
        return;
    }
    run.command = args
        .command
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    run.corpus.source = args
        .corpus
        .as_ref()
        .map_or_else(|| BUILT_IN.to_owned(), |dir| dir.display().to_string());
    run.corpus.files = index.files_of(report.results.iter().map(|r| r.case.id.as_str()));
    if args.run_record == RunRecordChoice::Redacted {
        run.redact();
    }
}

/// The suite's corpus files, built in or from `--corpus DIR`, as the index of where each
/// vector is defined. A file that cannot be read now is left out (the run read it).
fn corpus_index(args: &CheckArgs) -> CorpusIndex {
    let files = args.suite.descriptor().files;
    let texts: Vec<(String, Vec<u8>)> = match &args.corpus {
        None => files
            .embedded
            .iter()
            .map(|(path, text)| ((*path).to_owned(), text.as_bytes().to_vec()))
            .collect(),
        Some(dir) => {
            let paths: Vec<String> = match files.per_dialect {
                Some(folder) => Dialect::ALL
                    .iter()
                    .map(|dialect| format!("{folder}/{}.json", dialect.as_str()))
                    .collect(),
                None => files
                    .embedded
                    .iter()
                    .map(|(path, _)| (*path).to_owned())
                    .collect(),
            };
            paths
                .into_iter()
                .filter_map(|path| {
                    let text = std::fs::read(Path::new(dir).join(&path)).ok()?;
                    Some((path, text))
                })
                .collect()
        }
    };
    CorpusIndex::new(
        texts
            .iter()
            .map(|(path, text)| (path.as_str(), text.as_slice())),
    )
}

/// The report in the format asked for; the text report painted when colors are on.
fn write_report(
    args: &CheckArgs,
    report: &Report,
    index: &CorpusIndex,
    out: &mut impl Write,
) -> io::Result<()> {
    match args.format {
        ReportFormat::Text => {
            let mut text = Vec::new();
            if args.quiet {
                check::report::text_failures(report, &mut text)?;
                without_result_line(&mut text);
            } else {
                check::report::text(report, &mut text)?;
            }
            if super::style::stdout_on() {
                for line in String::from_utf8_lossy(&text).lines() {
                    writeln!(out, "{}", super::style::paint(line))?;
                }
            } else {
                out.write_all(&text)?;
            }
        }
        ReportFormat::Json => check::report::json(report, out)?,
        ReportFormat::Junit => check::report::junit(report, out)?,
        ReportFormat::Html => {
            let folder = args
                .corpus
                .as_ref()
                .map_or_else(|| "conformance".to_owned(), |dir| dir.display().to_string());
            let url = args.corpus_url.clone().or_else(|| {
                let dir = std::path::absolute(args.corpus.as_ref()?).ok()?;
                Some(file_url(&dir))
            });
            let links = check::report::Links {
                index: Some(index),
                folder: &folder,
                corpus_url: url.as_deref(),
            };
            check::report::html_linked(report, &links, out)?;
        }
    }
    Ok(())
}

/// `file://` and the absolute path `dir`, each byte outside letters, digits and `/-._~`
/// percent-encoded.
fn file_url(dir: &Path) -> String {
    let mut url = String::from("file://");
    for byte in dir.to_string_lossy().bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            url.push(char::from(byte));
        } else {
            let _ = write!(url, "%{byte:02X}");
        }
    }
    url
}

/// The failures' part of the text report without the lines after them, which sum the run up
/// (`stopped at the failure limit …`, `result: …`), nor the blank lines before those (`-q`: the
/// summary is silenced, the failures are the data).
fn without_result_line(text: &mut Vec<u8>) {
    loop {
        let body = text.strip_suffix(b"\n").unwrap_or(text);
        let start = body
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
        let last = &body[start..];
        if last.is_empty() && !text.is_empty() {
            text.pop();
        } else if last.starts_with(b"result: ") || last.starts_with(b"stopped at the failure limit")
        {
            text.truncate(start);
        } else {
            return;
        }
    }
}

/// A progress bar on standard error when it is a terminal (indicatif draws nothing
/// otherwise), to clear before the report.
fn progress_bar(args: &CheckArgs, cases: usize, config: &mut Config) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(cases as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Some(style) = super::progress::count_style("gan check", "vectors") {
        bar.set_style(style);
    }
    if !args.quiet && std::io::stderr().is_terminal() {
        let shown = bar.clone();
        config.progress = Some(check::Progress(std::sync::Arc::new(move |done, _| {
            shown.set_position(done as u64);
        })));
    }
    bar
}

/// `12000 vectors in 0.4 s (30000/s): 11990 passed, 10 failing`.
fn speed(report: &Report) -> String {
    let run = report.results.len();
    let seconds = report.elapsed.as_secs_f64();
    let counts = report.summary().total;
    #[allow(clippy::cast_precision_loss)] // a rate for people to read
    let rate = if seconds > 0.0 {
        run as f64 / seconds
    } else {
        0.0
    };
    format!(
        "{run} vectors in {seconds:.2} s ({rate:.0}/s): {} passed, {} failing",
        counts.get(check::Status::Pass),
        counts.failures()
    )
}

/// The suite's cases: its corpus (`--corpus DIR`, or the one built into the binary), selected.
fn plan(args: &CheckArgs, selection: &Selection) -> Result<Vec<Case>, String> {
    let dir = args.corpus.as_deref();
    let corpus = (args.suite.descriptor().load)(dir).map_err(|error| error.to_string())?;
    if let Some(dialect) = corpus.missing_dialect(&args.dialect) {
        let dir = dir.map_or_else(
            || "the embedded corpus".to_owned(),
            |d| d.display().to_string(),
        );
        return Err(format!("{dir} has no vector file for dialect {dialect}"));
    }
    check::plan_loaded(corpus, selection).map_err(|error| error.to_string())
}
