//! The GAN suite's vector files: `gan/{dialect}.json`, the committed ones built into the
//! library (so `gan check` works anywhere), or those of a corpus folder, each checked: its
//! format, its dialect (the file's name and every vector's), the schema's rules.

use std::path::Path;

use crate::dialect::Dialect;
use crate::notation::table::notations;
use crate::suite::common::load::{self, LoadError};
use crate::suite::SuiteCorpus;

use super::format::{VectorFile, READABLE_FORMATS};
use super::validate;

/// The folder of the vector files in a corpus folder, one file per dialect.
pub(crate) const FOLDER: &str = "gan";

/// The committed vector files, one per row of the notation table, in the order of
/// [`Dialect::ALL`].
pub(crate) static EMBEDDED: &[(&str, &str)] = notations!(embedded_files);

/// `(path, text)` of `conformance/gan/NAME.json` for every row of the notation table.
macro_rules! embedded_files {
    ($($variant:ident = $module:ident { name: $name:literal, $($row:tt)* })*) => {
        &[$((
            concat!("gan/", $name, ".json"),
            include_str!(concat!("../../../conformance/gan/", $name, ".json")),
        )),*]
    };
}
use embedded_files;

/// The committed GAN vector files, built into the library and parsed.
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

/// Reads every `DIR/gan/*.json`, in the order of [`Dialect::ALL`] (files of unknown dialects
/// are an error). A folder with a `manifest.json` is first checked against it: each file it
/// lists has the recorded SHA-256, and each `gan/*.json` is listed.
pub fn load_dir(dir: &Path) -> Result<Vec<VectorFile>, LoadError> {
    crate::suite::common::manifest::verify(dir, &[FOLDER])?;
    let folder = dir.join(FOLDER);
    let cannot_read =
        |path: &Path, error: std::io::Error| LoadError::new(path, format!("cannot read: {error}"));
    let entries = std::fs::read_dir(&folder).map_err(|e| cannot_read(&folder, e))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| cannot_read(&folder, e))?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        files.push(parse(&path, &load::read(&path)?)?);
    }
    if files.is_empty() {
        return Err(LoadError::new(
            &folder,
            "no vector file (*.json)".to_owned(),
        ));
    }
    files.sort_by_key(|file| file.dialect.parse::<Dialect>().ok());
    Ok(files)
}

/// The suite's files for `gan check`: built in (`None`) or from a corpus folder.
pub(crate) fn load(dir: Option<&Path>) -> Result<Box<dyn SuiteCorpus>, LoadError> {
    Ok(Box::new(match dir {
        None => embedded(),
        Some(dir) => load_dir(dir)?,
    }))
}

/// One vector file, checked: format version, dialect matching the file name.
fn parse(path: &Path, text: &str) -> Result<VectorFile, LoadError> {
    let fail = |message: String| LoadError::new(path, message);
    let file: VectorFile = load::parse(path, text, "a vector file")?;
    if !READABLE_FORMATS.contains(&file.format) {
        let readable: Vec<String> = READABLE_FORMATS.iter().map(u32::to_string).collect();
        return Err(fail(format!(
            "format {} is not supported: this gan reads formats {}",
            file.format,
            readable.join(", ")
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
    validate::gan_file(&file).map_err(fail)?;
    Ok(file)
}
