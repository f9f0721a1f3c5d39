//! `gan check --suite migrate-ggn`: the reference adapter passes the committed vectors, each
//! kind of reply earns the result `conformance/PROTOCOL-migrate-ggn.md` gives it, and the
//! command line runs the suite. (Its zoo is in `check_mutants`.)

use gan::check::{self, Case, CaseResult, Mode, Selection, Status, Suite};
use serde_json::{json, Value};
use Status::{Crash, Fail, Pass, WrongError};

use crate::check_corpus::{config, failures, python_command, run};
use crate::check_suites::{adapter, case, object};
use crate::util::{gan_command as gan, text};

fn cases() -> Vec<Case> {
    check::plan(&gan::suite::migrate_ggn::embedded(), &Selection::default()).unwrap()
}

#[test]
fn the_migrate_ggn_reference_adapter_passes_every_vector() {
    let cases = cases();
    assert_eq!(cases.len(), 29);
    let command = python_command(&adapter("migrate_ggn_ref.py"), &[]);
    let report = run(&cases, &config(command, Mode::Batch, false));
    assert!(report.passed(), "{:#?}", failures(&report));
    assert!(report.notes.is_empty(), "{:?}", report.notes);
    assert_eq!(report.suite, Suite::MigrateGgn);
    assert_eq!(report.summary().total.get(Status::Pass), cases.len());
}

/// The migrations to `ggn-2025-10` (G32–G37): run when `qpi-2026-01` is named, never by
/// default (D13), and passed by the reference adapter, which migrates to that edition
/// independently.
#[test]
fn the_migrations_to_the_newest_edition_run_when_named_and_the_reference_passes_them() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/migrate-ggn.json");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let newest: Vec<&str> = file["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["edition"] == "ggn-2025-10")
        .map(|v| v["id"].as_str().unwrap())
        .collect();
    assert!(newest.len() >= 10, "{}", newest.len());
    assert!(cases().iter().all(|c| !newest.contains(&c.id.as_str())));
    let selection = Selection {
        dialects: vec!["qpi-2026-01".parse().unwrap()],
        ..Selection::default()
    };
    let named = check::plan(&gan::suite::migrate_ggn::embedded(), &selection).unwrap();
    let ids: Vec<&str> = named.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, newest);
    let command = python_command(&adapter("migrate_ggn_ref.py"), &[]);
    let report = run(&named, &config(command, Mode::Batch, false));
    assert!(report.passed(), "{:#?}", failures(&report));
    assert_eq!(report.summary().total.get(Status::Pass), newest.len());
}

#[track_caller]
fn judge(id: &str, reply: Value) -> (Status, String) {
    let case = case(&cases(), id);
    let mut reply = reply;
    reply["id"] = json!(id);
    let result = CaseResult::judge(&case, object(reply), false);
    (result.status, result.detail.unwrap_or_default())
}

const CASTLING: &str = "migrate-ggn/beta-snn-pin/m3/castling";
const COLLISION: &str = "migrate-ggn/beta-snn-pin/m1/key-collision";

fn castling_warnings() -> Value {
    json!([
        {"code": "king-flag-lost", "pointer": "/C:-K/e1/g1/0/perform/g1"},
        {"code": "king-flag-lost", "pointer": "/C:-K"}
    ])
}

#[test]
fn a_converted_document_is_compared_as_json_in_member_order() {
    let right = "{\"$schema\":\"https://sashite.dev/schemas/ggn/1.0.0/schema.json\",\
                 \"CHESS:K\":{\"e1\":{\"g1\":[{\"require\":{\"f1\":\"empty\",\"g1\":\"empty\",\
                 \"h1\":\"CHESS:\\u0052\"},\"perform\":{\"e1\":null,\"f1\":\"CHESS:R\",\
                 \"g1\":\"CHESS:K\",\"h1\":null}}]}}}";
    // Other whitespace, an escape, the warnings in another order: the same answer.
    assert_eq!(
        judge(
            CASTLING,
            json!({"output_text": right, "errors": [], "warnings": castling_warnings()})
        ),
        (Pass, String::new())
    );
    let swapped = right.replace(
        "\"e1\":null,\"f1\":\"CHESS:R\"",
        "\"f1\":\"CHESS:R\",\"e1\":null",
    );
    assert_eq!(
        judge(
            CASTLING,
            json!({"output_text": swapped, "warnings": castling_warnings()})
        ),
        (
            Fail,
            "the converted document differs at /CHESS:K/e1/g1/0/perform (member 1 is \"f1\", \
             expected \"e1\")"
                .to_owned()
        )
    );
    let kept = right.replace("\"CHESS:K\":{", "\"C:-K\":{");
    assert_eq!(
        judge(
            CASTLING,
            json!({"output_text": kept, "warnings": castling_warnings()})
        ),
        (
            Fail,
            "the converted document differs at the top level (member 2 is \"C:-K\", expected \
             \"CHESS:K\")"
                .to_owned()
        )
    );
    assert_eq!(
        judge(CASTLING, json!({"output_text": "{", "warnings": []})).0,
        Fail,
        "not JSON"
    );
    assert_eq!(
        judge(CASTLING, json!({"output_text": right, "warnings": []})),
        (
            WrongError,
            "warnings: expected king-flag-lost at /C:-K, king-flag-lost at \
             /C:-K/e1/g1/0/perform/g1, got none"
                .to_owned()
        )
    );
    assert_eq!(
        judge(
            CASTLING,
            json!({"output_text": null, "errors": [{"code": "key-collision", "pointer": "/C:-K"}]})
        ),
        (
            Fail,
            "expected the converted document, got refused (key-collision at /C:-K)".to_owned()
        )
    );
}

