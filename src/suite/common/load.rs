//! Reading a suite's vector files: the error that names the file, and the checks every
//! loader makes before its own (the text is JSON of the format's types, in a format this build
//! reads).

use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

/// Why a corpus folder cannot be read.
#[derive(Debug)]
pub struct LoadError {
    /// The file or folder at fault.
    pub path: PathBuf,
    /// What is wrong.
    pub message: String,
}

impl LoadError {
    pub(crate) fn new(path: &Path, message: String) -> LoadError {
        LoadError {
            path: path.to_owned(),
            message,
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for LoadError {}

/// The most a vector file may hold: 256 MiB (the embedded corpus's largest is under 2 MB).
pub(crate) const MAX_VECTOR_FILE: u64 = 256 << 20;

/// The text of the vector file at `path`, at most [`MAX_VECTOR_FILE`] bytes.
pub(crate) fn read(path: &Path) -> Result<String, LoadError> {
    let bytes = std::fs::File::open(path)
        .and_then(|file| read_capped(file, MAX_VECTOR_FILE))
        .map_err(|error| LoadError::new(path, format!("cannot read: {error}")))?;
    String::from_utf8(bytes)
        .map_err(|error| LoadError::new(path, format!("cannot read: not UTF-8: {error}")))
}

/// All of `reader`, refused without being read further once it passes `cap` bytes: an error
/// saying "larger than the limit of N bytes" (`/dev/zero` or a runaway file is never read
/// whole).
pub(crate) fn read_capped(reader: impl Read, cap: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than the limit of {cap} bytes"),
        ));
    }
    Ok(bytes)
}

/// The file `text` as a `T`; `what` names the kind of file a parse error says it is not
/// (`a migration vector file`).
pub(crate) fn parse<T: DeserializeOwned>(
    path: &Path,
    text: &str,
    what: &str,
) -> Result<T, LoadError> {
    serde_json::from_str(text).map_err(|error| LoadError::new(path, format!("not {what}: {error}")))
}

/// `Err` unless the file's `format` is the one this build reads.
pub(crate) fn check_format(path: &Path, format: u32, supported: u32) -> Result<(), LoadError> {
    check_formats(path, format, &[supported])
}

/// `Err` unless the file's `format` is one of those this build reads.
pub(crate) fn check_formats(path: &Path, format: u32, supported: &[u32]) -> Result<(), LoadError> {
    if supported.contains(&format) {
        return Ok(());
    }
    let list = match supported {
        [one] => format!("format {one}"),
        [rest @ .., last] => format!(
            "formats {} and {last}",
            rest.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        [] => "no format".to_owned(),
    };
    Err(LoadError::new(
        path,
        format!("format {format} is not supported: this gan reads {list}"),
    ))
}
