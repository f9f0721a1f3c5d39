//! The fast path compiled from the grammars (`gan::grammar::compile`): the shipped grammars
//! pass the PEG/regex check, an edited grammar is followed, a grammar where PEG and a regex
//! could disagree is refused (and still served by pest), and the fast path, pest and the
//! oracle agree on 100,000 strings per dialect per run.

use std::sync::OnceLock;

use gan::corpus;
use gan::grammar::compile::{Compiled, Engine};
use gan::oracle::{Expectation, Oracle};
use gan::suite::gan::generate::{Config, Grammars, OracleChoice};
use gan::{Dialect, Limits};
use proptest::prelude::*;

use crate::corpus_files::scratch;
use crate::properties::{boundary_string, near_valid};
use crate::util::library;

#[test]
fn the_shipped_grammars_pass_the_check_and_name_their_engine() {
    // Every grammar has one, CELL's included: its regex ends in a repetition then an optional
    // part that both start with a digit (`(I U L)* (I U?)?`), but no whole cycle `I U L` can
    // start what may follow it (`(I U?)?` and the end), so PEG and the regex agree (D22).
    let engines: Vec<(Dialect, Engine)> = Dialect::ALL
        .into_iter()
        .map(|dialect| {
            let compiled = Compiled::builtin(dialect).unwrap_or_else(|e| panic!("{e}"));
            (dialect, compiled.engine())
        })
        .collect();
    // pnn's four ordered alternatives share a prefix (not one-pass): the tagged DFA walks
    // them side by side until a byte tells them apart, their roles crossed at the same
    // offsets.
    assert_eq!(
        engines[..5],
        [
            (Dialect::Legacy, Engine::Tagged),
            (Dialect::Beta, Engine::Tagged),
            (Dialect::Pnn, Engine::Tagged),
            (Dialect::SnnPin, Engine::Tagged),
            (Dialect::Qpi, Engine::Tagged),
        ]
    );
    // Without it, the other engines: pnn's alternatives go to the backtracker.
    let others: Vec<Engine> = Dialect::ALL[..5]
        .iter()
        .map(|&dialect| {
            Compiled::new(dialect, dialect.grammar_file(), dialect.grammar_text())
                .unwrap_or_else(|e| panic!("{e}"))
                .without_tagged()
                .engine()
        })
        .collect();
    assert_eq!(
        others,
        [
            Engine::OnePass,
            Engine::OnePass,
            Engine::Backtrack,
            Engine::OnePass,
            Engine::OnePass
        ]
    );
    // The editions: an optional prefix before a letter of either case, or two readings of one
    // shape (the newest QPI's native and derived), cross the roles differently on one byte:
    // the tagged DFA refuses them, and they are not one-pass either.
    let editions: Vec<(&str, Engine)> = engines[5..]
        .iter()
        .map(|(dialect, engine)| (dialect.as_str(), *engine))
        .collect();
    assert_eq!(
        editions,
        [
            ("qpi-2025-12", Engine::Tagged),
            ("qpi-2026-01", Engine::Backtrack),
            ("pin-2025-07", Engine::Backtrack),
            ("pin-2025-12", Engine::Backtrack),
            ("sin-2025-07", Engine::Tagged),
            ("epin-2025-12", Engine::Backtrack),
            ("snn-2025-07-02", Engine::Tagged),
            ("snn-2025-07-11", Engine::Tagged),
            ("snn-2025-10-09", Engine::Tagged),
            ("snn-2026-01-11", Engine::Tagged),
            ("cell", Engine::Tagged),
            ("hand", Engine::Tagged),
        ]
    );
}

/// Every string of up to `len` characters over `alphabet`.
fn strings(alphabet: &[&str], len: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut layer = vec![String::new()];
    for _ in 0..len {
        layer = layer
            .iter()
            .flat_map(|prefix| alphabet.iter().map(move |c| format!("{prefix}{c}")))
            .collect();
        all.extend(layer.iter().cloned());
    }
    all
}

