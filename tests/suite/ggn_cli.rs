//! `gan ggn validate` and `gan ggn moves` from the outside: both formats (snapshots, every JSON
//! line against its schema), every exit code, standard input, `--squares`, `--strict`,
//! `--dialect`, the limits and the filters. Runs in `examples/ggn`.

use std::path::PathBuf;

use serde_json::Value;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/ggn")
}

/// Runs `gan ARGS` in the fixtures folder with `stdin`; returns (exit code, stdout, stderr).
fn gan(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    crate::util::outcome(
        crate::util::gan_command()
            .args(args)
            .current_dir(fixtures()),
        stdin,
    )
}

/// The exit code of `gan ARGS` (standard input empty).
fn exit(args: &[&str]) -> i32 {
    gan(args, b"").0
}

/// Parses JSON Lines, checking every line against `conformance/schema/{schema_name}`.
fn json_lines(text: &str, schema_name: &str) -> Vec<Value> {
    let path = format!(
        "{}/conformance/schema/{schema_name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    text.lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            if let Err(error) = validator.validate(&value) {
                panic!("{line} does not match {schema_name}: {error}");
            }
            value
        })
        .collect()
}

const FILES: [&str; 5] = [
    "e4.json",
    "warning.json",
    "e8.json",
    "malformed.json",
    "several.json",
];

#[test]
fn validate_text() {
    let (code, stdout, stderr) = gan(&[&["ggn", "validate"][..], &FILES].concat(), b"");
    assert_eq!((code, stderr.as_str()), (1, ""));
    insta::assert_snapshot!(stdout);
}

#[test]
fn validate_json() {
    let args = [&["ggn", "validate", "--format", "json"][..], &FILES].concat();
    let (code, stdout, stderr) = gan(&args, b"");
    assert_eq!((code, stderr.as_str()), (1, ""));
    let lines = json_lines(&stdout, "ggn-validate-output.schema.json");
    assert_eq!(lines.len(), FILES.len());
    let valid: Vec<_> = lines
        .iter()
        .map(|l| l["valid"].as_bool().unwrap())
        .collect();
    assert_eq!(valid, [true, true, false, false, false]);
    assert_eq!(lines[3]["errors"][0]["line"], 2);
    assert_eq!(lines[3]["errors"][0]["column"], 14);
    insta::assert_snapshot!(stdout);
}

#[test]
fn validate_exit_codes() {
    let validate = |rest: &[&str]| exit(&[&["ggn", "validate"][..], rest].concat());
    assert_eq!(validate(&["e4.json"]), 0);
    assert_eq!(validate(&["warning.json"]), 0, "warnings alone are valid");
    assert_eq!(validate(&["--strict", "warning.json"]), 1);
    assert_eq!(validate(&["e8.json"]), 1, "G2");
    assert_eq!(validate(&["malformed.json"]), 1);
    assert_eq!(validate(&["board.json"]), 1, "a board is not a move table");
    assert_eq!(validate(&["missing.json"]), 2);
    assert_eq!(validate(&["."]), 2, "a folder is unreadable");
    // Several files: the highest code wins, and every file is still reported.
    assert_eq!(validate(&["e4.json", "e8.json"]), 1);
    assert_eq!(validate(&["missing.json", "e8.json", "e4.json"]), 2);
    let (code, stdout, stderr) = gan(&["ggn", "validate", "missing.json", "e4.json"], b"");
    assert_eq!((code, stdout.as_str()), (2, "e4.json: valid\n"));
    assert!(
        stderr.starts_with("gan ggn validate: missing.json: No such file or directory"),
        "{stderr}"
    );
    // Usage errors.
    assert_eq!(validate(&[]), 2, "at least one file");
    assert_eq!(validate(&["--dialect", "nope", "e4.json"]), 2);
    assert_eq!(validate(&["--format", "xml", "e4.json"]), 2);
    assert_eq!(validate(&["-", "-"]), 2, "standard input twice");
    assert_eq!(
        validate(&["--squares", "-", "-"]),
        2,
        "standard input twice"
    );
    let (code, stdout, _) = gan(
        &["ggn", "validate", "--squares", "-", "e4.json"],
        b"e7\ne8\n",
    );
    assert_eq!(
        (code, stdout.as_str()),
        (0, "e4.json: valid\n"),
        "squares from standard input"
    );
    assert_eq!(validate(&["--squares", "missing.txt", "e4.json"]), 2);
    assert_eq!(validate(&["--squares", "bad-squares.json", "e4.json"]), 2);
    assert_eq!(validate(&["--squares", "squares.txt", "rook.json"]), 0);
    assert_eq!(
        validate(&["--squares", "squares.txt", "e4.json"]),
        1,
        "e7, e8 unknown"
    );
}

