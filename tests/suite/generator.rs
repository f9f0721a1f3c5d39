//! The generator's guarantees: deterministic output, every vector confirmed by both oracles
//! (a wrong oracle stops it, showing both answers), edited grammars run by `pest_vm` meaning
//! exactly what the compiled ones mean, and clear errors for what it cannot use.

use std::collections::BTreeMap;
use std::path::Path;

use gan::corpus;
use gan::suite::gan::generate::{Config, GenerateError, Grammars, OracleChoice};
use gan::Dialect;

use crate::corpus_files::scratch;

fn only(dialect: Dialect) -> Config {
    Config {
        dialects: vec![dialect],
        ..Config::default()
    }
}

/// A copy of `grammar/` in a scratch folder, with `edit` applied to one file's text.
fn grammar_copy(name: &str, file: &str, edit: impl Fn(&str) -> String) -> std::path::PathBuf {
    let dir = scratch(name);
    for dialect in Dialect::ALL {
        let mut text = dialect.grammar_text().to_owned();
        if dialect.grammar_file() == file {
            text = edit(&text);
        }
        std::fs::write(dir.join(dialect.grammar_file()), text).expect("writes a grammar");
    }
    dir
}

#[test]
fn same_grammars_and_seed_give_identical_files() {
    let first = corpus::generate(&Config::default()).expect("generates");
    let second = corpus::generate(&Config::default()).expect("generates");
    assert_eq!(first.files, second.files);
}

#[test]
fn the_seed_changes_the_random_sample_only() {
    let base = corpus::generate(&only(Dialect::SnnPin)).expect("generates");
    let other = corpus::generate(&Config {
        seed: 6,
        ..only(Dialect::SnnPin)
    })
    .expect("generates");
    let group = |corpus: &corpus::Corpus, name: &str| -> Vec<Vec<u8>> {
        let vectors = &corpus.vector_files[0].vectors;
        vectors
            .iter()
            .filter(|v| v.group == name)
            .map(gan::suite::gan::format::Vector::bytes)
            .collect()
    };
    assert_ne!(group(&base, "random"), group(&other, "random"));
    assert_eq!(
        group(&base, "combination").len(),
        group(&other, "combination").len()
    );
}

#[test]
fn a_wrong_oracle_stops_generation_showing_both_answers() {
    // Wrong on purpose: a one-letter piece in legacy, where the grammar takes a word.
    let mut patterns = BTreeMap::new();
    patterns.insert(
        Dialect::Legacy,
        r"(?P<style>[A-Z]+):(?P<type>[A-Z])".to_owned(),
    );
    let config = Config {
        oracle: OracleChoice::Patterns(patterns),
        ..only(Dialect::Legacy)
    };
    let Err(GenerateError::Disagreement(disagreement)) = corpus::generate(&config) else {
        panic!("a wrong oracle must stop generation");
    };
    assert_eq!(disagreement.dialect, Dialect::Legacy);
    assert_ne!(disagreement.parser, disagreement.oracle);
    let message = GenerateError::Disagreement(disagreement.clone()).to_string();
    assert!(
        message.contains(&format!("pest:   {}", disagreement.parser)),
        "{message}"
    );
    assert!(
        message.contains(&format!("oracle: {}", disagreement.oracle)),
        "{message}"
    );
    assert!(
        message.contains(&format!(
            "{:?}",
            String::from_utf8_lossy(&disagreement.input)
        )),
        "{message}"
    );
}

#[test]
fn a_missing_oracle_pattern_is_an_error() {
    let config = Config {
        oracle: OracleChoice::Patterns(BTreeMap::new()),
        ..only(Dialect::Qpi)
    };
    let error = corpus::generate(&config).expect_err("no pattern for qpi");
    assert_eq!(error.to_string(), "the oracle file has no pattern for qpi");
}

#[test]
fn oracle_files_are_parsed_with_line_numbers() {
    let text = "# comment\n\nqpi (?P<style>[A-Z]):(?P<type>[A-Z])\n";
    let patterns = gan::suite::gan::generate::parse_oracle_file("o.txt", text).expect("parses");
    assert_eq!(patterns[&Dialect::Qpi], "(?P<style>[A-Z]):(?P<type>[A-Z])");
    let error = gan::suite::gan::generate::parse_oracle_file("o.txt", "chess [A-Z]\n")
        .expect_err("unknown dialect");
    assert!(
        error.starts_with("o.txt:1: unknown dialect 'chess'"),
        "{error}"
    );
    let error =
        gan::suite::gan::generate::parse_oracle_file("o.txt", "qpi a\nqpi b\n").expect_err("twice");
    assert_eq!(error, "o.txt:2: a second pattern for qpi");
}

