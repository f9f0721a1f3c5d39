//! `gan check`: run another implementation of GAN, GGN or migration, in any language, against
//! the corpus.
//!
//! It runs any of the [`Suite`]s (GAN identifiers, GGN documents, conversions between
//! dialects): `plan` lists the cases of a suite's corpus, and everything the runner needs
//! of a vector goes through the suites' one contract, `gan::suite::SuiteVector`. The runner
//! does not link to the implementation: it starts a command (an *adapter*) and talks to it
//! over standard input and output, in one of the protocols specified in
//! `conformance/PROTOCOL.md` and `conformance/PROTOCOL-ggn.md`:
//!
//! - [`Mode::Batch`] (every suite): one process serves every vector; requests and replies are
//!   JSON lines, up to 256 requests in flight, replies in order;
//! - [`Mode::PerCase`] (GAN suite): one process per vector, the raw input on standard input,
//!   the verdict in the exit status, several processes at once.
//!
//! Each vector gets a [`Status`] (`pass`, `fail`, `wrong-actor`, …). A [`SkipFile`] lists
//! known failures: they still run, and one that passes is `unexpected-pass`, so the list only
//! shrinks. The [`report`] module prints the results as text, JSON Lines or `JUnit` XML. The
//! selection, the batch runner, the skip file and the reports are the same for every suite;
//! only the requests and the judging of replies differ.
//!
//! The library never prints; the reports are written to the writer given.
//!
//! ```no_run
//! use std::time::Duration;
//! use gan::check::{self, Command, Config, Mode, Selection};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let corpus: Vec<gan::suite::gan::format::VectorFile> = Vec::new();
//! let cases = check::plan(&corpus, &Selection::default())?;
//! let command = Command::resolve("python3".as_ref(), ["conformance/adapters/gan_ref.py".into()])?;
//! let mut config = Config::new(command);
//! config.mode = Mode::Batch;
//! config.check_errors = true;
//! config.timeout = Duration::from_secs(10);
//! let report = check::run(&cases, &config)?;
//! check::report::text(&report, &mut std::io::stdout())?;
//! assert!(report.passed());
//! # Ok(())
//! # }
//! ```

mod batch;
mod cancel;
mod glob;
mod kept;
mod outcome;
mod per_case;
mod plan;
mod process;
mod protocol;
pub mod report;
mod skip;

use std::ffi::OsString;
use std::fmt;
use std::io;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

pub use crate::suite::{Answer, Checks, Reply, Status, Suite, Vector};
pub use batch::MAX_SILENT_STARTS;
pub use cancel::Cancel;
pub use glob::Glob;
pub use outcome::CaseResult;
pub use plan::{plan, plan_loaded, plan_owned, Case, Listing, PlanError, Selection};
pub use process::Command;
pub use report::skip_file as render_skip_file;
pub use report::Report;
pub use skip::{SkipEntry, SkipFile, SkipFileError};

use outcome::Recorder;

/// Requests in flight in batch mode, unless configured otherwise.
pub const IN_FLIGHT: usize = 256;

/// The time limit per vector, unless configured otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// How the command is driven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mode {
    /// One process for every vector, JSON lines both ways (every suite).
    Batch,
    /// One process per vector, the verdict in the exit status (GAN suite only).
    PerCase,
}

impl Mode {
    /// `batch` or `per-case`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Batch => "batch",
            Mode::PerCase => "per-case",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How to run a check.
#[derive(Debug, Clone)]
pub struct Config {
    /// The command under test.
    pub command: Command,
    /// The protocol.
    pub mode: Mode,
    /// Compare error codes and offsets of invalid inputs too.
    pub check_errors: bool,
    /// GAN suite: a reply's error without a hint is wrong too (implies `check_errors`).
    pub check_hints: bool,
    /// GAN suite: a reply that accepts its input must carry `canonical`, the canonical form
    /// of what it parsed, equal to the input (D9).
    pub check_canonical: bool,
    /// The time limit per vector (batch mode: from when it became the oldest unanswered
    /// request).
    pub timeout: Duration,
    /// Per-case mode: processes at once.
    pub jobs: usize,
    /// Stop after this many failing results.
    pub max_failures: Option<usize>,
    /// Batch mode: requests written ahead of their replies.
    pub in_flight: usize,
    /// Ends the run from another thread (a Ctrl-C handler): the command's processes are
    /// killed and the report holds the results found so far.
    pub cancel: Cancel,
    /// Told of each result as it comes (for a progress display).
    pub progress: Option<Progress>,
}

/// A function called after each result with (results so far, vectors selected), from the
/// runner's threads: a progress display.
#[derive(Clone)]
pub struct Progress(pub std::sync::Arc<dyn Fn(usize, usize) + Send + Sync>);

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Progress")
    }
}

