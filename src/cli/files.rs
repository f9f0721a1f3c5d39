//! The files the CLI writes besides standard output (`-o`, `--report`, `gan man --out`):
//! atomic, and named in their errors.

use std::io::{self, Write};
use std::path::Path;

use super::atomic::AtomicFile;

/// `error` with `path` in front of its message. A temporary file's path never shows: the
/// `… at path ".x.Ab12Cd.tmp"` tempfile adds to its errors is cut.
pub(super) fn context(error: &io::Error, path: &Path) -> io::Error {
    io::Error::new(
        error.kind(),
        format!("{}: {}", path.display(), plain(error)),
    )
}

/// The message of `error` without the temporary path tempfile appends to it.
pub(super) fn plain(error: &io::Error) -> String {
    let shown = error.to_string();
    match shown.rfind(" at path \"") {
        Some(at) if error.get_ref().is_some() && shown.ends_with('"') => shown[..at].to_owned(),
        _ => shown,
    }
}

/// Checks, before any work, that `destination` can be written: not a folder, in a folder
/// that exists and takes a new file (tried with a temporary file, removed at once).
pub(super) fn check_writable(destination: &Path) -> Result<(), String> {
    let name = destination.display();
    if destination.is_dir() {
        return Err(format!("{name}: is a folder, not a file"));
    }
    let folder = match destination.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    tempfile::Builder::new()
        .prefix(".gan-check-writable")
        .tempfile_in(folder)
        .map(drop)
        .map_err(|error| format!("{name}: cannot write there: {}", plain(&error)))
}

/// An output file ([`AtomicFile`]) whose every error names it.
pub(super) struct OutputFile(AtomicFile);

impl OutputFile {
    /// Deletes the temporary file; the destination is untouched.
    pub(super) fn discard(self) {
        self.0.discard();
    }

    fn named(&self, error: &io::Error) -> io::Error {
        context(error, self.0.destination())
    }
}

impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write(bytes).map_err(|error| self.named(&error))
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_all(bytes).map_err(|error| self.named(&error))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(|error| self.named(&error))
    }
}

/// `-o`, `--report` and `gan man --out` files ([`AtomicFile`]), with the path named in their
/// errors.
pub(super) fn create(destination: &Path) -> io::Result<OutputFile> {
    AtomicFile::create(destination)
        .map(OutputFile)
        .map_err(|error| context(&error, destination))
}

/// Commits a file made by [`create`], naming it in the error.
pub(super) fn commit(file: OutputFile) -> io::Result<()> {
    let destination = file.0.destination().to_owned();
    file.0
        .commit()
        .map_err(|error| context(&error, &destination))
}
