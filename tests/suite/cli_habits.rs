//! The habits of the command line that users bring from ripgrep and cargo: one error prefix,
//! `-q`, `--json`, a hint for a command given without `--`, bounds with plain messages, help
//! that lists what it can, and colors by one rule. Terminal behaviours run under a
//! pseudo-terminal (`script -qec`).

use std::path::Path;
use std::process::{Command, Stdio};

use crate::util::{gan_command as gan, outcome, text};

/// (exit code, stdout, stderr) of `gan ARGS` with empty standard input.
fn run(args: &[&str]) -> (i32, String, String) {
    outcome(gan().args(args).env_remove("CLICOLOR_FORCE"), b"")
}

fn reference() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/adapters/gan_ref.py"
    )
    .to_owned()
}

#[test]
fn usage_errors_carry_the_commands_prefix_and_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["--bogus"], "gan: unexpected argument '--bogus' found\n"),
        (&["frobnicate"], "gan: unrecognized subcommand 'frobnicate'\n"),
        (&["parse", "--bogus"], "gan parse: unexpected argument '--bogus' found\n"),
        (
            &["migrate", "--to", "qpi"],
            "gan migrate: the following required arguments were not provided:\n",
        ),
        (&["ggn", "validate"], "gan ggn validate: the following required arguments"),
        (&["report", "matrix"], "gan report matrix: the following required arguments"),
        (&["check", "-j", "0", "--", "true"], "gan check: invalid value '0' for '--jobs <N>': give a number of processes from 1 to 256\n"),
        (&["check", "-j", "257", "--", "true"], "gan check: invalid value '257' for '--jobs <N>': give a number of processes from 1 to 256\n"),
        (&["parse", "--max-bytes", "0", "C:K"], "gan parse: invalid value '0' for '--max-bytes <N>': give a number of bytes, at least 1\n"),
        (&["parse", "--json", "--format", "text", "C:K"], "gan parse: the argument '--json' cannot be used with '--format <FORMAT>'\n"),
    ];
    for (args, start) in cases {
        let (code, stdout, stderr) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}");
        assert!(stderr.starts_with(start), "{args:?}:\n{stderr}");
        assert!(!stderr.contains("error:"), "{args:?}:\n{stderr}");
    }
}

