//! The three report formats of `gan check`, snapshotted on a hand-made report that holds
//! every result kind, and the JSON report checked against its schema.

use std::time::Duration;

use gan::check::report::{self, Report};
use gan::check::{Answer, Case, CaseResult, Listing, Mode, Reply, Status, Suite, Vector};
use gan::oracle::Expectation;
use gan::suite::gan::format::ExpectedError;
use gan::suite::gan::{Expected, GanVector, NOT_UTF8};
use gan::suite::{DialectSet, Item};
use gan::Dialect;
use serde_json::{json, Value};

/// A case whose expectation comes from the oracle.
fn case(dialect: Dialect, group: &str, input: &[u8], listed: bool) -> Case {
    let (valid, actor, error) = match crate::util::oracle(dialect).expect(input) {
        Expectation::Valid(actor) => (true, Some(actor), None),
        Expectation::Invalid { code, offset, hint } => (
            false,
            None,
            Some(ExpectedError::new(code, offset, hint.as_deref())),
        ),
    };
    let verdict = if valid { "valid" } else { "invalid" };
    Case {
        item: Item {
            id: format!("{dialect}/{verdict}/{group}/{}", gan::output::hex(input)),
            section: dialect.as_str().to_owned(),
            group: group.to_owned(),
            input: String::from_utf8(input.to_vec()).ok(),
            bytes: input.to_vec(),
            dialects: DialectSet::of(&[dialect]),
            vector: Vector::Gan(GanVector {
                dialect,
                expected: Expected {
                    valid,
                    canonical: input_canonical(valid, input),
                    actor,
                    error,
                },
            }),
        },
        listed: listed.then(|| Listing {
            line: 2,
            reason: Some("known".to_owned()),
        }),
    }
}

fn verdict(valid: bool, actor: Option<Value>, error: Option<Value>) -> Answer {
    let actor = actor.map(|actor| match actor {
        Value::Object(map) => map,
        _ => unreachable!(),
    });
    Answer::Verdict(Reply {
        valid,
        actor,
        error,
        canonical: None,
    })
}

/// One result of every kind, in two dialects, judged with `--check-errors`.
fn sample_report() -> Report {
    use Dialect::{Beta, Qpi, SnnPin};
    let cases_and_answers = vec![
        (
            case(SnnPin, "basic", b"C:K", false),
            verdict(
                true,
                Some(json!({"style": "C", "type": "K", "side": "first"})),
                None,
            ),
        ),
        (
            case(SnnPin, "newline", b"C:K\n", false),
            verdict(true, None, None),
        ),
        (
            case(SnnPin, "lookalike", "C:\u{212A}".as_bytes(), false),
            verdict(true, None, None),
        ),
        (
            case(SnnPin, "basic", b"c:-p", false),
            verdict(
                true,
                Some(
                    json!({"style": "c", "side": "second", "state": "enhanced", "promoted": false}),
                ),
                None,
            ),
        ),
        (
            case(SnnPin, "case", b"CHESS:k", false),
            verdict(
                false,
                None,
                Some(json!({"code": "case-mismatch", "offset": 5})),
            ),
        ),
        (
            case(SnnPin, "separator", b"CHESS", false),
            Answer::Crash(
                "the command exited (exit status: 1) before replying; stderr: KeyError: 'x'"
                    .to_owned(),
            ),
        ),
        (
            case(Qpi, "basic", b"C:K", false),
            Answer::Timeout("no reply within 10 s".to_owned()),
        ),
        (
            case(Qpi, "utf8", b"C:\xff", false),
            Answer::NotRun(NOT_UTF8.to_owned()),
        ),
        (
            case(Qpi, "errata", b"CHESS:K", true),
            verdict(true, None, None),
        ),
        (
            case(Qpi, "basic", b"c:k", true),
            verdict(true, Some(json!({"side": "second"})), None),
        ),
        (
            case(Qpi, "case", b"c:K", false),
            verdict(false, None, Some(json!("oops <&>"))),
        ),
        (
            case(Beta, "basic", b"DAI_DAI_SHOGI:+-PH", false),
            verdict(true, None, None),
        ),
        (
            case(Beta, "control", b"C:K\0\x1b", false),
            verdict(
                false,
                None,
                Some(json!({"code": "unexpected-char", "offset": 3})),
            ),
        ),
    ];
    let results: Vec<CaseResult> = cases_and_answers
        .into_iter()
        .map(|(case, answer)| CaseResult::judge(&case, answer, true))
        .collect();
    Report {
        suite: Suite::Gan,
        mode: Mode::Batch,
        check_errors: true,
        check_hints: false,
        check_canonical: false,
        selected: results.len(),
        results,
        stopped_early: false,
        notes: vec![
            "the command exited with exit status: 1 after its input was closed (the protocol \
             asks for 0)"
                .to_owned(),
        ],
        elapsed: Duration::from_secs(1),
        run: None,
    }
}

