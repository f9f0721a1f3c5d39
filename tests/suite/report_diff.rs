//! `gan report diff OLD NEW` on the shipped pair, `examples/reports/old.jsonl`
//! (`my_adapter.py` on snn-pin's decision vectors) and `new.jsonl` (`my_adapter_v2.py` on
//! those and the errata vectors). What changed is known without the diff: v2 fixes `$` (the
//! one failure of `my_adapter.py` there, "C:K\n") and refuses digits in a style
//! ("CHESS960:K", the one valid decision vector with a digit), and the errata vectors are
//! new; the ids are found in the corpus by their inputs.

use std::path::Path;

use serde_json::{json, Value};

use crate::util::{gan_command as gan, text};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

const OLD: &str = "examples/reports/old.jsonl";
const NEW: &str = "examples/reports/new.jsonl";

/// The commands that wrote the shipped reports (docs/check.md says so too).
const OLD_ARGS: &[&str] = &[
    "check",
    "--json",
    "--dialect",
    "snn-pin",
    "--filter",
    "snn-pin/valid/decisions",
    "--filter",
    "snn-pin/invalid/decisions",
    "--",
    "python3",
    "examples/adapters/my_adapter.py",
];
const NEW_ARGS: &[&str] = &[
    "check",
    "--json",
    "--dialect",
    "snn-pin",
    "--filter",
    "snn-pin/valid/decisions",
    "--filter",
    "snn-pin/invalid/decisions",
    "--filter",
    "snn-pin/invalid/errata",
    "--",
    "python3",
    "examples/adapters/my_adapter_v2.py",
];

/// A report's lines, the run record's date, duration and hashes left out (they belong to the
/// day the report was written).
fn comparable(report: &str) -> Vec<Value> {
    report
        .lines()
        .map(|line| {
            let mut value: Value = serde_json::from_str(line).unwrap();
            if let Some(run) = value.get_mut("run") {
                run["started"] = Value::Null;
                run["duration_s"] = Value::Null;
                for file in run["corpus"]["files"].as_array_mut().unwrap() {
                    file["sha256"] = Value::Null;
                }
            }
            value
        })
        .collect()
}

#[test]
fn the_shipped_reports_are_what_gan_check_writes() {
    for (file, args) in [(OLD, OLD_ARGS), (NEW, NEW_ARGS)] {
        let output = gan().current_dir(root()).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
        let shipped = std::fs::read_to_string(root().join(file)).unwrap();
        crate::check_reports::valid_json_lines(&shipped);
        assert_eq!(
            comparable(&shipped),
            comparable(&text(&output.stdout)),
            "{file} is not what `gan {}` writes now: write it again",
            args.join(" ")
        );
    }
}

/// The id of the snn-pin vector whose input is `input`, in `group`.
fn id_of(group: &str, input: &str) -> String {
    let found: Vec<String> = gan::corpus::embedded()
        .into_iter()
        .filter(|file| file.dialect == "snn-pin")
        .flat_map(|file| file.vectors)
        .filter(|v| v.id.contains(&format!("/{group}/")) && v.bytes() == input.as_bytes())
        .map(|v| v.id)
        .collect();
    assert_eq!(found.len(), 1, "{group} {input:?}: {found:?}");
    found[0].clone()
}

fn errata() -> Vec<String> {
    gan::corpus::embedded()
        .into_iter()
        .filter(|file| file.dialect == "snn-pin")
        .flat_map(|file| file.vectors)
        .filter(|v| v.id.starts_with("snn-pin/invalid/errata/"))
        .map(|v| v.id)
        .collect()
}

