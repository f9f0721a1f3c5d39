//! `gan check` from the command line: options, exit codes, the three formats, the skip-file
//! round trip.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

use crate::check_corpus::{all_cases, gan_ref, python, write_corpus};
use crate::check_reports::valid_json_lines;
use crate::util::gan_command as gan;

/// `gan check --corpus DIR ARGS… -- python -S -E gan_ref.py ADAPTER_ARGS…`.
fn check(corpus: &Path, args: &[&str], adapter_args: &[&str]) -> Command {
    let mut command = gan();
    command
        .arg("check")
        .arg("--corpus")
        .arg(corpus)
        .args(args)
        .arg("--");
    command
        .arg(python())
        .args(["-S", "-E"])
        .arg(gan_ref())
        .args(adapter_args);
    command
}

fn corpus_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_corpus(dir.path());
    dir
}

#[test]
fn help_shows_the_protocols_results_exit_codes_and_examples() {
    let output = gan().args(["check", "--help"]).assert().success();
    let help = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    for needle in [
        "conformance/PROTOCOL.md",
        "--mode <MODE>",
        "per-case",
        "--check-errors",
        "--skip-file <F>",
        "--write-skip-file <F>",
        "unexpected-pass",
        "Exit codes: 0",
        "gan check -- python3 conformance/adapters/gan_ref.py",
        "--format junit",
    ] {
        assert!(help.contains(needle), "{needle:?} missing from:\n{help}");
    }
}

#[test]
fn the_reference_adapter_passes_through_the_cli_in_all_formats() {
    let dir = corpus_dir();
    let text = check(dir.path(), &["--check-errors", "--dialect", "qpi"], &[])
        .assert()
        .success();
    let text = String::from_utf8(text.get_output().stdout.clone()).unwrap();
    assert!(text.starts_with("gan check: "), "{text}");
    assert!(text.contains("\nqpi      "), "{text}");
    assert!(
        text.ends_with(" skipped)\n") && text.contains("result: PASS"),
        "{text}"
    );

    let json = check(dir.path(), &["--dialect", "pnn", "--format", "json"], &[])
        .assert()
        .success();
    let lines = valid_json_lines(std::str::from_utf8(&json.get_output().stdout).unwrap());
    let pnn = all_cases()
        .into_iter()
        .filter(|c| c.section == gan::Dialect::Pnn.as_str())
        .count();
    assert_eq!(
        lines.len(),
        pnn + 2,
        "the run record, the vectors, the summary"
    );
    assert_eq!(
        lines[0]["run"]["corpus"]["files"][0]["path"],
        "gan/pnn.json"
    );
    assert_eq!(lines[pnn + 1]["summary"]["passed"], true);

    let junit = check(dir.path(), &["--dialect", "beta", "--format", "junit"], &[])
        .assert()
        .success();
    let junit = String::from_utf8(junit.get_output().stdout.clone()).unwrap();
    assert!(junit
        .starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gan check\""));
    assert!(junit.contains("failures=\"0\" errors=\"0\""), "{junit}");
}

#[test]
fn per_case_mode_through_the_cli() {
    let dir = corpus_dir();
    check(
        dir.path(),
        &[
            "--mode",
            "per-case",
            "-j",
            "2",
            "--check-errors",
            "--filter",
            "*/invalid-utf8/*",
        ],
        &[],
    )
    .assert()
    .success()
    .stdout(predicate::str::contains("result: PASS (35 passed)"));
}

#[test]
fn failures_exit_1_and_the_written_skip_file_makes_the_next_run_pass() {
    let dir = corpus_dir();
    let skip = dir.path().join("known-failures.txt");
    let skip_arg = skip.to_str().unwrap();
    check(
        dir.path(),
        &[
            "--check-errors",
            "--dialect",
            "snn-pin",
            "--write-skip-file",
            skip_arg,
        ],
        &["--no-errors"],
    )
    .assert()
    .code(1)
    .stdout(predicate::str::contains("wrong-error snn-pin/invalid/"));
    let written = std::fs::read_to_string(&skip).unwrap();
    assert!(written.starts_with("# Known failures"), "{written}");
    assert!(written.contains("  # wrong-error: expected "), "{written}");
    check(
        dir.path(),
        &[
            "--check-errors",
            "--dialect",
            "snn-pin",
            "--skip-file",
            skip_arg,
        ],
        &["--no-errors"],
    )
    .assert()
    .success()
    .stdout(predicate::str::contains("result: PASS"));
    // Fixed: every listed vector now passes, and the run fails until the list is emptied.
    check(
        dir.path(),
        &[
            "--check-errors",
            "--dialect",
            "snn-pin",
            "--skip-file",
            skip_arg,
        ],
        &[],
    )
    .assert()
    .code(1)
    .stdout(predicate::str::contains("unexpected-pass snn-pin/invalid/"));
}

