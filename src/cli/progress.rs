//! Progress on standard error for long reads (`gan parse`, `gan detect`, `gan migrate`),
//! labelled with the command, rates in whole numbers.
//!
//! Shown only when standard error is a terminal, never with `--quiet`, and only for a large
//! input: a bar from the start when the input is a file of at least [`THRESHOLD`] bytes, a
//! byte count once [`THRESHOLD`] bytes have been read when the size is unknown (a pipe).
//! The bar moves once per read (a block of about a MiB), never per line.
//!
//! Output and bar never share a line: when standard output is a terminal too, every write
//! to it is made with the bar cleared, and the bar is drawn again below it ([`Suspending`]).

use std::fmt;
use std::io::{self, IsTerminal, Read, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// Inputs at least this large get progress.
pub(super) const THRESHOLD: u64 = 4 << 20;

/// Progress over the bytes of one input (nothing at all when it is not to be shown).
#[derive(Debug, Clone, Default)]
pub(super) struct Progress {
    bar: Option<ProgressBar>,
    /// Bytes read before the bar appears.
    show_at: u64,
}

impl Progress {
    /// Progress for an input of `size` bytes (`None`: unknown), labelled with the command
    /// (`gan parse`): `gan parse: ████░░ 1.00 MiB/4.58 MiB, 31 MiB/s, eta 1s`.
    pub(super) fn of_size(label: &str, size: Option<u64>, quiet: bool) -> Progress {
        if quiet || !io::stderr().is_terminal() || size.is_some_and(|size| size < THRESHOLD) {
            return Progress::default();
        }
        let bar = ProgressBar::with_draw_target(size, ProgressDrawTarget::hidden());
        if let Some(style) = byte_style(label, size.is_some()) {
            bar.set_style(style);
        }
        Progress {
            bar: Some(bar),
            show_at: if size.is_some() { 0 } else { THRESHOLD },
        }
    }

    /// The bar, when there is one to draw.
    pub(super) fn bar(&self) -> Option<&ProgressBar> {
        self.bar.as_ref()
    }

    /// `bytes` more bytes read.
    pub(super) fn advance(&self, bytes: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(bytes);
            if bar.is_hidden() && bar.position() >= self.show_at {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// `inner`, advancing the progress by what is read from it once it is worked through.
    pub(super) fn reader<R: Read>(&self, inner: R) -> Metered<R> {
        Metered {
            inner,
            progress: self.clone(),
            unworked: 0,
        }
    }

    /// `inner` (standard output), written with the bar cleared when it is a terminal.
    pub(super) fn writer<W: Write>(&self, inner: W) -> Suspending<'_, W> {
        Suspending {
            inner,
            bar: self.bar.as_ref().filter(|_| io::stdout().is_terminal()),
        }
    }

    /// Clears the bar for good.
    pub(super) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// The style of a byte count labelled `label` (`gan parse`): a bar with the total and an eta
/// when the size is known, the bytes read and the rate otherwise.
fn byte_style(label: &str, sized: bool) -> Option<ProgressStyle> {
    let template = if sized {
        format!("{label}: {{wide_bar}} {{bytes}}/{{total_bytes}}, {{rate}}, eta {{eta}}")
    } else {
        format!("{label}: {{bytes}} read, {{rate}}")
    };
    let style = ProgressStyle::with_template(&template).ok()?;
    Some(style.with_key("rate", byte_rate))
}

/// The style of a bar counting `items` (`vectors`) labelled `label` (`gan check`):
/// `gan check: ███░░░ 1200/14928 vectors, 5400/s, eta 3s`.
pub(super) fn count_style(label: &str, items: &str) -> Option<ProgressStyle> {
    let template = format!("{label}: {{wide_bar}} {{pos}}/{{len}} {items}, {{rate}}, eta {{eta}}");
    let style = ProgressStyle::with_template(&template).ok()?;
    Some(style.with_key("rate", whole_per_second))
}

/// The rate of a byte bar in whole units: `31 MiB/s`, `740 KiB/s`, `12 B/s`.
fn byte_rate(state: &ProgressState, out: &mut dyn fmt::Write) {
    let _ = out.write_str(&whole_bytes_per_second(state.per_sec()));
}

/// `bytes` a second in whole binary units.
pub(super) fn whole_bytes_per_second(bytes: f64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut value = if bytes.is_finite() {
        bytes.max(0.0)
    } else {
        0.0
    };
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.0} {}/s", UNITS[unit])
}

/// A rate of items in whole numbers: `12913/s`.
fn whole_per_second(state: &ProgressState, out: &mut dyn fmt::Write) {
    let rate = state.per_sec();
    let rate = if rate.is_finite() { rate.max(0.0) } else { 0.0 };
    let _ = write!(out, "{rate:.0}/s");
}

/// A reader that advances a [`Progress`] (once per read: a block, not a line) by the bytes
/// worked through: those of a read count at the next read, which the engine makes once it
/// has worked through the block before (`Blocks`). Counted at their own read, the bytes of
/// a block not yet worked through made the rate twice the true one at first, and the eta
/// half (the estimate smooths the rate over seconds).
#[derive(Debug)]
pub(super) struct Metered<R> {
    inner: R,
    progress: Progress,
    /// The bytes of the last read.
    unworked: u64,
}

impl<R: Read> Read for Metered<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.progress.advance(std::mem::take(&mut self.unworked));
        let n = self.inner.read(buffer)?;
        self.unworked = n as u64;
        Ok(n)
    }
}