fn render(
    write: fn(&Report, &mut dyn std::io::Write) -> std::io::Result<()>,
    report: &Report,
) -> String {
    let mut out = Vec::new();
    write(report, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn every_result_kind_is_judged_as_documented() {
    let statuses: Vec<Status> = sample_report().results.iter().map(|r| r.status).collect();
    assert_eq!(
        statuses,
        [
            Status::Pass,
            Status::Fail,
            Status::Fail,
            Status::WrongActor,
            Status::WrongError,
            Status::Crash,
            Status::Timeout,
            Status::Skipped,
            Status::Skipped,
            Status::UnexpectedPass,
            Status::WrongError,
            Status::Pass,
            Status::Pass,
        ]
    );
}

#[test]
fn text_report() {
    insta::assert_snapshot!(render(report::text, &sample_report()));
}

#[test]
fn json_report() {
    insta::assert_snapshot!(render(report::json, &sample_report()));
}

#[test]
fn junit_report() {
    insta::assert_snapshot!(render(report::junit, &sample_report()));
}

#[test]
fn a_run_stopped_early_says_so_in_every_format() {
    let mut report = sample_report();
    report.selected += 7;
    report.stopped_early = true;
    report.notes.clear();
    let text = render(report::text, &report);
    assert!(
        text.contains("stopped at the failure limit (--max-failures): 7 of 20 vectors not run\n"),
        "{text}"
    );
    let json = render(report::json, &report);
    let summary: Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(summary["summary"]["stopped_early"], true);
    assert_eq!(summary["summary"]["run"], 13);
    assert_eq!(summary["summary"]["selected"], 20);
    let junit = render(report::junit, &report);
    assert!(junit.contains("<!-- stopped at the failure limit: 7 of 20 vectors not run -->"));
}

#[test]
fn a_passing_report_ends_with_pass() {
    let mut report = sample_report();
    report.results.retain(|r| !r.status.is_failure());
    report.selected = report.results.len();
    assert!(report.passed());
    let text = render(report::text, &report);
    assert!(
        text.ends_with("\nresult: PASS (3 passed, 2 skipped)\n"),
        "{text}"
    );
    assert!(!text.contains("failures ("));
}

/// The validator of `conformance/schema/check-report.schema.json`.
pub fn schema() -> jsonschema::Validator {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/schema/check-report.schema.json"
    );
    let text = std::fs::read_to_string(path).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// Checks every line of a JSON report against the schema; returns the lines.
#[track_caller]
pub fn valid_json_lines(text: &str) -> Vec<Value> {
    let validator = schema();
    text.lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            if let Err(error) = validator.validate(&value) {
                panic!("{line}\ndoes not match the schema: {error}");
            }
            value
        })
        .collect()
}

#[test]
fn the_json_report_matches_its_schema() {
    let lines = valid_json_lines(&render(report::json, &sample_report()));
    assert_eq!(lines.len(), 14);
    assert!(lines.last().unwrap().get("summary").is_some());
    // The schema is not vacuous: a wrong result name or a missing member is rejected.
    let validator = schema();
    let mut wrong = lines[0].clone();
    wrong["result"] = json!("passed");
    assert!(!validator.is_valid(&wrong));
    let mut missing = lines[0].clone();
    missing.as_object_mut().unwrap().remove("got");
    assert!(!validator.is_valid(&missing));
}

#[test]
fn the_junit_report_is_well_formed_xml() {
    let junit = render(report::junit, &sample_report());
    let mut parser = std::process::Command::new(crate::check_corpus::python())
        .args([
            "-c",
            "import sys, xml.etree.ElementTree as E\n\
             root = E.parse(sys.stdin).getroot()\n\
             print(root.tag, len(root), sum(1 for _ in root.iter('testcase')))",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut parser.stdin.take().unwrap(), junit.as_bytes()).unwrap();
    let output = parser.wait_with_output().unwrap();
    assert!(output.status.success(), "{junit}");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "testsuites 3 13\n"
    );
}

#[test]
fn check_hints_is_in_the_heading_and_the_json_summary() {
    let report = Report {
        check_hints: true,
        ..sample_report()
    };
    let text = render(report::text, &report);
    let heading = text.lines().next().unwrap();
    insta::assert_snapshot!(heading, @"gan check: 13 vectors, batch mode, error codes, offsets and hints compared");
    let html = render(report::html, &report);
    assert!(
        html.contains("error codes, offsets and hints compared"),
        "{html}"
    );
    let lines = valid_json_lines(&render(report::json, &report));
    let summary = &lines.last().unwrap()["summary"];
    insta::assert_snapshot!(
        format!("check_errors={} check_hints={}", summary["check_errors"], summary["check_hints"]),
        @"check_errors=true check_hints=true"
    );
    // Without --check-hints: the words of before, and `false`.
    let plain = render(report::text, &sample_report());
    assert!(
        plain.starts_with("gan check: 13 vectors, batch mode, error codes and offsets compared\n")
    );
    let lines = valid_json_lines(&render(report::json, &sample_report()));
    assert_eq!(
        lines.last().unwrap()["summary"]["check_hints"],
        json!(false)
    );
}

/// What a valid vector expects as its canonical form: its input (D9).
fn input_canonical(valid: bool, input: &[u8]) -> Option<String> {
    String::from_utf8(input.to_vec()).ok().filter(|_| valid)
}
