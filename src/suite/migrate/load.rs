//! The migrate suite's vector file, `migrations.json`: the committed one built into the
//! library, or a corpus folder's, checked: its format, the schema's rules.

use std::path::Path;

use crate::suite::common::load::{self, LoadError};
use crate::suite::SuiteCorpus;

use super::format::{MigrationFile, FORMAT};
use super::validate;

/// The path of the vector file, relative to the corpus folder.
pub(super) const PATH: &str = "migrations.json";

/// The committed vector file.
pub(crate) static EMBEDDED: [(&str, &str); 1] =
    [(PATH, include_str!("../../../conformance/migrations.json"))];

/// The committed migration vectors, built into the library and parsed.
///
/// # Panics
///
/// Never in a built crate: a test checks that the embedded file parses (and equals the
/// committed one).
pub fn embedded() -> MigrationFile {
    parse(Path::new(PATH), EMBEDDED[0].1).expect("the embedded migration vectors are valid")
}

/// Reads `DIR/migrations.json`.
/// A folder with a `manifest.json` is first checked against it.
pub fn load_dir(dir: &Path) -> Result<MigrationFile, LoadError> {
    crate::suite::common::manifest::verify(dir, &[])?;
    let path = dir.join(PATH);
    parse(&path, &load::read(&path)?)
}

/// The suite's file for `gan check`: built in (`None`) or from a corpus folder.
pub(crate) fn load(dir: Option<&Path>) -> Result<Box<dyn SuiteCorpus>, LoadError> {
    Ok(Box::new(match dir {
        None => embedded(),
        Some(dir) => load_dir(dir)?,
    }))
}

/// The migration vectors, checked: format version, the schema's rules.
fn parse(path: &Path, text: &str) -> Result<MigrationFile, LoadError> {
    let file: MigrationFile = load::parse(path, text, "a migration vector file")?;
    load::check_format(path, file.format, FORMAT)?;
    validate::migrations(&file).map_err(|problem| LoadError::new(path, problem))?;
    Ok(file)
}
