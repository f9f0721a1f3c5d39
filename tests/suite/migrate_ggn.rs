//! Migrating the identifiers inside GGN documents (issue 6, "GGN documents"): the library
//! (`gan::convert::ggn`) on the spec's examples written in older dialects, with every output
//! written by hand; refusals (collisions, unconvertible identifiers, a result invalid in the
//! target, an invalid source); warnings and strict; what is left alone; then the CLI
//! (`gan migrate --ggn`): exit codes, standard error, the report and the atomic write.

use std::fs;
use std::path::Path;

use gan::convert::ggn::{migrate_document, DocumentMigration, Stage};
use gan::convert::{Converter, Intermediate, Options, Severity, Tables};
use gan::ggn::Limits;
use gan::suite::ggn::generate::examples::{E4, E5, E6, E9};
use gan::Dialect::{self, Beta, Legacy, Pnn, Qpi, SnnPin};

fn migrate_with(from: Dialect, to: Dialect, options: Options, input: &str) -> DocumentMigration {
    let converter = Converter::new(from, to, options);
    migrate_document(input.as_bytes(), &converter, &Limits::default())
}

fn migrate(from: Dialect, to: Dialect, input: &str) -> DocumentMigration {
    migrate_with(from, to, Options::default(), input)
}

/// `(stage, code, severity, pointer)` of every problem, in order.
fn problems(migration: &DocumentMigration) -> Vec<(Stage, &'static str, Severity, &str)> {
    migration
        .problems()
        .iter()
        .map(|p| (p.stage(), p.code(), p.severity(), p.pointer()))
        .collect()
}

/// Asserts that `input` converts without any problem; returns the output.
#[track_caller]
fn exact(from: Dialect, to: Dialect, input: &str) -> String {
    let migration = migrate(from, to, input);
    assert_eq!(problems(&migration), [], "{input}");
    migration.output().expect("converted").to_owned()
}

/// Asserts that `input` is refused; returns its problems.
#[track_caller]
fn refused(
    from: Dialect,
    to: Dialect,
    options: Options,
    input: &str,
) -> Vec<(Stage, &'static str, Severity, String)> {
    let migration = migrate_with(from, to, options, input);
    assert_eq!(migration.output(), None, "{input} should be refused");
    assert!(migration.error_count() > 0);
    problems(&migration)
        .into_iter()
        .map(|(stage, code, severity, pointer)| (stage, code, severity, pointer.to_owned()))
        .collect()
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).expect("JSON")
}

use crate::util::{gan_command as gan, summary, text};
use Severity::{Error, Warning};
use Stage::{Conversion, Source, Target};

/// E4 with legacy words, as a 2012 file would hold it.
const E4_LEGACY: &str = r#"{
  "CHESS:PAWN": {
    "e7": {
      "e8": [
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:QUEEN" }
        },
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:ROOK" }
        },
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:KNIGHT" }
        },
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:BISHOP" }
        }
      ]
    }
  }
}"#;

/// E4 in snn-pin, written by hand in the output's layout.
const E4_SNN_PIN: &str = r#"{
  "CHESS:P": {
    "e7": {
      "e8": [
        {
          "require": {
            "e8": "empty"
          },
          "perform": {
            "e7": null,
            "e8": "CHESS:Q"
          }
        },
        {
          "require": {
            "e8": "empty"
          },
          "perform": {
            "e7": null,
            "e8": "CHESS:R"
          }
        },
        {
          "require": {
            "e8": "empty"
          },
          "perform": {
            "e7": null,
            "e8": "CHESS:N"
          }
        },
        {
          "require": {
            "e8": "empty"
          },
          "perform": {
            "e7": null,
            "e8": "CHESS:B"
          }
        }
      ]
    }
  }
}
"#;

/// E6 with legacy words and E9's `$schema`.
const E6_LEGACY: &str = r#"{
  "$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json",
  "CHESS:KING": {
    "e1": {
      "g1": [
        {
          "require": { "f1": "empty", "g1": "empty", "h1": "CHESS:ROOK" },
          "perform": { "e1": null, "f1": "CHESS:ROOK", "g1": "CHESS:KING", "h1": null }
        }
      ]
    }
  }
}"#;

