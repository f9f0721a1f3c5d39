//! `fuzz/run.sh` cannot lie: without cargo-fuzz, with targets that do not build, or with a
//! run that executed nothing, it fails with a message; otherwise it says what it ran (the
//! targets, the executions, the CPU time) and exits 1 on a finding. The script runs in a
//! scratch copy (its logs go to `fuzz/artifacts/`), against a stand-in `cargo` first on
//! `PATH` that plays cargo-fuzz: absent, or building and running as told.

use std::path::Path;
use std::process::Command;

use crate::util::text;

/// A scratch copy of what the script reads: itself, the targets' names and the dictionaries.
fn scratch() -> tempfile::TempDir {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    for folder in ["fuzz/fuzz_targets", "fuzz/dict"] {
        std::fs::create_dir_all(dir.path().join(folder)).unwrap();
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(
                entry.path(),
                dir.path().join(folder).join(entry.file_name()),
            )
            .unwrap();
        }
    }
    std::fs::copy(root.join("fuzz/run.sh"), dir.path().join("fuzz/run.sh")).unwrap();
    dir
}

/// A stand-in `cargo` in `dir/bin`: `cargo fuzz --version`, `cargo fuzz build` and
/// `cargo fuzz run` behave as `mode` says (`FAKE_RUN` is the run's output and status).
fn fake_cargo(dir: &Path, mode: &str) {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let script = format!(
        r##"#!/usr/bin/env bash
mode={mode}
[ "$1" = fuzz ] || exit 99
if [ "$mode" = missing ]; then
  echo 'error: no such command: `fuzz`' >&2
  exit 101
fi
case $2 in
  --version) echo 'cargo-fuzz 0.13.1' ;;
  build)
    if [ "$mode" = unbuildable ]; then echo 'error[E0425]: cannot find value `x`' >&2; exit 101; fi ;;
  run)
    target=$5
    # Some CPU for parse, to be counted.
    if [ "$target" = parse ]; then i=0; while [ $i -lt 30000 ]; do i=$((i + 1)); done; fi
    case $mode in
      ok) echo "#2 INITED"; echo "#4096 pulse"; echo "Done 123456 runs in 1 second(s)" ;;
      silent) ;;
      crash)
        if [ "$target" = detect ]; then
          echo "#777 NEW"
          echo "thread '<unnamed>' panicked at fuzz_targets/detect.rs:9:5:"
          echo "==42== ERROR: libFuzzer: deadly signal"
          echo "SUMMARY: libFuzzer: deadly signal"
          echo "artifact_prefix='fuzz/artifacts/detect/'; Test unit written to fuzz/artifacts/detect/crash-0a1b"
          exit 77
        fi
        echo "Done 1000 runs in 1 second(s)" ;;
      broken) echo 'error: could not compile' >&2; exit 101 ;;
    esac ;;
esac
"##
    );
    let path = bin.join("cargo");
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
}

/// Runs `fuzz/run.sh ARGS` in a scratch copy with cargo-fuzz playing `mode`; returns (exit
/// code, stdout, stderr).
fn run(mode: &str, args: &[&str]) -> (i32, String, String) {
    let dir = scratch();
    fake_cargo(dir.path(), mode);
    let path = format!(
        "{}:{}",
        dir.path().join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .arg(dir.path().join("fuzz/run.sh"))
        .args(args)
        .env("PATH", path)
        .env_remove("FUZZ_CORPUS")
        .current_dir(dir.path())
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        text(&output.stdout),
        text(&output.stderr),
    )
}

