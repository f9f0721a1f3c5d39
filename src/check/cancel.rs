//! Ending a run from another thread ([`Cancel`]), and the process-group kill it shares with
//! the runners.

use std::io;
use std::process::Child;
use std::sync::{Arc, Mutex};

/// `SIGKILL` to the process group `child` leads (see `Command::piped`): whatever the
/// command started, its children and theirs, unless they left the group on purpose.
#[cfg(unix)]
pub(crate) fn kill_group(leader: u32) {
    if let Some(pid) = i32::try_from(leader)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
    }
}

#[cfg(not(unix))]
pub(crate) fn kill_group(_: u32) {}

/// Whether the process group `leader` led still has members (after `leader` itself was
/// reaped: processes it started and left running).
#[cfg(unix)]
pub(crate) fn group_alive(leader: u32) -> bool {
    i32::try_from(leader)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .is_some_and(|pid| rustix::process::test_kill_process_group(pid).is_ok())
}

#[cfg(not(unix))]
pub(crate) fn group_alive(_: u32) -> bool {
    false
}

/// Stops a run from another thread, typically a signal handler's: [`Cancel::cancel`] kills
/// the process group of every command running, and the run ends with the results it has.
/// Cloning shares it. The library installs no signal handler itself.
#[derive(Debug, Clone, Default)]
pub struct Cancel {
    state: Arc<CancelState>,
}

#[derive(Debug, Default)]
struct CancelState {
    cancelled: std::sync::atomic::AtomicBool,
    /// The process groups running (their leaders' ids).
    groups: Mutex<Vec<u32>>,
}

impl Cancel {
    /// A token not cancelled yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Ends the run: kills every process group it started and keeps it from starting more.
    pub fn cancel(&self) {
        self.state
            .cancelled
            .store(true, std::sync::atomic::Ordering::SeqCst);
        for &leader in self.groups().iter() {
            kill_group(leader);
        }
    }

    /// Whether [`cancel`](Self::cancel) was called.
    pub fn is_cancelled(&self) -> bool {
        self.state
            .cancelled
            .load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Starts `command` (made by `Command::piped`) and lists its process group until
    /// [`Cancel::release`]; a run cancelled meanwhile kills it at once.
    pub(crate) fn spawn(&self, command: &mut std::process::Command) -> io::Result<Child> {
        let mut groups = self.groups();
        if self.is_cancelled() {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the run was cancelled",
            ));
        }
        let child = command.spawn()?;
        groups.push(child.id());
        Ok(child)
    }

    /// Kills what is left of `child`'s process group and forgets it.
    pub(crate) fn release(&self, child: &Child) {
        let mut groups = self.groups();
        kill_group(child.id());
        groups.retain(|&leader| leader != child.id());
    }

    fn groups(&self) -> std::sync::MutexGuard<'_, Vec<u32>> {
        self.state
            .groups
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
