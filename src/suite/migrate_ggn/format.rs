//! The format of `conformance/migrate-ggn.json`: serde types described by
//! `conformance/schema/migrate-ggn-vectors.schema.json`. Changing them is a versioned change:
//! bump [`FORMAT`].

use serde::{Deserialize, Serialize};

pub use crate::suite::common::{Expected, VectorOptions};

/// The version of the file format (`"format"`).
pub const FORMAT: u32 = 1;

/// `conformance/migrate-ggn.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MigrateGgnFile {
    /// Always [`FORMAT`].
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
