//! Every identifier printed in the spec documents, with its verdict and decomposition
//! (docs/DECISIONS.md D8 errata included, as invalid), and the examples of D3, D11 and D12.

use gan::Dialect::{Beta, Legacy, Pnn, Qpi, SnnPin};

use crate::util::{parse_err, valid};

#[test]
fn legacy_2012() {
    // "Examples": chess and shogi tables, both players; "Collision Resolution".
    for (first, second) in [
        ("CHESS:KING", "chess:king"),
        ("CHESS:QUEEN", "chess:queen"),
        ("CHESS:ROOK", "chess:rook"),
        ("CHESS:BISHOP", "chess:bishop"),
        ("CHESS:KNIGHT", "chess:knight"),
        ("CHESS:PAWN", "chess:pawn"),
        ("SHOGI:KING", "shogi:king"),
        ("SHOGI:GOLD", "shogi:gold"),
        ("SHOGI:SILVER", "shogi:silver"),
        ("SHOGI:KNIGHT", "shogi:knight"),
        ("SHOGI:LANCE", "shogi:lance"),
        ("SHOGI:ROOK", "shogi:rook"),
        ("SHOGI:BISHOP", "shogi:bishop"),
        ("SHOGI:PAWN", "shogi:pawn"),
        ("MAKRUK:ROOK", "makruk:rook"),
        ("XIANGQI:ROOK", "xiangqi:rook"),
    ] {
        let (style, piece) = first.split_once(':').unwrap();
        valid(
            Legacy,
            first,
            &format!("style={style} type={piece} side=first"),
        );
        let (style, piece) = second.split_once(':').unwrap();
        valid(
            Legacy,
            second,
            &format!("style={style} type={piece} side=second"),
        );
    }
    valid(Legacy, "CHESS:K", "style=CHESS type=K side=first");
    parse_err(Legacy, "Chess:King", "case-mismatch", 1);
    parse_err(Legacy, "CHESS:king", "case-mismatch", 6);
    parse_err(Legacy, "CHESS960:KING", "unexpected-char", 5);
    parse_err(Legacy, "CHESS:+KING", "unexpected-char", 6);
}

#[test]
fn beta() {
    // "Notation for actors", "Style", "Piece" and the "Example" table.
    valid(
        Beta,
        "go:stone",
        "style=go type=stone side=second promoted=false king=false",
    );
    valid(
        Beta,
        "c:-k",
        "style=c type=k side=second promoted=false king=true",
    );
    valid(
        Beta,
        "c:r",
        "style=c type=r side=second promoted=false king=false",
    );
    valid(
        Beta,
        "c:p",
        "style=c type=p side=second promoted=false king=false",
    );
    valid(
        Beta,
        "s:+b",
        "style=s type=b side=second promoted=true king=false",
    );
    valid(
        Beta,
        "s:b",
        "style=s type=b side=second promoted=false king=false",
    );
    valid(
        Beta,
        "FOO:+-K",
        "style=FOO type=K side=first promoted=true king=true",
    );
    valid(
        Beta,
        "C:P",
        "style=C type=P side=first promoted=false king=false",
    );
    valid(
        Beta,
        "x:c",
        "style=x type=c side=second promoted=false king=false",
    );
    valid(
        Beta,
        "taikyoku_shogi:gd",
        "style=taikyoku_shogi type=gd side=second promoted=false king=false",
    );
    valid(
        Beta,
        "m:b",
        "style=m type=b side=second promoted=false king=false",
    );
    valid(
        Beta,
        "C:-K",
        "style=C type=K side=first promoted=false king=true",
    );
    valid(
        Beta,
        "S:R",
        "style=S type=R side=first promoted=false king=false",
    );
    valid(
        Beta,
        "S:+R",
        "style=S type=R side=first promoted=true king=false",
    );
    valid(
        Beta,
        "X:-K",
        "style=X type=K side=first promoted=false king=true",
    );
    valid(
        Beta,
        "j:-k",
        "style=j type=k side=second promoted=false king=true",
    );
    valid(
        Beta,
        "DAI_DAI_SHOGI:PH",
        "style=DAI_DAI_SHOGI type=PH side=first promoted=false king=false",
    );
    valid(
        Beta,
        "shatar:k1",
        "style=shatar type=k1 side=second promoted=false king=false",
    );
    valid(
        Beta,
        "dai_dai_shogi:+-ph",
        "style=dai_dai_shogi type=ph side=second promoted=true king=true",
    );
    // D4: the order is `+-`; D6: a letter first.
    parse_err(Beta, "C:-+K", "unexpected-char", 3);
    parse_err(Beta, "C:_K", "unexpected-char", 2);
    parse_err(Beta, "_C:K", "unexpected-char", 0);
    parse_err(Beta, "C:K'", "unexpected-char", 3);
    parse_err(Beta, "DAI_DAI_SHOGI:Ph", "case-mismatch", 15);
}

