//! `gan migrate` end to end: a file with valid, invalid, empty, non-UTF-8 and CRLF lines
//! (output, report, summary, exit code), every option, and the atomic write of `-o`.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::util::{gan_command as gan, summary, text};

const MIXED: &[u8] =
    b"CHESS:KING\nchess:dragon\n\n\xffCHESS:K\nSHOGI:PAWN\r\nCHESS:queen\nxiangqi:r\r\nMAKRUK:BISHOP";

#[test]
fn mixed_file_text_mode_output_report_summary_and_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let (input, output, report) = (
        dir.path().join("old.txt"),
        dir.path().join("new.txt"),
        dir.path().join("report.jsonl"),
    );
    fs::write(&input, MIXED).unwrap();
    let run = gan()
        .args(["migrate", "--from", "legacy", "--to", "snn-pin"])
        .arg(&input)
        .arg("-o")
        .arg(&output)
        .arg("--report")
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1), "some lines are rejected");
    assert!(run.stdout.is_empty(), "-o takes the output");
    assert_eq!(
        fs::read_to_string(&output).unwrap(),
        "CHESS:K\nSHOGI:P\nxiangqi:r\nMAKRUK:B\n"
    );
    assert_eq!(
        summary(&run.stderr),
        "gan migrate: 8 read, 4 converted (0 with warnings), 4 rejected"
    );
    insta::assert_snapshot!("mixed_stderr", text(&run.stderr));
    let report = fs::read_to_string(&report).unwrap();
    let numbers: Vec<u64> = report
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["line"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(numbers, [2, 3, 4, 6], "every rejected line, in order");
    insta::assert_snapshot!("mixed_report", report);
    assert_eq!(
        fs::read(&input).unwrap(),
        MIXED,
        "the input is never modified"
    );
}

#[test]
fn mixed_file_keep_alignment_writes_empty_lines_for_rejected_ones() {
    let run = gan()
        .args(["migrate", "--from", "legacy", "--keep-alignment"])
        .write_stdin(MIXED)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(
        text(&run.stdout),
        "CHESS:K\n\n\n\nSHOGI:P\n\nxiangqi:r\nMAKRUK:B\n"
    );
}

#[test]
fn mixed_file_json_mode_writes_one_object_per_line() {
    let run = gan()
        .args([
            "migrate", "--from", "legacy", "--to", "qpi", "--format", "json", "-",
        ])
        .write_stdin(MIXED)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let stdout = text(&run.stdout);
    let records: Vec<serde_json::Value> = stdout
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 8);
    for (index, record) in records.iter().enumerate() {
        assert_eq!(record["line"], index as u64 + 1);
        assert_eq!(record["output"].is_null(), record.get("error").is_some());
    }
    let schema_path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/schema/migrate-output.schema.json"
    );
    let schema: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    for record in &records {
        assert!(
            validator.is_valid(record),
            "{record} does not match {schema_path}"
        );
    }
    assert!(!validator
        .is_valid(&serde_json::json!({"line": 1, "input": "", "output": null, "diagnostics": []})));
    insta::assert_snapshot!("mixed_json", stdout);
    assert_eq!(
        summary(&run.stderr),
        "gan migrate: 8 read, 4 converted (0 with warnings), 4 rejected"
    );
}

