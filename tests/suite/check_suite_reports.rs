//! The reports of the GGN and migrate suites, where they differ from the GAN suite's: the
//! section (set, conversion), what a failure shows (document, board, query; conversion,
//! options), the request and the reply in the JSON report. Snapshotted on hand-made runs that
//! hold every result kind of the suite, and checked against the report's schema.

use std::time::Duration;

use gan::check::report::{self, Report};
use gan::check::{Answer, Case, CaseResult, Listing, Mode, Status, Suite, Vector};
use serde_json::{json, Value};

use crate::check_reports::valid_json_lines;
use crate::check_suites::{case, ggn_cases, migrate_cases, object};

fn listed(mut case: Case) -> Case {
    case.listed = Some(Listing {
        line: 3,
        reason: Some("known".to_owned()),
    });
    case
}

/// `reply` with the case's id.
fn reply(case: &Case, mut reply: Value) -> Answer {
    reply["id"] = json!(case.id);
    object(reply)
}

fn report(suite: Suite, check_errors: bool, answers: Vec<(Case, Answer)>) -> Report {
    let results: Vec<CaseResult> = answers
        .into_iter()
        .map(|(case, answer)| CaseResult::judge(&case, answer, check_errors))
        .collect();
    Report {
        suite,
        mode: Mode::Batch,
        check_errors,
        check_hints: false,
        check_canonical: false,
        selected: results.len(),
        results,
        stopped_early: false,
        notes: Vec::new(),
        elapsed: Duration::from_secs(1),
        run: None,
    }
}

/// The moves an evaluation vector expects, in `order`, as a reply.
fn moves(case: &Case, order: &[usize]) -> Answer {
    let Vector::GgnEvaluation(vector) = &case.vector else {
        panic!("{} is no evaluation vector", case.id)
    };
    let moves: Vec<Value> = order
        .iter()
        .map(|&i| serde_json::to_value(&vector.moves[i]).unwrap())
        .collect();
    reply(case, json!({"valid": true, "moves": moves}))
}

/// One GGN result of every kind the suite gives, judged with `--check-errors`.
fn ggn_report() -> Report {
    let cases = ggn_cases();
    let get = |id: &str| case(&cases, id);
    let e1 = get("ggn/valid/spec/e1");
    let g9 = get("ggn/invalid/g9/piece");
    let e8 = get("ggn/invalid/spec/e8");
    let warned = get("ggn/valid/g10/require-source-empty");
    let e5 = get("ggn/moves/spec/e5");
    let query = get("ggn/moves/query/from");
    let variants = get("ggn/moves/variants/enemy-destination");
    let utf8 = cases.iter().find(|c| c.input.is_none()).unwrap().clone();
    let prevent = listed(get("ggn/moves/prevent-or/neither"));
    let squares = listed(get("ggn/invalid/g6/unknown-require-square"));
    let squares_errors = match &squares.vector {
        Vector::GgnValidation(vector) => serde_json::to_value(&vector.errors).unwrap(),
        _ => unreachable!(),
    };
    report(
        Suite::Ggn,
        true,
        vec![
            (
                e1.clone(),
                reply(&e1, json!({"valid": true, "errors": [], "warnings": []})),
            ),
            (g9.clone(), reply(&g9, json!({"valid": true, "errors": []}))),
            (
                e8.clone(),
                reply(
                    &e8,
                    json!({"valid": false, "errors": [{"code": "unexpected-char", "pointer": "/CHESS:P/d5/e6/0/require/e5"}]}),
                ),
            ),
            (
                warned.clone(),
                reply(
                    &warned,
                    json!({"valid": true, "errors": [], "warnings": []}),
                ),
            ),
            (
                utf8.clone(),
                reply(
                    &utf8,
                    json!({"valid": false, "errors": [{"code": "invalid-utf8", "pointer": ""}]}),
                ),
            ),
            (e5.clone(), moves(&e5, &[1, 0])),
            (query.clone(), moves(&query, &[0])),
            (
                variants.clone(),
                reply(&variants, json!({"valid": true, "moves": "none"})),
            ),
            (
                get("ggn/moves/source/holds-the-piece"),
                Answer::Timeout("no reply within 10 s".to_owned()),
            ),
            (prevent.clone(), moves(&prevent, &[])),
            (
                squares.clone(),
                reply(&squares, json!({"valid": false, "errors": squares_errors})),
            ),
        ],
    )
}

