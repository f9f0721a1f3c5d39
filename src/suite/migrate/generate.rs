//! The migration vectors, `conformance/migrations.json` ([`migration_file`]): one per row of
//! the built-in tables (both sides) and one per lossy case of docs/DECISIONS.md §3.
//!
//! The expectations are written here from the tables and by hand; the converter is never run
//! to produce them (the suite runs it against them).

use crate::convert::codes;
use crate::convert::tables::{Row, AMBIGUOUS_STYLES, BETA_STYLES, FAMILIES, PIECE_NAMES};
use crate::error::codes as parse_codes;

use super::format::{MigrationFile, MigrationVector, VectorOptions, FORMAT};

/// The whole file, in its fixed order.
pub fn migration_file() -> MigrationFile {
    let mut vectors = Vec::new();
    table_vectors(&mut vectors);
    newest_qpi_table_vectors(&mut vectors);
    for case in CASES.iter().chain(NEWEST_QPI_CASES) {
        vectors.push(case.vector());
    }
    identity_vectors(&mut vectors);
    MigrationFile {
        format: FORMAT,
        decisions: "DECISIONS.md §3 (M1–M14)".to_owned(),
        vectors,
    }
}

/// The suite's file: (path relative to `conformance/`, exact text).
pub fn files() -> Vec<(&'static str, String)> {
    vec![(super::load::PATH, migration_json())]
}

/// The file as written to `conformance/migrations.json`: 2-space pretty JSON and a final LF.
///
/// # Panics
///
/// Never: the vectors are plain strings and serialize.
pub fn migration_json() -> String {
    let mut text = serde_json::to_string_pretty(&migration_file()).expect("vectors serialize");
    text.push('\n');
    text
}

/// Every built-in row, on both sides: M2 legacy → snn-pin, M3 beta → snn-pin, M5 both ways.
fn table_vectors(vectors: &mut Vec<MigrationVector>) {
    let cite = |row: &Row| {
        format!(
            "{} {} = {} ({})",
            row.source.decision, row.key, row.value, row.source.cites
        )
    };
    for row in &PIECE_NAMES {
        let game = if row.source.cites.contains("Shōgi") {
            "SHOGI"
        } else {
            "CHESS"
        };
        for (upper, side) in [(true, "first"), (false, "second")] {
            let input = recase(&format!("{game}:{}", row.key), upper);
            let output = recase(&format!("{game}:{}", row.value), upper);
            vectors.push(table_vector(
                "legacy",
                "snn-pin",
                "m2",
                &format!("{}-{side}", row.key.to_ascii_lowercase()),
                input,
                output,
                cite(row),
                "M2: a legacy piece word becomes its letter; the game id is kept; no state",
            ));
        }
    }
    for row in &BETA_STYLES {
        // M3: a style published data used for several games warns, naming them.
        let ambiguous = AMBIGUOUS_STYLES.iter().any(|a| a.key == row.key);
        for (upper, side) in [(true, "first"), (false, "second")] {
            let mut vector = table_vector(
                "beta",
                "snn-pin",
                "m3",
                &format!("{}-{side}", row.key.to_ascii_lowercase()),
                recase(&format!("{}:R", row.key), upper),
                recase(&format!("{}:R", row.value), upper),
                cite(row),
                if ambiguous {
                    "M3: a beta style abbreviation becomes its snn-pin style, in the side's case; \
                     published data used it for several games (ambiguous-style)"
                } else {
                    "M3: a beta style abbreviation becomes its snn-pin style, in the side's case"
                },
            );
            if ambiguous {
                vector.diagnostics = Some(vec![codes::AMBIGUOUS_STYLE.to_owned()]);
            }
            vectors.push(vector);
        }
    }
    for row in &FAMILIES {
        for (upper, side) in [(true, "first"), (false, "second")] {
            let slug = format!("{}-{side}", row.key.to_ascii_lowercase());
            let snn = recase(&format!("{}:+K", row.key), upper);
            let qpi = recase(&format!("{}:+K", row.value), upper);
            let note = "M5: the style family table, the PIN part identical";
            vectors.push(table_vector(
                "snn-pin",
                "qpi",
                "m5",
                &slug,
                snn.clone(),
                qpi.clone(),
                cite(row),
                note,
            ));
            vectors.push(table_vector(
                "qpi",
                "snn-pin",
                "m5",
                &slug,
                qpi,
                snn,
                cite(row),
                note,
            ));
        }
    }
}

