//! `gan check --suite ggn|migrate` from the command line: the reference adapters pass in the
//! three formats, a wrong adapter fails and the skip file ratchets, `--list`, `--corpus`, and
//! the usage errors (exit status 2).

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

use crate::check_corpus::python;
use crate::check_reports::valid_json_lines;
use crate::check_suites::adapter;
use crate::util::gan_command as gan;

/// `gan check --suite SUITE ARGS… -- python -S -E ADAPTER`.
fn check(suite: &str, args: &[&str], adapter: &Path) -> Command {
    let mut command = gan();
    command
        .args(["check", "--suite", suite])
        .args(args)
        .arg("--")
        .arg(python())
        .args(["-S", "-E"])
        .arg(adapter);
    command
}

fn stdout(assert: &assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

#[test]
fn the_ggn_reference_adapter_passes_through_the_cli_in_all_formats() {
    let ggn = adapter("ggn_ref.py");
    let text = stdout(&check("ggn", &["--check-errors"], &ggn).assert().success());
    assert!(
        text.starts_with(
            "gan check: GGN suite, 288 vectors, batch mode, errors and warnings compared\n"
        ),
        "{text}"
    );
    assert!(text.contains("\nmoves    prevent-or "), "{text}");
    assert!(text.ends_with("\nresult: PASS (288 passed)\n"), "{text}");

    let json = stdout(
        &check("ggn", &["--check-errors", "--format", "json"], &ggn)
            .assert()
            .success(),
    );
    let lines = valid_json_lines(&json);
    assert_eq!(lines.len(), 290, "the run record, 288 vectors, the summary");
    let summary = &lines[289]["summary"];
    assert_eq!(summary["suite"], "ggn");
    assert_eq!(summary["passed"], true);
    assert_eq!(summary["counts"]["pass"], 288);

    let junit = stdout(
        &check(
            "ggn",
            &["--format", "junit", "--filter", "ggn/moves/*"],
            &ggn,
        )
        .assert()
        .success(),
    );
    assert!(
        junit.contains(
            "<testsuites name=\"gan check --suite ggn\" tests=\"85\" failures=\"0\" errors=\"0\" skipped=\"0\">"
        ),
        "{junit}"
    );
}

#[test]
fn the_migrate_reference_adapter_passes_through_the_cli_in_all_formats() {
    let migrate = adapter("migrate_ref.py");
    let text = stdout(&check("migrate", &[], &migrate).assert().success());
    assert!(
        text.starts_with(
            "gan check: migrate suite, 249 vectors, batch mode, warning and error codes compared\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("\nresult: PASS (248 passed, 1 skipped)\n"),
        "{text}"
    );
    let json = stdout(
        &check("migrate", &["--format", "json"], &migrate)
            .assert()
            .success(),
    );
    let lines = valid_json_lines(&json);
    assert_eq!(lines.len(), 251, "the run record, 249 vectors, the summary");
    assert_eq!(lines[250]["summary"]["suite"], "migrate");
    let junit = stdout(
        &check(
            "migrate",
            &["--format", "junit", "--dialect", "qpi"],
            &migrate,
        )
        .assert()
        .success(),
    );
    assert!(junit.contains("<testsuite name=\"qpi-snn-pin\""), "{junit}");
    assert!(
        !junit.contains("<testsuite name=\"beta-snn-pin\""),
        "{junit}"
    );
}

#[test]
fn a_wrong_converter_fails_and_the_written_skip_file_makes_the_next_run_pass() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(adapter("gan_ref.py"), dir.path().join("gan_ref.py")).unwrap();
    let reference = std::fs::read_to_string(adapter("migrate_ref.py")).unwrap();
    // Beta's king-like '-' carried to snn-pin as diminished (M3, D4).
    let find = r#"state = "enhanced" if actor["promoted"] else "normal""#;
    assert_eq!(reference.matches(find).count(), 1);
    let wrong = dir.path().join("migrate_ref.py");
    std::fs::write(
        &wrong,
        reference.replace(
            find,
            r#"state = "enhanced" if actor["promoted"] else ("diminished" if actor["king"] else "normal")"#,
        ),
    )
    .unwrap();
    let skip = dir.path().join("known.txt");
    let skip = skip.to_str().unwrap();
    check("migrate", &["--write-skip-file", skip], &wrong)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "fail migrate/beta-snn-pin/m3/king-flag-lost\n  input:    \"C:-K\", beta -> snn-pin\n  \
             expected: \"CHESS:K\" with king-flag-lost\n  got:      \"CHESS:-K\" with king-flag-lost\n",
        ));
    let written = std::fs::read_to_string(skip).unwrap();
    assert!(
        written.contains(
            "migrate/beta-snn-pin/m3/king-flag-lost  # fail: expected \"CHESS:K\", got \"CHESS:-K\"\n"
        ),
        "{written}"
    );
    check("migrate", &["--skip-file", skip], &wrong)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "result: PASS (235 passed, 14 skipped)",
        ));
    // Fixed: the listed vectors pass, and the run fails until the list is emptied.
    check(
        "migrate",
        &["--skip-file", skip],
        &adapter("migrate_ref.py"),
    )
    .assert()
    .code(1)
    .stdout(predicate::str::contains(
        "unexpected-pass migrate/beta-snn-pin/m3/king-flag-lost\n",
    ));
}

