//! The properties the fuzz targets check (`fuzz/fuzz_targets/*.rs`), one function per
//! target, each taking the fuzzer's bytes. They panic when a property fails. The same
//! functions replay the committed seed corpora (`fuzz/corpus/TARGET/`) in `cargo test`
//! (`tests/suite/fuzz_replay.rs`), so CI needs no fuzzer.
//!
//! Expected values come from independent sources: the oracle regexes (`gan::oracle`), the
//! parser of the target dialect, and the uncached or single-buffer path of the same job.

#![allow(dead_code)] // each fuzz target uses one function

use std::io::{BufRead, BufReader, Read};

use gan::convert::{Converter, Intermediate, Options};
use gan::ggn::{self, Board, MoveFilter};
use gan::oracle::{Expectation, Oracle};
use gan::records::{Framing, Records};
use gan::{Dialect, Limits};

/// A property over the fuzzer's bytes.
pub type Property = fn(&[u8]);

/// The targets, by name (the folders of `fuzz/corpus/`), with their property.
pub const TARGETS: [(&str, Property); 12] = [
    ("parse", parse),
    ("detect", detect),
    ("ggn_validate", ggn_validate),
    ("ggn_moves", ggn_moves),
    ("convert", convert),
    ("map_tables", map_tables),
    ("migrate_ggn", migrate_ggn),
    ("corpus_load", corpus_load),
    ("line_splitter", line_splitter),
    ("reply_judges", reply_judges),
    ("skip_globs", skip_globs),
    ("report_matrix", report_matrix),
];

/// The first byte chooses a dialect; the rest is the input.
fn dialect_and_rest(data: &[u8]) -> Option<(Dialect, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((Dialect::ALL[usize::from(first) % Dialect::ALL.len()], rest))
}

/// The library in the oracle's terms.
fn library(dialect: Dialect, input: &[u8]) -> Expectation {
    match dialect.parse(input) {
        Ok(actor) => Expectation::Valid(actor.fields()),
        Err(error) => Expectation::Invalid {
            code: error.code(),
            offset: error.offset(),
            hint: error.hint().map(str::to_owned),
        },
    }
}

/// The oracle of `dialect`, built once (compiling its regexes costs far more than a parse).
fn oracle(dialect: Dialect) -> &'static Oracle {
    static ORACLES: std::sync::OnceLock<Vec<Oracle>> = std::sync::OnceLock::new();
    &ORACLES.get_or_init(|| Dialect::ALL.into_iter().map(Oracle::new).collect())
        [Dialect::ALL.iter().position(|&d| d == dialect).unwrap_or(0)]
}

/// Parse agrees with the oracle (verdict, actor, code, offset, hint) and round-trips.
pub fn parse(data: &[u8]) {
    let Some((dialect, input)) = dialect_and_rest(data) else {
        return;
    };
    if input.len() > Limits::DEFAULT_MAX_LEN {
        return; // `too-long` is the limit's, not the grammar's
    }
    let oracle = oracle(dialect);
    assert_eq!(
        library(dialect, input),
        oracle.expect(input),
        "{dialect}: {:?}",
        String::from_utf8_lossy(input)
    );
    if let Ok(actor) = dialect.parse(input) {
        let text = actor.to_string();
        assert_eq!(
            text.as_bytes(),
            input,
            "{dialect}: Display round-trips (D9)"
        );
        assert_eq!(
            dialect.parse(text.as_bytes()).map(|a| a.fields()),
            Ok(actor.fields())
        );
    }
}

/// Detection accepts exactly the dialects whose parser accepts, with the same attributes.
pub fn detect(data: &[u8]) {
    let detection = gan::detect(data, Limits::DEFAULT);
    for dialect in Dialect::ALL {
        let accepted = detection
            .accepted()
            .find(|(d, _)| *d == dialect)
            .map(|(_, actor)| actor.fields());
        let parsed = dialect.parse(data).ok().map(|actor| actor.fields());
        assert_eq!(accepted, parsed, "{dialect}");
        let rejected = detection
            .rejected()
            .find(|(d, _)| *d == dialect)
            .map(|(_, error)| (error.code(), error.offset()));
        let error = dialect
            .parse(data)
            .err()
            .map(|error| (error.code(), error.offset()));
        assert_eq!(rejected, error, "{dialect}");
    }
}