#[test]
fn an_edited_grammar_is_followed() {
    // Digits allowed in the legacy style (game word), and nowhere else.
    let edited = Dialect::Legacy
        .grammar_text()
        .replace(
            "game_id_uppercase = { identifier_uppercase }",
            "game_id_uppercase = { (letter_uppercase | digit)+ }",
        )
        .replace(
            "game_id_lowercase = { identifier_lowercase }",
            "game_id_lowercase = { (letter_lowercase | digit)+ }",
        )
        + "\n/// A digit.\ndigit = _{ '0'..'9' }\n";
    let fast = Compiled::new(Dialect::Legacy, "legacy.pest", &edited).expect("compiles");
    let shipped = Compiled::builtin(Dialect::Legacy).expect("compiles");
    assert!(fast.recognize(b"CHESS960:KING").is_ok());
    assert_eq!(shipped.recognize(b"CHESS960:KING"), Err(5));
    assert_eq!(fast.recognize(b"CHESS:KING9"), Err(10));
    // The oracle of the edited language, written by hand.
    let oracle = Oracle::from_pattern(Dialect::Legacy, r"(?P<style>[A-Z0-9]+):(?P<type>[A-Z]+)")
        .expect("compiles");
    let alphabet = ["A", "k", "z", "0", "9", ":", "+", "_", " "];
    for input in strings(&alphabet, 5) {
        let bytes = input.as_bytes();
        match oracle.expect(bytes) {
            Expectation::Valid(fields) => {
                let view = fast
                    .view(&input)
                    .unwrap_or_else(|o| panic!("{input:?}: {o}"));
                assert_eq!(view.fields(), fields, "{input:?}");
            }
            Expectation::Invalid { .. } => {
                assert_eq!(
                    fast.recognize(bytes),
                    Err(oracle.offset(bytes)),
                    "{input:?}"
                );
            }
        }
    }
}

/// The refusal of `grammar` (the snn-pin role table), as its message.
fn refusal(dialect: Dialect, grammar: &str) -> String {
    Compiled::new(dialect, "edited.pest", grammar)
        .expect_err("refused")
        .to_string()
}

#[test]
fn grammars_where_peg_and_a_regex_disagree_are_refused_naming_the_rule() {
    let pnn = Dialect::Pnn.grammar_text();
    let bnf_order = pnn.replace(
        "    prefix ~ piece_letter_uppercase ~ suffix\n  | prefix ~ piece_letter_uppercase\n  | piece_letter_uppercase ~ suffix\n  | piece_letter_uppercase\n",
        "    piece_letter_uppercase\n  | prefix ~ piece_letter_uppercase\n  | piece_letter_uppercase ~ suffix\n  | prefix ~ piece_letter_uppercase ~ suffix\n",
    );
    assert_ne!(bnf_order, pnn, "the edit applies");
    let error = Compiled::new(Dialect::Pnn, "pnn.pest", &bnf_order).expect_err("refused");
    assert_eq!(error.rule(), Some("piece_id_uppercase"));
    let messages = [
        error.to_string(),
        // A repetition that would eat what follows it.
        refusal(
            Dialect::Legacy,
            &Dialect::Legacy.grammar_text().replace(
                "identifier_uppercase = { letter_uppercase+ }",
                "identifier_uppercase = { (letter_uppercase | \":\")+ }",
            ),
        ),
        // An optional whose first byte can follow it.
        refusal(
            Dialect::SnnPin,
            &Dialect::SnnPin.grammar_text().replace(
                "uppercase_pin = { pin_letter_uppercase | state_modifier ~ pin_letter_uppercase }",
                "uppercase_pin = { pin_letter_uppercase? ~ pin_letter_uppercase }",
            ),
        ),
        // A shorter alternative first, and the byte after it can follow the choice.
        refusal(
            Dialect::Qpi,
            &Dialect::Qpi.grammar_text().replace(
                "uppercase_qpi = { uppercase_sin ~ colon ~ uppercase_pin }",
                "uppercase_qpi = { (uppercase_sin ~ colon | uppercase_sin) ~ (colon ~ uppercase_pin | uppercase_pin) }",
            ),
        ),
        // Recursion, atomic rules, lookahead.
        refusal(
            Dialect::Legacy,
            &Dialect::Legacy.grammar_text().replace(
                "identifier_uppercase = { letter_uppercase+ }",
                "identifier_uppercase = { letter_uppercase ~ identifier_uppercase? }",
            ),
        ),
        refusal(
            Dialect::SnnPin,
            &Dialect::SnnPin.grammar_text().replace(
                "uppercase_style = { letter_uppercase",
                "uppercase_style = @{ letter_uppercase",
            ),
        ),
        refusal(
            Dialect::Qpi,
            &Dialect::Qpi
                .grammar_text()
                .replace("colon = { \":\" }", "colon = { !\"::\" ~ \":\" }"),
        ),
        refusal(Dialect::Qpi, "qpi = { \"a\" ~ EOI }"),
    ];
    insta::assert_snapshot!(messages.join("\n"));
}

