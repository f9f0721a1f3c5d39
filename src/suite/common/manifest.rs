//! A corpus folder checked against its `manifest.json` before a loader reads it: every file
//! the manifest lists is there with the SHA-256 it records, and every vector file of the
//! loader's per-dialect folder is listed. A folder without a manifest is a hand-made corpus
//! (`docs/DECISIONS.md` C1) and is read as it
//! is; a manifest that cannot be read, or of a format without hashes, is refused.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Component, Path};

use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::load::{read_capped, LoadError, MAX_VECTOR_FILE};

/// The manifest's file name in a corpus folder.
pub(crate) const MANIFEST: &str = "manifest.json";

/// The manifest formats that record each file's hash (`Manifest::sha256`).
const HASHED_FORMATS: [u32; 2] = [4, 5];

/// The most a manifest may hold: 16 MiB (the committed one is under 64 KiB).
const MAX_MANIFEST: u64 = 16 << 20;

/// What the loaders read of a manifest; the rest is for people and `gan generate`.
#[derive(Deserialize)]
struct Listed {
    format: u32,
    #[serde(default)]
    files: Vec<String>,
    #[serde(default)]
    sha256: BTreeMap<String, String>,
}

/// `Ok` when `dir` holds no `manifest.json` (a hand-made corpus), or when its files match
/// the manifest: each listed file (but the manifest) present, a regular file, with the
/// recorded SHA-256, and each `*.json` of `dir/FOLDER` for every FOLDER of `per_dialect`
/// listed. Otherwise the error names the file at fault.
pub(crate) fn verify(dir: &Path, per_dialect: &[&str]) -> Result<(), LoadError> {
    let path = dir.join(MANIFEST);
    let bytes = match std::fs::File::open(&path) {
        Ok(file) => read_capped(file, MAX_MANIFEST)
            .map_err(|error| LoadError::new(&path, format!("cannot read: {error}")))?,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(LoadError::new(&path, format!("cannot read: {error}"))),
    };
    let listed: Listed = serde_json::from_slice(&bytes)
        .map_err(|error| LoadError::new(&path, format!("not a corpus manifest: {error}")))?;
    if !HASHED_FORMATS.contains(&listed.format) {
        return Err(LoadError::new(
            &path,
            format!(
                "manifest format {} records no file hashes, so the corpus cannot be checked: \
                 regenerate it (gan generate --out DIR), or remove the manifest to read the \
                 folder as a hand-made corpus",
                listed.format
            ),
        ));
    }
    for file in &listed.files {
        if !is_plain_relative(file) {
            return Err(LoadError::new(
                &path,
                format!("lists {file:?}, which is not a relative path inside the corpus folder"),
            ));
        }
        if file == MANIFEST {
            continue;
        }
        let Some(expected) = listed.sha256.get(file) else {
            return Err(LoadError::new(
                &path,
                format!("lists {file} without its sha256"),
            ));
        };
        let at = dir.join(file);
        let actual = hash_file(&at)?;
        if actual != *expected {
            return Err(LoadError::new(
                &at,
                format!(
                    "does not match {MANIFEST}: its SHA-256 is {actual}, the manifest records \
                     {expected} (the file was changed after gan generate wrote it)"
                ),
            ));
        }
    }
    if let Some(extra) = listed.sha256.keys().find(|key| !listed.files.contains(key)) {
        return Err(LoadError::new(
            &path,
            format!("records a sha256 for {extra}, which it does not list"),
        ));
    }
    for folder in per_dialect {
        let at = dir.join(folder);
        let Ok(entries) = std::fs::read_dir(&at) else {
            continue;
        };
        for entry in entries {
            let entry =
                entry.map_err(|error| LoadError::new(&at, format!("cannot read: {error}")))?;
            let name = entry.file_name();
            let relative = format!("{folder}/{}", name.to_string_lossy());
            let is_json = Path::new(&relative)
                .extension()
                .is_some_and(|e| e == "json");
            if is_json && !listed.files.contains(&relative) {
                return Err(LoadError::new(
                    &entry.path(),
                    format!(
                        "is not listed in {MANIFEST}: a vector file gan generate did not write"
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// `file`'s SHA-256 as lowercase hex, read in blocks; a missing file or one that is not a
/// regular file is an error naming it.
fn hash_file(path: &Path) -> Result<String, LoadError> {
    let fail = |message: String| LoadError::new(path, message);
    let meta = std::fs::metadata(path).map_err(|error| {
        if error.kind() == std::io::ErrorKind::NotFound {
            fail(format!("is missing: {MANIFEST} lists it"))
        } else {
            fail(format!("cannot read: {error}"))
        }
    })?;
    if !meta.is_file() {
        return Err(fail(format!(
            "is not a regular file, but {MANIFEST} lists it"
        )));
    }
    let file = std::fs::File::open(path).map_err(|error| fail(format!("cannot read: {error}")))?;
    let mut reader = file.take(MAX_VECTOR_FILE.saturating_add(1));
    let mut hasher = Sha256::new();
    let mut block = vec![0; 64 << 10];
    let mut total = 0u64;
    loop {
        let n = reader
            .read(&mut block)
            .map_err(|error| fail(format!("cannot read: {error}")))?;
        if n == 0 {
            break;
        }
        total += n as u64;
        hasher.update(&block[..n]);
    }
    if total > MAX_VECTOR_FILE {
        return Err(fail(format!(
            "cannot read: larger than the limit of {MAX_VECTOR_FILE} bytes"
        )));
    }
    Ok(crate::output::hex(&hasher.finalize()))
}

/// A path of plain names only (no `..`, no root, not empty).
fn is_plain_relative(file: &str) -> bool {
    !file.is_empty()
        && Path::new(file)
            .components()
            .all(|part| matches!(part, Component::Normal(_)))
}