#[test]
fn pest_vm_on_unedited_copies_gives_the_same_corpus() {
    let dir = grammar_copy("vm-same", "", str::to_owned);
    let config = Config {
        grammars: Grammars::Dir(dir),
        ..Config::default()
    };
    let from_vm = corpus::generate(&config).expect("generates");
    let compiled = corpus::generate(&Config::default()).expect("generates");
    assert_eq!(from_vm.vector_files, compiled.vector_files);
    assert_eq!(from_vm.files[5], compiled.files[5], "cross-dialect.json");
    assert_eq!(from_vm.manifest.expect("complete").grammars, "grammar-dir");
}

#[test]
fn no_oracle_is_recorded_in_the_manifest() {
    let config = Config {
        oracle: OracleChoice::Off,
        ..Config::default()
    };
    let manifest = corpus::generate(&config)
        .expect("generates")
        .manifest
        .expect("complete");
    assert_eq!(manifest.oracle, "none");
    assert!(manifest.dialects.iter().all(|d| d.oracle_pattern.is_none()));
}

#[test]
fn an_alternative_hidden_by_ordered_choice_stops_generation() {
    let dir = grammar_copy("hidden", "qpi.pest", |text| {
        text.replace(
            r#"state_modifier = { "+" | "-" }"#,
            r#"state_modifier = { "+" | "-" | "+-" }"#,
        )
    });
    let config = Config {
        grammars: Grammars::Dir(dir),
        oracle: OracleChoice::Off,
        ..only(Dialect::Qpi)
    };
    let error = corpus::generate(&config).expect_err("'+-' can never match");
    let GenerateError::Underivable { dialect, input, .. } = &error else {
        panic!("{error}")
    };
    assert_eq!(*dialect, Dialect::Qpi);
    assert!(input.contains("+-"), "{input}");
    assert!(
        error.to_string().contains("but its parser rejects it"),
        "{error}"
    );
}

#[test]
fn unsupported_grammar_constructs_are_named() {
    let error = gan::grammar::ir::Grammar::parse("x.pest", "top = { SOI ~ !\"a\" ~ ANY ~ EOI }")
        .expect_err("lookahead");
    assert!(
        error.to_string().starts_with("x.pest: rule top:"),
        "{error}"
    );
    let error =
        gan::grammar::ir::Grammar::parse("x.pest", "WHITESPACE = { \" \" }\ntop = { \"a\" }")
            .expect_err("implicit whitespace");
    assert!(error.to_string().contains("D1"), "{error}");
    let error = gan::grammar::ir::Grammar::parse("x.pest", "top = { ").expect_err("syntax");
    assert!(error.to_string().starts_with("x.pest: "), "{error}");
}

#[test]
fn builtins_become_ranges() {
    let grammar = gan::grammar::ir::Grammar::parse(
        "x.pest",
        "top = { SOI ~ ASCII_ALPHA ~ ASCII_DIGIT ~ EOI }",
    )
    .expect("parses");
    assert_eq!(grammar.ranges(), [('a', 'z'), ('A', 'Z'), ('0', '9')]);
}

#[test]
fn a_grammar_dir_without_the_file_is_an_error_naming_it() {
    let dir = scratch("no-grammars");
    let error = corpus::generate(&Config {
        grammars: Grammars::Dir(dir.clone()),
        ..Config::default()
    })
    .expect_err("no grammar files");
    let expected = format!("{}: ", dir.join("legacy.pest").display());
    assert!(error.to_string().starts_with(&expected), "{error}");
}

#[test]
fn load_dir_errors_name_the_file() {
    let dir = scratch("load");
    let missing = corpus::load_dir(&dir).expect_err("no gan/ folder");
    assert!(
        missing
            .to_string()
            .starts_with(&dir.join("gan").display().to_string()),
        "{missing}"
    );
    std::fs::create_dir_all(dir.join("gan")).expect("creates");
    let path = dir.join("gan/qpi.json");
    let check = |text: &str, message: &str| {
        std::fs::write(&path, text).expect("writes");
        let error = corpus::load_dir(&dir).expect_err(message);
        assert_eq!(error.path, path);
        assert!(error.message.contains(message), "{error}");
    };
    check("not json", "not a vector file");
    check(
        r#"{"format":5,"dialect":"qpi","spec":"s","vectors":[]}"#,
        "format 5 is not supported: this gan reads formats 1, 2, 3, 4",
    );
    check(
        r#"{"format":1,"dialect":"pnn","spec":"s","vectors":[]}"#,
        "holds dialect pnn, but is named qpi.json",
    );
    assert!(Path::new(&path).exists());
    // Format 1 still loads; its errors have no hint, so none is compared.
    std::fs::write(
        &path,
        r#"{"format":1,"dialect":"qpi","spec":"s","vectors":[{"id":"qpi/invalid/case/0123456789ab",
        "dialect":"qpi","group":"case","input":"c:K","valid":false,
        "error":{"code":"case-mismatch","offset":2}}]}"#,
    )
    .expect("writes");
    let files = corpus::load_dir(&dir).expect("format 1 loads");
    let error = files[0].vectors[0].error.as_ref().expect("an error");
    assert_eq!((error.offset, &error.hint), (2, &None));
}
