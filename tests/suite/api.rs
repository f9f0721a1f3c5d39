//! The typed model: operations after the Ruby reference packages, queries, D8 (no operation
//! builds what the grammar rejects), `FromStr`, `Dialect` names, detection (D10), serde.

use gan::{beta, legacy, pnn, qpi, snn_pin, Dialect, Identifier, Side, State, Stateful};
use proptest::prelude::*;

#[test]
fn flip_recases_style_and_piece_together() {
    let king: qpi::Actor = "C:+K".parse().unwrap();
    assert_eq!(king.flip().to_string(), "c:+k");
    assert_eq!(king.flip().flip(), king);
    let word: legacy::Actor = "CHESS:KING".parse().unwrap();
    assert_eq!(word.flip().to_string(), "chess:king");
    let abbr: beta::Actor = "DAI_DAI_SHOGI:+-PH".parse().unwrap();
    assert_eq!(abbr.flip().to_string(), "dai_dai_shogi:+-ph");
    let pnn: pnn::Actor = "shogi:+r'".parse().unwrap();
    assert_eq!(pnn.flip().to_string(), "SHOGI:+R'");
    let snn: snn_pin::Actor = "CHESS960:-P".parse().unwrap();
    assert_eq!(
        (snn.flip().to_string(), snn.flip().side()),
        ("chess960:-p".to_owned(), Side::Second)
    );
}

#[test]
fn state_operations() {
    let pawn: snn_pin::Actor = "SHOGI:P".parse().unwrap();
    assert_eq!(pawn.enhance().to_string(), "SHOGI:+P");
    assert_eq!(pawn.diminish().to_string(), "SHOGI:-P");
    assert_eq!(pawn.enhance().normalize(), pawn);
    assert!(pawn.enhance().is_enhanced() && pawn.diminish().is_diminished() && pawn.is_normal());
    assert!(pawn.same_state(&pawn.flip()) && !pawn.same_state(&pawn.enhance()));
    assert_eq!(pawn.with_state(State::Enhanced).state(), State::Enhanced);
    let pnn: pnn::Actor = "SHOGI:R'".parse().unwrap();
    assert_eq!(pnn.enhance().to_string(), "SHOGI:+R'");
    assert_eq!(pnn.with_intermediate(false).to_string(), "SHOGI:R");
    assert!(pnn.is_intermediate());
    let qpi: qpi::Actor = "c:k".parse().unwrap();
    assert_eq!(qpi.diminish().to_string(), "c:-k");
}

#[test]
fn beta_flags() {
    let king: beta::Actor = "C:-K".parse().unwrap();
    assert!(king.is_king() && !king.is_promoted());
    assert_eq!(king.with_promoted(true).to_string(), "C:+-K");
    assert_eq!(king.with_king(false).to_string(), "C:K");
}

#[test]
fn with_type_and_with_style_are_recased_and_reparsed() {
    let king: qpi::Actor = "c:+k".parse().unwrap();
    assert_eq!(king.with_type("Q").unwrap().to_string(), "c:+q");
    assert_eq!(king.with_style("S").unwrap().to_string(), "s:+k");
    // D8: nothing the grammar rejects can be built.
    assert_eq!(king.with_type("QQ").unwrap_err().code(), "unexpected-char");
    assert_eq!(
        king.with_style("CHESS").unwrap_err().code(),
        "unexpected-char"
    );
    assert_eq!(king.with_type("").unwrap_err().code(), "unexpected-end");
    let word: legacy::Actor = "chess:king".parse().unwrap();
    assert_eq!(word.with_type("Queen").unwrap().to_string(), "chess:queen");
    assert_eq!(word.with_style("Shogi").unwrap().to_string(), "shogi:king");
    assert_eq!(
        word.with_style("SHOGI2").unwrap_err().code(),
        "unexpected-char"
    );
    let abbr: beta::Actor = "S:+R".parse().unwrap();
    assert_eq!(
        abbr.with_type("dragon_1").unwrap().to_string(),
        "S:+DRAGON_1"
    );
    let snn: snn_pin::Actor = "CHESS:K".parse().unwrap();
    assert_eq!(
        snn.with_style("chess960").unwrap().to_string(),
        "CHESS960:K"
    );
    let pnn: pnn::Actor = "SHOGI:+P'".parse().unwrap();
    assert_eq!(pnn.with_type("s").unwrap().to_string(), "SHOGI:+S'");
    assert_eq!(pnn.with_style("ogi").unwrap().to_string(), "OGI:+P'");
}

