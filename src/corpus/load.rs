//! Reading vector files: the committed corpus embedded in the binary (so `gan check` works
//! anywhere), or the files of a corpus folder: `gan/*.json` (GAN suite),
//! `ggn/{validation,evaluation}.json` (GGN suite), `migrations.json` (migrate suite) and
//! `migrate-ggn.json` (migrate-ggn suite).

use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use super::validate;
use crate::dialect::Dialect;
use crate::suite::gan::format::{VectorFile, READABLE_FORMATS};
use crate::suite::ggn::format::{self as ggn_format, EvaluationFile, GgnFiles, ValidationFile};
use crate::suite::migrate::format::{self as vectors, MigrationFile};
use crate::suite::migrate_ggn::format::{self as migrate_ggn_format, MigrateGgnFile};

/// The path of the GGN validation file, relative to the corpus folder.
const GGN_VALIDATION: &str = "ggn/validation.json";
/// The path of the GGN evaluation file, relative to the corpus folder.
const GGN_EVALUATION: &str = "ggn/evaluation.json";
/// The path of the migration vectors, relative to the corpus folder.
const MIGRATIONS: &str = "migrations.json";
/// The path of the GGN document migration vectors, relative to the corpus folder.
const MIGRATE_GGN: &str = "migrate-ggn.json";

/// The committed vector files of the four suites: `conformance/gan/{dialect}.json` in the
/// order of [`Dialect::ALL`], then the GGN files, then the migration vectors, then the GGN
/// document migration vectors.
const EMBEDDED: [(&str, &str); 9] = [
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
    (
        GGN_VALIDATION,
        include_str!("../../conformance/ggn/validation.json"),
    ),
    (
        GGN_EVALUATION,
        include_str!("../../conformance/ggn/evaluation.json"),
    ),
    (
        MIGRATIONS,
        include_str!("../../conformance/migrations.json"),
    ),
    (
        MIGRATE_GGN,
        include_str!("../../conformance/migrate-ggn.json"),
    ),
];

/// The text of the embedded vector files of every suite: (path relative to the corpus
/// folder, text).
pub fn embedded_text() -> &'static [(&'static str, &'static str)] {
    &EMBEDDED
}

/// The embedded text of the file at `path` (one of [`EMBEDDED`]'s).
fn embedded_file(path: &str) -> &'static str {
    EMBEDDED
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, text)| *text)
        .expect("an embedded file")
}

/// The committed GAN vector files, embedded in the binary and parsed.
///
/// # Panics
///
/// Never in a built crate: a test checks that the embedded files parse (and equal the
/// committed ones).
pub fn embedded() -> Vec<VectorFile> {
    EMBEDDED
        .iter()
        .filter(|(path, _)| path.starts_with("gan/"))
        .map(|(path, text)| parse(Path::new(path), text).expect("the embedded corpus is valid"))
        .collect()
}

/// The committed GGN vector files, embedded in the binary and parsed.
///
/// # Panics
///
/// Never in a built crate: a test checks that the embedded files parse (and equal the
/// committed ones).
pub fn embedded_ggn() -> GgnFiles {
    let validation = Path::new(GGN_VALIDATION);
    let evaluation = Path::new(GGN_EVALUATION);
    GgnFiles {
        validation: parse_ggn(validation, embedded_file(GGN_VALIDATION), "validation")
            .expect("the embedded GGN corpus is valid"),
        evaluation: parse_ggn(evaluation, embedded_file(GGN_EVALUATION), "evaluation")
            .expect("the embedded GGN corpus is valid"),
    }
}

/// The committed migration vectors, embedded in the binary and parsed.
///
/// # Panics
///
/// Never in a built crate: a test checks that the embedded file parses (and equals the
/// committed one).
pub fn embedded_migrations() -> MigrationFile {
    parse_migrations(Path::new(MIGRATIONS), embedded_file(MIGRATIONS))
        .expect("the embedded migration vectors are valid")
}

