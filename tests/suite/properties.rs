//! Property tests: each grammar against its oracle regex on random strings over the boundary
//! alphabet (at least 10,000 per dialect per run), Display round-trips, bytes never panic.

use gan::oracle::{pattern, Oracle};
use gan::Dialect;
use proptest::prelude::*;
use proptest::string::string_regex;

use crate::util::{assert_agree, library, oracle};

/// The boundary characters of the issue: class neighbours, separators, modifiers, whitespace,
/// NUL and non-ASCII letters that Unicode case rules confuse with ASCII.
const ALPHABET: &[char] = &[
    'A', 'Z', 'a', 'z', 'C', 'K', 'k', 'p', '@', '[', '`', '{', '/', '0', '9', ':', '+', '-', '\'',
    '_', ' ', '\n', '\r', '\0', '\u{212A}', '\u{17F}', '\u{131}', '\u{FF2B}',
];

pub(crate) fn boundary_string() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET), 0..12)
        .prop_map(|chars| chars.into_iter().collect())
}

/// Valid strings of `dialect` (either case), from its oracle regex.
pub(crate) fn valid_string(dialect: Dialect) -> impl Strategy<Value = String> {
    let upper = string_regex(&strip_groups(pattern(dialect))).unwrap();
    let lower = string_regex(&strip_groups(&pattern(dialect).replace("A-Z", "a-z"))).unwrap();
    prop_oneof![upper, lower]
}

/// A valid string with one character replaced, inserted or deleted.
pub(crate) fn near_valid(dialect: Dialect) -> impl Strategy<Value = String> {
    (
        valid_string(dialect),
        any::<prop::sample::Index>(),
        prop::sample::select(ALPHABET),
        0..3u8,
    )
        .prop_map(|(text, index, c, edit)| {
            let mut chars: Vec<char> = text.chars().collect();
            let at = index.index(chars.len() + 1);
            match edit {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
            chars.into_iter().collect()
        })
}

fn strip_groups(pattern: &str) -> String {
    regex::Regex::new(r"\?P<[a-z]+>")
        .unwrap()
        .replace_all(pattern, "")
        .into_owned()
}

fn agreement(dialect: Dialect) {
    let oracle = Oracle::new(dialect);
    let config = ProptestConfig {
        cases: 5_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let boundary = ProptestConfig {
        cases: 10_000,
        ..config.clone()
    };
    proptest!(boundary, |(input in boundary_string())| {
        assert_agree(&oracle, dialect, input.as_bytes());
    });
    proptest!(config, |(input in near_valid(dialect))| {
        assert_agree(&oracle, dialect, input.as_bytes());
    });
    let round_trip = ProptestConfig {
        cases: 1_000,
        ..config
    };
    proptest!(round_trip, |(input in valid_string(dialect))| {
        let actor = dialect.parse(input.as_bytes()).expect("the oracle's language is valid");
        prop_assert_eq!(actor.to_string(), input.clone());
        prop_assert_eq!(dialect.parse(actor.to_string().as_bytes()).unwrap(), actor);
        assert_agree(&oracle, dialect, input.as_bytes());
    });
}

#[test]
fn legacy_agrees_with_its_oracle() {
    agreement(Dialect::Legacy);
}

#[test]
fn beta_agrees_with_its_oracle() {
    agreement(Dialect::Beta);
}

#[test]
fn pnn_agrees_with_its_oracle() {
    agreement(Dialect::Pnn);
}

#[test]
fn snn_pin_agrees_with_its_oracle() {
    agreement(Dialect::SnnPin);
}

#[test]
fn qpi_agrees_with_its_oracle() {
    agreement(Dialect::Qpi);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..40)) {
        for dialect in Dialect::ALL {
            prop_assert_eq!(library(dialect, &bytes), oracle(dialect).expect(&bytes));
        }
    }
}

#[test]
fn long_components_parse_without_limit() {
    // D5: the specs set no maximum length; with the library's default cap lifted
    // (`Limits::NONE`), 1 MiB styles parse (and do not exhaust the stack).
    let style = "A".repeat(1 << 20);
    for dialect in [
        Dialect::Legacy,
        Dialect::Beta,
        Dialect::Pnn,
        Dialect::SnnPin,
    ] {
        let input = format!("{style}:K");
        let actor = dialect
            .parse_with(input.as_bytes(), gan::Limits::NONE)
            .unwrap();
        assert_eq!(actor.style().map(str::len), Some(1 << 20));
        let broken = format!("{style}:k");
        assert_eq!(
            dialect
                .parse_with(broken.as_bytes(), gan::Limits::NONE)
                .unwrap_err()
                .offset(),
            (1 << 20) + 1
        );
    }
}
