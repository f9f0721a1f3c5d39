//! One limit per input, said when it is reached: a `--squares` list over `--max-size` is an
//! error naming the limit (never silently cut), and a conversion is checked against the same
//! `--max-bytes` as its input, with messages of bounded length.

use crate::util::{gan_std, run_bounded};

#[test]
fn a_squares_list_over_the_size_limit_is_an_error_naming_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    // 300 squares, one per line (about 1.5 KB); the document uses the last one.
    let squares: Vec<String> = (0..300).map(|i| format!("s{i:03}")).collect();
    let squares = squares.join("\n") + "\n";
    std::fs::write(dir.path().join("squares.txt"), &squares).unwrap();
    std::fs::write(
        dir.path().join("doc.json"),
        r#"{"GAME:K": {"s000": {"s299": [{"perform": {"s000": null, "s299": "GAME:K"}}]}}}"#,
    )
    .unwrap();
    let validate = |max_size: &str| {
        run_bounded(
            gan_std()
                .args([
                    "ggn",
                    "validate",
                    "--dialect",
                    "legacy",
                    "--max-size",
                    max_size,
                    "--squares",
                    "squares.txt",
                    "doc.json",
                ])
                .current_dir(dir.path()),
            60,
        )
    };
    let run = validate("100000");
    assert_eq!(run.code, Some(0), "within the limit: {}", run.stderr);
    let run = validate("1000");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("squares.txt") && run.stderr.contains("1000 bytes"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_conversion_is_checked_against_the_same_limit_as_its_input() {
    // A valid beta identifier of 70 KB (over the library's default of 64 KiB, under
    // `--max-bytes`' 1 MiB) converts.
    let dir = tempfile::tempdir().unwrap();
    let style = "A".repeat(70_000);
    let input = dir.path().join("long.txt");
    std::fs::write(&input, format!("{style}:K\n")).unwrap();
    let run = run_bounded(
        gan_std()
            .args(["migrate", "--from", "beta", "--to", "snn-pin"])
            .stdin(std::fs::File::open(&input).unwrap()),
        60,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        format!("{style}:K\n")
    );
}

#[test]
fn an_output_over_the_limit_is_a_bounded_error() {
    let dir = tempfile::tempdir().unwrap();
    // A user table whose style is 2 MB long: every output would be over 1 MiB.
    let table = format!("[styles]\nc = \"{}\"\n", "Q".repeat(2_000_000));
    std::fs::write(dir.path().join("map.toml"), table).unwrap();
    std::fs::write(dir.path().join("ids.txt"), "c:k\nc:q\nc:r\n").unwrap();
    let run = run_bounded(
        gan_std()
            .args([
                "migrate", "--from", "beta", "--to", "snn-pin", "--map", "map.toml", "ids.txt",
            ])
            .current_dir(dir.path()),
        60,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(lines.len() >= 3, "{lines:?}");
    for line in &lines {
        assert!(line.len() < 1000, "a message of {} bytes", line.len());
        assert!(!line.contains("internal"), "{line}");
    }
    assert!(
        lines[0].contains("too-long") && lines[0].contains("1048576"),
        "the code and the limit: {}",
        lines[0]
    );
}
