//! Round-trip properties of the conversions (proptest): where both directions are exact,
//! A → B → A is the identity; otherwise a conversion reports the loss (M7). A table row
//! (a legacy word, a beta style abbreviation) is a translation, not a loss: its round trip
//! is stable rather than the identity.

use gan::convert::tables::BETA_STYLES;
use gan::convert::{Converter, Options};
use gan::Dialect;
use proptest::prelude::*;

const STYLES: &str = "(CHESS|SHOGI|XIANGQI|MAKRUK|JANGGI|OGI|C|S|X|M|J|O|[A-Z]{1,8})";

/// Valid identifiers of `dialect`, on both sides, leaning on the tables' keys.
fn identifier(dialect: Dialect) -> BoxedStrategy<String> {
    let body: BoxedStrategy<String> = match dialect {
        Dialect::Legacy => (
            STYLES,
            "(KING|QUEEN|ROOK|BISHOP|KNIGHT|PAWN|GOLD|SILVER|LANCE|DRAGON|[A-Z]|[A-Z]{2,6})",
        )
            .prop_map(|(style, piece)| format!("{style}:{piece}"))
            .boxed(),
        Dialect::Beta => (
            "(C|S|X|M|J|CHESS|[A-Z][A-Z0-9_]{0,8})",
            "\\+?-?",
            "([A-Z]|[A-Z][A-Z0-9_]{1,4})",
        )
            .prop_map(|(style, flags, piece)| format!("{style}:{flags}{piece}"))
            .boxed(),
        Dialect::Pnn => (STYLES, "[-+]?", "[A-Z]", "'?")
            .prop_map(|(style, prefix, letter, suffix)| format!("{style}:{prefix}{letter}{suffix}"))
            .boxed(),
        Dialect::SnnPin => (
            proptest::string::string_regex(&format!("({STYLES}|[A-Z][A-Z0-9]{{0,8}})")).unwrap(),
            "[-+]?",
            "[A-Z]",
        )
            .prop_map(|(style, prefix, letter)| format!("{style}:{prefix}{letter}"))
            .boxed(),
        Dialect::Qpi => ("[A-Z]", "[-+]?", "[A-Z]")
            .prop_map(|(style, prefix, letter)| format!("{style}:{prefix}{letter}"))
            .boxed(),
        _ => panic!("no identifiers for {dialect}"),
    };
    (body, any::<bool>())
        .prop_map(|(text, first)| {
            if first {
                text
            } else {
                text.to_ascii_lowercase()
            }
        })
        .boxed()
}

fn pair_and_identifier() -> impl Strategy<Value = (Dialect, Dialect, String)> {
    (0..5usize, 0..5usize).prop_flat_map(|(a, b)| {
        let (from, to) = (Dialect::ALL[a], Dialect::ALL[b]);
        identifier(from).prop_map(move |text| (from, to, text))
    })
}

/// Whether a table row translates `text` when it leaves `dialect` (M2 words, M3 styles).
fn translated(dialect: Dialect, text: &str) -> bool {
    let (style, piece) = text.split_once(':').expect("a valid identifier");
    match dialect {
        Dialect::Legacy => piece.len() > 1,
        Dialect::Beta => BETA_STYLES
            .iter()
            .any(|row| row.key.eq_ignore_ascii_case(style)),
        _ => false,
    }
}

