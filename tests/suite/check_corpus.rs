//! What the `gan check` tests run on: a corpus built here from the oracle (the same
//! confirmation the generator uses), the Python interpreter resolved once, and helpers to run
//! the library or the binary against an adapter.
//!
//! The corpus: for each dialect, valid seeds (its own and the other dialects'), and mutations
//! of its own seeds (trailing and leading characters, deletions, case flips, transpositions,
//! insertions of class-boundary characters, Unicode look-alikes, lines before and after), a
//! list of classic invalid shapes, long components, and invalid UTF-8 (as `input_hex`). Every
//! expectation comes from `Oracle::expect`, never from the code under test.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use gan::check::{self, Case, Command, Config, Mode, Report, Selection};
use gan::oracle::{Expectation, Oracle};
use gan::suite::gan::format::{ExpectedError, Vector, VectorFile, FORMAT};
use gan::Dialect;

/// The reference adapter.
pub fn gan_ref() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/adapters/gan_ref.py")
}

/// The Python interpreter's real path, asked once of `python3` (which may be a shell shim,
/// e.g. pyenv's: far too slow to start once per vector).
pub fn python() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let output = std::process::Command::new("python3")
            .args(["-c", "import sys; print(sys.executable)"])
            .output()
            .expect("python3 runs (the adapters need it)");
        assert!(output.status.success(), "python3 -c failed");
        PathBuf::from(
            String::from_utf8(output.stdout)
                .expect("a UTF-8 path")
                .trim(),
        )
    })
}

/// `python -S -E SCRIPT ARGS…` (`-S`: no site packages, the adapters use the standard
/// library only, and start faster; `-E`: no `PYTHON*` variables, e.g. `PYTHONUNBUFFERED`).
pub fn python_command(script: &Path, args: &[&str]) -> Command {
    let mut all = vec!["-S".into(), "-E".into(), script.as_os_str().to_owned()];
    all.extend(args.iter().map(Into::into));
    Command::new(python(), all)
}

/// A config with a generous timeout (tests run on a loaded machine).
pub fn config(command: Command, mode: Mode, check_errors: bool) -> Config {
    let mut config = Config::new(command);
    config.mode = mode;
    config.check_errors = check_errors;
    config.timeout = Duration::from_secs(60);
    config.jobs = 2;
    config
}

/// Runs `cases` and returns the report (the command must start).
#[track_caller]
pub fn run(cases: &[Case], config: &Config) -> Report {
    check::run(cases, config).expect("the command starts")
}

/// The test corpus, one file per GAN dialect (what `gan check` runs unless told otherwise).
pub fn corpus() -> &'static [VectorFile] {
    static CORPUS: OnceLock<Vec<VectorFile>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        gan::Family::Dialects
            .dialects()
            .into_iter()
            .map(build_file)
            .collect()
    })
}

/// Every case of the committed corpus (embedded in the crate; each expectation was confirmed
/// by the pest parser and the oracle regexes when it was generated): what the mutant zoo and
/// the reference adapter's full runs use.
pub fn committed_cases() -> Vec<Case> {
    check::plan(&gan::corpus::embedded(), &Selection::default()).expect("the corpus plans")
}

/// Every case of the test corpus.
pub fn all_cases() -> Vec<Case> {
    check::plan(corpus(), &Selection::default()).expect("the test corpus plans")
}

/// A fixed sample of about 200 cases for per-case runs: every n-th case, and every case
/// whose input is not UTF-8.
pub fn sample_cases() -> Vec<Case> {
    let cases = all_cases();
    let step = cases.len() / 180;
    cases
        .into_iter()
        .enumerate()
        .filter(|(index, case)| index % step == 0 || case.input.is_none())
        .map(|(_, case)| case)
        .collect()
}

/// Writes the test corpus as `DIR/gan/{dialect}.json`.
pub fn write_corpus(dir: &Path) {
    let gan = dir.join("gan");
    std::fs::create_dir_all(&gan).expect("mkdir");
    for file in corpus() {
        let text = serde_json::to_string_pretty(file).expect("serialize");
        std::fs::write(gan.join(format!("{}.json", file.dialect)), text).expect("write");
    }
}

