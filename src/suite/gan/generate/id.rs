//! Vector ids: `{dialect}/{valid|invalid}/{group}/{slug}`, the slug being the first 12 hex
//! digits of the SHA-256 of the input bytes (so an id names its input, whatever the order).

use sha2::{Digest, Sha256};

/// The SHA-256 of `bytes`, lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    crate::output::hex(&Sha256::digest(bytes))
}

/// The slug of an input: the first 12 hex digits of its SHA-256.
pub fn slug(input: &[u8]) -> String {
    sha256_hex(input)[..12].to_owned()
}

/// The id of a vector of `dialect`'s file.
pub fn vector_id(dialect: &str, valid: bool, group: &str, input: &[u8]) -> String {
    let verdict = if valid { "valid" } else { "invalid" };
    format!("{dialect}/{verdict}/{group}/{}", slug(input))
}

/// The id of a string of `cross-dialect.json`.
pub fn cross_id(input: &[u8]) -> String {
    format!("cross/{}", slug(input))
}
