//! `gan check --suite ggn` and `--suite migrate` as a library: the reference adapters pass
//! the committed corpora, each suite's answers earn the results PROTOCOL.md gives them, the
//! selection and the runner's recovery work as in the GAN suite, and the corpora are embedded.

use std::path::{Path, PathBuf};
use std::time::Duration;

use gan::check::{
    self, Answer, Case, CaseResult, CheckError, Mode, PlanError, Selection, SkipFile, Status,
    Suite, Vector,
};
use gan::corpus;
use gan::suite::ggn::format::GgnFiles;
use gan::Dialect;
use serde_json::{json, Value};
use Status::{Crash, Fail, Pass, WrongError};

use crate::check_corpus::{config, failures, gan_ref, python_command, run};

pub fn adapter(name: &str) -> PathBuf {
    gan_ref().parent().unwrap().join(name)
}

pub fn ggn_cases() -> Vec<Case> {
    check::plan(&gan::suite::ggn::embedded(), &Selection::default()).unwrap()
}

pub fn migrate_cases() -> Vec<Case> {
    check::plan(&gan::suite::migrate::embedded(), &Selection::default()).unwrap()
}

/// The case with this id.
#[track_caller]
pub fn case(cases: &[Case], id: &str) -> Case {
    cases
        .iter()
        .find(|case| case.id == id)
        .unwrap_or_else(|| panic!("no vector {id}"))
        .clone()
}

/// A reply object from JSON text.
#[track_caller]
pub fn object(value: Value) -> Answer {
    match value {
        Value::Object(map) => Answer::Object(map),
        other => panic!("not an object: {other}"),
    }
}

#[test]
fn the_ggn_reference_adapter_passes_every_vector_with_errors_compared() {
    let cases = ggn_cases();
    assert_eq!(cases.len(), 288);
    let command = python_command(&adapter("ggn_ref.py"), &[]);
    let report = run(&cases, &config(command, Mode::Batch, true));
    assert!(report.passed(), "{:#?}", failures(&report));
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    assert_eq!(report.suite, Suite::Ggn);
    assert_eq!(report.summary().total.get(Status::Pass), cases.len());
}

#[test]
fn the_migrate_reference_adapter_passes_every_vector_it_is_sent() {
    let cases = migrate_cases();
    let command = python_command(&adapter("migrate_ref.py"), &[]);
    let report = run(&cases, &config(command, Mode::Batch, false));
    assert!(report.passed(), "{:#?}", failures(&report));
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    let skipped: Vec<(&str, &Answer)> = report
        .results
        .iter()
        .filter(|r| r.status == Status::Skipped)
        .map(|r| (r.case.id.as_str(), &r.answer))
        .collect();
    let not_sent = Answer::NotRun(gan::suite::migrate::protocol::NOT_UTF8.to_owned());
    assert_eq!(
        skipped,
        [("migrate/legacy-snn-pin/m1/invalid-utf8", &not_sent)]
    );
    assert_eq!(report.summary().total.get(Status::Pass), cases.len() - 1);
}

#[test]
fn the_embedded_corpora_are_the_committed_and_generated_ones() {
    let conformance = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance");
    let ggn = gan::suite::ggn::embedded();
    assert_eq!(ggn, gan::suite::ggn::load_dir(&conformance).unwrap());
    assert_eq!(
        ggn,
        GgnFiles {
            validation: gan::suite::ggn::generate::validation_file(),
            evaluation: gan::suite::ggn::generate::evaluation_file(),
        }
    );
    let migrations = gan::suite::migrate::embedded();
    assert_eq!(
        migrations,
        gan::suite::migrate::load_dir(&conformance).unwrap()
    );
    assert_eq!(migrations, gan::suite::migrate::generate::migration_file());
    // `corpus_files::embedded_files_are_the_committed_ones` compares these bytes.
    let paths: Vec<&str> = corpus::embedded_text().iter().map(|(p, _)| *p).collect();
    for path in [
        "ggn/validation.json",
        "ggn/evaluation.json",
        "migrations.json",
    ] {
        assert!(paths.contains(&path), "{path} is not embedded: {paths:?}");
    }
}

