//! What `gan check` keeps and reads, bounded: replies cut to what the report needs (a cap
//! per reply and per quoted field), skip files, corpus files and reports read under a size
//! cap, skip-file prefixes, the skip file written atomically, per-case mode's give-up and its
//! wait for a closed output; and `gan report matrix` reading every report `gan check` writes.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::check_corpus::{gan_ref, python};
use crate::util::{gan_std, run_bounded, Bounded};

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

/// The reference adapter, its replies changed by `change` (Python: a function of the request
/// and the reply, both dicts, that returns the reply to send).
fn wrapped_ref(dir: &Path, change: &str) -> PathBuf {
    let adapters = gan_ref().parent().unwrap().to_owned();
    script(
        dir,
        "wrapped.py",
        &format!(
            r#"import json, sys
sys.path.insert(0, {adapters:?})
import gan_ref
{change}
for line in sys.stdin.buffer:
    reply = json.loads(gan_ref.answer_request(line, True))
    out = change(json.loads(line), reply)
    sys.stdout.write(out if isinstance(out, str) else json.dumps(out))
    sys.stdout.write("\n")
    sys.stdout.flush()
"#,
            adapters = adapters.display().to_string()
        ),
    )
}

#[test]
fn replies_are_kept_only_as_far_as_the_report_needs() {
    let dir = tempfile::tempdir().unwrap();
    // Right answers carrying a megabyte of extra members.
    let padded = wrapped_ref(
        dir.path(),
        "def change(request, reply):\n    \
         reply['padding'] = 'x' * (1 << 20)\n    \
         (reply.get('actor') or reply.get('error') or {})['more'] = 'y' * (1 << 20)\n    \
         return reply\n",
    );
    let run = check_with(
        &padded,
        &["--filter", "qpi/invalid/decisions", "--format", "json"],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report = String::from_utf8(run.stdout).unwrap();
    let lines = report.lines().count();
    assert!(
        report.len() < lines * (40 << 10),
        "{} bytes of report for {lines} lines: the replies were kept whole",
        report.len()
    );
    // Wrong ids of a megabyte each: every vector a crash, its message bounded.
    let wrong = script(
        dir.path(),
        "wrong.py",
        "import sys\nfor line in sys.stdin:\n    \
         print('{\"id\":\"' + 'z' * (1 << 20) + '\",\"valid\":true}', flush=True)\n",
    );
    let run = check_with(&wrong, &["--filter", "qpi/invalid/errata"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let report = String::from_utf8(run.stdout).unwrap();
    assert!(report.contains("reply for another id"), "{report}");
    assert!(
        report.len() < 64 << 10,
        "the text report quotes whole ids: {} bytes",
        report.len()
    );
}

/// A report of `gan check --format json` on `filter`, through an adapter that answers every
/// valid vector with an actor nested `depth` deep.
fn deep_report(dir: &Path, depth: usize) -> PathBuf {
    let adapter = wrapped_ref(
        dir,
        &format!(
            "def change(request, reply):\n    \
             if reply.get('actor'):\n        \
             reply['actor']['deep'] = json.loads('[' * {n} + ']' * {n})\n    \
             return reply\n",
            n = depth - 2
        ),
    );
    let run = check_with(
        &adapter,
        &["--filter", "qpi/valid/combination", "--format", "json"],
    );
    assert!(matches!(run.code, Some(0 | 1)), "{}", run.stderr);
    let path = dir.join("report.json");
    std::fs::write(&path, &run.stdout).unwrap();
    path
}

#[test]
fn report_matrix_reads_every_report_gan_check_writes() {
    let dir = tempfile::tempdir().unwrap();
    let report = deep_report(dir.path(), 127);
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(
        text.contains("[[[[[[[["),
        "the reply is in the report: {text}"
    );
    let mut matrix = gan_std();
    matrix.args(["report", "matrix"]).arg(&report);
    let run = run_bounded(&mut matrix, 60);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // From standard input too.
    let mut matrix = gan_std();
    matrix
        .args(["report", "matrix", "-"])
        .stdin(std::fs::File::open(&report).unwrap());
    let from_stdin = run_bounded(&mut matrix, 60);
    assert_eq!(from_stdin.code, Some(0), "{}", from_stdin.stderr);
    let page = String::from_utf8_lossy(&from_stdin.stdout);
    assert_eq!(page.matches("qpi/valid/combination/").count(), 6, "{page}");
}

/// `gan ARGS…` under a 1 GiB address-space limit (a reader with no cap aborts).
fn capped(args: &[&str]) -> Bounded {
    let mut command = Command::new("prlimit");
    command
        .arg("--as=1073741824")
        .arg(assert_cmd::cargo::cargo_bin("gan"))
        .args(args)
        .stdin(std::process::Stdio::null());
    run_bounded(&mut command, 60)
}

#[cfg(unix)]
#[test]
fn reports_skip_files_and_corpus_files_are_read_under_a_size_cap() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("gan")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("gan/qpi.json")).unwrap();
    let corpus = dir.path().to_str().unwrap();
    for (what, args) in [
        ("a report", &["report", "matrix", "/dev/zero"][..]),
        (
            "a skip file",
            &["check", "--list", "--skip-file", "/dev/zero"][..],
        ),
        (
            "a corpus file",
            &["check", "--list", "--corpus", corpus][..],
        ),
    ] {
        let run = capped(args);
        assert_eq!(run.code, Some(2), "{what}: {}", run.stderr);
        assert!(
            run.stderr.contains("larger than"),
            "{what}: the message names the limit: {}",
            run.stderr
        );
    }
}

/// A Python adapter script written into `dir`.
fn script(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `gan check ARGS… -- python -S -E SCRIPT`, bounded to two minutes.
fn check_with(script: &Path, args: &[&str]) -> Bounded {
    let mut command = gan_std();
    command
        .arg("check")
        .args(args)
        .arg("--")
        .arg(python())
        .args(["-S", "-E"])
        .arg(script);
    run_bounded(&mut command, 120)
}

#[test]
fn report_matrix_refuses_an_id_given_twice() {
    let dir = tempfile::tempdir().unwrap();
    let line = r#"{"id":"qpi/valid/x/1","dialect":"qpi","group":"x","input":"C:K","result":"pass","expected":{"valid":true},"got":{"valid":true}}"#;
    let path = dir.path().join("twice.json");
    std::fs::write(&path, format!("{line}\n{line}\n")).unwrap();
    let mut matrix = gan_std();
    matrix.args(["report", "matrix"]).arg(&path);
    let run = run_bounded(&mut matrix, 60);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("line 2") && run.stderr.contains("qpi/valid/x/1"),
        "{}",
        run.stderr
    );
}

#[test]
fn per_case_mode_gives_up_on_a_command_that_hangs() {
    let run = run_bounded(
        &mut per_case(
            &["sleep", "100"],
            &[
                "--timeout",
                "0.3",
                "--jobs",
                "2",
                "--format",
                "json",
                "--filter",
                "qpi/invalid/decisions",
                "--filter",
                "qpi/valid/class-boundary",
            ],
        ),
        120,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let report = String::from_utf8(run.stdout).unwrap();
    let waited = report.matches("no answer within").count();
    let given_up = report.matches("not run:").count();
    assert!(
        waited <= 12,
        "{waited} vectors waited for their timeout: {report}"
    );
    assert_eq!(waited + given_up, 50, "{report}");
}

#[cfg(unix)]
#[test]
fn per_case_mode_waits_for_the_output_as_long_as_the_timeout() {
    // The answer is written at once, but a process of another session keeps standard
    // output open for two seconds (as a slow reader on a loaded machine would see it).
    let adapter = format!(
        "setsid sleep 2 & exec {} -S -E {}",
        python().display(),
        gan_ref().display()
    );
    let run = run_bounded(
        &mut per_case(
            &["sh", "-c", &adapter],
            &[
                "--timeout",
                "8",
                "--jobs",
                "2",
                "--max-failures",
                "1",
                "--filter",
                "qpi/valid/combination",
            ],
        ),
        120,
    );
    assert_eq!(
        run.code,
        Some(0),
        "{}{}",
        String::from_utf8_lossy(&run.stdout),
        run.stderr
    );
}