/// Valid identifiers of each dialect, from the specs' examples and the corners of each
/// grammar.
fn seeds(dialect: Dialect) -> &'static [&'static str] {
    match dialect {
        Dialect::Legacy => &[
            "CHESS:KING",
            "chess:king",
            "XIANGQI:ROOK",
            "shogi:pawn",
            "A:B",
            "z:y",
        ],
        Dialect::Beta => &[
            "C:K",
            "c:-k",
            "DAI_DAI_SHOGI:+-PH",
            "go:stone",
            "S:+R",
            "x:k1_",
            "A1_:B_2",
            "C:-K",
        ],
        Dialect::Pnn => &[
            "SHOGI:+P'",
            "CHESS:K'",
            "chess:-p",
            "S:R",
            "xiangqi:+r'",
            "A:B",
        ],
        Dialect::SnnPin => &[
            "C:K",
            "CHESS:K",
            "chess:+p",
            "CHESS960:-P",
            "SHOGI:+P",
            "s:-r",
            "A1B2:Z",
            "x9:k",
        ],
        Dialect::Qpi => &["C:K", "c:+k", "S:-R", "x:p", "M:+Q"],
        _ => panic!("no seeds for {dialect}"),
    }
}

/// Invalid shapes every implementation gets wrong sooner or later, and the specs' errata (D8).
const CLASSICS: &[&str] = &[
    "",
    ":",
    ":K",
    "C:",
    "C:+",
    "C:-",
    "C:+-",
    "C:-+K",
    "C:+-K",
    "C:'",
    "C:K'",
    "C:+K'",
    "C:'K",
    "+K",
    "1ABC",
    "CHESS",
    "chess",
    "cHESS:K",
    "CHESS:King",
    "Chess:K",
    "C::K",
    "C:K:K",
    "CHESS:p",
    "c:K",
    "c:+Q",
    "C:p",
    "s:K",
    "C:K\n",
    "C:K\r\n",
    " C:K",
    "C:K ",
    "C:\u{212A}",
    "junk\nC:K",
    "C:K\njunk",
    "\u{feff}C:K",
    "cHESS",
    "CHESs",
    "CHE\u{017F}S",
    "chess\n",
];

const SUFFIXES: &[&str] = &[
    "\n", "\r\n", "\r", " ", "\t", "\0", "'", "+", "-", "K", "k", "1", "_", ":", "\u{feff}",
];
const PREFIXES: &[&str] = &["\u{feff}", " ", "\n", "1", "+", "-", "_", ":", "x\n"];
const INSERTS: &[char] = &[
    '@', '[', '`', '{', '/', '0', '9', '_', '\'', '+', '-', ':', ' ',
];

/// Inputs that are not UTF-8.
const NOT_UTF8: &[&[u8]] = &[
    b"\xff",
    b"C:\xff",
    b"C\xc3:K",
    b"C:K\xc0\xaf",
    b"\xed\xa0\x80",
    b"C:K\xf4\x90\x80\x80",
    b"C:\xe2\x84",
];

/// Unicode look-alikes of an ASCII letter: fullwidth, and the letters that case-fold to ASCII
/// (Kelvin sign, long s, dotless i, capital I with dot).
fn lookalikes(letter: char) -> Vec<char> {
    let mut chars = Vec::new();
    let offset = u32::from(letter.to_ascii_uppercase()) - u32::from('A');
    let base = if letter.is_ascii_uppercase() {
        0xFF21
    } else {
        0xFF41
    };
    chars.extend(char::from_u32(base + offset));
    match letter.to_ascii_lowercase() {
        'k' => chars.push('\u{212A}'),
        's' => chars.push('\u{017F}'),
        'i' => chars.extend(['\u{0131}', '\u{0130}']),
        _ => {}
    }
    chars
}