/// Options for GGN targets: the dialect from the first byte, small limits.
fn ggn_options(dialect: Dialect) -> ggn::Options {
    let mut options = ggn::Options::in_dialect(dialect);
    options.limits = ggn::Limits {
        max_size: 1 << 20,
        max_depth: 64,
    };
    options
}

/// Validation is total and consistent: a document exactly when there is no error; the
/// report is JSON.
pub fn ggn_validate(data: &[u8]) {
    let Some((dialect, input)) = dialect_and_rest(data) else {
        return;
    };
    let validation = ggn::validate(input, &ggn_options(dialect));
    let errors = validation
        .diagnostics()
        .iter()
        .filter(|d| d.severity == ggn::Severity::Error)
        .count();
    assert_eq!(validation.is_valid(), errors == 0);
    assert_eq!(validation.document().is_some(), validation.is_valid());
    let report = ggn::output::FileReport::new("fuzz", validation.diagnostics());
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).expect("JSON report");
    assert_eq!(
        json["valid"],
        serde_json::Value::Bool(validation.is_valid())
    );
}

/// Filtered moves are a subset of all moves (in order), and every result board is valid.
/// The input is the rules, a NUL, then the board.
pub fn ggn_moves(data: &[u8]) {
    let Some((dialect, input)) = dialect_and_rest(data) else {
        return;
    };
    let Some(split) = input.iter().position(|&b| b == 0) else {
        return;
    };
    let (rules, board) = (&input[..split], &input[split + 1..]);
    let options = ggn_options(dialect);
    let validation = ggn::validate(rules, &options);
    let (Some(document), Ok(board)) = (validation.document(), Board::parse(board, &options)) else {
        return;
    };
    let all = document.moves(&board, &MoveFilter::default());
    for found in all.iter().take(64) {
        let result = Board::from_entries(found.board.iter().cloned(), &options);
        assert!(result.is_ok(), "the board after {found:?} is invalid");
    }
    // The borrowed moves (what `gan ggn moves` prints) are the owned ones, their result
    // board the base board with `perform` applied in order, and their output the same bytes.
    let base: Vec<(String, Option<String>)> = board
        .entries()
        .map(|(s, p)| (s.to_owned(), p.map(str::to_owned)))
        .collect();
    let borrowed: Vec<_> = document.moves_on(&board, &MoveFilter::default()).collect();
    assert_eq!(
        borrowed.len(),
        all.len(),
        "as many borrowed moves as owned ones"
    );
    for (lazy, owned) in borrowed.iter().zip(&all).take(64) {
        assert_eq!(
            lazy.to_move(),
            *owned,
            "a borrowed move differs from its owned one"
        );
        assert_eq!(lazy.to_json(), owned.to_json(), "JSON of a borrowed move");
        assert_eq!(
            lazy.to_string(),
            owned.to_string(),
            "text of a borrowed move"
        );
        let mut expected = base.clone();
        for (square, value) in lazy.perform {
            match expected.iter().position(|(s, _)| s == square) {
                Some(i) => expected[i].1.clone_from(value),
                None if value.is_some() => expected.push((square.clone(), value.clone())),
                None => {}
            }
        }
        let after = lazy.board();
        let got: Vec<(String, Option<String>)> = after
            .iter()
            .map(|(s, p)| (s.to_owned(), p.map(str::to_owned)))
            .collect();
        assert_eq!(got.len(), after.len(), "the result board's length");
        assert_eq!(got, expected, "the result board of {lazy:?}");
    }
    let Some(first) = all.first() else {
        return;
    };
    for filter in [
        MoveFilter {
            piece: Some(first.piece.clone()),
            ..MoveFilter::default()
        },
        MoveFilter {
            from: Some(first.from.clone()),
            ..MoveFilter::default()
        },
        MoveFilter {
            to: Some(first.to.clone()),
            ..MoveFilter::default()
        },
    ] {
        let some = document.moves(&board, &filter);
        let mut rest = all.iter();
        for found in &some {
            assert!(
                rest.any(|m| m == found),
                "a filtered move not among all moves, in order: {found:?}"
            );
        }
        assert!(!some.is_empty(), "the first move passes its own filter");
    }
}