#[test]
fn queries() {
    let chess_king: qpi::Actor = "C:K".parse().unwrap();
    let shogi_king: qpi::Actor = "s:k".parse().unwrap();
    assert!(chess_king.is_first_player() && shogi_king.is_second_player());
    assert!(chess_king.cross_style(&shogi_king) && !chess_king.same_style(&shogi_king));
    assert!(chess_king.same_type(&shogi_king) && !chess_king.same_side(&shogi_king));
    assert!(chess_king.same_style(&chess_king.flip()));
    let long: snn_pin::Actor = "CHESS:K".parse().unwrap();
    let short: snn_pin::Actor = "C:K".parse().unwrap();
    assert!(
        long.cross_style(&short),
        "D9: C and CHESS are different styles"
    );
}

#[test]
fn dialect_names_and_dispatch() {
    for dialect in Dialect::ALL {
        assert_eq!(dialect.as_str().parse::<Dialect>().unwrap(), dialect);
        assert_eq!(dialect.to_string(), dialect.as_str());
        assert!(
            dialect.grammar_text().contains(dialect.spec_file()),
            "{dialect} header"
        );
        assert_eq!(dialect.grammar_file(), format!("{}.pest", dialect.as_str()));
    }
    assert_eq!(
        "snn_pin".parse::<Dialect>().unwrap_err().to_string(),
        "unknown dialect 'snn_pin': expected one of legacy, beta, pnn, snn-pin, qpi, \
         qpi-2025-12, qpi-2026-01, pin-2025-07, pin-2025-12, sin-2025-07, epin-2025-12, \
         snn-2025-07-02, snn-2025-07-11, snn-2025-10-09, snn-2026-01-11, cell, hand"
    );
    let actor = Dialect::Beta.parse(b"C:-K").unwrap();
    assert_eq!(
        (actor.dialect(), actor.style(), actor.piece_type()),
        (Dialect::Beta, Some("C"), Some("K"))
    );
    assert_eq!(actor.flip().to_string(), "c:-k");
    assert!(Dialect::Qpi.accepts("C:K") && !Dialect::Qpi.accepts("C:"));
    assert_eq!("C:K".parse::<snn_pin::Actor>().unwrap().to_string(), "C:K");
    assert_eq!(
        "C:k".parse::<snn_pin::Actor>().unwrap_err().code(),
        "case-mismatch"
    );
}

#[test]
fn detection_reports_every_meaning() {
    // D10: `c:-k` is king-like in beta and diminished in pnn, snn-pin and qpi.
    let detection = gan::detect(b"c:-k", gan::Limits::NONE);
    let accepted: Vec<Dialect> = detection.accepted().map(|(dialect, _)| dialect).collect();
    // The two later QPI editions read it as the earlier one does (D13).
    assert_eq!(
        accepted,
        [
            Dialect::Beta,
            Dialect::Pnn,
            Dialect::SnnPin,
            Dialect::Qpi,
            "qpi-2025-12".parse().unwrap(),
            "qpi-2026-01".parse().unwrap(),
        ]
    );
    let (_, beta) = detection.accepted().next().unwrap();
    assert_eq!(beta.fields().king, Some(true));
    let (dialect, error) = detection.rejected().next().unwrap();
    assert_eq!(
        (dialect, error.code(), error.offset()),
        (Dialect::Legacy, "unexpected-char", 2)
    );
    assert!(detection.any());
    assert!(!gan::detect(b"", gan::Limits::NONE).any());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]

    /// D8: every operation's result is valid in its dialect.
    #[test]
    fn operations_stay_in_the_grammar(text in "[A-Z][A-Z0-9]{0,6}:[-+]?[A-Z]", lower in any::<bool>()) {
        let text = if lower { text.to_ascii_lowercase() } else { text };
        let actor: snn_pin::Actor = text.parse().unwrap();
        for built in [actor.flip(), actor.enhance(), actor.diminish(), actor.normalize()] {
            prop_assert_eq!(built.to_string().parse::<snn_pin::Actor>().unwrap(), built);
        }
        prop_assert_eq!(actor.flip().flip(), actor);
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_canonical_string() {
    let actor: snn_pin::Actor = "SHOGI:+P".parse().unwrap();
    assert_eq!(serde_json::to_string(&actor).unwrap(), r#""SHOGI:+P""#);
    let back: snn_pin::Actor = serde_json::from_str(r#""SHOGI:+P""#).unwrap();
    assert_eq!(back, actor);
    let error = serde_json::from_str::<snn_pin::Actor>(r#""SHOGI:+p""#).unwrap_err();
    assert!(
        error.to_string().contains("case mismatch at byte 7"),
        "{error}"
    );
    let any = Dialect::Legacy.parse(b"CHESS:KING").unwrap();
    assert_eq!(serde_json::to_string(&any).unwrap(), r#""CHESS:KING""#);
    let beta: beta::Actor = serde_json::from_str(r#""c:-k""#).unwrap();
    assert!(beta.is_king());
}