#[test]
fn list_prints_the_ids_each_suite_would_send() {
    let list = |args: &[&str]| -> Vec<String> {
        let output = gan()
            .args(["check", "--list"])
            .args(args)
            .assert()
            .success();
        stdout(&output).lines().map(str::to_owned).collect()
    };
    let migrate = list(&["--suite", "migrate"]);
    assert_eq!(
        migrate.len(),
        249,
        "the input that is not UTF-8 is counted (skipped) by a run, so listed"
    );
    assert!(migrate.contains(&"migrate/legacy-snn-pin/m1/invalid-utf8".to_owned()));
    assert_eq!(migrate[0], "migrate/legacy-snn-pin/m2/king-first");
    let moves = list(&["--suite", "ggn", "--filter", "ggn/moves/*"]);
    assert_eq!(moves.len(), 85);
    assert_eq!(
        list(&["--suite", "ggn", "--filter", "ggn/invalid/utf8/*"]).len(),
        1
    );
    assert_eq!(
        list(&["--suite", "ggn", "--dialect", "pnn"]),
        [
            "ggn/valid/spec/e4-pnn",
            "ggn/valid/spec/e5-pnn",
            "ggn/valid/dialect/pnn-intermediate",
            "ggn/invalid/spec/e8-pnn",
            "ggn/invalid/gan/pnn-digit-style",
            "ggn/moves/dialect/pnn",
        ]
    );
}

#[test]
fn corpus_reads_the_suites_files_from_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let conformance = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    std::fs::create_dir(dir.path().join("ggn")).unwrap();
    for file in ["ggn/validation.json", "ggn/evaluation.json"] {
        std::fs::copy(conformance.join(file), dir.path().join(file)).unwrap();
    }
    // One expectation changed: the reference adapter now fails that vector, and only it.
    let migrations = std::fs::read_to_string(conformance.join("migrations.json")).unwrap();
    let changed = migrations.replacen(r#""output": "CHESS:K","#, r#""output": "CHESS:Q","#, 1);
    assert_ne!(changed, migrations);
    std::fs::write(dir.path().join("migrations.json"), changed).unwrap();
    let corpus = dir.path().to_str().unwrap();
    check("migrate", &["--corpus", corpus], &adapter("migrate_ref.py"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains("failures (1):\n\nfail migrate/"))
        .stdout(predicate::str::contains(
            "  expected: \"CHESS:Q\"\n  got:      \"CHESS:K\"\n",
        ));
    check("ggn", &["--corpus", corpus], &adapter("ggn_ref.py"))
        .assert()
        .success();
}

#[test]
fn usage_errors_of_the_ggn_and_migrate_suites_exit_2() {
    let empty = tempfile::tempdir().unwrap();
    let empty = empty.path().to_str().unwrap();
    let skip = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(skip.path(), "ggn/moves/*\nsnn-pin/*  # another suite's\n").unwrap();
    let skip = skip.path().to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--suite", "ggn", "--mode", "per-case", "--", "true"],
            "gan check: --mode per-case: the ggn suite runs in batch mode only",
        ),
        (
            &["--suite", "migrate", "--mode", "per-case", "--list"],
            "the migrate suite runs in batch mode only",
        ),
        (
            &["--suite", "ggn", "--corpus", empty, "--", "true"],
            "ggn/validation.json: cannot read",
        ),
        (
            &["--suite", "migrate", "--corpus", empty, "--", "true"],
            "migrations.json: cannot read",
        ),
        (
            &["--suite", "ggn", "--filter", "nothing/*", "--", "true"],
            "no vector selected",
        ),
        (
            &["--suite", "migrate", "--skip-file", skip, "--", "true"],
            "match no vector of the corpus",
        ),
        (
            &["--suite", "klingon", "--", "true"],
            "invalid value 'klingon'",
        ),
        (
            &["--suite", "ggn", "--", "no-such-adapter-anywhere"],
            "not found in PATH",
        ),
    ];
    for (args, message) in cases {
        gan()
            .arg("check")
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*message));
    }
}

#[test]
fn a_command_that_answers_nothing_ends_the_run_after_three_starts() {
    let output = gan()
        .args(["check", "--suite", "ggn", "--format", "json", "--", "true"])
        .assert()
        .code(1);
    let lines = valid_json_lines(&stdout(&output));
    let summary = &lines.last().unwrap()["summary"];
    assert_eq!(summary["counts"]["crash"], 288);
    let details: Vec<&str> = lines[1..289]
        .iter()
        .map(|line| line["detail"].as_str().unwrap())
        .collect();
    assert!(
        details[..3]
            .iter()
            .all(|d| d.starts_with("the command exited (exit status: 0) before replying")),
        "{details:?}"
    );
    assert!(
        details[3..]
            .iter()
            .all(|d| *d == "not run: 3 consecutive starts of the command answered nothing"),
        "{:?}",
        &details[3..6]
    );
}
