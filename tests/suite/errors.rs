//! One test per error code (D12), spans, and every message pinned by a snapshot.

use gan::{Dialect, ErrorKind, Limits};

use crate::util::parse_err;

#[test]
fn each_code_once() {
    let too_long = Dialect::SnnPin
        .parse_with(b"CHESS:K", Limits { max_len: Some(4) })
        .unwrap_err();
    assert_eq!((too_long.code(), too_long.offset()), ("too-long", 4));
    let utf8 = Dialect::SnnPin.parse(b"C:\xffK").unwrap_err();
    assert_eq!(
        (utf8.code(), utf8.offset(), utf8.span().end),
        ("invalid-utf8", 2, 3)
    );
    parse_err(Dialect::SnnPin, "", "empty", 0);
    parse_err(Dialect::SnnPin, "C:\u{212A}", "non-ascii", 2);
    parse_err(Dialect::SnnPin, "CHESS:k", "case-mismatch", 6);
    parse_err(Dialect::SnnPin, "CHESS", "missing-separator", 5);
    parse_err(Dialect::SnnPin, "C:+", "unexpected-end", 3);
    parse_err(Dialect::SnnPin, "C:K'", "unexpected-char", 3);
}

#[test]
fn precedence_follows_d12() {
    // too-long beats invalid UTF-8; invalid UTF-8 beats everything after it.
    let error = Dialect::Qpi
        .parse_with(b"\xff\xff\xff", Limits { max_len: Some(2) })
        .unwrap_err();
    assert_eq!(error.code(), "too-long");
    let error = Dialect::Qpi.parse(b"CHESS\xff").unwrap_err();
    assert_eq!((error.code(), error.offset()), ("invalid-utf8", 5));
    // case-mismatch beats missing-separator (no ':' in `cH`).
    parse_err(Dialect::SnnPin, "cH", "case-mismatch", 1);
    // missing-separator beats unexpected-end and unexpected-char (offset > 0 only).
    parse_err(Dialect::SnnPin, "CHESS\n", "missing-separator", 5);
    parse_err(Dialect::SnnPin, "1", "unexpected-char", 0);
    // A limit that is not exceeded changes nothing.
    let within = Dialect::SnnPin.parse_with(b"C:K", Limits { max_len: Some(3) });
    assert!(within.is_ok());
}

#[test]
fn spans_cover_the_offending_character() {
    let error = parse_err(Dialect::SnnPin, "C:\u{212A}", "non-ascii", 2);
    assert_eq!((error.span().start, error.span().end), (2, 5));
    let error = parse_err(Dialect::SnnPin, "C:", "unexpected-end", 2);
    assert_eq!((error.span().start, error.span().end), (2, 2));
    assert_eq!(error.dialect(), Dialect::SnnPin);
    assert_eq!(error.kind(), ErrorKind::UnexpectedEnd);
}

#[test]
fn codes_are_stable_and_round_trip() {
    let codes: Vec<&str> = ErrorKind::ALL.iter().map(|kind| kind.code()).collect();
    assert_eq!(
        codes,
        [
            "too-long",
            "invalid-utf8",
            "empty",
            "non-ascii",
            "case-mismatch",
            "missing-separator",
            "unexpected-end",
            "unexpected-char"
        ]
    );
    for kind in ErrorKind::ALL {
        assert_eq!(ErrorKind::from_code(kind.code()), Some(kind));
        assert_eq!(kind.to_string(), kind.code());
    }
    assert_eq!(ErrorKind::from_code("nope"), None);
}

#[test]
fn messages() {
    let cases: &[(Dialect, &[u8])] = &[
        (Dialect::SnnPin, b"1ABC"),
        (Dialect::SnnPin, b"CHESS:k"),
        (Dialect::SnnPin, b"cHESS:K"),
        (Dialect::SnnPin, b"CHESS"),
        (Dialect::SnnPin, b"C:"),
        (Dialect::SnnPin, b"C:K'"),
        (Dialect::SnnPin, b"C:K\n"),
        (Dialect::SnnPin, b""),
        (Dialect::SnnPin, b"C:\xe2\x84\xaa"),
        (Dialect::SnnPin, b"C:\xff"),
        (Dialect::Legacy, b"CHESS:K1"),
        (Dialect::Legacy, b"CHESS:"),
        (Dialect::Beta, b"C:-+K"),
        (Dialect::Beta, b"c:+-"),
        (Dialect::Pnn, b"CHESS:K''"),
        (Dialect::Pnn, b"CHESS:p"),
        (Dialect::Qpi, b"CHESS:K"),
        (Dialect::Qpi, b"c:K"),
    ];
    let lines: Vec<String> = cases
        .iter()
        .map(|(dialect, input)| {
            let error = dialect.parse(input).unwrap_err();
            format!(
                "{dialect} {:?}: [{}] {error}",
                String::from_utf8_lossy(input),
                error.code()
            )
        })
        .collect();
    insta::assert_snapshot!(lines.join("\n"));
    let long = Dialect::SnnPin
        .parse_with(b"CHESS:K", Limits { max_len: Some(4) })
        .unwrap_err();
    insta::assert_snapshot!("too_long", long.to_string());
}

#[test]
fn the_error_table_lists_every_code_with_its_rule() {
    let page =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/parse.md")).unwrap();
    for kind in ErrorKind::ALL {
        let row = format!("| `{}` | {} |", kind.code(), kind.rule());
        assert!(page.contains(&row), "docs/parse.md lacks the row {row}");
    }
}
