//! Starting the command under test: resolving its program once, and the threads that feed its
//! standard input and drain its standard output and error.

use std::ffi::{OsStr, OsString};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::cancel::kill_group;
use super::outcome::tail_lines;

/// The command under test: a program and its arguments, started directly (no shell).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    program: PathBuf,
    args: Vec<OsString>,
}

impl Command {
    /// The command `program ARGS…`, as given: a bare name is looked up in `PATH` by the
    /// operating system at every start (prefer [`Command::resolve`]).
    pub fn new(program: impl Into<PathBuf>, args: impl IntoIterator<Item = OsString>) -> Self {
        Command {
            program: program.into(),
            args: args.into_iter().collect(),
        }
    }

    /// The command with a bare program name (no `/`) looked up in `PATH` once, so that every
    /// start runs the same absolute path. Names with a `/` are kept as given.
    pub fn resolve(
        program: &OsStr,
        args: impl IntoIterator<Item = OsString>,
    ) -> Result<Self, io::Error> {
        let path = Path::new(program);
        let program = if path.components().count() > 1 || program.is_empty() {
            path.to_path_buf()
        } else {
            find_in_path(program).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("'{}' not found in PATH", program.to_string_lossy()),
                )
            })?
        };
        Ok(Command::new(program, args))
    }

    /// The program.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// The arguments.
    pub fn args(&self) -> &[OsString] {
        &self.args
    }

    /// A `std::process::Command` with all three standard streams piped.
    pub(crate) fn piped(&self) -> std::process::Command {
        let mut command = std::process::Command::new(&self.program);
        command
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A process group of its own, so that a timeout stops everything it started: a
        // wrapper's children would otherwise keep the pipes open, and run on.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        command
    }
}

/// The first executable file named `name` in the directories of `PATH`, made absolute.
fn find_in_path(name: &OsStr) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let cwd = std::env::current_dir().ok();
    std::env::split_paths(&path)
        .map(|dir| {
            if dir.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                dir
            }
        })
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
        .map(|found| match (&cwd, found.is_absolute()) {
            (Some(cwd), false) => cwd.join(found),
            _ => found,
        })
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// Starts `work` on a thread of its own; a thread the system refuses (process or thread
/// limits) is an error saying so, never a panic.
pub(crate) fn spawn<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> io::Result<thread::JoinHandle<T>> {
    thread::Builder::new()
        .spawn(work)
        .map_err(|error| io::Error::new(error.kind(), ThreadRefused(error)))
}

/// The system refused gan a thread.
#[derive(Debug)]
pub(crate) struct ThreadRefused(pub(crate) io::Error);

impl std::fmt::Display for ThreadRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot make a thread: {}", self.0)
    }
}

impl std::error::Error for ThreadRefused {}

/// Whether `error`, met while starting a command, is gan's own: the system refused it a
/// thread, a process (`EAGAIN`), memory, or open files (`EMFILE`, `ENFILE`) for the pipes.
/// The command did not run, so it is not the command's failure.
pub(crate) fn is_gans_own(error: &io::Error) -> bool {
    if error
        .get_ref()
        .is_some_and(<dyn std::error::Error + Send + Sync>::is::<ThreadRefused>)
    {
        return true;
    }
    #[cfg(unix)]
    {
        use rustix::io::Errno;
        let own = [Errno::AGAIN, Errno::NOMEM, Errno::MFILE, Errno::NFILE];
        if let Some(raw) = error.raw_os_error() {
            return own.iter().any(|errno| errno.raw_os_error() == raw);
        }
    }
    error.kind() == io::ErrorKind::OutOfMemory
}

/// The last bytes a command wrote to its standard error, collected by a thread.
#[derive(Clone)]
pub(crate) struct StderrTail {
    buffer: Arc<Mutex<Vec<u8>>>,
    done: Arc<Mutex<Option<Receiver<()>>>>,
}

/// How much of standard error is kept.
const STDERR_KEEP: usize = 4096;

impl StderrTail {
    /// Drains `stderr` in a thread, keeping its last few kilobytes.
    pub(crate) fn collect(mut stderr: impl Read + Send + 'static) -> io::Result<StderrTail> {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let (done_tx, done_rx) = mpsc::channel();
        let shared = Arc::clone(&buffer);
        spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = stderr.read(&mut chunk) {
                if n == 0 {
                    break;
                }
                let mut kept = shared
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                kept.extend_from_slice(&chunk[..n]);
                if kept.len() > 2 * STDERR_KEEP {
                    let cut = kept.len() - STDERR_KEEP;
                    kept.drain(..cut);
                }
            }
            let _ = done_tx.send(());
        })?;
        Ok(StderrTail {
            buffer,
            done: Arc::new(Mutex::new(Some(done_rx))),
        })
    }

    /// The last lines written, on one line; waits up to `wait` for the stream to end first
    /// (call it once the process has exited, so the tail is complete).
    pub(crate) fn text(&self, wait: Duration) -> String {
        let done = self
            .done
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        if let Some(done) = done {
            let _ = done.recv_timeout(wait);
        }
        let kept = self
            .buffer
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let start = kept.len().saturating_sub(STDERR_KEEP);
        tail_lines(&String::from_utf8_lossy(&kept[start..]), 5, 600)
    }
}

/// Reads all of `stdout` in a thread, keeping at most `limit` bytes; the receiver gets them
/// at end of stream.
pub(crate) fn capture(
    mut stdout: impl Read + Send + 'static,
    limit: usize,
) -> io::Result<Receiver<io::Result<Vec<u8>>>> {
    let (tx, rx) = mpsc::channel();
    spawn(move || {
        let mut kept = Vec::new();
        let mut chunk = [0u8; 8192];
        let result = loop {
            match stdout.read(&mut chunk) {
                Ok(0) => break Ok(kept),
                Ok(n) => {
                    let room = limit.saturating_sub(kept.len());
                    kept.extend_from_slice(&chunk[..n.min(room)]);
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => break Err(error),
            }
        };
        let _ = tx.send(result);
    })?;
    Ok(rx)
}

/// Waits for `rx` until `deadline`; `None` on timeout (or if the sender is gone).
pub(crate) fn recv_until<T>(rx: &Receiver<T>, deadline: Instant) -> Option<T> {
    rx.recv_timeout(deadline.saturating_duration_since(Instant::now()))
        .ok()
}

/// Waits for `child` to exit until `deadline` by polling (no signal handler is installed, so
/// the library stays out of the host program's way); `None` if it is still running. Call it
/// when the child has closed its output and is expected to exit at once.
pub(crate) fn wait_until(child: &mut Child, deadline: Instant) -> io::Result<Option<ExitStatus>> {
    let mut pause = Duration::from_micros(100);
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(Some(status));
        }
        let now = Instant::now();
        if now >= deadline {
            return Ok(None);
        }
        thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// Kills `child` and every process of its group (if they still run) and reaps `child`.
pub(crate) fn kill(child: &mut Child) -> Option<ExitStatus> {
    kill_group(child.id());
    let _ = child.kill();
    child.wait().ok()
}