#[test]
fn warnings_are_reported_and_strict_rejects_them() {
    let input = "C:-K\nDAI_DAI_SHOGI:P\nM:+R\n";
    let run = gan()
        .args(["migrate", "--from", "beta"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "warnings alone are not a rejection"
    );
    assert_eq!(text(&run.stdout), "CHESS:K\nDAIDAISHOGI:P\nMAKRUK:+R\n");
    insta::assert_snapshot!("warnings_stderr", text(&run.stderr));
    let strict = gan()
        .args(["migrate", "--from", "beta", "--strict"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(strict.status.code(), Some(1));
    assert_eq!(text(&strict.stdout), "MAKRUK:+R\n");
    assert_eq!(
        summary(&strict.stderr),
        "gan migrate: 3 read, 1 converted (0 with warnings), 2 rejected"
    );
}

#[test]
fn intermediate_option() {
    let convert = |option: &str| {
        let run = gan()
            .args([
                "migrate",
                "--from",
                "pnn",
                "--to",
                "qpi",
                "--intermediate",
                option,
            ])
            .write_stdin("SHOGI:P'\n")
            .output()
            .unwrap();
        (run.status.code(), text(&run.stdout))
    };
    assert_eq!(convert("error"), (Some(1), String::new()));
    assert_eq!(convert("drop"), (Some(0), "S:P\n".to_owned()));
    assert_eq!(convert("enhance"), (Some(0), "S:+P\n".to_owned()));
}

#[test]
fn fail_fast_stops_and_leaves_the_output_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.txt");
    fs::write(&output, "OLD\n").unwrap();
    let input = "CHESS:KING\nCHESS:DRAGON\nCHESS:PAWN\n";
    let run = gan()
        .args(["migrate", "--from", "legacy", "--fail-fast", "-o"])
        .arg(&output)
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(fs::read_to_string(&output).unwrap(), "OLD\n");
    assert_eq!(
        summary(&run.stderr),
        "gan migrate: 2 read, 1 converted (0 with warnings), 1 rejected; stopped at line 2 \
         (--fail-fast), output not written"
    );
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        1,
        "no temporary file is left"
    );
    let stdout = gan()
        .args(["migrate", "--from", "legacy", "--fail-fast"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(text(&stdout.stdout), "CHESS:K\n");
    let keep_going = gan()
        .args(["migrate", "--from", "legacy", "--keep-going"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(text(&keep_going.stdout), "CHESS:K\nCHESS:P\n");
}

#[test]
fn dry_run_writes_only_the_report_and_summary() {
    let dir = tempfile::tempdir().unwrap();
    let (output, report) = (dir.path().join("out.txt"), dir.path().join("r.jsonl"));
    let run = gan()
        .args(["migrate", "--from", "legacy", "--dry-run", "-o"])
        .arg(&output)
        .arg("--report")
        .arg(&report)
        .write_stdin(MIXED)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(run.stdout.is_empty());
    assert!(!output.exists());
    assert_eq!(fs::read_to_string(&report).unwrap().lines().count(), 4);
    assert!(summary(&run.stderr).ends_with("4 rejected (dry run: no output written)"));
}

#[test]
fn nul_separated_records() {
    let run = gan()
        .args(["migrate", "--from", "legacy", "-z"])
        .write_stdin(&b"CHESS:KING\0chess:pawn\r\0"[..])
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(1),
        "no CR rule with -z: 'chess:pawn\\r' is invalid"
    );
    assert_eq!(run.stdout, b"CHESS:K\0");
}

#[test]
fn user_map_file() {
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("names.toml");
    fs::write(
        &map,
        "[pieces]\nDRAGON = \"D\"\n[pieces.XIANGQI]\nGENERAL = \"G\"\n",
    )
    .unwrap();
    let run = gan()
        .args(["migrate", "--from", "legacy", "--map"])
        .arg(&map)
        .write_stdin("CHESS:DRAGON\nxiangqi:general\n")
        .output()
        .unwrap();
    assert_eq!(
        (run.status.code(), text(&run.stdout)),
        (Some(0), "CHESS:D\nxiangqi:g\n".to_owned())
    );
    fs::write(&map, "[pieces]\nDRAGON = \"DR\"\n").unwrap();
    let bad = gan()
        .args(["migrate", "--from", "legacy", "--map"])
        .arg(&map)
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let message = text(&bad.stderr);
    assert!(
        message.contains("names.toml: pieces.DRAGON = \"DR\": the value must be one ASCII letter"),
        "{message}"
    );
}

#[test]
fn output_naming_the_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("ids.txt");
    fs::write(&input, "CHESS:KING\n").unwrap();
    let spelled_otherwise = dir.path().join(".").join("ids.txt");
    for output in [&input, &spelled_otherwise] {
        let run = gan()
            .args(["migrate", "--from", "legacy"])
            .arg(&input)
            .arg("-o")
            .arg(output)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2));
        assert!(
            text(&run.stderr).contains("refusing to overwrite it"),
            "{}",
            text(&run.stderr)
        );
        assert_eq!(fs::read_to_string(&input).unwrap(), "CHESS:KING\n");
    }
    let redirected = std::process::Command::new(env!("CARGO_BIN_EXE_gan"))
        .args(["migrate", "--from", "legacy", "-o"])
        .arg(&input)
        .stdin(fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(
        redirected.status.code(),
        Some(2),
        "standard input redirected from the output"
    );
    assert_eq!(fs::read_to_string(&input).unwrap(), "CHESS:KING\n");
    let report = gan()
        .args(["migrate", "--from", "legacy"])
        .arg(&input)
        .arg("--report")
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(report.status.code(), Some(2));
}

#[test]
fn usage_and_io_errors_exit_2() {
    for args in [
        &["migrate", "--from", "legacy", "--fail-fast", "--keep-going"][..],
        &["migrate", "--from", "latin"],
        &["migrate", "--to", "qpi"],
        &["migrate", "--from", "legacy", "--intermediate", "keep"],
        &["migrate", "--from", "legacy", "/nonexistent/input.txt"],
        &[
            "migrate",
            "--from",
            "legacy",
            "-o",
            "/nonexistent/dir/out.txt",
        ],
    ] {
        let run = gan()
            .args(args)
            .write_stdin("CHESS:KING\n")
            .output()
            .unwrap();
        assert_eq!(
            run.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&run.stderr)
        );
    }
    let missing = gan()
        .args(["migrate", "--from", "legacy", "/nonexistent/input.txt"])
        .output()
        .unwrap();
    assert!(
        text(&missing.stderr).contains("/nonexistent/input.txt"),
        "errors name the file"
    );
}

#[test]
fn every_line_converted_exits_0() {
    let run = gan()
        .args(["migrate", "--from", "snn-pin", "--to", "snn-pin"])
        .write_stdin("chess960:-p\n")
        .output()
        .unwrap();
    assert_eq!(
        (run.status.code(), text(&run.stdout)),
        (Some(0), "chess960:-p\n".to_owned())
    );
    assert_eq!(
        summary(&run.stderr),
        "gan migrate: 1 read, 1 converted (0 with warnings), 0 rejected"
    );
}

/// The temporary files of `-o` beside `output`.
fn temporaries(output: &Path) -> Vec<std::path::PathBuf> {
    let name = output.file_name().unwrap().to_string_lossy().into_owned();
    fs::read_dir(output.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&format!(".{name}."))
        })
        .collect()
}

