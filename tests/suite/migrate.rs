//! The conversion API: one line per case (M1–M7), every diagnostic code, user tables, the
//! cache.

use gan::convert::{
    codes, Converter, Diagnostic, Intermediate, Memo, Options, Severity, Summary, Tables,
};
use gan::records::{Framing, Records};
use gan::Dialect::{self, Beta, Legacy, Pnn, Qpi, SnnPin};

fn options(intermediate: Intermediate, strict: bool, tables: Tables) -> Options {
    Options {
        intermediate,
        strict,
        tables,
        ..Options::default()
    }
}

/// Converts `input`, which must convert to `output` with exactly these warning codes.
#[track_caller]
fn ok_with(
    options: Options,
    from: Dialect,
    to: Dialect,
    input: &str,
    output: &str,
    warnings: &[&str],
) {
    let conversion = Converter::new(from, to, options).convert(input.as_bytes());
    assert_eq!(
        conversion.output_text().as_deref(),
        Some(output),
        "{from} → {to} {input:?}: {conversion:?}"
    );
    let got: Vec<&str> = conversion
        .diagnostics()
        .iter()
        .map(Diagnostic::code)
        .collect();
    assert_eq!(got, warnings, "{from} → {to} {input:?}");
    assert!(conversion
        .diagnostics()
        .iter()
        .all(|d| d.severity() == Severity::Warning));
    assert_eq!(conversion.is_exact(), warnings.is_empty());
}

#[track_caller]
fn ok(from: Dialect, to: Dialect, input: &str, output: &str, warnings: &[&str]) {
    ok_with(Options::default(), from, to, input, output, warnings);
}

/// Converts `input`, which must be rejected with `code`; returns the error's message.
#[track_caller]
fn err_with(options: Options, from: Dialect, to: Dialect, input: &[u8], code: &str) -> String {
    let conversion = Converter::new(from, to, options).convert(input);
    assert_eq!(conversion.output(), None, "{from} → {to} {input:?}");
    let error = conversion
        .error()
        .expect("a rejected conversion has an error");
    assert_eq!(error.code(), code, "{from} → {to} {input:?}: {error}");
    assert_eq!(error.severity(), Severity::Error);
    assert!(
        !error.message().ends_with('.'),
        "messages end without a period: {error}"
    );
    error.message().to_owned()
}

#[track_caller]
fn err(from: Dialect, to: Dialect, input: &str, code: &str) -> String {
    err_with(Options::default(), from, to, input.as_bytes(), code)
}

#[test]
fn m1_source_validity_first_and_identity() {
    err(Legacy, SnnPin, "CHESS:king", "case-mismatch");
    err(SnnPin, Qpi, "CHESS:k", "case-mismatch");
    err(Beta, SnnPin, "c:-+k", "unexpected-char");
    err(Legacy, SnnPin, "", "empty");
    err(Pnn, SnnPin, "SHOGI:P\r", "unexpected-char");
    let message = err_with(
        Options::default(),
        Legacy,
        Qpi,
        b"CHESS\xff:K",
        "invalid-utf8",
    );
    assert!(message.contains("at byte 5"), "{message}");
    let conversion = Converter::new(Legacy, SnnPin, Options::default()).convert(b"CHESS:k");
    assert_eq!(
        conversion
            .error()
            .and_then(|e| e.parse_error())
            .map(gan::ParseError::offset),
        Some(6)
    );
    for dialect in gan::Family::Dialects.dialects() {
        let input = match dialect {
            Legacy => "CHESS:KING",
            Beta => "DAI_DAI_SHOGI:+-PH",
            Pnn => "SHOGI:-P'",
            SnnPin => "CHESS960:-P",
            Qpi => "z:+q",
            _ => panic!("no identifier for {dialect}"),
        };
        ok(dialect, dialect, input, input, &[]);
    }
}

#[test]
fn m1_length_limit() {
    let options = Options {
        limits: gan::Limits { max_len: Some(4) },
        ..Options::default()
    };
    err_with(options, SnnPin, Qpi, b"CHESS:K", "too-long");
}

