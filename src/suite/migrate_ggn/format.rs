//! The format of `conformance/migrate-ggn.json`: serde types described by
//! `conformance/schema/migrate-ggn-vectors.schema.json`. Changing them is a versioned change:
//! bump [`FORMAT`].

use serde::{Deserialize, Serialize};

pub use crate::suite::common::{Expected, VectorOptions};

/// The version of the file format (`"format"`). Format 2: a vector may name the GGN edition
/// it migrates to (`edition`, absent for `ggn-2014`; G32–G37).
pub const FORMAT: u32 = 2;

/// The versions this build reads: a format-1 file is a format-2 file whose vectors all stay
/// in the 2014 edition.
pub const READABLE: [u32; 2] = [1, FORMAT];

/// `conformance/migrate-ggn.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MigrateGgnFile {
    /// [`FORMAT`] (or 1 in an older file).
    pub format: u32,
    /// The decisions the vectors follow.
    pub decisions: String,
    /// The vectors, in a fixed order.
    pub vectors: Vec<MigrateGgnVector>,
}

/// A GGN document, two dialects, options, and what a conforming migration must answer: the
/// converted document, or a refusal with its errors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MigrateGgnVector {
    /// `migrate-ggn/{from}-{to}/{group}/{slug}`.
    pub id: String,
    /// The source dialect of the document's identifiers.
    pub from: String,
    /// The target dialect.
    pub to: String,
    /// The GGN edition the document migrates to, when it is not `ggn-2014` (format 2):
    /// `ggn-2025-10`, whose `to` is then `qpi-2026-01` (G32).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// The input document's exact text (duplicate keys survive, which a JSON value could not
    /// hold).
    pub document_text: String,
    /// The conversion options.
    pub options: VectorOptions,
    /// The expected document, when it converts: compared as JSON, member order included
    /// (absent when the document is refused).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_text: Option<String>,
    /// The expected errors (code and pointer into the input), in any order; empty exactly
    /// when the document converts.
    pub errors: Vec<Expected>,
    /// The expected warnings of a converted document (code and pointer into the input), in
    /// any order; not compared for a refused one.
    pub warnings: Vec<Expected>,
    /// The decisions the vector illustrates, and why.
    pub note: String,
}