#[test]
fn a_refusal_is_compared_by_its_errors() {
    let errors = json!([{"code": "key-collision", "pointer": "/C:K"}]);
    assert_eq!(
        judge(
            COLLISION,
            json!({"output_text": null, "errors": errors, "warnings": []})
        ),
        (Pass, String::new())
    );
    assert_eq!(
        judge(
            COLLISION,
            json!({"output_text": null, "errors": errors, "warnings": [{"code": "x", "pointer": ""}]})
        ),
        (Pass, String::new()),
        "the warnings of a refused document are not compared"
    );
    assert_eq!(
        judge(
            COLLISION,
            json!({"output_text": null, "errors": [{"code": "key-collision", "pointer": "/C:-K"}]})
        ),
        (
            WrongError,
            "errors: expected key-collision at /C:K, got key-collision at /C:-K".to_owned()
        )
    );
    assert_eq!(
        judge(COLLISION, json!({"output_text": "{}", "errors": []})),
        (
            Fail,
            "expected refused (key-collision at /C:K), got a converted document".to_owned()
        )
    );
}

#[test]
fn malformed_replies_crash_their_vector() {
    assert_eq!(
        judge(COLLISION, json!({"errors": []})),
        (
            Crash,
            "a reply without an \"output_text\" member (a string, or null)".to_owned()
        )
    );
    assert_eq!(
        judge(
            COLLISION,
            json!({"output_text": "{}", "errors": [{"code": "key-collision", "pointer": "/C:K"}]})
        ),
        (
            Crash,
            "a reply with both a document and errors (key-collision at /C:K)".to_owned()
        )
    );
    assert_eq!(judge(COLLISION, json!({"output_text": 7})).0, Crash);
}

#[test]
fn the_cli_runs_the_suite() {
    let adapters = adapter("migrate_ggn_ref.py");
    let run = gan()
        .args(["check", "--suite", "migrate-ggn", "--dialect", "qpi", "--"])
        .arg("python3")
        .arg(&adapters)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let stdout = text(&run.stdout);
    assert!(
        stdout.starts_with(
            "gan check: migrate-ggn suite, 5 vectors, batch mode, documents, errors and \
             warnings compared\n"
        ),
        "{stdout}"
    );
    assert!(stdout.ends_with("\nresult: PASS (5 passed)\n"), "{stdout}");
    let per_case = gan()
        .args([
            "check",
            "--suite",
            "migrate-ggn",
            "--mode",
            "per-case",
            "--",
            "true",
        ])
        .output()
        .unwrap();
    assert_eq!(per_case.status.code(), Some(2));
    assert!(text(&per_case.stderr).contains("the migrate-ggn suite runs in batch mode only"));
}

#[test]
fn the_json_report_matches_the_report_schema() {
    let run = gan()
        .args(["check", "--suite", "migrate-ggn", "--format", "json", "--"])
        .arg("python3")
        .arg(adapter("migrate_ggn_ref.py"))
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    let schema = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/schema/check-report.schema.json"
    );
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(schema).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let lines: Vec<Value> = text(&run.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 31, "the run record, 29 vectors, the summary");
    assert_eq!(
        lines[0]["run"]["corpus"]["files"][0]["path"],
        "migrate-ggn.json"
    );
    for line in &lines {
        let errors: Vec<String> = validator.iter_errors(line).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{line}: {errors:#?}");
    }
    assert_eq!(lines[30]["summary"]["suite"], "migrate-ggn");
    // Not vacuous: a migrate-ggn line whose request lost its document is refused.
    let mut broken = lines[1].clone();
    broken["request"]
        .as_object_mut()
        .unwrap()
        .remove("document_text");
    assert!(!validator.is_valid(&broken));
}

#[test]
fn list_prints_every_id_and_dialect_selects_conversions() {
    let list = |args: &[&str]| -> Vec<String> {
        let output = gan()
            .args(["check", "--list", "--suite", "migrate-ggn"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        text(&output.stdout).lines().map(str::to_owned).collect()
    };
    let all = list(&[]);
    assert_eq!(all.len(), 29);
    assert_eq!(all[0], "migrate-ggn/legacy-snn-pin/m2/promotion");
    let pnn = list(&["--dialect", "pnn"]);
    assert_eq!(
        pnn,
        [
            "migrate-ggn/pnn-snn-pin/m4/intermediate-dropped",
            "migrate-ggn/pnn-snn-pin/m4/intermediate-error",
            "migrate-ggn/pnn-snn-pin/m1/key-collision-dropped",
            "migrate-ggn/pnn-snn-pin/target/known-unsatisfiable"
        ]
    );
}
