//! The serde types that more than one suite's vector format holds. They are part of each
//! format that holds them: changing one is a versioned change of every such format.

use serde::{Deserialize, Serialize};

/// An expected diagnostic: its stable code and its RFC 6901 pointer (the GGN and migrate-ggn
/// formats).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// The GGN code, or the GAN parse code of an invalid identifier (G14).
    pub code: String,
    /// Where: `""` for the whole document.
    pub pointer: String,
}

impl Expected {
    /// Whether two lists hold the same diagnostics, in any order.
    pub(crate) fn same(want: &[Expected], got: &[Expected]) -> bool {
        let mut want: Vec<&Expected> = want.iter().collect();
        let mut got: Vec<&Expected> = got.iter().collect();
        want.sort();
        got.sort();
        want == got
    }
}

/// The options of a conversion vector (docs/DECISIONS.md M4, M7; the migrate and migrate-ggn
/// formats).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VectorOptions {
    /// `error`, `drop` or `enhance`.
    pub intermediate: String,
    /// Warnings are errors.
    pub strict: bool,
}

impl Default for VectorOptions {
    fn default() -> Self {
        VectorOptions {
            intermediate: "error".to_owned(),
            strict: false,
        }
    }
}
