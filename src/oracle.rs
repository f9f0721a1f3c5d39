//! The second oracle: the regexes of docs/DECISIONS.md §1, kept as data in the notation table,
//! and the D11/D12 rules computed from their DFA. It shares no code with the pest parsers, and
//! is used only to confirm what the grammars say (in tests and before a corpus vector is
//! written).
//!
//! - verdict: a full match of the uppercase or the lowercase form (two separate regexes);
//! - actor: the named groups of the form that matched (`first` iff uppercase);
//! - offset: where an anchored DFA of both forms dies (D11);
//! - code and hint: D12 and D3 from that DFA.
//!
//! Public with the `test-support` feature only, for the crate's own tests and benches: an
//! internal, not part of the stable API.

use regex::Regex;
use regex_automata::dfa::dense;
use regex_automata::util::primitives::StateID;
use regex_automata::util::syntax;
use regex_automata::MatchKind;

use crate::automaton::{self, Walk};

use crate::error::codes;
use crate::model::Dialect;
use crate::model::{ActorFields, Side, State};

/// The uppercase form of a notation's oracle regex, verbatim from docs/DECISIONS.md §1 (its
/// row in the notation table).
pub fn pattern(dialect: Dialect) -> &'static str {
    dialect.oracle_pattern()
}

/// What the oracle expects of an input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expectation {
    /// A full match, with the named groups as attributes.
    Valid(ActorFields),
    /// No match: D12's code, D11's offset, and D3's hint for `case-mismatch`.
    Invalid {
        /// The error code.
        code: &'static str,
        /// The byte offset.
        offset: usize,
        /// The re-cased input, for `case-mismatch` when it is valid.
        hint: Option<String>,
    },
}

/// One dialect's oracle, compiled.
#[derive(Debug, Clone)]
pub struct Oracle {
    forms: [(Side, Regex); 2],
    dfa: dense::DFA<Vec<u32>>,
}

impl Oracle {
    /// The oracle of docs/DECISIONS.md §1 for `dialect`.
    ///
    /// # Panics
    ///
    /// Never in practice: the patterns are compiled in, and the tests compile each one.
    pub fn new(dialect: Dialect) -> Oracle {
        Oracle::from_pattern(pattern(dialect)).expect("the oracle patterns compile")
    }

    /// An oracle from an uppercase-form pattern in the same style (named groups `style`,
    /// `type`, and any of `state`, `intermediate`, `promoted`, `king`); the lowercase form
    /// replaces `A-Z` with `a-z`.
    pub fn from_pattern(uppercase: &str) -> Result<Oracle, String> {
        let lowercase = uppercase.replace("A-Z", "a-z");
        let full = |form: &str| Regex::new(&format!("^(?:{form})$")).map_err(|e| e.to_string());
        let dfa = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .match_kind(MatchKind::All)
                    .start_kind(regex_automata::dfa::StartKind::Anchored),
            )
            .syntax(syntax::Config::new().unicode(false).utf8(false))
            .build_many(&[format!("(?:{uppercase})$"), format!("(?:{lowercase})$")])
            .map_err(|e| e.to_string())?;
        Ok(Oracle {
            forms: [
                (Side::First, full(uppercase)?),
                (Side::Second, full(&lowercase)?),
            ],
            dfa,
        })
    }

    /// The verdict, the attributes or the error the oracle expects for `input`.
    pub fn expect(&self, input: &[u8]) -> Expectation {
        let text = match std::str::from_utf8(input) {
            Ok(text) => text,
            Err(error) => return invalid(codes::INVALID_UTF8, error.valid_up_to(), None),
        };
        if let Some(fields) = self.actor(text) {
            return Expectation::Valid(fields);
        }
        if input.is_empty() {
            return invalid(codes::EMPTY, 0, None);
        }
        let (offset, state) = self.dead_end(input);
        let code = match input.get(offset) {
            Some(&byte) if byte >= 0x80 => codes::NON_ASCII,
            Some(&byte) if byte.is_ascii_alphabetic() && self.lives(state, byte ^ 0x20) => {
                codes::CASE_MISMATCH
            }
            _ if offset > 0 && !input.contains(&b':') => codes::MISSING_SEPARATOR,
            None => codes::UNEXPECTED_END,
            Some(_) => codes::UNEXPECTED_CHAR,
        };
        let hint = (code == codes::CASE_MISMATCH)
            .then(|| self.hint(text))
            .flatten();
        invalid(code, offset, hint)
    }

    /// Whether the input is a full match of either form.
    pub fn accepts(&self, input: &[u8]) -> bool {
        std::str::from_utf8(input)
            .is_ok_and(|text| self.forms.iter().any(|(_, regex)| regex.is_match(text)))
    }

    /// D11: the length of the longest prefix that some valid string starts with.
    pub fn offset(&self, input: &[u8]) -> usize {
        self.dead_end(input).0
    }

    fn actor(&self, text: &str) -> Option<ActorFields> {
        self.forms.iter().find_map(|(side, regex)| {
            let groups = regex.captures(text)?;
            let group = |name: &str| groups.name(name).map(|m| m.as_str());
            Some(ActorFields {
                style: group("style")?.to_owned(),
                piece_type: group("type")?.to_owned(),
                side: *side,
                state: group("state").map(|prefix| match prefix {
                    "+" => State::Enhanced,
                    "-" => State::Diminished,
                    _ => State::Normal,
                }),
                intermediate: group("intermediate").map(|suffix| suffix == "'"),
                promoted: group("promoted").map(|prefix| prefix == "+"),
                king: group("king").map(|prefix| prefix == "-"),
            })
        })
    }

    /// Walks the DFA until it dies: the offset where it did, and the last live state (the
    /// whole length and the final state when the input is valid or viable).
    fn dead_end(&self, input: &[u8]) -> (usize, StateID) {
        match automaton::walk(&self.dfa, input) {
            Walk::Dead { offset, state } => (offset, state),
            Walk::Match => (input.len(), automaton::start(&self.dfa)),
        }
    }

    fn lives(&self, state: StateID, byte: u8) -> bool {
        automaton::lives(&self.dfa, state, byte)
    }

    /// D3: the input re-cased to its piece part's first letter, when that is valid.
    fn hint(&self, text: &str) -> Option<String> {
        let (_, piece) = text.split_once(':')?;
        let first = piece.bytes().find(u8::is_ascii_alphabetic)?;
        let recased = if first.is_ascii_uppercase() {
            text.to_ascii_uppercase()
        } else {
            text.to_ascii_lowercase()
        };
        self.accepts(recased.as_bytes()).then_some(recased)
    }
}

fn invalid(code: &'static str, offset: usize, hint: Option<String>) -> Expectation {
    Expectation::Invalid { code, offset, hint }
}