/// The committed GGN document migration vectors, embedded in the binary and parsed.
///
/// # Panics
///
/// Never in a built crate: a test checks that the embedded file parses (and equals the
/// committed one).
pub fn embedded_migrate_ggn() -> MigrateGgnFile {
    parse_migrate_ggn(Path::new(MIGRATE_GGN), embedded_file(MIGRATE_GGN))
        .expect("the embedded migrate-ggn vectors are valid")
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

/// Reads `DIR/ggn/validation.json` and `DIR/ggn/evaluation.json`.
pub fn load_ggn_dir(dir: &Path) -> Result<GgnFiles, LoadError> {
    let validation = dir.join(GGN_VALIDATION);
    let evaluation = dir.join(GGN_EVALUATION);
    Ok(GgnFiles {
        validation: parse_ggn(&validation, &read(&validation)?, "validation")?,
        evaluation: parse_ggn(&evaluation, &read(&evaluation)?, "evaluation")?,
    })
}

/// Reads `DIR/migrations.json`.
pub fn load_migrations_dir(dir: &Path) -> Result<MigrationFile, LoadError> {
    let path = dir.join(MIGRATIONS);
    parse_migrations(&path, &read(&path)?)
}

/// Reads `DIR/migrate-ggn.json`.
pub fn load_migrate_ggn_dir(dir: &Path) -> Result<MigrateGgnFile, LoadError> {
    let path = dir.join(MIGRATE_GGN);
    parse_migrate_ggn(&path, &read(&path)?)
}

fn read(path: &Path) -> Result<String, LoadError> {
    std::fs::read_to_string(path).map_err(|error| LoadError {
        path: path.to_owned(),
        message: format!("cannot read: {error}"),
    })
}

/// The parts of a GGN vector file checked before use.
trait GgnFile: DeserializeOwned {
    fn format(&self) -> u32;
    fn kind(&self) -> &str;
    /// The schema's rules ([`validate`]).
    fn validate(&self) -> Result<(), validate::Problem>;
}

impl GgnFile for ValidationFile {
    fn format(&self) -> u32 {
        self.format
    }
    fn kind(&self) -> &str {
        &self.kind
    }
    fn validate(&self) -> Result<(), validate::Problem> {
        validate::ggn_validation(self)
    }
}

impl GgnFile for EvaluationFile {
    fn format(&self) -> u32 {
        self.format
    }
    fn kind(&self) -> &str {
        &self.kind
    }
    fn validate(&self) -> Result<(), validate::Problem> {
        validate::ggn_evaluation(self)
    }
}

/// One GGN vector file, checked: format version and kind.
fn parse_ggn<F: GgnFile>(path: &Path, text: &str, kind: &str) -> Result<F, LoadError> {
    let fail = |message: String| LoadError {
        path: path.to_owned(),
        message,
    };
    let file: F =
        serde_json::from_str(text).map_err(|e| fail(format!("not a GGN {kind} file: {e}")))?;
    if file.format() != ggn_format::FORMAT {
        return Err(fail(format!(
            "format {} is not supported: this gan reads format {}",
            file.format(),
            ggn_format::FORMAT
        )));
    }
    if file.kind() != kind {
        return Err(fail(format!(
            "holds kind \"{}\", not \"{kind}\"",
            file.kind()
        )));
    }
    file.validate().map_err(fail)?;
    Ok(file)
}

/// The migration vectors, checked: format version.
fn parse_migrations(path: &Path, text: &str) -> Result<MigrationFile, LoadError> {
    let fail = |message: String| LoadError {
        path: path.to_owned(),
        message,
    };
    let file: MigrationFile = serde_json::from_str(text)
        .map_err(|e| fail(format!("not a migration vector file: {e}")))?;
    if file.format != vectors::FORMAT {
        return Err(fail(format!(
            "format {} is not supported: this gan reads format {}",
            file.format,
            vectors::FORMAT
        )));
    }
    validate::migrations(&file).map_err(fail)?;
    Ok(file)
}

/// The GGN document migration vectors, checked: format version, schema rules.
fn parse_migrate_ggn(path: &Path, text: &str) -> Result<MigrateGgnFile, LoadError> {
    let fail = |message: String| LoadError {
        path: path.to_owned(),
        message,
    };
    let file: MigrateGgnFile = serde_json::from_str(text)
        .map_err(|e| fail(format!("not a migrate-ggn vector file: {e}")))?;
    if file.format != migrate_ggn_format::FORMAT {
        return Err(fail(format!(
            "format {} is not supported: this gan reads format {}",
            file.format,
            migrate_ggn_format::FORMAT
        )));
    }
    validate::migrate_ggn(&file).map_err(fail)?;
    Ok(file)
}

/// One vector file, checked: format version, dialect matching the file name.
fn parse(path: &Path, text: &str) -> Result<VectorFile, LoadError> {
    let fail = |message: String| LoadError {
        path: path.to_owned(),
        message,
    };
    let file: VectorFile =
        serde_json::from_str(text).map_err(|e| fail(format!("not a vector file: {e}")))?;
    if !READABLE_FORMATS.contains(&file.format) {
        let [old, new] = READABLE_FORMATS;
        return Err(fail(format!(
            "format {} is not supported: this gan reads formats {old} and {new}",
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
    validate::gan_file(&file).map_err(fail)?;
    Ok(file)
}
