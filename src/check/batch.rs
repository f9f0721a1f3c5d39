//! Batch mode: one process serves every vector, in every suite. Up to `in_flight` requests are written ahead
//! of their replies (a writer thread feeds standard input, a reader thread hands over complete
//! reply lines); replies come back in order. A crash or a timeout costs the oldest unanswered
//! vector its result; the command restarts and the other unanswered requests are sent again.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crate::suite::{show, stderr_suffix, Answer};

use super::cancel::{self, Cancel};
use super::outcome::Recorder;
use super::plan::Case;
use super::process::{self, Command, StderrTail};
use super::protocol;
use super::{CheckError, Config};

/// After this many consecutive starts that answer nothing, the rest of the run is `crash`.
pub const MAX_SILENT_STARTS: usize = 3;

/// After a read shorter than this, the reader pauses for `COALESCE_PAUSE`.
const COALESCE_BELOW: usize = 4 << 10;
const COALESCE_PAUSE: Duration = Duration::from_micros(100);

/// A reply line may not be longer than this.
const MAX_LINE: usize = 16 << 20;

/// Runs `cases` through one process at a time; results go to `recorder`, remarks about the
/// command (a bad exit status at the end, stray output) to `notes`.
pub(crate) fn run(
    cases: &[Case],
    config: &Config,
    recorder: &Recorder<'_>,
    notes: &mut Vec<String>,
) -> Result<(), CheckError> {
    let mut pending = VecDeque::new();
    for (index, case) in cases.iter().enumerate() {
        match case.not_sent_in_batch() {
            None => pending.push_back(index),
            Some(why) => {
                recorder.record(index, Answer::NotRun(why.to_owned()));
            }
        }
    }
    let mut queue = Queue {
        pending,
        in_flight: VecDeque::new(),
    };
    let mut started = false;
    let mut silent_starts = 0;
    while !queue.is_empty() && !recorder.stopped() {
        queue.requeue();
        let mut adapter = match Adapter::start(&config.command, &config.cancel) {
            Ok(adapter) => adapter,
            // Cancelled: the run ends with the results it has.
            Err(_) if config.cancel.is_cancelled() => break,
            Err(error) if process::is_gans_own(&error) => {
                return Err(CheckError::OutOfResources(error));
            }
            Err(error) if !started => {
                return Err(CheckError::CannotStart {
                    program: config.command.program().to_path_buf(),
                    error,
                });
            }
            Err(error) => {
                queue.give_up(recorder, &format!("could not restart the command: {error}"));
                break;
            }
        };
        started = true;
        let mut session = Session {
            cases,
            config,
            recorder,
            queue: &mut queue,
            answered: false,
        };
        let ending = session.serve(&mut adapter);
        let answered = session.answered;
        match ending {
            Ending::Done => adapter.finish(config.timeout, notes),
            Ending::Stopped => adapter.kill(),
            Ending::Broken(problem) => {
                let message = adapter.describe_crash(problem, config.timeout);
                if let Some(oldest) = queue.in_flight.pop_front() {
                    recorder.record(oldest.case, Answer::Crash(message));
                }
            }
            Ending::TimedOut => {
                adapter.kill();
                let stderr = adapter.stderr.text(Duration::from_secs(1));
                let message = format!(
                    "no reply within {} s{}",
                    config.timeout.as_secs_f64(),
                    stderr_suffix(&stderr)
                );
                if let Some(oldest) = queue.in_flight.pop_front() {
                    recorder.record(oldest.case, Answer::Timeout(message));
                }
            }
        }
        silent_starts = if answered { 0 } else { silent_starts + 1 };
        if silent_starts >= MAX_SILENT_STARTS && !queue.is_empty() && !recorder.stopped() {
            queue.give_up(
                recorder,
                &format!("not run: {MAX_SILENT_STARTS} consecutive starts of the command answered nothing"),
            );
        }
    }
    Ok(())
}

/// Vectors not yet answered: those still to send, and those sent (oldest first).
struct Queue {
    pending: VecDeque<usize>,
    in_flight: VecDeque<Flight>,
}

/// A request sent and not yet answered.
struct Flight {
    case: usize,
    sent: Instant,
}

impl Queue {
    fn is_empty(&self) -> bool {
        self.pending.is_empty() && self.in_flight.is_empty()
    }

    /// Puts the unanswered requests back in front of the others, in their original order.
    fn requeue(&mut self) {
        while let Some(flight) = self.in_flight.pop_back() {
            self.pending.push_front(flight.case);
        }
    }

    /// Every vector not yet answered is a crash.
    fn give_up(&mut self, recorder: &Recorder<'_>, message: &str) {
        self.requeue();
        for case in self.pending.drain(..) {
            recorder.record(case, Answer::Crash(message.to_owned()));
        }
    }
}

/// How one process's turn ended.
enum Ending {
    /// Every vector answered.
    Done,
    /// `--max-failures` reached.
    Stopped,
    /// The stream broke (exit, closed output, unparsable line, wrong id): why.
    Broken(Broken),
    /// The oldest request got no reply in time.
    TimedOut,
}

