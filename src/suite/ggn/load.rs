//! The GGN suite's vector files, `ggn/validation.json` and `ggn/evaluation.json`: the
//! committed ones built into the library, or those of a corpus folder, each checked: its
//! format, its kind, the schema's rules.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::suite::common::load::{self, LoadError};
use crate::suite::common::Problem;
use crate::suite::SuiteCorpus;

use super::format::{
    EvaluationFile, GgnFiles, ValidationFile, EVALUATION_READABLE, VALIDATION_READABLE,
};
use super::validate;

/// The path of the validation file, relative to the corpus folder.
pub(super) const VALIDATION: &str = "ggn/validation.json";
/// The path of the evaluation file, relative to the corpus folder.
pub(super) const EVALUATION: &str = "ggn/evaluation.json";

/// The committed vector files.
pub(crate) static EMBEDDED: [(&str, &str); 2] = [
    (
        VALIDATION,
        include_str!("../../../conformance/ggn/validation.json"),
    ),
    (
        EVALUATION,
        include_str!("../../../conformance/ggn/evaluation.json"),
    ),
];

/// The committed GGN vector files, built into the library and parsed.
///
/// # Panics
///
/// Never in a built crate: a test checks that the embedded files parse (and equal the
/// committed ones).
pub fn embedded() -> GgnFiles {
    let [(validation, validation_text), (evaluation, evaluation_text)] = EMBEDDED;
    GgnFiles {
        validation: parse(Path::new(validation), validation_text, "validation")
            .expect("the embedded GGN corpus is valid"),
        evaluation: parse(Path::new(evaluation), evaluation_text, "evaluation")
            .expect("the embedded GGN corpus is valid"),
    }
}

/// Reads `DIR/ggn/validation.json` and `DIR/ggn/evaluation.json`.
/// A folder with a `manifest.json` is first checked against it.
pub fn load_dir(dir: &Path) -> Result<GgnFiles, LoadError> {
    crate::suite::common::manifest::verify(dir, &[])?;
    let validation = dir.join(VALIDATION);
    let evaluation = dir.join(EVALUATION);
    Ok(GgnFiles {
        validation: parse(&validation, &load::read(&validation)?, "validation")?,
        evaluation: parse(&evaluation, &load::read(&evaluation)?, "evaluation")?,
    })
}

/// The suite's files for `gan check`: built in (`None`) or from a corpus folder.
pub(crate) fn load(dir: Option<&Path>) -> Result<Box<dyn SuiteCorpus>, LoadError> {
    Ok(Box::new(match dir {
        None => embedded(),
        Some(dir) => load_dir(dir)?,
    }))
}

/// The parts of a GGN vector file checked before use.
trait GgnFile: DeserializeOwned {
    /// The formats this build reads.
    const READABLE: &'static [u32];
    fn format(&self) -> u32;
    fn kind(&self) -> &str;
    /// The schema's rules ([`validate`]).
    fn validate(&self) -> Result<(), Problem>;
}

impl GgnFile for ValidationFile {
    const READABLE: &'static [u32] = &VALIDATION_READABLE;
    fn format(&self) -> u32 {
        self.format
    }
    fn kind(&self) -> &str {
        &self.kind
    }
    fn validate(&self) -> Result<(), Problem> {
        validate::ggn_validation(self)
    }
}

impl GgnFile for EvaluationFile {
    const READABLE: &'static [u32] = &EVALUATION_READABLE;
    fn format(&self) -> u32 {
        self.format
    }
    fn kind(&self) -> &str {
        &self.kind
    }
    fn validate(&self) -> Result<(), Problem> {
        validate::ggn_evaluation(self)
    }
}

/// One GGN vector file, checked: format version, kind, the schema's rules.
fn parse<F: GgnFile>(path: &Path, text: &str, kind: &str) -> Result<F, LoadError> {
    let file: F = load::parse(path, text, &format!("a GGN {kind} file"))?;
    load::check_formats(path, file.format(), F::READABLE)?;
    if file.kind() != kind {
        return Err(LoadError::new(
            path,
            format!("holds kind \"{}\", not \"{kind}\"", file.kind()),
        ));
    }
    file.validate()
        .map_err(|problem| LoadError::new(path, problem))?;
    Ok(file)
}
