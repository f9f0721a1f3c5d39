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
    detect_among(input, limits, &[])
}

/// [`detect`] among `dialects` only ([`among`]: in the table's order, each once; every
/// dialect when `dialects` is empty).
pub fn detect_among(input: &[u8], limits: Limits, dialects: &[Dialect]) -> Detection {
    Detection {
        results: among(dialects)
            .into_iter()
            .map(|dialect| (dialect, dialect.parse_with(input, limits)))
            .collect(),
    }
}

/// The dialects a detection among `dialects` tries: those of `dialects` in the order of
/// [`Dialect::ALL`] (whatever order they are named in), each once however often it is
/// named; every dialect of the table when `dialects` is empty (D10).
pub fn among(dialects: &[Dialect]) -> Vec<Dialect> {
    Dialect::ALL
        .into_iter()
        .filter(|dialect| dialects.is_empty() || dialects.contains(dialect))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn among_keeps_the_tables_order_once_each_and_empty_means_every_dialect() {
        assert_eq!(among(&[]), Dialect::ALL.to_vec());
        let first = Dialect::ALL[0];
        let last = Dialect::ALL[Dialect::ALL.len() - 1];
        assert_ne!(first, last);
        assert_eq!(among(&[last, first, last]), vec![first, last]);
        assert_eq!(among(&[last]), vec![last]);
    }

    #[test]
    fn detect_among_tries_the_chosen_dialects_only() {
        let last = Dialect::ALL[Dialect::ALL.len() - 1];
        let first = Dialect::ALL[0];
        let detection = detect_among(b"c:-k", Limits::NONE, &[last, first]);
        let tried: Vec<Dialect> = detection.results.iter().map(|(d, _)| *d).collect();
        assert_eq!(tried, vec![first, last]);
        assert_eq!(
            detect(b"c:-k", Limits::NONE),
            detect_among(b"c:-k", Limits::NONE, &[])
        );
    }
}