#[test]
fn a_corpus_folder_that_is_not_one_is_an_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let error = gan::suite::ggn::load_dir(dir.path())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("ggn/validation.json: cannot read"),
        "{error}"
    );
    std::fs::create_dir(dir.path().join("ggn")).unwrap();
    let evaluation = corpus::embedded_text()
        .iter()
        .find(|(p, _)| *p == "ggn/evaluation.json")
        .unwrap()
        .1;
    // Each file where the other belongs.
    std::fs::write(dir.path().join("ggn/validation.json"), evaluation).unwrap();
    std::fs::write(dir.path().join("ggn/evaluation.json"), evaluation).unwrap();
    let error = gan::suite::ggn::load_dir(dir.path())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("ggn/validation.json: not a GGN validation file"),
        "{error}"
    );
    std::fs::write(dir.path().join("migrations.json"), r#"{"format": 2}"#).unwrap();
    let error = gan::suite::migrate::load_dir(dir.path())
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("migrations.json: not a migration vector file"),
        "{error}"
    );
}

/// Planning takes each suite's corpus by value and moves its vectors into their items: the
/// same items, in the same order, as the copying `items`; a vector of an unknown dialect is
/// the same error, before any item.
#[test]
fn every_suite_moves_the_same_items_it_would_copy() {
    use gan::suite::SuiteCorpus;
    fn same<C: SuiteCorpus + Clone + 'static>(corpus: C) -> usize {
        let copied = corpus.items().unwrap();
        let moved: Vec<_> = Box::new(corpus).into_items().unwrap().collect();
        assert_eq!(moved, copied);
        copied.len()
    }
    assert!(same(gan::suite::ggn::embedded()) > 0);
    assert!(same(gan::suite::migrate::embedded()) > 0);
    assert!(same(gan::suite::migrate_ggn::embedded()) > 0);
    assert!(same(gan::suite::gan::embedded()) > 0);

    let mut migrations = gan::suite::migrate::embedded();
    let last = migrations.vectors.len() - 1;
    migrations.vectors[last].to = "nope".to_owned();
    let copied = migrations.items().unwrap_err();
    let moved = Box::new(migrations).into_items().err().unwrap();
    assert_eq!((moved.dialect.as_str(), &moved), ("nope", &copied));
    let mut ggn = gan::suite::ggn::embedded();
    let last = ggn.evaluation.vectors.len() - 1;
    ggn.evaluation.vectors[last].dialect = "nope".to_owned();
    let copied = ggn.items().unwrap_err();
    let moved = Box::new(ggn).into_items().err().unwrap();
    assert_eq!((moved.dialect.as_str(), &moved), ("nope", &copied));
    let mut documents = gan::suite::migrate_ggn::embedded();
    documents.vectors[0].from = "nope".to_owned();
    let copied = documents.items().unwrap_err();
    let moved = Box::new(documents).into_items().err().unwrap();
    assert_eq!((moved.dialect.as_str(), &moved), ("nope", &copied));
}

#[test]
fn sections_and_groups_come_from_the_ids() {
    let ggn = ggn_cases();
    let e8 = case(&ggn, "ggn/invalid/spec/e8");
    assert_eq!(
        (e8.section.as_str(), e8.group.as_str()),
        ("invalid", "spec")
    );
    assert_eq!(e8.suite(), Suite::Ggn);
    assert!(matches!(e8.vector, Vector::GgnValidation(_)));
    let moves = case(&ggn, "ggn/moves/prevent-or/first");
    assert_eq!(
        (moves.section.as_str(), moves.group.as_str()),
        ("moves", "prevent-or")
    );
    let hex = ggn.iter().find(|c| c.input.is_none()).unwrap();
    assert!(hex.bytes.iter().any(|b| !b.is_ascii()), "{hex:?}");
    assert_eq!(hex.not_sent_in_batch(), None, "GGN sends document_hex");

    let migrate = migrate_cases();
    let lost = case(&migrate, "migrate/beta-snn-pin/m3/king-flag-lost");
    assert_eq!(
        (
            lost.section.as_str(),
            lost.group.as_str(),
            lost.input.as_deref()
        ),
        ("beta-snn-pin", "m3", Some("C:-K"))
    );
    let utf8 = case(&migrate, "migrate/legacy-snn-pin/m1/invalid-utf8");
    assert_eq!(utf8.bytes, b"CHESS\xff:K");
    assert_eq!(
        utf8.not_sent_in_batch(),
        Some(gan::suite::migrate::protocol::NOT_UTF8)
    );
}