/// Every family row both ways between snn-pin and the newest QPI (M11), and every beta style
/// row with the promoted king-like flags `+-` into it, which become `+` and the terminal `^`
/// (M10, M11).
fn newest_qpi_table_vectors(vectors: &mut Vec<MigrationVector>) {
    let cite = |row: &Row| {
        format!(
            "{} {} = {} ({})",
            row.source.decision, row.key, row.value, row.source.cites
        )
    };
    for row in &FAMILIES {
        for (upper, side) in [(true, "first"), (false, "second")] {
            let slug = format!("{}-{side}", row.key.to_ascii_lowercase());
            let snn = recase(&format!("{}:+K", row.key), upper);
            let qpi = recase(&format!("{}:+K", row.value), upper);
            let note = "M5, M11: the style family table into and out of the newest QPI, the PIN \
                        part identical, the token Native";
            vectors.push(table_vector(
                "snn-pin",
                "qpi-2026-01",
                "m11",
                &slug,
                snn.clone(),
                qpi.clone(),
                cite(row),
                note,
            ));
            vectors.push(table_vector(
                "qpi-2026-01",
                "snn-pin",
                "m11",
                &slug,
                qpi,
                snn,
                cite(row),
                note,
            ));
        }
    }
    for row in &BETA_STYLES {
        let Some(family) = FAMILIES.iter().find(|f| f.key == row.value) else {
            continue;
        };
        let ambiguous = AMBIGUOUS_STYLES.iter().any(|a| a.key == row.key);
        for (upper, side) in [(true, "first"), (false, "second")] {
            let mut vector = table_vector(
                "beta",
                "qpi-2026-01",
                "m10",
                &format!("{}-promoted-king-{side}", row.key.to_ascii_lowercase()),
                recase(&format!("{}:+-K", row.key), upper),
                recase(&format!("{}:+K^", family.value), upper),
                format!("{}; {}", cite(row), cite(family)),
                "M3, M10, M11: the beta style through the style and family tables; '+' kept, \
                 the king-like '-' becomes the terminal '^'",
            );
            if ambiguous {
                vector.diagnostics = Some(vec![codes::AMBIGUOUS_STYLE.to_owned()]);
            }
            vectors.push(vector);
        }
    }
}

/// Inputs invalid in every notation of the family, each with the code D12 gives it: the
/// empty input, and a first byte no identifier starts with (D12's offset 0, where
/// `missing-separator` cannot apply): a non-ASCII character, an ASCII one.
const INVALID_EVERYWHERE: [(&str, &str, &str); 3] = [
    ("empty", "", parse_codes::EMPTY),
    ("non-ascii", "\u{e9}", parse_codes::NON_ASCII),
    ("unexpected-char", "!", parse_codes::UNEXPECTED_CHAR),
];

