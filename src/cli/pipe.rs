//! The standard streams: closed pipes, and errors that name their stream.
//!
//! `gan ... | head -1` closes standard output early; `2>&1 | head -1` closes standard error
//! too. Output then stops, but the work goes on to the end of the input, so that the exit
//! status still covers all of it (1 if anything was invalid) and `-o` files are still written
//! whole. Any other error of a standard stream reads `standard output: <reason>` (or
//! `standard input: …`), so that every I/O error of gan has the shape
//! `gan <command>: <path>: <reason>`.

use std::io::{self, Read, Write};

/// A standard stream whose errors name it: `standard output: No space left on device`. A
/// closed pipe (`EPIPE`) is passed on unchanged, for [`Closable`] and the commands that stop
/// printing at it.
#[derive(Debug)]
pub(super) struct Named<S> {
    inner: S,
    name: &'static str,
}

impl<W: Write> Named<W> {
    /// Standard output (`inner`, its lock).
    pub(super) fn stdout(inner: W) -> Self {
        Named {
            inner,
            name: "standard output",
        }
    }
}

impl<R: Read> Named<R> {
    /// Standard input (`inner`, its lock).
    pub(super) fn stdin(inner: R) -> Self {
        Named {
            inner,
            name: "standard input",
        }
    }
}

impl<S> Named<S> {
    fn name(&self, error: io::Error) -> io::Error {
        if error.kind() == io::ErrorKind::BrokenPipe {
            return error;
        }
        io::Error::new(error.kind(), format!("{}: {error}", self.name))
    }
}

impl<W: Write> Write for Named<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.inner.write(bytes).map_err(|error| self.name(error))
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner
            .write_all(bytes)
            .map_err(|error| self.name(error))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|error| self.name(error))
    }
}

impl<R: Read> Read for Named<R> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buffer).map_err(|error| self.name(error))
    }
}

/// Standard input, its errors named.
pub(super) fn stdin() -> Named<io::StdinLock<'static>> {
    Named::stdin(io::stdin().lock())
}

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
    fn a_named_stream_names_every_error_but_a_closed_pipe() {
        struct Failing(io::ErrorKind);
        impl Write for Failing {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(self.0, "disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let error = Named::stdout(Failing(io::ErrorKind::Other))
            .write_all(b"x")
            .unwrap_err();
        assert_eq!(error.to_string(), "standard output: disk full");
        let error = Named::stdout(Failing(io::ErrorKind::BrokenPipe))
            .write_all(b"x")
            .unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
        assert_eq!(error.to_string(), "disk full");
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