fn convert(from: Dialect, to: Dialect, text: &str) -> gan::convert::Conversion {
    Converter::new(from, to, Options::default()).convert(text.as_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Every conversion gives a valid identifier of the target on the same side, with warnings
    /// only, or no output and an error.
    #[test]
    fn output_is_valid_and_keeps_the_side((from, to, text) in pair_and_identifier()) {
        let source = from.parse(text.as_bytes()).expect("the strategy makes valid identifiers");
        let conversion = convert(from, to, &text);
        match conversion.output() {
            Some(actor) => {
                let written = actor.to_string();
                let reparsed = to.parse(written.as_bytes());
                prop_assert!(reparsed.is_ok(), "{written:?} is not valid {to}");
                prop_assert_eq!(actor.side(), source.side());
                prop_assert!(conversion.error().is_none());
            }
            None => prop_assert!(conversion.error().is_some(), "rejected without an error"),
        }
    }

    /// A → B → A: the identity when both legs are exact and no table row translated; when a row
    /// did, the result is a fixed point of the round trip; otherwise a leg reported the loss.
    #[test]
    fn round_trip((from, to, text) in pair_and_identifier()) {
        let there = convert(from, to, &text);
        let Some(middle) = there.output_text() else { return Ok(()) };
        let back = convert(to, from, &middle);
        let Some(again) = back.output_text() else {
            prop_assert!(back.error().is_some());
            return Ok(());
        };
        let exact = there.is_exact() && back.is_exact();
        if again != text {
            prop_assert!(
                !exact || translated(from, &text) || translated(to, &middle),
                "{from} {text:?} → {to} {middle:?} → {again:?}: changed without a diagnostic"
            );
            if exact {
                // Only a table row changed it: after one round trip the value is a fixed
                // point (the translation happened once). A reported loss may go on changing
                // it (`x_` loses its `_` and becomes the table key `x`).
                let there_again = convert(from, to, &again).output_text();
                prop_assert!(there_again.is_some());
                let stable = convert(to, from, &there_again.unwrap()).output_text();
                prop_assert_eq!(stable, Some(again));
            }
        }
    }

    /// The exact domains of docs/DECISIONS.md §3 round-trip exactly: snn-pin ↔ qpi on the family
    /// table, snn-pin ↔ pnn on letter styles, snn-pin ↔ legacy without a state, snn-pin ↔ beta
    /// without '-', in both orders.
    #[test]
    fn exact_domains_are_the_identity(
        family in "(CHESS|SHOGI|XIANGQI|MAKRUK|JANGGI|OGI)",
        style in "[A-Z]{1,8}",
        prefix in "[-+]?",
        letter in "[A-Z]",
        first in any::<bool>(),
    ) {
        let side = |text: String| if first { text } else { text.to_ascii_lowercase() };
        let beta_prefix = if prefix == "-" { "" } else { prefix.as_str() };
        let style_is_beta_key = BETA_STYLES.iter().any(|row| row.key.eq_ignore_ascii_case(&style));
        let cases = [
            (Dialect::Qpi, side(format!("{family}:{prefix}{letter}"))),
            (Dialect::Pnn, side(format!("{style}:{prefix}{letter}"))),
            (Dialect::Legacy, side(format!("{style}:{letter}"))),
            (Dialect::Beta, side(format!("{family}:{beta_prefix}{letter}"))),
        ];
        for (other, snn) in cases {
            if other == Dialect::Beta && style_is_beta_key {
                continue;
            }
            let there = convert(Dialect::SnnPin, other, &snn);
            prop_assert!(there.is_exact(), "snn-pin {snn:?} → {other}: {there:?}");
            let middle = there.output_text().unwrap();
            let back = convert(other, Dialect::SnnPin, &middle);
            prop_assert!(back.is_exact(), "{other} {middle:?} → snn-pin: {back:?}");
            prop_assert_eq!(back.output_text(), Some(snn.clone()));
            // And from the other side: other → snn-pin → other.
            let again = convert(Dialect::SnnPin, other, &snn).output_text().unwrap();
            prop_assert_eq!(again, middle);
        }
    }

    /// `ambiguous-style` (M3) comes exactly with beta's `S` and `X` (the styles the published
    /// tablebases used for two games), to every target but beta, and always first.
    #[test]
    fn ambiguous_style_exactly_for_beta_s_and_x((from, to, text) in pair_and_identifier()) {
        let style = text.split_once(':').unwrap().0.to_ascii_uppercase();
        let expected = from == Dialect::Beta && to != Dialect::Beta && (style == "S" || style == "X");
        let conversion = convert(from, to, &text);
        let codes: Vec<&str> = conversion.diagnostics().iter().map(gan::convert::Diagnostic::code).collect();
        prop_assert_eq!(codes.contains(&"ambiguous-style"), expected, "{} {:?} → {}: {:?}", from, text, to, codes);
        if expected {
            prop_assert_eq!(codes[0], "ambiguous-style");
            prop_assert_eq!(codes.iter().filter(|c| **c == "ambiguous-style").count(), 1);
        }
    }

    /// Lossy features are always reported: beta's '-', pnn's ''', '_' in a beta style.
    #[test]
    fn lossy_features_are_reported((from, to, text) in pair_and_identifier()) {
        prop_assume!(from != to);
        let (style, piece) = text.split_once(':').unwrap();
        let lossy = match from {
            Dialect::Beta => piece.trim_start_matches('+').starts_with('-') || style.contains('_'),
            Dialect::Pnn => piece.ends_with('\''),
            _ => false,
        };
        if lossy {
            let conversion = convert(from, to, &text);
            prop_assert!(!conversion.diagnostics().is_empty(), "{from} {text:?} → {to}: nothing reported");
        }
    }
}
