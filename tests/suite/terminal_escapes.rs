//! Text output never hands a terminal a control character it did not write itself: what an
//! adapter says (standard error, reply codes, pointers, pieces, squares) and what a GGN
//! document holds (pointers, square labels) is escaped, as the JSON, `JUnit` and HTML outputs
//! already do. An adapter must not be able to hide `result: FAIL`.

use crate::check_corpus::python;
use crate::util::{gan_std, run_bounded};

/// Control characters a terminal acts on (C0 but the line feed, DEL, C1), or the bidi
/// controls that reorder what it shows.
fn controls(text: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(text)
        .chars()
        .filter(|&c| {
            (c.is_control() && c != '\n')
                || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .map(|c| c.escape_unicode().to_string())
        .collect()
}

/// An adapter that answers every request wrong, with escape sequences in every field it
/// controls, and dies after a few replies with more on standard error.
const HOSTILE: &str = r#"
import json, sys
evil = "\x1b[2K\x1b[1A\rresult: PASS\x07\x1b]0;title\x07\u202e"
for n, line in enumerate(sys.stdin):
    request = json.loads(line)
    sys.stderr.write(evil + " on stderr\n")
    sys.stderr.flush()
    if n == 3:
        sys.exit(3)
    reply = {"id": request["id"], "valid": False,
             "error": {"code": evil, "offset": 0, "hint": evil},
             "actor": {"style": evil, "type": evil}}
    print(json.dumps(reply), flush=True)
"#;

#[test]
fn the_text_report_escapes_what_an_adapter_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let adapter = dir.path().join("hostile.py");
    std::fs::write(&adapter, HOSTILE).unwrap();
    let run = run_bounded(
        gan_std()
            .args([
                "check",
                "--check-errors",
                "--filter",
                "qpi/invalid/errata",
                "--filter",
                "qpi/valid/combination",
                "--",
            ])
            .arg(python())
            .args(["-S", "-E"])
            .arg(&adapter),
        120,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let report = String::from_utf8_lossy(&run.stdout);
    assert!(report.contains("result: FAIL"), "{report}");
    assert_eq!(controls(&run.stdout), Vec::<String>::new(), "{report}");
    assert!(
        report.contains("\\u{1b}[2K"),
        "shown escaped, not dropped: {report}"
    );
}

#[test]
fn ggn_text_output_escapes_square_labels() {
    let dir = tempfile::tempdir().unwrap();
    let evil = "a\\u001b[2J\\u0007\\r";
    // A source with no destination: an error whose pointer holds the label.
    let rules = format!(r#"{{"GAME:R": {{"{evil}": {{}}}}}}"#);
    std::fs::write(dir.path().join("rules.json"), &rules).unwrap();
    let run = run_bounded(
        gan_std()
            .args(["ggn", "validate", "--dialect", "legacy", "rules.json"])
            .current_dir(dir.path()),
        60,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        controls(&run.stdout),
        Vec::<String>::new(),
        "{}",
        String::from_utf8_lossy(&run.stdout)
    );
    // A valid document and a board with the same label: the moves name it.
    let rules = format!(
        r#"{{"GAME:R": {{"{evil}": {{"b1": [{{"perform": {{"{evil}": null, "b1": "GAME:R"}}}}]}}}}}}"#
    );
    std::fs::write(dir.path().join("rules.json"), &rules).unwrap();
    std::fs::write(
        dir.path().join("board.json"),
        format!(r#"{{"{evil}": "GAME:R", "b1": null}}"#),
    )
    .unwrap();
    let run = run_bounded(
        gan_std()
            .args([
                "ggn",
                "moves",
                "--dialect",
                "legacy",
                "--rules",
                "rules.json",
                "--board",
                "board.json",
            ])
            .current_dir(dir.path()),
        60,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let moves = String::from_utf8_lossy(&run.stdout);
    assert!(moves.contains("-> b1"), "{moves}");
    assert_eq!(controls(&run.stdout), Vec::<String>::new(), "{moves}");
}
