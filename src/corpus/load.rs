//! Reading vector files: the committed corpus embedded in the binary (so `gan check` works
//! anywhere), or the `gan/*.json` files of a corpus folder.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::dialect::Dialect;

use super::format::{VectorFile, FORMAT};

/// The committed `conformance/gan/{dialect}.json`, in the order of [`Dialect::ALL`].
const EMBEDDED: [(&str, &str); 5] = [
    (
        "gan/legacy.json",
        include_str!("../../conformance/gan/legacy.json"),
    ),
    (
        "gan/beta.json",
        include_str!("../../conformance/gan/beta.json"),
    ),
    (
        "gan/pnn.json",
        include_str!("../../conformance/gan/pnn.json"),
    ),
    (
        "gan/snn-pin.json",
        include_str!("../../conformance/gan/snn-pin.json"),
    ),
    (
        "gan/qpi.json",
        include_str!("../../conformance/gan/qpi.json"),
    ),
];

/// The text of the embedded vector files: (path relative to the corpus folder, text).
pub fn embedded_text() -> &'static [(&'static str, &'static str)] {
    &EMBEDDED
}

/// The committed vector files, embedded in the binary and parsed.
///
/// # Panics
///
/// Never in a built crate: a test checks that the embedded files parse (and equal the
/// committed ones).
pub fn embedded() -> Vec<VectorFile> {
    EMBEDDED
        .iter()
        .map(|(path, text)| parse(Path::new(path), text).expect("the embedded corpus is valid"))
        .collect()
}

/// Why a corpus folder cannot be read.
#[derive(Debug)]
pub struct LoadError {
    /// The file or folder at fault.
    pub path: PathBuf,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for LoadError {}

/// Reads every `DIR/gan/*.json`, in the order of [`Dialect::ALL`] (files of unknown dialects
/// are an error).
pub fn load_dir(dir: &Path) -> Result<Vec<VectorFile>, LoadError> {
    let folder = dir.join("gan");
    let fail = |path: &Path, message: String| LoadError {
        path: path.to_owned(),
        message,
    };
    let entries =
        std::fs::read_dir(&folder).map_err(|e| fail(&folder, format!("cannot read: {e}")))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| fail(&folder, format!("cannot read: {e}")))?
            .path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| fail(&path, format!("cannot read: {e}")))?;
        files.push(parse(&path, &text)?);
    }
    if files.is_empty() {
        return Err(fail(&folder, "no vector file (*.json)".to_owned()));
    }
    files.sort_by_key(|file| file.dialect.parse::<Dialect>().ok());
    Ok(files)
}

/// One vector file, checked: format version, dialect matching the file name.
fn parse(path: &Path, text: &str) -> Result<VectorFile, LoadError> {
    let fail = |message: String| LoadError {
        path: path.to_owned(),
        message,
    };
    let file: VectorFile =
        serde_json::from_str(text).map_err(|e| fail(format!("not a vector file: {e}")))?;
    if file.format != FORMAT {
        return Err(fail(format!(
            "format {} is not supported: this gan reads format {FORMAT}",
            file.format
        )));
    }
    let dialect: Dialect = file.dialect.parse().map_err(|e| fail(format!("{e}")))?;
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    if stem != dialect.as_str() {
        return Err(fail(format!(
            "holds dialect {dialect}, but is named {stem}.json"
        )));
    }
    if let Some(vector) = file.vectors.iter().find(|v| v.dialect != file.dialect) {
        return Err(fail(format!(
            "vector {} is of dialect {}, not {dialect}",
            vector.id, vector.dialect
        )));
    }
    Ok(file)
}