#[test]
fn max_failures_stops_early() {
    let dir = corpus_dir();
    check(
        dir.path(),
        &["--check-errors", "--max-failures", "2"],
        &["--no-errors"],
    )
    .assert()
    .code(1)
    .stdout(predicate::str::contains(
        "stopped at the failure limit (--max-failures)",
    ))
    .stdout(predicate::str::contains("failures (2):"));
}

#[test]
fn list_prints_the_ids_that_would_run() {
    let dir = corpus_dir();
    let ids = |args: &[&str]| -> Vec<String> {
        let mut command = gan();
        command
            .arg("check")
            .arg("--corpus")
            .arg(dir.path())
            .arg("--list")
            .args(args);
        let output = command.assert().success();
        String::from_utf8(output.get_output().stdout.clone())
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let qpi: Vec<String> = all_cases()
        .into_iter()
        .filter(|c| c.section == gan::Dialect::Qpi.as_str())
        .map(|c| c.item.id)
        .collect();
    assert_eq!(ids(&["--dialect", "qpi"]), qpi);
    // Inputs that are not UTF-8 run in per-case mode only, but a batch run counts them (as
    // skipped), so the list shows them in both modes.
    assert_eq!(ids(&["--filter", "*/invalid-utf8/*"]).len(), 35);
    assert_eq!(
        ids(&["--filter", "*/invalid-utf8/*", "--mode", "per-case"]).len(),
        35
    );
    let valid = ids(&["--filter", "snn-pin/valid/*", "--filter", "qpi/valid/*"]);
    assert!(!valid.is_empty());
    assert!(valid
        .iter()
        .all(|id| id.starts_with("snn-pin/valid/") || id.starts_with("qpi/valid/")));
}

#[test]
fn usage_errors_exit_2() {
    let dir = corpus_dir();
    let corpus = dir.path().to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "check",
                "--corpus",
                "/no/such/corpus",
                "--",
                "python3",
                "x.py",
            ],
            "/no/such/corpus/gan: cannot read",
        ),
        (
            &[
                "check",
                "--corpus",
                corpus,
                "--",
                "no-such-adapter-anywhere",
            ],
            "not found in PATH",
        ),
        (
            &[
                "check",
                "--corpus",
                corpus,
                "--filter",
                "nothing/*",
                "--",
                "true",
            ],
            "no vector selected",
        ),
        (
            &["check", "--corpus", "/nonexistent", "--", "true"],
            "/nonexistent/gan: cannot read",
        ),
        (&["check", "--corpus", corpus], "COMMAND"),
        (
            &[
                "check",
                "--corpus",
                corpus,
                "--max-failures",
                "0",
                "--",
                "true",
            ],
            "--max-failures",
        ),
        (
            &[
                "check",
                "--corpus",
                corpus,
                "--timeout",
                "soon",
                "--",
                "true",
            ],
            "not a number of seconds",
        ),
        (
            &["check", "--corpus", corpus, "--dialect", "xx", "--", "true"],
            "gan check: invalid value 'xx' for '--dialect <D>'\n  [possible values: legacy, beta, pnn, snn-pin, qpi, qpi-2025-12, qpi-2026-01, pin-2025-07, pin-2025-12, sin-2025-07, epin-2025-12, snn-2025-07-02, snn-2025-07-11, snn-2025-10-09, snn-2026-01-11, cell, hand]",
        ),
        (
            &[
                "check",
                "--corpus",
                corpus,
                "--skip-file",
                "/nonexistent/skip",
                "--",
                "true",
            ],
            "/nonexistent/skip",
        ),
    ];
    for (args, message) in cases {
        gan()
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*message));
    }
    let skip = dir.path().join("skip.txt");
    std::fs::write(&skip, "qpi/*\nno/such/vector # gone\n").unwrap();
    gan()
        .args([
            "check",
            "--corpus",
            corpus,
            "--skip-file",
            skip.to_str().unwrap(),
            "--",
            "true",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line 2: no/such/vector"));
}

#[test]
fn a_command_that_cannot_start_exits_2() {
    let dir = corpus_dir();
    let not_executable = dir.path().join("gan").join("qpi.json");
    gan()
        .arg("check")
        .arg("--corpus")
        .arg(dir.path())
        .arg("--")
        .arg(&not_executable)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(format!(
            "gan check: {}: cannot start: ",
            not_executable.display()
        )));
}
