//! Invalid documents, written by hand, each with every error it holds (G14, G16): the code
//! and the JSON pointer (RFC 6901) each broken rule gives. Most break one rule; those of group
//! `several` break two or more, so that a validator that stops at its first error fails them.
//! Most start from the pawn's double step `{"CHESS:P": {"e2": {"e4": [{…}]}}}`, whose variant
//! is at `/CHESS:P/e2/e4/0`.

use super::super::format::ValidationVector;
use super::examples::E8;
use super::{pawn, pawn_with, Case, AT, PERFORM};

pub(super) fn vectors() -> Vec<ValidationVector> {
    let mut cases = reading();
    cases.extend(structure());
    cases.extend(duplicates());
    cases.extend(values());
    cases.extend(gan());
    cases.extend(logic());
    cases.extend(decisions());
    cases.extend(several());
    cases.into_iter().map(|case| case.0).collect()
}

/// `{AT}{rest}`.
fn at(rest: &str) -> String {
    format!("{AT}{rest}")
}

/// Before any rule: the text must be a JSON object, in UTF-8.
fn reading() -> Vec<Case> {
    let good = pawn(PERFORM);
    vec![
        Case::new("invalid/json/unclosed", &good[..good.len() - 1], "malformed JSON: the last brace is missing")
            .error("invalid-json", ""),
        Case::new("invalid/json/trailing-comma", pawn(&format!("{PERFORM},")), "malformed JSON: a trailing comma (RFC 8259)")
            .error("invalid-json", ""),
        Case::new("invalid/json/empty-text", "", "malformed JSON: no value at all")
            .error("invalid-json", ""),
        Case::new("invalid/json/two-values", "{} {}", "malformed JSON: text after the value")
            .error("invalid-json", ""),
        Case::new("invalid/json/bom", "\u{feff}{}", "malformed JSON: a byte order mark is not JSON whitespace (RFC 8259 §8.1: must not be added)")
            .error("invalid-json", ""),
        Case::new("invalid/json/single-quotes", "{'CHESS:P': {}}", "malformed JSON: single-quoted key")
            .error("invalid-json", ""),
        Case::new("invalid/json/nan", pawn(r#""perform": {"e4": NaN}"#), "malformed JSON: NaN is not a JSON number")
            .error("invalid-json", ""),
        Case::new("invalid/json/infinity", pawn(r#""perform": {"e2": null, "e4": Infinity}"#), "malformed JSON: Infinity is not a JSON number (Python's json accepts it)")
            .error("invalid-json", ""),
        Case::new("invalid/json/minus-infinity", pawn_with(r#""require": {"e3": -Infinity}"#), "malformed JSON: -Infinity is not a JSON number (Python's json accepts it)")
            .error("invalid-json", ""),
        Case::new("invalid/json/nan-top", "NaN", "malformed JSON: a bare NaN is no JSON value, so not a top-level object either")
            .error("invalid-json", ""),
        Case::new("invalid/json/out-of-range", pawn_with(r#""require": {"e3": 1e400}"#), "a number out of the range of a double (G17: invalid-json, not wrong-type; Python's json reads 1e400 as inf)")
            .error("invalid-json", ""),
        Case::new("invalid/json/out-of-range-negative", r#"{"$schema": -1e400}"#, "a negative number out of the range of a double (G17)")
            .error("invalid-json", ""),
        Case::new("invalid/json/out-of-range-exponent", pawn(r#""perform": {"e2": 1E+400, "e4": "CHESS:P"}"#), "a number out of range written with E+ (G17)")
            .error("invalid-json", ""),
        Case::new("invalid/json/lone-high-surrogate", pawn(r#""perform": {"e2": null, "e4": "CHESS:\ud800"}"#), "an escape that names a lone high surrogate is no Unicode string (G17: invalid-json; Python's json accepts it)")
            .error("invalid-json", ""),
        Case::new("invalid/json/lone-low-surrogate", r#"{"\udc00": {"e2": {"e4": [{"perform": {"e4": "CHESS:P"}}]}}}"#, "a lone low surrogate in a key (G17)")
            .error("invalid-json", ""),
        Case::new("invalid/json/reversed-surrogates", pawn(r#""perform": {"e2": null, "\ude00\ud83d": "CHESS:P"}"#), "a low surrogate then a high one: two lone surrogates, not a pair (G17)")
            .error("invalid-json", ""),
        Case::new("invalid/utf8/latin1", "", "the document is not UTF-8: a Latin-1 'é' (0xe9) in a key")
            .bytes(b"{\"CHESS:P\": {\"e2\": {\"\xe9\": []}}}")
            .error("invalid-utf8", ""),
        Case::new("invalid/top/array", "[]", "the top level must be an object (G5)").error("top-level-not-object", ""),
        Case::new("invalid/top/string", "\"CHESS:P\"", "the top level must be an object (G5)").error("top-level-not-object", ""),
        Case::new("invalid/top/null", "null", "the top level must be an object (G5)").error("top-level-not-object", ""),
    ]
}

/// Structure: types, empty maps (G7), perform required, unknown keys (G8), $schema (G5).
#[allow(clippy::too_many_lines)] // a table, one vector per entry
fn structure() -> Vec<Case> {
    vec![
        Case::new(
            "invalid/g5/schema-number",
            r#"{"$schema": 1}"#,
            "$schema must be a string (G5)",
        )
        .error("schema-not-string", "/$schema"),
        Case::new(
            "invalid/g5/schema-null",
            r#"{"$schema": null, "CHESS:P": {"e2": {"e4": [{"perform": {"e4": "CHESS:P"}}]}}}"#,
            "$schema must be a string (G5)",
        )
        .error("schema-not-string", "/$schema"),
        Case::new(
            "invalid/type/piece-array",
            r#"{"CHESS:P": []}"#,
            "a piece maps to an object of sources",
        )
        .error("wrong-type", "/CHESS:P"),
        Case::new(
            "invalid/type/source-string",
            r#"{"CHESS:P": {"e2": "e4"}}"#,
            "a source maps to an object of destinations",
        )
        .error("wrong-type", "/CHESS:P/e2"),
        Case::new(
            "invalid/type/destination-object",
            r#"{"CHESS:P": {"e2": {"e4": {"perform": {"e4": "CHESS:P"}}}}}"#,
            "a destination maps to an array of variants",
        )
        .error("wrong-type", "/CHESS:P/e2/e4"),
        Case::new(
            "invalid/type/variant-null",
            r#"{"CHESS:P": {"e2": {"e4": [null]}}}"#,
            "a variant is an object",
        )
        .error("wrong-type", "/CHESS:P/e2/e4/0"),
        Case::new(
            "invalid/type/require-array",
            pawn_with(r#""require": ["e3"]"#),
            "require is an object",
        )
        .error("wrong-type", &at("/require")),
        Case::new(
            "invalid/type/prevent-string",
            pawn_with(r#""prevent": "empty""#),
            "prevent is an object",
        )
        .error("wrong-type", &at("/prevent")),
        Case::new(
            "invalid/type/perform-array",
            pawn(r#""perform": [["e4", "CHESS:P"]]"#),
            "perform is an object",
        )
        .error("wrong-type", &at("/perform")),
        Case::new(
            "invalid/type/state-boolean",
            pawn_with(r#""require": {"e4": true}"#),
            "a state is a string",
        )
        .error("wrong-type", &at("/require/e4")),
        Case::new(
            "invalid/type/state-number",
            pawn_with(r#""prevent": {"e4": 0}"#),
            "a state is a string",
        )
        .error("wrong-type", &at("/prevent/e4")),
        Case::new(
            "invalid/g8/state-null",
            pawn_with(r#""require": {"e3": null}"#),
            "null is allowed only as a perform value (G8)",
        )
        .error("wrong-type", &at("/require/e3")),
        Case::new(
            "invalid/g8/perform-boolean",
            pawn(r#""perform": {"e2": null, "e4": false}"#),
            "a perform value is a GAN identifier or null (G8)",
        )
        .error("wrong-type", &at("/perform/e4")),
        Case::new(
            "invalid/g8/perform-object",
            pawn(r#""perform": {"e4": {"piece": "CHESS:P"}}"#),
            "a perform value is a GAN identifier or null (G8)",
        )
        .error("wrong-type", &at("/perform/e4")),
        Case::new(
            "invalid/g7/empty-piece",
            r#"{"CHESS:P": {}}"#,
            "a piece without source (G7)",
        )
        .error("empty-piece", "/CHESS:P"),
        Case::new(
            "invalid/g7/empty-source",
            r#"{"CHESS:P": {"e2": {}}}"#,
            "a source without destination (G7)",
        )
        .error("empty-source", "/CHESS:P/e2"),
        Case::new(
            "invalid/g7/empty-destinations",
            r#"{"CHESS:P": {"e2": {"e4": []}}}"#,
            "a destination without variant (G7)",
        )
        .error("empty-destinations", "/CHESS:P/e2/e4"),
        Case::new(
            "invalid/g7/empty-require",
            pawn_with(r#""require": {}"#),
            "require present but empty (spec, G7)",
        )
        .error("empty-require", &at("/require")),
        Case::new(
            "invalid/g7/empty-prevent",
            pawn_with(r#""prevent": {}"#),
            "prevent present but empty (spec, G7)",
        )
        .error("empty-prevent", &at("/prevent")),
        Case::new(
            "invalid/g7/empty-perform",
            pawn(r#""perform": {}"#),
            "perform must not be empty (spec, G7)",
        )
        .error("empty-perform", &at("/perform")),
        Case::new(
            "invalid/spec/missing-perform",
            pawn(r#""require": {"e3": "empty", "e4": "empty"}"#),
            "perform is required (spec)",
        )
        .error("missing-perform", AT),
        Case::new(
            "invalid/spec/empty-variant",
            pawn(""),
            "perform is required, also in an empty variant (spec)",
        )
        .error("missing-perform", AT),
        Case::new(
            "invalid/g8/must",
            pawn_with(r#""must": {"e4": "empty"}"#),
            "must belongs to another GGN edition (G8)",
        )
        .error("unknown-key", &at("/must")),
        Case::new(
            "invalid/g8/deny",
            pawn_with(r#""deny": {"e4": "enemy"}"#),
            "deny belongs to another GGN edition (G8)",
        )
        .error("unknown-key", &at("/deny")),
        Case::new(
            "invalid/g8/diff",
            pawn_with(r#""diff": {"e4": "CHESS:P"}"#),
            "diff belongs to another GGN edition (G8)",
        )
        .error("unknown-key", &at("/diff")),
        Case::new(
            "invalid/g8/board-check",
            pawn_with(r#""board_check": true"#),
            "board_check belongs to another GGN edition (G8)",
        )
        .error("unknown-key", &at("/board_check")),
        Case::new(
            "invalid/g8/gain",
            pawn_with(r#""gain": "CHESS:P""#),
            "gain (captures to hand) is out of scope (G8)",
        )
        .error("unknown-key", &at("/gain")),
        Case::new(
            "invalid/g8/drop",
            pawn_with(r#""drop": "CHESS:P""#),
            "drop (from hand) is out of scope (G8)",
        )
        .error("unknown-key", &at("/drop")),
        Case::new(
            "invalid/g8/capitalised-key",
            pawn_with(r#""Require": {"e4": "empty"}"#),
            "keys are case-sensitive (G8)",
        )
        .error("unknown-key", &at("/Require")),
        Case::new(
            "invalid/g8/comment",
            pawn_with(r#""comment": "double step""#),
            "no other key in a variant (G8)",
        )
        .error("unknown-key", &at("/comment")),
    ]
}

/// G9: a repeated key at each level; the pointer names the repetition.
fn duplicates() -> Vec<Case> {
    let p = r#"[{"perform": {"e4": "CHESS:P"}}]"#;
    vec![
        Case::new("invalid/g9/schema", r#"{"$schema": "a", "$schema": "a"}"#, "duplicate $schema (G9)")
            .error("duplicate-key", "/$schema"),
        Case::new("invalid/g9/piece", format!(r#"{{"CHESS:P": {{"e2": {{"e4": {p}}}}}, "CHESS:P": {{"e3": {{"e4": {p}}}}}}}"#), "a piece twice: most JSON readers keep the second only (G9)")
            .error("duplicate-key", "/CHESS:P"),
        Case::new("invalid/g9/source", format!(r#"{{"CHESS:P": {{"e2": {{"e4": {p}}}, "e2": {{"e3": {p}}}}}}}"#), "a source twice (G9)")
            .error("duplicate-key", "/CHESS:P/e2"),
        Case::new("invalid/g9/destination", format!(r#"{{"CHESS:P": {{"e2": {{"e4": {p}, "e4": {p}}}}}}}"#), "a destination twice (G9)")
            .error("duplicate-key", "/CHESS:P/e2/e4"),
        Case::new("invalid/g9/variant-key", pawn(r#""require": {"e3": "empty"}, "require": {"e4": "empty"}, "perform": {"e4": "CHESS:P"}"#), "require twice in a variant (G9)")
            .error("duplicate-key", &at("/require")),
        Case::new("invalid/g9/perform-twice", pawn(r#""perform": {"e4": "CHESS:Q"}, "perform": {"e4": "CHESS:P"}"#), "perform twice in a variant (G9)")
            .error("duplicate-key", &at("/perform")),
        Case::new("invalid/g9/require-square", pawn_with(r#""require": {"e3": "empty", "e3": "enemy"}"#), "a square twice in require (G9)")
            .error("duplicate-key", &at("/require/e3")),
        Case::new("invalid/g9/prevent-square", pawn_with(r#""prevent": {"e3": "enemy", "e3": "enemy"}"#), "a square twice in prevent, even with the same state (G9)")
            .error("duplicate-key", &at("/prevent/e3")),
        Case::new("invalid/g9/perform-square", pawn(r#""perform": {"e4": null, "e4": "CHESS:P"}"#), "a square twice in perform (G9)")
            .error("duplicate-key", &at("/perform/e4")),
        Case::new("invalid/g9/escaped", pawn(r#""perform": {"e4": null, "\u0065\u0034": "CHESS:P"}"#), "keys are compared after unescaping: \\u0065\\u0034 is e4 (G9)")
            .error("duplicate-key", &at("/perform/e4")),
    ]
}

/// States (G4), perform values (G8) and square labels (G6).
fn values() -> Vec<Case> {
    let mut cases = Vec::new();
    for (slug, state, why) in [
        (
            "ally",
            "ally",
            "from another edition; this one writes prevent enemy",
        ),
        (
            "occupied",
            "occupied",
            "from another edition; this one writes prevent empty",
        ),
        ("capitalised-empty", "Empty", "states are case-sensitive"),
        ("uppercase-enemy", "ENEMY", "states are case-sensitive"),
        ("empty-string", "", "the empty string is no state"),
        ("none", "none", "not a state"),
    ] {
        cases.push(
            Case::new(
                &format!("invalid/g4/require-{slug}"),
                pawn_with(&format!(r#""require": {{"e3": "{state}"}}"#)),
                &format!("{state:?} is not a state: {why} (G4)"),
            )
            .error("invalid-state", &at("/require/e3")),
        );
    }
    cases.push(
        Case::new(
            "invalid/g4/prevent-ally",
            pawn_with(r#""prevent": {"e3": "ally"}"#),
            "\"ally\" is not a state in prevent either (G4)",
        )
        .error("invalid-state", &at("/prevent/e3")),
    );
    cases.extend([
        Case::new("invalid/g8/empty-as-perform", pawn(r#""perform": {"e2": "empty", "e4": "CHESS:P"}"#), "\"empty\" is a state, not a perform value: null empties a square (G8)")
            .error("empty-as-perform", &at("/perform/e2")),
        Case::new("invalid/g6/empty-source-label", r#"{"CHESS:P": {"": {"e4": [{"perform": {"e4": "CHESS:P"}}]}}}"#, "a square label is non-empty (G6)")
            .error("empty-square-label", "/CHESS:P/"),
        Case::new("invalid/g6/empty-destination-label", r#"{"CHESS:P": {"e2": {"": [{"perform": {"e2": null}}]}}}"#, "a square label is non-empty (G6)")
            .error("empty-square-label", "/CHESS:P/e2/"),
        Case::new("invalid/g6/empty-require-label", pawn_with(r#""require": {"": "empty"}"#), "a square label is non-empty (G6)")
            .error("empty-square-label", &at("/require/")),
        Case::new("invalid/g6/empty-perform-label", pawn(r#""perform": {"": null, "e4": "CHESS:P"}"#), "a square label is non-empty (G6)")
            .error("empty-square-label", &at("/perform/")),
        Case::new("invalid/g6/hand-source", r#"{"SHOGI:P": {"*": {"5e": [{"perform": {"5e": "SHOGI:P"}}]}}}"#, "\"*\" (the hand) is out of scope: a drop (G6)")
            .error("unknown-key", "/SHOGI:P/*"),
        Case::new("invalid/g6/hand-destination", r#"{"SHOGI:P": {"5e": {"*": [{"perform": {"5e": null}}]}}}"#, "\"*\" (the hand) is out of scope (G6)")
            .error("unknown-key", "/SHOGI:P/5e/*"),
        Case::new("invalid/g6/hand-perform", pawn(r#""perform": {"e2": null, "e4": "CHESS:P", "*": "chess:p"}"#), "\"*\" (the hand) is out of scope: a capture to hand (G6)")
            .error("unknown-key", &at("/perform/*")),
        Case::new("invalid/g6/unknown-destination", r#"{"CHESS:P": {"e2": {"e9": [{"perform": {"e2": null}}]}}}"#, "with a list of squares, every square must be in it: the destination e9 is not (G6)")
            .squares(&["e2", "e3", "e4"])
            .error("unknown-square", "/CHESS:P/e2/e9"),
        Case::new("invalid/g6/unknown-require-square", pawn_with(r#""require": {"e9": "empty"}"#), "with a list of squares, every square must be in it: e9 is not (G6)")
            .squares(&["e2", "e3", "e4"])
            .error("unknown-square", &at("/require/e9")),
        Case::new("invalid/g6/case-sensitive-square", pawn_with(r#""prevent": {"E3": "enemy"}"#), "squares are compared byte-exactly: E3 is not e3 (G6)")
            .squares(&["e2", "e3", "e4"])
            .error("unknown-square", &at("/prevent/E3")),
        Case::new("invalid/pointer/escaping", r#"{"CHESS:P": {"a/b": {"c~d": [{"require": {"~/": "ally"}, "perform": {"c~d": "CHESS:P"}}]}}}"#, "RFC 6901: '~' is written ~0 and '/' ~1 in a pointer (G14)")
            .error("invalid-state", "/CHESS:P/a~1b/c~0d/0/require/~0~1"),
        Case::new("invalid/pointer/slash-in-square", pawn_with(r#""require": {"x/y": "ally"}"#), "RFC 6901: a '/' in a square is written ~1 (G14)")
            .error("invalid-state", &at("/require/x~1y")),
        Case::new("invalid/pointer/slash-in-source", r#"{"CHESS:P": {"e2/e3": {"e4": [{"prevent": {"e3": "ally"}, "perform": {"e4": "CHESS:P"}}]}}}"#, "RFC 6901: a '/' in a source square is written ~1 (G14)")
            .error("invalid-state", "/CHESS:P/e2~1e3/e4/0/prevent/e3"),
    ]);
    cases
}

/// Invalid GAN identifiers report the dialect's code (G1, G2, G14).
fn gan() -> Vec<Case> {
    vec![
        Case::new(
            "invalid/spec/e8",
            E8,
            "the spec's en-passant example: CHESS:p mixes cases (G2, D8)",
        )
        .error("case-mismatch", "/CHESS:P/d5/e6/0/require/e5"),
        Case::new("invalid/spec/e8-pnn", E8, "E8 is invalid in pnn too (G2)")
            .dialect("pnn")
            .error("case-mismatch", "/CHESS:P/d5/e6/0/require/e5"),
        Case::new(
            "invalid/gan/piece-key",
            r#"{"CHESS:p": {"e2": {"e4": [{"perform": {"e4": "chess:p"}}]}}}"#,
            "a piece key that mixes cases (D3)",
        )
        .error("case-mismatch", "/CHESS:p"),
        Case::new(
            "invalid/gan/piece-key-empty",
            r#"{"": {"e2": {"e4": [{"perform": {"e4": "CHESS:P"}}]}}}"#,
            "an empty piece key (D7); its pointer is \"/\"",
        )
        .error("empty", "/"),
        Case::new(
            "invalid/gan/piece-key-digit",
            r#"{"1CHESS:P": {"e2": {"e4": [{"perform": {"e4": "CHESS:P"}}]}}}"#,
            "a style starts with a letter (D12: unexpected-char)",
        )
        .error("unexpected-char", "/1CHESS:P"),
        Case::new(
            "invalid/gan/require-state",
            pawn_with(r#""require": {"e4": "CHESS:k"}"#),
            "a require state that mixes cases (D3)",
        )
        .error("case-mismatch", &at("/require/e4")),
        Case::new(
            "invalid/gan/prevent-state",
            pawn_with(r#""prevent": {"e4": "C:K'"}"#),
            "' is pnn only: in snn-pin it is unexpected (D12)",
        )
        .error("unexpected-char", &at("/prevent/e4")),
        Case::new(
            "invalid/gan/perform-newline",
            pawn(r#""perform": {"e2": null, "e4": "CHESS:P\n"}"#),
            "a trailing newline makes an identifier invalid (D1)",
        )
        .error("unexpected-char", &at("/perform/e4")),
        Case::new(
            "invalid/gan/perform-enemy",
            pawn(r#""perform": {"e2": null, "e4": "enemy"}"#),
            "\"enemy\" is no perform value: not an identifier, no ':' (G8, D12)",
        )
        .error("missing-separator", &at("/perform/e4")),
        Case::new(
            "invalid/gan/perform-empty-string",
            pawn(r#""perform": {"e2": null, "e4": ""}"#),
            "the empty string is no identifier (D7)",
        )
        .error("empty", &at("/perform/e4")),
        Case::new(
            "invalid/gan/perform-kelvin",
            pawn(r#""perform": {"e2": null, "e4": "CHESS:\u212a"}"#),
            "the Kelvin sign is not the letter K (D2)",
        )
        .error("non-ascii", &at("/perform/e4")),
        Case::new(
            "invalid/gan/perform-incomplete",
            pawn(r#""perform": {"e2": null, "e4": "CHESS:+"}"#),
            "an identifier cut after its state (D12)",
        )
        .error("unexpected-end", &at("/perform/e4")),
        Case::new(
            "invalid/gan/pnn-digit-style",
            r#"{"CHESS960:K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "chess:k"}}]}}}"#,
            "pnn styles are letters only (G1)",
        )
        .dialect("pnn")
        .error("unexpected-char", "/CHESS960:K"),
        Case::new(
            "invalid/gan/snn-pin-intermediate",
            r#"{"SHOGI:+P": {"1g": {"1f": [{"perform": {"1g": null, "1f": "SHOGI:+P'"}}]}}}"#,
            "the intermediate mark is pnn only (G1)",
        )
        .error("unexpected-char", "/SHOGI:+P/1g/1f/0/perform/1f"),
    ]
}

/// G10 and G11 errors, and warnings made errors by strict.
fn logic() -> Vec<Case> {
    vec![
        Case::new(
            "invalid/g10/implicit-requirement",
            pawn_with(r#""require": {"e2": "CHESS:P", "e3": "empty"}"#),
            "require must not restate that the source holds the piece (spec, G10)",
        )
        .error("implicit-requirement", &at("/require/e2")),
        Case::new(
            "invalid/g11/conflict-empty",
            pawn_with(r#""require": {"e3": "empty"}, "prevent": {"e3": "empty"}"#),
            "the same state for the same square in require and prevent (spec, G11)",
        )
        .error("require-prevent-conflict", &at("/prevent/e3")),
        Case::new(
            "invalid/g11/conflict-enemy",
            pawn_with(r#""require": {"e4": "enemy"}, "prevent": {"e4": "enemy"}"#),
            "the same state for the same square in require and prevent (spec, G11)",
        )
        .error("require-prevent-conflict", &at("/prevent/e4")),
        Case::new(
            "invalid/g11/conflict-piece",
            pawn_with(r#""require": {"d5": "chess:q"}, "prevent": {"d5": "chess:q"}"#),
            "the same identifier for the same square in require and prevent (spec, G11)",
        )
        .error("require-prevent-conflict", &at("/prevent/d5")),
        Case::new(
            "invalid/strict/unsatisfiable",
            pawn_with(r#""require": {"e2": "empty"}"#),
            "under strict the warning unsatisfiable is an error (G10)",
        )
        .strict()
        .error("unsatisfiable", &at("/require/e2")),
        Case::new(
            "invalid/strict/redundant",
            pawn_with(r#""prevent": {"e2": "enemy"}"#),
            "under strict every warning is an error: redundant (G10)",
        )
        .strict()
        .error("redundant", &at("/prevent/e2")),
        Case::new(
            "invalid/strict/duplicate-variant",
            format!(r#"{{"CHESS:P": {{"e2": {{"e4": [{{{PERFORM}}}, {{{PERFORM}}}]}}}}}}"#),
            "under strict every warning is an error: duplicate-variant (G13)",
        )
        .strict()
        .error("duplicate-variant", "/CHESS:P/e2/e4/1"),
    ]
}

/// Examples printed in docs/DECISIONS.md §4 that no other vector states as such: G14's
/// pointer, G15's trailing line breaks (a strict pattern, a byte-exact parse).
fn decisions() -> Vec<Case> {
    vec![
        Case::new(
            "invalid/decisions/g14-pointer",
            r#"{"CHESS:P": {"e7": {"e8": [{"require": {"e8": "CHESS:q"}, "perform": {"e7": null, "e8": "CHESS:Q"}}]}}}"#,
            "G14's example pointer /CHESS:P/e7/e8/0/require/e8, with an invalid GAN state there (D3)",
        )
        .error("case-mismatch", "/CHESS:P/e7/e8/0/require/e8"),
        Case::new(
            "invalid/decisions/g15-key-newline",
            "{\"CHESS:K\\n\": {\"e1\": {\"e2\": [{\"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}}}",
            "G15: a piece key with a trailing LF (Python's and Ruby's $ accept it; D1 does not)",
        )
        .error("unexpected-char", "/CHESS:K\n"),
        Case::new(
            "invalid/decisions/g15-value-newline",
            "{\"CHESS:K\": {\"e1\": {\"e2\": [{\"perform\": {\"e1\": null, \"e2\": \"CHESS:K\\n\"}}]}}}",
            "G15: a perform value with a trailing LF",
        )
        .error("unexpected-char", "/CHESS:K/e1/e2/0/perform/e2"),
        Case::new(
            "invalid/decisions/g15-value-crlf",
            "{\"CHESS:K\": {\"e1\": {\"e2\": [{\"require\": {\"e2\": \"CHESS:p\\r\\n\"}, \"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}}}",
            "G15: a require state with a trailing CRLF (and a case mismatch first, D12)",
        )
        .error("case-mismatch", "/CHESS:K/e1/e2/0/require/e2"),
        Case::new(
            "invalid/decisions/d1-value-space",
            pawn(r#""perform": {"e2": null, "e4": "CHESS:P "}"#),
            "D1 in a GGN value: a trailing space is part of the identifier (no trimming)",
        )
        .error("unexpected-char", &at("/perform/e4")),
        Case::new(
            "invalid/decisions/d1-key-space",
            r#"{" CHESS:P": {"e2": {"e4": [{"perform": {"e2": null, "e4": "CHESS:P"}}]}}}"#,
            "D1 in a GGN key: a leading space is part of the identifier (no trimming)",
        )
        .error("unexpected-char", "/ CHESS:P"),
    ]
}

/// Documents with two or more errors (G14, G16): every error is listed, each once per place it
/// occurs, a key's own problems apart from its value's, nothing under a value of the wrong
/// type.
#[allow(clippy::too_many_lines)] // a table, one vector per entry
fn several() -> Vec<Case> {
    vec![
        Case::new(
            "invalid/several/two-gan-values",
            pawn(r#""require": {"e3": "CHESS:p"}, "perform": {"e2": null, "e4": "C::P"}"#),
            "two invalid identifiers in one variant: both reported (G14, G16)",
        )
        .error("case-mismatch", &at("/require/e3"))
        .error("unexpected-char", &at("/perform/e4")),
        Case::new(
            "invalid/several/two-pieces",
            r#"{"CHESS:P": {"e2": {"e4": [{"perform": {"e4": "empty"}}]}}, "CHESS:N": {"g1": {"f3": [{"require": {"f3": "ally"}, "perform": {"g1": null, "f3": "CHESS:N"}}]}}}"#,
            "an error in each of two pieces (G8, G4, G16)",
        )
        .error("empty-as-perform", &at("/perform/e4"))
        .error("invalid-state", "/CHESS:N/g1/f3/0/require/f3"),
        Case::new(
            "invalid/several/three-in-a-variant",
            pawn(r#""must": {"e4": "empty"}, "require": {}"#),
            "an unknown key, an empty require and no perform in one variant (G8, G7, spec; G16)",
        )
        .error("unknown-key", &at("/must"))
        .error("empty-require", &at("/require"))
        .error("missing-perform", AT),
        Case::new(
            "invalid/several/key-and-value",
            r#"{"chess:P": {}}"#,
            "a piece key that mixes cases and maps to an empty object: two errors at one pointer (D3, G7, G16)",
        )
        .error("case-mismatch", "/chess:P")
        .error("empty-piece", "/chess:P"),
        Case::new(
            "invalid/several/empty-key-empty-piece",
            r#"{"": {}}"#,
            "an empty piece key that maps to an empty object: two errors at \"/\" (D7, G7, G16)",
        )
        .error("empty", "/")
        .error("empty-piece", "/"),
        Case::new(
            "invalid/several/key-thrice",
            pawn(r#""perform": {"e4": null, "e4": null, "e4": "CHESS:P"}"#),
            "a key written three times: two repetitions, two errors at one pointer (G9, G16)",
        )
        .error("duplicate-key", &at("/perform/e4"))
        .error("duplicate-key", &at("/perform/e4")),
        Case::new(
            "invalid/several/duplicate-and-types",
            r#"{"CHESS:P": {"e2": "x", "e3": {"e4": []}}, "CHESS:P": {}}"#,
            "a repeated piece, a source of the wrong type, an empty destination and an empty piece (G9, G7, G16)",
        )
        .error("duplicate-key", "/CHESS:P")
        .error("wrong-type", "/CHESS:P/e2")
        .error("empty-destinations", "/CHESS:P/e3/e4")
        .error("empty-piece", "/CHESS:P"),
        Case::new(
            "invalid/several/wrong-type-not-descended",
            pawn(r#""require": ["CHESS:p"], "perform": {"e4": "chess:P"}"#),
            "require of the wrong type (what it holds is not checked) and an invalid perform value (G16)",
        )
        .error("wrong-type", &at("/require"))
        .error("case-mismatch", &at("/perform/e4")),
        Case::new(
            "invalid/several/schema-and-piece",
            r#"{"$schema": 1, "CHESS:p": {"e2": {"e4": [{"perform": {"e4": "CHESS:P"}}]}}}"#,
            "$schema not a string and a piece key that mixes cases (G5, D3, G16)",
        )
        .error("schema-not-string", "/$schema")
        .error("case-mismatch", "/CHESS:p"),
        Case::new(
            "invalid/several/unknown-key-and-missing-perform",
            pawn(r#""require": {"e3": "empty"}, "gain": "x""#),
            "an unknown key and no perform (G8, spec; G16)",
        )
        .error("unknown-key", &at("/gain"))
        .error("missing-perform", AT),
        Case::new(
            "invalid/several/empty-label-and-hand",
            r#"{"CHESS:P": {"": {"*": [{"perform": {"e4": "CHESS:P"}}]}}}"#,
            "an empty source label and the hand as its destination (G6, G16)",
        )
        .error("empty-square-label", "/CHESS:P/")
        .error("unknown-key", "/CHESS:P//*"),
        Case::new(
            "invalid/several/implicit-and-conflict",
            pawn_with(r#""require": {"e2": "CHESS:P", "e3": "empty"}, "prevent": {"e3": "empty"}"#),
            "an implicit requirement and a require/prevent conflict in one variant (G10, G11, G16)",
        )
        .error("implicit-requirement", &at("/require/e2"))
        .error("require-prevent-conflict", &at("/prevent/e3")),
        Case::new(
            "invalid/several/unknown-squares",
            r#"{"CHESS:P": {"e2": {"e9": [{"require": {"e0": "empty"}, "perform": {"e2": null, "e9": "CHESS:P"}}]}}}"#,
            "with a list of squares, three squares outside it: three errors (G6, G16)",
        )
        .squares(&["e2", "e3", "e4"])
        .error("unknown-square", "/CHESS:P/e2/e9")
        .error("unknown-square", "/CHESS:P/e2/e9/0/require/e0")
        .error("unknown-square", "/CHESS:P/e2/e9/0/perform/e9"),
        Case::new(
            "invalid/several/error-and-warning",
            pawn_with(r#""require": {"e2": "empty", "e3": "Empty"}"#),
            "an invalid state (an error) next to a condition the source can never meet (a warning): the error is listed, and the warning too (G4, G10, G16)",
        )
        .error("invalid-state", &at("/require/e3"))
        .warning("unsatisfiable", &at("/require/e2")),
        Case::new(
            "invalid/several/strict-warnings",
            r#"{"CHESS:P": {"e2": {"e4": [{"require": {"e2": "empty"}, "perform": {"e2": null, "e4": "CHESS:P"}}], "e3": [{"prevent": {"e2": "enemy"}, "perform": {"e2": null, "e3": "CHESS:P"}}]}}}"#,
            "under strict, two warnings of two destinations are two errors (G10, G16)",
        )
        .strict()
        .error("unsatisfiable", "/CHESS:P/e2/e4/0/require/e2")
        .error("redundant", "/CHESS:P/e2/e3/0/prevent/e2"),
    ]
}