/// One migrate result of every kind the suite gives.
fn migrate_report() -> Report {
    let cases = migrate_cases();
    let get = |id: &str| case(&cases, id);
    let pass = get("migrate/beta-snn-pin/m3/king-flag-lost");
    let output = get("migrate/beta-snn-pin/m3/king-flag-lost-second");
    let order = get("migrate/beta-snn-pin/m3/two-warnings");
    let code = get("migrate/snn-pin-qpi/m5/unknown-style");
    let verdict = get("migrate/legacy-snn-pin/m2/unknown-word");
    let dropped = get("migrate/pnn-snn-pin/m4/intermediate-dropped");
    let strict = get("migrate/beta-snn-pin/m7/strict-king-flag-lost");
    let known = listed(get("migrate/snn-pin-qpi/m5/diminished"));
    let fixed = listed(get("migrate/qpi-snn-pin/m5/diminished-back"));
    report(
        Suite::Migrate,
        false,
        vec![
            (
                pass.clone(),
                reply(
                    &pass,
                    json!({"output": "CHESS:K", "diagnostics": ["king-flag-lost"]}),
                ),
            ),
            (
                output.clone(),
                reply(&output, json!({"output": "xiangqi:-k", "diagnostics": []})),
            ),
            (
                order.clone(),
                reply(
                    &order,
                    json!({"output": "daidaishogi:k", "diagnostics": ["king-flag-lost", "underscore-removed"]}),
                ),
            ),
            (
                code.clone(),
                reply(
                    &code,
                    json!({"output": null, "diagnostics": [], "error": "unrepresentable"}),
                ),
            ),
            (
                verdict.clone(),
                reply(
                    &verdict,
                    json!({"output": "CHESS:DRAGON", "diagnostics": []}),
                ),
            ),
            (
                dropped.clone(),
                reply(
                    &dropped,
                    json!({"output": "SHOGI:P", "diagnostics": [], "error": "intermediate-dropped"}),
                ),
            ),
            (
                strict.clone(),
                Answer::Crash("the command exited (exit status: 1) before replying".to_owned()),
            ),
            (
                get("migrate/legacy-snn-pin/m1/invalid-utf8"),
                Answer::NotRun(gan::suite::migrate::protocol::NOT_UTF8.to_owned()),
            ),
            (
                known.clone(),
                reply(&known, json!({"output": "C:+P", "diagnostics": []})),
            ),
            (
                fixed.clone(),
                reply(&fixed, json!({"output": "chess:-p", "diagnostics": []})),
            ),
        ],
    )
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
fn every_result_kind_of_the_new_suites() {
    use Status::{Crash, Fail, Pass, Skipped, Timeout, UnexpectedPass, WrongError};
    let statuses =
        |report: &Report| -> Vec<Status> { report.results.iter().map(|r| r.status).collect() };
    assert_eq!(
        statuses(&ggn_report()),
        [
            Pass,
            Fail,
            WrongError,
            WrongError,
            Pass,
            Fail,
            Fail,
            Crash,
            Timeout,
            Skipped,
            UnexpectedPass
        ]
    );
    assert_eq!(
        statuses(&migrate_report()),
        [
            Pass,
            Fail,
            WrongError,
            WrongError,
            Fail,
            Crash,
            Crash,
            Skipped,
            Skipped,
            UnexpectedPass
        ]
    );
}

#[test]
fn ggn_text_report() {
    insta::assert_snapshot!(render(report::text, &ggn_report()));
}

#[test]
fn ggn_json_report() {
    let json = render(report::json, &ggn_report());
    valid_json_lines(&json);
    insta::assert_snapshot!(json);
}

#[test]
fn ggn_junit_report() {
    insta::assert_snapshot!(render(report::junit, &ggn_report()));
}

#[test]
fn migrate_text_report() {
    insta::assert_snapshot!(render(report::text, &migrate_report()));
}

#[test]
fn migrate_json_report() {
    let json = render(report::json, &migrate_report());
    valid_json_lines(&json);
    insta::assert_snapshot!(json);
}

#[test]
fn migrate_junit_report() {
    insta::assert_snapshot!(render(report::junit, &migrate_report()));
}

#[test]
fn the_schema_tells_the_suites_apart() {
    let ggn = valid_json_lines(&render(report::json, &ggn_report()));
    let migrate = valid_json_lines(&render(report::json, &migrate_report()));
    let schema = {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/conformance/schema/check-report.schema.json"
        );
        let text = std::fs::read_to_string(path).unwrap();
        jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
    };
    // A GGN line with the migrate suite's section, a summary whose list does not fit its suite.
    let mut line = ggn[0].clone();
    let set = line.as_object_mut().unwrap().remove("set").unwrap();
    line["conversion"] = set;
    assert!(!schema.is_valid(&line), "{line}");
    let mut summary = migrate.last().unwrap().clone();
    summary["summary"]["suite"] = json!("ggn");
    assert!(!schema.is_valid(&summary), "{summary}");
    assert_eq!(ggn.last().unwrap()["summary"]["sets"][0]["set"], "valid");
    assert_eq!(
        migrate.last().unwrap()["summary"]["conversions"][0]["conversion"],
        "beta-snn-pin"
    );
}