#[test]
fn dialects_select_documents_and_conversions() {
    let pnn = Selection {
        dialects: vec![Dialect::Pnn],
        ..Selection::default()
    };
    let ggn = check::plan(&gan::suite::ggn::embedded(), &pnn).unwrap();
    assert!(!ggn.is_empty());
    for case in &ggn {
        let dialect = match &case.vector {
            Vector::GgnValidation(v) => &v.dialect,
            Vector::GgnEvaluation(v) => &v.dialect,
            other => panic!("{other:?}"),
        };
        assert_eq!(dialect, "pnn", "{}", case.id);
    }
    let qpi = Selection {
        dialects: vec![Dialect::Qpi],
        ..Selection::default()
    };
    let migrate = check::plan(&gan::suite::migrate::embedded(), &qpi).unwrap();
    let expected = migrate_cases()
        .into_iter()
        .filter(|c| match &c.vector {
            Vector::Migration(v) => v.from == "qpi" || v.to == "qpi",
            other => panic!("{other:?}"),
        })
        .count();
    assert_eq!(migrate.len(), expected);
    assert!(migrate.len() > 30, "{}", migrate.len());
}

#[test]
fn skip_patterns_must_match_a_vector_of_the_suite() {
    // A GAN id is no vector of the GGN suite.
    let skip = SkipFile::parse("ggn/moves/*\nsnn-pin/*  # other suite\n").unwrap();
    let selection = Selection {
        skip: Some(skip),
        ..Selection::default()
    };
    let error = check::plan(&gan::suite::ggn::embedded(), &selection).unwrap_err();
    assert_eq!(
        error,
        PlanError::UnmatchedSkipPatterns(vec![(2, "snn-pin/*".to_owned())])
    );
}

#[test]
fn per_case_mode_and_mixed_suites_are_refused() {
    let command = python_command(&adapter("ggn_ref.py"), &[]);
    let cases = ggn_cases();
    let error =
        check::run(&cases[..3], &config(command.clone(), Mode::PerCase, false)).unwrap_err();
    assert!(matches!(
        error,
        CheckError::ModeUnsupported {
            suite: Suite::Ggn,
            mode: Mode::PerCase
        }
    ));
    assert_eq!(
        error.to_string(),
        "the ggn suite has no per-case mode: its protocol is batch only"
    );
    let mut mixed = cases[..2].to_vec();
    mixed.extend(migrate_cases().into_iter().take(2));
    let error = check::run(&mixed, &config(command, Mode::Batch, false)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "cases of two suites (ggn and migrate) in one run: run each suite apart"
    );
}

/// The result and detail of `reply` to the vector `id` of `cases`.
#[track_caller]
fn judge(cases: &[Case], id: &str, reply: Value, check_errors: bool) -> (Status, String) {
    let case = case(cases, id);
    let mut reply = reply;
    reply["id"] = json!(id);
    let result = CaseResult::judge(&case, object(reply), check_errors);
    (result.status, result.detail.unwrap_or_default())
}