enum Broken {
    /// The command closed its standard output (usually: it exited).
    Closed,
    /// Reading its standard output failed.
    Read(io::Error),
    /// A reply line that breaks the protocol.
    Reply(String),
}

struct Session<'s, 'r> {
    cases: &'s [Case],
    config: &'s Config,
    recorder: &'s Recorder<'r>,
    queue: &'s mut Queue,
    answered: bool,
}

impl Session<'_, '_> {
    /// Sends requests and reads replies until the queue is empty or the stream breaks.
    fn serve(&mut self, adapter: &mut Adapter) -> Ending {
        let mut last_reply = Instant::now();
        loop {
            if self.recorder.stopped() {
                return Ending::Stopped;
            }
            self.fill(adapter);
            let Some(oldest) = self.queue.in_flight.front() else {
                return Ending::Done;
            };
            // The oldest request's clock runs from when it was sent, or from the previous
            // reply if that came later: the command works through requests in order.
            let deadline = oldest.sent.max(last_reply) + self.config.timeout;
            let Some(message) = process::recv_until(&adapter.replies, deadline) else {
                return if Instant::now() >= deadline {
                    Ending::TimedOut
                } else {
                    Ending::Broken(Broken::Closed)
                };
            };
            let chunk = match message {
                FromReader::Lines(chunk) => chunk,
                FromReader::End(None) => return Ending::Broken(Broken::Closed),
                FromReader::End(Some(error)) => return Ending::Broken(Broken::Read(error)),
            };
            let lines = chunk.strip_suffix(b"\n").unwrap_or(&chunk);
            for line in lines.split(|&byte| byte == b'\n') {
                if let Some(ending) = self.reply(line) {
                    return ending;
                }
            }
            last_reply = Instant::now();
        }
    }

    /// Tops the requests in flight up to `in_flight` once half of them are answered: one
    /// write (and one wake-up of the writer) per half window, not one per reply.
    fn fill(&mut self, adapter: &Adapter) {
        let window = self.config.in_flight.max(1);
        if self.queue.in_flight.len() > window / 2 || self.queue.pending.is_empty() {
            return;
        }
        let room = window - self.queue.in_flight.len();
        let mut buffer = Vec::new();
        let sent = Instant::now();
        for case in self
            .queue
            .pending
            .drain(..room.min(self.queue.pending.len()))
        {
            protocol::write_request(&self.cases[case], &mut buffer);
            self.queue.in_flight.push_back(Flight { case, sent });
        }
        // If the writer is gone the command closed its input; the reader reports the rest.
        if let Some(requests) = &adapter.requests {
            let _ = requests.send(buffer);
        }
    }

    /// Handles one reply line; `Some` ends the session.
    fn reply(&mut self, line: &[u8]) -> Option<Ending> {
        let Some(oldest) = self.queue.in_flight.front() else {
            return Some(Ending::Broken(Broken::Reply(format!(
                "a reply line with no request waiting: {}",
                show(line)
            ))));
        };
        match protocol::batch_reply(line, &self.cases[oldest.case]) {
            Ok(answer) => {
                let case = oldest.case;
                self.queue.in_flight.pop_front();
                self.answered = true;
                if !self.recorder.record(case, answer) {
                    return Some(Ending::Stopped);
                }
                None
            }
            Err(problem) => Some(Ending::Broken(Broken::Reply(problem))),
        }
    }
}

/// What the reader thread hands over.
enum FromReader {
    /// Complete lines, each ending with LF.
    Lines(Vec<u8>),
    /// End of output, or why reading failed.
    End(Option<io::Error>),
}

/// One running process of the command, with its feeding and draining threads.
struct Adapter {
    child: Child,
    cancel: Cancel,
    requests: Option<Sender<Vec<u8>>>,
    replies: Receiver<FromReader>,
    stderr: StderrTail,
}

