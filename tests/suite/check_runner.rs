//! `gan check` as a library: the reference adapter passes in both modes, and the runner keeps
//! going, and reports exactly, when a command crashes, hangs or breaks the protocol.

use std::path::{Path, PathBuf};
use std::time::Duration;

use gan::check::{
    self, Answer, Case, CheckError, Command, Mode, PlanError, Selection, SkipFile, Status,
    MAX_SILENT_STARTS,
};
use gan::suite::gan::NOT_UTF8;
use gan::Dialect;

use crate::check_corpus::{
    all_cases, committed_cases, config, corpus, failures, gan_ref, python_command, run,
    sample_cases,
};

#[test]
fn reference_adapter_passes_every_vector_in_batch_mode_with_errors() {
    let cases = committed_cases();
    let report = run(
        &cases,
        &config(python_command(&gan_ref(), &[]), Mode::Batch, true),
    );
    assert!(report.passed(), "{:#?}", failures(&report));
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    let summary = report.summary().total;
    let hex = cases.iter().filter(|case| case.input.is_none()).count();
    assert!(hex > 0);
    assert_eq!(
        summary.get(Status::Skipped),
        hex,
        "input_hex vectors are skipped in batch mode"
    );
    assert_eq!(summary.get(Status::Pass), cases.len() - hex);
    for result in report
        .results
        .iter()
        .filter(|r| r.status == Status::Skipped)
    {
        assert_eq!(result.answer, Answer::NotRun(NOT_UTF8.to_owned()));
    }
}

#[test]
fn reference_adapter_without_errors_passes_only_without_check_errors() {
    let cases: Vec<Case> = all_cases()
        .into_iter()
        .filter(|c| c.section == Dialect::Qpi.as_str())
        .collect();
    let command = python_command(&gan_ref(), &["--no-errors"]);
    let report = run(&cases, &config(command.clone(), Mode::Batch, false));
    assert!(report.passed(), "{:#?}", failures(&report));
    let report = run(&cases, &config(command, Mode::Batch, true));
    let wrong = report.summary().total.get(Status::WrongError);
    assert_eq!(
        wrong,
        cases
            .iter()
            .filter(|c| !c.vector.gan().unwrap().expected.valid && c.input.is_some())
            .count()
    );
    let first = report.failures().next().unwrap();
    assert!(
        first.detail.as_deref().unwrap().ends_with("got no error"),
        "{first:?}"
    );
}

#[test]
fn reference_adapter_passes_a_sample_in_per_case_mode_with_errors() {
    let cases = sample_cases();
    assert!((150..=260).contains(&cases.len()), "{}", cases.len());
    let report = run(
        &cases,
        &config(python_command(&gan_ref(), &[]), Mode::PerCase, true),
    );
    assert!(report.passed(), "{:#?}", failures(&report));
    // Inputs that are not UTF-8 run here, with their invalid-utf8 offsets.
    let utf8 = report
        .results
        .iter()
        .filter(|r| r.case.input.is_none())
        .count();
    assert!(utf8 >= 5, "{utf8}");
    assert_eq!(report.summary().total.get(Status::Pass), cases.len());
}

/// A batch adapter built on the reference one: `RULES` maps an input to a misbehaviour.
const MISBEHAVING: &str = r#"
import json, os, sys, time
sys.path.insert(0, @ADAPTERS@)
import gan_ref

RULES = json.loads(sys.argv[1])
out = sys.stdout.buffer
for line in iter(sys.stdin.buffer.readline, b""):
    request = json.loads(line)
    rule = RULES.get(request["input"])
    if rule == "exit":
        sys.stderr.write("adapter: giving up on %r\n" % request["input"])
        sys.exit(3)
    elif rule == "hang":
        time.sleep(600)
    elif rule == "wrong-id":
        out.write(b'{"id":"nope","valid":true}\n')
    elif rule == "garbage":
        out.write(b"Traceback (most recent call last):\n")
    elif rule == "no-valid":
        out.write(('{"id":%s}\n' % json.dumps(request["id"])).encode())
    else:
        out.write(gan_ref.answer_request(line, True))
    out.flush()