#[test]
fn migrate_replies_to_a_convertible_input_are_judged_as_documented() {
    let cases = migrate_cases();
    let lost = "migrate/beta-snn-pin/m3/king-flag-lost";
    let two = "migrate/beta-snn-pin/m3/two-warnings";
    let judge = |id, reply| judge(&cases, id, reply, false);
    let right = json!({"output": "CHESS:K", "diagnostics": ["king-flag-lost"]});
    assert_eq!(judge(lost, right), (Pass, String::new()));
    assert_eq!(
        judge(lost, json!({"output": "CHESS:-K", "diagnostics": []})),
        (Fail, r#"expected "CHESS:K", got "CHESS:-K""#.to_owned())
    );
    assert_eq!(
        judge(
            lost,
            json!({"output": "chess:k", "diagnostics": ["king-flag-lost"]})
        )
        .0,
        Fail,
        "the case of the output counts"
    );
    assert_eq!(
        judge(lost, json!({"output": "CHESS:K"})),
        (
            WrongError,
            "warnings: expected king-flag-lost, got none".to_owned()
        ),
        "an absent diagnostics member is no warning"
    );
    assert_eq!(
        judge(
            two,
            json!({"output": "daidaishogi:k", "diagnostics": ["king-flag-lost", "underscore-removed"]})
        ),
        (
            WrongError,
            "warnings: expected underscore-removed, king-flag-lost, got king-flag-lost, \
             underscore-removed"
                .to_owned()
        ),
        "the order counts"
    );
    assert_eq!(
        judge(
            lost,
            json!({"output": null, "diagnostics": [], "error": "unrepresentable"})
        ),
        (
            Fail,
            r#"expected "CHESS:K", got rejected (unrepresentable)"#.to_owned()
        )
    );
}

#[test]
fn migrate_replies_to_a_rejected_input_are_judged_as_documented() {
    let cases = migrate_cases();
    let unknown = "migrate/legacy-snn-pin/m2/unknown-word";
    let lost = "migrate/beta-snn-pin/m3/king-flag-lost";
    let judge = |id, reply| judge(&cases, id, reply, false);
    assert_eq!(
        judge(
            unknown,
            json!({"output": null, "error": "unknown-piece-name"})
        ),
        (Pass, String::new())
    );
    assert_eq!(
        judge(
            unknown,
            json!({"output": null, "diagnostics": ["king-flag-lost"], "error": "unknown-piece-name"})
        )
        .0,
        Pass,
        "the warnings of a rejected input are not compared"
    );
    assert_eq!(
        judge(unknown, json!({"output": null, "error": "unknown-style"})),
        (
            WrongError,
            "error: expected unknown-piece-name, got unknown-style".to_owned()
        )
    );
    assert_eq!(
        judge(unknown, json!({"output": null})),
        (
            WrongError,
            "error: expected unknown-piece-name, got no error code".to_owned()
        )
    );
    assert_eq!(
        judge(
            unknown,
            json!({"output": "CHESS:DRAGON", "diagnostics": []})
        ),
        (
            Fail,
            r#"expected rejected (unknown-piece-name), got "CHESS:DRAGON""#.to_owned()
        )
    );
    // The wrong shape is a crash of that vector.
    assert_eq!(
        judge(lost, json!({"diagnostics": []})),
        (
            Crash,
            "a reply without an \"output\" member (a string, or null)".to_owned()
        )
    );
    assert_eq!(
        judge(
            lost,
            json!({"output": "CHESS:K", "error": "king-flag-lost"})
        ),
        (
            Crash,
            r#"a reply with both an output ("CHESS:K") and an error (king-flag-lost)"#.to_owned()
        )
    );
    let (status, detail) = judge(lost, json!({"output": "CHESS:K", "diagnostics": "none"}));
    assert_eq!(status, Crash);
    assert!(
        detail.starts_with("not a migrate reply: invalid type"),
        "{detail}"
    );
}

#[test]
fn ggn_replies_earn_the_results_of_protocol_ggn() {
    let cases = ggn_cases();
    let e8 = "ggn/invalid/spec/e8";
    let warned = "ggn/valid/g10/require-source-empty";
    let judge = |id, reply, check_errors| judge(&cases, id, reply, check_errors);
    let right = json!({"valid": false, "errors": [{"code": "case-mismatch", "pointer": "/CHESS:P/d5/e6/0/require/e5"}]});
    assert_eq!(judge(e8, right, true), (Pass, String::new()));
    assert_eq!(
        judge(e8, json!({"valid": true}), false),
        (Fail, "expected invalid, got valid".to_owned())
    );
    let wrong = json!({"valid": false, "errors": [{"code": "case-mismatch", "pointer": ""}]});
    assert_eq!(judge(e8, wrong.clone(), false), (Pass, String::new()));
    assert_eq!(
        judge(e8, wrong, true),
        (
            WrongError,
            r#"errors: expected case-mismatch at /CHESS:P/d5/e6/0/require/e5, got case-mismatch at """#
                .to_owned()
        )
    );
    assert_eq!(
        judge(
            warned,
            json!({"valid": true, "errors": [], "warnings": []}),
            true
        ),
        (
            WrongError,
            "warnings: expected unsatisfiable at /CHESS:P/e2/e4/0/require/e2, got none".to_owned()
        )
    );
    assert_eq!(
        judge(warned, json!({"valid": true, "errors": []}), true).0,
        Pass,
        "warnings are compared when reported"
    );
    assert_eq!(
        judge(e8, json!({"errors": []}), false),
        (Crash, "no \"valid\" member".to_owned())
    );
    let (status, detail) = judge(e8, json!({"valid": false, "errors": "many"}), true);
    assert_eq!(status, Crash);
    assert!(
        detail.starts_with("not a GGN reply: invalid type"),
        "{detail}"
    );

    let e5 = "ggn/moves/spec/e5";
    let moves = |order: &[usize]| -> Value {
        let Vector::GgnEvaluation(vector) = case(&cases, e5).item.vector else {
            unreachable!()
        };
        let moves: Vec<Value> = order
            .iter()
            .map(|&i| serde_json::to_value(&vector.moves[i]).unwrap())
            .collect();
        json!({"valid": true, "moves": moves})
    };
    assert_eq!(judge(e5, moves(&[0, 1]), false), (Pass, String::new()));
    assert_eq!(
        judge(e5, moves(&[1, 0]), false),
        (
            Fail,
            "move 1: expected SHOGI:P 1g-1f/0, got SHOGI:P 1g-1f/1".to_owned()
        )
    );
    assert_eq!(
        judge(e5, moves(&[0]), false),
        (
            Fail,
            "1 move(s) missing after the first 1: SHOGI:P 1g-1f/1".to_owned()
        )
    );
    assert_eq!(
        judge(e5, json!({"valid": true}), false),
        (Crash, "no \"moves\" member".to_owned())
    );
}

/// A migrate adapter built on the reference one that, for the inputs `RULES` names, exits or
/// answers with the wrong shape.
const MISBEHAVING: &str = r#"
import json, sys
sys.path.insert(0, @ADAPTERS@)
import migrate_ref

RULES = json.loads(sys.argv[1])
out = sys.stdout.buffer
for line in iter(sys.stdin.buffer.readline, b""):
    request = json.loads(line)
    rule = RULES.get(request["input"])
    if rule == "exit":
        sys.stderr.write("adapter: giving up on %r\n" % request["input"])
        sys.exit(3)
    elif rule == "shape":
        out.write(('{"id":%s,"output":7}\n' % json.dumps(request["id"])).encode())
    else:
        out.write(migrate_ref.answer_line(line))
    out.flush()
"#;

#[test]
fn a_crash_or_a_bad_reply_costs_one_migrate_vector_and_the_run_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("adapter.py");
    let adapters = serde_json::to_string(gan_ref().parent().unwrap().to_str().unwrap()).unwrap();
    std::fs::write(&script, MISBEHAVING.replace("@ADAPTERS@", &adapters)).unwrap();
    let rules = json!({"x:-k": "exit", "CHESS:DRAGON": "shape"}).to_string();
    let cases = migrate_cases();
    let mut config = config(python_command(&script, &[&rules]), Mode::Batch, false);
    config.timeout = Duration::from_secs(60);
    let report = run(&cases, &config);
    let failing: Vec<(Status, &str)> = report
        .failures()
        .map(|r| (r.status, r.case.input.as_deref().unwrap()))
        .collect();
    assert_eq!(
        failing,
        [(Status::Crash, "CHESS:DRAGON"), (Status::Crash, "x:-k")],
        "{:#?}",
        failures(&report)
    );
    let crash = report
        .failures()
        .find(|r| r.case.input.as_deref() == Some("x:-k"))
        .unwrap();
    assert!(
        crash
            .detail
            .as_deref()
            .unwrap()
            .contains("stderr: adapter: giving up on 'x:-k'"),
        "{crash:?}"
    );
    assert_eq!(
        report.summary().total.get(Status::Pass),
        cases.len() - 3,
        "every other vector passes after the restart (one is not sent)"
    );
}