impl Adapter {
    fn start(command: &Command, cancel: &Cancel) -> io::Result<Adapter> {
        let mut child = cancel.spawn(
            command
                .piped()
                // The per-case variables would tell an adapter like gan_ref.py to serve one
                // case.
                .env_remove("GAN_CHECK_DIALECT")
                .env_remove("GAN_CHECK_ID"),
        )?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            unreachable!("all three streams are piped");
        };
        // A thread refused: the command is ended, and the error is gan's.
        let streams = feed(stdin)
            .and_then(|requests| Ok((requests, read_lines(stdout)?, StderrTail::collect(stderr)?)));
        let (requests, replies, stderr) = match streams {
            Ok(streams) => streams,
            Err(error) => {
                process::kill(&mut child);
                cancel.release(&child);
                return Err(error);
            }
        };
        Ok(Adapter {
            child,
            cancel: cancel.clone(),
            requests: Some(requests),
            replies,
            stderr,
        })
    }

    /// Closes standard input and expects the command to exit 0 with no more output, and to
    /// leave no process of its group running (they are killed: one that kept the output
    /// open would otherwise hold the run until the timeout).
    fn finish(&mut self, timeout: Duration, notes: &mut Vec<String>) {
        drop(self.requests.take());
        let deadline = Instant::now() + timeout;
        let exited = process::wait_until(&mut self.child, deadline);
        if matches!(exited, Ok(Some(_))) && cancel::group_alive(self.child.id()) {
            notes.push(
                "the command left processes running after it exited: they were killed \
                 (the protocol asks an adapter to end everything it started)"
                    .to_owned(),
            );
        }
        self.cancel.release(&self.child);
        // Its whole group is gone: standard output ends as soon as what it wrote is read.
        let grace = Instant::now() + timeout.min(Duration::from_secs(1));
        let mut extra = None;
        while let Some(FromReader::Lines(lines)) = process::recv_until(&self.replies, grace) {
            extra.get_or_insert(lines);
        }
        if let Some(lines) = extra {
            notes.push(format!(
                "the command wrote more after its last reply: {}",
                show(lines.split(|&b| b == b'\n').next().unwrap_or_default())
            ));
        }
        match exited {
            Ok(Some(status)) if status.success() => {}
            Ok(Some(status)) => notes.push(format!(
                "the command exited with {status} after its input was closed (the protocol asks \
                 for 0){}",
                stderr_suffix(&self.stderr.text(Duration::from_secs(1)))
            )),
            Ok(None) | Err(_) => {
                self.kill();
                notes.push(format!(
                    "the command was still running {} s after its input was closed: killed",
                    timeout.as_secs_f64()
                ));
            }
        }
    }

    fn kill(&mut self) {
        drop(self.requests.take());
        process::kill(&mut self.child);
        self.cancel.release(&self.child);
    }

    /// Ends the process and says what happened, for the crashed vector.
    fn describe_crash(&mut self, problem: Broken, timeout: Duration) -> String {
        drop(self.requests.take());
        let message = match problem {
            Broken::Closed => {
                let grace = Instant::now() + timeout.min(Duration::from_secs(2));
                match process::wait_until(&mut self.child, grace) {
                    Ok(Some(status)) => format!("the command exited ({status}) before replying"),
                    _ => "the command closed its standard output before replying".to_owned(),
                }
            }
            Broken::Read(error) => format!("reading the command's output failed: {error}"),
            Broken::Reply(problem) => problem,
        };
        self.kill();
        let stderr = self.stderr.text(Duration::from_secs(1));
        format!("{message}{}", stderr_suffix(&stderr))
    }
}

impl Drop for Adapter {
    /// Every path ends here: nothing of the command outlives its turn.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        } else {
            self.cancel.release(&self.child);
        }
    }
}

/// Writes every buffer it is sent to `stdin`; closes it when the sender is dropped.
fn feed(mut stdin: ChildStdin) -> io::Result<Sender<Vec<u8>>> {
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    process::spawn(move || {
        for buffer in rx {
            if stdin.write_all(&buffer).is_err() {
                break;
            }
        }
    })?;
    Ok(tx)
}

/// How many batches of reply lines the reader may hold that the judge has not taken.
const LINES_AHEAD: usize = 16;

/// Reads `stdout` in a thread and hands over complete lines, many at a time, at most
/// [`LINES_AHEAD`] batches ahead of the judge: an adapter that answers faster than gan judges
/// waits, instead of its replies piling up in memory.
fn read_lines(mut stdout: impl Read + Send + 'static) -> io::Result<Receiver<FromReader>> {
    let (tx, rx) = mpsc::sync_channel(LINES_AHEAD);
    process::spawn(move || {
        let mut buffer = vec![0u8; 64 << 10];
        let mut partial = Vec::new();
        let end = loop {
            match stdout.read(&mut buffer) {
                Ok(0) => {
                    if !partial.is_empty() {
                        // A last reply without its LF: take it as a line.
                        partial.push(b'\n');
                        let _ = tx.send(FromReader::Lines(std::mem::take(&mut partial)));
                    }
                    break None;
                }
                Ok(n) => {
                    let data = &buffer[..n];
                    if let Some(last) = data.iter().rposition(|&byte| byte == b'\n') {
                        let mut lines = std::mem::take(&mut partial);
                        lines.extend_from_slice(&data[..=last]);
                        partial.extend_from_slice(&data[last + 1..]);
                        if tx.send(FromReader::Lines(lines)).is_err() {
                            return;
                        }
                        if n < COALESCE_BELOW {
                            // A command that flushes every reply makes each read return a
                            // line or two; a short pause before the next read lets a few more
                            // arrive, so the main thread wakes once per handful of replies.
                            thread::sleep(COALESCE_PAUSE);
                        }
                    } else {
                        partial.extend_from_slice(data);
                        if partial.len() > MAX_LINE {
                            break Some(io::Error::new(
                                io::ErrorKind::InvalidData,
                                format!("a reply line longer than {} MiB", MAX_LINE >> 20),
                            ));
                        }
                    }
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => break Some(error),
            }
        };
        let _ = tx.send(FromReader::End(end));
    })?;
    Ok(rx)
}