#[test]
fn a_command_without_dash_dash_gets_a_hint() {
    let (code, _, stderr) = run(&["check", "python3", "adapter.py"]);
    assert_eq!(code, 2);
    insta::assert_snapshot!(stderr, @r"
    gan check: unexpected argument 'python3' found

      hint: the command to check goes after `--`: gan check [OPTIONS] -- python3 …

    Usage: gan check [OPTIONS] [-- <COMMAND>...]

    For more information, try '--help'.
    ");
    // An unknown option is not a command: no hint.
    let (_, _, stderr) = run(&["check", "--bogus"]);
    assert!(!stderr.contains("hint"), "{stderr}");
}

#[test]
fn jobs_accepts_1_to_256() {
    for jobs in ["1", "256"] {
        let (code, _, stderr) = run(&["check", "--list", "-j", jobs, "--dialect", "qpi"]);
        assert_eq!(code, 0, "-j {jobs}: {stderr}");
    }
}

#[test]
fn json_is_short_for_format_json() {
    for args in [
        &["parse", "C:K", "c:K"][..],
        &["detect", "c:-k"],
        &["ggn", "validate", "e4.json", "e8.json"],
    ] {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/ggn");
        let long = outcome(
            gan()
                .args(args)
                .args(["--format", "json"])
                .current_dir(&folder),
            b"",
        );
        let short = outcome(gan().args(args).arg("--json").current_dir(&folder), b"");
        assert!(long.1.starts_with('{'), "{args:?}");
        assert_eq!(short, long, "{args:?}");
    }
    let (_, stdout, _) = outcome(
        gan().args(["migrate", "--from", "beta", "--json"]),
        b"C:K\n",
    );
    assert!(stdout.starts_with("{\"line\":1,"), "{stdout}");
    let (_, stdout, _) = run(&[
        "check",
        "--json",
        "--dialect",
        "qpi",
        "--",
        "python3",
        &reference(),
    ]);
    assert!(
        stdout.lines().last().unwrap().starts_with("{\"summary\":"),
        "{stdout}"
    );
}

#[test]
fn an_identifier_after_dash_dash_is_never_standard_input() {
    let (code, stdout, _) = outcome(gan().args(["parse", "--", "-"]), b"C:K\n");
    assert_eq!(code, 1);
    assert!(stdout.starts_with("\"-\": invalid snn-pin"), "{stdout}");
    // Without `--`, `-` alone is standard input.
    let (code, stdout, _) = outcome(gan().args(["parse", "-"]), b"C:K\n");
    assert_eq!(
        (code, stdout.as_str()),
        (
            0,
            "\"C:K\": valid snn-pin: style=C type=K side=first state=normal\n"
        )
    );
}

#[test]
fn a_filter_without_star_is_an_id_or_a_prefix_of_whole_segments() {
    let list = |filter: &str| -> (i32, Vec<String>) {
        let (code, stdout, _) = run(&["check", "--list", "--filter", filter]);
        (code, stdout.lines().map(str::to_owned).collect())
    };
    let (_, globbed) = list("snn-pin/invalid/*");
    let (_, prefixed) = list("snn-pin/invalid");
    assert!(globbed.len() > 100);
    assert_eq!(prefixed, globbed);
    let (_, one) = list(&globbed[0]);
    assert_eq!(one, [globbed[0].clone()]);
    // Not a prefix of whole segments: nothing selected, exit 2.
    assert_eq!(list("snn-pin/inv").0, 2);
}

/// `--list` prints what a run counts: a batch run counts the inputs it cannot send as
/// skipped, and the list shows them.
#[test]
fn list_counts_what_a_run_counts() {
    let (_, listed, _) = run(&["check", "--list", "--dialect", "qpi"]);
    let (_, report, _) = run(&[
        "check",
        "--json",
        "--dialect",
        "qpi",
        "--",
        "python3",
        &reference(),
    ]);
    let summary: serde_json::Value = serde_json::from_str(report.lines().last().unwrap()).unwrap();
    let counted = summary["summary"]["counts"]["total"].as_u64().unwrap();
    assert!(summary["summary"]["counts"]["skipped"].as_u64().unwrap() > 0);
    assert_eq!(listed.lines().count() as u64, counted);
    // The run record, a line per vector, the summary.
    assert_eq!(report.lines().count() - 2, listed.lines().count());
}

#[test]
fn help_lists_the_dialects_and_each_commands_formats() {
    // Help is wrapped to the terminal: compared with single spaces.
    let run = |args: &[&str]| -> (i32, String, String) {
        let (code, stdout, stderr) = run(args);
        (
            code,
            stdout.split_whitespace().collect::<Vec<_>>().join(" "),
            stderr,
        )
    };
    for command in ["parse", "generate", "check"] {
        let (_, help, _) = run(&[command, "--help"]);
        assert!(
            help.contains("[possible values: legacy, beta, pnn, snn-pin, qpi, qpi-2025-12, qpi-2026-01, pin-2025-07, pin-2025-12, sin-2025-07, epin-2025-12, snn-2025-07-02, snn-2025-07-11, snn-2025-10-09, snn-2026-01-11, cell, hand]"),
            "gan {command} --help:\n{help}"
        );
    }
    let format_help = |args: &[&str]| -> String {
        let (_, help, _) = run(args);
        let start = help.find("--format <FORMAT>").expect("--format");
        help[start..].split(" -").next().unwrap().to_owned()
    };
    let check = format_help(&["check", "--help"]);
    assert!(check.contains("junit (JUnit XML)"), "{check}");
    let parse = format_help(&["parse", "--help"]);
    assert!(
        parse.contains("one line per input") && !parse.contains("junit"),
        "{parse}"
    );
    let diff = format_help(&["diff", "--help"]);
    assert!(
        diff.contains("one line per vector added, removed or flipped"),
        "{diff}"
    );
    let migrate = format_help(&["migrate", "--help"]);
    assert!(
        migrate.contains("one converted identifier per line"),
        "{migrate}"
    );
}

/// The help of every command that has options or examples.
const HELP_PAGES: &[&[&str]] = &[
    &["--help"],
    &["parse", "--help"],
    &["detect", "--help"],
    &["migrate", "--help"],
    &["generate", "--help"],
    &["diff", "--help"],
    &["check", "--help"],
    &["ggn", "validate", "--help"],
    &["ggn", "moves", "--help"],
    &["report", "matrix", "--help"],
];

/// Every file a help example names under `examples/` or `conformance/` is shipped; `parse`
/// and `detect`, which share their input flags, each name their own output schema; the
/// flags other issues added say their bounds and order.
#[test]
fn help_examples_name_shipped_files_and_each_command_its_schema() {
    let commands = HELP_PAGES;
    let path =
        regex::Regex::new(r"\b((?:examples|conformance)/[A-Za-z0-9_./-]*[A-Za-z0-9_])").unwrap();
    let mut named = 0;
    for args in commands {
        let (_, help, _) = run(args);
        for found in path.captures_iter(&help) {
            let file = &found[1];
            if file.contains('{') || file.ends_with("-output") {
                continue;
            }
            named += 1;
            assert!(
                Path::new(env!("CARGO_MANIFEST_DIR")).join(file).exists(),
                "gan {}: {file} is not in the repository",
                args.join(" ")
            );
        }
        assert!(!help.contains("./my-adapter"), "gan {}", args.join(" "));
    }
    assert!(named >= 20, "{named}");
    let flat = |args: &[&str]| run(args).1.split_whitespace().collect::<Vec<_>>().join(" ");
    let (parse, detect, check) = (
        flat(&["parse", "--help"]),
        flat(&["detect", "--help"]),
        flat(&["check", "--help"]),
    );
    assert!(
        parse.contains("conformance/schema/parse-output.schema.json"),
        "{parse}"
    );
    assert!(!parse.contains("detect-output"), "{parse}");
    assert!(
        detect.contains("conformance/schema/detect-output.schema.json"),
        "{detect}"
    );
    assert!(!detect.contains("parse-output"), "{detect}");
    let (validate, moves) = (
        flat(&["ggn", "validate", "--help"]),
        flat(&["ggn", "moves", "--help"]),
    );
    assert!(
        validate
            .contains("one object per file: conformance/schema/ggn-validate-output.schema.json"),
        "{validate}"
    );
    assert!(!validate.contains("moves-output"), "{validate}");
    assert!(
        moves.contains("one object per move: conformance/schema/ggn-moves-output.schema.json"),
        "{moves}"
    );
    assert!(!moves.contains("validate-output"), "{moves}");
    assert!(
        parse.contains("Threads parsing standard input, 1 to 256"),
        "{parse}"
    );
    assert!(parse.contains("in D12's order"), "{parse}");
    assert!(
        check.contains("Per-case mode: processes at once, 1 to 256"),
        "{check}"
    );
    assert!(
        check.contains("always in the migrate and migrate-ggn suites"),
        "{check}"
    );
    for help in [&parse, &detect, &flat(&["migrate", "--help"])] {
        assert!(
            help.contains("Progress: on a terminal")
                || help.contains("same progress on a terminal"),
            "{help}"
        );
    }
}

/// The merged output of `gan check` ends with its speed line: the report is written whole
/// before it, so on a terminal the line does not land inside the table.
#[test]
fn the_speed_line_comes_after_the_whole_report() {
    let gan = env!("CARGO_BIN_EXE_gan");
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{gan}' check --dialect qpi -- python3 '{}' 2>&1",
            reference()
        ))
        .output()
        .unwrap();
    let merged = text(&output.stdout);
    let lines: Vec<&str> = merged.lines().collect();
    assert!(
        lines[lines.len() - 2].starts_with("result: PASS"),
        "{merged}"
    );
    assert!(
        lines[lines.len() - 1].starts_with("gan check: 3237 vectors in "),
        "{merged}"
    );
}

