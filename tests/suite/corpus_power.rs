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
    assert!(total < 25_000, "{total} GAN vectors");
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

/// The whole alphabet by class at every position class (group `alphabet`), read from the
/// notes: every class reaches every position class of the dialect, but for a few cells whose
/// every sample was already a vector of another group; and every byte value 0x00–0x7F is in
/// some input of every dialect.
#[test]
fn every_alphabet_class_reaches_every_position_class() {
    for file in files() {
        let dialect = file.dialect.as_str();
        let mut cells: HashMap<String, Vec<String>> = HashMap::new();
        for vector in &file.vectors {
            let Some(note) = vector.note.as_deref() else {
                continue;
            };
            if let Some(cell) = note.strip_prefix("alphabet: ") {
                let (class, place) = cell.split_once(" at ").unwrap();
                cells
                    .entry(class.to_owned())
                    .or_default()
                    .push(place.to_owned());
            }
        }
        let mut places: Vec<&String> = cells.values().flatten().collect();
        places.sort();
        places.dedup();
        assert!(places.len() >= 4, "{dialect}: {places:?}");
        assert!(cells.len() >= 13, "{dialect}: {:?}", cells.keys());
        let mut missing = 0;
        for (class, reached) in &cells {
            missing += places.iter().filter(|p| !reached.contains(p)).count();
            assert!(
                reached.len() * 2 >= places.len(),
                "{dialect}: {class} {reached:?}"
            );
        }
        assert!(missing <= 4, "{dialect}: {missing} cells missing");
        let bytes: std::collections::HashSet<u8> = file
            .vectors
            .iter()
            .flat_map(|v| v.input.as_deref().unwrap_or_default().bytes())
            .collect();
        let absent: Vec<u8> = (0..0x80).filter(|b| !bytes.contains(b)).collect();
        assert!(
            absent.is_empty(),
            "{dialect}: bytes never in an input: {absent:?}"
        );
    }
}

/// Two errors in one input (group `order`): a non-ASCII character after an ASCII error, and
/// a case mismatch with a non-ASCII letter after it, in every dialect; the first error wins
/// (D11, D12).
#[test]
fn two_errors_in_one_input_the_first_wins() {
    for file in files() {
        let dialect = file.dialect.as_str();
        let order = group(&file.vectors, "order");
        assert!(order.len() >= 30, "{dialect}: {}", order.len());
        let after = |code: &str| {
            order
                .iter()
                .filter(|v| {
                    let error = v.error.as_ref().unwrap();
                    let bytes = v.bytes();
                    error.code == code && bytes[error.offset..].iter().any(|&b| b >= 0x80)
                })
                .count()
        };
        assert!(after("unexpected-char") >= 3, "{dialect}");
        assert!(after("case-mismatch") >= 3, "{dialect}");
        for vector in order {
            let error = vector.error.as_ref().unwrap();
            let input = vector.input.as_deref().unwrap();
            // The reported error is never the later one: the input is ASCII up to its offset.
            assert!(input.as_bytes()[..error.offset].is_ascii(), "{}", vector.id);
        }
    }
}

/// Every repeated part on its own at 256, 1025 and 4097 repetitions (group `bounds`), valid,
/// and broken just after it; a notation without a repeated part (no `repetition` vector)
/// has none.
#[test]
fn every_repeated_part_has_its_length_bounds() {
    for file in files() {
        let dialect = file.dialect.as_str();
        let bounds = group(&file.vectors, "bounds");
        let valid = bounds.iter().filter(|v| v.valid).count();
        let broken = bounds.iter().filter(|v| !v.valid).count();
        if group(&file.vectors, "repetition").is_empty() {
            assert_eq!(bounds.len(), 0, "{dialect}");
            continue;
        }
        assert!(
            valid >= 12 && broken >= valid,
            "{dialect}: {valid} {broken}"
        );
        for vector in bounds.iter().filter(|v| !v.valid) {
            let error = vector.error.as_ref().unwrap();
            assert!(error.offset > 255, "{}", vector.id);
            assert!(vector.bytes().len() <= 65_536, "{}", vector.id);
        }
    }
}
