//! Valid documents: the spec's examples, generated documents, and hand-written documents that
//! are valid with warnings (G10, G11, G13) or silently valid though unusual (G13).
//!
//! **The rule behind the generated documents.** A document built only from: non-empty maps
//! and arrays; piece keys, `require`/`prevent` states and `perform` values that are valid
//! identifiers of the dialect by construction (an uppercase style of letters, `:`, an
//! optional `+` or `-`, one uppercase letter; the same in lowercase for the second player; in
//! pnn also a `'` suffix), `"empty"`, `"enemy"` as states, `null` as a perform value; no
//! condition on the source square; no square in both `require` and `prevent`; variants of one
//! destination that differ in `perform`; no duplicate key; is valid with no diagnostic. Every
//! rule of the spec and of G1–G17 is then satisfied, and no warning's condition (G10, G11,
//! G13) can arise.

use super::super::format::ValidationVector;
use super::examples::{E1, E2, E3, E4, E5, E6, E7, E9};
use super::{pawn_with, Case, AT};

pub(super) fn vectors() -> Vec<ValidationVector> {
    let mut cases = spec_examples();
    cases.extend(generated());
    cases.extend(with_warnings());
    cases.extend(unusual());
    cases.into_iter().map(|case| case.0).collect()
}

fn spec_examples() -> Vec<Case> {
    let note = |name: &str| format!("the spec's example {name}, valid as printed");
    vec![
        Case::new(
            "valid/spec/e1",
            E1,
            &note("E1 \"Simple Move with No Requirements\""),
        ),
        Case::new("valid/spec/e2", E2, &note("E2 \"Simple Move (Sliding)\"")),
        Case::new("valid/spec/e3", E3, &note("E3 \"Simple Capture\"")),
        Case::new(
            "valid/spec/e4",
            E4,
            &note("E4 \"Multiple Promotion Choices (Chess)\""),
        ),
        Case::new(
            "valid/spec/e5",
            E5,
            &note("E5 \"Optional Promotion (Shōgi-Style)\""),
        ),
        Case::new(
            "valid/spec/e6",
            E6,
            &note("E6 \"Multi-Square Move (Castling)\""),
        ),
        Case::new(
            "valid/spec/e7",
            E7,
            &note("E7 \"Conditional Move with Prevention\""),
        ),
        Case::new(
            "valid/spec/e9",
            E9,
            &note("E9, the closing \"Example\": `$schema` is allowed (G5)"),
        ),
        Case::new(
            "valid/spec/e4-pnn",
            E4,
            "E4 read in pnn, as the historical Ruby implementation does (G1)",
        )
        .dialect("pnn"),
        Case::new("valid/spec/e5-pnn", E5, "E5 read in pnn (G1)").dialect("pnn"),
    ]
}

/// Identifiers for one side: (moving piece, an ally, an enemy, an enemy of another style and
/// state, a diminished ally).
struct Side {
    name: &'static str,
    piece: &'static str,
    ally: &'static str,
    enemy: &'static str,
    other_style_enemy: &'static str,
    diminished_ally: &'static str,
}

const SIDES: [Side; 2] = [
    Side {
        name: "first",
        piece: "GAME:X",
        ally: "GAME:Y",
        enemy: "game:y",
        other_style_enemy: "shogi:+p",
        diminished_ally: "GAME:-Y",
    },
    Side {
        name: "second",
        piece: "game:x",
        ally: "game:y",
        enemy: "GAME:Y",
        other_style_enemy: "SHOGI:+P",
        diminished_ally: "game:-y",
    },
];

/// One variant of `piece` from a1 to b2 with `members` before the move's `perform`.
fn one_variant(piece: &str, members: &str) -> String {
    format!(
        r#"{{"{piece}": {{"a1": {{"b2": [{{{members}"perform": {{"a1": null, "b2": "{piece}"}}}}]}}}}}}"#
    )
}