sys.exit(int(os.environ.get("END_STATUS", "0")))
"#;

struct Script {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

/// Writes a Python script; `@ADAPTERS@` stands for the adapters' directory (a string literal).
fn script(text: &str) -> Script {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("adapter.py");
    let adapters = serde_json::to_string(gan_ref().parent().unwrap().to_str().unwrap()).unwrap();
    std::fs::write(&path, text.replace("@ADAPTERS@", &adapters)).unwrap();
    Script { _dir: dir, path }
}

/// The snn-pin cases of the test corpus that batch mode sends, limited to `n`.
fn snn_pin(n: usize) -> Vec<Case> {
    all_cases()
        .into_iter()
        .filter(|c| c.section == Dialect::SnnPin.as_str() && c.input.is_some())
        .take(n)
        .collect()
}

/// Runs `MISBEHAVING` in batch mode over `cases` with `rules` (input → misbehaviour).
fn misbehave(cases: &[Case], rules: &[(&str, &str)], timeout: Duration) -> check::Report {
    let script = script(MISBEHAVING);
    let rules: serde_json::Map<String, serde_json::Value> = rules
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).into()))
        .collect();
    let command = python_command(
        &script.path,
        &[&serde_json::Value::Object(rules).to_string()],
    );
    let mut config = config(command, Mode::Batch, true);
    config.timeout = timeout;
    run(cases, &config)
}

/// The input of the case with index `at`, and the results by status.
fn input(cases: &[Case], at: usize) -> &str {
    cases[at].input.as_deref().unwrap()
}

#[track_caller]
fn assert_only(report: &check::Report, cases: &[Case], expected: &[(usize, Status)]) {
    assert_eq!(report.results.len(), cases.len());
    for (index, result) in report.results.iter().enumerate() {
        let want = expected
            .iter()
            .find(|(at, _)| *at == index)
            .map_or(Status::Pass, |e| e.1);
        assert_eq!(
            result.status, want,
            "case {index} {:?}: {:?}",
            result.case.id, result.detail
        );
    }
}

#[test]
fn a_crash_costs_the_oldest_vector_and_the_others_are_sent_again() {
    let cases = snn_pin(600);
    // Crash twice, far apart, with many requests in flight each time.
    let rules = [(input(&cases, 10), "exit"), (input(&cases, 400), "exit")];
    let report = misbehave(&cases, &rules, Duration::from_secs(60));
    assert_only(
        &report,
        &cases,
        &[(10, Status::Crash), (400, Status::Crash)],
    );
    let detail = report.results[10].detail.clone().unwrap();
    assert!(
        detail.starts_with("the command exited (exit status: 3) before replying"),
        "{detail}"
    );
    assert!(detail.contains("stderr: adapter: giving up on"), "{detail}");
}

#[test]
fn a_reply_for_another_id_or_an_unparsable_line_is_a_crash() {
    let cases = snn_pin(300);
    let rules = [
        (input(&cases, 5), "wrong-id"),
        (input(&cases, 200), "garbage"),
    ];
    let report = misbehave(&cases, &rules, Duration::from_secs(60));
    assert_only(&report, &cases, &[(5, Status::Crash), (200, Status::Crash)]);
    let wrong_id = report.results[5].detail.clone().unwrap();
    assert!(
        wrong_id.starts_with("reply for another id: expected \"snn-pin/"),
        "{wrong_id}"
    );
    let garbage = report.results[200].detail.clone().unwrap();
    assert!(garbage.starts_with("unparsable reply line"), "{garbage}");
}

#[test]
fn a_reply_without_a_verdict_is_a_crash_of_that_vector_alone() {
    let cases = snn_pin(50);
    let report = misbehave(
        &cases,
        &[(input(&cases, 7), "no-valid")],
        Duration::from_secs(60),
    );
    assert_only(&report, &cases, &[(7, Status::Crash)]);
    let detail = report.results[7].detail.clone().unwrap();
    assert!(
        detail.starts_with("reply without a boolean \"valid\""),
        "{detail}"
    );
}

