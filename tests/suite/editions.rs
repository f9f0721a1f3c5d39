//! The editions of QPI, PIN, SIN, EPIN and SNN as notations (D13–D21): `gan parse` against
//! each edition's regex on every string up to one character longer than its longest token
//! (SNN, unbounded: up to 5) over an alphabet of its boundary characters, and the committed
//! corpus of each edition against its oracle regex.

use std::collections::HashSet;

use gan::oracle::{Expectation, Oracle};
use gan::{Dialect, Family};
use regex::Regex;

use crate::util::{assert_agree, library};

/// Each edition: its whole-string form as the facts about the current specs give it (written
/// here, apart from the notation table's oracle), the length of the strings tried, and the
/// alphabet: the characters of its language at their class boundaries, their neighbours
/// outside (`@` `[` `` ` `` `{` `/` and `:` around the letters and digits), and its markers.
const EDITIONS: [(&str, &str, usize, &str); 12] = [
    (
        "qpi-2025-12",
        r"[A-Z]:[-+]?[A-Z]\^?|[a-z]:[-+]?[a-z]\^?",
        6,
        "AZaz:+-^@{",
    ),
    ("qpi-2026-01", r"[A-Za-z]:[-+]?[A-Za-z]\^?", 6, "AZaz:+-^@{"),
    ("pin-2025-07", r"[-+]?[A-Za-z]", 3, "AZaz+-^'@[`{:0 "),
    ("pin-2025-12", r"[-+]?[A-Za-z]\^?", 4, "AZaz+-^'@[`{:0"),
    ("sin-2025-07", r"[A-Za-z]", 2, "AZazK@[`{:+-^'0 \n"),
    ("epin-2025-12", r"[-+]?[A-Za-z]\^?'?", 5, "Az+-^'@{"),
    (
        "snn-2025-07-02",
        r"[A-Z][A-Z0-9]*|[a-z][a-z0-9]*",
        5,
        "AZaz09@[`{/:",
    ),
    ("snn-2025-07-11", r"[A-Z][a-z0-9]*", 5, "AZaz09@[`{/:"),
    ("snn-2025-10-09", r"[A-Z]+|[a-z]+", 5, "AZaz09@[`{/:"),
    ("snn-2026-01-11", r"[A-Z][A-Za-z]*[0-9]*", 5, "AZaz09@[`{/:"),
    // CELL's regex as cell.rb 490c7d3 and cell.ex 9faef70 quote it (D22), and HAND's `*`
    // (D24): every string of up to 5 characters.
    (
        "cell",
        r"[a-z]+(?:[1-9][0-9]*[A-Z]+[a-z]+)*(?:[1-9][0-9]*[A-Z]*)?",
        5,
        "azAZ019*@[`{/:",
    ),
    ("hand", r"\*", 5, "*azAZ09@[`{/:+ "),
];