#[allow(clippy::too_many_lines)] // a table, one vector per entry
fn generated() -> Vec<Case> {
    const RULE: &str = "generated under the rule of valid.rs (only allowed constructs): valid, \
                        no diagnostic";
    let mut cases = Vec::new();
    // Every state kind, in require and in prevent, for a piece of either side (G4).
    for side in &SIDES {
        let states = [
            ("empty", "empty"),
            ("enemy", "enemy"),
            ("ally-piece", side.ally),
            ("enemy-piece", side.enemy),
            ("other-style-enemy", side.other_style_enemy),
            ("diminished-ally", side.diminished_ally),
        ];
        for field in ["require", "prevent"] {
            for (kind, state) in states {
                let members = format!(r#""{field}": {{"c3": "{state}"}}, "#);
                cases.push(Case::new(
                    &format!("valid/states/{field}-{kind}-{}", side.name),
                    one_variant(side.piece, &members),
                    &format!("{field} c3 = {state:?}: a state of kind {kind} (G4); {RULE}"),
                ));
            }
        }
        // require and prevent together, on different squares: AND and OR.
        let members = format!(
            r#""require": {{"c3": "empty", "d4": "enemy", "e5": "{}"}}, "prevent": {{"f6": "empty", "g7": "enemy", "h8": "{}"}}, "#,
            side.ally, side.enemy
        );
        cases.push(Case::new(
            &format!("valid/states/require-and-prevent-{}", side.name),
            one_variant(side.piece, &members),
            &format!("three require and three prevent conditions on six squares; {RULE}"),
        ));
    }
    // Variants: 2 to 4 outcomes of one move (promotion choices), either side.
    for (side, pieces) in [
        ("first", ["CHESS:Q", "CHESS:R", "CHESS:B", "CHESS:N"]),
        ("second", ["chess:q", "chess:r", "chess:b", "chess:n"]),
    ] {
        let pawn = if side == "first" {
            "CHESS:P"
        } else {
            "chess:p"
        };
        for count in 2..=4 {
            let variants: Vec<String> = pieces[..count]
                .iter()
                .map(|p| format!(r#"{{"require": {{"h8": "empty"}}, "perform": {{"h7": null, "h8": "{p}"}}}}"#))
                .collect();
            cases.push(Case::new(
                &format!("valid/variants/{count}-{side}"),
                format!(
                    r#"{{"{pawn}": {{"h7": {{"h8": [{}]}}}}}}"#,
                    variants.join(", ")
                ),
                &format!("{count} variants of one move, differing in perform; {RULE}"),
            ));
        }
    }
    // perform with null values only, and multi-square performs.
    let performs = [
        (
            "null-only",
            r#""c3": null"#,
            "a perform that only empties a square (a ranged capture, G13)",
        ),
        (
            "null-source",
            r#""a1": null"#,
            "a perform that only empties the source (the piece leaves the board)",
        ),
        (
            "nulls",
            r#""a1": null, "c3": null, "d4": null"#,
            "a perform of three nulls",
        ),
        (
            "three-squares",
            r#""a1": null, "a2": null, "b2": "GAME:X""#,
            "three squares, as en passant",
        ),
        (
            "four-squares",
            r#""a1": null, "b1": "GAME:R", "c1": "GAME:X", "d1": null"#,
            "four squares, as castling",
        ),
        (
            "six-squares",
            r#""a1": null, "b1": "GAME:Y", "c1": "game:y", "d1": null, "e1": "GAME:+X", "f1": null"#,
            "six squares, pieces of both sides",
        ),
    ];
    for (slug, perform, what) in performs {
        cases.push(Case::new(
            &format!("valid/perform/{slug}"),
            format!(r#"{{"GAME:X": {{"a1": {{"b2": [{{"require": {{"b2": "enemy"}}, "perform": {{{perform}}}}}]}}}}}}"#),
            &format!("{what}; {RULE}"),
        ));
    }
    // Several pieces, sources and destinations.
    cases.push(Case::new(
        "valid/structure/several-pieces",
        r#"{"GAME:X": {"a1": {"a2": [{"perform": {"a1": null, "a2": "GAME:X"}}], "b1": [{"perform": {"a1": null, "b1": "GAME:X"}}]}, "h8": {"h7": [{"require": {"h7": "empty"}, "perform": {"h8": null, "h7": "GAME:X"}}]}}, "game:x": {"a8": {"a7": [{"perform": {"a8": null, "a7": "game:x"}}]}}}"#,
        &format!("two pieces, three sources, four destinations; {RULE}"),
    ));
    cases.push(Case::new(
        "valid/structure/empty-document",
        "{}",
        "the empty document: a table without moves (G7)",
    ));
    cases.push(Case::new(
        "valid/structure/schema-only",
        r#"{"$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json"}"#,
        "only the optional $schema string (G5)",
    ));
    cases.push(Case::new(
        "valid/structure/whitespace",
        " \n\t{ \"GAME:X\" :\r\n{\"a1\":{\"b2\":[{\"perform\":{\"b2\":\"GAME:X\"}}]}} }\n",
        "JSON whitespace around and inside the document (RFC 8259); a perform not vacating the source (G13)",
    ));
    cases.push(Case::new(
        "valid/squares/any-label",
        r#"{"GAME:X": {" ": {"x/y~z": [{"require": {"😀": "empty", "E2": "enemy"}, "perform": {" ": null, "x/y~z": "GAME:X"}}]}}}"#,
        "any non-empty label is a square, compared byte-exactly (G6): a space, '/', '~', an emoji, uppercase",
    ));
    cases.push(
        Case::new(
            "valid/squares/listed",
            pawn_with(r#""require": {"e3": "empty", "e4": "empty"}"#),
            "every square mentioned is in the given list (G6)",
        )
        .squares(&["e2", "e3", "e4", "e5"]),
    );
    cases.push(
        Case::new(
            "valid/dialect/pnn-intermediate",
            r#"{"SHOGI:+P'": {"1g": {"1f": [{"require": {"1f": "empty"}, "prevent": {"2f": "shogi:k'"}, "perform": {"1g": null, "1f": "SHOGI:+P'"}}]}}}"#,
            "pnn identifiers with the intermediate mark ' (G1)",
        )
        .dialect("pnn"),
    );
    cases.push(Case::new(
        "valid/dialect/snn-pin-digits",
        r#"{"CHESS960:K": {"e1": {"g1": [{"require": {"f1": "empty", "g1": "empty", "h1": "CHESS960:R"}, "perform": {"e1": null, "f1": "CHESS960:R", "g1": "CHESS960:K", "h1": null}}]}}}"#,
        "snn-pin styles may hold digits (G1)",
    ));
    cases
}

fn with_warnings() -> Vec<Case> {
    let mut cases = Vec::new();
    // G10: conditions on the source square (the pawn stands on e2).
    for (slug, state) in [
        ("empty", "empty"),
        ("enemy", "enemy"),
        ("other-piece", "CHESS:Q"),
        ("other-side", "chess:p"),
    ] {
        cases.push(
            Case::new(
                &format!("valid/g10/require-source-{slug}"),
                pawn_with(&format!(r#""require": {{"e2": "{state}"}}"#)),
                &format!("require[source] = {state:?}: the source always holds CHESS:P, so the move is impossible: warning unsatisfiable (G10)"),
            )
            .warning("unsatisfiable", &format!("{AT}/require/e2")),
        );
        cases.push(
            Case::new(
                &format!("valid/g10/prevent-source-{slug}"),
                pawn_with(&format!(r#""prevent": {{"e2": "{state}"}}"#)),
                &format!("prevent[source] = {state:?} can never fire: warning redundant (G10)"),
            )
            .warning("redundant", &format!("{AT}/prevent/e2")),
        );
    }
    cases.push(
        Case::new(
            "valid/g10/prevent-source-piece",
            pawn_with(r#""prevent": {"e2": "CHESS:P"}"#),
            "prevent[source] = the source piece always fires: warning unsatisfiable (G10)",
        )
        .warning("unsatisfiable", &format!("{AT}/prevent/e2")),
    );
    // G11: contradictions other than the same string.
    for (r, p, code, why) in [
        (
            "chess:q",
            "enemy",
            "unsatisfiable",
            "an enemy piece is required and enemies are prevented",
        ),
        (
            "empty",
            "enemy",
            "redundant",
            "an empty square holds no enemy",
        ),
        (
            "empty",
            "CHESS:Q",
            "redundant",
            "an empty square holds no piece",
        ),
        ("enemy", "empty", "redundant", "an enemy is not empty"),
        (
            "enemy",
            "CHESS:Q",
            "redundant",
            "an enemy is not an ally piece",
        ),
        ("CHESS:Q", "enemy", "redundant", "an ally piece is no enemy"),
        (
            "CHESS:Q",
            "CHESS:R",
            "redundant",
            "a square holds one piece",
        ),
        ("chess:q", "empty", "redundant", "a piece is not empty"),
    ] {
        cases.push(
            Case::new(
                &format!("valid/g11/require-{}-prevent-{}", slug(r), slug(p)),
                pawn_with(&format!(
                    r#""require": {{"e3": "{r}"}}, "prevent": {{"e3": "{p}"}}"#
                )),
                &format!("require e3 = {r:?} with prevent e3 = {p:?}: {why}: warning {code} (G11)"),
            )
            .warning(code, &format!("{AT}/prevent/e3")),
        );
    }
    cases.push(
        Case::new(
            "valid/g13/identical-variants",
            r#"{"CHESS:P": {"e2": {"e4": [{"require": {"e3": "empty", "e4": "empty"}, "perform": {"e2": null, "e4": "CHESS:P"}}, {"perform": {"e4": "CHESS:P", "e2": null}, "require": {"e4": "empty", "e3": "empty"}}]}}}"#,
            "two identical variants, written in another key order: warning duplicate-variant (G13)",
        )
        .warning("duplicate-variant", "/CHESS:P/e2/e4/1"),
    );
    cases
}

/// Unusual but valid, silently (G11's meaningful pair, G13).
fn unusual() -> Vec<Case> {
    vec![
        Case::new(
            "valid/g11/any-enemy-but-one",
            pawn_with(r#""require": {"e3": "enemy"}, "prevent": {"e3": "chess:k"}"#),
            "require enemy with prevent an enemy piece: any enemy but the king; meaningful, no diagnostic (G11)",
        ),
        Case::new(
            "valid/g13/in-place",
            r#"{"GAME:X": {"a1": {"a1": [{"perform": {"a1": "GAME:+X"}}]}}}"#,
            "source equal to destination: an in-place change (G13)",
        ),
        Case::new(
            "valid/g13/source-not-vacated",
            r#"{"GAME:C": {"a1": {"a3": [{"require": {"a3": "enemy"}, "perform": {"a3": null}}]}}}"#,
            "perform does not vacate the source (a ranged capture, G13)",
        ),
        Case::new(
            "valid/g13/side-and-style-change",
            r#"{"CHESS:P": {"e2": {"e2": [{"perform": {"e2": "shogi:+p"}}]}}}"#,
            "perform changes the piece's side and style (G13)",
        ),
        Case::new(
            "valid/g17/surrogate-pair",
            r#"{"CHESS:P": {"\ud83d\ude00": {"e4": [{"perform": {"\ud83d\ude00": null, "e4": "CHESS:P"}}]}}}"#,
            "a square label written as a surrogate pair escape: one character, U+1F600 (G17: only lone surrogates are refused)",
        ),
        Case::new(
            "valid/g13/squares-only-in-perform",
            r#"{"CHESS:P": {"e2": {"e4": [{"perform": {"e2": null, "e4": "CHESS:P", "h8": null, "a1": "CHESS:Q"}}]}}}"#,
            "perform touches squares named nowhere else (G13)",
        ),
    ]
}

/// A state as an id fragment: `chess:q` → `chess-q`, `CHESS:Q` → `CHESS-Q`.
fn slug(state: &str) -> String {
    state.replace(':', "-")
}
