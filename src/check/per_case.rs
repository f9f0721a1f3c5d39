//! Per-case mode (GAN suite only): one process per vector, up to `jobs` at a time. The input bytes go to
//! standard input as they are; the exit status is the verdict.

use std::io::{self, Write};
use std::process::ChildStdin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use crate::suite::{stderr_suffix, Answer};

use super::cancel::Cancel;
use super::outcome::Recorder;
use super::plan::Case;
use super::process::{self, StderrTail};
use super::{CheckError, Config};

/// Standard output beyond this is not kept.
const STDOUT_LIMIT: usize = 1 << 20;

/// Inputs up to this size are written without a thread (they fit any pipe buffer).
const DIRECT_WRITE: usize = 16 << 10;

/// After this many consecutive vectors that time out, the rest of the run is `crash`
/// without being started (batch mode's give-up after silent starts): a command that hangs
/// costs about this many timeouts, not one per vector.
pub const MAX_SILENT_CASES: usize = 8;

/// Runs every case in its own process, `config.jobs` at a time.
pub(crate) fn run(
    cases: &[Case],
    config: &Config,
    recorder: &Recorder<'_>,
) -> Result<(), CheckError> {
    let next = AtomicUsize::new(0);
    let started = AtomicBool::new(false);
    let silent = AtomicUsize::new(0);
    let cannot_start: Mutex<Option<io::Error>> = Mutex::new(None);
    let own_error: Mutex<Option<io::Error>> = Mutex::new(None);
    let jobs = config.jobs.clamp(1, cases.len().max(1));
    let work = || loop {
        if recorder.stopped() || lock(&cannot_start).is_some() || lock(&own_error).is_some() {
            break;
        }
        let index = next.fetch_add(1, Ordering::SeqCst);
        let Some(case) = cases.get(index) else {
            break;
        };
        if silent.load(Ordering::SeqCst) >= MAX_SILENT_CASES {
            let message = format!(
                "not run: {MAX_SILENT_CASES} consecutive vectors answered nothing \
                         within the timeout"
            );
            if !recorder.record(index, Answer::Crash(message)) {
                break;
            }
            continue;
        }
        match run_one(case, config) {
            Ok(answer) => {
                started.store(true, Ordering::SeqCst);
                if matches!(answer, Answer::Timeout(_)) {
                    silent.fetch_add(1, Ordering::SeqCst);
                } else {
                    silent.store(0, Ordering::SeqCst);
                }
                if !recorder.record(index, answer) {
                    break;
                }
            }
            Err(_) if config.cancel.is_cancelled() => break,
            // Not the command's failure: gan's, and the run's end (exit 2).
            Err(error) if process::is_gans_own(&error) => {
                lock(&own_error).get_or_insert(error);
                break;
            }
            Err(error) if !started.load(Ordering::SeqCst) => {
                lock(&cannot_start).get_or_insert(error);
                break;
            }
            Err(error) => {
                let message = format!("could not start the command: {error}");
                recorder.record(index, Answer::Crash(message));
            }
        }
    };
    thread::scope(|scope| {
        // As many workers as the system gives threads for; with none, this thread works.
        let made = (0..jobs)
            .take_while(|_| thread::Builder::new().spawn_scoped(scope, work).is_ok())
            .count();
        if made == 0 {
            work();
        }
    });
    if let Some(error) = own_error
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        return Err(CheckError::OutOfResources(error));
    }
    match cannot_start
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
    {
        Some(error) => Err(CheckError::CannotStart {
            program: config.command.program().to_path_buf(),
            error,
        }),
        None => Ok(()),
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Runs one case; `Err` only when the process cannot be started.
fn run_one(case: &Case, config: &Config) -> io::Result<Answer> {
    let Some(dialect) = case.vector.as_dyn().per_case_dialect() else {
        // `check::run` refuses per-case runs of the other suites.
        return Ok(Answer::NotRun(format!(
            "the {} suite has no per-case mode",
            case.suite()
        )));
    };
    // Whatever happens below, the process group ends with this case.
    let mut child = Released {
        child: config.cancel.spawn(
            config
                .command
                .piped()
                .env("GAN_CHECK_DIALECT", dialect.as_str())
                .env("GAN_CHECK_ID", &case.id),
        )?,
        cancel: &config.cancel,
    };
    let child = &mut child.child;
    let (Some(stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        unreachable!("all three streams are piped");
    };
    let deadline = Instant::now() + config.timeout;
    let output = process::capture(stdout, STDOUT_LIMIT)?;
    let stderr = StderrTail::collect(stderr)?;
    write_input(stdin, &case.bytes)?;
    let timed_out = |child: &mut std::process::Child| {
        process::kill(child);
        let stderr = stderr.text(Duration::from_secs(1));
        Answer::Timeout(format!(
            "no answer within {} s (killed){}",
            config.timeout.as_secs_f64(),
            stderr_suffix(&stderr)
        ))
    };
    let Some(status) = process::wait_until(child, deadline)? else {
        return Ok(timed_out(child));
    };
    // What it started and left running is killed now: one that kept standard output open
    // would otherwise hold the case until the timeout.
    config.cancel.release(child);
    // As long as the timeout: on a loaded machine the last of the output may come late, and
    // a longer --timeout must help.
    let grace = Instant::now() + config.timeout;
    let Some(output) = process::recv_until(&output, grace) else {
        return Ok(Answer::Crash(
            "standard output still open after the command exited".to_owned(),
        ));
    };
    let stdout = match output {
        Ok(stdout) => stdout,
        Err(error) => {
            return Ok(Answer::Crash(format!(
                "reading standard output failed: {error}"
            )))
        }
    };
    Ok(case
        .vector
        .as_dyn()
        .per_case_answer(status, &stdout, &mut || stderr.text(Duration::from_secs(1))))
}

/// A started command, whose process group is killed when it is dropped.
struct Released<'c> {
    child: std::process::Child,
    cancel: &'c Cancel,
}

impl Drop for Released<'_> {
    fn drop(&mut self) {
        self.cancel.release(&self.child);
    }
}

/// Writes the input and closes standard input; a command that exits without reading it is
/// no error here (its exit status tells).
/// `Err` only when the thread that writes a long input cannot be made.
fn write_input(mut stdin: ChildStdin, bytes: &[u8]) -> io::Result<()> {
    if bytes.len() <= DIRECT_WRITE {
        let _ = stdin.write_all(bytes);
    } else {
        let bytes = bytes.to_vec();
        process::spawn(move || {
            let _ = stdin.write_all(&bytes);
        })?;
    }
    Ok(())
}
