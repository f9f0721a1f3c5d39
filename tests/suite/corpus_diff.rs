//! `gan diff` and `gan generate` from the command line, and the demo of a spec change: the
//! `legacy` grammar edited to allow digits after the game id's letters (with its oracle
//! edited alike) becomes a reviewed corpus diff.

use std::path::{Path, PathBuf};

use gan::corpus::{self, diff, files};
use gan::suite::gan::generate::{Config, Grammars, OracleChoice};
use gan::Dialect;
use predicates::prelude::*;

use crate::corpus_files::scratch;
use crate::util::gan_command as gan;

fn committed() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

/// The oracle file of the demo: docs/DECISIONS.md §1, with digits after legacy's game id letters.
const DEMO_ORACLE: &str = "\
# DECISIONS.md §1, with legacy game ids allowing digits after their letters
legacy (?P<style>[A-Z]+[0-9]*):(?P<type>[A-Z]+)
beta (?P<style>[A-Z][A-Z0-9_]*):(?P<promoted>\\+?)(?P<king>-?)(?P<type>[A-Z][A-Z0-9_]*)
pnn (?P<style>[A-Z]+):(?P<state>[-+]?)(?P<type>[A-Z])(?P<intermediate>'?)
snn-pin (?P<style>[A-Z][A-Z0-9]*):(?P<state>[-+]?)(?P<type>[A-Z])
qpi (?P<style>[A-Z]):(?P<state>[-+]?)(?P<type>[A-Z])
";

/// The demo's oracle file: the five dialects' lines above, then every edition's own pattern.
fn demo_oracle() -> String {
    use std::fmt::Write;
    let mut text = DEMO_ORACLE.to_owned();
    for dialect in gan::Family::Editions.dialects() {
        writeln!(text, "{dialect} {}", gan::oracle::pattern(dialect)).unwrap();
    }
    text
}

/// The demo corpus: generated from the edited legacy grammar, written under a scratch folder.
fn demo_corpus() -> (PathBuf, PathBuf) {
    let dir = scratch("diff-demo");
    let grammars = dir.join("grammar");
    std::fs::create_dir_all(&grammars).expect("creates");
    for dialect in Dialect::ALL {
        let mut text = dialect.grammar_text().to_owned();
        if dialect == Dialect::Legacy {
            text = text
                .replace(
                    "game_id_uppercase = { identifier_uppercase }",
                    "game_id_uppercase = { identifier_uppercase ~ digit* }",
                )
                .replace(
                    "game_id_lowercase = { identifier_lowercase }",
                    "game_id_lowercase = { identifier_lowercase ~ digit* }",
                );
            text.push_str("/// A digit after the letters of a game id.\ndigit = { '0'..'9' }\n");
        }
        std::fs::write(grammars.join(dialect.grammar_file()), text).expect("writes");
    }
    std::fs::write(dir.join("oracle.txt"), demo_oracle()).expect("writes");
    let out = dir.join("corpus");
    (grammars, out)
}

#[test]
fn demo_legacy_with_digits_in_the_game_id() {
    let (grammars, out) = demo_corpus();
    let patterns =
        gan::suite::gan::generate::parse_oracle_file("oracle.txt", &demo_oracle()).expect("parses");
    let config = Config {
        grammars: Grammars::Dir(grammars),
        oracle: OracleChoice::Patterns(patterns),
        ..Config::default()
    };
    let generated = corpus::generate(&config).unwrap_or_else(|e| panic!("{e}"));
    files::write(&out, &generated).expect("writes");
    let old = corpus::load_dir(&committed()).expect("loads");
    let new = corpus::load_dir(&out).expect("loads");
    let result = diff::diff(&old, &new);
    assert!(!result.equivalent);
    assert!(result
        .added
        .iter()
        .chain(&result.removed)
        .chain(&result.flipped)
        .all(|c| c.dialect == "legacy"));
    let became_valid = result
        .flipped
        .iter()
        .find(|c| c.input.as_deref() == Some("CHESS960:K"));
    assert!(
        became_valid.is_some_and(|c| c.new.as_ref().is_some_and(|e| e.valid)),
        "CHESS960:K is valid now"
    );
    insta::assert_snapshot!(result.to_text());

    gan().arg("diff").arg(committed()).arg(&out).assert().code(1).stdout(predicate::str::contains(
        "~ legacy decisions \"CHESS960:K\": invalid unexpected-char at byte 5 -> valid style=CHESS960 type=K side=first",
    ));
    let json = gan()
        .args(["diff", "--format", "json"])
        .arg(committed())
        .arg(&out)
        .assert()
        .code(1);
    // JSON Lines: one object per change, then the summary.
    let lines: Vec<serde_json::Value> = std::str::from_utf8(&json.get_output().stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        .collect();
    let (summary, changes) = lines.split_last().unwrap();
    assert_eq!(summary["summary"]["equivalent"], false);
    assert_eq!(
        summary["summary"]["dialects"],
        serde_json::json!([{
            "dialect": "legacy",
            "added": result.added.len(),
            "removed": result.removed.len(),
            "flipped": result.flipped.len(),
        }])
    );
    assert_eq!(
        changes.len(),
        result.added.len() + result.removed.len() + result.flipped.len()
    );
    let flipped: Vec<&serde_json::Value> = changes
        .iter()
        .filter(|change| change["change"] == "flipped")
        .collect();
    assert_eq!(flipped.len(), result.flipped.len());
    let chess960 = flipped
        .iter()
        .find(|change| change["input"] == "CHESS960:K")
        .expect("CHESS960:K flipped");
    assert_eq!(
        (
            chess960["dialect"].as_str(),
            chess960["new"]["valid"].as_bool()
        ),
        (Some("legacy"), Some(true))
    );
    assert_eq!(chess960["old"]["error"]["code"], "unexpected-char");
    // -q: the changes alone, without the summary (text: without the totals).
    let quiet = gan()
        .args(["diff", "-q", "--json"])
        .arg(committed())
        .arg(&out)
        .assert()
        .code(1);
    let quiet = std::str::from_utf8(&quiet.get_output().stdout).unwrap();
    assert_eq!(quiet.lines().count(), changes.len());
    assert!(!quiet.contains("\"summary\""));
    let quiet = gan()
        .args(["diff", "-q"])
        .arg(committed())
        .arg(&out)
        .assert()
        .code(1);
    let quiet = std::str::from_utf8(&quiet.get_output().stdout).unwrap();
    assert_eq!(format!("{quiet}{}", result.totals_text()), result.to_text());
}

#[test]
fn diff_of_a_corpus_with_itself_is_empty() {
    gan()
        .arg("diff")
        .arg(committed())
        .arg(committed())
        .assert()
        .code(0)
        .stdout("the corpora are equivalent\n");
}

#[test]
fn diff_of_a_missing_folder_is_a_usage_error() {
    let missing = scratch("diff-missing").join("nothing");
    gan()
        .arg("diff")
        .arg(committed())
        .arg(&missing)
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(format!(
            "gan diff: {}",
            missing.join("gan").display()
        )));
}

#[test]
fn generate_check_names_stale_files_and_writes_nothing() {
    let out = scratch("check");
    gan()
        .args(["generate", "--check", "--dialect", "qpi", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "{} is missing",
            out.join("gan/qpi.json").display()
        )));
    assert!(!out.join("gan").exists(), "--check writes nothing");
    gan()
        .args(["generate", "--dialect", "qpi", "--out"])
        .arg(&out)
        .assert()
        .code(0);
    let written = std::fs::read_dir(out.join("gan")).expect("written").count();
    assert_eq!(written, 1, "exactly gan/qpi.json, no temporary file left");
    gan()
        .args(["generate", "--check", "--dialect", "qpi", "--out"])
        .arg(&out)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("1 files are fresh"));
}

