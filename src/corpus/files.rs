//! The generated files on disk: written atomically (a temporary file in the same folder,
//! then a rename), or compared with what the generator would write (`gan generate --check`).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

use super::generate::Corpus;
use crate::suite::SUITES;

/// An I/O error on a file of the corpus.
#[derive(Debug)]
pub struct FileError {
    /// The file or folder.
    pub path: PathBuf,
    /// The error.
    pub error: io::Error,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.error)
    }
}

impl std::error::Error for FileError {}

/// How a file on disk differs from the generated one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Staleness {
    /// Its content differs.
    Differs,
    /// It does not exist.
    Missing,
    /// The generator no longer writes it (a file of a folder of one file per dialect, of no
    /// dialect generated).
    Extra,
}

impl fmt::Display for Staleness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Staleness::Differs => "differs from the generated file",
            Staleness::Missing => "is missing",
            Staleness::Extra => "is no longer generated",
        })
    }
}

/// Writes every file of `corpus` under `dir`, all at once: `dir` is replaced as a whole
/// (`crate::cli::atomic::replace_dir`; the files the corpus does not hold are kept), so it is
/// entirely old or entirely new whatever happens, and two runs cannot interleave. Returns the
/// paths written.
pub fn write(dir: &Path, corpus: &Corpus) -> Result<Vec<PathBuf>, FileError> {
    let mut failed = None;
    crate::cli::atomic::replace_dir(dir, |staging| {
        for (relative, contents) in &corpus.files {
            if let Err(error) = write_plain(&staging.join(relative), contents.as_bytes()) {
                failed = Some(FileError {
                    path: dir.join(relative),
                    error: io::Error::new(error.kind(), error.to_string()),
                });
                return Err(error);
            }
        }
        Ok(())
    })
    .map_err(|error| {
        failed.take().unwrap_or(FileError {
            path: dir.to_owned(),
            error,
        })
    })?;
    Ok(corpus
        .files
        .iter()
        .map(|(relative, _)| dir.join(relative))
        .collect())
}

/// Writes `bytes` to `path` in the staging tree, creating its folder.
fn write_plain(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder)?;
    }
    std::fs::write(path, bytes)
}

/// Writes `bytes` to `path` atomically (`crate::cli::atomic`), creating its folder.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let folder = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).map_err(|error| FileError {
        path: folder.to_owned(),
        error,
    })?;
    crate::cli::atomic::write(path, bytes).map_err(|error| FileError {
        path: path.to_owned(),
        error,
    })
}

/// The files under `dir` that are not exactly what `corpus` holds, in the corpus's order,
/// then, when the corpus covers every dialect, the extra `*.json` of each folder of one file
/// per dialect ([`VectorFiles::per_dialect`](crate::suite::VectorFiles::per_dialect)).
pub fn stale(dir: &Path, corpus: &Corpus) -> Result<Vec<(String, Staleness)>, FileError> {
    let mut found = Vec::new();
    for (relative, contents) in &corpus.files {
        let path = dir.join(relative);
        match std::fs::read(&path) {
            Ok(bytes) if bytes == contents.as_bytes() => {}
            Ok(_) => found.push((relative.clone(), Staleness::Differs)),
            Err(error) if error.kind() == io::ErrorKind::NotFound => {
                found.push((relative.clone(), Staleness::Missing));
            }
            Err(error) => return Err(FileError { path, error }),
        }
    }
    if corpus.manifest.is_some() {
        for folder in SUITES.iter().filter_map(|suite| suite.files.per_dialect) {
            found.extend(extra(dir, folder, corpus)?);
        }
    }
    Ok(found)
}

/// The `*.json` files of `dir/folder` that `corpus` does not hold, sorted.
fn extra(dir: &Path, folder: &str, corpus: &Corpus) -> Result<Vec<(String, Staleness)>, FileError> {
    let path = dir.join(folder);
    let entries = match std::fs::read_dir(&path) {
        Ok(entries) => entries,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(FileError { path, error }),
    };
    let mut extra = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|error| FileError {
            path: path.clone(),
            error,
        })?;
        let relative = format!("{folder}/{}", entry.file_name().to_string_lossy());
        let is_json = Path::new(&relative)
            .extension()
            .is_some_and(|e| e == "json");
        if is_json && !corpus.files.iter().any(|(path, _)| *path == relative) {
            extra.push((relative, Staleness::Extra));
        }
    }
    extra.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(extra)
}
