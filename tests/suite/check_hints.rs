//! D3 hints in the GAN protocol (format 2): a hint present in a reply is compared under
//! `--check-errors`; `--check-hints` makes an absent one wrong too; a format-1 vector, which
//! does not know its hint, compares none.

use gan::check::{Answer, Case, CaseResult, Checks, Mode, Reply, Status, Vector};
use gan::suite::gan::format::ExpectedError;
use gan::suite::gan::{Expected, GanVector};
use gan::suite::{DialectSet, Item};
use gan::Dialect;
use serde_json::{json, Value};

use crate::check_corpus::{committed_cases, config, gan_ref, python_command, run};

/// `CHESS:k` in snn-pin, expecting `case-mismatch` at 6 with the hint `hint` when `known`
/// (otherwise the vector does not know it, as in format 1).
fn case(known: bool, hint: Option<&str>) -> Case {
    let error = ExpectedError {
        code: "case-mismatch".to_owned(),
        offset: 6,
        hint: known.then(|| hint.map(str::to_owned)),
    };
    Case {
        item: Item {
            id: "snn-pin/invalid/case/x".to_owned(),
            section: "snn-pin".to_owned(),
            group: "case".to_owned(),
            input: Some("CHESS:k".to_owned()),
            bytes: b"CHESS:k".to_vec(),
            dialects: DialectSet::of(&[Dialect::SnnPin]),
            vector: Vector::Gan(GanVector {
                dialect: Dialect::SnnPin,
                expected: Expected {
                    valid: false,
                    actor: None,
                    error: Some(error),
                    canonical: None,
                },
            }),
        },
        listed: None,
    }
}

fn reply(error: Value) -> Answer {
    Answer::Verdict(Reply {
        valid: false,
        actor: None,
        error: Some(error),
        canonical: None,
    })
}

#[track_caller]
fn status(case: &Case, error: Value, errors: bool, hints: bool) -> Status {
    CaseResult::judge_with(
        case,
        reply(error),
        Checks {
            errors,
            hints,
            canonical: false,
        },
    )
    .status
}

#[test]
fn a_reported_hint_is_compared_under_check_errors() {
    let known = case(true, Some("chess:k"));
    let right = json!({"code": "case-mismatch", "offset": 6, "hint": "chess:k"});
    let wrong = json!({"code": "case-mismatch", "offset": 6, "hint": "CHESS:K"});
    let null = json!({"code": "case-mismatch", "offset": 6, "hint": null});
    let absent = json!({"code": "case-mismatch", "offset": 6});
    let malformed = json!({"code": "case-mismatch", "offset": 6, "hint": 7});
    assert_eq!(status(&known, right.clone(), true, false), Status::Pass);
    assert_eq!(
        status(&known, wrong.clone(), true, false),
        Status::WrongError
    );
    assert_eq!(
        status(&known, null.clone(), true, false),
        Status::WrongError
    );
    assert_eq!(status(&known, malformed, true, false), Status::WrongError);
    // Compatible: an adapter that reports no hint passes as it did before hints.
    assert_eq!(status(&known, absent.clone(), true, false), Status::Pass);
    // Without --check-errors nothing of the error is compared.
    assert_eq!(status(&known, wrong, false, false), Status::Pass);
    // --check-hints: the hint must be there (and implies --check-errors).
    assert_eq!(status(&known, absent, false, true), Status::WrongError);
    assert_eq!(status(&known, right, false, true), Status::Pass);
    assert_eq!(status(&known, null, false, true), Status::WrongError);
}

#[test]
fn a_vector_without_a_hint_expects_null() {
    let none = case(true, None);
    let null = json!({"code": "case-mismatch", "offset": 6, "hint": null});
    let some = json!({"code": "case-mismatch", "offset": 6, "hint": "chess:k"});
    let absent = json!({"code": "case-mismatch", "offset": 6});
    assert_eq!(status(&none, null.clone(), true, true), Status::Pass);
    assert_eq!(status(&none, some, true, false), Status::WrongError);
    assert_eq!(status(&none, absent.clone(), true, false), Status::Pass);
    assert_eq!(status(&none, absent, true, true), Status::WrongError);
    let result = CaseResult::judge_with(
        &none,
        reply(json!({"code": "case-mismatch", "offset": 6})),
        Checks {
            errors: true,
            hints: true,
            canonical: false,
        },
    );
    assert_eq!(
        result.detail.as_deref(),
        Some("expected no hint (null), got no \"hint\" member (--check-hints)")
    );
}

