//! Closed pipes. `gan ... | head -1` closes standard output early; `2>&1 | head -1` closes
//! standard error too. Output then stops, but the work goes on to the end of the input, so
//! that the exit status still covers all of it (1 if anything was invalid) and `-o` files are
//! still written whole.

use std::io::{self, Write};

/// A writer that swallows a closed pipe (`EPIPE`): later writes are dropped.
#[derive(Debug)]
pub(super) struct Closable<W> {
    inner: W,
    closed: bool,
}

impl<W: Write> Closable<W> {
    pub(super) fn new(inner: W) -> Self {
        Closable {
            inner,
            closed: false,
        }
    }

    /// Whether the reader has gone.
    pub(super) fn is_closed(&self) -> bool {
        self.closed
    }

    fn swallow(&mut self, result: io::Result<()>) -> io::Result<()> {
        match result {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}

impl<W: Write> Write for Closable<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Ok(bytes.len());
        }
        match self.inner.write(bytes) {
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(bytes.len())
            }
            other => other,
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self.inner.write_all(bytes);
        self.swallow(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self.inner.flush();
        self.swallow(result)
    }
}

/// A writer that can tell whether its reader has gone, so that pure output work (the moves
/// of `ggn moves`) can stop early.
pub(super) trait Closed {
    fn is_closed(&self) -> bool;
}

impl<W: Write> Closed for io::BufWriter<Closable<W>> {
    fn is_closed(&self) -> bool {
        self.get_ref().is_closed()
    }
}

/// Standard error that a closed pipe does not break: diagnostics are lost, the exit status
/// and the files written are not.
pub(super) fn stderr() -> Closable<io::Stderr> {
    Closable::new(io::stderr())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pipe whose reader left after `room` bytes.
    struct Pipe {
        written: Vec<u8>,
        room: usize,
    }

    impl Write for Pipe {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            if self.written.len() >= self.room {
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            let n = bytes.len().min(self.room - self.written.len());
            self.written.extend_from_slice(&bytes[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_drops_output_without_an_error() {
        let mut out = Closable::new(Pipe {
            written: Vec::new(),
            room: 4,
        });
        out.write_all(b"ab").unwrap();
        assert!(!out.is_closed());
        out.write_all(b"cdef").unwrap();
        out.write_all(b"more").unwrap();
        out.flush().unwrap();
        assert!(out.is_closed());
        assert_eq!(out.inner.written, b"abcd");
    }

    #[test]
    fn other_errors_still_count() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let mut out = Closable::new(Full);
        assert!(out.write_all(b"x").is_err());
        assert!(!out.is_closed());
    }
}