const E6_SNN_PIN: &str = r#"{
  "$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json",
  "CHESS:K": {
    "e1": {
      "g1": [
        {
          "require": {
            "f1": "empty",
            "g1": "empty",
            "h1": "CHESS:R"
          },
          "perform": {
            "e1": null,
            "f1": "CHESS:R",
            "g1": "CHESS:K",
            "h1": null
          }
        }
      ]
    }
  }
}
"#;

/// E6 in beta: the king carries beta's king-like flag `-`, the style is the letter `C`.
const E6_BETA: &str = r#"{"C:-K": {"e1": {"g1": [{"require": {"f1": "empty", "g1": "empty", "h1": "C:R"},
  "perform": {"e1": null, "f1": "C:R", "g1": "C:-K", "h1": null}}]}}}"#;

#[test]
fn e4_with_legacy_words_becomes_the_spec_example() {
    let output = exact(Legacy, SnnPin, E4_LEGACY);
    assert_eq!(output, E4_SNN_PIN);
    assert_eq!(json(&output), json(E4), "the spec's E4");
    let migration = migrate(Legacy, SnnPin, E4_LEGACY);
    let summary = migration.summary();
    assert_eq!(
        (summary.read, summary.converted, summary.rejected),
        (5, 5, 0)
    );
}

#[test]
fn e4_in_pnn_is_reformatted_only() {
    assert_eq!(exact(Pnn, SnnPin, E4), E4_SNN_PIN);
}

#[test]
fn e6_with_legacy_words_keeps_schema_squares_and_nulls() {
    let output = exact(Legacy, SnnPin, E6_LEGACY);
    assert_eq!(output, E6_SNN_PIN);
    let mut expected = json(E6);
    expected["$schema"] = json(E9)["$schema"].clone();
    assert_eq!(json(&output), expected);
}

#[test]
fn e6_in_beta_loses_the_king_flag_with_a_warning_at_each_place() {
    let migration = migrate(Beta, SnnPin, E6_BETA);
    assert_eq!(
        problems(&migration),
        [
            (Conversion, "king-flag-lost", Warning, "/C:-K"),
            (
                Conversion,
                "king-flag-lost",
                Warning,
                "/C:-K/e1/g1/0/perform/g1"
            ),
        ]
    );
    assert_eq!(migration.problems()[0].input(), Some("C:-K"));
    let output = migration.output().expect("warnings do not refuse");
    assert_eq!(json(output), json(E6), "the spec's E6");
    let summary = migration.summary();
    assert_eq!((summary.read, summary.converted, summary.warned), (4, 4, 2));
}

#[test]
fn strict_refuses_the_warnings() {
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    assert_eq!(
        refused(Beta, SnnPin, strict, E6_BETA),
        [
            (Conversion, "king-flag-lost", Error, "/C:-K".to_owned()),
            (
                Conversion,
                "king-flag-lost",
                Error,
                "/C:-K/e1/g1/0/perform/g1".to_owned()
            ),
        ]
    );
}

#[test]
fn e5_in_pnn_with_an_intermediate_piece() {
    let input = r#"{"SHOGI:P": {"1g": {"1f": [
        {"require": {"1f": "empty"}, "perform": {"1g": null, "1f": "SHOGI:P"}},
        {"require": {"1f": "empty"}, "perform": {"1g": null, "1f": "SHOGI:P'"}}]}}}"#;
    assert_eq!(
        refused(Pnn, SnnPin, Options::default(), input),
        [(
            Conversion,
            "intermediate-unrepresentable",
            Error,
            "/SHOGI:P/1g/1f/1/perform/1f".to_owned()
        )]
    );
    let enhance = Options {
        intermediate: Intermediate::Enhance,
        ..Options::default()
    };
    let migration = migrate_with(Pnn, SnnPin, enhance, input);
    assert_eq!(
        problems(&migration),
        [(
            Conversion,
            "intermediate-as-enhanced",
            Warning,
            "/SHOGI:P/1g/1f/1/perform/1f"
        )]
    );
    assert_eq!(json(migration.output().unwrap()), json(E5), "the spec's E5");
}

