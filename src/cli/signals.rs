//! Ctrl-C (`SIGINT`) and `SIGTERM`. A thread waits for them; on the first:
//!
//! - `gan check` kills the process groups of its adapters, prints the report of what ran, and
//!   exits 130 (143 for `SIGTERM`);
//! - every other command deletes the temporary files of its unfinished `-o`, `--report` or
//!   `generate` writes, then dies of the signal as it would have without a handler.
//!
//! A second signal during `gan check` ends it at once.

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
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        for signal in signals.forever() {
            let first = CAUGHT.swap(signal, Ordering::SeqCst) == 0;
            match CHECK.get() {
                Some(cancel) if first => cancel.cancel(),
                _ => die(signal),
            }
        }
    });
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