#[test]
fn a_hang_times_out_the_oldest_vector_and_the_run_goes_on() {
    let cases = snn_pin(40);
    // The timeout must fire for the hang; 10 s is far above the time any reply takes.
    let report = misbehave(
        &cases,
        &[(input(&cases, 20), "hang")],
        Duration::from_secs(10),
    );
    assert_only(&report, &cases, &[(20, Status::Timeout)]);
    assert_eq!(
        report.results[20].detail.as_deref(),
        Some("no reply within 10 s")
    );
}

#[test]
fn a_bad_exit_status_at_the_end_is_a_note() {
    let cases = snn_pin(20);
    let script = script(&MISBEHAVING.replace("os.environ.get(\"END_STATUS\", \"0\")", "\"5\""));
    let report = run(
        &cases,
        &config(python_command(&script.path, &["{}"]), Mode::Batch, true),
    );
    assert!(report.passed());
    assert_eq!(
        report.notes,
        ["the command exited with exit status: 5 after its input was closed (the protocol asks for 0)"]
    );
}

#[test]
fn three_silent_starts_end_the_run_with_every_other_vector_a_crash() {
    let cases = snn_pin(30);
    let dead = script("import sys\nsys.stderr.write('no luck\\n')\nsys.exit(1)\n");
    let report = run(
        &cases,
        &config(python_command(&dead.path, &[]), Mode::Batch, false),
    );
    assert_eq!(report.results.len(), cases.len());
    assert!(report.results.iter().all(|r| r.status == Status::Crash));
    for result in &report.results[..MAX_SILENT_STARTS] {
        let detail = result.detail.as_deref().unwrap();
        assert!(
            detail.starts_with(
                "the command exited (exit status: 1) before replying; stderr: no luck"
            ),
            "{detail}"
        );
    }
    assert_eq!(
        report.results[MAX_SILENT_STARTS].detail.as_deref(),
        Some("not run: 3 consecutive starts of the command answered nothing")
    );
}

#[test]
fn a_command_that_cannot_start_is_an_error_in_both_modes() {
    let cases = snn_pin(3);
    for mode in [Mode::Batch, Mode::PerCase] {
        let command = Command::new("/nonexistent/adapter", []);
        let error = check::run(&cases, &config(command, mode, false)).unwrap_err();
        assert!(matches!(error, CheckError::CannotStart { .. }), "{error:?}");
        assert!(
            error
                .to_string()
                .starts_with("cannot start /nonexistent/adapter: "),
            "{error}"
        );
    }
}

#[test]
fn resolve_finds_a_bare_name_in_path_once() {
    let command = Command::resolve("sh".as_ref(), []).unwrap();
    assert!(command.program().is_absolute(), "{:?}", command.program());
    let error = Command::resolve("no-such-adapter-anywhere".as_ref(), []).unwrap_err();
    assert_eq!(
        error.to_string(),
        "'no-such-adapter-anywhere' not found in PATH"
    );
    let relative = Command::resolve("./x/adapter".as_ref(), []).unwrap();
    assert_eq!(relative.program(), Path::new("./x/adapter"));
}

/// A per-case adapter built on the reference one, misbehaving on some inputs.
const PER_CASE: &str = r#"
import os, sys, time
sys.path.insert(0, @ADAPTERS@)
import gan_ref

data = sys.stdin.buffer.read()
assert os.environ["GAN_CHECK_ID"].startswith(os.environ["GAN_CHECK_DIALECT"] + "/")
if data == b"C:K":
    sys.exit(3)
if data == b"c:+k":
    print("not json")
    sys.exit(0)
if data == b"C:-K":
    time.sleep(600)
if data == b"C:":
    print("not json either")
    sys.exit(1)
dialect = gan_ref.DIALECTS[os.environ["GAN_CHECK_DIALECT"]]
actor = gan_ref.parse(dialect, data)
if actor is not None:
    print(gan_ref.actor_json(actor))
    sys.exit(0)
print('{"error":%s}' % gan_ref.error_json(*gan_ref.error_of(dialect, data)))
sys.exit(1)
"#;

