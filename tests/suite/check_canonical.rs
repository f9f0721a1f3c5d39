//! The `canonical` member of the GAN protocol (D9): under `--check-canonical` a reply that
//! accepts its input must carry the canonical form of what it parsed, equal to the input
//! byte for byte; without the flag the member is not compared.

use gan::check::{Answer, Case, CaseResult, Checks, Mode, Reply, Status, Vector};
use gan::suite::gan::{Expected, GanVector};
use gan::suite::{DialectSet, Item};
use gan::{ActorFields, Dialect};
use serde_json::{json, Map, Value};

use crate::check_corpus::{committed_cases, config, gan_ref, python, python_command, run};
use crate::util::{gan_command, text};

/// A valid pnn vector, `SHOGI:+P'`.
fn case() -> Case {
    let input = "SHOGI:+P'";
    let actor: ActorFields = crate::util::parse_ok(Dialect::Pnn, input);
    Case {
        item: Item {
            id: "pnn/valid/x".to_owned(),
            section: "pnn".to_owned(),
            group: "valid".to_owned(),
            input: Some(input.to_owned()),
            bytes: input.as_bytes().to_vec(),
            dialects: DialectSet::of(&[Dialect::Pnn]),
            vector: Vector::Gan(GanVector {
                dialect: Dialect::Pnn,
                expected: Expected {
                    valid: true,
                    actor: Some(actor),
                    error: None,
                    canonical: Some(input.to_owned()),
                },
            }),
        },
        listed: None,
    }
}

fn judged(canonical: Option<Value>, flag: bool) -> CaseResult {
    let reply = Answer::Verdict(Reply {
        valid: true,
        actor: Some(Map::new()),
        error: None,
        canonical,
    });
    let checks = Checks {
        errors: false,
        hints: false,
        canonical: flag,
    };
    CaseResult::judge_with(&case(), reply, checks)
}

#[test]
fn the_canonical_form_is_compared_under_check_canonical_only() {
    let right = Some(json!("SHOGI:+P'"));
    let wrong = Some(json!("SHOGI:+P"));
    assert_eq!(judged(right.clone(), true).status, Status::Pass);
    assert_eq!(judged(right, false).status, Status::Pass);
    assert_eq!(judged(wrong.clone(), false).status, Status::Pass);
    assert_eq!(judged(None, false).status, Status::Pass);
    let result = judged(wrong, true);
    assert_eq!(result.status, Status::WrongActor);
    assert_eq!(
        result.detail.as_deref(),
        Some(r#"canonical: expected "SHOGI:+P'", got "SHOGI:+P""#)
    );
    let result = judged(None, true);
    assert_eq!(result.status, Status::WrongActor);
    assert_eq!(
        result.detail.as_deref(),
        Some(r#"canonical: expected "SHOGI:+P'", got no "canonical" member (--check-canonical)"#)
    );
    let result = judged(Some(json!(["SHOGI:+P'"])), true);
    assert_eq!(result.status, Status::WrongActor);
    // Byte for byte: another case is another string.
    assert_eq!(
        judged(Some(json!("shogi:+p'")), true).status,
        Status::WrongActor
    );
}

#[test]
fn the_reference_adapter_passes_with_check_canonical_in_both_modes() {
    let valid: Vec<Case> = committed_cases()
        .into_iter()
        .filter(|case| matches!(&case.vector, Vector::Gan(gan) if gan.expected.valid))
        .collect();
    assert!(valid.len() > 1000, "{}", valid.len());
    let mut batch = config(python_command(&gan_ref(), &[]), Mode::Batch, true);
    batch.check_canonical = true;
    let report = run(&valid, &batch);
    assert!(report.passed(), "{:?}", report.failures().next());
    assert!(report.check_canonical);
    // Per-case: a sample of every dialect.
    let some: Vec<Case> = valid.into_iter().step_by(97).collect();
    assert!(some.len() > 15, "{}", some.len());
    let mut per_case = config(python_command(&gan_ref(), &[]), Mode::PerCase, true);
    per_case.check_canonical = true;
    let report = run(&some, &per_case);
    assert!(report.passed(), "{:?}", report.failures().next());
}

#[test]
fn check_canonical_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let reference = std::fs::read_to_string(gan_ref()).unwrap();
    // An adapter that leaves `canonical` out.
    let silent = dir.path().join("gan_ref.py");
    let find = "return _encode_compact(canonical(actor))";
    assert_eq!(reference.matches(find).count(), 1);
    std::fs::write(&silent, reference.replace(find, "return 'null'")).unwrap();
    let check = |flags: &[&str], adapter: &std::path::Path| {
        let mut command = gan_command();
        command
            .args(["check", "--dialect", "qpi", "--filter", "qpi/valid"])
            .args(flags)
            .arg("--")
            .arg(python())
            .args(["-S", "-E"])
            .arg(adapter);
        command
    };
    let ok = check(&["--check-canonical"], &gan_ref()).output().unwrap();
    assert_eq!(ok.status.code(), Some(0), "{}", text(&ok.stdout));
    assert!(
        text(&ok.stdout).contains("canonical forms compared"),
        "{}",
        text(&ok.stdout)
    );
    check(&[], &silent).assert().success();
    check(&["--check-canonical"], &silent)
        .assert()
        .code(1)
        .stdout(predicates::str::contains(
            "got no \"canonical\" member (--check-canonical)",
        ));
    let json = check(&["--check-canonical", "--format", "json"], &gan_ref())
        .output()
        .unwrap();
    let last: Value = serde_json::from_str(text(&json.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(last["summary"]["check_canonical"], true);
    let help = gan_command().args(["check", "--help"]).output().unwrap();
    assert!(text(&help.stdout).contains("--check-canonical"));
}
