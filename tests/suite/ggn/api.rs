//! The public API around validation: results, options, the dialect (G1).

use gan::ggn::{codes, validate, Options};
use gan::Dialect;

use super::examples::E8;

#[test]
fn into_result_keeps_warnings_with_the_document() {
    let json =
        r#"{"A:A": {"a1": {"a2": [{"prevent": {"a1": "empty"}, "perform": {"a2": "A:A"}}]}}}"#;
    let (document, warnings) = validate(json.as_bytes(), &Options::default())
        .into_result()
        .unwrap();
    assert_eq!(document.pieces(), ["A:A"]);
    assert_eq!(warnings.len(), 1);
    assert_eq!(warnings[0].code, codes::REDUNDANT);
    let errors = validate(E8.as_bytes(), &Options::default())
        .into_result()
        .unwrap_err();
    assert_eq!(errors[0].code, "case-mismatch");
    assert_eq!((errors[0].line, errors[0].column), (None, None));
}

#[test]
fn gan_errors_carry_the_dialect_message_and_hint() {
    let validation = validate(E8.as_bytes(), &Options::default());
    let error = &validation.diagnostics()[0];
    assert_eq!(
        error.message,
        "require state \"CHESS:p\" is not a valid snn-pin identifier: case mismatch at byte 6: \
         'p' is lowercase, but the identifier is uppercase; all its letters share one case \
         (did you mean 'chess:p'?)"
    );
}

#[test]
fn g1_the_dialect_is_an_option_and_snn_pin_by_default() {
    assert_eq!(Options::default().dialect, Dialect::SnnPin);
    // `'` (pnn's intermediate mark) and digits in a style (snn-pin) tell the two apart.
    let pnn_only =
        r#"{"SHOGI:+P'": {"1g": {"1f": [{"perform": {"1g": null, "1f": "SHOGI:+P'"}}]}}}"#;
    let snn_pin_only =
        r#"{"CHESS960:K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS960:K"}}]}}}"#;
    let pnn = Options::in_dialect(Dialect::Pnn);
    assert!(validate(pnn_only.as_bytes(), &pnn).is_valid());
    assert!(!validate(snn_pin_only.as_bytes(), &pnn).is_valid());
    let snn_pin = Options::default();
    assert!(!validate(pnn_only.as_bytes(), &snn_pin).is_valid());
    assert!(validate(snn_pin_only.as_bytes(), &snn_pin).is_valid());
    let found = validate(pnn_only.as_bytes(), &snn_pin);
    let codes: Vec<_> = found
        .diagnostics()
        .iter()
        .map(|d| (d.code, d.pointer.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            ("unexpected-char", "/SHOGI:+P'"),
            ("unexpected-char", "/SHOGI:+P'/1g/1f/0/perform/1f")
        ]
    );
}

#[test]
fn g2_en_passant_is_case_mismatch_in_pnn_too() {
    let validation = validate(E8.as_bytes(), &Options::in_dialect(Dialect::Pnn));
    let error = &validation.diagnostics()[0];
    assert_eq!(error.code, "case-mismatch");
    assert!(
        error.message.contains("not a valid pnn identifier"),
        "{}",
        error.message
    );
    assert!(error.message.contains("'chess:p'"), "{}", error.message);
}
