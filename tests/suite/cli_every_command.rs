//! The habits every command shares, each checked on every command and subcommand, the list
//! read from `gan --help` so that a new command cannot be left out: `-q` with one of two
//! meanings, a closed standard output that is not an error, JSON Lines for `--json`, one
//! shape for I/O errors, help whose examples do not wrap, and a manual page each.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::util::text;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `gan ARGS` run in the repository root, with `stdin` and these extra variables; returns
/// (exit code, stdout, stderr).
fn gan_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gan"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        text(&output.stdout),
        text(&output.stderr),
    )
}

fn gan(args: &[&str]) -> (i32, String, String) {
    gan_in(root(), args, &[])
}

/// The help of `gan ARGS --help`, unwrapped (a very wide terminal).
fn help(words: &[&str]) -> String {
    let mut args = words.to_vec();
    args.push("--help");
    gan_in(root(), &args, &[("COLUMNS", "1000")]).1
}

/// The commands listed under `Commands:` in a help text (but `help`).
fn listed(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// Every command and subcommand, as its words (`["ggn", "validate"]`): (the leaves, which
/// run, and the commands that only hold subcommands).
fn commands() -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let (mut leaves, mut parents) = (Vec::new(), Vec::new());
    for name in listed(&help(&[])) {
        let subcommands = listed(&help(&[&name]));
        if subcommands.is_empty() {
            leaves.push(vec![name]);
        } else {
            for sub in subcommands {
                leaves.push(vec![name.clone(), sub]);
            }
            parents.push(vec![name]);
        }
    }
    assert!(leaves.len() >= 12, "{leaves:?}");
    (leaves, parents)
}

/// The leaves as `parse`, `ggn validate`.
fn leaf_names() -> BTreeSet<String> {
    commands().0.iter().map(|words| words.join(" ")).collect()
}

/// Asserts that `covered` (command lines) names every leaf command.
#[track_caller]
fn assert_covers_every_command(covered: &[Vec<String>]) {
    let names: BTreeSet<String> = covered
        .iter()
        .map(|args| {
            let two = args[..2.min(args.len())].join(" ");
            if leaf_names().contains(&two) {
                two
            } else {
                args[0].clone()
            }
        })
        .collect();
    assert_eq!(names, leaf_names(), "a command is left out of the table");
}

fn reference() -> String {
    root()
        .join("conformance/adapters/gan_ref.py")
        .display()
        .to_string()
}

/// Two small JSON reports of `gan check`, for `gan report matrix`, in `dir`.
fn reports(dir: &Path) -> [String; 2] {
    let mut names = [String::new(), String::new()];
    for (index, adapter) in [
        "conformance/adapters/gan_ref.py",
        "examples/adapters/my_adapter.py",
    ]
    .iter()
    .enumerate()
    {
        let (_, report, _) = gan(&[
            "check",
            "--json",
            "--filter",
            "snn-pin/invalid/decisions",
            "--",
            "python3",
            &root().join(adapter).display().to_string(),
        ]);
        let path = dir.join(format!("report{index}.jsonl"));
        std::fs::write(&path, report).unwrap();
        names[index] = path.display().to_string();
    }
    names
}

/// One command line per command that writes to standard output, with its exit status
/// (`$TMP` stands for a scratch folder, `$R0` and `$R1` for two check reports).
const RUNS: &[(&[&str], i32)] = &[
    (&["parse", "C:K", "C:k"], 1),
    (&["parse", "-f", "examples/spec-examples.txt"], 1),
    (&["detect", "c:-k", "CHESS:p"], 1),
    (
        &["migrate", "--from", "beta", "examples/migrate/old.txt"],
        1,
    ),
    (
        &[
            "migrate",
            "--from",
            "beta",
            "--count",
            "examples/migrate/old.txt",
        ],
        1,
    ),
    (&["generate", "--dialect", "qpi", "--out", "$TMP/corpus"], 0),
    (&["diff", "conformance", "conformance"], 0),
    (&["check", "--list", "--dialect", "qpi"], 0),
    (&["check", "--dialect", "qpi", "--", "python3", "$REF"], 0),
    (
        &["check", "--filter", "snn-pin/invalid/decisions", "--"],
        1, // + python3 examples/adapters/my_adapter.py
    ),
    (
        &[
            "ggn",
            "validate",
            "examples/ggn/e4.json",
            "examples/ggn/e8.json",
        ],
        1,
    ),
    (
        &[
            "ggn",
            "moves",
            "--rules",
            "examples/ggn/rook.json",
            "--board",
            "examples/ggn/board.json",
        ],
        0,
    ),
    (&["report", "matrix", "$R0", "$R1"], 0),
    // The reference, then mine: mine fails a vector the reference passes, a regression.
    (&["report", "diff", "$R0", "$R1"], 1),
    (&["decisions"], 0),
    (&["notations"], 0),
    (&["completions", "bash"], 0),
    (&["man"], 0),
    (&["man", "--out", "$TMP"], 0),
];