#[test]
fn pnn() {
    // "Chess Pieces", "Shogi Pieces" and "Disambiguated Collisions".
    for letter in ["K", "Q", "R", "B", "N", "P"] {
        let lower = letter.to_lowercase();
        valid(
            Pnn,
            &format!("CHESS:{letter}"),
            &format!("style=CHESS type={letter} side=first state=normal intermediate=false"),
        );
        valid(
            Pnn,
            &format!("chess:{lower}"),
            &format!("style=chess type={lower} side=second state=normal intermediate=false"),
        );
    }
    for piece in [
        "K", "G", "S", "+S", "N", "+N", "L", "+L", "R", "+R", "B", "+B", "P", "+P",
    ] {
        let state = if piece.starts_with('+') {
            "enhanced"
        } else {
            "normal"
        };
        let letter = piece.trim_start_matches('+');
        valid(
            Pnn,
            &format!("SHOGI:{piece}"),
            &format!("style=SHOGI type={letter} side=first state={state} intermediate=false"),
        );
        let lower = letter.to_lowercase();
        valid(
            Pnn,
            &format!("shogi:{}", piece.to_lowercase()),
            &format!("style=shogi type={lower} side=second state={state} intermediate=false"),
        );
    }
    valid(
        Pnn,
        "MAKRUK:R",
        "style=MAKRUK type=R side=first state=normal intermediate=false",
    );
    // PNN's modifiers: prefix, suffix, both (`+R'`), and `-` is diminished (D4).
    valid(
        Pnn,
        "CHESS:K'",
        "style=CHESS type=K side=first state=normal intermediate=true",
    );
    valid(
        Pnn,
        "shogi:+r'",
        "style=shogi type=r side=second state=enhanced intermediate=true",
    );
    valid(
        Pnn,
        "CHESS:-P",
        "style=CHESS type=P side=first state=diminished intermediate=false",
    );
    parse_err(Pnn, "CHESS:K''", "unexpected-char", 8);
    parse_err(Pnn, "CHESS:'K", "unexpected-char", 6);
    parse_err(Pnn, "CHESS960:K", "unexpected-char", 5);
    parse_err(Pnn, "CHESS:KING", "unexpected-char", 7);
    // G2 / D8: GGN's en-passant example.
    let error = parse_err(Pnn, "CHESS:p", "case-mismatch", 6);
    assert_eq!(error.hint(), Some("chess:p"));
}

#[test]
fn snn_pin() {
    // "Protocol Mapping" and the regex of the spec.
    valid(
        SnnPin,
        "CHESS:K",
        "style=CHESS type=K side=first state=normal",
    );
    valid(
        SnnPin,
        "CHESS:P",
        "style=CHESS type=P side=first state=normal",
    );
    valid(
        SnnPin,
        "chess:k",
        "style=chess type=k side=second state=normal",
    );
    valid(
        SnnPin,
        "SHOGI:+P",
        "style=SHOGI type=P side=first state=enhanced",
    );
    valid(
        SnnPin,
        "CHESS:-P",
        "style=CHESS type=P side=first state=diminished",
    );
    valid(
        SnnPin,
        "SHOGI:K",
        "style=SHOGI type=K side=first state=normal",
    );
    valid(
        SnnPin,
        "CHESS960:K",
        "style=CHESS960 type=K side=first state=normal",
    );
    valid(
        SnnPin,
        "shogi:+p",
        "style=shogi type=p side=second state=enhanced",
    );
    // GGN's examples, read in the default dialect (G1).
    for id in [
        "GAME:X", "GAME:B", "GAME:K", "GAME:Q", "CHESS:Q", "CHESS:R", "CHESS:N", "CHESS:B",
    ] {
        let (style, letter) = id.split_once(':').unwrap();
        valid(
            SnnPin,
            id,
            &format!("style={style} type={letter} side=first state=normal"),
        );
    }
    valid(SnnPin, "X:Y", "style=X type=Y side=first state=normal");
    let error = parse_err(SnnPin, "CHESS:p", "case-mismatch", 6);
    assert_eq!(error.hint(), Some("chess:p"));
}