#[test]
fn without_cargo_fuzz_it_fails_and_says_so() {
    let (code, stdout, stderr) = run("missing", &["1"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        "fuzz/run.sh: cargo-fuzz is not installed, so nothing was fuzzed: cargo install \
         cargo-fuzz (error: no such command: `fuzz`)\n"
    );
}

#[test]
fn a_run_that_executed_nothing_or_did_not_build_is_a_failure() {
    let (code, _, stderr) = run("unbuildable", &["1"]);
    assert_eq!(code, 2);
    assert!(
        stderr.ends_with("fuzz/run.sh: the fuzz targets do not build, so nothing was fuzzed (see fuzz/artifacts/build.log)\n"),
        "{stderr}"
    );
    assert!(stderr.contains("error[E0425]"), "{stderr}");
    for mode in ["silent", "broken"] {
        let (code, stdout, stderr) = run(mode, &["1", "parse", "detect"]);
        assert_eq!(code, 2, "{mode}: {stdout}");
        assert!(
            stdout.contains("parse: FAILED: cargo fuzz exited "),
            "{mode}: {stdout}"
        );
        assert!(
            stdout.ends_with(
                "fuzz/run.sh: fuzzed 0 of 2 target(s): executions=0 cpu_s=0.0 findings=0\n"
            ),
            "{mode}: {stdout}"
        );
        assert_eq!(
            stderr, "fuzz/run.sh: could not fuzz: parse detect\n",
            "{mode}"
        );
    }
}

#[test]
fn it_prints_the_targets_executions_and_cpu_time() {
    let (code, stdout, stderr) = run("ok", &["1"]);
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    let n = crate::fuzz_props::TARGETS.len();
    assert_eq!(
        lines[0],
        format!("fuzz/run.sh: {n} target(s), 1 s each, cargo-fuzz 0.13.1")
    );
    assert!(lines[1].starts_with("build: cpu_s="), "{stdout}");
    // Every target of fuzz/fuzz_targets/, in name order.
    let target =
        regex::Regex::new(r"^([a-z_]+): executions=123456 cpu_s=(\d+\.\d) findings=0$").unwrap();
    let names: Vec<&str> = lines[2..2 + n]
        .iter()
        .map(|line| {
            target
                .captures(line)
                .unwrap_or_else(|| panic!("{line}"))
                .get(1)
                .unwrap()
                .as_str()
        })
        .collect();
    let mut expected: Vec<String> = crate::fuzz_props::TARGETS
        .iter()
        .map(|(name, _)| (*name).to_owned())
        .collect();
    expected.sort();
    assert_eq!(names, expected);
    let total = regex::Regex::new(&format!(
        r"^fuzz/run.sh: fuzzed {n} of {n} target\(s\): executions={} cpu_s=(\d+\.\d) findings=0$",
        123_456 * n
    ))
    .unwrap();
    let cpu: f64 = total
        .captures(lines[2 + n])
        .unwrap_or_else(|| panic!("{stdout}"))[1]
        .parse()
        .unwrap();
    let parse: f64 = target
        .captures(lines.iter().find(|l| l.starts_with("parse:")).unwrap())
        .unwrap()[2]
        .parse()
        .unwrap();
    assert!(
        parse > 0.0,
        "the stand-in's loop for parse costs CPU: {stdout}"
    );
    assert!(cpu >= parse, "{stdout}");
    assert_eq!(lines.len(), 3 + n);
}

#[test]
fn a_finding_exits_1_and_names_its_input() {
    let (code, stdout, stderr) = run("crash", &["1", "parse", "detect"]);
    assert_eq!((code, stderr.as_str()), (1, ""), "{stdout}");
    assert!(
        stdout.contains("\nparse: executions=1000 cpu_s="),
        "{stdout}"
    );
    assert!(
        stdout.contains("\ndetect: executions=777 cpu_s="),
        "{stdout}"
    );
    assert!(
        stdout.contains(" findings=1\n  input: fuzz/artifacts/detect/crash-0a1b\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\nfuzz/run.sh: fuzzed 2 of 2 target(s): executions=1777 cpu_s="),
        "{stdout}"
    );
    assert!(stdout.ends_with(" findings=1\n"), "{stdout}");
}

#[test]
fn bad_arguments_are_refused() {
    let (code, _, stderr) = run("ok", &["0"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("SECONDS must be a whole number of seconds"),
        "{stderr}"
    );
    let (code, _, stderr) = run("ok", &["5", "nosuch"]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("fuzz/run.sh: no target 'nosuch' (the targets: convert "),
        "{stderr}"
    );
}
