//! The files `gan migrate` writes besides standard output (`-o`, `--report`): atomic, and
//! named in their errors.

use std::io;
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

/// `-o` and `--report` files ([`AtomicFile`]), with the path named in their errors.
pub(super) fn create(destination: &Path) -> io::Result<AtomicFile> {
    AtomicFile::create(destination).map_err(|error| context(&error, destination))
}

/// Commits a file made by [`create`], naming it in the error.
pub(super) fn commit(file: AtomicFile) -> io::Result<()> {
    let destination = file.destination().to_owned();
    file.commit().map_err(|error| context(&error, &destination))
}
