//! The table of codes in `codes.rs` lists every code exactly once; codes are kebab-case.

use gan::ggn::codes;

const SOURCE: &str = include_str!("../../../src/ggn/codes.rs");

#[test]
fn the_table_lists_every_code_once() {
    let rows: Vec<&str> = SOURCE
        .lines()
        .filter_map(|line| line.strip_prefix("//! | `"))
        .filter_map(|rest| rest.split('`').next())
        .collect();
    assert_eq!(rows, codes::ALL);
}

#[test]
fn codes_are_kebab_case_and_distinct() {
    let mut seen = std::collections::HashSet::new();
    for code in codes::ALL {
        assert!(
            code.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{code}"
        );
        assert!(seen.insert(code), "{code}");
    }
}

#[test]
fn pointers_escape_tilde_and_slash() {
    let json = r#"{"CHESS:P": {"a/b": {"c~d": [{"require": {"~/": "ally"}, "perform": {"c~d": "CHESS:P"}}]}}}"#;
    super::error(
        json,
        codes::INVALID_STATE,
        "/CHESS:P/a~1b/c~0d/0/require/~0~1",
    );
}