/// Two dialects from the first two bytes, then the input.
fn conversion(data: &[u8]) -> Option<(Dialect, Dialect, &[u8])> {
    let (from, rest) = dialect_and_rest(data)?;
    let (to, rest) = dialect_and_rest(rest)?;
    Some((from, to, rest))
}

/// A converted identifier parses in its target dialect; the batch cache agrees with the
/// uncached path.
pub fn convert(data: &[u8]) {
    let Some((from, to, input)) = conversion(data) else {
        return;
    };
    for intermediate in [
        Intermediate::Error,
        Intermediate::Drop,
        Intermediate::Enhance,
    ] {
        let options = Options {
            intermediate,
            ..Options::default()
        };
        let converter = Converter::new(from, to, options);
        let conversion = converter.convert(input);
        if let Some(output) = conversion.output_text() {
            assert!(
                to.parse(output.as_bytes()).is_ok(),
                "{from} -> {to}: {output:?} does not parse in {to}"
            );
        }
        let mut memo = gan::convert::Memo::new(converter.clone(), Limits::DEFAULT_MAX_LEN);
        for record in Records::new(input, Framing::Lines, Limits::DEFAULT_MAX_LEN).flatten() {
            let cached = memo.convert(&record);
            let again = memo.convert(&record);
            let uncached = converter.convert_record(&record, Limits::DEFAULT_MAX_LEN);
            assert_eq!(cached.output_text(), uncached.output_text());
            assert_eq!(cached.diagnostics(), uncached.diagnostics());
            assert_eq!(again.output_text(), uncached.output_text());
        }
    }
}

/// A `--map` table is loaded or refused, never more; a loaded one converts like any other:
/// its outputs parse in the target dialect.
pub fn map_tables(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tables) = gan::convert::Tables::from_toml(text) else {
        return;
    };
    for (from, to) in [
        (Dialect::Legacy, Dialect::SnnPin),
        (Dialect::Beta, Dialect::Qpi),
        (Dialect::SnnPin, Dialect::Qpi),
    ] {
        let converter = Converter::new(
            from,
            to,
            Options {
                tables: tables.clone(),
                ..Options::default()
            },
        );
        for input in ["CHESS:K", "chess:p", "SHOGI:+P", "C:K", "S:R"] {
            if let Some(output) = converter.convert(input.as_bytes()).output_text() {
                assert!(to.parse(output.as_bytes()).is_ok(), "{output:?} in {to}");
            }
        }
    }
}

/// A migrated GGN document validates in its target dialect.
pub fn migrate_ggn(data: &[u8]) {
    let Some((from, to, input)) = conversion(data) else {
        return;
    };
    let converter = Converter::new(from, to, Options::default());
    let limits = ggn::Limits {
        max_size: 1 << 20,
        max_depth: 64,
    };
    let migration = gan::convert::ggn::migrate_document(input, &converter, &limits);
    if let Some(output) = migration.output() {
        let validation = ggn::validate(output.as_bytes(), &ggn_options(to));
        assert!(
            validation.is_valid(),
            "{from} -> {to}: the migrated document is invalid: {:?}",
            validation.diagnostics()
        );
    }
}

/// A vector file that the loader's checks accept plans without panicking, one case per
/// vector, ids kept.
pub fn corpus_load(data: &[u8]) {
    let Ok(file) = serde_json::from_slice::<gan::suite::gan::format::VectorFile>(data) else {
        return;
    };
    if gan::suite::gan::validate::gan_file(&file).is_err() {
        return;
    }
    let files = vec![file];
    if let Ok(cases) = gan::check::plan(&files, &gan::check::Selection::default()) {
        assert_eq!(cases.len(), files[0].vectors.len());
        for (case, vector) in cases.iter().zip(&files[0].vectors) {
            assert_eq!(case.id, vector.id);
        }
    }
}