/// Runs `shell_command` under a pseudo-terminal (`script -qec`), so that standard input,
/// output and error are a terminal; returns what the terminal showed.
fn on_terminal(shell_command: &str, env: &[(&str, &str)]) -> String {
    let mut command = Command::new("script");
    command
        .args(["-qec", shell_command, "/dev/null"])
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("TERM", "xterm")
        .stdin(Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    text(&command.output().expect("script runs").stdout)
}

#[test]
fn colors_follow_one_rule_for_output_and_messages() {
    let binary = env!("CARGO_BIN_EXE_gan");
    let red_error = "\u{1b}[";
    // A terminal: colors, in the output and in clap's messages.
    assert!(on_terminal(&format!("{binary} parse C:k"), &[]).contains(red_error));
    assert!(on_terminal(&format!("{binary} parse --bogus"), &[]).contains(red_error));
    // NO_COLOR, TERM=dumb and --color never turn them off, messages included.
    for (args, env) in [
        ("parse C:k", &[("NO_COLOR", "1")][..]),
        ("parse --bogus", &[("NO_COLOR", "1")]),
        ("parse --bogus", &[("TERM", "dumb")]),
        ("--color never parse --bogus", &[]),
        ("parse --color never --bogus", &[]),
    ] {
        let shown = on_terminal(&format!("{binary} {args}"), env);
        assert!(!shown.contains(red_error), "{args} {env:?}: {shown:?}");
        assert!(!shown.is_empty(), "{args}");
    }
    // Not a terminal: no colors, unless --color always or CLICOLOR_FORCE.
    let (_, _, stderr) = run(&["parse", "--bogus"]);
    assert!(!stderr.contains(red_error));
    let (_, _, stderr) = run(&["--color", "always", "parse", "--bogus"]);
    assert!(stderr.contains(red_error), "{stderr:?}");
    let (_, stdout, _) = outcome(gan().args(["parse", "C:k"]).env("CLICOLOR_FORCE", "1"), b"");
    assert!(stdout.contains(red_error), "{stdout:?}");
}

/// `gan completions bash`, loaded into bash, completes commands and dialect names.
#[test]
fn bash_completion_completes_commands_and_dialects() {
    let binary = env!("CARGO_BIN_EXE_gan");
    let script = format!(
        "source <('{binary}' completions bash)
         COMP_WORDS=(gan parse --dialect ''); COMP_CWORD=3; _gan gan '' --dialect
         echo \"${{COMPREPLY[*]}}\"
         COMP_WORDS=(gan com); COMP_CWORD=1; _gan gan com gan
         echo \"${{COMPREPLY[*]}}\"
         COMP_WORDS=(gan check --mo); COMP_CWORD=2; _gan gan --mo check
         echo \"${{COMPREPLY[*]}}\""
    );
    let output = Command::new("bash").arg("-c").arg(script).output().unwrap();
    assert_eq!(
        text(&output.stdout),
        "legacy beta pnn snn-pin qpi qpi-2025-12 qpi-2026-01 pin-2025-07 pin-2025-12 \
         sin-2025-07 epin-2025-12 snn-2025-07-02 snn-2025-07-11 snn-2025-10-09 \
         snn-2026-01-11 cell hand\ncompletions\n--mode\n",
        "{}",
        text(&output.stderr)
    );
}

#[test]
fn completions_exist_for_every_shell_clap_knows() {
    for (shell, mark) in [
        ("bash", "complete -F _gan"),
        ("zsh", "#compdef gan"),
        ("fish", "complete -c gan"),
        ("elvish", "edit:completion:arg-completer[gan]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let (code, script, _) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}");
        assert!(script.contains(mark), "{shell}");
        assert!(script.contains("snn-pin"), "{shell}: the dialect names");
    }
    assert_eq!(run(&["completions", "tcsh"]).0, 2);
}

/// `gan man`: one roff page for `gan` and one per command and subcommand, each option of
/// each command in its page.
#[test]
fn the_man_page_has_a_page_per_command_with_its_options() {
    let (code, roff, _) = run(&["man"]);
    assert_eq!(code, 0);
    let pages: Vec<&str> = roff.split("\n.TH ").skip(1).collect();
    let titles: Vec<&str> = pages
        .iter()
        .map(|page| page.split(' ').next().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "gan",
            "gan-parse",
            "gan-detect",
            "gan-migrate",
            "gan-generate",
            "gan-diff",
            "gan-check",
            "gan-ggn",
            "gan-ggn-validate",
            "gan-ggn-moves",
            "gan-report",
            "gan-report-matrix",
            "gan-report-diff",
            "gan-decisions",
            "gan-notations",
            "gan-completions",
            "gan-man",
        ]
    );
    let check = pages[6];
    assert!(check.starts_with("gan-check "));
    for option in [
        "suite",
        "check\\-errors",
        "filter",
        "skip\\-file",
        "jobs",
        "quiet",
        "json",
    ] {
        assert!(
            check.contains(&format!("\\fB\\-\\-{option}\\fR")),
            "--{option}"
        );
    }
    assert!(
        pages[0].contains("legacy, beta, pnn, snn\\-pin, qpi") || pages[0].contains("snn\\-pin")
    );
}