#[test]
fn an_interrupted_run_never_leaves_a_partial_output() {
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("out.txt");
    fs::write(&output, "OLD\n").unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gan"))
        .args(["migrate", "--from", "legacy", "-o"])
        .arg(&output)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Enough lines to fill the output buffer several times over, so bytes reach the disk.
    let chunk = "CHESS:KING\nshogi:pawn\n".repeat(20_000);
    stdin.write_all(chunk.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    let partial = loop {
        let sizes: Vec<u64> = temporaries(&output)
            .iter()
            .filter_map(|p| fs::metadata(p).ok())
            .map(|m| m.len())
            .collect();
        if sizes.iter().any(|&size| size > 0) {
            break true;
        }
        assert!(Instant::now() < deadline, "the temporary output never grew");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(partial);
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    assert_eq!(
        fs::read_to_string(&output).unwrap(),
        "OLD\n",
        "the destination is untouched"
    );

    // The same run, not interrupted: the destination is complete, the temporary file gone.
    let run = gan()
        .args(["migrate", "--from", "legacy", "-o"])
        .arg(&output)
        .write_stdin(chunk)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let written = fs::read_to_string(&output).unwrap();
    assert_eq!(written, "CHESS:K\nshogi:p\n".repeat(20_000));
    assert!(
        temporaries(&output).len() <= 1,
        "only the killed run's temporary file may remain"
    );
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("many.txt");
    fs::write(&input, "CHESS:KING\n".repeat(200_000)).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gan"))
        .args(["migrate", "--from", "legacy"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let run = child.wait_with_output().unwrap();
    // The conversion went on to the end: the summary counts every line, and no error.
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert_eq!(
        text(&run.stderr),
        "gan migrate: 200000 read, 200000 converted (0 with warnings), 0 rejected\n"
    );
}

#[test]
fn long_lines_are_too_long_and_keep_their_true_length() {
    let run = gan()
        .args([
            "migrate",
            "--from",
            "legacy",
            "--max-bytes",
            "4",
            "--format",
            "json",
        ])
        .write_stdin("CHESS:KING\nC:K\n")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let first: serde_json::Value =
        serde_json::from_str(text(&run.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["error"]["code"], "too-long");
    assert_eq!(first["error"]["offset"], 4);
    assert_eq!(
        (first["input"].as_str(), first["input_length"].as_u64()),
        (Some("CHES"), Some(10))
    );
    assert_eq!(
        summary(&run.stderr),
        "gan migrate: 2 read, 1 converted (0 with warnings), 1 rejected"
    );
}

/// `--count`: the counts alone, per code, in a fixed order (parse codes in D12's order, then
/// conversion errors, then warnings), text or one JSON object; nothing on standard error.
#[test]
fn count_prints_the_counts_per_code() {
    let input = "C:-K\nS:+P\nDAI_DAI_SHOGI:P\nDAI_DAI_SHOGI:PH\nC:k\n\nX:-K\n";
    let run = gan()
        .args(["migrate", "--from", "beta", "--count"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(
        text(&run.stdout),
        "read 7\nconverted 4\nwarned 4\nrejected 3\nempty 1\ncase-mismatch 1\n\
         multi-character-piece 1\nambiguous-style 2\nking-flag-lost 2\nunderscore-removed 2\n"
    );
    assert_eq!(text(&run.stderr), "");
    let json = gan()
        .args(["migrate", "--from", "beta", "--count", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(
        text(&json.stdout),
        "{\"read\":7,\"converted\":4,\"warned\":4,\"rejected\":3,\"codes\":{\"empty\":1,\
         \"case-mismatch\":1,\"multi-character-piece\":1,\"ambiguous-style\":2,\
         \"king-flag-lost\":2,\"underscore-removed\":2}}\n"
    );
    // --strict: the warnings are errors, counted under their codes.
    let strict = gan()
        .args(["migrate", "--from", "beta", "--count", "--strict"])
        .write_stdin("C:-K\nC:K\n")
        .output()
        .unwrap();
    assert_eq!(
        text(&strict.stdout),
        "read 2\nconverted 1\nwarned 0\nrejected 1\nking-flag-lost 1\n"
    );
    // --count takes the place of the output: not with -o, --dry-run, --keep-alignment, --ggn.
    for other in [
        &["-o", "x"][..],
        &["--dry-run"],
        &["--keep-alignment"],
        &["--ggn"],
    ] {
        let run = gan()
            .args(["migrate", "--from", "beta", "--count"])
            .args(other)
            .write_stdin("C:K\n")
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{other:?}");
    }
}

/// Diagnostics on standard error are bounded: the first `--max-diagnostics` (10) of each code,
/// then the summary and a count line per code; `--report` has every one. `-j 4` says exactly
/// what `-j 1` says.
#[test]
fn diagnostics_are_bounded_per_code_and_counted() {
    let mut input = String::new();
    for i in 0..3000 {
        std::fmt::Write::write_fmt(&mut input, format_args!("C:-K\nC:PH{i}\nC:K\n")).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.jsonl");
    let run = |extra: &[&str]| {
        let run = gan()
            .args(["migrate", "--from", "beta", "--to", "qpi"])
            .args(extra)
            .write_stdin(input.clone())
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(1));
        text(&run.stderr)
    };
    let stderr = run(&["-j", "1"]);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 10 + 10 + 3, "{stderr}");
    assert!(lines[0].starts_with("gan migrate: line 1: \"C:-K\": warning king-flag-lost: "));
    assert!(lines[1].starts_with("gan migrate: line 2: \"C:PH0\": error "));
    assert_eq!(
        &lines[20..],
        [
            "gan migrate: 9000 read, 6000 converted (3000 with warnings), 3000 rejected",
            "gan migrate: error multi-character-piece ×3000 (10 shown; all with --report FILE)",
            "gan migrate: warning king-flag-lost ×3000 (10 shown; all with --report FILE)",
        ]
    );
    assert_eq!(run(&["-j", "4"]), stderr, "-j 4 shows what -j 1 shows");
    let with_report = run(&["--report", &report.display().to_string()]);
    assert!(with_report.ends_with(&format!(
        "error multi-character-piece ×3000 (10 shown; all in {0})\n\
         gan migrate: warning king-flag-lost ×3000 (10 shown; all in {0})\n",
        report.display()
    )));
    assert_eq!(
        std::fs::read_to_string(&report).unwrap().lines().count(),
        6000
    );
    let few = run(&["--max-diagnostics", "1"]);
    assert_eq!(few.lines().count(), 2 + 3, "{few}");
    let none = run(&["--max-diagnostics", "0"]);
    assert!(none.starts_with("gan migrate: 9000 read, "), "{none}");
    assert!(
        none.contains("×3000 (0 shown; all with --report FILE)"),
        "{none}"
    );
    // All shown: no note.
    let all = run(&["--max-diagnostics", "3000"]);
    assert_eq!(all.lines().count(), 6000 + 3);
    assert!(
        all.ends_with("gan migrate: warning king-flag-lost ×3000\n"),
        "{all}"
    );
}
