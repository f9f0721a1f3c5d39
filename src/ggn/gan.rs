//! GAN values in a GGN document: one dialect per document (docs/DECISIONS.md G1), each distinct
//! string parsed once.
//!
//! A move table repeats the same few identifiers thousands of times (every `perform` names the
//! moving piece), so the verdicts are cached by string: validation parses each distinct GAN
//! string once, whatever the size of the document.

use std::collections::HashMap;

use crate::error::ParseError;
use crate::model::{Dialect, Side};

/// The most verdicts kept at once (about 1 MiB of cache).
const CACHE_CAP: usize = 1 << 14;

/// The parser of one document's dialect, with its verdicts cached by string.
#[derive(Debug)]
pub(crate) struct Gans {
    dialect: Dialect,
    /// Errors boxed: most strings are valid, and an entry is then 40 bytes, not 112.
    verdicts: HashMap<String, Result<Side, Box<ParseError>>>,
    /// How many strings were actually parsed (the cache's misses).
    #[cfg(test)]
    parses: usize,
}

impl Gans {
    pub(crate) fn new(dialect: Dialect) -> Self {
        Gans {
            dialect,
            verdicts: HashMap::new(),
            #[cfg(test)]
            parses: 0,
        }
    }

    /// The side of the identifier `text`, or the dialect's error for it (G2, G14).
    pub(crate) fn parse(&mut self, text: &str) -> Result<Side, ParseError> {
        if let Some(verdict) = self.verdicts.get(text) {
            return verdict.clone().map_err(|error| *error);
        }
        #[cfg(test)]
        {
            self.parses += 1;
        }
        // A notation without a side (the SNN editions without case) puts every value on the
        // first side: no value is then an enemy of another.
        let verdict = self
            .dialect
            .parse(text.as_bytes())
            .map(|actor| actor.side().unwrap_or(Side::First));
        // A bounded cache: a document of many distinct identifiers (one per piece) would
        // otherwise hold them all; parsing again after a clear gives the same verdicts.
        if self.verdicts.len() >= CACHE_CAP {
            self.verdicts = HashMap::new();
        }
        self.verdicts
            .insert(text.to_owned(), verdict.clone().map_err(Box::new));
        verdict
    }

    /// How many distinct strings have been parsed.
    #[cfg(test)]
    pub(crate) fn parses(&self) -> usize {
        self.parses
    }
}

#[cfg(test)]
mod tests {
    use super::Gans;
    use crate::model::{Dialect, Side};

    #[test]
    fn each_distinct_string_is_parsed_once() {
        let mut gans = Gans::new(Dialect::SnnPin);
        for _ in 0..3 {
            assert_eq!(gans.parse("CHESS:P"), Ok(Side::First));
            assert_eq!(gans.parse("chess:p"), Ok(Side::Second));
            assert_eq!(gans.parse("CHESS:p").unwrap_err().code(), "case-mismatch");
        }
        assert_eq!(gans.parses(), 3);
    }

    #[test]
    fn the_dialect_decides() {
        assert!(Gans::new(Dialect::Pnn).parse("SHOGI:+P'").is_ok());
        assert!(Gans::new(Dialect::SnnPin).parse("SHOGI:+P'").is_err());
        assert!(Gans::new(Dialect::Pnn).parse("CHESS960:K").is_err());
    }
}