#[test]
fn qpi() {
    // "Usage" and "Format Specification".
    for (id, expected) in [
        ("C:K", "style=C type=K side=first state=normal"),
        ("s:+p", "style=s type=p side=second state=enhanced"),
        ("c:k", "style=c type=k side=second state=normal"),
        ("S:+R", "style=S type=R side=first state=enhanced"),
        ("s:+r", "style=s type=r side=second state=enhanced"),
        ("c:q", "style=c type=q side=second state=normal"),
        ("C:+R", "style=C type=R side=first state=enhanced"),
        ("S:K", "style=S type=K side=first state=normal"),
        ("S:+P", "style=S type=P side=first state=enhanced"),
        ("X:G", "style=X type=G side=first state=normal"),
        ("x:c", "style=x type=c side=second state=normal"),
        ("s:k", "style=s type=k side=second state=normal"),
        ("O:K", "style=O type=K side=first state=normal"),
        ("m:m", "style=m type=m side=second state=normal"),
        ("C:+K", "style=C type=K side=first state=enhanced"),
        ("c:+k", "style=c type=k side=second state=enhanced"),
        ("C:Q", "style=C type=Q side=first state=normal"),
        ("s:p", "style=s type=p side=second state=normal"),
        ("C:-P", "style=C type=P side=first state=diminished"),
        ("S:G", "style=S type=G side=first state=normal"),
        ("c:+q", "style=c type=q side=second state=enhanced"),
        ("s:+q", "style=s type=q side=second state=enhanced"),
        ("s:l", "style=s type=l side=second state=normal"),
        ("O:P", "style=O type=P side=first state=normal"),
        ("S:P", "style=S type=P side=first state=normal"),
        ("c:p", "style=c type=p side=second state=normal"),
    ] {
        valid(Qpi, id, expected);
    }
    // "Validation and Constraints": the README's own invalid examples.
    parse_err(Qpi, "invalid", "missing-separator", 1);
    parse_err(Qpi, "C:k", "case-mismatch", 2);
    parse_err(Qpi, "c:K", "case-mismatch", 2);
    parse_err(Qpi, "C:", "unexpected-end", 2);
    parse_err(Qpi, ":K", "unexpected-char", 0);
    parse_err(Qpi, "CC:K", "unexpected-char", 1);
    parse_err(Qpi, "C:KK", "unexpected-char", 3);
    // D8 errata: printed as results of `flip_style` and component swapping; invalid.
    for (id, offset) in [("c:K", 2), ("c:+Q", 3), ("C:p", 2), ("s:K", 2)] {
        parse_err(Qpi, id, "case-mismatch", offset);
    }
    parse_err(Qpi, "CHESS:K", "unexpected-char", 1);
}

#[test]
fn decisions_d11_d12() {
    // D11's examples.
    parse_err(SnnPin, "CHESS:k", "case-mismatch", 6);
    parse_err(SnnPin, "CHESS", "missing-separator", 5);
    parse_err(SnnPin, "C:K\n", "unexpected-char", 3);
    parse_err(Qpi, "CHESS:K", "unexpected-char", 1);
    // D12's examples.
    parse_err(SnnPin, "1ABC", "unexpected-char", 0);
    parse_err(SnnPin, "+K", "unexpected-char", 0);
    parse_err(SnnPin, "C:", "unexpected-end", 2);
    parse_err(SnnPin, "cHESS:K", "case-mismatch", 1);
    parse_err(SnnPin, "C:K'", "unexpected-char", 3);
    // D7: empty input and empty components.
    for dialect in gan::Dialect::ALL {
        parse_err(dialect, "", "empty", 0);
        parse_err(dialect, ":K", "unexpected-char", 0);
        // Where the grammar has ':' (the GAN dialects and the QPI editions, D16).
        if dialect.family() == gan::Family::Dialects || dialect.as_str().starts_with("qpi-") {
            parse_err(dialect, "C:", "unexpected-end", 2);
        }
    }
    parse_err(SnnPin, "C:+", "unexpected-end", 3);
    // D1: no trimming, anywhere.
    for input in [
        " C:K",
        "C:K ",
        "C:K\r\n",
        "C:K\t",
        "C:K\0",
        "\u{feff}C:K",
        "C :K",
    ] {
        assert!(SnnPin.parse(input.as_bytes()).is_err(), "{input:?}");
    }
    // D2: ASCII only, by byte range.
    parse_err(SnnPin, "\u{212A}:K", "non-ascii", 0);
    parse_err(SnnPin, "C:\u{212A}", "non-ascii", 2);
    parse_err(Legacy, "CHE\u{17F}S:KING", "non-ascii", 3);
    parse_err(Legacy, "ch\u{131}ess:king", "non-ascii", 2);
    parse_err(SnnPin, "\u{FF2B}:K", "non-ascii", 0);
}

#[test]
fn decisions_d3_hint_only_when_the_recased_input_is_valid() {
    let error = parse_err(SnnPin, "cHESS:K", "case-mismatch", 1);
    assert_eq!(error.hint(), Some("CHESS:K"));
    let error = parse_err(SnnPin, "CHESS:k'", "case-mismatch", 6);
    assert_eq!(error.hint(), None, "chess:k' is not valid snn-pin");
    let error = parse_err(SnnPin, "Chess", "case-mismatch", 1);
    assert_eq!(error.hint(), None, "no piece part");
    let error = parse_err(Beta, "c1:+-K", "case-mismatch", 5);
    assert_eq!(error.hint(), Some("C1:+-K"));
}
