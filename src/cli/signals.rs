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
#[cfg(unix)]
pub(super) fn install() {
    use signal_hook::consts::{SIGINT, SIGTERM, SIGTTIN, SIGTTOU};
    use std::sync::atomic::AtomicBool;
    use std::sync::{mpsc, Arc};
    // The thread first: without it, no handler is installed at all.
    let (give, take) = mpsc::channel::<signal_hook::iterator::Signals>();
    let waiting = std::thread::Builder::new()
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
        });
    if waiting.is_err() {
        return;
    }
    let Ok(signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    // Set in the handler itself, before any thread runs again; the shutdowns go first, the
    // default stop after them.
    let (interrupted, terminated) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let stop = Arc::new(AtomicBool::new(true));
    let _ = signal_hook::flag::register(SIGINT, Arc::clone(&interrupted));
    let _ = signal_hook::flag::register(SIGTERM, Arc::clone(&terminated));
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