/// M1 for the identity: from every GAN dialect to itself, an invalid input is rejected with its
/// parse code, never returned as it came (the editions are not migrated, M8).
fn identity_vectors(vectors: &mut Vec<MigrationVector>) {
    let dialects = crate::model::Dialect::ALL.into_iter().filter(|d| {
        d.family() == crate::notation::Family::Dialects
            || ["qpi-2025-12", "qpi-2026-01"].contains(&d.as_str())
    });
    for dialect in dialects {
        let name = dialect.as_str();
        for (slug, input, code) in INVALID_EVERYWHERE {
            vectors.push(MigrationVector {
                id: format!("migrate/{name}-{name}/m1/identity-invalid-{slug}"),
                from: name.to_owned(),
                to: name.to_owned(),
                input: Some(input.to_owned()),
                input_hex: None,
                options: VectorOptions::default(),
                output: None,
                diagnostics: None,
                error: Some(code.to_owned()),
                source: None,
                note: "M1: the identity converts only a valid input; an invalid one is rejected \
                       with its parse code (D12)"
                    .to_owned(),
            });
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn table_vector(
    from: &str,
    to: &str,
    group: &str,
    slug: &str,
    input: String,
    output: String,
    source: String,
    note: &str,
) -> MigrationVector {
    MigrationVector {
        id: format!("migrate/{from}-{to}/{group}/{slug}"),
        from: from.to_owned(),
        to: to.to_owned(),
        input: Some(input),
        input_hex: None,
        options: VectorOptions::default(),
        output: Some(output),
        diagnostics: Some(Vec::new()),
        error: None,
        source: Some(source),
        note: note.to_owned(),
    }
}

fn recase(text: &str, upper: bool) -> String {
    if upper {
        text.to_ascii_uppercase()
    } else {
        text.to_ascii_lowercase()
    }
}

/// A hand-written case: its expectation is written here, not computed.
struct Case {
    from: &'static str,
    to: &'static str,
    group: &'static str,
    slug: &'static str,
    /// The input; `hex:` followed by hex digits for bytes that are not UTF-8.
    input: &'static str,
    intermediate: &'static str,
    strict: bool,
    expect: Expect,
    note: &'static str,
}

enum Expect {
    /// Converted, with these warnings.
    Output(&'static str, &'static [&'static str]),
    /// Rejected with this code.
    Error(&'static str),
}

use Expect::{Error, Output};

impl Case {
    fn vector(&self) -> MigrationVector {
        let (input, input_hex) = match self.input.strip_prefix("hex:") {
            Some(hex) => (None, Some(hex.to_owned())),
            None => (Some(self.input.to_owned()), None),
        };
        let (output, diagnostics, error) = match self.expect {
            Output(output, warnings) => (
                Some(output.to_owned()),
                Some(warnings.iter().map(|&code| code.to_owned()).collect()),
                None,
            ),
            Error(code) => (None, None, Some(code.to_owned())),
        };
        MigrationVector {
            id: format!(
                "migrate/{}-{}/{}/{}",
                self.from, self.to, self.group, self.slug
            ),
            from: self.from.to_owned(),
            to: self.to.to_owned(),
            input,
            input_hex,
            options: VectorOptions {
                intermediate: self.intermediate.to_owned(),
                strict: self.strict,
            },
            output,
            diagnostics,
            error,
            source: None,
            note: self.note.to_owned(),
        }
    }
}

const fn case(
    (from, to): (&'static str, &'static str),
    (group, slug): (&'static str, &'static str),
    input: &'static str,
    expect: Expect,
    note: &'static str,
) -> Case {
    Case {
        from,
        to,
        group,
        slug,
        input,
        intermediate: "error",
        strict: false,
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
const Q5: &str = "qpi-2025-12";
const Q6: &str = "qpi-2026-01";

/// Every lossy case of docs/DECISIONS.md §3, and the exact ones next to them.
#[rustfmt::skip]
const CASES: &[Case] = &[
    // M1: the source must be valid first; its parse code is the error. Same dialect: identity.
    case((L, S), ("m1", "case-mismatch"), "CHESS:king", Error(parse_codes::CASE_MISMATCH), "M1: an invalid source is rejected with its parse code (D3)"),
    case((S, Q), ("m1", "case-mismatch"), "CHESS:k", Error(parse_codes::CASE_MISMATCH), "M1: an invalid source is rejected with its parse code (D3)"),
    case((B, S), ("m1", "unexpected-char"), "c:-+k", Error(parse_codes::UNEXPECTED_CHAR), "M1: beta's order is '+-' (§1)"),
    case((P, S), ("m1", "trailing-newline"), "SHOGI:P\n", Error(parse_codes::UNEXPECTED_CHAR), "M1, D1: no trimming"),
    case((L, S), ("m1", "missing-separator"), "CHESS", Error(parse_codes::MISSING_SEPARATOR), "M1: an invalid source is rejected with its parse code"),
    case((Q, S), ("m1", "snn-style-in-qpi"), "CHESS:K", Error(parse_codes::UNEXPECTED_CHAR), "M1: the source dialect is the one given, never guessed (§1)"),
    case((L, S), ("m1", "invalid-utf8"), "hex:4348455353ff3a4b", Error(parse_codes::INVALID_UTF8), "M1, D2: invalid UTF-8 is an invalid input"),
    case((L, S), ("m7", "empty"), "", Error(parse_codes::EMPTY), "M7: an empty line is rejected (empty)"),
    case((P, P), ("m1", "identity-intermediate"), "SHOGI:+P'", Output("SHOGI:+P'", &[]), "M1: the identity where source = target"),
    case((B, B), ("m1", "identity-king"), "C:-K", Output("C:-K", &[]), "M1: the identity where source = target"),
    case((S, S), ("m1", "identity"), "chess960:-p", Output("chess960:-p", &[]), "M1: the identity where source = target"),
    // M2: legacy → snn-pin.
    case((L, S), ("m2", "single-letter-kept"), "CHESS:K", Output("CHESS:K", &[]), "M2: a single-letter piece is kept"),
    case((L, S), ("m2", "single-letter-kept-second"), "xiangqi:c", Output("xiangqi:c", &[]), "M2: a single-letter piece is kept"),
    case((L, S), ("m2", "unknown-word"), "CHESS:DRAGON", Error(codes::UNKNOWN_PIECE_NAME), "M2: an unknown word is an error unless a user table maps it"),
    case((L, S), ("m2", "unknown-word-second"), "xiangqi:general", Error(codes::UNKNOWN_PIECE_NAME), "M2: the built-in table has no Xiangqi words"),
    case((L, P), ("m2", "no-state-invented"), "SHOGI:LANCE", Output("SHOGI:L", &[]), "M2: no state is invented"),
    case((L, B), ("m2", "no-king-flag-invented"), "CHESS:KING", Output("CHESS:K", &[]), "M2, M6: no king-like flag is invented"),
    case((L, Q), ("m2", "word-and-family"), "CHESS:KING", Output("C:K", &[]), "M1: M2 then M5"),
    case((L, Q), ("m2", "word-and-family-second"), "shogi:pawn", Output("s:p", &[]), "M1: M2 then M5"),
    case((L, Q), ("m5", "unknown-style"), "GO:S", Error(codes::UNKNOWN_STYLE), "M1: M2 then M5; GO has no qpi letter"),
    case((L, Q), ("m2", "first-error-wins"), "GO:STONE", Error(codes::UNKNOWN_PIECE_NAME), "M1: the snn-pin step fails first"),
    // M3: beta → snn-pin.
    case((B, S), ("m3", "underscore-removed"), "DAI_DAI_SHOGI:P", Output("DAIDAISHOGI:P", &[codes::UNDERSCORE_REMOVED]), "M3: a style outside the table is kept with '_' removed"),
    case((B, S), ("m3", "underscore-removed-second"), "taikyoku_shogi:g", Output("taikyokushogi:g", &[codes::UNDERSCORE_REMOVED]), "M3: a style outside the table is kept with '_' removed"),
    case((B, S), ("m3", "style-kept"), "SHATAR:K", Output("SHATAR:K", &[]), "M3: a style outside the table, without '_', is kept"),
    case((B, S), ("m3", "long-style-kept"), "CHESS:K", Output("CHESS:K", &[]), "M3: the table maps abbreviations only"),
    case((B, S), ("m3", "promoted"), "S:+R", Output("SHOGI:+R", &[codes::AMBIGUOUS_STYLE]), "M3: '+' becomes '+'; S stood for shogi and puchi shogi"),
    case((B, S), ("m3", "king-flag-lost"), "C:-K", Output("CHESS:K", &[codes::KING_FLAG_LOST]), "M3, D4: '-' (king-like) is dropped, never written as '-' (diminished)"),
    case((B, S), ("m3", "king-flag-lost-second"), "x:-k", Output("xiangqi:k", &[codes::AMBIGUOUS_STYLE, codes::KING_FLAG_LOST]), "M3, D4: '-' (king-like) is dropped; the style's warning first"),
    // M3: styles that published beta data used for several games (the 2020–2021 tablebases).
    case((B, S), ("m3", "ambiguous-xiaoqi-king"), "X:-K", Output("XIANGQI:K", &[codes::AMBIGUOUS_STYLE, codes::KING_FLAG_LOST]), "M3: X stood for xiangqi99 and xiaoqi; ambiguous-style before king-flag-lost"),
    case((B, S), ("m3", "ambiguous-xiaoqi-queen"), "x:q", Output("xiangqi:q", &[codes::AMBIGUOUS_STYLE]), "M3: xiaoqi's queen becomes a xiangqi piece by the table's guess, never silently"),
    case((B, S), ("m3", "ambiguous-puchi-shogi-queen"), "S:Q", Output("SHOGI:Q", &[codes::AMBIGUOUS_STYLE]), "M3: S stood for shogi and puchi shogi"),
    case((B, S), ("m3", "ambiguous-promoted-second"), "s:+b", Output("shogi:+b", &[codes::AMBIGUOUS_STYLE]), "M3: S stood for shogi and puchi shogi"),
    case((B, S), ("m3", "unambiguous-chess"), "c:-k", Output("chess:k", &[codes::KING_FLAG_LOST]), "M3: C stood for chess alone in the published data"),
    case((B, S), ("m3", "long-style-not-ambiguous"), "XIANGQI:R", Output("XIANGQI:R", &[]), "M3: only the table's abbreviations are ambiguous"),
    case((B, Q), ("m3", "ambiguous-to-qpi"), "X:-K", Output("X:K", &[codes::AMBIGUOUS_STYLE, codes::KING_FLAG_LOST]), "M1, M3: the warning goes through composition to qpi"),
    case((B, P), ("m3", "ambiguous-to-pnn"), "s:+p", Output("shogi:+p", &[codes::AMBIGUOUS_STYLE]), "M1, M3: the warning goes through composition to pnn"),
    case((B, L), ("m3", "ambiguous-to-legacy"), "x:r", Output("xiangqi:r", &[codes::AMBIGUOUS_STYLE]), "M1, M3: the warning goes through composition to legacy"),
    case((B, B), ("m1", "identity-ambiguous"), "X:-K", Output("X:-K", &[]), "M1, M3: beta to beta is the identity, never ambiguous"),
    case((Q, S), ("m5", "qpi-x-not-ambiguous"), "X:K", Output("XIANGQI:K", &[]), "M3, M5: the ambiguity is beta's; qpi's X is Xiangqi (qpi-ruby-readme.txt)"),
    case((B, S), ("m3", "promoted-king"), "FOO:+-K", Output("FOO:+K", &[codes::KING_FLAG_LOST]), "M3: '+' kept, '-' dropped (gan-beta.txt's FOO:+-K)"),
    case((B, S), ("m3", "two-warnings"), "dai_dai_shogi:-k", Output("daidaishogi:k", &[codes::UNDERSCORE_REMOVED, codes::KING_FLAG_LOST]), "M3: every change is reported, style first"),
    case((B, S), ("m3", "multi-character-ph"), "DAI_DAI_SHOGI:PH", Error(codes::MULTI_CHARACTER_PIECE), "M3: a piece abbreviation longer than one character is an error"),
    case((B, S), ("m3", "multi-character-gd"), "taikyoku_shogi:gd", Error(codes::MULTI_CHARACTER_PIECE), "M3: a piece abbreviation longer than one character is an error"),
    case((B, S), ("m3", "multi-character-digit"), "C:K1", Error(codes::MULTI_CHARACTER_PIECE), "M3: a piece abbreviation longer than one character is an error"),
    case((B, S), ("m3", "multi-character-underscore"), "C:K_", Error(codes::MULTI_CHARACTER_PIECE), "M3: a piece abbreviation longer than one character is an error"),
    case((B, S), ("m3", "multi-character-word"), "go:stone", Error(codes::MULTI_CHARACTER_PIECE), "M3: the M2 word table is for legacy; beta words need a user row"),
    case((B, Q), ("m3", "king-flag-lost-to-qpi"), "c:-k", Output("c:k", &[codes::KING_FLAG_LOST]), "M1: M3 then M5"),
    case((B, Q), ("m5", "unknown-style"), "FOO:K", Error(codes::UNKNOWN_STYLE), "M1: M3 then M5; FOO has no qpi letter"),
    case((B, P), ("m3", "underscore-removed-to-pnn"), "DAI_DAI_SHOGI:P", Output("DAIDAISHOGI:P", &[codes::UNDERSCORE_REMOVED]), "M1: M3 then M6"),
    case((B, L), ("m6", "promoted-to-legacy"), "S:+P", Error(codes::UNREPRESENTABLE), "M1: M3 then M6; legacy has no state"),
    with("error", true, case((B, S), ("m7", "strict-king-flag-lost"), "C:-K", Error(codes::KING_FLAG_LOST), "M7: --strict turns warnings into errors")),
    with("error", true, case((B, S), ("m7", "strict-underscore-removed"), "DAI_DAI_SHOGI:P", Error(codes::UNDERSCORE_REMOVED), "M7: --strict turns warnings into errors")),
    with("error", true, case((B, S), ("m7", "strict-exact"), "C:K", Output("CHESS:K", &[]), "M7: --strict accepts conversions without warnings")),
    with("error", true, case((B, S), ("m7", "strict-ambiguous-style"), "x:q", Error(codes::AMBIGUOUS_STYLE), "M3, M7: --strict rejects a style the table only guesses")),
    with("error", true, case((B, Q), ("m7", "strict-ambiguous-before-king"), "X:-K", Error(codes::AMBIGUOUS_STYLE), "M3, M7: the first warning, ambiguous-style, is the error")),
    // M4: pnn → snn-pin.
    case((P, S), ("m4", "intermediate-error"), "SHOGI:P'", Error(codes::INTERMEDIATE_UNREPRESENTABLE), "M4: ''' is an error by default"),
    with("drop", false, case((P, S), ("m4", "intermediate-dropped"), "SHOGI:P'", Output("SHOGI:P", &[codes::INTERMEDIATE_DROPPED]), "M4: by option, ''' dropped")),
    with("drop", false, case((P, S), ("m4", "intermediate-dropped-prefix"), "shogi:+r'", Output("shogi:+r", &[codes::INTERMEDIATE_DROPPED]), "M4: by option, ''' dropped; the prefix stays")),
    with("enhance", false, case((P, S), ("m4", "intermediate-as-enhanced"), "SHOGI:P'", Output("SHOGI:+P", &[codes::INTERMEDIATE_AS_ENHANCED]), "M4: by option, ''' turned into '+'")),
    with("enhance", false, case((P, S), ("m4", "enhance-with-plus"), "shogi:+r'", Error(codes::INTERMEDIATE_UNREPRESENTABLE), "M4: enhance with a prefix already present is an error")),
    with("enhance", false, case((P, S), ("m4", "enhance-with-minus"), "CHESS:-P'", Error(codes::INTERMEDIATE_UNREPRESENTABLE), "M4: enhance with a prefix already present is an error")),
    with("drop", true, case((P, S), ("m7", "strict-intermediate-dropped"), "SHOGI:P'", Error(codes::INTERMEDIATE_DROPPED), "M7: --strict turns warnings into errors")),
    case((P, S), ("m4", "states-kept"), "SHOGI:+P", Output("SHOGI:+P", &[]), "M4: identity except '''"),
    case((P, S), ("m4", "diminished-kept"), "chess:-p", Output("chess:-p", &[]), "M4: identity except '''"),
    case((P, Q), ("m4", "intermediate-to-qpi"), "CHESS:K'", Error(codes::INTERMEDIATE_UNREPRESENTABLE), "M1: M4 then M5"),
    with("enhance", false, case((P, Q), ("m4", "enhanced-to-qpi"), "CHESS:K'", Output("C:+K", &[codes::INTERMEDIATE_AS_ENHANCED]), "M1: M4 then M5")),
    case((P, B), ("m6", "diminished-to-beta"), "SHOGI:-P", Error(codes::UNREPRESENTABLE), "M6, D4: beta's '-' means king-like"),
    case((P, L), ("m6", "enhanced-to-legacy"), "SHOGI:+P", Error(codes::UNREPRESENTABLE), "M6: legacy has no state"),
    // M5: snn-pin ↔ qpi.
    case((S, Q), ("m5", "unknown-style"), "CHESS960:K", Error(codes::UNKNOWN_STYLE), "M5: a style outside the family table is an error"),
    case((S, Q), ("m5", "unknown-style-second"), "go:s", Error(codes::UNKNOWN_STYLE), "M5: a style outside the family table is an error"),
    case((S, Q), ("m5", "short-style-is-not-a-family"), "C:K", Error(codes::UNKNOWN_STYLE), "M5, D9: the snn-pin style C is not CHESS"),
    case((Q, S), ("m5", "unknown-letter"), "Z:K", Error(codes::UNKNOWN_STYLE), "M5: a letter outside the family table is an error"),
    case((S, Q), ("m5", "diminished"), "CHESS:-P", Output("C:-P", &[]), "M5: the PIN part identical"),
    case((Q, S), ("m5", "diminished-back"), "c:-p", Output("chess:-p", &[]), "M5: the PIN part identical"),
    case((Q, L), ("m6", "state-to-legacy"), "C:+K", Error(codes::UNREPRESENTABLE), "M1: M5 then M6; legacy has no state"),
    case((Q, B), ("m6", "promoted-to-beta"), "S:+R", Output("SHOGI:+R", &[]), "M1: M5 then M6; '+' becomes beta's promoted '+'"),
    case((Q, B), ("m6", "diminished-to-beta"), "C:-K", Error(codes::UNREPRESENTABLE), "M1: M5 then M6, D4"),
    // M6: snn-pin → legacy, pnn, beta.
    case((S, L), ("m6", "letter-kept"), "CHESS:K", Output("CHESS:K", &[]), "M6: the letter is kept (no reverse name table)"),
    case((S, L), ("m6", "enhanced"), "CHESS:+K", Error(codes::UNREPRESENTABLE), "M6: legacy cannot hold a state"),
    case((S, L), ("m6", "diminished"), "shogi:-p", Error(codes::UNREPRESENTABLE), "M6: legacy cannot hold a state"),
    case((S, L), ("m6", "digit"), "CHESS960:K", Error(codes::UNREPRESENTABLE), "M6: legacy cannot hold a digit in its game id"),
    case((S, L), ("m6", "state-and-digit"), "chess960:-k", Error(codes::UNREPRESENTABLE), "M6: every feature is reported"),
    case((S, P), ("m6", "digit"), "CHESS960:K", Error(codes::UNREPRESENTABLE), "M6: pnn cannot hold a digit in its game id"),
    case((S, P), ("m6", "states-kept"), "SHOGI:-P", Output("SHOGI:-P", &[]), "M6: pnn holds '+' and '-' with the same meaning"),
    case((S, B), ("m6", "diminished"), "CHESS:-P", Error(codes::UNREPRESENTABLE), "M6, D4: a diminished '-' cannot be written in beta"),
    case((S, B), ("m6", "enhanced"), "SHOGI:+P", Output("SHOGI:+P", &[]), "M6: '+' becomes beta's promoted '+'"),
    case((S, B), ("m6", "digit-kept"), "chess960:k", Output("chess960:k", &[]), "M6: beta styles hold digits"),
];

/// Every rule into and out of the QPI editions of December 2025 and January 2026 (M9–M14),
/// and every lossy case.
#[rustfmt::skip]
const NEWEST_QPI_CASES: &[Case] = &[
    // M1: the source must be valid first; the identity.
    case((Q6, S), ("m1", "double-terminal"), "C:K^^", Error(parse_codes::UNEXPECTED_CHAR), "M1, D21: at most one '^'"),
    case((Q6, B), ("m1", "snn-style-in-qpi"), "CHESS:K", Error(parse_codes::UNEXPECTED_CHAR), "M1: a QPI style is one letter"),
    case((Q5, Q6), ("m1", "case-mismatch"), "C:k", Error(parse_codes::CASE_MISMATCH), "M1, D14: qpi-2025-12 has one case"),
    case((Q6, Q6), ("m1", "identity-derived"), "C:r", Output("C:r", &[]), "M1: the identity where source = target"),
    case((Q5, Q5), ("m1", "identity-terminal"), "c:-k^", Output("c:-k^", &[]), "M1: the identity where source = target"),
    // M9: the hub carries terminal and derived; a target that cannot hold them refuses.
    case((Q6, S), ("m9", "terminal-unrepresentable"), "C:K^", Error(codes::UNREPRESENTABLE), "M9: snn-pin has no '^'; a conversion back is made only where nothing is lost"),
    case((Q6, S), ("m9", "derived-unrepresentable"), "C:r", Error(codes::UNREPRESENTABLE), "M9: snn-pin has one case (D3): a Derived token is lost"),
    case((Q6, S), ("m9", "derived-unrepresentable-second"), "c:+R", Error(codes::UNREPRESENTABLE), "M9: snn-pin has one case (D3): a Derived token is lost"),
    case((Q6, S), ("m9", "derived-and-terminal"), "s:K^", Error(codes::UNREPRESENTABLE), "M9: both flags are lost; every finding is reported"),
    case((Q6, P), ("m9", "terminal-to-pnn"), "x:g^", Error(codes::UNREPRESENTABLE), "M9: pnn has no '^' (its ''' is a state, M13)"),
    case((Q6, L), ("m9", "terminal-to-legacy"), "C:K^", Error(codes::UNREPRESENTABLE), "M9: legacy has no '^'"),
    case((Q6, L), ("m9", "derived-to-legacy"), "C:q", Error(codes::UNREPRESENTABLE), "M9: legacy has one case"),
    case((Q6, B), ("m9", "derived-to-beta"), "c:K^", Error(codes::UNREPRESENTABLE), "M9: beta has one case"),
    case((Q5, S), ("m9", "terminal-unrepresentable"), "S:+P^", Error(codes::UNREPRESENTABLE), "M9: snn-pin has no '^'"),
    case((Q5, P), ("m9", "terminal-to-pnn"), "s:k^", Error(codes::UNREPRESENTABLE), "M9: pnn has no '^'"),
    with("error", true, case((Q6, S), ("m9", "strict-exact"), "s:+p", Output("shogi:+p", &[]), "M9, M7: nothing lost, nothing to refuse")),
    // M10: beta's king-like '-' is PIN's terminal '^'.
    case((B, Q6), ("m10", "king-terminal"), "C:-K", Output("C:K^", &[]), "M10: king-like (gan.rb v1.0.0's is_checkmateable) is terminal; nothing lost"),
    case((B, Q6), ("m10", "king-terminal-second"), "c:-k", Output("c:k^", &[]), "M10: king-like is terminal, in the side's case"),
    case((B, Q6), ("m10", "flying-general"), "X:+-G", Output("X:+G^", &[codes::AMBIGUOUS_STYLE]), "M10: gan.rb v1.0.0's flying general; '+' kept, '-' as '^'; X stood for two games"),
    case((B, Q6), ("m10", "promoted-king-second"), "m:+-k", Output("m:+k^", &[]), "M10: the promoted king-like actor (gan-beta.txt's FOO:+-K shape)"),
    case((B, Q6), ("m10", "not-king"), "C:R", Output("C:R", &[]), "M10: no '-', no '^'"),
    case((B, Q6), ("m10", "promoted"), "s:+p", Output("s:+p", &[codes::AMBIGUOUS_STYLE]), "M3, M11: '+' kept; S stood for two games"),
    case((B, Q5), ("m10", "king-terminal"), "C:-K", Output("C:K^", &[]), "M10: qpi-2025-12's PIN has '^'"),
    case((B, Q5), ("m10", "ambiguous-king"), "S:-K", Output("S:K^", &[codes::AMBIGUOUS_STYLE]), "M3, M10: the style's warning stays; the flag survives"),
    case((B, Q), ("m10", "king-flag-lost-to-qpi"), "C:-K", Output("C:K", &[codes::KING_FLAG_LOST]), "M10: July 2025's qpi has no '^': M3 drops the flag"),
    with("error", true, case((B, Q6), ("m10", "strict-king-kept"), "C:-K", Output("C:K^", &[]), "M10, M7: the flag survives, so --strict has nothing to refuse")),
    with("error", true, case((B, Q6), ("m7", "strict-ambiguous-king"), "X:-K", Error(codes::AMBIGUOUS_STYLE), "M3, M7: --strict refuses the style's guess")),
    case((Q6, B), ("m10", "terminal-king"), "C:K^", Output("CHESS:-K", &[]), "M10: '^' is beta's king-like '-'; the style through the family table (M11), kept (M6)"),
    case((Q6, B), ("m10", "promoted-terminal"), "x:+g^", Output("xiangqi:+-g", &[]), "M10: '+' then '-', beta's order"),
    case((Q6, B), ("m10", "diminished-terminal"), "C:-K^", Error(codes::UNREPRESENTABLE), "M6, D4: beta's '-' is king-like, not diminished"),
    case((Q6, B), ("m10", "not-terminal"), "S:+P", Output("SHOGI:+P", &[]), "M6, M10: no '^', no '-'"),
    case((Q5, B), ("m10", "terminal-king"), "s:k^", Output("shogi:-k", &[]), "M10: '^' is beta's king-like '-'"),
    // M11: SNN style names and SIN letters through the family table.
    case((S, Q6), ("m11", "native"), "CHESS:K", Output("C:K", &[]), "M11: the family letter in the piece's case: Native"),
    case((S, Q6), ("m11", "diminished-second"), "makruk:-p", Output("m:-p", &[]), "M11: the PIN part identical"),
    case((S, Q6), ("m11", "unknown-style"), "CHESS960:K", Error(codes::UNKNOWN_STYLE), "M11: a style outside the family table"),
    case((S, Q6), ("m11", "short-style-is-not-a-family"), "C:K", Error(codes::UNKNOWN_STYLE), "M11, D9: the snn-pin style C is not CHESS"),
    case((S, Q5), ("m11", "native"), "OGI:+K", Output("O:+K", &[]), "M11: the family table into qpi-2025-12"),
    case((Q6, S), ("m11", "unknown-letter"), "Z:K", Error(codes::UNKNOWN_STYLE), "M11: a letter outside the family table"),
    case((Q6, S), ("m11", "native-second"), "c:+r", Output("chess:+r", &[]), "M11: the family table backwards"),
    case((Q5, S), ("m11", "native"), "S:+P", Output("SHOGI:+P", &[]), "M11: the family table backwards"),
    case((Q6, P), ("m11", "native"), "S:-P", Output("SHOGI:-P", &[]), "M11, M6: pnn holds '+' and '-'"),
    case((Q6, L), ("m11", "native"), "X:G", Output("XIANGQI:G", &[]), "M11, M6: the letter kept"),
    case((Q6, L), ("m11", "state"), "C:+P", Error(codes::UNREPRESENTABLE), "M6: legacy has no state"),
    // M12: between the QPI editions the letters are kept.
    case((Q, Q6), ("m12", "letter-kept"), "Z:K", Output("Z:K", &[]), "M12: no table between the QPI editions"),
    case((Q, Q6), ("m12", "state-second"), "c:+r", Output("c:+r", &[]), "M12: the PIN part identical"),
    case((Q5, Q6), ("m12", "terminal"), "C:K^", Output("C:K^", &[]), "M12: '^' kept"),
    case((Q5, Q6), ("m12", "terminal-second"), "x:-g^", Output("x:-g^", &[]), "M12: '^' kept"),
    case((Q, Q5), ("m12", "letter-kept"), "w:+k", Output("w:+k", &[]), "M12: no table between the QPI editions"),
    case((Q6, Q5), ("m12", "terminal"), "C:K^", Output("C:K^", &[]), "M12: a Native token converts unchanged"),
    case((Q6, Q5), ("m12", "derived"), "C:r", Error(codes::UNREPRESENTABLE), "M12, D14: qpi-2025-12 has one case"),
    case((Q6, Q5), ("m12", "derived-terminal"), "c:R^", Error(codes::UNREPRESENTABLE), "M12, D14: qpi-2025-12 has one case"),
    case((Q6, Q), ("m12", "native"), "z:+k", Output("z:+k", &[]), "M12: a Native token without '^' converts unchanged"),
    case((Q6, Q), ("m12", "terminal"), "C:K^", Error(codes::UNREPRESENTABLE), "M12: July 2025's PIN has no '^'"),
    case((Q6, Q), ("m12", "derived"), "c:R", Error(codes::UNREPRESENTABLE), "M12, D14: qpi has one case"),
    case((Q5, Q), ("m12", "terminal"), "S:K^", Error(codes::UNREPRESENTABLE), "M12: July 2025's PIN has no '^'"),
    case((Q5, Q), ("m12", "native"), "s:+p", Output("s:+p", &[]), "M12: the letters kept"),
    // M13: pnn's ''' is a state, neither EPIN's ''' nor QPI's Derived.
    case((P, Q6), ("m13", "intermediate-error"), "SHOGI:P'", Error(codes::INTERMEDIATE_UNREPRESENTABLE), "M13, M4: ''' is an error by default, never Derived"),
    with("drop", false, case((P, Q6), ("m13", "intermediate-dropped"), "shogi:+r'", Output("s:+r", &[codes::INTERMEDIATE_DROPPED]), "M13, M4: by option, ''' dropped; the token stays Native")),
    with("enhance", false, case((P, Q6), ("m13", "intermediate-as-enhanced"), "SHOGI:P'", Output("S:+P", &[codes::INTERMEDIATE_AS_ENHANCED]), "M13, M4: by option, ''' turned into '+'")),
    case((P, Q6), ("m13", "diminished"), "chess:-p", Output("c:-p", &[]), "M4, M11: identity except '''"),
    case((P, Q6), ("m13", "no-terminal-invented"), "CHESS:K", Output("C:K", &[]), "M10: no flag is invented"),
    // M14: what the newest QPI cannot hold.
    case((L, Q6), ("m14", "word"), "CHESS:KING", Output("C:K", &[]), "M2, M10: the word through the table; no '^' invented"),
    case((L, Q6), ("m14", "word-second"), "shogi:lance", Output("s:l", &[]), "M2, M11"),
    case((L, Q6), ("m14", "unknown-word"), "CHESS:UNICORN", Error(codes::UNKNOWN_PIECE_NAME), "M14, M2: a word without a row"),
    case((L, Q6), ("m14", "unknown-style"), "GO:S", Error(codes::UNKNOWN_STYLE), "M14, M11: GO has no family letter"),
    case((B, Q6), ("m14", "multi-character-piece"), "DAI_DAI_SHOGI:PH", Error(codes::MULTI_CHARACTER_PIECE), "M14, M3: one letter per piece"),
    case((B, Q6), ("m14", "multi-character-word"), "go:stone", Error(codes::MULTI_CHARACTER_PIECE), "M14, M3: beta words need a user row"),
    case((B, Q6), ("m14", "unknown-style"), "FOO:+-K", Error(codes::UNKNOWN_STYLE), "M14, M11: FOO has no family letter"),
    case((B, Q6), ("m14", "underscore-then-unknown-style"), "DAI_DAI_SHOGI:P", Error(codes::UNKNOWN_STYLE), "M14, M3, M11: the style loses its '_', then has no family letter"),
];