#[test]
fn content_problems_of_standard_input_exit_1() {
    let stdin = |input: &[u8]| {
        let (code, stdout, _) = gan(&["ggn", "validate", "--format", "json", "-"], input);
        let lines = json_lines(&stdout, "ggn-validate-output.schema.json");
        assert_eq!(lines[0]["file"], "-");
        (
            code,
            lines[0]["errors"][0]["code"]
                .as_str()
                .unwrap_or("")
                .to_owned(),
        )
    };
    assert_eq!(stdin(b"{}"), (0, String::new()));
    assert_eq!(stdin(b"{\"A:A\": \xff}"), (1, "invalid-utf8".to_owned()));
    assert_eq!(stdin(b"[]"), (1, "top-level-not-object".to_owned()));
    assert_eq!(stdin(b"{\"a\": 1} x"), (1, "invalid-json".to_owned()));
    assert_eq!(stdin(b""), (1, "invalid-json".to_owned()));
    let deep = format!("{}{}", "[".repeat(65), "]".repeat(65));
    assert_eq!(stdin(deep.as_bytes()), (1, "too-deep".to_owned()));
    let deep = "[".repeat(1_000_000);
    assert_eq!(stdin(deep.as_bytes()), (1, "too-deep".to_owned()));
}

#[test]
fn limits_are_options() {
    let (code, stdout, _) = gan(&["ggn", "validate", "--max-size", "10", "e4.json"], b"");
    assert_eq!(code, 1);
    assert!(stdout.contains("error[too-large]"), "{stdout}");
    // E4 nests 6 deep: document, piece, source, variants, variant, require.
    assert_eq!(exit(&["ggn", "validate", "--max-depth", "6", "e4.json"]), 0);
    let (code, stdout, _) = gan(&["ggn", "validate", "--max-depth", "5", "e4.json"], b"");
    assert_eq!(code, 1);
    assert!(stdout.contains("error[too-deep]"), "{stdout}");
}

#[test]
fn squares_lines_or_json_array() {
    assert_eq!(
        exit(&["ggn", "validate", "--squares", "squares.txt", "rook.json"]),
        0
    );
    let (code, stdout, _) = gan(
        &[
            "ggn",
            "validate",
            "--squares",
            "squares.json",
            "--format",
            "json",
            "rook.json",
        ],
        b"",
    );
    assert_eq!(code, 1);
    let lines = json_lines(&stdout, "ggn-validate-output.schema.json");
    let found: Vec<_> = lines[0]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["code"].as_str().unwrap(), e["pointer"].as_str().unwrap()))
        .collect();
    assert_eq!(found[0], ("unknown-square", "/GAME:R/a1/a3"));
    assert!(found.iter().all(|(code, _)| *code == "unknown-square"));
}

#[test]
fn dialect_option() {
    let pnn = br#"{"SHOGI:+P'": {"1g": {"1f": [{"perform": {"1g": null, "1f": "SHOGI:+P'"}}]}}}"#;
    assert_eq!(gan(&["ggn", "validate", "--dialect", "pnn", "-"], pnn).0, 0);
    assert_eq!(gan(&["ggn", "validate", "-"], pnn).0, 1);
    let (code, stdout, _) = gan(&["ggn", "validate", "--dialect", "pnn", "e8.json"], b"");
    assert_eq!(code, 1);
    assert!(stdout.contains("not a valid pnn identifier"), "{stdout}");
}

#[test]
fn moves_text() {
    let (code, stdout, stderr) = gan(
        &[
            "ggn",
            "moves",
            "--rules",
            "rook.json",
            "--board",
            "board.json",
        ],
        b"",
    );
    assert_eq!((code, stderr.as_str()), (0, ""));
    insta::assert_snapshot!(stdout);
}

