//! The second oracle: the regexes of docs/DECISIONS.md §1, kept as data in the notation table,
//! and the D11/D12 rules computed from their DFA. It shares no code with the pest parsers, and
//! is used only to confirm what the grammars say (in tests and before a corpus vector is
//! written).
//!
//! - verdict: a full match of one of the notation's forms: the uppercase and the lowercase
//!   form where the cases are tied (two separate regexes), the pattern alone otherwise;
//! - actor: the named groups of the form that matched; the side by the form (`first` iff
//!   uppercase) where the cases are tied, by the case of the `type` group's letter where they
//!   are independent (and `derived` iff the `style` group's letter is in the other case), none
//!   in a notation without one;
//! - offset: where an anchored DFA of all the forms dies (D11);
//! - code and hint: D12 and D3 from that DFA (`missing-separator` only where the pattern has
//!   the `:` separator).
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
use crate::notation::Cases;

/// A notation's oracle regex, verbatim from docs/DECISIONS.md §1 (its row in the notation
/// table): the uppercase form where the cases are tied.
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
    /// The forms, each with the side it stands for where the cases are tied.
    forms: Vec<(Option<Side>, Regex)>,
    cases: Cases,
    /// Whether the pattern has the `:` separator.
    separator: bool,
    dfa: dense::DFA<Vec<u32>>,
}

impl Oracle {
    /// The oracle of docs/DECISIONS.md §1 for `dialect`.
    ///
    /// # Panics
    ///
    /// Never in practice: the patterns are compiled in, and the tests compile each one.
    pub fn new(dialect: Dialect) -> Oracle {
        Oracle::from_pattern(dialect, pattern(dialect)).expect("the oracle patterns compile")
    }

    /// An oracle for `dialect` from another pattern in the same style as its own (named groups
    /// `style`, `type`, and any of `state`, `intermediate`, `promoted`, `king`, `terminal`,
    /// `derived`), read as the notation's row says: where the cases are tied, `pattern` is the
    /// uppercase form and the lowercase form replaces `A-Z` with `a-z`.
    pub fn from_pattern(dialect: Dialect, pattern: &str) -> Result<Oracle, String> {
        let cases = dialect.cases();
        let forms: Vec<(Option<Side>, String)> = match cases {
            Cases::Tied => vec![
                (Some(Side::First), pattern.to_owned()),
                (Some(Side::Second), pattern.replace("A-Z", "a-z")),
            ],
            Cases::Sideless | Cases::Independent => vec![(None, pattern.to_owned())],
        };
        let full = |form: &str| Regex::new(&format!("^(?:{form})$")).map_err(|e| e.to_string());
        let anchored: Vec<String> = forms
            .iter()
            .map(|(_, form)| format!("(?:{form})$"))
            .collect();
        let dfa = dense::Builder::new()
            .configure(
                dense::Config::new()
                    .match_kind(MatchKind::All)
                    .start_kind(regex_automata::dfa::StartKind::Anchored),
            )
            .syntax(syntax::Config::new().unicode(false).utf8(false))
            .build_many(&anchored)
            .map_err(|e| e.to_string())?;
        Ok(Oracle {
            forms: forms
                .iter()
                .map(|(side, form)| Ok((*side, full(form)?)))
                .collect::<Result<_, String>>()?,
            cases,
            separator: pattern.replace("(?:", "").contains(':'),
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
            _ if offset > 0 && self.separator && !input.contains(&b':') => codes::MISSING_SEPARATOR,
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
            let case =
                |name: &str| group(name).and_then(|text| text.bytes().find_map(Side::of_letter));
            let (side, derived) = match self.cases {
                Cases::Tied | Cases::Sideless => (*side, group("derived").map(|mark| mark == "'")),
                Cases::Independent => {
                    let piece = case("type");
                    (piece, Some(case("style") != piece))
                }
            };
            Some(ActorFields {
                style: group("style").map(str::to_owned),
                piece_type: group("type").map(str::to_owned),
                side,
                state: group("state").map(|prefix| match prefix {
                    "+" => State::Enhanced,
                    "-" => State::Diminished,
                    _ => State::Normal,
                }),
                intermediate: group("intermediate").map(|suffix| suffix == "'"),
                promoted: group("promoted").map(|prefix| prefix == "+"),
                king: group("king").map(|prefix| prefix == "-"),
                terminal: group("terminal").map(|suffix| suffix == "^"),
                derived,
                indices: group("coordinate").and_then(coordinate_indices),
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

/// The indices of a CELL coordinate (`coordinate` group), read apart from the parsers: the
/// runs are cut by a regex, and each is worth the sum of its digits times powers of its base
/// (letters: 26, with `a` worth 1; integers: 10), minus one. `None` past `u64::MAX` (D22, D23).
fn coordinate_indices(text: &str) -> Option<Vec<u64>> {
    static RUNS: std::sync::OnceLock<Regex> = std::sync::OnceLock::new();
    let runs = RUNS.get_or_init(|| Regex::new("[a-z]+|[0-9]+|[A-Z]+").expect("a fixed pattern"));
    runs.find_iter(text)
        .map(|run| {
            let (base, worth): (u64, fn(u8) -> u64) = match run.as_str().as_bytes()[0] {
                b'0'..=b'9' => (10, |byte| u64::from(byte - b'0')),
                b'a'..=b'z' => (26, |byte| u64::from(byte - b'a' + 1)),
                _ => (26, |byte| u64::from(byte - b'A' + 1)),
            };
            let mut total: u128 = 0;
            for byte in run.as_str().bytes() {
                total = total.checked_mul(u128::from(base))? + u128::from(worth(byte));
                if total > u128::from(u64::MAX) + 1 {
                    return None;
                }
            }
            u64::try_from(total - 1).ok()
        })
        .collect()
}
