//! The newest GGN edition, `ggn-2025-10` (docs/DECISIONS.md §4a, G18–G29): the library's
//! verdicts on documents in the engine's shape (`sashite-sanki-engine` 0.12.1: keys like
//! `W:K^`, sources `e2`, possibilities `[{"must": {"e3": "empty"}}]`), its streaming, and
//! `gan ggn validate --edition` from the outside (snapshots of every new message).

use std::path::PathBuf;

use gan::ggn::{
    codes, diagnose, diagnose_to, validate, Diagnostic, Edition, Options, Sink, Summary,
};

fn newest() -> Options {
    Options {
        edition: Edition::Ggn202510,
        ..Options::default()
    }
}

/// (code, pointer) of every diagnostic of `text` in the newest edition.
fn found(text: &str) -> Vec<(&'static str, String)> {
    diagnose(text.as_bytes(), &newest())
        .into_iter()
        .map(|d| (d.code, d.pointer))
        .collect()
}

/// A small valid document in the engine's shape.
const ENGINE: &str = r#"{"W:K^": {"e1": {"e2": [{"must": {"e2": "empty"}}, {"must": {"e2": "enemy"}}]}},
 "W:P": {"e2": {"e3": [{"must": {"e3": "empty"}}], "e4": [{"must": {"e3": "empty", "e4": "empty"}}]}},
 "b:p": {"e7": {"e6": [{"must": {"e6": "empty"}}]}}}"#;

#[test]
fn the_engine_shape_is_valid_in_the_newest_edition_only() {
    assert_eq!(found(ENGINE), []);
    let validation = validate(ENGINE.as_bytes(), &newest());
    assert!(validation.is_valid());
    // Validated, not modelled: `Rules::read` builds the newest edition's model.
    assert!(validation.document().is_none());
    // The default edition is ggn-2014, which rejects it.
    let old = validate(ENGINE.as_bytes(), &Options::default());
    assert!(!old.is_valid());
    assert_eq!(Options::default().edition, Edition::Ggn2014);
}