/// A command line of [`RUNS`] with its placeholders filled in.
fn filled(args: &[&str], dir: &Path, reports: &[String; 2]) -> Vec<String> {
    let mut args: Vec<String> = args
        .iter()
        .map(|arg| {
            arg.replace("$TMP", &dir.display().to_string())
                .replace("$REF", &reference())
                .replace("$R0", &reports[0])
                .replace("$R1", &reports[1])
        })
        .collect();
    if args.last().is_some_and(|arg| arg == "--") {
        args.push("python3".to_owned());
        args.push("examples/adapters/my_adapter.py".to_owned());
    }
    args
}

/// `gan ARGS` with standard output a pipe whose reader is closed before gan starts: every
/// write fails with `EPIPE`. Returns (exit code, stderr).
fn with_stdout_closed(args: &[String]) -> (i32, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = Command::new(env!("CARGO_BIN_EXE_gan"))
        .args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (output.status.code().unwrap_or(-1), text(&output.stderr))
}

/// Timings differ from run to run: `0.42 s (3929/s)` reads `N s (N/s)`.
fn mask(text: &str) -> String {
    let timing = regex::Regex::new(r"\d+(\.\d+)? s \(\d+/s\)").unwrap();
    timing.replace_all(text, "N s (N/s)").into_owned()
}

/// A closed standard output is never an error: every command exits as it does when the
/// output is read, and says nothing more on standard error (before, `gan check --list` and
/// `gan check --json` exited 2 without a message).
#[test]
fn a_closed_standard_output_is_never_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let reports = reports(dir.path());
    let mut covered = Vec::new();
    for (args, code) in RUNS {
        let args = filled(args, dir.path(), &reports);
        let words: Vec<&str> = args.iter().map(String::as_str).collect();
        let (read_code, stdout, read_stderr) = gan(&words);
        assert_eq!(read_code, *code, "{args:?}: {read_stderr}");
        assert!(!stdout.is_empty(), "{args:?} writes to standard output");
        let (closed_code, closed_stderr) = with_stdout_closed(&args);
        assert_eq!(closed_code, *code, "{args:?}: {closed_stderr}");
        assert_eq!(mask(&closed_stderr), mask(&read_stderr), "{args:?}");
        // And closed after the first line (`| head -1`).
        let script = format!(
            "'{}' {} | head -1 > /dev/null; exit ${{PIPESTATUS[0]}}",
            env!("CARGO_BIN_EXE_gan"),
            args.iter()
                .map(|arg| format!("'{arg}'"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        let head = Command::new("bash")
            .arg("-c")
            .arg(&script)
            .current_dir(root())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(head.status.code(), Some(*code), "{script}");
        assert_eq!(mask(&text(&head.stderr)), mask(&read_stderr), "{script}");
        covered.push(args);
    }
    assert_covers_every_command(&covered);
}

/// Large outputs closed after their first line: the work goes on to the end, so the exit
/// status covers all the data (the only invalid input is the last).
#[test]
fn a_closed_output_still_covers_all_the_data() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, "CHESS:K\n".repeat(100_000) + "bad!\n").unwrap();
    let input = input.display().to_string();
    for args in [
        vec!["parse", "-f", &input],
        vec!["parse", "--json", "-j", "2", "-f", &input],
        vec!["detect", "-f", &input],
        vec!["migrate", "-q", "--from", "snn-pin", "--to", "qpi", &input],
    ] {
        let script = format!(
            "'{}' {} | head -1 > /dev/null; exit ${{PIPESTATUS[0]}}",
            env!("CARGO_BIN_EXE_gan"),
            args.join(" ")
        );
        let run = Command::new("bash")
            .arg("-c")
            .arg(&script)
            .output()
            .unwrap();
        assert_eq!(
            run.status.code(),
            Some(1),
            "{script}: {}",
            text(&run.stderr)
        );
        assert_eq!(text(&run.stderr), "", "{script}");
    }
}

