//! GGN replies `"unsupported": "<feature>"`: counted apart (never a pass, never a failure),
//! listed in the summary; claimed for a vector that does not need the feature, a failure.

use gan::check::{self, CaseResult, Mode, Report, Status};
use serde_json::{json, Value};

use crate::check_corpus::{config, python_command, run};
use crate::check_suites::{adapter, ggn_cases};

/// The features each vector of the committed corpus needs, read from its files (not from
/// the code under test): a squares list, strict, another dialect than snn-pin (evaluation
/// vectors: only the dialect).
fn needs() -> Vec<(String, Vec<&'static str>)> {
    let mut out = Vec::new();
    for name in ["validation", "evaluation"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("conformance/ggn/{name}.json"));
        let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for v in file["vectors"].as_array().unwrap() {
            // The newest edition's vectors run only when their dialect is named (below).
            if v.get("edition").is_some() {
                continue;
            }
            let mut needs = Vec::new();
            if v.get("squares").is_some_and(|s| !s.is_null()) {
                needs.push("squares");
            }
            if v.get("strict") == Some(&Value::Bool(true)) {
                needs.push("strict");
            }
            if v["dialect"] != "snn-pin" {
                needs.push("dialect");
            }
            out.push((v["id"].as_str().unwrap().to_owned(), needs));
        }
    }
    out
}

fn without(features: &[&str]) -> Report {
    let mut args = Vec::new();
    for feature in features {
        args.extend(["--without", feature]);
    }
    let command = python_command(&adapter("ggn_ref.py"), &args);
    run(&ggn_cases(), &config(command, Mode::Batch, true))
}

#[test]
fn an_adapter_without_features_fails_nothing_and_reports_them_apart() {
    let needs = needs();
    let report = without(&["squares", "strict", "dialect"]);
    assert!(report.passed(), "{:?}", report.failures().next());
    let unsupported = report.summary().total.get(Status::Unsupported);
    let needing = needs.iter().filter(|(_, n)| !n.is_empty()).count();
    assert_eq!(unsupported, needing);
    assert!(needing >= 5, "{needing}");
    // The adapter names the first feature it lacks, in the order squares, strict, dialect.
    let features = report.unsupported_features();
    let squares = needs.iter().filter(|(_, n)| n.contains(&"squares")).count();
    assert!(
        features.contains(&("squares".to_owned(), squares)),
        "{features:?}"
    );
    assert_eq!(features.iter().map(|(_, n)| n).sum::<usize>(), unsupported);
    // Never counted as passes.
    let total = report.summary().total;
    assert_eq!(total.get(Status::Pass) + unsupported, total.total());

    let mut text = Vec::new();
    check::report::text(&report, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("unsupported"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("result: PASS (")
            && last.contains(&format!("{unsupported} unsupported: ")),
        "{last}"
    );
    let mut json = Vec::new();
    check::report::json(&report, &mut json).unwrap();
    let summary: Value =
        serde_json::from_slice(json.split(|b| *b == b'\n').rev().nth(1).unwrap()).unwrap();
    assert_eq!(summary["summary"]["counts"]["unsupported"], unsupported);
    assert_eq!(
        summary["summary"]["unsupported_features"]["squares"],
        squares
    );
    crate::check_reports::valid_json_lines(&String::from_utf8(json).unwrap());
}

#[test]
fn unsupported_for_a_vector_that_does_not_need_it_fails() {
    let cases = ggn_cases();
    let plain = cases
        .iter()
        .find(|c| c.id.starts_with("ggn/valid/"))
        .unwrap()
        .clone();
    let reply = |value: Value| match value {
        Value::Object(map) => check::Answer::Object(map),
        _ => unreachable!(),
    };
    let id = plain.id.clone();
    let result = CaseResult::judge(
        &plain,
        reply(json!({"id": id, "unsupported": "squares"})),
        true,
    );
    assert_eq!(result.status, Status::Fail);
    assert!(
        result
            .detail
            .as_deref()
            .unwrap()
            .contains("does not need it"),
        "{:?}",
        result.detail
    );
    let result = CaseResult::judge(&plain, reply(json!({"id": id, "unsupported": 3})), true);
    assert_eq!(result.status, Status::Crash);
    // `null` is absent: the reply is judged as usual.
    let result = CaseResult::judge(
        &plain,
        reply(json!({"id": id, "unsupported": null, "valid": true, "errors": [], "warnings": []})),
        true,
    );
    assert_eq!(result.status, Status::Pass, "{:?}", result.detail);
}

/// The newest edition's vectors, validation and evaluation: run when `qpi-2026-01` is named,
/// each needing the feature `edition` (and not `dialect`: their dialect is the edition's own
/// QPI); the reference adapter, which evaluates the edition independently (G28–G31), passes
/// them all.
#[test]
fn the_newest_edition_runs_when_named_and_needs_the_feature_edition() {
    let newest: gan::Dialect = "qpi-2026-01".parse().unwrap();
    let selection = gan::check::Selection {
        dialects: vec![newest],
        ..gan::check::Selection::default()
    };
    let cases = check::plan(&gan::suite::ggn::embedded(), &selection).unwrap();
    let newest_in = |name: &str| {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("conformance/ggn/{name}.json"));
        let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        file["vectors"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["edition"] == "ggn-2025-10")
            .count()
    };
    // Validation vectors and evaluation vectors (`moves` requests with a position, G28–G31).
    let (validation, evaluation) = (newest_in("validation"), newest_in("evaluation"));
    let expected = validation + evaluation;
    assert_eq!(cases.len(), expected);
    assert!(
        validation >= 40 && evaluation >= 20,
        "{validation}, {evaluation}"
    );
    let moves = cases
        .iter()
        .filter(|c| c.id.starts_with("ggn/moves/"))
        .count();
    assert_eq!(moves, evaluation);
    let lacking = python_command(
        &adapter("ggn_ref.py"),
        &["--without", "edition", "--without", "dialect"],
    );
    let report = run(&cases, &config(lacking, Mode::Batch, true));
    assert!(report.passed());
    assert_eq!(report.summary().total.get(Status::Unsupported), expected);
    assert_eq!(
        report.unsupported_features(),
        [("edition".to_owned(), expected)]
    );
    let full = python_command(&adapter("ggn_ref.py"), &["--without", "dialect"]);
    let report = run(&cases, &config(full, Mode::Batch, true));
    assert!(report.passed(), "{:?}", report.failures().next());
    assert_eq!(report.summary().total.get(Status::Pass), expected);
}