#[test]
fn moves_json() {
    let (code, stdout, stderr) = gan(
        &[
            "ggn",
            "moves",
            "--rules",
            "rook.json",
            "--board",
            "board.json",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!((code, stderr.as_str()), (0, ""));
    let lines = json_lines(&stdout, "ggn-moves-output.schema.json");
    assert_eq!(lines.len(), 5);
    insta::assert_snapshot!(stdout);
}

#[test]
fn moves_filters() {
    let count = |rest: &[&str]| {
        let args = [
            &[
                "ggn",
                "moves",
                "--rules",
                "rook.json",
                "--board",
                "board.json",
            ][..],
            rest,
        ]
        .concat();
        let (code, stdout, _) = gan(&args, b"");
        assert_eq!(code, 0, "{rest:?}");
        stdout.lines().count()
    };
    assert_eq!(count(&[]), 5);
    assert_eq!(count(&["--piece", "GAME:R"]), 3);
    assert_eq!(count(&["--piece", "game:r"]), 2);
    assert_eq!(count(&["--piece", "OTHER:R"]), 0);
    assert_eq!(count(&["--from", "a3"]), 2);
    assert_eq!(count(&["--to", "a2"]), 2);
    assert_eq!(count(&["--to", "a2", "--piece", "game:r"]), 1);
    assert_eq!(count(&["--from", "z9"]), 0);
}

#[test]
fn moves_from_standard_input() {
    let (code, stdout, _) = gan(
        &[
            "ggn", "moves", "--rules", "e4.json", "--board", "-", "--format", "json",
        ],
        br#"{"e7": "CHESS:P"}"#,
    );
    assert_eq!(code, 0);
    let lines = json_lines(&stdout, "ggn-moves-output.schema.json");
    let promoted: Vec<_> = lines
        .iter()
        .map(|l| l["board"]["e8"].as_str().unwrap())
        .collect();
    assert_eq!(promoted, ["CHESS:Q", "CHESS:R", "CHESS:N", "CHESS:B"]);
    assert_eq!(
        lines[0]["board"],
        serde_json::json!({"e7": null, "e8": "CHESS:Q"})
    );
}

#[test]
fn moves_exit_codes() {
    let moves = |rules: &str, board: &str, rest: &[&str]| {
        exit(
            &[
                &["ggn", "moves", "--rules", rules, "--board", board][..],
                rest,
            ]
            .concat(),
        )
    };
    assert_eq!(moves("rook.json", "board.json", &[]), 0);
    assert_eq!(
        moves("e4.json", "board.json", &[]),
        0,
        "no move is still success"
    );
    assert_eq!(moves("warning.json", "board.json", &[]), 0, "warnings only");
    assert_eq!(moves("e8.json", "board.json", &[]), 1, "invalid rules");
    assert_eq!(
        moves("rook.json", "bad-board.json", &[]),
        1,
        "invalid board"
    );
    assert_eq!(moves("rook.json", "malformed.json", &[]), 1);
    assert_eq!(moves("missing.json", "board.json", &[]), 2);
    assert_eq!(moves("rook.json", "missing.json", &[]), 2);
    assert_eq!(moves("-", "-", &[]), 2);
    assert_eq!(moves("rook.json", "board.json", &["--piece", "GAME:r"]), 2);
    assert_eq!(moves("rook.json", "board.json", &["--dialect", "x"]), 2);
    assert_eq!(
        exit(&["ggn", "moves", "--rules", "rook.json"]),
        2,
        "--board is required"
    );
}

#[test]
fn invalid_inputs_of_moves_are_reported_on_standard_error() {
    let (code, stdout, stderr) = gan(
        &[
            "ggn",
            "moves",
            "--rules",
            "e8.json",
            "--board",
            "bad-board.json",
        ],
        b"",
    );
    assert_eq!((code, stdout.as_str()), (1, ""));
    insta::assert_snapshot!(stderr);
    let (_, _, stderr) = gan(
        &[
            "ggn",
            "moves",
            "--rules",
            "e8.json",
            "--board",
            "board.json",
            "--format",
            "json",
        ],
        b"",
    );
    let lines = json_lines(&stderr, "ggn-validate-output.schema.json");
    assert_eq!(
        (lines.len(), &lines[0]["file"]),
        (1, &serde_json::json!("e8.json"))
    );
}

#[test]
fn help_has_examples() {
    for command in ["validate", "moves"] {
        let (code, stdout, _) = gan(&["ggn", command, "--help"], b"");
        assert_eq!(code, 0);
        assert!(stdout.contains("Examples:\n  gan ggn"), "{stdout}");
        assert!(stdout.contains("Exit codes: 0"), "{stdout}");
    }
}
