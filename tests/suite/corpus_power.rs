//! The committed GAN corpus holds the classes of vectors that kill the bugs real
//! implementations have (`tests/mutants/` measures it): offset 0, the decision record's
//! examples, long inputs, invalid UTF-8 after multi-byte characters, and every cell of the
//! confusion alphabet (character class × grammar rule × operator) with several vectors, so
//! that no single sampling change loses one.

use std::collections::HashMap;

use gan::suite::gan::format::Vector;

/// The files of the five GAN dialects (the editions' files, below 3,000 vectors each, are
/// bounded in `corpus_files` and checked whole in `editions`).
fn files() -> Vec<gan::suite::gan::format::VectorFile> {
    gan::corpus::embedded()
        .into_iter()
        .filter(|file| {
            file.dialect.parse::<gan::Dialect>().unwrap().family() == gan::Family::Dialects
        })
        .collect()
}

fn group<'a>(vectors: &'a [Vector], name: &str) -> Vec<&'a Vector> {
    vectors.iter().filter(|v| v.group == name).collect()
}

#[test]
fn the_corpus_stays_within_its_size_bounds() {
    let files = files();
    let total: usize = files.iter().map(|f| f.vectors.len()).sum();
    assert!(total < 15_000, "{total} GAN vectors");
    for file in &files {
        let confusion = group(&file.vectors, "confusion").len();
        assert!(
            (300..=1_300).contains(&confusion),
            "{}: {confusion} confusion vectors",
            file.dialect
        );
    }
}

#[test]
fn every_dialect_has_offset_zero_decision_and_long_vectors() {
    for file in files() {
        let dialect = file.dialect.as_str();
        let blank = group(&file.vectors, "blank");
        assert!(blank.len() >= 14, "{dialect}: {}", blank.len());
        for input in [" ", "\t", "\n", "\r\n", "+", "1"] {
            let vector = blank
                .iter()
                .find(|v| v.input.as_deref() == Some(input))
                .unwrap_or_else(|| panic!("{dialect}: no blank vector {input:?}"));
            let error = vector.error.as_ref().unwrap();
            assert_eq!((error.code.as_str(), error.offset), ("unexpected-char", 0));
        }
        let decisions = group(&file.vectors, "decisions");
        assert!(decisions.len() >= 20, "{dialect}: {}", decisions.len());
        assert!(decisions.iter().all(|v| v.note.is_some()));

        let long = group(&file.vectors, "long");
        let lengths = |valid: bool| -> Vec<usize> {
            long.iter()
                .filter(|v| v.valid == valid)
                .map(|v| v.bytes().len())
                .collect()
        };
        for length in [256, 1025, 4097, 65_536] {
            assert!(
                lengths(false).contains(&length),
                "{dialect}: no invalid {length}"
            );
            if dialect != "qpi" {
                assert!(
                    lengths(true).contains(&length),
                    "{dialect}: no valid {length}"
                );
            }
        }
        // An offset of 65,535 (qpi's style is one letter: its long inputs fail at 1).
        let far = long
            .iter()
            .filter_map(|v| v.error.as_ref())
            .any(|e| e.offset >= 65_535);
        assert_eq!(far, dialect != "qpi", "{dialect}");
    }
}

#[test]
fn invalid_utf8_follows_multi_byte_characters() {
    for file in files() {
        let after_multi_byte: Vec<&Vector> = group(&file.vectors, "invalid-utf8")
            .into_iter()
            .filter(|v| {
                let offset = v.error.as_ref().unwrap().offset;
                let prefix = &v.bytes()[..offset];
                // More bytes than characters before the bad byte.
                std::str::from_utf8(prefix).unwrap().chars().count() < offset
            })
            .collect();
        assert!(
            after_multi_byte.len() >= 50,
            "{}: {}",
            file.dialect,
            after_multi_byte.len()
        );
        for bad in ["c080", "eda080", "e282", "f09d84"] {
            assert!(
                after_multi_byte
                    .iter()
                    .any(|v| v.input_hex.as_deref().unwrap().contains(bad)),
                "{}: no {bad} after a multi-byte character",
                file.dialect
            );
        }
    }
}

#[test]
fn every_confusion_cell_has_several_vectors() {
    for file in files() {
        let mut places: HashMap<(String, String), usize> = HashMap::new();
        let mut classes: HashMap<(String, String), usize> = HashMap::new();
        for vector in group(&file.vectors, "confusion") {
            let note = vector.note.as_deref().unwrap();
            let (class, place) = note
                .strip_prefix("confusion: ")
                .and_then(|cell| cell.split_once(" at "))
                .unwrap_or_else(|| panic!("{}: note {note:?}", vector.id));
            let operator = vector.mutation.clone().unwrap();
            *places
                .entry((place.to_owned(), operator.clone()))
                .or_default() += 1;
            *classes.entry((class.to_owned(), operator)).or_default() += 1;
        }
        // Every (position class, operator) pair: insert and substitute in each rule a
        // character lies in, append at the end. The rules, read from grammar/*.pest by hand:
        // the innermost non-silent rule, after the role rule that encloses it.
        let rules: &[&str] = match file.dialect.as_str() {
            "legacy" => &["game_id/identifier", "colon", "piece_id/identifier"],
            "beta" => &[
                "style/abbr",
                "style/abbr_tail",
                "colon",
                "promoted",
                "king",
                "type/abbr",
                "type/abbr_tail",
            ],
            "pnn" => &[
                "game_id/identifier",
                "colon",
                "prefix",
                "piece_letter",
                "suffix",
            ],
            "snn-pin" => &[
                "style",
                "style/identifier_tail",
                "colon",
                "state_modifier",
                "pin_letter",
            ],
            "qpi" => &["sin", "colon", "state_modifier", "pin_letter"],
            other => panic!("dialect {other}"),
        };
        let mut expected: Vec<(String, String)> = rules
            .iter()
            .flat_map(|rule| {
                ["confusion-insert", "confusion-substitute"]
                    .map(|operator| ((*rule).to_owned(), operator.to_owned()))
            })
            .collect();
        expected.push(("end".to_owned(), "confusion-append".to_owned()));
        expected.sort();
        let mut found: Vec<(String, String)> = places.keys().cloned().collect();
        found.sort();
        assert_eq!(found, expected, "{}", file.dialect);
        assert!(
            places.values().all(|&n| n >= 10),
            "{}: {places:?}",
            file.dialect
        );
        // Every class that no dialect allows (controls, spaces, look-alikes) with every
        // operator, at least 3 times.
        for class in [
            "control",
            "space",
            "letter-like",
            "digit-like",
            "punct-like",
        ] {
            for operator in [
                "confusion-insert",
                "confusion-substitute",
                "confusion-append",
            ] {
                let count = classes
                    .get(&(class.to_owned(), operator.to_owned()))
                    .copied()
                    .unwrap_or(0);
                assert!(
                    count >= 3,
                    "{}: {class} × {operator}: {count}",
                    file.dialect
                );
            }
        }
    }
}