fn diff(args: &[&str]) -> (i32, String, String) {
    let output = gan()
        .current_dir(root())
        .args(["report", "diff"])
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

/// The ids listed under each heading of the text diff, in order.
fn listed(report: &str) -> Vec<(String, Vec<String>)> {
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    for line in report.lines() {
        if let Some(heading) = line.strip_suffix(':').filter(|l| l.contains(" (")) {
            sections.push((heading.to_owned(), Vec::new()));
        } else if let (Some(section), Some(id)) = (
            sections.last_mut(),
            line.split_whitespace()
                .nth(1)
                .filter(|w| w.starts_with("snn-pin/")),
        ) {
            if !line.starts_with(' ') {
                section.1.push(id.to_owned());
            }
        }
    }
    sections
}

#[test]
fn the_text_diff_shows_the_regression_the_fix_and_the_additions() {
    let (code, out, err) = diff(&[OLD, NEW]);
    assert_eq!(code, 1, "a regression fails: {err}");
    let regressed = id_of("decisions", "CHESS960:K");
    let fixed = id_of("decisions", "C:K\n");
    assert_eq!(
        listed(&out),
        vec![
            ("regressed (1)".to_owned(), vec![regressed.clone()]),
            ("fixed (1)".to_owned(), vec![fixed.clone()]),
            ("added (5)".to_owned(), errata()),
        ]
    );
    assert!(out.contains(&format!(
        "fail {regressed}  (was pass)\n  input:    \"CHESS960:K\"\n"
    )));
    assert!(out.contains(&format!(
        "pass {fixed}  (was fail)\n  input:    \"C:K\\n\"\n"
    )));
    // The run records side by side: each report's command and result.
    let command = out
        .lines()
        .find(|line| line.starts_with("command "))
        .unwrap();
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(
        words,
        [
            "command",
            "python3",
            "examples/adapters/my_adapter.py",
            "python3",
            "examples/adapters/my_adapter_v2.py"
        ]
    );
    assert!(out.contains("FAIL (1 failing, 27 passed)"));
    assert!(out.contains("FAIL (1 failing, 32 passed)"));
    assert!(out.ends_with(
        "\nresult: 1 regressed, 1 fixed, 0 changed, 5 added, 0 removed, 26 unchanged\n"
    ));

    // The other way round: the fix is a regression, the additions are removals.
    let (code, out, _) = diff(&[NEW, OLD]);
    assert_eq!(code, 1);
    let sections = listed(&out);
    assert_eq!(sections[0], ("regressed (1)".to_owned(), vec![fixed]));
    assert_eq!(sections[1], ("fixed (1)".to_owned(), vec![regressed]));
    assert_eq!(sections[2], ("removed (5)".to_owned(), errata()));

    // A report against itself: nothing changed, exit 0.
    let (code, out, _) = diff(&[OLD, OLD]);
    assert_eq!(code, 0);
    assert!(out.ends_with(
        "\nresult: 0 regressed, 0 fixed, 0 changed, 0 added, 0 removed, 28 unchanged\n"
    ));
}

fn validator(name: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("conformance/schema").join(name)).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

#[test]
fn the_json_lines_diff_matches_its_schema() {
    let (code, out, _) = diff(&["--json", OLD, NEW]);
    assert_eq!(code, 1);
    let schema = validator("report-diff.schema.json");
    let lines: Vec<Value> = out
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            assert!(schema.is_valid(&value), "{line}");
            value
        })
        .collect();
    // The head: both run records as the reports hold them (check-report.schema.json).
    let report_schema = validator("check-report.schema.json");
    for (side, file) in [("old", OLD), ("new", NEW)] {
        let head = &lines[0]["reports"][side];
        assert_eq!(head["file"], file);
        let shipped = std::fs::read_to_string(root().join(file)).unwrap();
        let first: Value = serde_json::from_str(shipped.lines().next().unwrap()).unwrap();
        assert_eq!(head["run"], first["run"]);
        assert!(report_schema.is_valid(&json!({ "run": head["run"] })));
    }
    assert_eq!(lines[0]["reports"]["new"]["counts"]["total"], 33);
    // A line per change; `--format json` is the same.
    let changes: Vec<(&str, &str)> = lines[1..lines.len() - 1]
        .iter()
        .map(|l| (l["change"].as_str().unwrap(), l["id"].as_str().unwrap()))
        .collect();
    assert_eq!(changes.len(), 7);
    let regressed = id_of("decisions", "CHESS960:K");
    assert!(changes.contains(&("regressed", regressed.as_str())));
    let line = lines
        .iter()
        .find(|l| l["id"] == regressed.as_str())
        .unwrap();
    assert_eq!(line["old"]["result"], "pass");
    assert_eq!(line["new"]["result"], "fail");
    assert_eq!(line["new"]["got"], json!({"valid": false}));
    assert_eq!(
        lines.last().unwrap(),
        &json!({"summary": {"regressed": 1, "fixed": 1, "changed": 0, "added": 5,
            "removed": 0, "unchanged": 26}})
    );
    assert_eq!(diff(&["--format", "json", OLD, NEW]).1, out);
    // The schema is not vacuous: an added vector with an old result is refused.
    let mut wrong = lines
        .iter()
        .find(|l| l["change"] == "added")
        .unwrap()
        .clone();
    wrong["old"] = json!({"result": "pass", "got": null});
    assert!(!schema.is_valid(&wrong));
}

#[test]
fn the_html_diff_is_one_page_of_changes() {
    let (code, page, _) = diff(&["--format", "html", OLD, NEW]);
    assert_eq!(code, 1);
    assert!(page.starts_with("<!DOCTYPE html>\n") && page.ends_with("</html>\n"));
    for outside in ["src=", "<link ", "@import", "url(", "http://", "https://"] {
        assert!(!page.contains(outside), "an external asset: {outside}");
    }
    for heading in [
        "regressed (1)",
        "fixed (1)",
        "changed (0)",
        "added (5)",
        "removed (0)",
    ] {
        assert!(page.contains(&format!(">{heading}</h2>")), "{heading}");
    }
    let rows = |change: &str| page.matches(&format!("data-change=\"{change}\"")).count();
    assert_eq!([rows("regressed"), rows("fixed"), rows("added")], [1, 1, 5]);
    // The run records side by side.
    assert!(page.contains(
        "<tr><th>command</th><td><code>python3 examples/adapters/my_adapter.py</code></td>\
         <td><code>python3 examples/adapters/my_adapter_v2.py</code></td></tr>"
    ));
}

#[test]
fn reports_without_a_run_record_and_files_that_are_not_reports() {
    let dir = tempfile::tempdir().unwrap();
    // The old report as gan wrote it before the run record: its first line dropped.
    let shipped = std::fs::read_to_string(root().join(OLD)).unwrap();
    let bare = dir.path().join("bare.jsonl");
    std::fs::write(&bare, shipped.split_once('\n').unwrap().1).unwrap();
    let (code, out, _) = diff(&[bare.to_str().unwrap(), NEW]);
    assert_eq!(code, 1);
    let command = out.lines().find(|l| l.starts_with("command ")).unwrap();
    assert!(command.contains("(no run record)"), "{command}");
    assert!(out.contains("1 regressed, 1 fixed, 0 changed, 5 added"));

    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"id\":\"x\"}\n").unwrap();
    let (code, out, err) = diff(&[OLD, bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("gan report diff: ") && err.contains("bad.jsonl: line 1: "),
        "{err}"
    );
    let (code, _, err) = diff(&[OLD, "no-such-report.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-report.jsonl"), "{err}");
}