#[test]
fn other_targets() {
    let output = exact(Legacy, Qpi, E6_LEGACY);
    assert_eq!(json(&output)["C:K"]["e1"]["g1"][0]["perform"]["f1"], "C:R");
    let back = exact(Qpi, SnnPin, &output);
    assert_eq!(back, E6_SNN_PIN);
    assert_eq!(json(&exact(SnnPin, Pnn, E6)), json(E6));
    let diminished =
        r#"{"CHESS:-P": {"a2": {"a3": [{"perform": {"a2": null, "a3": "CHESS:-P"}}]}}}"#;
    assert_eq!(
        refused(SnnPin, Legacy, Options::default(), diminished)
            .iter()
            .map(|(stage, code, _, pointer)| (*stage, *code, pointer.as_str()))
            .collect::<Vec<_>>(),
        [
            (Conversion, "unrepresentable", "/CHESS:-P"),
            (
                Conversion,
                "unrepresentable",
                "/CHESS:-P/a2/a3/0/perform/a3"
            ),
        ]
    );
}

#[test]
fn user_tables_map_unknown_words() {
    let input = r#"{"XIANGQI:GENERAL": {"e1": {"e2": [{"perform": {"e1": null, "e2": "XIANGQI:GENERAL"}}]}}}"#;
    assert_eq!(
        refused(Legacy, SnnPin, Options::default(), input),
        [
            (
                Conversion,
                "unknown-piece-name",
                Error,
                "/XIANGQI:GENERAL".to_owned()
            ),
            (
                Conversion,
                "unknown-piece-name",
                Error,
                "/XIANGQI:GENERAL/e1/e2/0/perform/e2".to_owned()
            ),
        ]
    );
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("names.toml");
    fs::write(&map, "[pieces.XIANGQI]\nGENERAL = \"G\"\n").unwrap();
    let options = Options {
        tables: Tables::load(&map).unwrap(),
        ..Options::default()
    };
    let migration = migrate_with(Legacy, SnnPin, options, input);
    assert_eq!(problems(&migration), []);
    assert_eq!(
        json(migration.output().unwrap()),
        json(r#"{"XIANGQI:G": {"e1": {"e2": [{"perform": {"e1": null, "e2": "XIANGQI:G"}}]}}}"#)
    );
}

#[test]
fn two_piece_keys_that_become_one_are_refused() {
    let input = r#"{
      "CHESS:KING": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS:KING"}}]}},
      "CHESS:QUEEN": {"d1": {"d2": [{"perform": {"d1": null, "d2": "CHESS:QUEEN"}}]}},
      "CHESS:K": {"e1": {"d1": [{"perform": {"e1": null, "d1": "CHESS:K"}}]}}
    }"#;
    let migration = migrate(Legacy, SnnPin, input);
    assert_eq!(
        problems(&migration),
        [(Conversion, "key-collision", Error, "/CHESS:K")]
    );
    assert_eq!(migration.output(), None);
    assert_eq!(
        migration.problems()[0].message(),
        "piece keys \"CHESS:KING\" (at /CHESS:KING) and \"CHESS:K\" both become \"CHESS:K\" \
         in snn-pin: the converted document would hold the key twice"
    );
    // Beta: the king-like flag is dropped, so C:-K and C:K are one key in snn-pin.
    let beta = r#"{"C:-K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "C:-K"}}]}},
                   "C:K": {"e1": {"e3": [{"perform": {"e1": null, "e3": "C:K"}}]}}}"#;
    assert_eq!(
        refused(Beta, SnnPin, Options::default(), beta),
        [
            (Conversion, "king-flag-lost", Warning, "/C:-K".to_owned()),
            (
                Conversion,
                "king-flag-lost",
                Warning,
                "/C:-K/e1/e2/0/perform/e2".to_owned()
            ),
            (Conversion, "key-collision", Error, "/C:K".to_owned()),
        ]
    );
}

#[test]
fn every_unconvertible_identifier_is_reported_where_it_is() {
    let input = r#"{"CHESS:PAWN": {"e7": {"e8": [
        {"require": {"e8": "empty"}, "prevent": {"d8": "CHESS:DRAGON"},
         "perform": {"e7": null, "e8": "CHESS:DRAGON"}},
        {"require": {"e8": "empty"}, "perform": {"e7": null, "e8": "CHESS:UNICORN"}}]}}}"#;
    let migration = migrate(Legacy, SnnPin, input);
    assert_eq!(
        problems(&migration),
        [
            (
                Conversion,
                "unknown-piece-name",
                Error,
                "/CHESS:PAWN/e7/e8/0/prevent/d8"
            ),
            (
                Conversion,
                "unknown-piece-name",
                Error,
                "/CHESS:PAWN/e7/e8/0/perform/e8"
            ),
            (
                Conversion,
                "unknown-piece-name",
                Error,
                "/CHESS:PAWN/e7/e8/1/perform/e8"
            ),
        ]
    );
    let inputs: Vec<_> = migration.problems().iter().map(|p| p.input()).collect();
    assert_eq!(
        inputs,
        [
            Some("CHESS:DRAGON"),
            Some("CHESS:DRAGON"),
            Some("CHESS:UNICORN")
        ]
    );
    let summary = migration.summary();
    assert_eq!(
        (summary.read, summary.converted, summary.rejected),
        (4, 1, 3)
    );
}