#[test]
fn per_case_mode_judges_exit_statuses_and_output() {
    let inputs = ["C:K", "c:+k", "C:-K", "C:", "CHESS:k", "s:-r"];
    let cases: Vec<Case> = all_cases()
        .into_iter()
        .filter(|c| {
            c.section == Dialect::SnnPin.as_str()
                && inputs.contains(&c.input.as_deref().unwrap_or(""))
        })
        .collect();
    assert_eq!(cases.len(), inputs.len());
    let script = script(PER_CASE);
    let mut config = config(python_command(&script.path, &[]), Mode::PerCase, true);
    config.timeout = Duration::from_secs(10);
    let report = run(&cases, &config);
    let by_input = |input: &str| {
        report
            .results
            .iter()
            .find(|r| r.case.input.as_deref() == Some(input))
            .unwrap()
    };
    assert_eq!(by_input("C:K").status, Status::Crash);
    assert!(by_input("C:K")
        .detail
        .as_deref()
        .unwrap()
        .starts_with("exit status: 3"));
    assert_eq!(by_input("c:+k").status, Status::Crash);
    assert_eq!(
        by_input("c:+k").detail.as_deref(),
        Some("exit status 0 with output that is not one JSON object: \"not json\"")
    );
    assert_eq!(by_input("C:-K").status, Status::Timeout);
    assert_eq!(
        by_input("C:-K").detail.as_deref(),
        Some("no answer within 10 s (killed)")
    );
    assert_eq!(by_input("C:").status, Status::WrongError);
    assert_eq!(
        by_input("C:").detail.as_deref(),
        Some("expected unexpected-end at 2, got a malformed error \"not json either\" (needs a string \"code\" and an integer \"offset\")")
    );
    assert_eq!(by_input("CHESS:k").status, Status::Pass);
    assert_eq!(by_input("s:-r").status, Status::Pass);
}

#[test]
fn max_failures_stops_the_run() {
    let cases = snn_pin(300);
    let everything_valid = script(
        "import json, sys\nfor line in sys.stdin:\n    r = json.loads(line)\n    \
         print(json.dumps({'id': r['id'], 'valid': True}), flush=True)\n",
    );
    let mut config = config(
        python_command(&everything_valid.path, &[]),
        Mode::Batch,
        false,
    );
    config.max_failures = Some(3);
    let report = run(&cases, &config);
    assert_eq!(report.summary().total.failures(), 3);
    assert!(report.stopped_early);
    assert!(report.results.len() < cases.len());
    config.mode = Mode::PerCase;
    let report = run(&cases, &config);
    assert!(report.summary().total.failures() >= 3);
    assert!(report.stopped_early);
}

/// A batch adapter that accepts a valid identifier followed by a newline (the `$` bug).
const SLOPPY: &str = r#"
import json, sys
sys.path.insert(0, @ADAPTERS@)
import gan_ref

for line in iter(sys.stdin.buffer.readline, b""):
    request = json.loads(line)
    data = request["input"].encode()
    if data.endswith(b"\n") and gan_ref.parse(gan_ref.DIALECTS[request["dialect"]], data[:-1]):
        line = json.dumps(dict(request, input=request["input"][:-1])).encode()
    sys.stdout.buffer.write(gan_ref.answer_request(line, True))
    sys.stdout.flush()
"#;