#[test]
fn m2_legacy() {
    ok(Legacy, SnnPin, "CHESS:KING", "CHESS:K", &[]);
    ok(Legacy, SnnPin, "shogi:lance", "shogi:l", &[]);
    ok(Legacy, SnnPin, "XIANGQI:R", "XIANGQI:R", &[]);
    ok(Legacy, Pnn, "SHOGI:SILVER", "SHOGI:S", &[]);
    ok(Legacy, Beta, "chess:king", "chess:k", &[]);
    ok(Legacy, Qpi, "makruk:knight", "m:n", &[]);
    let message = err(Legacy, SnnPin, "CHESS:DRAGON", codes::UNKNOWN_PIECE_NAME);
    assert!(message.contains("'DRAGON'"), "{message}");
    err(Legacy, Qpi, "GO:STONE", codes::UNKNOWN_PIECE_NAME);
}

#[test]
fn m3_beta() {
    ok(Beta, SnnPin, "C:P", "CHESS:P", &[]);
    ok(Beta, SnnPin, "j:-k", "janggi:k", &[codes::KING_FLAG_LOST]);
    ok(Beta, SnnPin, "S:+R", "SHOGI:+R", &[codes::AMBIGUOUS_STYLE]);
    ok(Beta, SnnPin, "FOO:+-K", "FOO:+K", &[codes::KING_FLAG_LOST]);
    ok(
        Beta,
        SnnPin,
        "DAI_DAI_SHOGI:P",
        "DAIDAISHOGI:P",
        &[codes::UNDERSCORE_REMOVED],
    );
    ok(Beta, SnnPin, "a_1:k", "a1:k", &[codes::UNDERSCORE_REMOVED]);
    ok(
        Beta,
        Qpi,
        "x:-k",
        "x:k",
        &[codes::AMBIGUOUS_STYLE, codes::KING_FLAG_LOST],
    );
    ok(Beta, Legacy, "CHESS:K", "CHESS:K", &[]);
    // Removing '_' can make a table key: the loss is reported, and the next trip translates.
    ok(Beta, Pnn, "x_:a", "x:a", &[codes::UNDERSCORE_REMOVED]);
    ok(Pnn, Beta, "x:a", "x:a", &[]);
    ok(Beta, Pnn, "x:a", "xiangqi:a", &[codes::AMBIGUOUS_STYLE]);
    let message = err(
        Beta,
        SnnPin,
        "DAI_DAI_SHOGI:PH",
        codes::MULTI_CHARACTER_PIECE,
    );
    assert!(message.contains("'PH'"), "{message}");
    err(Beta, SnnPin, "C:K1", codes::MULTI_CHARACTER_PIECE);
    err(Beta, SnnPin, "C:K_", codes::MULTI_CHARACTER_PIECE);
    err(Beta, SnnPin, "go:stone", codes::MULTI_CHARACTER_PIECE);
    // The warnings found before the error are kept.
    let conversion = Converter::new(Beta, SnnPin, Options::default()).convert(b"A_B:-PH");
    let codes: Vec<&str> = conversion
        .diagnostics()
        .iter()
        .map(Diagnostic::code)
        .collect();
    assert_eq!(
        codes,
        [
            codes::UNDERSCORE_REMOVED,
            codes::KING_FLAG_LOST,
            codes::MULTI_CHARACTER_PIECE
        ]
    );
}

#[test]
fn m4_pnn() {
    use Intermediate::{Drop, Enhance};
    ok(Pnn, SnnPin, "SHOGI:+P", "SHOGI:+P", &[]);
    err(Pnn, SnnPin, "SHOGI:P'", codes::INTERMEDIATE_UNREPRESENTABLE);
    let drop = || options(Drop, false, Tables::builtin());
    let enhance = || options(Enhance, false, Tables::builtin());
    ok_with(
        drop(),
        Pnn,
        SnnPin,
        "SHOGI:P'",
        "SHOGI:P",
        &[codes::INTERMEDIATE_DROPPED],
    );
    ok_with(
        drop(),
        Pnn,
        SnnPin,
        "shogi:-p'",
        "shogi:-p",
        &[codes::INTERMEDIATE_DROPPED],
    );
    ok_with(
        enhance(),
        Pnn,
        SnnPin,
        "SHOGI:P'",
        "SHOGI:+P",
        &[codes::INTERMEDIATE_AS_ENHANCED],
    );
    ok_with(
        enhance(),
        Pnn,
        Qpi,
        "chess:k'",
        "c:+k",
        &[codes::INTERMEDIATE_AS_ENHANCED],
    );
    let message = err_with(
        enhance(),
        Pnn,
        SnnPin,
        b"SHOGI:+P'",
        codes::INTERMEDIATE_UNREPRESENTABLE,
    );
    assert!(message.contains("already has the prefix '+'"), "{message}");
    err_with(
        enhance(),
        Pnn,
        SnnPin,
        b"SHOGI:-P'",
        codes::INTERMEDIATE_UNREPRESENTABLE,
    );
    ok_with(drop(), Pnn, Pnn, "SHOGI:P'", "SHOGI:P'", &[]);
}