#[test]
fn a_result_invalid_in_the_target_is_refused_at_the_input_pointer() {
    // In beta, C:K at the source of C:-K is another piece (unsatisfiable, a warning); in
    // snn-pin both are CHESS:K, which the literal rule of G10 forbids.
    let input = r#"{"C:-K": {"e1": {"e2": [{"require": {"e1": "C:K"}, "perform": {"e1": null, "e2": "C:-K"}}]}}}"#;
    let migration = migrate(Beta, SnnPin, input);
    assert_eq!(migration.output(), None);
    let found = problems(&migration);
    assert_eq!(
        found.last(),
        Some(&(
            Target,
            "implicit-requirement",
            Error,
            "/C:-K/e1/e2/0/require/e1"
        ))
    );
    let message = migration.problems().last().unwrap().message();
    assert!(
        message.starts_with("once converted to snn-pin: "),
        "{message}"
    );
    assert!(message.contains("CHESS:K"), "{message}");
    // The same string in require and prevent of one square (G11), once converted.
    let conflict = r#"{"C:P": {"e2": {"e3": [{"require": {"d3": "C:-K"}, "prevent": {"d3": "C:K"},
                       "perform": {"e2": null, "e3": "C:P"}}]}}}"#;
    assert!(
        refused(Beta, SnnPin, Options::default(), conflict).contains(&(
            Target,
            "require-prevent-conflict",
            Error,
            "/C:P/e2/e3/0/prevent/d3".to_owned()
        ))
    );
}

#[test]
fn new_warnings_of_the_target_are_reported_and_strict_refuses_them() {
    // No conversion warning: both words are exact, but the two variants become identical.
    let input = r#"{"CHESS:PAWN": {"e7": {"e8": [
        {"perform": {"e7": null, "e8": "CHESS:Q"}},
        {"perform": {"e7": null, "e8": "CHESS:QUEEN"}}]}}}"#;
    let migration = migrate(Legacy, SnnPin, input);
    assert_eq!(
        problems(&migration),
        [(Target, "duplicate-variant", Warning, "/CHESS:PAWN/e7/e8/1")]
    );
    assert!(migration.is_converted());
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    assert_eq!(
        refused(Legacy, SnnPin, strict, input),
        [(
            Target,
            "duplicate-variant",
            Error,
            "/CHESS:PAWN/e7/e8/1".to_owned()
        )]
    );
}

#[test]
fn warnings_the_input_already_had_are_not_the_migrations() {
    // `prevent` of another piece at the source never fires (redundant) before and after.
    let input = r#"{"CHESS:KING": {"e1": {"e2": [{"prevent": {"e1": "CHESS:QUEEN"},
                    "perform": {"e1": null, "e2": "CHESS:KING"}}]}}}"#;
    let source = gan::ggn::validate(input.as_bytes(), &gan::ggn::Options::in_dialect(Legacy));
    assert_eq!(source.diagnostics()[0].code, "redundant");
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    let migration = migrate_with(Legacy, SnnPin, strict, input);
    assert_eq!(problems(&migration), []);
    assert!(migration.is_converted());
}

#[test]
fn a_warning_that_changes_kind_is_new() {
    // Beta: prevent S:-P at the source of S:P never fires (redundant); snn-pin: it names the
    // source piece itself, so the move can never happen (unsatisfiable).
    // (Makruk's M: S would add ambiguous-style, M3.)
    let input = r#"{"M:P": {"e1": {"e3": [{"prevent": {"e1": "M:-P"}, "perform": {"e1": null, "e3": "M:P"}}]}}}"#;
    let found = problems(&migrate(Beta, SnnPin, input))
        .into_iter()
        .map(|(stage, code, _, pointer)| (stage, code, pointer.to_owned()))
        .collect::<Vec<_>>();
    assert_eq!(
        found,
        [
            (
                Conversion,
                "king-flag-lost",
                "/M:P/e1/e3/0/prevent/e1".to_owned()
            ),
            (
                Target,
                "unsatisfiable",
                "/M:P/e1/e3/0/prevent/e1".to_owned()
            ),
        ]
    );
}