/// A reader that hands out at most `size` bytes a call.
struct Trickle<'a> {
    data: &'a [u8],
    size: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let n = self.size.min(buffer.len()).min(self.data.len());
        buffer[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// The records do not depend on the buffer size; their bytes are the input's.
pub fn line_splitter(data: &[u8]) {
    let Some((&first, input)) = data.split_first() else {
        return;
    };
    let framing = if first & 1 == 0 {
        Framing::Lines
    } else {
        Framing::Nul
    };
    let max_len = usize::from(first >> 1) + 1;
    let split = |reader: Box<dyn BufRead + '_>| -> Vec<(u64, Vec<u8>, u64)> {
        Records::new(reader, framing, max_len)
            .map(|r| r.expect("reading memory"))
            .map(|r| (r.number, r.bytes, r.len))
            .collect()
    };
    let whole = split(Box::new(input));
    for size in [1, 2, 3, 7, 64] {
        let trickled = split(Box::new(BufReader::with_capacity(
            size,
            Trickle { data: input, size },
        )));
        assert_eq!(trickled, whole, "buffer of {size}");
    }
    let total: u64 = whole.iter().map(|(_, _, len)| len).sum();
    assert!(total <= input.len() as u64);
    for (_, bytes, len) in &whole {
        assert!(bytes.len() as u64 <= *len && bytes.len() <= max_len);
    }
}

/// Judging any reply to any vector of the committed GAN corpus is total, and the same reply
/// twice gets the same result.
pub fn reply_judges(data: &[u8]) {
    use std::sync::OnceLock;
    static CASES: OnceLock<Vec<gan::check::Case>> = OnceLock::new();
    let cases = CASES.get_or_init(|| {
        let selection = gan::check::Selection::default();
        let mut cases = gan::check::plan(&gan::corpus::embedded(), &selection).expect("plans");
        cases.extend(gan::check::plan(&gan::suite::ggn::embedded(), &selection).expect("plans"));
        cases
            .extend(gan::check::plan(&gan::suite::migrate::embedded(), &selection).expect("plans"));
        cases
    });
    let Some((&first, reply)) = data.split_first() else {
        return;
    };
    let case = &cases[usize::from(first) * 131 % cases.len()];
    let Ok(serde_json::Value::Object(object)) = serde_json::from_slice(reply) else {
        return;
    };
    for check_errors in [false, true] {
        let answer = gan::check::Answer::Object(object.clone());
        let once = gan::check::CaseResult::judge(case, answer.clone(), check_errors);
        let twice = gan::check::CaseResult::judge(case, answer, check_errors);
        assert_eq!(once.status, twice.status);
        assert_eq!(once.detail, twice.detail);
    }
}

/// Whether `pattern` matches `id` by the documented rule, written independently of
/// `gan::check::Glob`: `*` matches any characters (`/` and none included); a pattern without
/// `*` is the id or a prefix of whole segments.
fn glob_oracle(pattern: &str, id: &str) -> bool {
    if !pattern.contains('*') {
        return id == pattern
            || id
                .strip_prefix(pattern)
                .is_some_and(|rest| rest.starts_with('/'));
    }
    let regex = format!(
        "^{}$",
        pattern
            .split('*')
            .map(regex::escape)
            .collect::<Vec<_>>()
            .join("(?s:.*)")
    );
    regex::Regex::new(&regex).is_ok_and(|regex| regex.is_match(id))
}