/// `-q` has two meanings, and every command says which in its help: a verdict command prints
/// nothing; the others silence progress, diagnostics and summaries, never the data.
#[test]
fn every_command_takes_q_and_its_help_says_which_meaning() {
    let verdicts = ["parse", "detect", "ggn validate"];
    for words in commands().0 {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let page = help(&words);
        let lines: Vec<&str> = page.lines().collect();
        let at = lines
            .iter()
            .position(|line| line.trim_start().starts_with("-q, --quiet"))
            .unwrap_or_else(|| panic!("gan {}: no -q\n{page}", words.join(" ")));
        // Its help beside it, or on the next line.
        let said = match lines[at].trim_start()["-q, --quiet".len()..].trim_start() {
            "" => lines[at + 1].trim_start(),
            said => said,
        };
        let name = words.join(" ");
        if verdicts.contains(&name.as_str()) {
            assert!(
                said.starts_with("Print nothing: the exit status alone tells"),
                "gan {name}: {said}"
            );
        } else {
            assert!(said.starts_with("Quiet: "), "gan {name}: {said}");
        }
    }
    let top = help(&[]);
    assert!(
        top.contains("-q, on every command: where the output is a verdict (parse, detect, ggn validate) nothing is printed"),
        "{top}"
    );
}

/// What `-q` leaves of each command's output: nothing for a verdict, the data for the others.
#[test]
#[allow(clippy::too_many_lines)] // a case per command
fn quiet_prints_what_each_command_promises() {
    let dir = tempfile::tempdir().unwrap();
    let reports = reports(dir.path());
    let mut covered = Vec::new();
    // Verdicts: nothing at all, the exit status tells.
    for (args, code) in [
        (&["parse", "-q", "C:K"][..], 0),
        (&["parse", "--quiet", "C:K", "C:k"], 1),
        (&["parse", "-q", "-f", "examples/spec-examples.txt"], 1),
        (&["parse", "-q", "examples/spec-examples.txt"], 1),
        (&["detect", "-q", "c:-k"], 0),
        (&["detect", "-q", "CHESS:p", "c:-k"], 1),
        (&["detect", "-q", "examples/spec-examples.txt"], 1),
        (&["ggn", "validate", "-q", "examples/ggn/e4.json"], 0),
        (
            &[
                "ggn",
                "validate",
                "-q",
                "examples/ggn/e4.json",
                "examples/ggn/e8.json",
            ],
            1,
        ),
    ] {
        assert_eq!(gan(args), (code, String::new(), String::new()), "{args:?}");
        covered.push(args.iter().map(|&a| a.to_owned()).collect());
    }
    // The data, without progress, diagnostics or summary.
    let quiet_and_loud = |args: &[String]| {
        let words: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut quiet = words.clone();
        let at = if words[0] == "ggn" || words[0] == "report" {
            2
        } else {
            1
        };
        quiet.insert(at, "-q");
        (gan(&quiet), gan(&words))
    };
    // migrate: the converted lines; nothing on standard error.
    let (quiet, loud) = quiet_and_loud(&strings(&[
        "migrate",
        "--from",
        "beta",
        "examples/migrate/old.txt",
    ]));
    assert_eq!((quiet.0, &quiet.1, quiet.2.as_str()), (1, &loud.1, ""));
    assert!(
        loud.2.contains("gan migrate: 5 read, 4 converted"),
        "{}",
        loud.2
    );
    // migrate --count and --report: still written.
    let report = dir.path().join("r.jsonl");
    let (quiet, loud) = quiet_and_loud(&strings(&[
        "migrate",
        "--from",
        "beta",
        "--count",
        "--report",
        &report.display().to_string(),
        "examples/migrate/old.txt",
    ]));
    assert_eq!((quiet.0, &quiet.1, quiet.2.as_str()), (1, &loud.1, ""));
    assert!(quiet.1.starts_with("read 5\n"), "{}", quiet.1);
    assert_eq!(std::fs::read_to_string(&report).unwrap().lines().count(), 4);
    // check: a pass prints nothing; a failure, the failures alone; JSON, the whole report.
    let (quiet, loud) = quiet_and_loud(&strings(&[
        "check",
        "--dialect",
        "qpi",
        "--",
        "python3",
        &reference(),
    ]));
    assert_eq!(quiet, (0, String::new(), String::new()));
    assert!(
        loud.1
            .ends_with("result: PASS (3114 passed, 123 skipped)\n"),
        "{}",
        loud.1
    );
    assert!(
        loud.2.starts_with("gan check: 3237 vectors in "),
        "{}",
        loud.2
    );
    let failing = strings(&[
        "check",
        "--filter",
        "snn-pin/invalid/decisions",
        "--",
        "python3",
        "examples/adapters/my_adapter.py",
    ]);
    let (quiet, loud) = quiet_and_loud(&failing);
    assert_eq!(quiet.0, 1);
    assert!(
        quiet
            .1
            .starts_with("failures (1):\n\nfail snn-pin/invalid/decisions/"),
        "{}",
        quiet.1
    );
    assert!(
        quiet.1.ends_with("}\n") && !quiet.1.contains("result:"),
        "{}",
        quiet.1
    );
    assert!(loud.1.contains(&quiet.1), "the failures are the report's");
    assert_eq!(quiet.2, "");
    let mut json = failing.clone();
    json.insert(1, "--json".to_owned());
    let (quiet, loud) = quiet_and_loud(&json);
    assert_eq!(
        (quiet.0, quiet.1.lines().count()),
        (1, loud.1.lines().count())
    );
    assert_eq!(quiet.2, "");
    // ggn moves: the moves; not the problems of an invalid board.
    let moves = strings(&[
        "ggn",
        "moves",
        "--rules",
        "examples/ggn/rook.json",
        "--board",
        "examples/ggn/board.json",
    ]);
    let (quiet, loud) = quiet_and_loud(&moves);
    assert_eq!(quiet, loud);
    assert!(!quiet.1.is_empty());
    let bad_board = strings(&[
        "ggn",
        "moves",
        "--rules",
        "examples/ggn/rook.json",
        "--board",
        "examples/ggn/e4.json",
    ]);
    let (quiet, loud) = quiet_and_loud(&bad_board);
    assert_eq!(quiet, (1, String::new(), String::new()));
    assert!(!loud.2.is_empty());
    // generate: the files, without a line each; --check: the exit status alone.
    let out = dir.path().join("corpus").display().to_string();
    let (quiet, loud) = quiet_and_loud(&strings(&["generate", "--dialect", "qpi", "--out", &out]));
    assert_eq!(quiet, (0, String::new(), String::new()));
    assert!(loud.1.starts_with("wrote "), "{}", loud.1);
    assert!(Path::new(&out).join("gan/qpi.json").is_file());
    let (quiet, loud) = quiet_and_loud(&strings(&["generate", "--check", "--out", &out]));
    assert_eq!(quiet, (1, String::new(), String::new()));
    assert!(loud.2.contains("stale file(s)"), "{}", loud.2);
    // diff: the changes, without the totals.
    let (quiet, loud) = quiet_and_loud(&strings(&["diff", "conformance", "conformance"]));
    assert_eq!(
        (quiet, loud.1.as_str()),
        (
            (0, String::new(), String::new()),
            "the corpora are equivalent\n"
        )
    );
    // man --out: the pages, without a line each.
    let pages = dir.path().join("man").display().to_string();
    std::fs::create_dir(&pages).unwrap();
    let (quiet, loud) = quiet_and_loud(&strings(&["man", "--out", &pages]));
    assert_eq!(quiet, (0, String::new(), String::new()));
    assert!(loud.1.starts_with("wrote "));
    // report diff is a verdict: nothing printed, the exit status tells (1: a regression).
    let (quiet, loud) = quiet_and_loud(&strings(&["report", "diff", &reports[0], &reports[1]]));
    assert_eq!(quiet, (1, String::new(), String::new()));
    assert_eq!(loud.0, 1);
    assert!(loud.1.contains("regressed"), "{}", loud.1);
    // Nothing to silence: the output is the data asked for.
    for args in [
        strings(&["report", "matrix", &reports[0], &reports[1]]),
        strings(&["decisions", "D10"]),
        strings(&["notations"]),
        strings(&["notations", "--json"]),
        strings(&["completions", "bash"]),
        strings(&["man"]),
    ] {
        let (quiet, loud) = quiet_and_loud(&args);
        assert_eq!(quiet, loud, "{args:?}");
        assert!(!quiet.1.is_empty(), "{args:?}");
    }
    for args in [
        &["migrate"][..],
        &["check"],
        &["ggn", "moves"],
        &["generate"],
        &["diff"],
        &["man"],
        &["report", "matrix"],
        &["report", "diff"],
        &["decisions"],
        &["notations"],
        &["completions"],
    ] {
        covered.push(strings(args));
    }
    assert_covers_every_command(&covered);
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|&arg| arg.to_owned()).collect()
}

