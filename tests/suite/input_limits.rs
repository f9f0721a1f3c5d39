//! One limit per input, said when it is reached: a `--squares` list over `--max-size` is an
//! error naming the limit (never silently cut), and a conversion is checked against the same
//! `--max-bytes` as its input, with messages of bounded length.

use crate::util::{gan_std, run_bounded};

#[test]
fn a_squares_list_over_the_size_limit_is_an_error_naming_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    // 300 squares, one per line (about 1.5 KB); the document uses the last one.
    let squares: String = (0..300).map(|i| format!("s{i:03}\n")).collect();
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