/// The (group, input) pairs of a dialect, before deduplication.
fn inputs(dialect: Dialect) -> Vec<(&'static str, Vec<u8>)> {
    let mut out: Vec<(&'static str, Vec<u8>)> = Vec::new();
    let mut add = |group: &'static str, input: String| out.push((group, input.into_bytes()));
    for other in gan::Family::Dialects.dialects() {
        for seed in seeds(other) {
            add(
                if other == dialect { "seed" } else { "cross" },
                (*seed).to_owned(),
            );
        }
    }
    for classic in CLASSICS {
        add("classic", (*classic).to_owned());
    }
    for (style, piece) in [
        ("A".repeat(64), "K"),
        ("b".repeat(255), "k"),
        ("C".to_owned(), "K"),
    ] {
        add("long", format!("{style}:{piece}"));
        add("long", format!("{style}:{}", piece.repeat(64)));
    }
    for seed in seeds(dialect) {
        let chars: Vec<char> = seed.chars().collect();
        let join = |chars: &[char]| chars.iter().collect::<String>();
        for suffix in SUFFIXES {
            add("suffix", format!("{seed}{suffix}"));
        }
        for prefix in PREFIXES {
            add("prefix", format!("{prefix}{seed}"));
        }
        for at in 0..chars.len() {
            let mut deleted = chars.clone();
            deleted.remove(at);
            add("delete", join(&deleted));
            if chars[at].is_ascii_alphabetic() {
                let mut flipped = chars.clone();
                flipped[at] = (u8::try_from(chars[at]).unwrap() ^ 0x20).into();
                add("case", join(&flipped));
                for lookalike in lookalikes(chars[at]) {
                    let mut replaced = chars.clone();
                    replaced[at] = lookalike;
                    add("lookalike", join(&replaced));
                }
            }
            if at + 1 < chars.len() {
                let mut swapped = chars.clone();
                swapped.swap(at, at + 1);
                add("transpose", join(&swapped));
            }
        }
        for at in 0..=chars.len() {
            for insert in INSERTS {
                let mut inserted = chars.clone();
                inserted.insert(at, *insert);
                add("insert", join(&inserted));
            }
        }
    }
    for bytes in NOT_UTF8 {
        // The schema keeps `input_hex` to this group.
        out.push(("invalid-utf8", bytes.to_vec()));
    }
    out
}

fn build_file(dialect: Dialect) -> VectorFile {
    let oracle = Oracle::new(dialect);
    let mut seen = HashSet::new();
    let mut vectors = Vec::new();
    for (group, bytes) in inputs(dialect) {
        if !seen.insert(bytes.clone()) {
            continue;
        }
        let expectation = oracle.expect(&bytes);
        let valid = matches!(expectation, Expectation::Valid(_));
        let verdict = if valid { "valid" } else { "invalid" };
        let input = String::from_utf8(bytes.clone()).ok();
        let mut vector = Vector {
            // 12 hex digits, as the schema asks (the loader checks it).
            id: format!("{dialect}/{verdict}/{group}/{:012x}", fnv(&bytes) >> 16),
            dialect: dialect.as_str().to_owned(),
            group: group.to_owned(),
            input_hex: input.is_none().then(|| gan::output::hex(&bytes)),
            input,
            valid,
            actor: None,
            canonical: None,
            error: None,
            mutation: None,
            source: None,
            note: None,
            implementation_defined: None,
        };
        match expectation {
            Expectation::Valid(actor) => {
                vector.canonical.clone_from(&vector.input);
                vector.actor = Some(actor);
            }
            Expectation::Invalid { code, offset, hint } => {
                vector.error = Some(ExpectedError::new(code, offset, hint.as_deref()));
            }
        }
        vectors.push(vector);
    }
    VectorFile {
        format: FORMAT,
        dialect: dialect.as_str().to_owned(),
        spec: dialect.spec_file().to_owned(),
        vectors,
    }
}

/// FNV-1a, 64 bits: a stable slug for test vector ids.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Writes the test corpus to `$GAN_CHECK_CORPUS_OUT` (`DIR/gan/*.json`), each dialect's
/// vectors repeated `$GAN_CHECK_CORPUS_REPEAT` times under distinct ids: a big corpus to
/// measure throughput with (`cargo test -- --ignored write_test_corpus`).
#[test]
#[ignore = "writes files; run by hand to measure throughput"]
fn write_test_corpus() {
    let dir =
        PathBuf::from(std::env::var_os("GAN_CHECK_CORPUS_OUT").expect("GAN_CHECK_CORPUS_OUT"));
    let repeat: usize = std::env::var("GAN_CHECK_CORPUS_REPEAT").map_or(1, |n| n.parse().unwrap());
    let gan = dir.join("gan");
    std::fs::create_dir_all(&gan).unwrap();
    for file in corpus() {
        let mut big = file.clone();
        big.vectors = (0..repeat)
            .flat_map(|copy| {
                file.vectors.iter().map(move |vector| {
                    let mut vector = vector.clone();
                    if copy > 0 {
                        // A distinct group keeps the id within the schema's pattern.
                        if let Some((group, slug)) = vector.id.rsplit_once('/') {
                            vector.id = format!("{group}.{copy}/{slug}");
                        }
                    }
                    vector
                })
            })
            .collect();
        let text = serde_json::to_string_pretty(&big).unwrap();
        std::fs::write(gan.join(format!("{}.json", file.dialect)), text).unwrap();
    }
}

/// The failing results, as `(status, id, detail)`, for assertion messages.
pub fn failures(report: &check::Report) -> Vec<(gan::check::Status, String, String)> {
    report
        .failures()
        .map(|r| {
            (
                r.status,
                r.case.id.clone(),
                r.detail.clone().unwrap_or_default(),
            )
        })
        .collect()
}
