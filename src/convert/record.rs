//! The line `gan migrate --format json` prints for every input, and `--report` for every
//! input with a diagnostic:
//! `{"line":N,"input":"…","output":"…"|null,"error":{"code","message"}?,"diagnostics":[…]}`.

use serde::{Deserialize, Serialize};

use crate::output::hex;
use crate::records::Record;

use super::{Conversion, Diagnostic, Severity};

/// One input and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineRecord {
    /// The 1-based number of the input in the stream.
    pub line: u64,
    /// The input (its lossy UTF-8 decoding when it is not UTF-8; its first `--max-bytes`
    /// bytes when it is longer).
    pub input: String,
    /// The raw bytes in lowercase hex, only when the input is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// The input's true length in bytes, only when `input` holds a truncated prefix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input_length: Option<u64>,
    /// The converted identifier; `null` when the input was rejected.
    pub output: Option<String>,
    /// Why the input was rejected (the first error), only when it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorObject>,
    /// Every diagnostic, warnings and errors, in the order found.
    pub diagnostics: Vec<DiagnosticObject>,
}

/// The error of a rejected input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorObject {
    /// The code: a conversion code, or the source's parse code (M1).
    pub code: String,
    /// The byte offset in the input, only for a parse error (D11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    /// The explanation.
    pub message: String,
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiagnosticObject {
    /// The stable code.
    pub code: String,
    /// `warning` or `error`.
    pub severity: Severity,
    /// The explanation.
    pub message: String,
}

impl From<&Diagnostic> for DiagnosticObject {
    fn from(diagnostic: &Diagnostic) -> Self {
        DiagnosticObject {
            code: diagnostic.code().to_owned(),
            severity: diagnostic.severity(),
            message: diagnostic.message().to_owned(),
        }
    }
}

impl LineRecord {
    /// The record of `conversion`, the conversion of `record`.
    pub fn new(record: &Record, conversion: &Conversion) -> Self {
        let input = String::from_utf8_lossy(&record.bytes).into_owned();
        let input_hex = std::str::from_utf8(&record.bytes)
            .is_err()
            .then(|| hex(&record.bytes));
        LineRecord {
            line: record.number,
            input,
            input_hex,
            input_length: record.is_truncated().then_some(record.len),
            output: conversion.output_text(),
            error: conversion.error().map(|error| ErrorObject {
                code: error.code().to_owned(),
                offset: error.parse_error().map(crate::error::ParseError::offset),
                message: error.message().to_owned(),
            }),
            diagnostics: conversion
                .diagnostics()
                .iter()
                .map(DiagnosticObject::from)
                .collect(),
        }
    }
}