#[test]
fn m5_families() {
    ok(SnnPin, Qpi, "XIANGQI:-G", "X:-G", &[]);
    ok(Qpi, SnnPin, "o:k", "ogi:k", &[]);
    let message = err(SnnPin, Qpi, "CHESS960:K", codes::UNKNOWN_STYLE);
    assert!(message.contains("'CHESS960'"), "{message}");
    err(Qpi, SnnPin, "Z:K", codes::UNKNOWN_STYLE);
    err(Qpi, Legacy, "g:k", codes::UNKNOWN_STYLE);
}

#[test]
fn m6_to_older_dialects() {
    ok(SnnPin, Legacy, "shogi:p", "shogi:p", &[]);
    ok(SnnPin, Pnn, "SHOGI:+P", "SHOGI:+P", &[]);
    ok(SnnPin, Beta, "SHOGI:+P", "SHOGI:+P", &[]);
    ok(Qpi, Beta, "c:k", "chess:k", &[]);
    let message = err(SnnPin, Legacy, "CHESS:+K", codes::UNREPRESENTABLE);
    assert!(
        message.contains("legacy cannot hold the enhanced state '+'"),
        "{message}"
    );
    let message = err(SnnPin, Legacy, "CHESS960:K", codes::UNREPRESENTABLE);
    assert!(message.contains("the digit '9'"), "{message}");
    err(SnnPin, Pnn, "chess960:k", codes::UNREPRESENTABLE);
    let message = err(SnnPin, Beta, "CHESS:-P", codes::UNREPRESENTABLE);
    assert!(
        message.contains("beta cannot hold the diminished state '-'"),
        "{message}"
    );
    // Both features are named.
    let conversion = Converter::new(SnnPin, Legacy, Options::default()).convert(b"chess960:-k");
    assert_eq!(conversion.diagnostics().len(), 2);
}

#[test]
fn m7_strict_turns_warnings_into_errors() {
    let strict = || options(Intermediate::Drop, true, Tables::builtin());
    let message = err_with(strict(), Beta, SnnPin, b"C:-K", codes::KING_FLAG_LOST);
    assert!(message.contains("strict"), "{message}");
    err_with(strict(), Beta, SnnPin, b"A_B:K", codes::UNDERSCORE_REMOVED);
    err_with(
        strict(),
        Pnn,
        SnnPin,
        b"SHOGI:P'",
        codes::INTERMEDIATE_DROPPED,
    );
    err_with(
        options(Intermediate::Enhance, true, Tables::builtin()),
        Pnn,
        SnnPin,
        b"SHOGI:P'",
        codes::INTERMEDIATE_AS_ENHANCED,
    );
    ok_with(strict(), Beta, SnnPin, "C:K", "CHESS:K", &[]);
}

fn user(toml: &str) -> Tables {
    Tables::from_toml(toml).unwrap_or_else(|error| panic!("{error}"))
}

