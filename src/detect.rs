//! D10 detection: every dialect that accepts a string, with its meaning in each.

use crate::dialect::{Actor, Dialect};
use crate::error::ParseError;
use crate::parse::Limits;

/// The verdict of every dialect on one input, in the order of [`Dialect::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detection {
    /// Each dialect with its result.
    pub results: Vec<(Dialect, Result<Actor, ParseError>)>,
}

impl Detection {
    /// The dialects that accept the input, with the actor it is in each.
    pub fn accepted(&self) -> impl Iterator<Item = (Dialect, &Actor)> {
        self.results
            .iter()
            .filter_map(|(dialect, result)| result.as_ref().ok().map(|actor| (*dialect, actor)))
    }

    /// The dialects that reject the input, with their error.
    pub fn rejected(&self) -> impl Iterator<Item = (Dialect, &ParseError)> {
        self.results
            .iter()
            .filter_map(|(dialect, result)| result.as_ref().err().map(|error| (*dialect, error)))
    }

    /// Whether at least one dialect accepts the input.
    pub fn any(&self) -> bool {
        self.accepted().next().is_some()
    }
}

/// Parses `input` in every dialect (D10). Nothing is chosen: the caller sees them all.
pub fn detect(input: &[u8], limits: Limits) -> Detection {
    Detection {
        results: Dialect::ALL
            .into_iter()
            .map(|dialect| (dialect, dialect.parse_with(input, limits)))
            .collect(),
    }
}