/// `gan parse` typed at a terminal answers each line as it is read, before the end of the
/// input (Ctrl-D). The answer to the first line must arrive while the input is still open.
#[test]
fn a_terminal_gets_each_answer_line_by_line() {
    use std::io::{Read as _, Write as _};
    let binary = env!("CARGO_BIN_EXE_gan");
    let mut child = Command::new("script")
        .args(["-qec", &format!("{binary} parse"), "/dev/null"])
        .env_remove("NO_COLOR")
        .env("TERM", "dumb")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("script runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buffer = [0u8; 256];
        while let Ok(read) = stdout.read(&mut buffer) {
            if read == 0 {
                break;
            }
            seen.extend_from_slice(&buffer[..read]);
            let _ = sender.send(String::from_utf8_lossy(&seen).into_owned());
        }
    });
    stdin.write_all(b"C:K\n").unwrap();
    stdin.flush().unwrap();
    // A guard against a hang, not a timing: the answer normally comes in milliseconds.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let mut answered = false;
    while let Ok(seen) = receiver.recv_timeout(deadline - std::time::Instant::now()) {
        if seen.contains("\"C:K\": valid snn-pin") {
            answered = true;
            break;
        }
    }
    // Only now end the input (Ctrl-D on the terminal).
    let _ = stdin.write_all(b"\x04");
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    assert!(answered, "no answer before the end of the input");
}

