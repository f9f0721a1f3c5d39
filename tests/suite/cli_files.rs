//! `gan parse -f FILE` and `gan detect -f FILE`: files read in order as one input, `-` for
//! standard input, and a hint when an identifier given as an argument names a file.

use std::path::Path;

use crate::util::{gan_command as gan, outcome};

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// Files one after the other, standard input where `-` stands, line numbers counted across
/// them; each file's last line ends with its file, and keeps a last CR, as it would alone.
#[test]
fn files_are_read_in_order_as_one_input() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.txt", b"C:K\nC:k");
    let b = write(dir.path(), "b.txt", b"1ABC\r\nC:Q\r");
    let (code, stdout, stderr) = outcome(
        gan().args(["parse", "--invalid-only", "-f", &a, "-f", "-", "-f", &b]),
        b"S:p\nbad!",
    );
    assert_eq!((code, stderr.as_str()), (1, ""));
    assert_eq!(
        stdout,
        "2:\"C:k\": case-mismatch at byte 2\n\
         3:\"S:p\": case-mismatch at byte 2\n\
         4:\"bad!\": missing-separator at byte 3\n\
         5:\"1ABC\": unexpected-char at byte 0\n\
         6:\"C:Q\\r\": unexpected-char at byte 3\n"
    );
    // The same as the files joined by hand, each ended.
    let (_, joined, _) = outcome(
        gan().args(["parse", "--invalid-only"]),
        b"C:K\nC:k\nS:p\nbad!\n1ABC\r\nC:Q\r",
    );
    assert_eq!(joined, stdout);
    let (code, stdout, _) = outcome(gan().args(["detect", "--json", "-f", &a, "-f", &b]), b"");
    assert_eq!(code, 1);
    let inputs: Vec<String> = stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["input"].to_string())
        .collect();
    assert_eq!(inputs, ["\"C:K\"", "\"C:k\"", "\"1ABC\"", "\"C:Q\\r\""]);
    // -z: NUL-separated, a NUL between files.
    let z1 = write(dir.path(), "z1", b"C:K\0C:\nK");
    let z2 = write(dir.path(), "z2", b"C:Q");
    let (code, stdout, _) = outcome(
        gan().args(["parse", "-z", "--count", "-f", &z1, "-f", &z2]),
        b"",
    );
    assert_eq!(
        (code, stdout.as_str()),
        (1, "valid 2\ninvalid 1\nunexpected-char 1\n")
    );
}

/// A missing file fails before any output; standard input can be named once; `-f` and IDs
/// do not mix.
#[test]
fn file_errors_come_before_any_output() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.txt", b"C:K\n");
    let missing = dir.path().join("missing").display().to_string();
    for command in ["parse", "detect"] {
        let (code, stdout, stderr) = outcome(gan().args([command, "-f", &a, "-f", &missing]), b"");
        assert_eq!((code, stdout.as_str()), (2, ""), "{command}");
        assert_eq!(
            stderr,
            format!("gan {command}: {missing}: No such file or directory (os error 2)\n")
        );
        let (code, _, stderr) = outcome(gan().args([command, "-f", "-", "-f", "-"]), b"");
        assert_eq!(
            (code, stderr),
            (
                2,
                format!("gan {command}: standard input ('-') can be read only once\n")
            )
        );
        let (code, _, stderr) = outcome(gan().args([command, "-f", &a, "C:K"]), b"");
        assert_eq!(code, 2);
        assert!(stderr.contains("cannot be used with"), "{stderr}");
    }
}

/// An identifier that is rejected and names an existing file: the error says to use -f.
#[test]
fn an_argument_naming_a_file_gets_a_hint_to_use_f() {
    let root = env!("CARGO_MANIFEST_DIR");
    let (code, stdout, stderr) = outcome(
        gan()
            .current_dir(root)
            .args(["parse", "C:K", "examples/spec-examples.txt"]),
        b"",
    );
    assert_eq!(code, 1);
    assert!(stdout.starts_with("\"C:K\": valid snn-pin"), "{stdout}");
    assert_eq!(
        stderr,
        "gan parse: examples/spec-examples.txt: is a file; to parse its lines, use -f \
         examples/spec-examples.txt\n"
    );
    let (code, _, stderr) = outcome(
        gan()
            .current_dir(root)
            .args(["detect", "examples/spec-examples.txt"]),
        b"",
    );
    assert_eq!(code, 1);
    assert_eq!(
        stderr,
        "gan detect: examples/spec-examples.txt: is a file; to detect its lines, use -f \
         examples/spec-examples.txt\n"
    );
    // A valid identifier that is also a file name gets no hint; nor a missing file, nor -q.
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "C:K", b"");
    for args in [
        &["parse", "C:K"][..],
        &["parse", "no-such-file"],
        &["detect", "C:K"],
        &["parse", "-q", "examples/spec-examples.txt"],
    ] {
        let folder = if args.contains(&"C:K") {
            dir.path()
        } else {
            Path::new(root)
        };
        let (_, _, stderr) = outcome(gan().current_dir(folder).args(args), b"");
        assert_eq!(stderr, "", "{args:?}");
    }
    // And the file read with -f: its lines.
    let (_, stdout, _) = outcome(
        gan()
            .current_dir(root)
            .args(["parse", "--count", "-f", "examples/spec-examples.txt"]),
        b"",
    );
    assert!(stdout.starts_with("valid 10\n"), "{stdout}");
}