/// A writer whose writes clear the bar first and draw it again after.
#[derive(Debug)]
pub(super) struct Suspending<'a, W> {
    inner: W,
    bar: Option<&'a ProgressBar>,
}

impl<W: Write> Write for Suspending<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self.bar {
            Some(bar) if !bar.is_hidden() => bar.suspend(|| self.inner.write(bytes)),
            _ => self.inner.write(bytes),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.bar {
            Some(bar) if !bar.is_hidden() => bar.suspend(|| self.inner.write_all(bytes)),
            _ => self.inner.write_all(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self.bar {
            Some(bar) if !bar.is_hidden() => bar.suspend(|| self.inner.flush()),
            _ => self.inner.flush(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io;
    use std::sync::{Arc, Mutex};

    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

    use super::{byte_style, count_style, whole_bytes_per_second, Progress};
    use crate::records::{Blocks, Framing};

    /// An 80-column terminal that keeps what is written to it.
    #[derive(Debug, Clone, Default)]
    struct Screen(Arc<Mutex<String>>);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            80
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, line: &str) -> io::Result<()> {
            let mut text = self.0.lock().unwrap();
            text.push_str(line);
            text.push('\n');
            Ok(())
        }
        fn write_str(&self, part: &str) -> io::Result<()> {
            self.0.lock().unwrap().push_str(part);
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            let mut text = self.0.lock().unwrap();
            let start = text.rfind('\n').map_or(0, |at| at + 1);
            text.truncate(start);
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The line a bar of `style` draws at `position` of `len`, after a few steps (for a rate).
    fn drawn(style: ProgressStyle, len: Option<u64>, position: u64) -> String {
        let screen = Screen::default();
        let bar = ProgressBar::with_draw_target(
            len,
            ProgressDrawTarget::term_like(Box::new(screen.clone())),
        );
        bar.set_style(style);
        for step in 1..=4 {
            std::thread::sleep(std::time::Duration::from_millis(5));
            bar.set_position(position * step / 4);
        }
        bar.force_draw();
        let text = screen.0.lock().unwrap().clone();
        text.lines()
            .last()
            .unwrap_or_default()
            .trim_end()
            .to_owned()
    }

    /// Progress says whose it is and counts in whole numbers (`gan check` printed
    /// `12,912.9029/s` with no label).
    #[test]
    fn progress_is_labelled_and_its_rates_are_whole() {
        let line = drawn(
            count_style("gan check", "vectors").unwrap(),
            Some(14928),
            1200,
        );
        let shape =
            regex::Regex::new(r"^gan check: \S+ 1200/14928 vectors, \d+/s, eta \d+[smh]$").unwrap();
        assert!(shape.is_match(&line), "{line:?}");
        assert!(line.chars().count() <= 80, "{line:?}");
        let line = drawn(
            byte_style("gan parse", true).unwrap(),
            Some(48 << 20),
            12 << 20,
        );
        let shape = regex::Regex::new(
            r"^gan parse: \S+ 12\.00 MiB/48\.00 MiB, \d+ (B|KiB|MiB|GiB)/s, eta \d+[smh]$",
        )
        .unwrap();
        assert!(shape.is_match(&line), "{line:?}");
        let line = drawn(byte_style("gan migrate", false).unwrap(), None, 5 << 20);
        let shape =
            regex::Regex::new(r"^gan migrate: 5\.00 MiB read, \d+ (B|KiB|MiB|GiB)/s$").unwrap();
        assert!(shape.is_match(&line), "{line:?}");
    }

    /// The bar counts the bytes the engine has worked through, not those it has read ahead:
    /// its rate and eta come from the position, and a block read but not yet worked through
    /// made `gan detect` (a second a block) show twice its true rate and half its eta.
    #[test]
    fn the_bar_counts_the_blocks_worked_through() {
        let input = "C:K\n".repeat(3 << 18);
        let progress = Progress {
            bar: Some(ProgressBar::with_draw_target(
                Some(input.len() as u64),
                ProgressDrawTarget::hidden(),
            )),
            show_at: 0,
        };
        let position = || progress.bar().unwrap().position();
        let mut blocks = Blocks::new(progress.reader(input.as_bytes()), Framing::Lines, 64);
        let (mut done, mut count) = (0, 0);
        while let Some(block) = blocks.next_block().unwrap() {
            assert_eq!(position(), done, "block {count}");
            done += block.len() as u64;
            count += 1;
        }
        assert!(count > 2, "{count} blocks");
        assert_eq!(position(), input.len() as u64);
    }

    #[test]
    fn rates_are_whole_numbers_of_binary_units() {
        assert_eq!(whole_bytes_per_second(12.6), "13 B/s");
        assert_eq!(whole_bytes_per_second(2048.0), "2 KiB/s");
        assert_eq!(whole_bytes_per_second(31.4 * 1024.0 * 1024.0), "31 MiB/s");
        assert_eq!(whole_bytes_per_second(f64::NAN), "0 B/s");
    }
}
