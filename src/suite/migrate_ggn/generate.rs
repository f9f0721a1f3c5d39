//! The migrate-ggn vectors, `conformance/migrate-ggn.json` ([`migrate_ggn_file`]): GGN
//! documents migrated as `gan migrate --ggn` migrates them (docs/DECISIONS.md §3 and §4, and
//! the README's "Inside GGN documents"): every piece key, `require`/`prevent` state and
//! `perform` value converted; squares, `"empty"`, `"enemy"`, `null`, `"$schema"` and the order
//! of every object's members kept; the document refused, with every error, when the source
//! is not valid GGN in its dialect, when an identifier does not convert, when two piece keys
//! would become one, or when the converted document is not valid GGN in the target dialect.
//!
//! Every expectation (the converted document, the codes and their pointers into the input)
//! is written here by hand; the migration is never run to produce one. The reference adapter
//! (`conformance/adapters/migrate_ggn_ref.py`, built on the GGN and migrate adapters) and
//! this crate both pass them, two implementations agreeing with the hand-written answers.

use super::format::{Expected, MigrateGgnFile, MigrateGgnVector, VectorOptions, FORMAT};

/// The whole file, in its fixed order.
pub fn migrate_ggn_file() -> MigrateGgnFile {
    MigrateGgnFile {
        format: FORMAT,
        decisions:
            "DECISIONS.md §3 (M1–M7) and §4 (G1–G17); docs/migrate.md, \"Inside GGN documents\"; \
             the vectors of \"edition\" ggn-2025-10: §4a (G32–G37) and M10–M13, docs/migrate.md, \
             \"To the newest GGN edition\""
                .to_owned(),
        vectors: CASES.iter().chain(NEWEST).map(Case::vector).collect(),
    }
}

/// The suite's file: (path relative to `conformance/`, exact text).
pub fn files() -> Vec<(&'static str, String)> {
    vec![(super::load::PATH, migrate_ggn_json())]
}

/// The file as written to `conformance/migrate-ggn.json`: 2-space pretty JSON and a final LF.
///
/// # Panics
///
/// Never: the vectors are plain strings and serialize.
pub fn migrate_ggn_json() -> String {
    let mut text = serde_json::to_string_pretty(&migrate_ggn_file()).expect("vectors serialize");
    text.push('\n');
    text
}

/// A hand-written case.
struct Case {
    from: &'static str,
    to: &'static str,
    group: &'static str,
    slug: &'static str,
    intermediate: &'static str,
    strict: bool,
    /// The GGN edition migrated to, when it is not `ggn-2014`.
    edition: Option<&'static str>,
    document: &'static str,
    expect: Expect,
    note: &'static str,
}

