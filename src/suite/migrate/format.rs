//! The format of `conformance/migrations.json`: serde types described by
//! `conformance/schema/migrations.schema.json`. Changing them is a versioned change: bump
//! [`FORMAT`].

use serde::{Deserialize, Serialize};

use crate::suite::common::input_bytes;
pub use crate::suite::common::VectorOptions;

/// The version of the file format (`"format"`). Format 2 added the warning `ambiguous-style`
/// (M3), which six vectors expect; format 3 the QPI editions `qpi-2025-12` and `qpi-2026-01`
/// as `from` and `to` (M9–M14).
pub const FORMAT: u32 = 3;

/// `conformance/migrations.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MigrationFile {
    /// Always [`FORMAT`].
    pub format: u32,
    /// The decisions the vectors follow.
    pub decisions: String,
    /// The vectors: table rows first (M2, M3, M5), then the hand-written cases.
    pub vectors: Vec<MigrationVector>,
}

/// One input, two dialects, options, and what a conforming converter must answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MigrationVector {
    /// `migrate/{from}-{to}/{group}/{slug}`.
    pub id: String,
    /// The source dialect.
    pub from: String,
    /// The target dialect.
    pub to: String,
    /// The input, when it is UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// The input bytes in lowercase hex, when they are not UTF-8 (then `input` is absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The conversion options.
    pub options: VectorOptions,
    /// The expected output, when the input converts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// The codes of the expected warnings, in order (only when the input converts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diagnostics: Option<Vec<String>>,
    /// The expected error code, when the input is rejected (then `output` is absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The table row a vector checks, and where the row comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The decision the vector illustrates, and why.
    pub note: String,
}

impl MigrationVector {
    /// The input's bytes.
    pub fn bytes(&self) -> Vec<u8> {
        input_bytes(self.input.as_ref(), self.input_hex.as_ref())
    }
}