/// Outputs are checked before the run, and no temporary path shows in a message.
#[test]
fn unwritable_outputs_are_refused_up_front_without_temporary_paths() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().to_str().unwrap();
    // --write-skip-file to a folder: refused before any vector runs (the command would fail).
    let (code, stdout, stderr) = run(&[
        "check",
        "--write-skip-file",
        folder,
        "--",
        "/nonexistent/adapter",
    ]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert_eq!(
        stderr,
        format!("gan check: {folder}: is a folder, not a file\n")
    );
    let missing = format!("{folder}/no/such/folder/known.txt");
    let (code, _, stderr) = run(&[
        "check",
        "--write-skip-file",
        &missing,
        "--",
        "/nonexistent/adapter",
    ]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!(
            "gan check: {missing}: cannot write there: No such file or directory (os error 2)\n"
        )
    );
    // migrate -o into a missing folder: the message names OUTPUT, not its temporary file.
    let (code, _, stderr) = outcome(
        gan().args(["migrate", "--from", "beta", "-o", &missing]),
        b"C:K\n",
    );
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        format!("gan migrate: {missing}: No such file or directory (os error 2)\n")
    );
}

/// `--color always` colors every command's verdict words (check, ggn validate, migrate's
/// messages), `--color never` none; a pipe gets none by default.
#[test]
fn color_reaches_every_command() {
    let esc = '\u{1b}';
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"));
    let check = |color: &str| {
        outcome(
            gan()
                .current_dir(folder)
                .args(["--color", color, "check", "-q", "--dialect", "snn-pin"])
                .args(["--max-failures", "1", "--"])
                .args(["python3", "examples/adapters/my_adapter.py"]),
            b"",
        )
        .1
    };
    let painted = check("always");
    assert!(painted.contains("\u{1b}[1m\u{1b}[31mfail\u{1b}[0m snn-pin/invalid/"));
    assert!(painted.contains("got:      \u{1b}[1m\u{1b}[32mvalid\u{1b}[0m {"));
    assert!(!check("never").contains(esc));
    assert!(!check("auto").contains(esc), "a pipe");
    let validate = |color: &str| {
        outcome(
            gan()
                .current_dir(folder.join("examples/ggn"))
                .args(["ggn", "validate", "--color", color, "e4.json", "e8.json"]),
            b"",
        )
        .1
    };
    assert!(validate("always").starts_with("e4.json: \u{1b}[1m\u{1b}[32mvalid\u{1b}[0m\n"));
    assert!(!validate("never").contains(esc));
    let migrate = |color: &str| {
        outcome(
            gan().args(["migrate", "--from", "beta", "--color", color]),
            b"C:-K\n",
        )
        .2
    };
    assert!(migrate("always").starts_with(
        "gan migrate: line 1: \"C:-K\": \u{1b}[1m\u{1b}[33mwarning\u{1b}[0m king-flag-lost: "
    ));
    assert!(migrate("always")
        .ends_with("gan migrate: \u{1b}[1m\u{1b}[33mwarning\u{1b}[0m king-flag-lost ×1\n"));
    assert!(!migrate("never").contains(esc));
}