/// M3: `S` and `X` stood for two games each in the published beta data (the 2020–2021
/// tablebases): every conversion of them warns, naming the games, before `king-flag-lost`,
/// to every target; never beta → beta; a user `[styles]` row silences it.
#[test]
fn m3_ambiguous_styles() {
    const AMBIGUOUS: &str = codes::AMBIGUOUS_STYLE;
    const KING: &str = codes::KING_FLAG_LOST;
    ok(Beta, SnnPin, "X:-K", "XIANGQI:K", &[AMBIGUOUS, KING]);
    ok(Beta, SnnPin, "x:q", "xiangqi:q", &[AMBIGUOUS]);
    ok(Beta, SnnPin, "S:Q", "SHOGI:Q", &[AMBIGUOUS]);
    ok(Beta, SnnPin, "s:+n", "shogi:+n", &[AMBIGUOUS]);
    ok(Beta, Qpi, "X:-K", "X:K", &[AMBIGUOUS, KING]);
    ok(Beta, Pnn, "s:-k", "shogi:k", &[AMBIGUOUS, KING]);
    ok(Beta, Legacy, "X:R", "XIANGQI:R", &[AMBIGUOUS]);
    // Not ambiguous: beta → beta, the other table styles, long styles, qpi's X.
    ok(Beta, Beta, "X:-K", "X:-K", &[]);
    ok(Beta, SnnPin, "C:-K", "CHESS:K", &[KING]);
    ok(Beta, SnnPin, "m:q", "makruk:q", &[]);
    ok(Beta, SnnPin, "XIANGQI:R", "XIANGQI:R", &[]);
    ok(Qpi, SnnPin, "X:K", "XIANGQI:K", &[]);
    ok(SnnPin, Qpi, "xiangqi:k", "x:k", &[]);
    // A later error still rejects; strict makes the warning the error.
    err(Beta, Legacy, "S:+P", codes::UNREPRESENTABLE);
    let strict = || options(Intermediate::Error, true, Tables::builtin());
    err_with(strict(), Beta, SnnPin, b"x:q", AMBIGUOUS);
    err_with(strict(), Beta, Qpi, b"X:-K", AMBIGUOUS);
    ok_with(strict(), Beta, Beta, "X:-K", "X:-K", &[]);
}

