//! The checks between conditions: G10 (implicit requirement), G11 (consistency), G13.

use super::{at, diagnostics_with, error, summarize, summary, valid, variant, warning};
use gan::ggn::{codes, Options, Severity};

const MOVE: &str = r#""perform": {"e2": null, "e4": "CHESS:P"}"#;

fn with(members: &str) -> String {
    variant(&format!("{members}, {MOVE}"))
}

#[test]
fn implicit_requirement_is_an_error() {
    error(
        &with(r#""require": {"e2": "CHESS:P"}"#),
        codes::IMPLICIT_REQUIREMENT,
        &at("/require/e2"),
    );
}

#[test]
fn require_at_source_otherwise_is_unsatisfiable() {
    for state in ["empty", "enemy", "CHESS:Q", "chess:p"] {
        warning(
            &with(&format!(r#""require": {{"e2": "{state}"}}"#)),
            codes::UNSATISFIABLE,
            &at("/require/e2"),
        );
    }
}

#[test]
fn prevent_source_piece_is_unsatisfiable() {
    warning(
        &with(r#""prevent": {"e2": "CHESS:P"}"#),
        codes::UNSATISFIABLE,
        &at("/prevent/e2"),
    );
}

#[test]
fn prevent_at_source_otherwise_is_redundant() {
    for state in ["empty", "enemy", "CHESS:Q", "chess:p"] {
        warning(
            &with(&format!(r#""prevent": {{"e2": "{state}"}}"#)),
            codes::REDUNDANT,
            &at("/prevent/e2"),
        );
    }
}

#[test]
fn strict_makes_every_warning_an_error() {
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    for (members, code, pointer) in [
        (
            r#""require": {"e2": "empty"}"#,
            codes::UNSATISFIABLE,
            "/require/e2",
        ),
        (
            r#""prevent": {"e2": "empty"}"#,
            codes::REDUNDANT,
            "/prevent/e2",
        ),
    ] {
        let found = diagnostics_with(&with(members), &strict);
        assert_eq!(
            summarize(&found),
            [(code, Severity::Error, at(pointer))],
            "{members}"
        );
        let validation = gan::ggn::validate(with(members).as_bytes(), &strict);
        assert!(!validation.is_valid());
        assert!(gan::ggn::validate(with(members).as_bytes(), &Options::default()).is_valid());
    }
}

#[test]
fn same_state_in_require_and_prevent_is_a_conflict() {
    for state in ["empty", "enemy", "chess:q", "ally"] {
        let json = with(&format!(
            r#""require": {{"e3": "{state}"}}, "prevent": {{"e3": "{state}"}}"#
        ));
        let found = summary(&json);
        assert!(
            found.contains(&(
                codes::REQUIRE_PREVENT_CONFLICT,
                Severity::Error,
                at("/prevent/e3")
            )),
            "{state}: {found:?}"
        );
    }
}

#[test]
fn conflict_needs_the_same_square() {
    valid(&with(
        r#""require": {"e3": "empty"}, "prevent": {"e4": "empty"}"#,
    ));
}

#[test]
fn g11_disjoint_pairs_are_redundant() {
    // The source piece CHESS:P is of the first side: "chess:q" is an enemy, "CHESS:Q" an ally.
    for (r, p) in [
        ("empty", "enemy"),
        ("empty", "chess:q"),
        ("enemy", "empty"),
        ("enemy", "CHESS:Q"),
        ("chess:q", "empty"),
        ("CHESS:Q", "enemy"),
        ("CHESS:Q", "CHESS:R"),
        ("chess:q", "chess:r"),
    ] {
        let json = with(&format!(
            r#""require": {{"e3": "{r}"}}, "prevent": {{"e3": "{p}"}}"#
        ));
        warning(&json, codes::REDUNDANT, &at("/prevent/e3"));
    }
}

#[test]
fn g11_enemy_piece_with_prevent_enemy_is_unsatisfiable() {
    let json = with(r#""require": {"e3": "chess:q"}, "prevent": {"e3": "enemy"}"#);
    warning(&json, codes::UNSATISFIABLE, &at("/prevent/e3"));
}

#[test]
fn g11_any_enemy_but_one_is_meaningful() {
    valid(&with(
        r#""require": {"e3": "enemy"}, "prevent": {"e3": "chess:k"}"#,
    ));
}

#[test]
fn g13_cases_are_silent() {
    // Source equal to destination, perform not vacating the source, changing side and
    // style, squares named only in perform.
    valid(r#"{"CHESS:P": {"e2": {"e2": [{"perform": {"e2": "shogi:+p", "h8": null}}]}}}"#);
    valid(&variant(r#""perform": {"e4": "CHESS:P"}"#));
}

#[test]
fn identical_variants_are_a_warning() {
    let a =
        r#"{"require": {"e3": "empty", "e4": "empty"}, "perform": {"e2": null, "e4": "CHESS:P"}}"#;
    let b =
        r#"{"perform": {"e4": "CHESS:P", "e2": null}, "require": {"e4": "empty", "e3": "empty"}}"#;
    let c =
        r#"{"perform": {"e4": "CHESS:Q", "e2": null}, "require": {"e4": "empty", "e3": "empty"}}"#;
    let json = format!(r#"{{"CHESS:P": {{"e2": {{"e4": [{a}, {c}, {b}]}}}}}}"#);
    let d = warning(&json, codes::DUPLICATE_VARIANT, "/CHESS:P/e2/e4/2");
    assert_eq!(d.message, "variant 2 is identical to variant 0");
}

#[test]
fn logic_skips_invalid_values() {
    // An invalid state is reported once, with no relation warning on top.
    error(
        &with(r#""require": {"e3": "chess:Q"}, "prevent": {"e3": "enemy"}"#),
        "case-mismatch",
        &at("/require/e3"),
    );
}