fn edition(name: &str) -> Dialect {
    name.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Every edition of the table is listed above, and nothing else.
#[test]
fn every_edition_is_tried() {
    let names: Vec<&str> = EDITIONS.iter().map(|(name, ..)| *name).collect();
    let table: Vec<&str> = Family::Editions
        .dialects()
        .iter()
        .map(|d| d.as_str())
        .collect();
    assert_eq!(names, table);
}

/// Done when: 0 differences between `gan parse` (the library, fast path and pest) and the
/// edition's regex (verdict), and between it and the oracle of docs/DECISIONS.md §1
/// (attributes, code, offset, hint), on every string of the alphabet up to the bound.
#[test]
fn parse_equals_the_edition_regex_on_every_short_string() {
    for (name, form, length, alphabet) in EDITIONS {
        let dialect = edition(name);
        let regex = Regex::new(&format!("^(?:{form})$")).unwrap();
        let oracle = Oracle::new(dialect);
        let alphabet: Vec<char> = alphabet.chars().collect();
        let mut layer = vec![String::new()];
        let mut tried = 0usize;
        let mut accepted = 0usize;
        for _ in 0..=length {
            let mut next = Vec::with_capacity(layer.len() * alphabet.len());
            for input in &layer {
                let got = library(dialect, input.as_bytes());
                let valid = matches!(got, Expectation::Valid(_));
                assert_eq!(
                    valid,
                    regex.is_match(input),
                    "{name}: {input:?}: gan parse says {got:?}"
                );
                assert_agree(&oracle, dialect, input.as_bytes());
                tried += 1;
                accepted += usize::from(valid);
                if input.chars().count() < length {
                    for &c in &alphabet {
                        next.push(format!("{input}{c}"));
                    }
                }
            }
            layer = next;
        }
        assert!(tried >= 300 && accepted > 0, "{name}: {tried} tried");
    }
}

/// The committed corpus of every edition: each valid vector's input matches the edition's
/// regex, and the oracle expects exactly what the vector says (attributes, or code, offset
/// and hint); each invalid one does not match.
#[test]
fn every_committed_vector_of_the_editions_is_confirmed_by_its_oracle() {
    let files = gan::corpus::embedded();
    for (name, form, ..) in EDITIONS {
        let dialect = edition(name);
        let regex = Regex::new(&format!("^(?:{form})$")).unwrap();
        let oracle = Oracle::new(dialect);
        let file = files
            .iter()
            .find(|file| file.dialect == name)
            .unwrap_or_else(|| panic!("no file for {name}"));
        assert!(file.vectors.len() < 3000, "{name}: {}", file.vectors.len());
        for vector in &file.vectors {
            let input = vector.bytes();
            let text = std::str::from_utf8(&input).unwrap_or("\u{FFFD}");
            assert_eq!(vector.valid, regex.is_match(text), "{}", vector.id);
            match (oracle.expect(&input), &vector.error) {
                (Expectation::Valid(fields), None) => {
                    let actor = vector.actor.as_ref().expect("a valid vector has an actor");
                    assert_eq!(actor, &fields, "{}", vector.id);
                }
                (Expectation::Invalid { code, offset, hint }, Some(error)) => assert_eq!(
                    (code, offset, hint.as_deref()),
                    (
                        error.code.as_str(),
                        error.offset,
                        error.hint.clone().flatten().as_deref()
                    ),
                    "{}",
                    vector.id
                ),
                (expected, _) => panic!("{}: the oracle expects {expected:?}", vector.id),
            }
        }
    }
}

/// The whole language of PIN, SIN and EPIN is committed; the QPI editions hold every PIN
/// token under two SIN letters of each case (the first and the last), and every SIN letter
/// with two PIN tokens.
#[test]
fn the_small_languages_are_committed_whole_and_qpi_as_a_sample() {
    let files = gan::corpus::embedded();
    let valid = |name: &str| -> HashSet<String> {
        let file = files.iter().find(|file| file.dialect == name).unwrap();
        file.vectors
            .iter()
            .filter(|v| v.valid)
            .filter_map(|v| v.input.clone())
            .collect()
    };
    let letters: Vec<String> = ('A'..='Z').chain('a'..='z').map(String::from).collect();
    let pin07: Vec<String> = ["", "+", "-"]
        .iter()
        .flat_map(|state| letters.iter().map(move |l| format!("{state}{l}")))
        .collect();
    let pin12: Vec<String> = pin07
        .iter()
        .flat_map(|token| [token.clone(), format!("{token}^")])
        .collect();
    let epin: Vec<String> = pin12
        .iter()
        .flat_map(|token| [token.clone(), format!("{token}'")])
        .collect();
    for (name, language, size) in [
        ("sin-2025-07", &letters, 52),
        ("pin-2025-07", &pin07, 156),
        ("pin-2025-12", &pin12, 312),
        ("epin-2025-12", &epin, 624),
    ] {
        let committed = valid(name);
        assert_eq!(language.len(), size);
        assert_eq!(
            committed,
            language.iter().cloned().collect::<HashSet<_>>(),
            "{name}"
        );
    }
    for name in ["qpi-2025-12", "qpi-2026-01"] {
        let oracle = Oracle::new(edition(name));
        let committed = valid(name);
        for style in ["A", "Z", "a", "z"] {
            for token in &pin12 {
                let input = format!("{style}:{token}");
                if oracle.accepts(input.as_bytes()) {
                    assert!(committed.contains(&input), "{name}: no {input}");
                }
            }
        }
        for style in &letters {
            let with = committed
                .iter()
                .filter(|input| input.starts_with(&format!("{style}:")))
                .count();
            assert!(with >= 2, "{name}: {style} has {with} tokens");
        }
    }
}

/// D16, D17: the error codes each edition can give; `missing-separator` only where the
/// grammar has `:`, `case-mismatch` only where cases are tied across letters.
#[test]
fn each_edition_gives_the_codes_its_grammar_allows() {
    use crate::util::{parse_err, parse_ok};
    let d = edition;
    parse_err(d("qpi-2025-12"), "C", "missing-separator", 1);
    parse_err(d("qpi-2025-12"), "C:k", "case-mismatch", 2);
    parse_err(d("qpi-2025-12"), "C:K^^", "unexpected-char", 4);
    parse_ok(d("qpi-2025-12"), "c:+r^");
    parse_err(d("qpi-2026-01"), "C", "missing-separator", 1);
    let derived = parse_ok(d("qpi-2026-01"), "C:r");
    assert_eq!(
        (derived.side, derived.derived),
        (Some(gan::Side::Second), Some(true))
    );
    parse_err(d("qpi-2026-01"), "C:K'", "unexpected-char", 3);
    parse_err(d("pin-2025-07"), "K^", "unexpected-char", 1);
    parse_err(d("pin-2025-12"), "K+", "unexpected-char", 1);
    parse_err(d("pin-2025-12"), "^K", "unexpected-char", 0);
    parse_err(d("pin-2025-12"), "++K", "unexpected-char", 1);
    parse_err(d("pin-2025-12"), "K^^", "unexpected-char", 2);
    parse_err(d("pin-2025-12"), "+", "unexpected-end", 1);
    parse_err(d("sin-2025-07"), "CH", "unexpected-char", 1);
    parse_err(d("epin-2025-12"), "K''", "unexpected-char", 2);
    parse_err(d("epin-2025-12"), "K'^", "unexpected-char", 2);
    let epin = parse_ok(d("epin-2025-12"), "-k^'");
    assert_eq!(
        (epin.style, epin.terminal, epin.derived),
        (None, Some(true), Some(true))
    );
    parse_err(d("snn-2025-07-02"), "CHess", "case-mismatch", 2);
    parse_err(d("snn-2025-07-11"), "chess", "case-mismatch", 0);
    parse_err(d("snn-2025-10-09"), "CHESS960", "unexpected-char", 5);
    parse_err(d("snn-2026-01-11"), "chess", "case-mismatch", 0);
    parse_err(d("snn-2026-01-11"), "Chess_960", "unexpected-char", 5);
    parse_err(d("snn-2026-01-11"), "3DChess", "unexpected-char", 0);
    parse_err(d("snn-2026-01-11"), "Chess960a", "unexpected-char", 8);
    let snn = parse_ok(d("snn-2026-01-11"), "MiniShogi");
    assert_eq!((snn.style.as_deref(), snn.side), (Some("MiniShogi"), None));
    for dialect in Family::Editions.dialects() {
        // No hint without ':' (D16), and none where the cases are independent.
        let error = dialect.parse(b"cHESS:K").unwrap_err();
        assert_eq!(error.hint(), None, "{dialect}");
    }
}

/// D22: CELL's indices, written by hand (bijective base 26 for letters, n - 1 for integers),
/// against `gan parse`; D23: above `u64::MAX`, no `indices`.
#[test]
fn cell_indices_are_the_decisions_values() {
    let cases: [(&str, Option<&[u64]>); 12] = [
        ("a", Some(&[0])),
        ("z", Some(&[25])),
        ("aa", Some(&[26])),
        ("zz", Some(&[701])),
        ("aaa", Some(&[702])),
        ("file", Some(&[111_856])),
        ("a1", Some(&[0, 0])),
        ("e4B", Some(&[4, 3, 1])),
        ("iv256", Some(&[255, 255])),
        ("aa1AAb10", Some(&[26, 0, 26, 1, 9])),
        ("a18446744073709551616", Some(&[0, u64::MAX])),
        ("a18446744073709551617", None),
    ];
    for (input, want) in cases {
        let actor = edition("cell").parse(input.as_bytes()).unwrap();
        assert_eq!(actor.fields().indices.as_deref(), want, "{input}");
    }
    let hand = edition("hand").parse(b"*").unwrap();
    assert_eq!(serde_json::to_string(&hand.fields()).unwrap(), "{}");
}
