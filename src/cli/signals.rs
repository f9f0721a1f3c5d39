//! Ctrl-C (`SIGINT`) and `SIGTERM`. A thread waits for them; on the first:
//!
//! - `gan check` kills the process groups of its adapters, prints the report of what ran, and
//!   exits 130 (143 for `SIGTERM`);
//! - every other command deletes the temporary files of its unfinished `-o`, `--report` or
//!   `generate` writes, then dies of the signal as it would have without a handler.
//!
//! A second signal during `gan check` ends it at once.
//!
//! A process stopped for reading the terminal from the background (`SIGTTIN`, as under
//! `timeout` started from an interactive shell) that is then sent `SIGTERM` and `SIGCONT`
//! would read again and be stopped again before the waiting thread could run: once one of
//! the two signals has come, `SIGTTIN` and `SIGTTOU` end the process (128 + the signal)
//! instead of stopping it. When no thread can be made, the signals keep their default action.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::OnceLock;

use crate::check::Cancel;

/// The run `gan check` is making, once it has started one.
static CHECK: OnceLock<Cancel> = OnceLock::new();

/// The signal caught, or 0.
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// Starts the thread that waits for the signals (once, at start-up).
///
/// The waiting thread blocks `SIGINT`, `SIGTERM`, `SIGTTIN` and `SIGTTOU` (it is made with
/// them blocked), so their handlers run on the threads doing the work, never on it: a
/// `SIGTERM` that `timeout` sends with `SIGCONT` to a process stopped in a read is then
/// handled by the thread that was stopped, as it resumes and before it reads again. When the
/// handler could run on the waiting thread, the reading thread could read again, get
/// `SIGTTIN` and stop the process before the other had recorded the `SIGTERM`: `timeout 0.5
/// gan parse` on a terminal hung in about one run of five.
#[cfg(unix)]
pub(super) fn install() {
    use signal_hook::consts::{SIGINT, SIGTERM, SIGTTIN, SIGTTOU};
    use std::sync::atomic::AtomicBool;
    use std::sync::{mpsc, Arc};
    // The thread first: without it, no handler is installed at all.
    let (give, take) = mpsc::channel::<signal_hook::iterator::Signals>();
    let waiting = with_blocked(&[SIGINT, SIGTERM, SIGTTIN, SIGTTOU], || {
        std::thread::Builder::new()
            .name("signals".to_owned())
            .spawn(move || {
                let Ok(mut signals) = take.recv() else {
                    return;
                };
                for signal in signals.forever() {
                    let first = CAUGHT.swap(signal, Ordering::SeqCst) == 0;
                    match CHECK.get() {
                        Some(cancel) if first => cancel.cancel(),
                        _ => die(signal),
                    }
                }
            })
    });
    if waiting.is_err() {
        return;
    }
    // Set in the handler itself, before the thread it runs on goes on; registered before the
    // waiting thread's wake-up, so the flag is set first. The shutdowns go before the default
    // stop.
    let (interrupted, terminated) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let _ = signal_hook::flag::register(SIGINT, Arc::clone(&interrupted));
    let _ = signal_hook::flag::register(SIGTERM, Arc::clone(&terminated));
    let Ok(signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    let stop = Arc::new(AtomicBool::new(true));
    for tty in [SIGTTIN, SIGTTOU] {
        let _ = signal_hook::flag::register_conditional_shutdown(
            tty,
            128 + SIGTERM,
            Arc::clone(&terminated),
        );
        let _ = signal_hook::flag::register_conditional_shutdown(
            tty,
            128 + SIGINT,
            Arc::clone(&interrupted),
        );
        let _ = signal_hook::flag::register_conditional_default(tty, Arc::clone(&stop));
    }
    let _ = give.send(signals);
}

/// `make()` run with `signals` blocked on the calling thread (a thread it starts inherits the
/// mask), the calling thread's mask restored after.
#[cfg(unix)]
fn with_blocked<T>(signals: &[i32], make: impl FnOnce() -> T) -> T {
    use nix::sys::signal::{pthread_sigmask, SigSet, SigmaskHow, Signal};
    let mut set = SigSet::empty();
    for &signal in signals {
        if let Ok(signal) = Signal::try_from(signal) {
            set.add(signal);
        }
    }
    let mut before = SigSet::empty();
    let blocked = pthread_sigmask(SigmaskHow::SIG_BLOCK, Some(&set), Some(&mut before)).is_ok();
    let result = make();
    if blocked {
        let _ = pthread_sigmask(SigmaskHow::SIG_SETMASK, Some(&before), None);
    }
    result
}

#[cfg(not(unix))]
pub(super) fn install() {}

/// From now on a signal cancels `cancel`'s run instead of ending the process.
pub(super) fn cancel_on_signal(cancel: &Cancel) {
    let _ = CHECK.set(cancel.clone());
    if CAUGHT.load(Ordering::SeqCst) != 0 {
        cancel.cancel();
    }
}

/// The exit status for a run a signal interrupted (128 + the signal), if one did.
pub(super) fn interrupted() -> Option<u8> {
    match CAUGHT.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(u8::try_from(128 + signal).unwrap_or(u8::MAX)),
    }
}

/// Deletes the unfinished temporary files, then ends the process by `signal`.
#[cfg(unix)]
fn die(signal: i32) -> ! {
    super::atomic::remove_pending();
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal)
}