#[test]
fn squares_states_nulls_schema_and_key_order_are_left_alone() {
    // Squares named like identifiers, variant keys and squares in no sorted order.
    let input = r#"{"CHESS:ROOK": {"CHESS:KING": {"zz": [{"perform": {"zz": "CHESS:ROOK", "CHESS:KING": null},
        "prevent": {"b": "enemy", "a": "CHESS:KING"}, "require": {"zz": "empty"}}]}},
      "$schema": "CHESS:KING"}"#;
    assert_eq!(
        exact(Legacy, SnnPin, input),
        r#"{
  "CHESS:R": {
    "CHESS:KING": {
      "zz": [
        {
          "perform": {
            "zz": "CHESS:R",
            "CHESS:KING": null
          },
          "prevent": {
            "b": "enemy",
            "a": "CHESS:K"
          },
          "require": {
            "zz": "empty"
          }
        }
      ]
    }
  },
  "$schema": "CHESS:KING"
}
"#
    );
    assert_eq!(exact(SnnPin, SnnPin, "{}"), "{}\n");
}

#[test]
fn an_invalid_source_is_refused_before_anything_is_converted() {
    // Duplicate keys are reported, not merged (G9).
    let duplicates = r#"{"CHESS:KING": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS:KING"}}]}},
                         "CHESS:KING": {"e1": {"d1": [{"perform": {"e1": null, "d1": "CHESS:KING"}}]}}}"#;
    let migration = migrate(Legacy, SnnPin, duplicates);
    assert_eq!(
        problems(&migration),
        [(Source, "duplicate-key", Error, "/CHESS:KING")]
    );
    assert_eq!(migration.summary().read, 0, "nothing converted");
    // A state is not legacy: the source dialect's own code, at the value (G2, G14).
    assert_eq!(
        refused(Legacy, SnnPin, Options::default(), E5),
        [(
            Source,
            "unexpected-char",
            Error,
            "/SHOGI:P/1g/1f/1/perform/1f".to_owned()
        )]
    );
    let malformed = migrate(Legacy, SnnPin, "{\"CHESS:KING\": ");
    let problem = &malformed.problems()[0];
    assert_eq!(
        (problem.code(), problem.position()),
        ("invalid-json", Some((1, 15)))
    );
    assert_eq!(
        problems(&migrate(Legacy, SnnPin, "[]"))[0].1,
        "top-level-not-object"
    );
}

// The command line.

/// The files of `dir`, by name, sorted (temporary files of `-o` included).
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A legacy document refused for three reasons: an unknown word (twice) and two piece keys
/// that become one.
const REFUSED: &str = r#"{
  "CHESS:KING": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS:KING"}}]}},
  "CHESS:DRAGON": {"a1": {"a2": [{"perform": {"a1": null, "a2": "CHESS:DRAGON"}}]}},
  "CHESS:K": {"e1": {"d1": [{"perform": {"e1": null, "d1": "CHESS:K"}}]}}
}"#;

#[test]
fn cli_writes_standard_output_or_the_output_file() {
    let run = gan()
        .args(["migrate", "--ggn", "--from", "legacy", "-"])
        .write_stdin(E6_LEGACY)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), E6_SNN_PIN);
    assert_eq!(
        text(&run.stderr),
        "gan migrate: standard input: 4 identifiers, 4 converted (0 with warnings), \
         0 rejected; document converted\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let (input, output) = (dir.path().join("e4.json"), dir.path().join("new.json"));
    fs::write(&input, E4_LEGACY).unwrap();
    let run = gan()
        .args(["migrate", "--ggn", "--from", "legacy", "--to", "snn-pin"])
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert!(run.stdout.is_empty(), "-o takes the output");
    assert_eq!(fs::read_to_string(&output).unwrap(), E4_SNN_PIN);
    assert_eq!(
        fs::read_to_string(&input).unwrap(),
        E4_LEGACY,
        "input untouched"
    );
    assert_eq!(
        files(dir.path()),
        ["e4.json", "new.json"],
        "no temporary file left"
    );
}

