//! A candidate vector: an input and why it is there, before the judges have seen it.

use std::borrow::Cow;

use super::derive::Hit;

/// An input the generator proposes, with its group and provenance.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    /// The vector group, `[a-z0-9._-]+`.
    pub group: &'static str,
    /// The mutation operator that made it (invalid vectors).
    pub mutation: Option<&'static str>,
    /// The input bytes.
    pub input: Vec<u8>,
    /// The valid vector it was made from, if any.
    pub source: Option<Source>,
    /// A note (decisions, errata).
    pub note: Option<Cow<'static, str>>,
    /// The grammar elements its derivation exercised (valid candidates).
    pub hits: Vec<Hit>,
}

impl Candidate {
    /// A candidate with no provenance.
    pub(crate) fn new(group: &'static str, input: impl Into<Vec<u8>>) -> Candidate {
        Candidate {
            group,
            mutation: None,
            input: input.into(),
            source: None,
            note: None,
            hits: Vec::new(),
        }
    }

    /// An invalid candidate made by `mutation` from `source`.
    pub(crate) fn mutant(
        group: &'static str,
        mutation: &'static str,
        input: impl Into<Vec<u8>>,
        source: Option<Source>,
    ) -> Candidate {
        Candidate {
            mutation: Some(mutation),
            source,
            ..Candidate::new(group, input)
        }
    }
}

/// The valid vector a mutant comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Source {
    /// A valid input of the same dialect (its id is known once the vectors are deduplicated).
    Input(String),
    /// A vector id, e.g. of another dialect's valid vector.
    Id(String),
}