/// A per-case run shows a progress bar on a terminal, cleared before the report, and none
/// when standard error is not a terminal.
#[test]
fn a_long_check_shows_progress_on_a_terminal_only() {
    let binary = env!("CARGO_BIN_EXE_gan");
    // Ten slow vectors (each command sleeps, then calls every input valid: a failure).
    let args = "check --mode per-case -j 1 --filter qpi/invalid/case --max-failures 10 \
                -- sh -c 'sleep 0.1'";
    let shown = on_terminal(&format!("{binary} {args} > /dev/null"), &[]);
    assert!(shown.contains("/125 vectors, "), "{shown:?}");
    // Labelled, the rate in whole vectors a second.
    let bar = regex::Regex::new(r"gan check: [█░]+ \d+/125 vectors, \d+/s, eta ").unwrap();
    assert!(bar.is_match(&shown), "{shown:?}");
    assert!(shown.contains("\u{1b}[2K"), "the bar is cleared: {shown:?}");
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("{binary} {args} 2>&1 >/dev/null"))
        .output()
        .unwrap();
    let piped = text(&output.stdout);
    assert!(piped.starts_with("gan check: 10 vectors in "), "{piped:?}");
    assert_eq!(piped.lines().count(), 1, "{piped:?}");
}

/// A file of 4,804,000 bytes (4.58 MiB, above the 4 MiB threshold of progress): 4000 lines
/// of `C:K` written 400 times, each rejected (`unexpected-char`: a second `:`) and quick to
/// parse.
fn large_input(dir: &Path) -> String {
    let path = dir.join("large.txt");
    std::fs::write(&path, format!("{}\n", "C:K".repeat(400)).repeat(4000)).unwrap();
    path.display().to_string()
}

/// `gan ARGS` with standard output (`stdout`) or standard error closed before it writes a
/// byte: its exit code, and what reached the other stream (standard error).
fn with_closed(args: &[&str], stdin: Stdio, stdout: bool) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gan"))
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if stdout {
        drop(child.stdout.take());
    } else {
        drop(child.stderr.take());
    }
    let run = child.wait_with_output().unwrap();
    (run.status.code(), text(&run.stderr))
}

/// With standard output closed before a byte is written, `parse`, `detect` and `migrate`
/// still read their whole input: the only invalid line, the last one, makes the exit status 1,
/// and nothing but migrate's summary reaches standard error.
#[test]
fn a_closed_output_stops_the_printing_not_the_reading() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, "CHESS:KING\n".repeat(200_000) + "bad!\n").unwrap();
    for args in [
        &["parse", "-d", "legacy"][..],
        &["detect"],
        &["migrate", "--from", "legacy"],
    ] {
        let (code, stderr) = with_closed(
            args,
            Stdio::from(std::fs::File::open(&input).unwrap()),
            true,
        );
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        if args[0] == "migrate" {
            assert!(stderr.starts_with("gan migrate: line 200001: \"bad!\": error "));
            assert!(
                stderr.ends_with(
                    "200001 read, 200000 converted (0 with warnings), 1 rejected\n\
                     gan migrate: error missing-separator ×1\n"
                ),
                "{stderr}"
            );
        } else {
            assert_eq!(stderr, "", "{args:?}");
        }
    }
}

