//! One-line test helpers, after semver's `parse_ok` / `parse_err`.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use gan::oracle::{Expectation, Oracle};
use gan::{ActorFields, Dialect};

/// The oracle of `dialect`, compiled once for the whole suite (building its automaton costs
/// far more than asking it, above all in a debug build).
pub fn oracle(dialect: Dialect) -> &'static Oracle {
    static ORACLES: OnceLock<Mutex<HashMap<Dialect, &'static Oracle>>> = OnceLock::new();
    let mut oracles = ORACLES
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    oracles
        .entry(dialect)
        .or_insert_with(|| Box::leak(Box::new(Oracle::new(dialect))))
}

/// What the library says of `input`, in the oracle's terms.
pub fn library(dialect: Dialect, input: &[u8]) -> Expectation {
    match dialect.parse(input) {
        Ok(actor) => Expectation::Valid(actor.fields()),
        Err(error) => Expectation::Invalid {
            code: error.code(),
            offset: error.offset(),
            hint: error.hint().map(str::to_owned),
        },
    }
}

/// Asserts that the grammar and the oracle agree on `input`: verdict, actor, code, offset, hint.
#[track_caller]
pub fn assert_agree(oracle: &Oracle, dialect: Dialect, input: &[u8]) {
    let expected = oracle.expect(input);
    let got = library(dialect, input);
    assert_eq!(
        got,
        expected,
        "{dialect} disagrees with its oracle on {:?}",
        String::from_utf8_lossy(input)
    );
}

/// Parses `input` in `dialect`, which must be valid; returns its fields.
#[track_caller]
pub fn parse_ok(dialect: Dialect, input: &str) -> ActorFields {
    match dialect.parse(input.as_bytes()) {
        Ok(actor) => {
            assert_eq!(
                actor.to_string(),
                input,
                "Display must print the input (D9)"
            );
            actor.fields()
        }
        Err(error) => panic!("{dialect}: {input:?} should be valid, got {error}"),
    }
}

/// Parses `input` in `dialect`, which must be invalid with this code and offset.
#[track_caller]
pub fn parse_err(dialect: Dialect, input: &str, code: &str, offset: usize) -> gan::ParseError {
    match dialect.parse(input.as_bytes()) {
        Ok(actor) => panic!("{dialect}: {input:?} should be invalid, parsed as {actor:?}"),
        Err(error) => {
            assert_eq!(
                (error.code(), error.offset()),
                (code, offset),
                "{dialect}: {input:?}: {error}"
            );
            error
        }
    }
}

/// Asserts that `input` is valid in `dialect` with exactly these attributes.
#[track_caller]
pub fn valid(dialect: Dialect, input: &str, expected: &str) {
    assert_eq!(
        parse_ok(dialect, input).to_string(),
        expected,
        "{dialect}: {input:?}"
    );
}

/// The `gan` binary built for these tests, ready for arguments and standard input.
pub fn gan_command() -> assert_cmd::Command {
    assert_cmd::Command::cargo_bin("gan").expect("the gan binary")
}

/// Output bytes as text (the CLI writes UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// The summary line of `gan migrate`: the last line of standard error but the count lines
/// per code that follow it (`gan migrate: warning king-flag-lost ×2 …`).
pub fn summary(stderr: &[u8]) -> String {
    let count = regex::Regex::new(r"^gan migrate: (error|warning) [a-z0-9-]+ ×\d+").unwrap();
    text(stderr)
        .lines()
        .rfind(|line| !count.is_match(line))
        .unwrap_or_default()
        .to_owned()
}

/// Runs `command` with `stdin` (and `NO_COLOR` unset); returns (exit code, stdout, stderr).
pub fn outcome(command: &mut assert_cmd::Command, stdin: &[u8]) -> (i32, String, String) {
    let output = command
        .env_remove("NO_COLOR")
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        text(&output.stdout),
        text(&output.stderr),
    )
}

/// What a bounded run of a command did: its exit code (`None` when it was killed at the
/// deadline or by a signal), its standard output and its standard error.
pub struct Bounded {
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// Runs `command` (its standard output and error to files, standard input as set, null by
/// default), killing it after `seconds`: a run that hangs fails the test instead of holding
/// it.
pub fn run_bounded(command: &mut std::process::Command, seconds: u64) -> Bounded {
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let (out, err) = (dir.path().join("stdout"), dir.path().join("stderr"));
    let mut child = command
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Bounded {
        code,
        stdout: std::fs::read(&out).unwrap_or_default(),
        stderr: String::from_utf8_lossy(&std::fs::read(&err).unwrap_or_default()).into_owned(),
    }
}

/// The `gan` binary built for these tests, as a `std::process::Command` (standard input
/// null).
pub fn gan_std() -> std::process::Command {
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("gan"));
    command.stdin(std::process::Stdio::null());
    command
}