impl Config {
    /// Batch mode, verdicts and attributes only, [`DEFAULT_TIMEOUT`], one job per core,
    /// no failure limit, [`IN_FLIGHT`] requests in flight.
    pub fn new(command: Command) -> Config {
        Config {
            command,
            mode: Mode::Batch,
            check_errors: false,
            check_hints: false,
            check_canonical: false,
            timeout: DEFAULT_TIMEOUT,
            jobs: crate::bulk::default_jobs(),
            max_failures: None,
            in_flight: IN_FLIGHT,
            cancel: Cancel::new(),
            progress: None,
        }
    }
}

/// A check that could not run at all.
#[derive(Debug)]
#[non_exhaustive]
pub enum CheckError {
    /// The command could not be started (not found, not executable, …).
    CannotStart {
        /// The program.
        program: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// gan itself could not start the command: the system refused it a thread, a process,
    /// memory or open files (not the command's failure).
    OutOfResources(io::Error),
    /// The suite has no such protocol (per-case mode exists for the GAN suite only).
    ModeUnsupported {
        /// The suite of the cases.
        suite: Suite,
        /// The mode asked for.
        mode: Mode,
    },
    /// The cases belong to more than one suite (a report covers one).
    MixedSuites(Suite, Suite),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::CannotStart { program, error } => {
                write!(f, "cannot start {}: {error}", program.display())
            }
            CheckError::OutOfResources(error) => write!(
                f,
                "gan ran out of a system resource while starting the command: {error} (lower \
                 -j, or raise the limit: ulimit -n for open files, ulimit -u for processes)"
            ),
            CheckError::ModeUnsupported { suite, mode } => {
                write!(
                    f,
                    "the {suite} suite has no {mode} mode: its protocol is batch only"
                )
            }
            CheckError::MixedSuites(first, second) => write!(
                f,
                "cases of two suites ({first} and {second}) in one run: run each suite apart"
            ),
        }
    }
}

impl std::error::Error for CheckError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CheckError::CannotStart { error, .. } | CheckError::OutOfResources(error) => {
                Some(error)
            }
            CheckError::ModeUnsupported { .. } | CheckError::MixedSuites(..) => None,
        }
    }
}

/// Runs `cases` (all of one suite) against the command of `config` and collects the results.
/// Always finishes: crashes, hangs and protocol errors of the command become results. `Err`
/// when the command cannot be started at all, or the run cannot be made as asked (a suite
/// without that mode, cases of two suites).
pub fn run(cases: &[Case], config: &Config) -> Result<Report, CheckError> {
    let suite = cases.first().map_or(Suite::default(), Case::suite);
    if let Some(other) = cases.iter().map(Case::suite).find(|&s| s != suite) {
        return Err(CheckError::MixedSuites(suite, other));
    }
    if !suite.descriptor().per_case && config.mode == Mode::PerCase {
        return Err(CheckError::ModeUnsupported {
            suite,
            mode: config.mode,
        });
    }
    let start = Instant::now();
    let started = SystemTime::now();
    let checks = Checks {
        errors: config.check_errors || config.check_hints,
        hints: config.check_hints,
        canonical: config.check_canonical,
    };
    let mut recorder = Recorder::new(cases, checks, config.max_failures, &config.cancel);
    recorder.progress.clone_from(&config.progress);
    let mut notes = Vec::new();
    match config.mode {
        Mode::Batch => batch::run(cases, config, &recorder, &mut notes)?,
        Mode::PerCase => per_case::run(cases, config, &recorder)?,
    }
    let stopped = recorder.stopped();
    let results = recorder.into_results();
    let cancelled = config.cancel.is_cancelled();
    if cancelled {
        notes.push(format!(
            "interrupted: the command was killed; {} of {} vectors not run",
            cases.len() - results.len(),
            cases.len()
        ));
    }
    let stopped_early = stopped && !cancelled && results.len() < cases.len();
    let elapsed = start.elapsed();
    let command = std::iter::once(config.command.program().as_os_str())
        .chain(config.command.args().iter().map(OsString::as_os_str))
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    Ok(Report {
        suite,
        mode: config.mode,
        check_errors: checks.errors,
        check_hints: checks.hints,
        check_canonical: checks.canonical,
        selected: cases.len(),
        results,
        stopped_early,
        notes,
        elapsed,
        run: Some(report::RunRecord::new(command, started, elapsed)),
    })
}