#[test]
fn m3_ambiguous_style_names_the_games() {
    let conversion = Converter::new(Beta, SnnPin, Options::default()).convert(b"X:-K");
    let diagnostic = &conversion.diagnostics()[0];
    let ambiguity = diagnostic.ambiguity().expect("the ambiguity travels");
    assert_eq!(
        (ambiguity.key, ambiguity.games),
        ("X", &["xiangqi99", "xiaoqi"][..])
    );
    assert_eq!(conversion.diagnostics()[1].ambiguity(), None);
    insta::assert_snapshot!(diagnostic.to_string(), @r#"warning ambiguous-style: the beta style 'X' of 'X:-K' stood for several games in published data (xiangqi99, xiaoqi): it becomes 'XIANGQI' by the style table's guess; a user table row ([styles] X = "…") says which game it is"#);
    let second = Converter::new(Beta, Qpi, Options::default()).convert(b"s:p");
    insta::assert_snapshot!(second.diagnostics()[0].message(), @r#"the beta style 's' of 's:p' stood for several games in published data (shogi, puchi_shogi): it becomes 'shogi' by the style table's guess; a user table row ([styles] S = "…") says which game it is"#);
}

/// M3, M5: a user `[styles]` row silences the warning, for that style only; XIAOQI has no qpi
/// family until `[families]` gives it one.
#[test]
fn a_user_style_row_silences_ambiguous_style() {
    let xiaoqi = || {
        options(
            Intermediate::Error,
            false,
            user("[styles]\nX = \"XIAOQI\"\n"),
        )
    };
    ok_with(
        xiaoqi(),
        Beta,
        SnnPin,
        "X:-K",
        "XIAOQI:K",
        &[codes::KING_FLAG_LOST],
    );
    ok_with(xiaoqi(), Beta, SnnPin, "x:q", "xiaoqi:q", &[]);
    ok_with(
        xiaoqi(),
        Beta,
        SnnPin,
        "S:Q",
        "SHOGI:Q",
        &[codes::AMBIGUOUS_STYLE],
    );
    let message = err_with(xiaoqi(), Beta, Qpi, b"X:K", codes::UNKNOWN_STYLE);
    assert!(message.contains("'XIAOQI'"), "{message}");
    let family = user("[styles]\nx = \"xiaoqi\"\n[families]\nXIAOQI = \"X\"\n");
    let with_family = || options(Intermediate::Error, false, family.clone());
    ok_with(with_family(), Beta, Qpi, "X:K", "X:K", &[]);
    ok_with(
        with_family(),
        Beta,
        Qpi,
        "x:-k",
        "x:k",
        &[codes::KING_FLAG_LOST],
    );
    // A row naming the table's own guess silences it too: the user said which game.
    let shogi = options(Intermediate::Error, true, user("[styles]\ns = \"SHOGI\"\n"));
    ok_with(shogi, Beta, SnnPin, "S:+P", "SHOGI:+P", &[]);
    // Other sections do not.
    let pieces = options(
        Intermediate::Error,
        false,
        user("[pieces.XIAOQI]\nQ = \"Q\"\n"),
    );
    ok_with(
        pieces,
        Beta,
        SnnPin,
        "X:Q",
        "XIANGQI:Q",
        &[codes::AMBIGUOUS_STYLE],
    );
    // Built in code, the same.
    let mut tables = Tables::builtin();
    tables.add_style("X", "XIAOQI").unwrap();
    ok_with(
        options(Intermediate::Error, false, tables),
        Beta,
        SnnPin,
        "x:p",
        "xiaoqi:p",
        &[],
    );
}

const ISSUE_TABLE: &str = r#"
[pieces]            # legacy words -> letters, every style
DRAGON = "D"
[pieces.XIANGQI]    # only for this style
GENERAL = "G"
[styles]            # beta or qpi styles -> snn-pin styles
go = "GO"
[families]          # snn-pin styles -> qpi letters (and back)
CHESS960 = "C"
"#;

#[test]
fn user_tables_add_rows() {
    let with = || options(Intermediate::Error, false, user(ISSUE_TABLE));
    ok_with(with(), Legacy, SnnPin, "CHESS:DRAGON", "CHESS:D", &[]);
    ok_with(with(), Legacy, SnnPin, "shogi:dragon", "shogi:d", &[]);
    ok_with(with(), Legacy, SnnPin, "xiangqi:general", "xiangqi:g", &[]);
    err_with(
        with(),
        Legacy,
        SnnPin,
        b"CHESS:GENERAL",
        codes::UNKNOWN_PIECE_NAME,
    );
    ok_with(with(), Beta, SnnPin, "go:dragon", "go:d", &[]);
    ok_with(with(), Beta, SnnPin, "GO:K", "GO:K", &[]);
    ok_with(
        with(),
        Beta,
        SnnPin,
        "x:general",
        "xiangqi:g",
        &[codes::AMBIGUOUS_STYLE],
    );
    let qpi_styles = options(Intermediate::Error, false, user("[styles]\ng = \"GO\"\n"));
    ok_with(qpi_styles, Qpi, SnnPin, "g:k", "go:k", &[]);
    ok_with(with(), SnnPin, Qpi, "chess960:+r", "c:+r", &[]);
    // A user family row overrides the built-in one backwards too.
    ok_with(with(), Qpi, SnnPin, "C:K", "CHESS960:K", &[]);
    ok_with(with(), SnnPin, Qpi, "CHESS:K", "C:K", &[]);
}

#[test]
fn tables_built_in_code_equal_the_toml_table() {
    let mut built = Tables::builtin();
    built.add_piece("DRAGON", "D").unwrap();
    built.add_style_piece("XIANGQI", "GENERAL", "G").unwrap();
    built.add_style("go", "GO").unwrap();
    built.add_family("CHESS960", "C").unwrap();
    assert!(!built.is_builtin());
    assert_eq!(built, user(ISSUE_TABLE));
}

#[test]
fn tables_built_in_code_refuse_what_the_toml_reader_refuses() {
    let message = |result: Result<(), gan::convert::TableError>| result.unwrap_err().to_string();
    let mut tables = Tables::builtin();
    assert_eq!(
        message(tables.add_piece("KING", "KI")),
        "name table: pieces.KING = \"KI\": the value must be one ASCII letter"
    );
    tables.add_piece("King", "X").unwrap();
    assert_eq!(
        message(tables.add_piece("KING", "Q")),
        "name table: pieces.KING: the key is given twice (keys are case-insensitive)"
    );
    assert!(message(tables.add_style_piece("x y", "A", "B"))
        .contains("pieces.x y: the key 'x y' can never match"));
    assert!(message(tables.add_style("c", "CHESS_960"))
        .contains("styles.c = \"CHESS_960\": an snn-pin style"));
    tables.add_family("CHESS960", "C").unwrap();
    assert!(message(tables.add_family("CHESS", "C"))
        .contains("so the qpi style 'C' would have two snn-pin styles"));
    assert!(message(tables.add_family("CHESS_960", "D"))
        .contains("families.CHESS_960: the key 'CHESS_960' can never match"));
    // The refused rows were not added: the first rows still convert.
    let with = options(Intermediate::Error, false, tables);
    ok_with(with.clone(), Legacy, SnnPin, "CHESS:KING", "CHESS:X", &[]);
    ok_with(with, SnnPin, Qpi, "chess960:k", "c:k", &[]);
}

#[test]
fn user_tables_override_and_ignore_case() {
    let table = user("[pieces]\nking = \"x\"\n[pieces.shogi]\nKing = \"o\"\n[styles]\nC = \"western\"\n[families]\nchess = \"w\"\n");
    let with = || options(Intermediate::Error, false, table.clone());
    ok_with(with(), Legacy, SnnPin, "CHESS:KING", "CHESS:X", &[]);
    ok_with(with(), Legacy, SnnPin, "shogi:king", "shogi:o", &[]);
    ok_with(with(), Beta, SnnPin, "c:k", "western:k", &[]);
    ok_with(with(), SnnPin, Qpi, "chess:k", "w:k", &[]);
    ok_with(with(), Qpi, SnnPin, "W:K", "CHESS:K", &[]);
}

#[track_caller]
fn table_error(toml: &str, needle: &str) {
    let error = Tables::from_toml(toml)
        .expect_err("the table must be refused")
        .to_string();
    assert!(
        error.contains(needle),
        "{error:?} should contain {needle:?}"
    );
}

#[test]
fn user_table_errors_name_what_and_where() {
    table_error(
        "[pieces]\nKING = \"KI\"\n",
        "pieces.KING = \"KI\": the value must be one ASCII letter",
    );
    table_error(
        "[pieces]\nKING = 1\n",
        "pieces.KING: the value must be a string, found integer",
    );
    table_error(
        "[pieces]\nKing = \"K\"\nKING = \"Q\"\n",
        "the key is given twice (keys are case-insensitive)",
    );
    table_error(
        "[pieces.\"x y\"]\nA = \"B\"\n",
        "pieces.x y: the key 'x y' can never match",
    );
    table_error(
        "[styles]\nc = \"CHESS_960\"\n",
        "styles.c = \"CHESS_960\": an snn-pin style",
    );
    table_error(
        "[families]\nCHESS960 = \"C\"\nCHESS = \"C\"\n",
        "so the qpi style 'C' would have two snn-pin styles",
    );
    table_error(
        "[families]\nCHESS_960 = \"C\"\n",
        "families.CHESS_960: the key 'CHESS_960' can never match",
    );
    table_error("[piece]\nA = \"B\"\n", "unknown table [piece]");
    table_error("pieces = 3\n", "'pieces' must be a table");
    table_error("[pieces\n", "line 1");
    let missing = std::path::Path::new("/nonexistent/names.toml");
    let error = Tables::load(missing).unwrap_err().to_string();
    assert!(
        error.starts_with("name table /nonexistent/names.toml: "),
        "{error}"
    );
}

#[test]
fn memo_answers_like_the_converter_and_stays_bounded() {
    let converter = Converter::new(Legacy, SnnPin, Options::default());
    let mut memo = Memo::with_capacity(converter.clone(), 1 << 20, 8, 16);
    let mut input = String::new();
    for i in 0..200 {
        input.push_str(["CHESS:KING\n", "chess:dragon\n", "\n", "CHESS:PAWN\r\n"][i % 4]);
        input.push_str(&["G", &"A".repeat(i % 40), ":K\n"].concat());
    }
    let mut summary = Summary::default();
    for record in Records::new(input.as_bytes(), Framing::Lines, 1 << 20) {
        let record = record.unwrap();
        let cached = memo.convert(&record);
        assert_eq!(
            *cached,
            converter.convert(&record.bytes),
            "line {}",
            record.number
        );
        assert!(memo.cached() <= 16);
        summary.count(&cached);
    }
    assert_eq!(summary.read, 400);
    assert_eq!(summary.read, summary.converted + summary.rejected);
    assert_eq!(summary.rejected, 100);
    assert_eq!(summary.warned, 0);
}

/// M8: no rule converts from or into the editions of PIN, SIN, EPIN and SNN; the conversion
/// says so.
#[test]
fn the_editions_are_not_migrated() {
    let pin: Dialect = "pin-2025-12".parse().unwrap();
    let snn: Dialect = "snn-2026-01-11".parse().unwrap();
    let qpi: Dialect = "qpi-2026-01".parse().unwrap();
    for (from, to, input) in [
        (SnnPin, pin, "C:K"),
        (pin, SnnPin, "K^"),
        (qpi, snn, "C:K^"),
        (snn, qpi, "Chess"),
    ] {
        let conversion = Converter::new(from, to, Options::default()).convert(input.as_bytes());
        assert_eq!(
            conversion.error().map(Diagnostic::code),
            Some("no-migration"),
            "{from} -> {to}"
        );
    }
}
