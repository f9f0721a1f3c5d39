//! `gan parse` and `gan detect` from the outside: outputs (snapshots), line rules, `-z`, `--`,
//! limits, colors, exit codes, a closed pipe, and every JSON line against its schema.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;
use gan::{Dialect, Family};
use serde_json::Value;

/// Runs `gan ARGS` with `stdin`; returns (exit code, stdout, stderr).
pub fn gan(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    crate::util::outcome(crate::util::gan_command().args(args), stdin)
}

fn schema(name: &str) -> jsonschema::Validator {
    let path = format!("{}/conformance/schema/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// Parses JSON Lines output, checking every line against `schema_name`.
pub(crate) fn json_lines(stdout: &str, schema_name: &str) -> Vec<Value> {
    let validator = schema(schema_name);
    stdout
        .lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            if let Err(error) = validator.validate(&value) {
                panic!("{line} does not match {schema_name}: {error}");
            }
            value
        })
        .collect()
}

#[test]
fn the_issue_example() {
    let (code, stdout, stderr) = gan(&["parse", "--format", "json"], b"CHESS:k\n");
    assert_eq!((code, stderr.as_str()), (1, ""));
    let lines = json_lines(&stdout, "parse-output.schema.json");
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["error"]["code"], "case-mismatch");
    assert_eq!(lines[0]["error"]["offset"], 6);
    assert_eq!(lines[0]["error"]["hint"], "chess:k");
    let (code, stdout, _) = gan(&["parse", "--format", "json", "SHOGI:+P"], b"");
    assert_eq!(code, 0);
    assert_eq!(
        stdout,
        "{\"input\":\"SHOGI:+P\",\"dialect\":\"snn-pin\",\"valid\":true,\"actor\":{\"style\":\"SHOGI\",\
         \"type\":\"P\",\"side\":\"first\",\"state\":\"enhanced\"},\"canonical\":\"SHOGI:+P\"}\n"
    );
}

#[test]
fn json_output_in_every_dialect() {
    let mut all = String::new();
    for dialect in ["legacy", "beta", "pnn", "snn-pin", "qpi"] {
        let (_, stdout, _) = gan(
            &["parse", "--format", "json", "--dialect", dialect],
            b"CHESS:KING\nc:-k\nSHOGI:+R'\nCHESS960:K\nC:+K\n\n",
        );
        json_lines(&stdout, "parse-output.schema.json");
        all += &stdout;
    }
    insta::assert_snapshot!(all);
}

#[test]
fn text_output() {
    let (code, stdout, _) = gan(
        &["parse", "--color", "never"],
        b"SHOGI:+P\nCHESS:k\n1ABC\nC:K\tx\n\xffC:K\n",
    );
    assert_eq!(code, 1);
    insta::assert_snapshot!(stdout);
}

#[test]
fn line_rules() {
    // One CR before LF is dropped; a lone CR, a CR CR LF, spaces and tabs are kept; the
    // empty line is an input; the last line counts without LF.
    let (_, stdout, _) = gan(
        &["parse", "--format", "json"],
        b"C:K\r\n\nC:K\r\r\n C:K\nC:K\rX\nlast:K",
    );
    let inputs: Vec<Value> = json_lines(&stdout, "parse-output.schema.json")
        .into_iter()
        .map(|line| line["input"].clone())
        .collect();
    assert_eq!(inputs, ["C:K", "", "C:K\r", " C:K", "C:K\rX", "last:K"]);
    // `-` alone reads standard input too; an empty stream has no input.
    let (code, stdout, _) = gan(&["parse", "-"], b"C:K\n");
    assert_eq!((code, stdout.lines().count()), (0, 1));
    let (code, stdout, _) = gan(&["parse"], b"");
    assert_eq!((code, stdout.as_str()), (0, ""));
}

#[test]
fn nul_separated_inputs() {
    let (code, stdout, _) = gan(&["parse", "-z", "--format", "json"], b"C:K\nX\0c:k\0\r\n");
    assert_eq!(code, 1);
    let inputs: Vec<Value> = json_lines(&stdout, "parse-output.schema.json")
        .into_iter()
        .map(|line| line["input"].clone())
        .collect();
    assert_eq!(inputs, ["C:K\nX", "c:k", "\r\n"]);
}

#[test]
fn arguments_after_double_dash_are_verbatim() {
    let (code, stdout, _) = gan(
        &["parse", "--format", "json", "--", "-K", "--help", "C:K"],
        b"",
    );
    assert_eq!(code, 1);
    let lines = json_lines(&stdout, "parse-output.schema.json");
    assert_eq!(lines[0]["input"], "-K");
    assert_eq!(lines[1]["input"], "--help");
    assert_eq!(lines[2]["valid"], true);
}

