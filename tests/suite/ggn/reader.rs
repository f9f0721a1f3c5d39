//! The reader: UTF-8, size and depth limits, syntax errors, duplicate-preserving trees.

use super::{diagnostics, diagnostics_with};
use gan::ggn::reader::{read, Limits, NodeKind, ReadErrorKind};
use gan::ggn::{codes, validate, Options};

#[test]
fn keeps_every_member_in_order() {
    let node = read(
        br#"{"b": 1, "a": [true, null, "x", -2.5], "b": {}}"#,
        &Limits::default(),
    )
    .unwrap();
    let members = node.as_object().unwrap();
    let keys: Vec<_> = members.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["b", "a", "b"]);
    let types: Vec<_> = members[1]
        .1
        .as_array()
        .unwrap()
        .iter()
        .map(gan::ggn::reader::Node::type_name)
        .collect();
    assert_eq!(types, ["boolean", "null", "string", "number"]);
    assert!(matches!(members[0].1.kind(), NodeKind::Number(n) if n.as_u64() == Some(1)));
}

#[test]
fn not_utf8_has_a_byte_offset() {
    let input = b"{\n  \"CHESS:P\": \"\xff\"}";
    let found = validate(input, &Options::default()).diagnostics().to_vec();
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].code, found[0].line, found[0].column),
        (codes::INVALID_UTF8, Some(2), Some(15))
    );
    assert!(found[0].message.contains("byte 16"), "{}", found[0].message);
    // An overlong encoding and a lone surrogate are not UTF-8 either.
    assert_eq!(
        read(b"\"\xc0\xaf\"", &Limits::default())
            .unwrap_err()
            .kind(),
        ReadErrorKind::InvalidUtf8
    );
    assert_eq!(
        read(b"\"\xed\xa0\x80\"", &Limits::default())
            .unwrap_err()
            .kind(),
        ReadErrorKind::InvalidUtf8
    );
}

#[test]
fn malformed_json_has_line_and_column() {
    let found = diagnostics("{\n  \"CHESS:P\": {,}\n}");
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].code, found[0].line, found[0].column),
        (codes::INVALID_JSON, Some(2), Some(15))
    );
    assert!(
        found[0].message.starts_with("malformed JSON: "),
        "{}",
        found[0].message
    );
    assert!(
        !found[0].message.contains(" at line "),
        "{}",
        found[0].message
    );
    for bad in [
        "",
        "{",
        "{} {}",
        "{\"a\": 1,}",
        "\u{feff}{}",
        "{'a': 1}",
        "{\"a\": NaN}",
        "{\"a\": 1e999}",
    ] {
        assert_eq!(diagnostics(bad)[0].code, codes::INVALID_JSON, "{bad:?}");
    }
}

#[test]
fn too_large() {
    let options = Options {
        limits: Limits {
            max_size: 10,
            ..Limits::default()
        },
        ..Options::default()
    };
    assert_eq!(diagnostics_with("{ }", &options), []);
    let found = diagnostics_with("{          }", &options);
    assert_eq!((found[0].code, found[0].line), (codes::TOO_LARGE, None));
    assert_eq!(Limits::default().max_size, 16 * 1024 * 1024);
}

#[test]
fn too_deep_at_the_default_limit() {
    let nested = |depth: usize| {
        format!(
            r#"{{"a": {}1{}}}"#,
            "[".repeat(depth - 1),
            "]".repeat(depth - 1)
        )
    };
    assert_eq!(
        read(nested(64).as_bytes(), &Limits::default()).map(|_| ()),
        Ok(())
    );
    let error = read(nested(65).as_bytes(), &Limits::default()).unwrap_err();
    assert_eq!(error.kind(), ReadErrorKind::TooDeep);
    assert_eq!(
        error.message(),
        "arrays and objects nest deeper than 64 levels"
    );
    assert_eq!((error.line(), error.column()), (Some(1), Some(70)));
}

#[test]
fn hundred_thousand_brackets_do_not_overflow() {
    let input = "[".repeat(100_000);
    let found = diagnostics(&input);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code, codes::TOO_DEEP);
    let input = format!("{}{}", "{\"a\":".repeat(100_000), "}".repeat(100_000));
    assert_eq!(diagnostics(&input)[0].code, codes::TOO_DEEP);
}

#[test]
fn serde_json_limit_is_too_deep_too() {
    let limits = Limits {
        max_depth: 1000,
        ..Limits::default()
    };
    let error = read("[".repeat(100_000).as_bytes(), &limits).unwrap_err();
    assert_eq!(error.kind(), ReadErrorKind::TooDeep);
    assert_eq!(
        error.message(),
        "arrays and objects nest deeper than 127 levels"
    );
    assert!(read(
        format!("{}{}", "[".repeat(100), "]".repeat(100)).as_bytes(),
        &limits
    )
    .is_ok());
}

#[test]
fn duplicates_survive_unicode_escapes_and_big_numbers() {
    let node = read(
        br#"{"\u00e9": 18446744073709551615, "\u00e9": -9223372036854775808}"#,
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(node.as_object().unwrap().len(), 2);
    assert_eq!(node.as_object().unwrap()[0].0, "é");
}
