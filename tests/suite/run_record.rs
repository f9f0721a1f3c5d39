//! The run record at the head of every report of `gan check`: the command, gan's version,
//! each corpus file's `format` and SHA-256, the date and the duration (PROTOCOL.md §4). The
//! hashes are computed here from the files of `conformance/` (the corpus built into gan is
//! those bytes), the formats read from the files, the date bracketed by the test's clock.

use std::path::Path;
use std::time::SystemTime;

use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::check_reports::{schema, valid_json_lines};
use crate::util::{gan_command as gan, text};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The reference adapter on two small groups of two dialects: stdout, exit status 0.
fn check(args: &[&str]) -> String {
    let output = gan()
        .current_dir(root())
        .args(["check", "--filter", "snn-pin/valid/decisions"])
        .args(["--filter", "pnn/valid/decisions"])
        .args(args)
        .args(["--", "python3", "conformance/adapters/gan_ref.py"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    text(&output.stdout)
}

/// (path, format, sha256) of the corpus files the run reads, from the files themselves.
fn files() -> Vec<(String, u64, String)> {
    ["gan/pnn.json", "gan/snn-pin.json"]
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(root().join("conformance").join(path)).unwrap();
            let value: Value = serde_json::from_slice(&bytes).unwrap();
            let sha = Sha256::digest(&bytes)
                .iter()
                .fold(String::new(), |hex, b| hex + &format!("{b:02x}"));
            (path.to_owned(), value["format"].as_u64().unwrap(), sha)
        })
        .collect()
}

#[test]
fn the_json_report_opens_with_the_run_record() {
    let before = gan::check::report::rfc3339(SystemTime::now());
    let json = check(&["--json"]);
    let after = gan::check::report::rfc3339(SystemTime::now());
    let lines = valid_json_lines(&json);
    let run = &lines[0]["run"];
    assert_eq!(
        run["command"],
        serde_json::json!(["python3", "conformance/adapters/gan_ref.py"])
    );
    assert_eq!(run["gan"], env!("CARGO_PKG_VERSION"));
    assert_eq!(run["corpus"]["source"], "built-in");
    let recorded: Vec<(String, u64, String)> = run["corpus"]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_owned(),
                f["format"].as_u64().unwrap(),
                f["sha256"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    // pnn comes before snn-pin in the corpus; only the files the run read.
    assert_eq!(recorded, files());
    let started = run["started"].as_str().unwrap();
    assert!(
        before.as_str() <= started && started <= after.as_str(),
        "{before} <= {started} <= {after}"
    );
    assert!(run["duration_s"].as_f64().unwrap() > 0.0);
    // The vectors follow, then the summary.
    assert!(lines[1].get("id").is_some());
    assert!(lines.last().unwrap().get("summary").is_some());

    // --corpus DIR names the folder; the hashes are the same bytes.
    let json = check(&["--json", "--corpus", "conformance"]);
    let run: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(run["run"]["corpus"]["source"], "conformance");
    assert_eq!(
        run["run"]["corpus"]["files"],
        lines[0]["run"]["corpus"]["files"]
    );
}

#[test]
fn text_junit_and_html_carry_it_too() {
    let [pnn, snn] = &files()[..] else {
        unreachable!()
    };
    let short = |sha: &str| sha[..12].to_owned();
    let report = check(&[]);
    let head: Vec<&str> = report.lines().take(6).collect();
    assert_eq!(head[1], "command: python3 conformance/adapters/gan_ref.py");
    assert!(
        head[2].starts_with(&format!("run:     gan {}, 20", env!("CARGO_PKG_VERSION"))),
        "{}",
        head[2]
    );
    assert!(head[2].ends_with(" s"), "{}", head[2]);
    assert_eq!(head[3], "corpus:  built-in");
    assert_eq!(
        head[4],
        format!(
            "         gan/pnn.json (format {}, sha256 {})",
            pnn.1,
            short(&pnn.2)
        )
    );
    assert_eq!(
        head[5],
        format!(
            "         gan/snn-pin.json (format {}, sha256 {})",
            snn.1,
            short(&snn.2)
        )
    );

    let junit = check(&["--format", "junit"]);
    for property in [
        "<property name=\"gan.command\" value=\"python3 conformance/adapters/gan_ref.py\"/>"
            .to_owned(),
        format!(
            "<property name=\"gan.version\" value=\"{}\"/>",
            env!("CARGO_PKG_VERSION")
        ),
        format!(
            "<property name=\"gan.corpus.file\" value=\"gan/pnn.json (format {}) sha256 {}\"/>",
            pnn.1, pnn.2
        ),
        format!(
            "<property name=\"gan.corpus.file\" value=\"gan/snn-pin.json (format {}) sha256 {}\"/>",
            snn.1, snn.2
        ),
        "<property name=\"gan.started\" value=\"20".to_owned(),
        "<property name=\"gan.duration_s\" value=\"".to_owned(),
    ] {
        // Every test suite (one per dialect) carries the same properties.
        assert_eq!(junit.matches(&property).count(), 2, "{property}\n{junit}");
    }

    let html = check(&["--format", "html"]);
    assert!(html.contains(
        "<dl class=\"run\"><dt>command</dt><dd><code>python3 conformance/adapters/gan_ref.py\
         </code></dd>"
    ));
    assert!(html.contains(&format!(
        "<code title=\"sha256 {}\">gan/snn-pin.json (format {}, sha256 {})</code>",
        snn.2,
        snn.1,
        short(&snn.2)
    )));
}

#[test]
fn redacted_reports_are_byte_stable_and_off_leaves_it_out() {
    // Redacted: no date, no duration, so two runs write the same bytes (what a snapshot
    // test needs); the command and the corpus are kept.
    let date = regex::Regex::new(r"20[0-9]{2}-[0-9]{2}-[0-9]{2}T").unwrap();
    for format in ["junit", "text", "html"] {
        let report = check(&["--format", format, "--run-record", "redacted"]);
        assert!(!date.is_match(&report), "{format}: {report}");
        assert!(!report.contains("gan.duration_s"), "{format}");
        assert!(
            report.contains("gan_ref.py"),
            "{format}: the command is kept"
        );
        assert!(
            report.contains("gan/snn-pin.json"),
            "{format}: the corpus is kept"
        );
    }
    let json = check(&["--json", "--run-record", "redacted"]);
    assert_eq!(json, check(&["--json", "--run-record", "redacted"]));
    let redacted = valid_json_lines(&json);
    assert_eq!(redacted[0]["run"]["started"], Value::Null);
    assert_eq!(redacted[0]["run"]["duration_s"], Value::Null);

    // Off: the report as before the run record.
    let json = check(&["--json", "--run-record", "off"]);
    let lines = valid_json_lines(&json);
    assert!(lines[0].get("id").is_some());
    assert!(lines.iter().all(|line| line.get("run").is_none()));
    let report = check(&["--run-record", "off"]);
    assert!(!report.contains("command:"), "{report}");
    // JUnit and HTML without a record: the library's snapshots (check_reports.rs) render
    // reports that have none.

    // The schema holds the record to its shape: a date that is not RFC 3339 is refused.
    let mut wrong = redacted[0].clone();
    wrong["run"]["started"] = "26/11/2026".into();
    assert!(!schema().is_valid(&wrong), "the schema accepts {wrong}");
}