#[test]
fn a_format_1_vector_compares_no_hint() {
    let unknown = case(false, None);
    for hint in [json!("x"), Value::Null] {
        let error = json!({"code": "case-mismatch", "offset": 6, "hint": hint});
        assert_eq!(status(&unknown, error, true, true), Status::Pass);
    }
    let absent = json!({"code": "case-mismatch", "offset": 6});
    assert_eq!(status(&unknown, absent, true, true), Status::Pass);
}

#[test]
fn a_code_or_offset_difference_is_reported_before_the_hint() {
    let known = case(true, Some("chess:k"));
    let result = CaseResult::judge_with(
        &known,
        reply(json!({"code": "unexpected-char", "offset": 6, "hint": "x"})),
        Checks {
            errors: true,
            hints: false,
            canonical: false,
        },
    );
    assert_eq!(result.status, Status::WrongError);
    assert_eq!(
        result.detail.as_deref(),
        Some("expected case-mismatch at 6, got unexpected-char at 6")
    );
}

#[test]
fn the_committed_corpus_carries_oracle_hints_in_every_error() {
    let mut with_hint = 0;
    for file in gan::corpus::embedded() {
        // Compiled once: building the automaton is most of the cost.
        let oracle = crate::util::oracle(file.dialect.parse().expect("a dialect"));
        for vector in file.vectors.iter().filter(|v| !v.valid) {
            let error = vector
                .error
                .as_ref()
                .expect("an invalid vector has an error");
            let gan::oracle::Expectation::Invalid { hint, .. } = oracle.expect(&vector.bytes())
            else {
                panic!("{}: the oracle accepts it", vector.id);
            };
            assert_eq!(error.hint, Some(hint.clone()), "{}", vector.id);
            with_hint += usize::from(hint.is_some());
        }
    }
    assert!(with_hint >= 100, "only {with_hint} vectors with a hint");
}

#[test]
fn the_reference_adapter_passes_with_check_hints_in_both_modes() {
    let cases = committed_cases();
    let mut batch = config(python_command(&gan_ref(), &[]), Mode::Batch, true);
    batch.check_hints = true;
    let report = run(&cases, &batch);
    assert!(report.passed(), "{:?}", report.failures().next());
    // Per-case on the vectors with a hint and on every non-UTF-8 vector.
    let some: Vec<Case> = cases
        .into_iter()
        .filter(|case| {
            let Vector::Gan(gan) = &case.vector else {
                return false;
            };
            case.input.is_none()
                || gan
                    .expected
                    .error
                    .as_ref()
                    .is_some_and(|e| matches!(e.hint, Some(Some(_))))
        })
        .step_by(7)
        .collect();
    assert!(some.len() > 20, "{}", some.len());
    let mut per_case = config(python_command(&gan_ref(), &[]), Mode::PerCase, true);
    per_case.check_hints = true;
    let report = run(&some, &per_case);
    assert!(report.passed(), "{:?}", report.failures().next());
}

#[test]
fn check_hints_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let reference = std::fs::read_to_string(gan_ref()).unwrap();
    let no_hints = dir.path().join("gan_ref.py");
    let find = r#"'{"code":"%s","offset":%d,"hint":%s}' % (code, offset, _encode_compact(hint))"#;
    assert_eq!(reference.matches(find).count(), 1);
    let edited = reference.replace(find, r#"'{"code":"%s","offset":%d}' % (code, offset)"#);
    std::fs::write(&no_hints, edited).unwrap();
    let check = |flag: &str, adapter: &std::path::Path| {
        let mut command = crate::util::gan_command();
        command
            .args(["check", flag, "--dialect", "snn-pin", "--filter"])
            .arg("snn-pin/invalid/case/*")
            .arg("--")
            .arg(crate::check_corpus::python())
            .args(["-S", "-E"])
            .arg(adapter);
        command
    };
    check("--check-hints", &gan_ref()).assert().success();
    check("--check-errors", &no_hints).assert().success();
    check("--check-hints", &no_hints)
        .assert()
        .code(1)
        .stdout(predicates::str::contains(
            "got no \"hint\" member (--check-hints)",
        ));
    let help = crate::util::gan_command()
        .args(["check", "--help"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("--check-hints"));
}