/// Skip files and globs: the text before the first NUL is a skip file, the lines after it are
/// vector ids. Each id's listing (the first matching line) and the patterns that match no id
/// are those the oracle finds, whatever the number of patterns (planning matches them all
/// at once).
pub fn skip_globs(data: &[u8]) {
    use std::sync::OnceLock;
    static TEMPLATE: OnceLock<gan::suite::gan::format::VectorFile> = OnceLock::new();
    let text = String::from_utf8_lossy(data);
    let (skip, ids) = text.split_once('\0').unwrap_or((&text, ""));
    let Ok(skip) = gan::check::SkipFile::parse(skip) else {
        return;
    };
    let ids: Vec<&str> = ids.lines().filter(|id| !id.is_empty()).collect();
    for entry in skip.entries() {
        for id in &ids {
            assert_eq!(
                entry.pattern().is_match(id),
                glob_oracle(entry.pattern().as_str(), id),
                "{:?} on {id:?}",
                entry.pattern().as_str()
            );
        }
    }
    // The ids as a vector file (the vectors of the smallest embedded file of a GAN dialect,
    // renamed: a run without --dialect leaves the editions out, D13).
    let template = TEMPLATE.get_or_init(|| {
        gan::corpus::embedded()
            .into_iter()
            .filter(|file| {
                file.dialect
                    .parse::<gan::Dialect>()
                    .is_ok_and(|d| d.family() == gan::Family::Dialects)
            })
            .min_by_key(|file| file.vectors.len())
            .expect("an embedded file")
    });
    let mut file = template.clone();
    let vectors = std::mem::take(&mut file.vectors);
    file.vectors = ids
        .iter()
        .zip(vectors.iter().cycle())
        .map(|(id, vector)| {
            let mut vector = vector.clone();
            (*id).clone_into(&mut vector.id);
            vector
        })
        .collect();
    let selection = gan::check::Selection {
        skip: Some(skip.clone()),
        ..gan::check::Selection::default()
    };
    let first = |id: &str| {
        skip.entries()
            .iter()
            .find(|entry| glob_oracle(entry.pattern().as_str(), id))
            .map(gan::check::SkipEntry::line)
    };
    let unmatched: Vec<usize> = skip
        .entries()
        .iter()
        .filter(|entry| {
            !ids.iter()
                .any(|id| glob_oracle(entry.pattern().as_str(), id))
        })
        .map(gan::check::SkipEntry::line)
        .collect();
    match gan::check::plan(&[file][..], &selection) {
        Ok(cases) => {
            assert!(unmatched.is_empty(), "lines {unmatched:?} match no id");
            assert_eq!(cases.len(), ids.len());
            for (case, id) in cases.iter().zip(&ids) {
                assert_eq!(case.listed.as_ref().map(|l| l.line), first(id), "{id:?}");
            }
        }
        Err(gan::check::PlanError::UnmatchedSkipPatterns(lines)) => {
            let lines: Vec<usize> = lines.iter().map(|(line, _)| *line).collect();
            assert_eq!(lines, unmatched);
        }
        Err(_) => {}
    }
}

/// `gan report matrix`'s reader: any text is a page or an error, never a panic; a report it
/// reads is lines of JSON (a run record, results, a summary), each id once, and the same report twice reads too,
/// the same with the columns taken.
pub fn report_matrix(data: &[u8]) {
    let report = String::from_utf8_lossy(data).into_owned();
    let column = |name: &str| gan::check::report::MatrixColumn {
        name: Some(name.to_owned()),
        file: name.to_owned(),
        report: report.clone(),
        link: None,
    };
    let mut page = Vec::new();
    let one = gan::check::report::matrix(&[column("a")], &mut page).expect("a Vec takes writes");
    let mut ids = std::collections::HashSet::new();
    if one.is_ok() {
        for line in report.lines().filter(|line| !line.trim().is_empty()) {
            let value: serde_json::Value =
                serde_json::from_str(line).expect("a line the matrix read is JSON");
            if value.get("summary").is_none() && value.get("run").is_none() {
                let id = value["id"].as_str().expect("a result line has an id");
                assert!(ids.insert(id.to_owned()), "{id} read twice");
            }
        }
    }
    let mut page = Vec::new();
    let two = gan::check::report::matrix(&[column("a"), column("b")], &mut page)
        .expect("a Vec takes writes");
    assert_eq!(one.is_ok(), two.is_ok());
    // The columns taken (the CLI's way, each text dropped once read): the same page.
    let mut owned = Vec::new();
    let by_value = gan::check::report::matrix_owned(
        vec![column("a"), column("b")],
        gan::check::report::MatrixFormat::Html,
        &mut owned,
    )
    .expect("a Vec takes writes");
    assert_eq!(by_value, two);
    assert_eq!(owned, page);
}
