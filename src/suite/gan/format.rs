//! The serde types of the corpus files under `conformance/` (described for other languages in
//! `conformance/README.md` and by the JSON Schemas in `conformance/schema/`).
//!
//! Changing these types is a versioned change: bump [`FORMAT`].

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::model::ActorFields;
use crate::output::DetectRecord;
use crate::suite::common::input_bytes;

/// The version of the corpus format that `gan generate` writes; every file carries it as
/// `"format"`. Format 2 added `error.hint`; format 3, the editions as notations, whose `actor`
/// holds only the members its notation has (`style`, `type` and `side` among them no longer
/// always) and may hold `terminal` and `derived`; format 4, CELL and HAND, `actor.indices` and
/// the `implementation_defined` member of the vectors past a documented bound
/// (`conformance/CHANGES.md`).
pub const FORMAT: u32 = 4;

/// The formats the loader reads: 1 (no hints: a hint is then not compared), 2, 3 and 4.
pub const READABLE_FORMATS: [u32; 4] = [1, 2, 3, FORMAT];

/// `gan/{dialect}.json`: every vector of one dialect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VectorFile {
    /// Always [`FORMAT`].
    pub format: u32,
    /// The dialect id, e.g. `snn-pin`.
    pub dialect: String,
    /// The published spec the dialect's grammar transcribes (a name listed in `docs/specs.md`).
    pub spec: String,
    /// The vectors, valid first, each group in a fixed order.
    pub vectors: Vec<Vector>,
}

/// One input and what a conforming implementation must say of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vector {
    /// `{dialect}/{valid|invalid}/{group}/{slug}`; the slug is the first 12 hex digits of the
    /// SHA-256 of the input bytes.
    pub id: String,
    /// The dialect id.
    pub dialect: String,
    /// What the vector exercises, `[a-z0-9._-]+`.
    pub group: String,
    /// The input, when it is UTF-8 (JSON-escaped, so control characters survive).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// The input bytes in lowercase hex, when they are not UTF-8 (then `input` is absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The verdict.
    pub valid: bool,
    /// The attributes, when valid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<ActorFields>,
    /// The canonical form, when valid (the input itself, D9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub canonical: Option<String>,
    /// The error, when invalid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ExpectedError>,
    /// The mutation operator that made an invalid vector.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mutation: Option<String>,
    /// The id of the valid vector an invalid one was made from, where there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Why the vector is there, when a decision or an erratum explains it (e.g. `D8: …`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The bound an implementation may document that this valid vector is past (group
    /// `bound`, D23): such an implementation skips the group by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub implementation_defined: Option<String>,
}

/// The error an invalid vector expects: D12's code, D11's offset and D3's hint.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedError {
    /// The code, e.g. `case-mismatch`.
    pub code: String,
    /// The byte offset.
    pub offset: usize,
    /// D3's hint: `Some(Some(h))` for `"hint": "h"`, `Some(None)` for `"hint": null` (the
    /// input has no hint), `None` when the member is absent (format 1: the hint is not
    /// known, so not compared). Format 2 files always carry it.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    pub hint: Option<Option<String>>,
}

impl ExpectedError {
    /// An error with its hint known (`None`: the input has none).
    pub fn new(code: &str, offset: usize, hint: Option<&str>) -> ExpectedError {
        ExpectedError {
            code: code.to_owned(),
            offset,
            hint: Some(hint.map(str::to_owned)),
        }
    }
}

/// A member that is present, `null` included: `Some(value)` (absent members take the
/// default, `None`).
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

impl Vector {
    /// The input's bytes (decoded from `input_hex` when there is no `input`).
    pub fn bytes(&self) -> Vec<u8> {
        input_bytes(self.input.as_ref(), self.input_hex.as_ref())
    }
}

/// `cross-dialect.json`: what `gan detect --format json` prints for a few hundred strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrossFile {
    /// Always [`FORMAT`].
    pub format: u32,
    /// The strings, each with the record `gan detect` prints.
    pub vectors: Vec<CrossVector>,
}

/// One string of `cross-dialect.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrossVector {
    /// `cross/{slug}`, the slug as in [`Vector::id`].
    pub id: String,
    /// Exactly the object `gan detect --format json` prints for the input (D10).
    pub detect: DetectRecord,
}

/// 2-space pretty JSON with every non-ASCII character escaped (`\u212a`), and a final newline.
///
/// # Panics
///
/// When `value` cannot be serialized: never for the corpus types (no maps with non-string
/// keys, no failing `Serialize`).
pub fn to_json(value: &impl serde::Serialize) -> String {
    let pretty = serde_json::to_string_pretty(value).expect("corpus types serialize");
    let mut out = String::with_capacity(pretty.len() + 1);
    for c in pretty.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            // Only strings hold non-ASCII characters in JSON text, so this stays valid JSON.
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{unit:04x}");
            }
        }
    }
    out.push('\n');
    out
}
