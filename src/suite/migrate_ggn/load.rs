//! The migrate-ggn suite's vector file, `migrate-ggn.json`: the committed one built into the
//! library, or a corpus folder's, checked: its format, the schema's rules.

use std::path::Path;

use crate::suite::common::load::{self, LoadError};
use crate::suite::SuiteCorpus;

use super::format::{MigrateGgnFile, READABLE};
use super::validate;

/// The path of the vector file, relative to the corpus folder.
pub(super) const PATH: &str = "migrate-ggn.json";

/// The committed vector file.
pub(crate) static EMBEDDED: [(&str, &str); 1] =
    [(PATH, include_str!("../../../conformance/migrate-ggn.json"))];

/// The committed GGN document migration vectors, built into the library and parsed.
///
/// # Panics
///
/// Never in a built crate: a test checks that the embedded file parses (and equals the
/// committed one).
pub fn embedded() -> MigrateGgnFile {
    parse(Path::new(PATH), EMBEDDED[0].1).expect("the embedded migrate-ggn vectors are valid")
}

/// Reads `DIR/migrate-ggn.json`.
/// A folder with a `manifest.json` is first checked against it.
pub fn load_dir(dir: &Path) -> Result<MigrateGgnFile, LoadError> {
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

/// The GGN document migration vectors, checked: format version, the schema's rules.
fn parse(path: &Path, text: &str) -> Result<MigrateGgnFile, LoadError> {
    let file: MigrateGgnFile = load::parse(path, text, "a migrate-ggn vector file")?;
    load::check_formats(path, file.format, &READABLE)?;
    validate::migrate_ggn(&file).map_err(|problem| LoadError::new(path, problem))?;
    Ok(file)
}