#[test]
fn generate_check_of_the_committed_corpus_passes() {
    gan()
        .args(["generate", "--check", "--out"])
        .arg(committed())
        .assert()
        .code(0);
}

#[test]
fn generate_with_a_wrong_oracle_exits_1_showing_both_answers() {
    let dir = scratch("wrong-oracle");
    let oracle = dir.join("oracle.txt");
    std::fs::write(&oracle, "qpi (?P<style>[A-Z]):(?P<type>[A-Z])\n").expect("writes");
    gan()
        .args(["generate", "--dialect", "qpi", "--oracle"])
        .arg(&oracle)
        .arg("--out")
        .arg(dir.join("out"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("pest:").and(predicate::str::contains("oracle:")));
}

#[test]
fn generate_usage_errors_exit_2() {
    gan()
        .args(["generate", "--oracle", "x", "--no-oracle"])
        .assert()
        .code(2);
    gan()
        .args(["generate", "--dialect", "chess"])
        .assert()
        .code(2);
    gan()
        .args([
            "generate",
            "--grammar-dir",
            "/nonexistent-gan-grammars",
            "--out",
            "/nonexistent-gan-out",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "gan generate: /nonexistent-gan-grammars/legacy.pest: No such file",
        ));
}

#[test]
fn help_shows_examples() {
    for command in ["generate", "diff"] {
        gan()
            .args([command, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Examples:"));
    }
}

#[test]
fn a_format_1_file_without_hints_does_not_flip_against_format_2() {
    let new = corpus::embedded();
    let mut old = new.clone();
    for file in &mut old {
        file.format = 1;
        for error in file.vectors.iter_mut().filter_map(|v| v.error.as_mut()) {
            error.hint = None;
        }
    }
    assert!(diff::diff(&old, &new).equivalent);
    // A hint known on both sides that changes is a flip, shown in the text.
    let mut other = new.clone();
    let error = other[3]
        .vectors
        .iter_mut()
        .filter_map(|v| v.error.as_mut())
        .find(|e| matches!(e.hint, Some(Some(_))))
        .expect("snn-pin has a vector with a hint");
    error.hint = Some(Some("x:y".to_owned()));
    let changes = diff::diff(&new, &other);
    assert_eq!(changes.flipped.len(), 1);
    assert!(
        changes.to_text().contains(", hint \"x:y\""),
        "{}",
        changes.to_text()
    );
}