/// A failure stays a failure when standard error is a closed pipe: the message is lost, the
/// exit status 2 is not (it was 0: the closed pipe's error went up as if all were well).
#[test]
fn a_closed_standard_error_keeps_the_failure() {
    for args in [
        &["report", "matrix", "/nonexistent.jsonl"][..],
        &["decisions", "D99"],
    ] {
        assert_eq!(
            with_closed(args, Stdio::null(), false).0,
            Some(2),
            "{args:?}"
        );
    }
}

/// The end of `text`, enough to see what went wrong.
fn tail(text: &str) -> &str {
    let mut start = text.len().saturating_sub(300);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    &text[start..]
}

/// Large `gan parse`, `gan detect` and `gan migrate` runs show progress on a terminal:
/// a bar when the input is a file, a byte count from a pipe; none when standard error is not
/// a terminal, with `-q`, or for a small input.
#[test]
fn a_large_parse_shows_progress_on_a_terminal_only() {
    let binary = env!("CARGO_BIN_EXE_gan");
    let dir = tempfile::tempdir().unwrap();
    let large = large_input(dir.path());
    // 700,000 lines `CHESS:K` (5,600,000 bytes, 5.34 MiB), each converted.
    let chess = dir.path().join("chess.txt").display().to_string();
    std::fs::write(&chess, "CHESS:K\n".repeat(700_000)).unwrap();
    let migrate = "migrate --from snn-pin --to legacy";
    for (command, input, total, quiet_stderr) in [
        ("parse", &large, "4.58", ""),
        ("parse --count", &large, "4.58", ""),
        ("parse --invalid-only --json -j 2", &large, "4.58", ""),
        ("detect", &large, "4.58", ""),
        (
            migrate,
            &chess,
            "5.34",
            "gan migrate: 700000 read, 700000 converted (0 with warnings), 0 rejected\n",
        ),
    ] {
        let shown = on_terminal(&format!("{binary} {command} < {input} > /dev/null"), &[]);
        // Labelled with the command, the rate in whole units.
        let bar = regex::Regex::new(&format!(
            r"gan {}: [█░]+ \d+\.\d\d MiB/{total} MiB, \d+ (B|KiB|MiB|GiB)/s, eta ",
            command.split(' ').next().unwrap()
        ))
        .unwrap();
        assert!(bar.is_match(&shown), "{command}: {:?}", tail(&shown));
        assert!(
            without_bar(&shown) == quiet_stderr.replace('\n', "\r\n"),
            "{command}: the bar is cleared: {:?}",
            tail(&shown)
        );
        // Not a terminal: nothing on standard error (migrate: its summary alone).
        let output = Command::new("sh")
            .arg("-c")
            .arg(format!("{binary} {command} < {input} 2>&1 >/dev/null"))
            .output()
            .unwrap();
        assert_eq!(text(&output.stdout), quiet_stderr, "{command}");
    }
    // From a pipe the size is unknown: a byte count once 4 MiB are read.
    let shown = on_terminal(&format!("cat {large} | {binary} parse > /dev/null"), &[]);
    // (Drawn at most 20 times a second: the last count shown may be short of 4.58 MiB.)
    let count = regex::Regex::new(r"gan parse: (\d+\.\d\d) MiB read, \d+ (B|KiB|MiB)/s").unwrap();
    let counts: Vec<f64> = count
        .captures_iter(&shown)
        .map(|found| found[1].parse().unwrap())
        .collect();
    assert!(!counts.is_empty(), "{:?}", tail(&shown));
    assert!(
        counts.iter().all(|&mib| (4.0..=4.59).contains(&mib)),
        "{counts:?}"
    );
    assert!(
        !shown.contains(" KiB read, "),
        "nothing before 4 MiB: {shown:?}"
    );
    // -q, or a small input: nothing at all.
    for command in [
        format!("{binary} parse -q < {large}"),
        format!("head -c 1000000 {large} | {binary} parse > /dev/null"),
        format!(
            "head -c 1000000 {large} > {large}.small; {binary} parse < {large}.small > /dev/null"
        ),
    ] {
        assert_eq!(on_terminal(&command, &[]), "", "{command}");
    }
}