enum Expect {
    /// Converted to this document, with these warnings (code, pointer).
    Converted(&'static str, &'static [(&'static str, &'static str)]),
    /// Refused with these errors (code, pointer).
    Refused(&'static [(&'static str, &'static str)]),
}

use Expect::{Converted, Refused};

fn expected(list: &[(&str, &str)]) -> Vec<Expected> {
    list.iter()
        .map(|(code, pointer)| Expected {
            code: (*code).to_owned(),
            pointer: (*pointer).to_owned(),
        })
        .collect()
}

impl Case {
    fn vector(&self) -> MigrateGgnVector {
        let (output_text, errors, warnings) = match self.expect {
            Converted(output, warnings) => {
                (Some(output.to_owned()), Vec::new(), expected(warnings))
            }
            Refused(errors) => (None, expected(errors), Vec::new()),
        };
        MigrateGgnVector {
            id: format!(
                "migrate-ggn/{}-{}/{}/{}",
                self.from, self.to, self.group, self.slug
            ),
            from: self.from.to_owned(),
            to: self.to.to_owned(),
            edition: self.edition.map(str::to_owned),
            document_text: self.document.to_owned(),
            options: VectorOptions {
                intermediate: self.intermediate.to_owned(),
                strict: self.strict,
            },
            output_text,
            errors,
            warnings,
            note: self.note.to_owned(),
        }
    }
}

const fn case(
    (from, to): (&'static str, &'static str),
    (group, slug): (&'static str, &'static str),
    document: &'static str,
    expect: Expect,
    note: &'static str,
) -> Case {
    Case {
        from,
        to,
        group,
        slug,
        intermediate: "error",
        strict: false,
        edition: None,
        document,
        expect,
        note,
    }
}

const fn with(intermediate: &'static str, strict: bool, case: Case) -> Case {
    Case {
        intermediate,
        strict,
        ..case
    }
}

const L: &str = "legacy";
const B: &str = "beta";
const P: &str = "pnn";
const S: &str = "snn-pin";
const Q: &str = "qpi";

const KING: &str = "king-flag-lost";
const AMBIGUOUS: &str = "ambiguous-style";

#[rustfmt::skip]
const CASES: &[Case] = &[
    // What is converted and what is kept.
    case((L, S), ("m2", "promotion"),
        r#"{"CHESS:PAWN": {"e7": {"e8": [{"require": {"e8": "empty"}, "perform": {"e7": null, "e8": "CHESS:QUEEN"}}, {"require": {"e8": "empty"}, "perform": {"e7": null, "e8": "CHESS:KNIGHT"}}]}}}"#,
        Converted(r#"{"CHESS:P": {"e7": {"e8": [{"require": {"e8": "empty"}, "perform": {"e7": null, "e8": "CHESS:Q"}}, {"require": {"e8": "empty"}, "perform": {"e7": null, "e8": "CHESS:N"}}]}}}"#, &[]),
        "M2: piece keys and perform values converted; squares, \"empty\", null and the variants' order kept"),
    case((L, S), ("m1", "empty-document"), "{}", Converted("{}", &[]),
        "G7: the empty document is valid, and stays empty"),
    case((S, Q), ("m5", "order-and-schema-kept"),
        r#"{"$schema": "https://example.org/ggn.json", "SHOGI:S": {"b2": {"c3": [{"require": {"c3": "enemy"}, "perform": {"b2": null, "c3": "SHOGI:S"}}]}}, "CHESS:N": {"g1": {"f3": [{"prevent": {"f3": "CHESS:N"}, "perform": {"g1": null, "f3": "CHESS:N"}}]}}}"#,
        Converted(r#"{"$schema": "https://example.org/ggn.json", "S:S": {"b2": {"c3": [{"require": {"c3": "enemy"}, "perform": {"b2": null, "c3": "S:S"}}]}}, "C:N": {"g1": {"f3": [{"prevent": {"f3": "C:N"}, "perform": {"g1": null, "f3": "C:N"}}]}}}"#, &[]),
        "M5, G5: \"$schema\" and the order of the piece keys kept (SHOGI before CHESS); \"enemy\" kept; prevent states converted"),
    case((B, S), ("m3", "castling"),
        r#"{"$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json", "C:-K": {"e1": {"g1": [{"require": {"f1": "empty", "g1": "empty", "h1": "C:R"}, "perform": {"e1": null, "f1": "C:R", "g1": "C:-K", "h1": null}}]}}}"#,
        Converted(r#"{"$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json", "CHESS:K": {"e1": {"g1": [{"require": {"f1": "empty", "g1": "empty", "h1": "CHESS:R"}, "perform": {"e1": null, "f1": "CHESS:R", "g1": "CHESS:K", "h1": null}}]}}}"#,
            &[(KING, "/C:-K"), (KING, "/C:-K/e1/g1/0/perform/g1")]),
        "M3, M7: each warning at every place its identifier occurs (README.md, \"Inside GGN documents\")"),
    case((B, S), ("m3", "ambiguous-style"),
        r#"{"X:-K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "X:-K"}}]}}, "x:q": {"d8": {"d7": [{"require": {"d7": "enemy"}, "perform": {"d8": null, "d7": "x:q"}}]}}}"#,
        Converted(r#"{"XIANGQI:K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "XIANGQI:K"}}]}}, "xiangqi:q": {"d8": {"d7": [{"require": {"d7": "enemy"}, "perform": {"d8": null, "d7": "xiangqi:q"}}]}}}"#,
            &[(AMBIGUOUS, "/X:-K"), (KING, "/X:-K"), (AMBIGUOUS, "/X:-K/e1/e2/0/perform/e2"), (KING, "/X:-K/e1/e2/0/perform/e2"), (AMBIGUOUS, "/x:q"), (AMBIGUOUS, "/x:q/d8/d7/0/perform/d7")]),
        "M3: X stood for xiangqi99 and xiaoqi in published beta data; every occurrence is reported"),
    with("error", true, case((B, S), ("m7", "strict-ambiguous-style"),
        r#"{"X:-K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "X:-K"}}]}}, "x:q": {"d8": {"d7": [{"require": {"d7": "enemy"}, "perform": {"d8": null, "d7": "x:q"}}]}}}"#,
        Refused(&[(AMBIGUOUS, "/X:-K"), (KING, "/X:-K"), (AMBIGUOUS, "/X:-K/e1/e2/0/perform/e2"), (KING, "/X:-K/e1/e2/0/perform/e2"), (AMBIGUOUS, "/x:q"), (AMBIGUOUS, "/x:q/d8/d7/0/perform/d7")]),
        "M7: under strict every warning is an error, with its own code, at every place")),
    case((B, B), ("m1", "identity"),
        r#"{"X:-K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "X:-K"}}]}}}"#,
        Converted(r#"{"X:-K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "X:-K"}}]}}}"#, &[]),
        "M1, M3: beta to beta is the identity, never ambiguous"),
    with("drop", false, case((P, S), ("m4", "intermediate-dropped"),
        r#"{"SHOGI:P'": {"e5": {"e4": [{"perform": {"e5": null, "e4": "SHOGI:+P"}}]}}}"#,
        Converted(r#"{"SHOGI:P": {"e5": {"e4": [{"perform": {"e5": null, "e4": "SHOGI:+P"}}]}}}"#,
            &[("intermediate-dropped", "/SHOGI:P'")]),
        "M4: by option, the intermediate ''' dropped, with its warning")),
    // Refused in the conversion stage.
    case((P, S), ("m4", "intermediate-error"),
        r#"{"SHOGI:P'": {"e5": {"e4": [{"perform": {"e5": null, "e4": "SHOGI:+P"}}]}}}"#,
        Refused(&[("intermediate-unrepresentable", "/SHOGI:P'")]),
        "M4, M7: one identifier that does not convert refuses the document"),
    case((B, S), ("m3", "multi-character-piece"),
        r#"{"C:PH": {"a1": {"a2": [{"perform": {"a1": null, "a2": "C:PH"}}]}}}"#,
        Refused(&[("multi-character-piece", "/C:PH"), ("multi-character-piece", "/C:PH/a1/a2/0/perform/a2")]),
        "M3: the error at every place the identifier occurs"),
    case((B, S), ("m1", "key-collision"),
        r#"{"C:-K": {"e1": {"f1": [{"require": {"f1": "empty"}, "perform": {"e1": null, "f1": "C:-K"}}]}}, "C:K": {"e1": {"d1": [{"require": {"d1": "empty"}, "perform": {"e1": null, "d1": "C:K"}}]}}}"#,
        Refused(&[("key-collision", "/C:K")]),
        "G9: two piece keys that become CHESS:K would make a duplicate key; the second is the error"),
    case((L, S), ("m1", "key-collision-legacy"),
        r#"{"CHESS:KING": {"e1": {"f1": [{"perform": {"e1": null, "f1": "CHESS:KING"}}]}}, "CHESS:K": {"e1": {"d1": [{"perform": {"e1": null, "d1": "CHESS:K"}}]}}}"#,
        Refused(&[("key-collision", "/CHESS:K")]),
        "G9, M2: CHESS:KING and the single letter CHESS:K both become CHESS:K; the second key is the error"),
    case((B, S), ("m1", "key-collision-second"),
        r#"{"c:-k": {"e8": {"f8": [{"perform": {"e8": null, "f8": "c:-k"}}]}}, "c:k": {"e8": {"d8": [{"perform": {"e8": null, "d8": "c:k"}}]}}}"#,
        Refused(&[("key-collision", "/c:k")]),
        "G9, M3: c:-k and c:k both become chess:k (the second player's side)"),
    with("drop", false, case((P, S), ("m1", "key-collision-dropped"),
        r#"{"SHOGI:P'": {"5e": {"5d": [{"perform": {"5e": null, "5d": "SHOGI:P'"}}]}}, "SHOGI:P": {"5g": {"5f": [{"perform": {"5g": null, "5f": "SHOGI:P"}}]}}}"#,
        Refused(&[("key-collision", "/SHOGI:P")]),
        "G9, M4: with the intermediate ''' dropped, SHOGI:P' and SHOGI:P become one key")),
    case((S, Q), ("m5", "unknown-style"),
        r#"{"CHESS960:K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS960:K"}}]}}}"#,
        Refused(&[("unknown-style", "/CHESS960:K"), ("unknown-style", "/CHESS960:K/e1/e2/0/perform/e2")]),
        "M5: a style outside the family table, at every place"),
    // Refused in the source stage: nothing is converted.
    case((S, Q), ("source", "duplicate-key"),
        r#"{"CHESS:K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS:K"}}]}}, "CHESS:K": {"e1": {"d1": [{"perform": {"e1": null, "d1": "CHESS:K"}}]}}}"#,
        Refused(&[("duplicate-key", "/CHESS:K")]),
        "G9: the source must be valid GGN in its dialect; a duplicate key is never merged"),
    case((S, L), ("source", "invalid-identifier"),
        r#"{"CHESS:p": {"e2": {"e4": [{"perform": {"e2": null, "e4": "CHESS:p"}}]}}}"#,
        Refused(&[("case-mismatch", "/CHESS:p"), ("case-mismatch", "/CHESS:p/e2/e4/0/perform/e4")]),
        "G1, G2, G14: an identifier invalid in the source dialect refuses the document with its GAN parse code"),
    case((L, S), ("source", "snn-pin-in-legacy"),
        r#"{"CHESS:K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS:+K"}}]}}}"#,
        Refused(&[("unexpected-char", "/CHESS:K/e1/e2/0/perform/e2")]),
        "G1: the document is read in the source dialect, never guessed"),
    // Refused or warned in the target stage.
    case((B, S), ("target", "implicit-requirement"),
        r#"{"C:-K": {"e1": {"e2": [{"require": {"e1": "C:K"}, "perform": {"e1": null, "e2": "C:-K"}}]}}}"#,
        Refused(&[("implicit-requirement", "/C:-K/e1/e2/0/require/e1")]),
        "G10: C:K and C:-K both become CHESS:K, so the converted document requires the source piece on its own square"),
    case((B, S), ("target", "new-warning"),
        r#"{"M:P": {"e1": {"e3": [{"prevent": {"e1": "M:-P"}, "perform": {"e1": null, "e3": "M:P"}}]}}}"#,
        Converted(r#"{"MAKRUK:P": {"e1": {"e3": [{"prevent": {"e1": "MAKRUK:P"}, "perform": {"e1": null, "e3": "MAKRUK:P"}}]}}}"#,
            &[(KING, "/M:P/e1/e3/0/prevent/e1"), ("unsatisfiable", "/M:P/e1/e3/0/prevent/e1")]),
        "G10: the source's redundant prevent now names the source piece: a new warning, unsatisfiable, reported"),
    case((B, S), ("target", "require-prevent-conflict"),
        r#"{"C:P": {"e2": {"e4": [{"require": {"e4": "C:-Q"}, "prevent": {"e4": "C:Q"}, "perform": {"e2": null, "e4": "C:P"}}]}}}"#,
        Refused(&[("require-prevent-conflict", "/C:P/e2/e4/0/prevent/e4")]),
        "G11: C:-Q and C:Q both become CHESS:Q, so the converted variant requires and prevents the same state"),
    case((L, S), ("target", "new-unsatisfiable"),
        r#"{"CHESS:KING": {"e1": {"e2": [{"prevent": {"e1": "CHESS:K"}, "perform": {"e1": null, "e2": "CHESS:KING"}}]}}}"#,
        Converted(r#"{"CHESS:K": {"e1": {"e2": [{"prevent": {"e1": "CHESS:K"}, "perform": {"e1": null, "e2": "CHESS:K"}}]}}}"#,
            &[("unsatisfiable", "/CHESS:KING/e1/e2/0/prevent/e1")]),
        "G10: the input's redundant prevent (another piece) now names the source piece: unsatisfiable, a new warning"),
    with("error", true, case((B, S), ("m7", "strict-stops-at-conversion"),
        r#"{"M:P": {"e1": {"e3": [{"prevent": {"e1": "M:-P"}, "perform": {"e1": null, "e3": "M:P"}}]}}}"#,
        Refused(&[(KING, "/M:P/e1/e3/0/prevent/e1")]),
        "M7: under strict the conversion's warning is an error; a refused conversion stage stops before the target stage")),
    case((L, S), ("target", "known-warning-not-repeated"),
        r#"{"CHESS:KING": {"e1": {"e2": [{"prevent": {"e1": "CHESS:QUEEN"}, "perform": {"e1": null, "e2": "CHESS:KING"}}]}}}"#,
        Converted(r#"{"CHESS:K": {"e1": {"e2": [{"prevent": {"e1": "CHESS:Q"}, "perform": {"e1": null, "e2": "CHESS:K"}}]}}}"#, &[]),
        "G10: a warning the input already had at the same place (redundant) is not the migration's"),
    case((S, Q), ("target", "known-redundant"),
        r#"{"CHESS:K": {"e1": {"e2": [{"prevent": {"e1": "CHESS:Q"}, "perform": {"e1": null, "e2": "CHESS:K"}}]}}}"#,
        Converted(r#"{"C:K": {"e1": {"e2": [{"prevent": {"e1": "C:Q"}, "perform": {"e1": null, "e2": "C:K"}}]}}}"#, &[]),
        "G10: the input's own redundant prevent, at the same place after M5: not repeated"),
    case((P, S), ("target", "known-unsatisfiable"),
        r#"{"SHOGI:P": {"5g": {"5f": [{"require": {"5g": "empty"}, "perform": {"5g": null, "5f": "SHOGI:P"}}]}}}"#,
        Converted(r#"{"SHOGI:P": {"5g": {"5f": [{"require": {"5g": "empty"}, "perform": {"5g": null, "5f": "SHOGI:P"}}]}}}"#, &[]),
        "G10: the input's own unsatisfiable require (its source empty): not repeated"),
    case((L, S), ("target", "known-duplicate-variant"),
        r#"{"CHESS:PAWN": {"e2": {"e4": [{"perform": {"e2": null, "e4": "CHESS:PAWN"}}, {"perform": {"e2": null, "e4": "CHESS:PAWN"}}]}}}"#,
        Converted(r#"{"CHESS:P": {"e2": {"e4": [{"perform": {"e2": null, "e4": "CHESS:P"}}, {"perform": {"e2": null, "e4": "CHESS:P"}}]}}}"#, &[]),
        "G13: the input's own identical variants (duplicate-variant): not repeated"),
    with("error", true, case((B, Q), ("m7", "strict-every-warning-to-qpi"),
        r#"{"X:-K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "X:-K"}}]}}}"#,
        Refused(&[(AMBIGUOUS, "/X:-K"), (KING, "/X:-K"), (AMBIGUOUS, "/X:-K/e1/e2/0/perform/e2"), (KING, "/X:-K/e1/e2/0/perform/e2")]),
        "M7: under strict, both warnings of each identifier are errors, to qpi too")),
    with("error", true, case((B, S), ("m7", "strict-every-warning-second"),
        r#"{"s:-k": {"5a": {"5b": [{"perform": {"5a": null, "5b": "s:-k"}}]}}}"#,
        Refused(&[(AMBIGUOUS, "/s:-k"), (KING, "/s:-k"), (AMBIGUOUS, "/s:-k/5a/5b/0/perform/5b"), (KING, "/s:-k/5a/5b/0/perform/5b")]),
        "M7: under strict, both warnings of each identifier are errors (the second player's s)")),
];

/// A case of a migration to `ggn-2025-10` (G32–G37), into `qpi-2026-01`.
const fn newest(
    from: &'static str,
    (group, slug): (&'static str, &'static str),
    document: &'static str,
    expect: Expect,
    note: &'static str,
) -> Case {
    Case {
        edition: Some("ggn-2025-10"),
        ..case((from, Q26), (group, slug), document, expect, note)
    }
}

const Q26: &str = "qpi-2026-01";
const DROPPED: &str = "perform-dropped";
const NOT_CELL: &str = "not-cell";

/// The migrations to the newest edition, written by hand from G32–G37 and M10–M13: the
/// expected document, and every problem at its pointer into the input.
#[rustfmt::skip]
const NEWEST: &[Case] = &[
    // G32, G33: keys and states into qpi-2026-01, require -> must, prevent -> deny.
    newest(S, ("g33", "require-must-prevent-deny"),
        r#"{"CHESS:K": {"e1": {"f1": [{"require": {"f1": "empty"}, "prevent": {"g1": "chess:r"}, "perform": {"e1": null, "f1": "CHESS:K"}}]}}}"#,
        Converted(r#"{"C:K": {"e1": {"f1": [{"must": {"f1": "empty"}, "deny": {"g1": "c:r"}}]}}}"#, &[(DROPPED, "/CHESS:K/e1/f1/0/perform")]),
        "G33: require becomes must and prevent deny, their squares kept; G32: the key and the prevented state become qpi-2026-01 tokens; G34: the perform dropped with its warning"),
    newest(S, ("g33", "order-kept"),
        r#"{"CHESS:K": {"e1": {"f1": [{"prevent": {"g1": "chess:r"}, "require": {"f1": "empty"}, "perform": {"e1": null, "f1": "CHESS:K"}}]}}}"#,
        Converted(r#"{"C:K": {"e1": {"f1": [{"deny": {"g1": "c:r"}, "must": {"f1": "empty"}}]}}}"#, &[(DROPPED, "/CHESS:K/e1/f1/0/perform")]),
        "G33: renamed in place: a prevent written before its require stays first"),
    newest(S, ("g32", "states-and-keywords"),
        r#"{"SHOGI:+P": {"c5": {"b5": [{"require": {"b5": "enemy", "d5": "shogi:+r", "a5": "empty"}, "perform": {"c5": null, "b5": "SHOGI:+P"}}]}}}"#,
        Converted(r#"{"S:+P": {"c5": {"b5": [{"must": {"b5": "enemy", "d5": "s:+r", "a5": "empty"}}]}}}"#, &[(DROPPED, "/SHOGI:+P/c5/b5/0/perform")]),
        "G32: \"empty\" and \"enemy\" stay, an identifier becomes its qpi-2026-01 token (M13: the family table, Native), the conditions' order kept"),
    newest(B, ("g32", "beta-king-terminal"),
        r#"{"C:-K": {"e1": {"e2": [{"prevent": {"e2": "C:R"}, "perform": {"e1": null, "e2": "C:-K"}}]}}, "C:K": {"d1": {"d2": [{"perform": {"d1": null, "d2": "C:K"}}]}}}"#,
        Converted(r#"{"C:K^": {"e1": {"e2": [{"deny": {"e2": "C:R"}}]}}, "C:K": {"d1": {"d2": [{}]}}}"#, &[(DROPPED, "/C:-K/e1/e2/0/perform"), (DROPPED, "/C:K/d1/d2/0/perform")]),
        "G32, M10: beta's king-like C:-K becomes the terminal C:K^ without a warning, so C:-K and C:K stay two keys; a variant with a perform alone becomes a possibility without condition (G34)"),
    newest(L, ("g32", "key-collision"),
        r#"{"CHESS:KING": {"e1": {"f1": [{"perform": {"e1": null, "f1": "CHESS:KING"}}]}}, "CHESS:K": {"e1": {"d1": [{"perform": {"e1": null, "d1": "CHESS:K"}}]}}}"#,
        Refused(&[("key-collision", "/CHESS:K")]),
        "G32, M13: CHESS:KING and CHESS:K both become C:K (no ^ is invented); the second key is the error (G9)"),
    with("drop", false, newest(P, ("g32", "intermediate-dropped"),
        r#"{"SHOGI:P'": {"e5": {"e4": [{"require": {"e4": "empty"}, "perform": {"e5": null, "e4": "SHOGI:+P"}}]}}}"#,
        Converted(r#"{"S:P": {"e5": {"e4": [{"must": {"e4": "empty"}}]}}}"#, &[("intermediate-dropped", "/SHOGI:P'"), (DROPPED, "/SHOGI:P'/e5/e4/0/perform")]),
        "G32, M4: the conversions' options apply; the intermediate ' dropped, with its warning")),
    newest(P, ("g32", "intermediate-error"),
        r#"{"SHOGI:P'": {"e5": {"e4": [{"require": {"e4": "empty"}, "perform": {"e5": null, "e4": "SHOGI:+P"}}]}}}"#,
        Refused(&[("intermediate-unrepresentable", "/SHOGI:P'")]),
        "G32, M4: an identifier that does not convert refuses the document"),
    // G34: perform dropped, one warning per variant.
    newest(S, ("g34", "every-variant-kept"),
        r#"{"CHESS:P": {"e7": {"e8": [{"require": {"e8": "empty"}, "perform": {"e7": null, "e8": "CHESS:Q"}}, {"require": {"e8": "empty"}, "perform": {"e7": null, "e8": "CHESS:N"}}]}}}"#,
        Converted(r#"{"C:P": {"e7": {"e8": [{"must": {"e8": "empty"}}, {"must": {"e8": "empty"}}]}}}"#, &[(DROPPED, "/CHESS:P/e7/e8/0/perform"), (DROPPED, "/CHESS:P/e7/e8/1/perform")]),
        "G34: a promotion's variants become identical possibilities, each kept at its index, each perform a warning at its pointer"),
    newest(S, ("g34", "perform-not-converted"),
        r#"{"CHESS:P": {"e7": {"e8": [{"require": {"e8": "empty"}, "perform": {"e7": null, "e8": "CHESS960:Q"}}]}}}"#,
        Converted(r#"{"C:P": {"e7": {"e8": [{"must": {"e8": "empty"}}]}}}"#, &[(DROPPED, "/CHESS:P/e7/e8/0/perform")]),
        "G34: a dropped perform's identifiers are not converted: CHESS960, a style with no QPI letter, refuses nothing there"),
    // G35: $schema dropped.
    newest(S, ("g35", "schema-dropped"),
        r#"{"$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json", "CHESS:P": {"e2": {"e4": [{"require": {"e3": "empty", "e4": "empty"}, "perform": {"e2": null, "e4": "CHESS:P"}}]}}}"#,
        Converted(r#"{"C:P": {"e2": {"e4": [{"must": {"e3": "empty", "e4": "empty"}}]}}}"#, &[("schema-dropped", "/$schema"), (DROPPED, "/CHESS:P/e2/e4/0/perform")]),
        "G35: the top-level \"$schema\" is dropped with a warning"),
    // G36: squares that are no CELL coordinate.
    newest(S, ("g36", "not-cell-everywhere"),
        r#"{"CHESS:R": {"A1": {"a2": [{"require": {"a2": "empty", "z0": "empty"}, "perform": {"A1": null, "a2": "CHESS:R"}}], "a10": [{"prevent": {"a1b": "enemy"}, "perform": {"A1": null, "a10": "CHESS:R"}}]}}}"#,
        Refused(&[(NOT_CELL, "/CHESS:R/A1"), (NOT_CELL, "/CHESS:R/A1/a2/0/require/z0"), (NOT_CELL, "/CHESS:R/A1/a10/0/prevent/a1b")]),
        "G36: a source, a require key and a prevent key that are no CELL coordinate, each an error; a10 is CELL; the dropped perform's squares are not read"),
    newest(S, ("g36", "shogi-squares"),
        r#"{"SHOGI:P": {"5g": {"5f": [{"require": {"5f": "empty"}, "perform": {"5g": null, "5f": "SHOGI:P"}}]}}}"#,
        Refused(&[(NOT_CELL, "/SHOGI:P/5g"), (NOT_CELL, "/SHOGI:P/5g/5f"), (NOT_CELL, "/SHOGI:P/5g/5f/0/require/5f")]),
        "G36: shogi's 5g is no CELL coordinate (CELL starts with a lowercase letter): source, destination and condition refused"),
    newest(S, ("g36", "destination-and-prevent"),
        r#"{"CHESS:R": {"a1": {"a0": [{"prevent": {"Z9": "enemy"}, "perform": {"a1": null, "a0": "CHESS:R"}}]}}}"#,
        Refused(&[(NOT_CELL, "/CHESS:R/a1/a0"), (NOT_CELL, "/CHESS:R/a1/a0/0/prevent/Z9")]),
        "G36: a destination (a0: no rank 0) and a prevent key (Z9: uppercase) that are no CELL coordinate, valid labels in ggn-2014 (G6)"),
    // Styles without a QPI letter (G32).
    newest(S, ("g32", "unknown-style"),
        r#"{"GAME:X": {"a1": {"a2": [{"perform": {"a1": null, "a2": "GAME:X"}}]}}}"#,
        Refused(&[("unknown-style", "/GAME:X")]),
        "G32: a style with no QPI letter (without a --map table) is unknown-style, refused"),
    newest(S, ("g32", "unknown-style-in-prevent"),
        r#"{"CHESS:K": {"e1": {"e2": [{"prevent": {"e2": "CHESS960:R"}, "perform": {"e1": null, "e2": "CHESS:K"}}]}}}"#,
        Refused(&[("unknown-style", "/CHESS:K/e1/e2/0/prevent/e2")]),
        "G32: a prevented identifier is converted too, and refused at its pointer"),
    // Strict (M7, G36).
    with("error", true, newest(S, ("m7", "strict-dropped")
        , r#"{"$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json", "CHESS:P": {"e2": {"e4": [{"require": {"e3": "empty", "e4": "empty"}, "perform": {"e2": null, "e4": "CHESS:P"}}]}}}"#,
        Refused(&[("schema-dropped", "/$schema"), (DROPPED, "/CHESS:P/e2/e4/0/perform")]),
        "M7, G36: under strict, the warnings of G34 and G35 are errors")),
    with("error", true, newest(B, ("m7", "strict-ambiguous-style"),
        r#"{"S:-K": {"e1": {"e2": [{"require": {"e2": "empty"}, "perform": {"e1": null, "e2": "S:-K"}}]}}}"#,
        Refused(&[("ambiguous-style", "/S:-K"), (DROPPED, "/S:-K/e1/e2/0/perform")]),
        "M7: under strict, the conversion's warning (beta's S) and the dropped perform are errors")),
    newest(B, ("g32", "ambiguous-style"),
        r#"{"S:-K": {"e1": {"e2": [{"require": {"e2": "empty"}, "perform": {"e1": null, "e2": "S:-K"}}]}}}"#,
        Converted(r#"{"S:K^": {"e1": {"e2": [{"must": {"e2": "empty"}}]}}}"#, &[("ambiguous-style", "/S:-K"), (DROPPED, "/S:-K/e1/e2/0/perform")]),
        "G32, M3, M10: beta's S warns that it stood for two games; its king becomes S:K^"),
    // The source stage: a document invalid in its dialect is not converted.
    newest(S, ("source", "duplicate-key"),
        r#"{"CHESS:K": {"e1": {"e2": [{"perform": {"e1": null, "e2": "CHESS:K"}}]}}, "CHESS:K": {"e1": {"d1": [{"perform": {"e1": null, "d1": "CHESS:K"}}]}}}"#,
        Refused(&[("duplicate-key", "/CHESS:K")]),
        "G32, G9: the source must be a valid ggn-2014 document in its dialect"),
    newest(S, ("source", "newest-member"),
        r#"{"CHESS:P": {"e2": {"e3": [{"must": {"e3": "empty"}, "perform": {"e2": null, "e3": "CHESS:P"}}]}}}"#,
        Refused(&[("unknown-key", "/CHESS:P/e2/e3/0/must")]),
        "G32, G26: a document already half in the newest edition is no ggn-2014 document (must is unknown there)"),
];
