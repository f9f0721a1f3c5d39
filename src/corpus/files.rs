//! The generated files on disk: each written atomically (a temporary file in the same
//! folder, then a rename), or compared with what the generator would write (`gan generate --check`).

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

/// Writes every file of `corpus` under `dir`, each atomically
/// ([`write_atomically`]), the manifest last, under a lock beside `dir` (`.NAME.lock`) so that
/// two runs cannot interleave. Nothing else in `dir` is touched, except the files the old
/// manifest lists that this corpus (one with a manifest) no longer holds: those are removed.
/// A destination that is not a regular file (or a link to one) is refused before anything is
/// written. Returns the paths written.
pub fn write(dir: &Path, corpus: &Corpus) -> Result<Vec<PathBuf>, FileError> {
    let at = |path: &Path| {
        let path = path.to_owned();
        move |error| FileError { path, error }
    };
    std::fs::create_dir_all(dir).map_err(at(dir))?;
    let _lock = crate::cli::atomic::lock_dir(dir).map_err(at(dir))?;
    for (relative, _) in &corpus.files {
        replaceable(&dir.join(relative))?;
    }
    let stale: Vec<PathBuf> = if corpus.manifest.is_some() {
        old_manifest_files(dir)
            .into_iter()
            .filter(|old| !corpus.files.iter().any(|(path, _)| path == old))
            .map(|old| dir.join(old))
            .filter(|path| std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_file()))
            .collect()
    } else {
        Vec::new()
    };
    let (manifest, rest): (Vec<_>, Vec<_>) = corpus
        .files
        .iter()
        .partition(|(path, _)| path == "manifest.json" && corpus.manifest.is_some());
    for (relative, contents) in &rest {
        write_atomically(&dir.join(relative), contents.as_bytes())?;
    }
    for path in &stale {
        std::fs::remove_file(path).map_err(at(path))?;
    }
    for (relative, contents) in &manifest {
        write_atomically(&dir.join(relative), contents.as_bytes())?;
    }
    Ok(corpus
        .files
        .iter()
        .map(|(relative, _)| dir.join(relative))
        .collect())
}

/// Refuses a destination that cannot be replaced safely: anything but a regular file (or a
/// link to one) or nothing, and a path whose folders are not folders.
fn replaceable(path: &Path) -> Result<(), FileError> {
    let refuse = |what: &str| FileError {
        path: path.to_owned(),
        error: io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{what}; gan generate replaces only regular files, nothing was written"),
        ),
    };
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(()),
        Ok(meta) if meta.is_dir() => Err(refuse("is a folder")),
        Ok(_) => Err(refuse("is not a regular file")),
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            let mut folder = path.parent();
            while let Some(at) = folder {
                match std::fs::metadata(at) {
                    Ok(meta) if !meta.is_dir() => {
                        return Err(FileError {
                            path: at.to_owned(),
                            error: io::Error::new(
                                io::ErrorKind::AlreadyExists,
                                "is not a folder; gan generate needs a folder there, \
                                 nothing was written",
                            ),
                        })
                    }
                    Ok(_) => return Ok(()),
                    Err(_) => folder = at.parent(),
                }
            }
            Ok(())
        }
        Err(error) => Err(FileError {
            path: path.to_owned(),
            error,
        }),
    }
}

/// The files the manifest in `dir` lists, when it can be read: relative paths inside `dir`
/// only (no `..`, no absolute path); none when there is no readable manifest.
fn old_manifest_files(dir: &Path) -> Vec<String> {
    let Ok(bytes) = std::fs::read(dir.join("manifest.json")) else {
        return Vec::new();
    };
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        return Vec::new();
    };
    let Some(files) = value.get("files").and_then(|files| files.as_array()) else {
        return Vec::new();
    };
    files
        .iter()
        .filter_map(|file| file.as_str())
        .filter(|file| {
            !file.is_empty()
                && Path::new(file)
                    .components()
                    .all(|part| matches!(part, std::path::Component::Normal(_)))
        })
        .map(str::to_owned)
        .collect()
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
