//! What `gan check` keeps and reads, bounded: replies cut to what the report needs (a cap
//! per reply and per quoted field), skip files, corpus files and reports read under a size
//! cap, skip-file prefixes, the skip file written atomically, per-case mode's give-up and its
//! wait for a closed output; and `gan report matrix` reading every report `gan check` writes.

use std::process::Command;

use crate::check_corpus::{gan_ref, python};
use crate::util::{gan_std, run_bounded};

#[test]
fn a_skip_file_prefix_line_lists_every_vector_under_it() {
    let dir = tempfile::tempdir().unwrap();
    let skip = dir.path().join("skip.txt");
    std::fs::write(&skip, "snn-pin/invalid   # a prefix of whole segments\n").unwrap();
    let mut list = gan_std();
    list.args(["check", "--list", "--skip-file"]).arg(&skip);
    let run = run_bounded(&mut list, 60);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // The listed vectors pass with the reference adapter: each is an unexpected pass.
    let mut command = gan_std();
    command
        .args([
            "check",
            "--filter",
            "snn-pin/invalid/long",
            "--format",
            "json",
            "--skip-file",
        ])
        .arg(&skip)
        .arg("--")
        .arg(python())
        .args(["-S", "-E"])
        .arg(gan_ref());
    let run = run_bounded(&mut command, 120);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let report = String::from_utf8(run.stdout).unwrap();
    let unexpected = report.matches("\"result\":\"unexpected-pass\"").count();
    assert_eq!(unexpected, 16, "{report}");
}

/// `gan check --mode per-case ARGS… -- COMMAND…`.
fn per_case(command: &[&str], extra: &[&str]) -> Command {
    let mut gan = gan_std();
    gan.args(["check", "--mode", "per-case"])
        .args(extra)
        .arg("--")
        .args(command);
    gan
}

#[test]
fn the_skip_file_is_written_even_when_the_report_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    let skip = dir.path().join("skip.txt");
    let mut command = per_case(
        &["false"],
        &[
            "--filter",
            "qpi/valid/class-boundary",
            "--write-skip-file",
            skip.to_str().unwrap(),
        ],
    );
    command.stdout(std::fs::File::create("/dev/full").unwrap());
    let status = command
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1), "a vector failed: exit 1");
    let written = std::fs::read_to_string(&skip).unwrap();
    assert_eq!(
        written.lines().filter(|l| l.starts_with("qpi/")).count(),
        24
    );
}

#[cfg(unix)]
#[test]
fn a_skip_file_that_cannot_be_written_whole_is_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let skip = dir.path().join("skip.txt");
    let curated = "# my known failures\n".repeat(50);
    std::fs::write(&skip, &curated).unwrap();
    // Files of at most 64 bytes (as on a full disk), SIGXFSZ ignored: writes fail with EFBIG.
    let mut command = Command::new("sh");
    command
        .args([
            "-c",
            "trap '' XFSZ; exec prlimit --fsize=64 \"$@\" > /dev/null",
            "sh",
        ])
        .arg(assert_cmd::cargo::cargo_bin("gan"))
        .args([
            "check",
            "--mode",
            "per-case",
            "--filter",
            "qpi/valid/class-boundary",
            "--write-skip-file",
        ])
        .arg(&skip)
        .args(["--", "false"])
        .stdin(std::process::Stdio::null());
    let run = run_bounded(&mut command, 120);
    assert_eq!(
        run.code,
        Some(2),
        "the skip file was not written: {}",
        run.stderr
    );
    assert_eq!(
        std::fs::read_to_string(&skip).unwrap(),
        curated,
        "the curated list is intact"
    );
}