#[test]
fn five_broken_copies_of_an_engine_document_fail_with_their_pointer_and_code() {
    let cases = [
        // A bad key.
        (
            ENGINE.replacen("\"W:K^\"", "\"W:K^^\"", 1),
            codes::INVALID_QPI,
            "/W:K^^",
        ),
        // A bad LCN value.
        (
            ENGINE.replacen(r#"{"e3": "empty"}"#, r#"{"e3": "emptyy"}"#, 1),
            codes::INVALID_STATE,
            "/W:P/e2/e3/0/must/e3",
        ),
        // A source that is not CELL.
        (
            ENGINE.replacen("\"e7\"", "\"e07\"", 1),
            codes::INVALID_LOCATION,
            "/b:p/e07",
        ),
        // An LCN key that is not CELL.
        (
            ENGINE.replacen(r#"{"e6": "empty"}"#, r#"{"6e": "empty"}"#, 1),
            codes::INVALID_LOCATION,
            "/b:p/e7/e6/0/must/6e",
        ),
        // Possibilities that are not a list.
        (
            ENGINE.replacen(
                r#""e6": [{"must": {"e6": "empty"}}]"#,
                r#""e6": {"must": {"e6": "empty"}}"#,
                1,
            ),
            codes::WRONG_TYPE,
            "/b:p/e7/e6",
        ),
    ];
    for (text, code, pointer) in cases {
        assert_ne!(text, ENGINE, "the copy is broken");
        assert_eq!(found(&text), [(code, pointer.to_owned())], "{text}");
    }
}

#[test]
fn a_qpi_value_with_a_colon_is_invalid_qpi() {
    let text = ENGINE.replacen(r#"{"e3": "empty"}"#, r#"{"e3": "W:KK"}"#, 1);
    assert_eq!(
        found(&text),
        [(codes::INVALID_QPI, "/W:P/e2/e3/0/must/e3".to_owned())]
    );
}

/// Collects what [`diagnose_to`] hands over.
#[derive(Default)]
struct Collect(Option<Summary>, Vec<Diagnostic>);

impl Sink for Collect {
    fn begin(&mut self, summary: Summary) {
        assert!(
            self.0.is_none() && self.1.is_empty(),
            "begin comes first, once"
        );
        self.0 = Some(summary);
    }

    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        self.1.push(diagnostic);
    }
}

#[test]
fn diagnostics_stream_after_their_counts() {
    let broken = std::fs::read(fixtures().join("newest-broken.json")).unwrap();
    let mut sink = Collect::default();
    diagnose_to(&broken, &newest(), &mut sink);
    let summary = sink.0.unwrap();
    assert_eq!(summary.errors, sink.1.len());
    assert_eq!(summary.warnings, 0);
    assert_eq!(sink.1, diagnose(&broken, &newest()));
    assert!(sink.1.len() >= 5);
    // A reading failure is the only diagnostic.
    let mut sink = Collect::default();
    diagnose_to(b"{\"W:K\": ", &newest(), &mut sink);
    assert_eq!(sink.0.unwrap().errors, 1);
    assert_eq!(sink.1[0].code, codes::INVALID_JSON);
}

#[test]
fn every_new_message() {
    let text = std::fs::read_to_string(fixtures().join("newest-broken.json")).unwrap();
    let extra = r#"{"$schema": "x", "b:p": {"e7": {"e6": [{"deny": {"*": "enemy", "e5": 1, "e4": "b:p^^"}, "perform": {}, "prevent": {}, "diff": {}, "Deny": {}, "gain": {}}], "e5": []}, "e8": {}}, "B:q": {}}"#;
    let mut lines = Vec::new();
    for document in [text.as_str(), extra] {
        for diagnostic in diagnose(document.as_bytes(), &newest()) {
            lines.push(diagnostic.to_string());
        }
    }
    insta::assert_snapshot!(lines.join("\n"));
}

/// The 2014 edition says of `must` and `deny` that they belong to another edition, in the
/// words it used before the newest edition existed (issue 21 keeps its outputs unchanged).
#[test]
fn the_2014_edition_keeps_its_messages_for_must_and_deny() {
    let text = r#"{"GAME:X": {"a1": {"a2": [{"must": {}, "deny": {}, "perform": {"a1": null, "a2": "GAME:X"}}]}}}"#;
    let messages: Vec<String> = diagnose(text.as_bytes(), &Options::default())
        .into_iter()
        .map(|d| d.message)
        .collect();
    assert_eq!(
        messages,
        [
            r#"key "must" (conditions that must hold) belongs to another GGN edition: this edition uses "require""#,
            r#"key "deny" (conditions that must not hold) belongs to another GGN edition: this edition uses "prevent""#,
        ]
    );
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/ggn")
}

fn gan(args: &[&str]) -> (i32, String, String) {
    crate::util::outcome(
        crate::util::gan_command()
            .args(args)
            .current_dir(fixtures()),
        b"",
    )
}

#[test]
fn cli_edition_option() {
    let newest = ["ggn", "validate", "--edition", "ggn-2025-10"];
    let (code, stdout, stderr) = gan(&[&newest[..], &["newest.json"]].concat());
    assert_eq!(
        (code, stdout.as_str(), stderr.as_str()),
        (0, "newest.json: valid\n", "")
    );
    // The default, and the 2014 edition named, reject it.
    assert_eq!(gan(&["ggn", "validate", "newest.json"]).0, 1);
    assert_eq!(
        gan(&["ggn", "validate", "--edition", "ggn-2014", "newest.json"]).0,
        1
    );
    // And the 2014 examples are not of the newest edition.
    assert_eq!(gan(&[&newest[..], &["e4.json"]].concat()).0, 1);
    let (code, stdout, _) = gan(&[&newest[..], &["newest-broken.json"]].concat());
    assert_eq!(code, 1);
    insta::assert_snapshot!("cli_newest_broken_text", stdout);
    let (code, stdout, _) = gan(&[&newest[..], &["--json", "newest-broken.json"]].concat());
    assert_eq!(code, 1);
    let record: serde_json::Value = serde_json::from_str(stdout.trim_end()).unwrap();
    let schema = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("conformance/schema/ggn-validate-output.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema).unwrap()).unwrap();
    assert!(jsonschema::validator_for(&schema)
        .unwrap()
        .is_valid(&record));
    assert_eq!(record["valid"], false);
    let pointers: Vec<&str> = record["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["pointer"].as_str().unwrap())
        .collect();
    assert!(pointers.contains(&"/W:K^^"), "{pointers:?}");
    // Unknown editions are usage errors, and name the editions.
    let (code, _, stderr) = gan(&["ggn", "validate", "--edition", "ggn-2025", "newest.json"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("ggn-2014") && stderr.contains("ggn-2025-10"),
        "{stderr}"
    );
    // --squares belongs to ggn-2014.
    let (code, _, stderr) =
        gan(&[&newest[..], &["--squares", "squares.txt", "newest.json"]].concat());
    assert_eq!(code, 2);
    assert!(
        stderr.contains("--squares applies to the ggn-2014 edition only"),
        "{stderr}"
    );
    assert_eq!(
        gan(&[
            "ggn",
            "validate",
            "--squares",
            "squares.txt",
            "--edition",
            "ggn-2014",
            "rook.json"
        ])
        .0,
        0
    );
}

#[test]
fn the_help_lists_the_editions_and_their_evidence() {
    let (code, help, _) = gan(&["ggn", "validate", "--help"]);
    assert_eq!(code, 0);
    for edition in Edition::ALL {
        assert!(help.contains(edition.as_str()), "{edition}");
    }
    assert!(
        help.contains("5811624") && help.contains("March 8, 2014"),
        "{help}"
    );
    let (code, top, _) = gan(&["--help"]);
    assert_eq!(code, 0);
    assert!(
        top.contains("ggn-2014") && top.contains("ggn-2025-10"),
        "{top}"
    );
}