/// Every `--json` writes JSON Lines: one JSON object per line, nothing else (`gan diff --json`
/// was one pretty document).
#[test]
fn every_json_output_is_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let (code, _, stderr) = gan(&[
        "generate",
        "--grammar-dir",
        "examples/edited-grammar",
        "--oracle",
        "examples/edited-grammar/oracle.txt",
        "--dialect",
        "qpi",
        "--out",
        &corpus.display().to_string(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let runs: &[&[&str]] = &[
        &["parse", "--json", "C:K", "C:k"],
        &["parse", "--json", "--count", "C:K", "C:k"],
        &[
            "parse",
            "--json",
            "--invalid-only",
            "-f",
            "examples/spec-examples.txt",
        ],
        &["detect", "--json", "c:-k", "CHESS:p"],
        &[
            "migrate",
            "--json",
            "--from",
            "beta",
            "examples/migrate/old.txt",
        ],
        &[
            "migrate",
            "--json",
            "--count",
            "--from",
            "beta",
            "examples/migrate/old.txt",
        ],
        &["diff", "--json", "conformance", "$CORPUS"],
        &["check", "--json", "--list", "--dialect", "qpi"],
        &[
            "check",
            "--json",
            "--filter",
            "qpi/valid/*",
            "--",
            "python3",
            "$REF",
        ],
        &[
            "ggn",
            "validate",
            "--json",
            "examples/ggn/e4.json",
            "examples/ggn/e8.json",
        ],
        &[
            "ggn",
            "moves",
            "--json",
            "--rules",
            "examples/ggn/rook.json",
            "--board",
            "examples/ggn/board.json",
        ],
        &[
            "report",
            "diff",
            "--json",
            "examples/reports/old.jsonl",
            "examples/reports/new.jsonl",
        ],
        &["notations", "--json"],
    ];
    let mut covered = BTreeSet::new();
    for args in runs {
        let args: Vec<String> = args
            .iter()
            .map(|arg| {
                arg.replace("$CORPUS", &corpus.display().to_string())
                    .replace("$REF", &reference())
            })
            .collect();
        let words: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_, stdout, stderr) = gan(&words);
        assert!(stdout.lines().count() >= 1, "{args:?}: {stderr}");
        for line in stdout.lines() {
            let value: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{args:?}: {line:?}: {error}"));
            assert!(value.is_object(), "{args:?}: {line}");
        }
        let name = if ["ggn", "report"].contains(&words[0]) {
            words[..2].join(" ")
        } else {
            words[0].to_owned()
        };
        covered.insert(name);
    }
    // Every command whose help offers --json is in the list.
    let offering: BTreeSet<String> = commands()
        .0
        .into_iter()
        .filter(|words| {
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            help(&words)
                .lines()
                .any(|line| line.trim_start().starts_with("--json"))
        })
        .map(|words| words.join(" "))
        .collect();
    assert_eq!(covered, offering);
    // `check --list --json`: one object per id, the ids of the text list.
    let (_, listed, _) = gan(&["check", "--list", "--dialect", "qpi"]);
    let (_, json, _) = gan(&["check", "--list", "--json", "--dialect", "qpi"]);
    let ids: Vec<String> = json
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["id"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(ids, listed.lines().collect::<Vec<_>>());
}

/// Every I/O error reads `gan <command> [<subcommand>]: <path>: <reason>`: the files a
/// command reads and writes, standard input and standard output.
#[test]
#[allow(clippy::too_many_lines)] // a case per command
fn every_io_error_has_one_shape() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing");
    let m = missing.display().to_string();
    let nowhere = dir.path().join("no/such/folder/out").display().to_string();
    // (arguments, standard input, standard output, the path the message names)
    let cases: &[(&[&str], &str, &str, &str)] = &[
        (&["parse"], "dir", "", "standard input"),
        (&["parse", "-f", "$M"], "", "", "$M"),
        (&["parse", "C:K"], "", "full", "standard output"),
        (&["detect"], "dir", "", "standard input"),
        (&["detect", "-f", "$M"], "", "", "$M"),
        (&["detect", "c:-k"], "", "full", "standard output"),
        (&["migrate", "--from", "beta"], "dir", "", "standard input"),
        (&["migrate", "--from", "beta", "$M"], "", "", "$M"),
        (
            &[
                "migrate",
                "--from",
                "beta",
                "--map",
                "$M",
                "examples/migrate/old.txt",
            ],
            "",
            "",
            "$M",
        ),
        (
            &[
                "migrate",
                "--from",
                "beta",
                "-o",
                "$NOWHERE",
                "examples/migrate/old.txt",
            ],
            "",
            "",
            "$NOWHERE",
        ),
        (
            &[
                "migrate",
                "--from",
                "beta",
                "--report",
                "$NOWHERE",
                "examples/migrate/old.txt",
            ],
            "",
            "",
            "$NOWHERE",
        ),
        (
            &[
                "migrate",
                "--from",
                "beta",
                "-o",
                "/dev/full",
                "examples/migrate/old.txt",
            ],
            "",
            "",
            "/dev/full",
        ),
        (
            &["migrate", "--from", "beta", "examples/migrate/old.txt"],
            "",
            "full",
            "standard output",
        ),
        (&["migrate", "--ggn", "--from", "beta", "$M"], "", "", "$M"),
        (
            &["migrate", "--ggn", "--from", "beta"],
            "dir",
            "",
            "standard input",
        ),
        (
            &["generate", "--grammar-dir", "$M", "--out", "$NOWHERE"],
            "",
            "",
            "$M/legacy.pest",
        ),
        (
            &["generate", "--oracle", "$M", "--out", "$NOWHERE"],
            "",
            "",
            "$M",
        ),
        (
            &["generate", "--dialect", "qpi", "--out", "$TMP/c"],
            "",
            "full",
            "standard output",
        ),
        (
            &["diff", "conformance", "conformance"],
            "",
            "full",
            "standard output",
        ),
        (&["diff", "conformance", "$M"], "", "", "$M/gan"),
        (&["check", "--skip-file", "$M", "--", "true"], "", "", "$M"),
        (&["check", "--corpus", "$M", "--", "true"], "", "", "$M/gan"),
        (&["check", "--", "$M"], "", "", "$M"),
        (&["check", "--list"], "", "full", "standard output"),
        (&["ggn", "validate", "$M"], "", "", "$M"),
        (&["ggn", "validate", "-"], "dir", "", "standard input"),
        (
            &["ggn", "validate", "--squares", "$M", "examples/ggn/e4.json"],
            "",
            "",
            "$M",
        ),
        (
            &["ggn", "validate", "examples/ggn/e4.json"],
            "",
            "full",
            "standard output",
        ),
        (
            &[
                "ggn",
                "moves",
                "--rules",
                "$M",
                "--board",
                "examples/ggn/board.json",
            ],
            "",
            "",
            "$M",
        ),
        (
            &[
                "ggn",
                "moves",
                "--rules",
                "examples/ggn/rook.json",
                "--board",
                "-",
            ],
            "dir",
            "",
            "standard input",
        ),
        (
            &[
                "ggn",
                "moves",
                "--rules",
                "examples/ggn/rook.json",
                "--board",
                "examples/ggn/board.json",
            ],
            "",
            "full",
            "standard output",
        ),
        (&["report", "matrix", "$M"], "", "", "$M"),
        (&["report", "diff", "$M", "$M"], "", "", "$M"),
        (&["decisions"], "", "full", "standard output"),
        (&["notations"], "", "full", "standard output"),
        (&["completions", "bash"], "", "full", "standard output"),
        (&["man"], "", "full", "standard output"),
        (&["man", "--out", "$M"], "", "", "$M/gan.1"),
    ];
    let mut covered = Vec::new();
    // Every message, for review: `$ gan ARGS` then its standard error, the scratch folder read
    // `$TMP`.
    let mut messages = String::new();
    for (args, stdin, stdout, path) in cases {
        let fill = |text: &str| {
            text.replace("$M", &m)
                .replace("$NOWHERE", &nowhere)
                .replace("$TMP", &dir.path().display().to_string())
        };
        let args: Vec<String> = args.iter().map(|arg| fill(arg)).collect();
        let path = fill(path);
        let mut command = Command::new(env!("CARGO_BIN_EXE_gan"));
        command
            .args(&args)
            .current_dir(root())
            .env_remove("NO_COLOR");
        command.stdin(match *stdin {
            "dir" => Stdio::from(std::fs::File::open("/").unwrap()),
            _ => Stdio::null(),
        });
        command.stdout(match *stdout {
            "full" => Stdio::from(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            ),
            _ => Stdio::null(),
        });
        let output = command.stderr(Stdio::piped()).output().unwrap();
        let stderr = text(&output.stderr);
        let name = if ["ggn", "report"].contains(&args[0].as_str()) {
            args[..2].join(" ")
        } else {
            args[0].clone()
        };
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        let expected = format!("gan {name}: {path}: ");
        let last = stderr.lines().last().unwrap_or_default();
        assert!(
            last.starts_with(&expected) && last.len() > expected.len(),
            "{args:?}: expected {expected:?}…, got {stderr:?}"
        );
        let redirects = match (*stdin, *stdout) {
            ("dir", _) => " < /",
            (_, "full") => " > /dev/full",
            _ => "",
        };
        let scratch = dir.path().display().to_string();
        messages.push_str(
            &format!("$ gan {}{redirects}\n{stderr}", args.join(" ")).replace(&scratch, "$TMP"),
        );
        covered.push(args);
    }
    assert_covers_every_command(&covered);
    insta::assert_snapshot!("io_errors", messages);
}

/// The short help (`-h`) of every command and subcommand on an 80-column terminal, for review
/// of its examples, its `-q` line and its `--color` line.
#[test]
fn short_help_pages() {
    let (leaves, parents) = commands();
    let mut pages: Vec<Vec<String>> = vec![Vec::new()];
    pages.extend(parents);
    pages.extend(leaves);
    pages.sort();
    let mut all = String::new();
    for words in pages {
        let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
        args.push("-h");
        let (code, help, stderr) = gan_in(root(), &args, &[("COLUMNS", "80")]);
        assert_eq!((code, stderr.as_str()), (0, ""), "{args:?}");
        writeln!(all, "$ gan {}\n{help}", args.join(" ")).unwrap();
    }
    insta::assert_snapshot!("short_help", all);
}

/// Every help page (`-h` and `--help` of every command and subcommand) on an 80-column
/// terminal: the examples are not wrapped inside a command (a long one is continued with
/// `\`), and `--color` takes one line.
#[test]
fn help_examples_do_not_wrap_and_color_takes_one_line() {
    let (leaves, parents) = commands();
    let mut pages: Vec<Vec<String>> = vec![Vec::new()];
    pages.extend(leaves);
    pages.extend(parents);
    let mut examples = 0;
    for words in &pages {
        for flag in ["-h", "--help"] {
            let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
            args.push(flag);
            let narrow = gan_in(root(), &args, &[("COLUMNS", "80")]).1;
            let wide = gan_in(root(), &args, &[("COLUMNS", "1000")]).1;
            let section = |page: &str| -> Vec<String> {
                page.lines()
                    .skip_while(|line| *line != "Examples:")
                    .skip(1)
                    .take_while(|line| line.starts_with("  "))
                    .map(str::to_owned)
                    .collect()
            };
            let (shown, unwrapped) = (section(&narrow), section(&wide));
            assert_eq!(
                shown, unwrapped,
                "gan {args:?}: an example wraps at 80 columns"
            );
            for (index, line) in shown.iter().enumerate() {
                assert!(line.chars().count() <= 80, "gan {args:?}: {line}");
                // A line is a command, or the continuation of one that ends in `\`.
                let continued = index > 0 && shown[index - 1].ends_with('\\');
                assert!(
                    continued
                        || line.starts_with("  gan ")
                        || line.starts_with("  printf ")
                        || line.starts_with("  echo "),
                    "gan {args:?}: {line:?}"
                );
                examples += 1;
            }
            // `--color <WHEN>` and its help on one line (or, where every option's help sits
            // under it, one line of help).
            let lines: Vec<&str> = narrow.lines().collect();
            let at = lines
                .iter()
                .position(|line| line.trim_start().starts_with("--color <WHEN>"))
                .unwrap_or_else(|| panic!("gan {args:?}: no --color"));
            let entry: Vec<&str> = lines[at + 1..]
                .iter()
                .take_while(|line| !line.trim().is_empty() && !line.trim_start().starts_with('-'))
                .copied()
                .collect();
            let inline = lines[at].contains("Colors: auto (the default), always or never");
            assert!(
                (inline && entry.is_empty())
                    || (!inline && entry.len() == 1 && entry[0].contains("Colors: auto")),
                "gan {args:?}: --color takes {} lines:\n{}",
                1 + entry.len(),
                lines[at..=at + entry.len()].join("\n")
            );
        }
    }
    assert!(examples >= 60, "{examples}");
}

/// Where per-case mode is offered (`gan check --help`, its `--mode` and docs/check.md), its
/// cost is said.
#[test]
fn per_case_modes_cost_is_said_where_it_is_offered() {
    let page = help(&["check"]);
    let flat = page.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("one process per vector, gan suite only: about 2,000 times batch's CPU per vector with a Python adapter"),
        "{flat}"
    );
    assert!(
        flat.contains("Per-case mode costs a process start per vector"),
        "{flat}"
    );
    // The example runs per-case mode on the vectors only it can send.
    assert!(
        flat.contains("gan check --mode per-case -j 4 --filter '*/invalid-utf8/*' --"),
        "{flat}"
    );
    let (code, listed, _) = gan(&["check", "--list", "--filter", "*/invalid-utf8/*"]);
    assert_eq!(code, 0);
    assert!(
        listed.lines().count() >= 5 * 100,
        "{}",
        listed.lines().count()
    );
    let docs = std::fs::read_to_string(root().join("docs/check.md")).unwrap();
    let docs = docs.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        docs.contains("Per-case mode costs a process start per vector"),
        "docs/check.md"
    );
}

