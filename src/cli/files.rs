//! The files `gan migrate` writes besides standard output (`-o`, `--report`): atomic, and
//! named in their errors.

use std::io;
use std::path::Path;

use crate::atomic::AtomicFile;

/// `error` with `path` in front of its message.
pub(super) fn context(error: &io::Error, path: &Path) -> io::Error {
    io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

/// `-o` and `--report` files ([`AtomicFile`]), with the path named in their errors.
pub(super) fn create(destination: &Path) -> io::Result<AtomicFile> {
    AtomicFile::create(destination).map_err(|error| context(&error, destination))
}

/// Commits a file made by [`create`], naming it in the error.
pub(super) fn commit(file: AtomicFile) -> io::Result<()> {
    let destination = file.destination().to_owned();
    file.commit().map_err(|error| context(&error, &destination))
}
