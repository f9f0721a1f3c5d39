//! When the operating system says no: threads that cannot be made (`-j` falls back to fewer,
//! or exits 2 with a message, never a panic), open files that run out (gan's own error, exit 2,
//! never an adapter's crash), and a signal while stopped by the terminal (gan still ends).

#![cfg(unix)]

use std::path::Path;
use std::process::Command;

use crate::check_corpus::{gan_ref, python};
use crate::util::{gan_std, run_bounded};

/// A stack size no thread can get: every thread gan tries to start fails (`RUST_MIN_STACK`
/// sets the size of every thread the standard library starts).
const NO_THREADS: &str = "1125899906842624";

fn lines(dir: &Path, count: usize) -> std::path::PathBuf {
    let path = dir.join("lines.txt");
    let text: String = (0..count)
        .map(|i| match i % 3 {
            0 => "CHESS:K\n",
            1 => "bad!!\n",
            _ => "shogi:p\n",
        })
        .collect();
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn jobs_fall_back_to_fewer_threads_when_none_can_be_made() {
    let dir = tempfile::tempdir().unwrap();
    let input = lines(dir.path(), 300_000);
    for args in [
        &["parse", "--dialect", "legacy", "-j", "4"][..],
        &["migrate", "--from", "legacy", "--to", "snn-pin", "-j", "4"][..],
    ] {
        let expected = run_bounded(
            gan_std()
                .args(&args[..args.len() - 2])
                .stdin(std::fs::File::open(&input).unwrap()),
            120,
        );
        let run = run_bounded(
            gan_std()
                .args(args)
                .env("RUST_MIN_STACK", NO_THREADS)
                .stdin(std::fs::File::open(&input).unwrap()),
            120,
        );
        assert_eq!(run.code, expected.code, "{args:?}: {}", run.stderr);
        assert!(run.stdout == expected.stdout, "{args:?}: the same output");
    }
    // Per-case mode needs threads for every process it starts: without them it says so.
    let run = run_bounded(
        gan_std()
            .args([
                "check",
                "--mode",
                "per-case",
                "-j",
                "8",
                "--filter",
                "qpi/valid/combination",
                "--",
            ])
            .arg(python())
            .args(["-S", "-E"])
            .arg(gan_ref())
            .env("RUST_MIN_STACK", NO_THREADS),
        120,
    );
    assert!(
        matches!(run.code, Some(0 | 2)),
        "exit {:?}: {}",
        run.code,
        run.stderr
    );
    if run.code == Some(2) {
        assert!(run.stderr.contains("thread"), "{}", run.stderr);
    }
}

#[test]
fn running_out_of_open_files_is_gans_error_not_the_adapters() {
    // Each start takes six descriptors for a moment: near the limit, some starts fail when
    // several jobs start at once (which ones depends on timing, hence several runs).
    for (limit, jobs) in (25..=29).flat_map(|limit| [(limit, "8"), (limit, "16")]) {
        let mut command = Command::new("prlimit");
        command
            .arg(format!("--nofile={limit}"))
            .arg(assert_cmd::cargo::cargo_bin("gan"))
            .args([
                "check",
                "--mode",
                "per-case",
                "-j",
                jobs,
                "--filter",
                "qpi/invalid/decisions",
                "--filter",
                "qpi/valid/class-boundary",
                "--format",
                "json",
                "--",
            ])
            .arg(python())
            .args(["-S", "-E"])
            .arg(gan_ref())
            .stdin(std::process::Stdio::null());
        let run = run_bounded(&mut command, 120);
        let report = String::from_utf8_lossy(&run.stdout);
        match run.code {
            Some(0) => {}
            Some(2) => assert!(
                run.stderr.contains("open files"),
                "nofile {limit}: {}",
                run.stderr
            ),
            _ => panic!(
                "nofile {limit}: exit {:?}, {} crashes: {}",
                run.code,
                report.matches("\"result\":\"crash\"").count(),
                run.stderr
            ),
        }
    }
}

/// A Python script that runs `sh -c COMMAND` on a new terminal, as a shell without job
/// control would: `timeout` then puts the command in a background process group of the
/// terminal, where reading it stops the command (`SIGTTIN`). Prints `exit N` when the shell
/// ends within 20 s, `hang` otherwise.
const ON_A_TERMINAL: &str = r#"
import os, pty, select, signal, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execvp("sh", ["sh", "-c", sys.argv[1]])
deadline = time.time() + 20
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.05)
    if ready:
        try:
            os.read(fd, 4096)
        except OSError:
            pass
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        print("exit", os.waitstatus_to_exitcode(status))
        sys.exit(0)
os.kill(pid, signal.SIGKILL)
os.waitpid(pid, 0)
print("hang")
"#;

#[test]
fn timeout_ends_gan_reading_a_terminal_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("terminal.py");
    std::fs::write(&script, ON_A_TERMINAL).unwrap();
    let gan = assert_cmd::cargo::cargo_bin("gan");
    // Stopped by SIGTTIN, then SIGTERM and SIGCONT from timeout: caught by a thread that the
    // next SIGTTIN stopped again, gan hung (most runs); then, with SIGTERM recorded by the
    // waiting thread while the reading thread read again, one run in a few.
    for run in 0..5 {
        let output = Command::new(python())
            .arg(&script)
            .arg(format!(
                "timeout 0.5 {} parse --dialect legacy; exit $?",
                gan.display()
            ))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&output.stdout);
        assert_eq!(said.trim(), "exit 124", "run {run}: {said}");
    }
}
