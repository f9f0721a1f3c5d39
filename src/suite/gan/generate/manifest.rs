//! `manifest.json`: how the corpus was made (generator version, seed, grammars, oracle) and
//! what it holds (counts per dialect, group and operator; coverage of each grammar).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::coverage::Coverage;

/// The manifest's own format number, apart from the vector files' (`format::FORMAT`): 4 added
/// [`Manifest::sha256`]; 5, the dialects `cell` and `hand`. A manifest older than 4 lists no
/// hashes, and a corpus folder holding one is refused by the loaders
/// (`suite::common::manifest`).
pub const MANIFEST_FORMAT: u32 = 5;

/// The whole manifest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Always [`MANIFEST_FORMAT`].
    pub format: u32,
    /// `gan` and its version.
    pub generator: String,
    /// The seed of the random sample and of the default choices.
    pub seed: u64,
    /// `embedded` (the grammars built into the binary) or `grammar-dir` (edited copies).
    pub grammars: String,
    /// `docs/DECISIONS.md §1` (the built-in regexes), `file` (`--oracle FILE`) or `none`.
    pub oracle: String,
    /// The files the generator writes, relative to the corpus folder.
    pub files: Vec<String>,
    /// SHA-256 (lowercase hex) of each file of [`Manifest::files`] but `manifest.json`, by
    /// path: the loaders refuse a corpus folder whose files do not match.
    pub sha256: BTreeMap<String, String>,
    /// One entry per dialect, in the order legacy, beta, pnn, snn-pin, qpi.
    pub dialects: Vec<DialectManifest>,
    /// The number of strings in `cross-dialect.json`.
    pub cross_dialect: usize,
}

/// What the manifest says of one dialect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DialectManifest {
    /// The dialect id.
    pub dialect: String,
    /// The published spec the grammar transcribes (a name listed in `docs/specs.md`).
    pub spec: String,
    /// The grammar file.
    pub grammar: String,
    /// SHA-256 of the grammar file's text, lowercase hex.
    pub grammar_sha256: String,
    /// The oracle's uppercase pattern, when an oracle confirmed the vectors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oracle_pattern: Option<String>,
    /// The vector file.
    pub file: String,
    /// Valid vectors.
    pub valid: usize,
    /// Invalid vectors.
    pub invalid: usize,
    /// Vectors per group (`valid/…` and `invalid/…`).
    pub groups: BTreeMap<String, usize>,
    /// Invalid vectors per mutation operator.
    pub mutations: BTreeMap<String, usize>,
    /// Coverage of the grammar by the valid vectors.
    pub coverage: Coverage,
}
