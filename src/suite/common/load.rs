//! Reading a suite's vector files: the error that names the file, and the checks every
//! loader makes before its own (the text is JSON of the format's types, in a format this build
//! reads).

use std::fmt;
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

/// The text of the file at `path`.
pub(crate) fn read(path: &Path) -> Result<String, LoadError> {
    std::fs::read_to_string(path)
        .map_err(|error| LoadError::new(path, format!("cannot read: {error}")))
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