#[test]
fn cli_refused_document_reports_every_reason_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (input, output, absent) = (
        dir.path().join("old.json"),
        dir.path().join("kept.json"),
        dir.path().join("absent.json"),
    );
    fs::write(&input, REFUSED).unwrap();
    fs::write(&output, "OLD\n").unwrap();
    for destination in [&output, &absent] {
        let run = gan()
            .current_dir(dir.path())
            .args(["migrate", "--ggn", "--from", "legacy", "old.json", "-o"])
            .arg(destination)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(1));
        assert!(run.stdout.is_empty());
        insta::assert_snapshot!("refused_stderr", text(&run.stderr));
    }
    assert_eq!(fs::read_to_string(&output).unwrap(), "OLD\n", "untouched");
    assert!(!absent.exists(), "never created");
    assert_eq!(
        files(dir.path()),
        ["kept.json", "old.json"],
        "no temporary file left"
    );
    let stdout = gan()
        .args(["migrate", "--ggn", "--from", "legacy"])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(stdout.status.code(), Some(1));
    assert!(
        stdout.stdout.is_empty(),
        "nothing on standard output either"
    );
}

#[test]
fn cli_invalid_source_and_invalid_target() {
    let run = gan()
        .args(["migrate", "--ggn", "--from", "legacy"])
        .write_stdin(E5)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = text(&run.stderr);
    assert!(
        stderr.starts_with(
            "gan migrate: standard input: /SHOGI:P/1g/1f/1/perform/1f: error unexpected-char: "
        ),
        "{stderr}"
    );
    assert_eq!(
        summary(&run.stderr),
        "gan migrate: standard input: document refused: not a valid GGN document in legacy \
         (1 error), nothing converted or written"
    );
    let malformed = gan()
        .args(["migrate", "--ggn", "--from", "legacy"])
        .write_stdin("{\n  \"CHESS:KING\": [")
        .output()
        .unwrap();
    assert_eq!(malformed.status.code(), Some(1));
    assert!(
        text(&malformed.stderr).starts_with("gan migrate: standard input: line 2, column "),
        "{}",
        text(&malformed.stderr)
    );
    let target = r#"{"C:-K": {"e1": {"e2": [{"require": {"e1": "C:K"}, "perform": {"e1": null, "e2": "C:-K"}}]}}}"#;
    let run = gan()
        .args(["migrate", "--ggn", "--from", "beta"])
        .write_stdin(target)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stderr = text(&run.stderr);
    assert!(
        stderr.contains(
            "gan migrate: standard input: /C:-K/e1/e2/0/require/e1: error implicit-requirement: \
             once converted to snn-pin: "
        ),
        "{stderr}"
    );
    assert_eq!(
        summary(&run.stderr),
        "gan migrate: standard input: 3 identifiers, 3 converted (2 with warnings), 0 rejected; \
         document refused (1 error), nothing written"
    );
}

#[test]
fn cli_warnings_are_reported_and_strict_refuses_them() {
    let run = gan()
        .args(["migrate", "--ggn", "--from", "beta"])
        .write_stdin(E6_BETA)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "warnings alone do not refuse");
    assert_eq!(json(&text(&run.stdout)), json(E6));
    let stderr = text(&run.stderr);
    assert!(
        stderr.starts_with(
            "gan migrate: standard input: /C:-K: \"C:-K\": warning king-flag-lost: the king-like \
             flag '-' of 'C:-K' is dropped"
        ),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 3, "two warnings and the summary");
    let strict = gan()
        .args(["migrate", "--ggn", "--from", "beta", "--strict"])
        .write_stdin(E6_BETA)
        .output()
        .unwrap();
    assert_eq!(strict.status.code(), Some(1));
    assert!(strict.stdout.is_empty());
    assert_eq!(
        summary(&strict.stderr),
        "gan migrate: standard input: 4 identifiers, 2 converted (0 with warnings), 2 rejected; \
         document refused (2 errors), nothing written"
    );
}