/// `gan man --out DIR`: one page per command and subcommand, named as `man` finds them
/// (`gan-ggn-validate.1`), each the page of its command; `gan man` prints them all.
#[test]
fn man_out_writes_a_page_per_command_and_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().display().to_string();
    let (code, stdout, stderr) = gan(&["man", "--out", &out]);
    assert_eq!((code, stderr.as_str()), (0, ""));
    let (leaves, parents) = commands();
    let mut expected: BTreeSet<String> = leaves
        .iter()
        .chain(&parents)
        .map(|words| format!("gan-{}.1", words.join("-")))
        .collect();
    expected.insert("gan.1".to_owned());
    assert!(expected.contains("gan-ggn-validate.1") && expected.contains("gan-report-matrix.1"));
    let written: BTreeSet<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(written, expected);
    assert_eq!(stdout.lines().count(), expected.len());
    assert!(stdout.contains(&format!("wrote {out}/gan-ggn-validate.1\n")));
    let mut all = String::new();
    let (_, printed, _) = gan(&["man"]);
    for words in std::iter::once(Vec::new()).chain(leaves.iter().chain(&parents).cloned()) {
        let name = if words.is_empty() {
            "gan".to_owned()
        } else {
            format!("gan-{}", words.join("-"))
        };
        let page = std::fs::read_to_string(dir.path().join(format!("{name}.1"))).unwrap();
        assert!(
            page.starts_with(&format!(
                ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.TH {name} 1 "
            )),
            "{name}: {}",
            &page[..page.len().min(200)]
        );
        assert!(printed.contains(&page), "gan man prints {name}");
        all.push_str(&page);
        if let Some(last) = words.last() {
            // The page's synopsis names its command words.
            assert!(
                page.contains(&format!("\\fB{}\\fR", words.join(" "))) || page.contains(last),
                "{name}"
            );
        }
    }
    assert_eq!(
        all.len(),
        printed.len(),
        "gan man prints every page, nothing else"
    );
    let validate = std::fs::read_to_string(dir.path().join("gan-ggn-validate.1")).unwrap();
    for option in ["squares", "strict", "quiet", "json", "max\\-depth"] {
        assert!(
            validate.contains(&format!("\\fB\\-\\-{option}\\fR")),
            "--{option}"
        );
    }
    // A folder that does not exist: nothing written, the path in the error.
    let missing = dir.path().join("missing").display().to_string();
    let (code, _, stderr) = gan(&["man", "--out", &missing]);
    assert_eq!(code, 2);
    assert!(
        stderr.starts_with(&format!("gan man: {missing}/gan.1: No such file")),
        "{stderr}"
    );
}