#[test]
fn a_refused_grammar_is_still_served_by_pest() {
    // An atomic rule: pest reports failures inside it at its start, a DFA where it dies.
    let edit = |text: &str| {
        text.replace(
            "uppercase_style = { letter_uppercase",
            "uppercase_style = @{ letter_uppercase",
        )
    };
    let edited = edit(Dialect::SnnPin.grammar_text());
    let error = Compiled::new(Dialect::SnnPin, "snn-pin.pest", &edited).expect_err("atomic");
    assert_eq!(error.rule(), Some("uppercase_style"));
    let dir = scratch("fast-path-refused");
    for dialect in Dialect::ALL {
        let text = if dialect == Dialect::SnnPin {
            edited.clone()
        } else {
            dialect.grammar_text().to_owned()
        };
        std::fs::write(dir.join(dialect.grammar_file()), text).expect("writes a grammar");
    }
    let corpus = corpus::generate(&Config {
        dialects: vec![Dialect::SnnPin],
        grammars: Grammars::Dir(dir),
        oracle: OracleChoice::Off,
        ..Config::default()
    })
    .expect("pest_vm serves the edited grammar");
    assert!(!corpus.vector_files.is_empty());
}

fn oracles() -> &'static [Oracle] {
    static ORACLES: OnceLock<Vec<Oracle>> = OnceLock::new();
    ORACLES.get_or_init(|| Dialect::ALL.into_iter().map(Oracle::new).collect())
}

/// The fast path against pest (everything, message included) and against the oracle.
fn three_way(input: &[u8]) -> Result<(), TestCaseError> {
    for (dialect, oracle) in Dialect::ALL.into_iter().zip(oracles()) {
        let fast = dialect.parse(input);
        let pest = dialect.parse_reference(input, Limits::NONE);
        prop_assert_eq!(
            &fast,
            &pest,
            "{} on {:?}",
            dialect,
            String::from_utf8_lossy(input)
        );
        prop_assert_eq!(library(dialect, input), oracle.expect(input));
    }
    Ok(())
}

/// Boundary strings, near-valid mutations of every dialect, and arbitrary bytes.
fn mixed() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => boundary_string().prop_map(String::into_bytes),
        1 => near_valid(Dialect::Legacy).prop_map(String::into_bytes),
        1 => near_valid(Dialect::Beta).prop_map(String::into_bytes),
        1 => near_valid(Dialect::Pnn).prop_map(String::into_bytes),
        1 => near_valid(Dialect::SnnPin).prop_map(String::into_bytes),
        1 => near_valid(Dialect::Qpi).prop_map(String::into_bytes),
        2 => prop::collection::vec(any::<u8>(), 0..16),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 100_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Each string goes through all five dialects: 100,000 per dialect.
    #[test]
    fn fast_path_pest_and_oracle_agree(input in mixed()) {
        three_way(&input)?;
    }
}