#[test]
fn cli_map_intermediate_dry_run_and_report() {
    let dir = tempfile::tempdir().unwrap();
    let (map, report, output) = (
        dir.path().join("names.toml"),
        dir.path().join("report.jsonl"),
        dir.path().join("out.json"),
    );
    fs::write(&map, "[pieces]\nDRAGON = \"D\"\n").unwrap();
    let dragon =
        r#"{"CHESS:DRAGON": {"a1": {"a2": [{"perform": {"a1": null, "a2": "CHESS:DRAGON"}}]}}}"#;
    let run = gan()
        .args(["migrate", "--ggn", "--from", "legacy", "--map"])
        .arg(&map)
        .write_stdin(dragon)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(
        json(&text(&run.stdout)),
        json(r#"{"CHESS:D": {"a1": {"a2": [{"perform": {"a1": null, "a2": "CHESS:D"}}]}}}"#)
    );
    let shogi = r#"{"SHOGI:P'": {"1g": {"1f": [{"perform": {"1g": null, "1f": "SHOGI:P'"}}]}}}"#;
    let run = gan()
        .args([
            "migrate",
            "--ggn",
            "--from",
            "pnn",
            "--to",
            "qpi",
            "--intermediate",
            "drop",
            "--dry-run",
            "--report",
        ])
        .arg(&report)
        .arg("-o")
        .arg(&output)
        .write_stdin(shogi)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert!(
        run.stdout.is_empty() && !output.exists(),
        "a dry run writes nothing"
    );
    assert!(summary(&run.stderr).ends_with("document converted (dry run: no output written)"));
    let records: Vec<serde_json::Value> = fs::read_to_string(&report)
        .unwrap()
        .lines()
        .map(json)
        .collect();
    let schema = fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/schema/migrate-ggn-report.schema.json"
    ))
    .unwrap();
    let validator = jsonschema::validator_for(&json(&schema)).unwrap();
    for record in &records {
        assert!(
            validator.is_valid(record),
            "{record} does not match its schema"
        );
    }
    assert_eq!(
        records[0],
        serde_json::json!({
            "stage": "conversion",
            "pointer": "/SHOGI:P'",
            "input": "SHOGI:P'",
            "code": "intermediate-dropped",
            "severity": "warning",
            "message": records[0]["message"],
        })
    );
    assert_eq!(records[1]["pointer"], "/SHOGI:P'/1g/1f/0/perform/1f");
    assert_eq!(records.len(), 2);
}

#[test]
fn cli_usage_and_io_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("doc.json");
    fs::write(&input, E4_LEGACY).unwrap();
    let spelled_otherwise = dir.path().join(".").join("doc.json");
    for output in [&input, &spelled_otherwise] {
        let run = gan()
            .args(["migrate", "--ggn", "--from", "legacy"])
            .arg(&input)
            .arg("-o")
            .arg(output)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2));
        assert!(text(&run.stderr).contains("refusing to overwrite it"));
    }
    for flags in [
        &["--fail-fast"][..],
        &["--keep-going"],
        &["--keep-alignment"],
        &["-z"],
        &["--format", "json"],
        &["--to", "latin"],
    ] {
        let run = gan()
            .args(["migrate", "--ggn", "--from", "legacy"])
            .args(flags)
            .arg(&input)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{flags:?}");
        assert!(run.stdout.is_empty());
    }
    let missing = gan()
        .args([
            "migrate",
            "--ggn",
            "--from",
            "legacy",
            "/nonexistent/doc.json",
        ])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("/nonexistent/doc.json"));
    let unwritable = gan()
        .args([
            "migrate",
            "--ggn",
            "--from",
            "legacy",
            "-o",
            "/nonexistent/out.json",
        ])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(unwritable.status.code(), Some(2));
    assert_eq!(fs::read_to_string(&input).unwrap(), E4_LEGACY);
    assert_eq!(files(dir.path()), ["doc.json"]);
}

#[test]
fn cli_an_interrupted_run_leaves_the_output_untouched() {
    use std::io::Write as _;
    use std::process::Stdio;

    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.json");
    fs::write(&output, "OLD\n").unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gan"))
        .args(["migrate", "--ggn", "--from", "legacy", "-o"])
        .arg(&output)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(&E4_LEGACY.as_bytes()[..E4_LEGACY.len() / 2])
        .unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(fs::read_to_string(&output).unwrap(), "OLD\n");
    assert_eq!(files(dir.path()), ["out.json"]);
}