/// What a terminal showed, without the progress bar; asserts that each drawing of the bar
/// starts a line and is cleared (`\r ESC[2K`) before anything else is written.
fn without_bar(shown: &str) -> String {
    let clear = "\r\u{1b}[2K";
    let bar = regex::Regex::new("gan [a-z]+: [█░]+ [^\r\n\u{1b}]*\r\u{1b}\\[2K").unwrap();
    let mut drawn = 0;
    for found in bar.find_iter(shown) {
        let before = &shown[..found.start()];
        assert!(
            before.is_empty() || before.ends_with(clear) || before.ends_with('\n'),
            "the bar starts a line: {:?}",
            &before[before.len().saturating_sub(80)..]
        );
        drawn += 1;
    }
    assert!(drawn > 0, "the bar was drawn: {shown:?}");
    bar.replace_all(shown, "").replace(clear, "")
}

/// When standard output is the same terminal, the bar is cleared before each write and drawn
/// again below it: the output stands whole, exactly as it is without a terminal.
#[test]
fn the_progress_bar_never_shares_a_line_with_the_output() {
    let binary = env!("CARGO_BIN_EXE_gan");
    let dir = tempfile::tempdir().unwrap();
    let large = large_input(dir.path());
    for (command, lines) in [
        ("parse --count", 3),
        ("parse --json", 4000),
        ("detect", 4000),
    ] {
        let plain = Command::new("sh")
            .arg("-c")
            .arg(format!("{binary} --color never {command} < {large}"))
            .output()
            .unwrap();
        let plain = text(&plain.stdout);
        assert_eq!(plain.lines().count(), lines, "{command}");
        let shown = on_terminal(&format!("{binary} --color never {command} < {large}"), &[]);
        assert!(
            without_bar(&shown) == plain.replace('\n', "\r\n"),
            "{command}: {:?}",
            &shown[..shown.len().min(400)]
        );
    }
    let plain = "valid 0\ninvalid 4000\nunexpected-char 4000\n";
    let shown = on_terminal(&format!("{binary} parse --count < {large}"), &[]);
    assert_eq!(without_bar(&shown), plain.replace('\n', "\r\n"));
}

/// Every decision id a help text cites can be looked up with `gan decisions`.
#[test]
fn every_decision_the_help_cites_can_be_looked_up() {
    let cited = regex::Regex::new(r"\b([DGM])(\d+)(?:–[DGM](\d+))?\b").unwrap();
    let mut ids = std::collections::BTreeSet::new();
    for args in HELP_PAGES {
        let (_, help, _) = run(args);
        for found in cited.captures_iter(&help) {
            let first: u32 = found[2].parse().unwrap();
            let last: u32 = found.get(3).map_or(first, |m| m.as_str().parse().unwrap());
            for number in first..=last {
                ids.insert(format!("{}{number}", &found[1]));
            }
        }
    }
    assert!(ids.len() >= 10, "{ids:?}");
    for id in &ids {
        let (code, text, stderr) = run(&["decisions", id]);
        assert_eq!(code, 0, "{id}: {stderr}");
        assert!(text.starts_with(&format!("- **{id}")), "{id}: {text}");
    }
    let (_, text, _) = run(&["decisions", "d10"]);
    assert!(text.starts_with("- **D10 Detection.** `detect` reports every dialect"));
    // The entry alone: its first line, then its continuation lines.
    assert!(text.lines().count() >= 2, "{text}");
    assert!(
        text.lines().skip(1).all(|line| line.starts_with("  ")),
        "{text}"
    );
    // An unknown id names the ids the record has, up to its newest entry of each letter.
    let (code, _, stderr) = run(&["decisions", "D99"]);
    assert_eq!(code, 2);
    let record =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/DECISIONS.md")).unwrap();
    for letter in ["D", "M", "G"] {
        let newest = record
            .lines()
            .filter_map(|line| line.strip_prefix("- **")?.strip_prefix(letter))
            .filter_map(|rest| {
                rest.split(|c: char| !c.is_ascii_digit())
                    .next()?
                    .parse::<u32>()
                    .ok()
            })
            .max()
            .unwrap();
        assert!(
            stderr.contains(&format!("{letter}1–{letter}{newest}")),
            "{letter}{newest}: {stderr}"
        );
    }
}