#[test]
fn the_skip_file_is_a_ratchet() {
    let sloppy = script(SLOPPY);
    let config = config(python_command(&sloppy.path, &[]), Mode::Batch, true);
    let snn_pin = Selection {
        dialects: vec![Dialect::SnnPin],
        ..Selection::default()
    };
    let report = run(&check::plan(corpus(), &snn_pin).unwrap(), &config);
    let failing: Vec<&str> = report.failures().map(|r| r.case.id.as_str()).collect();
    assert!(failing.len() >= 5, "{failing:?}");
    assert!(report
        .failures()
        .all(|r| r.status == Status::Fail && r.case.input.as_deref().unwrap().ends_with('\n')));

    // List the failures of the suffix group, and one vector that passes.
    let suffix: Vec<&str> = failing
        .iter()
        .copied()
        .filter(|id| id.starts_with("snn-pin/invalid/suffix/"))
        .collect();
    let passing = &report
        .results
        .iter()
        .find(|r| r.status == Status::Pass)
        .unwrap()
        .case
        .id;
    let mut text = format!("{passing}  # wrongly listed: it passes\n");
    for id in &suffix {
        text += id;
        text += "  # the $ bug\n";
    }
    let selection = Selection {
        skip: Some(SkipFile::parse(&text).unwrap()),
        ..snn_pin.clone()
    };
    let report = run(&check::plan(corpus(), &selection).unwrap(), &config);
    for result in &report.results {
        let id = result.case.id.as_str();
        let want = if result.case.input.is_none() {
            (Status::Skipped, Status::Skipped) // not UTF-8: not sent in batch mode
        } else if id == passing {
            (Status::UnexpectedPass, Status::Pass)
        } else if suffix.contains(&id) {
            (Status::Skipped, Status::Fail)
        } else if failing.contains(&id) {
            (Status::Fail, Status::Fail)
        } else {
            (Status::Pass, Status::Pass)
        };
        assert_eq!((result.status, result.actual), want, "{id}");
    }
    assert_eq!(report.failures().count(), failing.len() - suffix.len() + 1);

    // A skip file written from this run lists every failure, listed or not, and no pass;
    // with it, the run passes.
    let written = SkipFile::parse(&check::render_skip_file(&report.results)).unwrap();
    let listed: Vec<&str> = written
        .entries()
        .iter()
        .map(|e| e.pattern().as_str())
        .collect();
    assert_eq!(listed, failing);
    let selection = Selection {
        skip: Some(written),
        ..snn_pin
    };
    let report = run(&check::plan(corpus(), &selection).unwrap(), &config);
    assert!(report.passed(), "{:#?}", failures(&report));
}

#[test]
fn a_skip_pattern_that_matches_nothing_is_an_error() {
    let skip = SkipFile::parse("snn-pin/*\n\nno/such/vector  # gone\nqpi/nothing*\n").unwrap();
    let selection = Selection {
        dialects: vec![],
        filters: vec![],
        skip: Some(skip),
    };
    let error = check::plan(corpus(), &selection).unwrap_err();
    assert_eq!(
        error,
        PlanError::UnmatchedSkipPatterns(vec![
            (3, "no/such/vector".to_owned()),
            (4, "qpi/nothing*".to_owned())
        ])
    );
}

#[test]
fn skip_patterns_are_matched_against_the_whole_corpus_not_the_selection() {
    let skip = SkipFile::parse("legacy/*\n").unwrap();
    let selection = Selection {
        dialects: vec![Dialect::Qpi],
        filters: vec![check::Glob::new("qpi/valid/*")],
        skip: Some(skip),
    };
    let cases = check::plan(corpus(), &selection).unwrap();
    assert!(!cases.is_empty());
    assert!(cases
        .iter()
        .all(|c| c.id.starts_with("qpi/valid/") && c.listed.is_none()));
}

#[cfg(unix)]
#[test]
fn a_timeout_kills_what_the_command_started_too() {
    // A wrapper that starts a long-running child and waits for it: the grandchild holds the
    // output pipe open, so only killing the whole process group ends the case.
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("grandchild.pid");
    let wrapper = dir.path().join("wrapper.sh");
    std::fs::write(
        &wrapper,
        format!("sleep 300 &\necho $! > '{}'\nwait\n", pid_file.display()),
    )
    .unwrap();
    let case: Vec<Case> = all_cases()
        .into_iter()
        .filter(|c| c.section == Dialect::SnnPin.as_str())
        .take(1)
        .collect();
    let mut config = config(
        check::Command::new("/bin/sh", [wrapper.into_os_string()]),
        Mode::PerCase,
        false,
    );
    config.timeout = Duration::from_secs(2);
    let started = std::time::Instant::now();
    let report = run(&case, &config);
    assert_eq!(report.results[0].status, Status::Timeout);
    assert!(
        started.elapsed() < Duration::from_secs(120),
        "the run waited for the grandchild"
    );
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    let proc_dir = std::path::PathBuf::from(format!("/proc/{}", pid.trim()));
    let gone = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(50));
        !proc_dir.exists()
    });
    assert!(gone, "the grandchild {} still runs", pid.trim());
}