#[test]
fn too_long_inputs_are_bounded() {
    let (code, stdout, _) = gan(
        &["parse", "--format", "json", "--max-bytes", "4"],
        b"CHESS:K\nC:K\n",
    );
    assert_eq!(code, 1);
    let lines = json_lines(&stdout, "parse-output.schema.json");
    assert_eq!(lines[0]["error"]["code"], "too-long");
    assert_eq!(lines[0]["error"]["offset"], 4);
    assert_eq!(
        (
            lines[0]["input"].as_str(),
            lines[0]["input_length"].as_u64()
        ),
        (Some("CHES"), Some(7))
    );
    assert_eq!(lines[1]["valid"], true);
    let (_, stdout, _) = gan(
        &["parse", "--format", "json", "--max-bytes", "2", "C:K"],
        b"",
    );
    assert_eq!(
        json_lines(&stdout, "parse-output.schema.json")[0]["error"]["code"],
        "too-long"
    );
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_and_lines() {
    use std::os::unix::ffi::OsStrExt;
    let output = Command::cargo_bin("gan")
        .unwrap()
        .args(["parse", "--format", "json"])
        .arg(std::ffi::OsStr::from_bytes(b"C:\xc3"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines = json_lines(&stdout, "parse-output.schema.json");
    assert_eq!(lines[0]["input_hex"], "433ac3");
    assert_eq!(lines[0]["input"], "C:\u{FFFD}");
    assert_eq!(lines[0]["error"]["code"], "invalid-utf8");
    assert_eq!(lines[0]["error"]["offset"], 2);
}

#[test]
fn exit_codes() {
    assert_eq!(gan(&["parse", "C:K", "c:k"], b"").0, 0);
    assert_eq!(gan(&["parse", "C:K", "c:K"], b"").0, 1);
    let (code, _, stderr) = gan(&["parse", "--dialect", "snn_pin", "C:K"], b"");
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with("gan parse: invalid value 'snn_pin' for '--dialect <D>'\n  [possible values: legacy, beta, pnn, snn-pin, qpi, qpi-2025-12, qpi-2026-01, pin-2025-07, pin-2025-12, sin-2025-07, epin-2025-12, snn-2025-07-02, snn-2025-07-11, snn-2025-10-09, snn-2026-01-11, cell, hand]"),
        "{stderr}"
    );
    assert_eq!(gan(&["parse", "--bogus"], b"").0, 2);
    assert_eq!(gan(&["frobnicate"], b"").0, 2);
    assert_eq!(gan(&["detect", "CHESS:KING", "c:-k"], b"").0, 0);
    assert_eq!(gan(&["detect", "c:-k", "1ABC"], b"").0, 1);
}

#[test]
fn detect_output() {
    let (code, stdout, _) = gan(
        &["detect", "--format", "json"],
        b"c:-k\nCHESS:KING\nSHOGI:P'\nx+\n",
    );
    assert_eq!(code, 1);
    let lines = json_lines(&stdout, "detect-output.schema.json");
    let accepted: Vec<&str> = lines[0]["accepted"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["dialect"].as_str().unwrap())
        .collect();
    assert_eq!(
        accepted,
        [
            "beta",
            "pnn",
            "snn-pin",
            "qpi",
            "qpi-2025-12",
            "qpi-2026-01"
        ]
    );
    insta::assert_snapshot!("detect_json", stdout);
    let (_, text, _) = gan(&["detect", "--color", "never", "c:-k", "x+"], b"");
    insta::assert_snapshot!("detect_text", text);
}

/// `gan detect -d D…`: the records among every dialect, with the dialects not named left
/// out; in the table's order whatever the flags' order, a name given twice counting once; the
/// exit status from the named dialects alone.
#[test]
fn detect_among_named_dialects() {
    let inputs = ["c:-k", "CHESS:KING", "SHOGI:P'", "x+", "C:K", "+K^'"];
    let stdin: String = inputs.iter().flat_map(|input| [input, "\n"]).collect();
    let (_, all, _) = gan(&["detect", "--json"], stdin.as_bytes());
    let all = json_lines(&all, "detect-output.schema.json");
    let gan_dialects: Vec<&str> = Family::Dialects
        .dialects()
        .into_iter()
        .map(Dialect::as_str)
        .collect();
    let (first, last) = (
        Dialect::ALL[0].as_str(),
        Dialect::ALL[Dialect::ALL.len() - 1].as_str(),
    );
    let choices: [Vec<&str>; 4] = [
        gan_dialects.clone(),
        vec!["qpi"],
        vec![last, first],
        vec!["snn-pin", "beta", "snn-pin"],
    ];
    for chosen in choices {
        let mut args = vec!["detect", "--json"];
        for name in &chosen {
            args.extend(["-d", name]);
        }
        // Standard input (the stream) and IDs (one by one) print the same records.
        let (code, streamed, _) = gan(&args, stdin.as_bytes());
        let (ids_code, ids, _) = gan(&[&args[..], &inputs[..]].concat(), b"");
        assert_eq!(streamed, ids, "{chosen:?}");
        assert_eq!(code, ids_code, "{chosen:?}");
        let got = json_lines(&streamed, "detect-output.schema.json");
        assert_eq!(got.len(), all.len());
        let mut every_input_accepted = true;
        for (got, all) in got.iter().zip(&all) {
            let mut want = all.clone();
            for list in ["accepted", "rejected"] {
                want[list]
                    .as_array_mut()
                    .unwrap()
                    .retain(|entry| chosen.contains(&entry["dialect"].as_str().unwrap()));
            }
            every_input_accepted &= !want["accepted"].as_array().unwrap().is_empty();
            assert_eq!(got, &want, "{chosen:?}");
        }
        assert_eq!(code, i32::from(!every_input_accepted), "{chosen:?}");
    }
    // The exit status: 0 when some named dialect accepts every input.
    assert_eq!(gan(&["detect", "-d", "beta", "c:-k"], b"").0, 0);
    assert_eq!(gan(&["detect", "-d", "legacy", "c:-k"], b"").0, 1);
    let (code, text, _) = gan(&["detect", "--color", "never", "-d", "legacy", "c:-k"], b"");
    assert_eq!(code, 1);
    assert!(
        text.starts_with("\"c:-k\": rejected by every dialect: legacy [") && !text.contains(", "),
        "{text}"
    );
    let (code, _, stderr) = gan(&["detect", "-d", "snn_pin", "C:K"], b"");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("invalid value 'snn_pin' for '--dialect <D>'"),
        "{stderr}"
    );
}

#[test]
fn colors() {
    let (_, plain, _) = gan(&["parse", "C:K", "c:K"], b"");
    assert!(!plain.contains('\u{1b}'), "auto: not a terminal, no color");
    let (_, colored, _) = gan(&["parse", "--color", "always", "C:K", "c:K"], b"");
    assert!(
        colored.contains("\u{1b}[1m\u{1b}[32mvalid\u{1b}[0m"),
        "{colored:?}"
    );
    assert!(
        colored.contains("\u{1b}[1m\u{1b}[31minvalid\u{1b}[0m"),
        "{colored:?}"
    );
    let output = Command::cargo_bin("gan")
        .unwrap()
        .args(["parse", "--color", "always", "C:K"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&output.stdout).contains('\u{1b}'),
        "always beats NO_COLOR"
    );
}

#[test]
fn caret_under_the_offending_byte_on_a_terminal() {
    // `script` (util-linux) runs the command on a pseudo-terminal.
    let gan = assert_cmd::cargo::cargo_bin("gan");
    let command = format!("{} parse --color never 'CHESS:k'", gan.display());
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .env("TERM", "dumb")
        .output()
        .expect("script(1) from util-linux is installed");
    let screen = String::from_utf8_lossy(&output.stdout).replace('\r', "");
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(lines.len(), 3, "{screen:?}");
    assert_eq!(lines[1], "    \"CHESS:k\"");
    assert_eq!(lines[2], "           ^", "under the k");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::cargo_bin("gan")
        .unwrap()
        .args(["parse"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = b"CHESS:K\n".repeat(8192);
        for _ in 0..64 {
            if stdin.write_all(&chunk).is_err() {
                break;
            }
        }
    });
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!((status.code(), stderr.as_str()), (Some(0), ""));
}

#[test]
fn help_and_version() {
    for command in ["parse", "detect"] {
        let (code, stdout, _) = gan(&[command, "--help"], b"");
        assert_eq!(code, 0);
        assert!(stdout.contains("Examples:"), "{command} --help");
    }
    let (code, stdout, _) = gan(&["--version"], b"");
    assert_eq!(
        (code, stdout.trim()),
        (0, concat!("gan ", env!("CARGO_PKG_VERSION")))
    );
}
