//! The specs rewritten in place (QPI, PIN, SNN) as reviewed diffs: `gan diff --from A --to B`
//! for each pair of successive editions, as snapshots; the same flips found again by the
//! oracle regexes of DECISIONS.md (not by the grammars under test); and `docs/editions.md`,
//! rendered from the same diffs and checked fresh (`UPDATE_DOCS=1` writes it again).

use std::fmt::Write as _;
use std::path::Path;

use gan::corpus::notation_diff::{self, Flip, NotationDiff};
use gan::oracle::{Expectation, Oracle};
use gan::Dialect;
use predicates::prelude::*;

use crate::util::gan_command as gan;

/// Each spec rewritten in place, with its editions in order.
const REWRITES: [(&str, &[&str]); 3] = [
    ("QPI", &["qpi", "qpi-2025-12", "qpi-2026-01"]),
    ("PIN", &["pin-2025-07", "pin-2025-12"]),
    (
        "SNN",
        &[
            "snn-2025-07-02",
            "snn-2025-07-11",
            "snn-2025-10-09",
            "snn-2026-01-11",
        ],
    ),
];

/// How many flips of each pair docs/editions.md shows.
const SHOWN: usize = 10;

fn notation(name: &str) -> Dialect {
    name.parse().unwrap()
}

/// Every pair of successive editions: (spec, from, to).
fn pairs() -> Vec<(&'static str, Dialect, Dialect)> {
    REWRITES
        .iter()
        .flat_map(|(spec, editions)| {
            editions
                .windows(2)
                .map(|pair| (*spec, notation(pair[0]), notation(pair[1])))
        })
        .collect()
}

/// The corpus built into the library, read once.
fn embedded() -> &'static [gan::suite::gan::format::VectorFile] {
    static FILES: std::sync::OnceLock<Vec<gan::suite::gan::format::VectorFile>> =
        std::sync::OnceLock::new();
    FILES.get_or_init(gan::corpus::embedded)
}

fn diff(from: Dialect, to: Dialect) -> NotationDiff {
    notation_diff::diff(embedded(), from, to).unwrap()
}

#[test]
fn each_rewrite_is_a_reviewed_snapshot() {
    for (_, from, to) in pairs() {
        let result = diff(from, to);
        assert!(!result.equivalent(), "{from} -> {to}: no flip");
        insta::assert_snapshot!(
            format!("{from}_to_{to}"),
            format!("{}{}", result.flips_text(), result.totals_text())
        );
    }
}

/// What an oracle says of an input: the verdict and, when valid, the members as pairs.
fn judged(oracle: &Oracle, input: &[u8]) -> Option<Vec<(&'static str, String)>> {
    match oracle.expect(input) {
        Expectation::Valid(fields) => Some(fields.pairs()),
        Expectation::Invalid { .. } => None,
    }
}

#[test]
fn the_oracle_regexes_find_the_same_flips() {
    let files = embedded();
    for (_, from, to) in pairs() {
        let (before, after) = (Oracle::new(from), Oracle::new(to));
        let mut inputs: Vec<Vec<u8>> = Vec::new();
        for file in files
            .iter()
            .filter(|f| f.dialect == from.as_str() || f.dialect == to.as_str())
        {
            inputs.extend(
                file.vectors
                    .iter()
                    .map(gan::suite::gan::format::Vector::bytes),
            );
        }
        let mut seen = std::collections::HashSet::new();
        inputs.retain(|input| seen.insert(input.clone()));
        let expected: Vec<(Vec<u8>, bool, bool)> = inputs
            .iter()
            .filter_map(|input| {
                let (a, b) = (judged(&before, input), judged(&after, input));
                let differ = match (&a, &b) {
                    (Some(a), Some(b)) => a
                        .iter()
                        .any(|(name, value)| b.iter().any(|(n, v)| n == name && v != value)),
                    _ => a.is_some() != b.is_some(),
                };
                differ.then(|| (input.clone(), a.is_some(), b.is_some()))
            })
            .collect();
        let result = diff(from, to);
        let found: Vec<(Vec<u8>, bool, bool)> = result
            .flips
            .iter()
            .map(|flip| (bytes(flip), flip.from.valid, flip.to.valid))
            .collect();
        assert_eq!(result.inputs, inputs.len(), "{from} -> {to}");
        assert_eq!(found, expected, "{from} -> {to}");
        for flip in &result.flips {
            let valid = |oracle: &Oracle| judged(oracle, &bytes(flip));
            let pairs = |judgement: &notation_diff::Judgement| {
                judgement.actor.as_ref().map(gan::ActorFields::pairs)
            };
            assert_eq!(pairs(&flip.from), valid(&before), "{from}: {flip:?}");
            assert_eq!(pairs(&flip.to), valid(&after), "{to}: {flip:?}");
        }
    }
}

fn bytes(flip: &Flip) -> Vec<u8> {
    match (&flip.input, &flip.input_hex) {
        (Some(input), _) => input.as_bytes().to_vec(),
        (None, Some(hex)) => (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect(),
        (None, None) => unreachable!("a flip has an input"),
    }
}

/// A code span for a Markdown table cell: `|` escaped, and enough backticks around text that
/// holds some.
fn cell(text: &str) -> String {
    let text = text.replace('|', "\\|");
    if text.contains('`') {
        format!("`` {text} ``")
    } else {
        format!("`{text}`")
    }
}

fn render() -> String {
    let mut page = String::from(
        "# Editions: the specs rewritten in place\n\
         \n\
         Part of the [gan documentation](../README.md#documentation).\n\
         \n\
         QPI, PIN and SNN were rewritten in place, every edition still labelled 1.0.0; gan \
         names each\n\
         edition by the date of the first implementation that follows it (`gan notations` \
         lists them, with\n\
         the evidence; [`specs.md`](specs.md) cites the texts). `gan diff --from A --to B` \
         compares two\n\
         notations by input: over the union of the inputs of their corpus files, each input \
         is parsed by\n\
         both grammars, and it *flips* when the verdicts differ, or when both accept it and \
         a member both\n\
         notations have (`style`, `type`, `side`, `state`, …) differs. Error codes and \
         offsets are shown,\n\
         not compared. The exit status is 1 when some input flips, 0 when none does; \
         `--json` writes JSON\n\
         Lines (a line per flip, then the counts), `-q` leaves the counts out, `--corpus DIR` \
         reads the\n\
         inputs from `DIR/gan/*.json`:\n\
         \n\
         ```console\n\
         $ gan diff --from pin-2025-07 --to pin-2025-12 | head -2\n",
    );
    let pin = diff(notation("pin-2025-07"), notation("pin-2025-12"));
    for line in pin.flips_text().lines().take(2) {
        let _ = writeln!(page, "{line}");
    }
    let _ = write!(
        page,
        "$ gan diff --from pin-2025-07 --to pin-2025-12 | tail -1\n{}\
         $ gan diff --from pin-2025-07 --to pin-2025-12 > /dev/null\n$ echo $?\n1\n```\n\n",
        pin.totals_text()
    );
    page.push_str(
        "The test suite (`tests/suite/editions_diff.rs`) keeps every flip of each pair of \
         successive\n\
         editions as a reviewed snapshot (`tests/suite/snapshots/suite__editions_diff__*.snap`), \
         finds the\n\
         same flips again with the oracle regexes of [DECISIONS.md](DECISIONS.md), and \
         writes this page\n\
         (`UPDATE_DOCS=1 cargo test --test suite editions_diff`), which it checks fresh.\n\
         \n\
         | spec | from | to | inputs | flipped | became valid | became invalid | other parts \
         |\n\
         |---|---|---|---:|---:|---:|---:|---:|\n",
    );
    let diffs: Vec<(&str, NotationDiff)> = pairs()
        .into_iter()
        .map(|(spec, from, to)| (spec, diff(from, to)))
        .collect();
    for (spec, result) in &diffs {
        let (valid, invalid, parts) = result.counts();
        let _ = writeln!(
            page,
            "| {spec} | [`{from}`](#{anchor}) | `{to}` | {} | {} | {valid} | {invalid} | \
             {parts} |",
            result.inputs,
            result.flips.len(),
            from = result.from,
            to = result.to,
            anchor = anchor(result),
        );
    }
    for (_, result) in &diffs {
        let (valid, invalid, parts) = result.counts();
        let _ = write!(
            page,
            "\n## {} → {}\n\n\
             {} inputs, {} flipped: {valid} became valid, {invalid} became invalid, {parts} \
             with other parts.\n\
             The first {}:\n\n\
             | input | `{}` | `{}` |\n|---|---|---|\n",
            result.from,
            result.to,
            result.inputs,
            result.flips.len(),
            SHOWN.min(result.flips.len()),
            result.from,
            result.to,
        );
        for flip in result.flips.iter().take(SHOWN) {
            let show = |judgement: &notation_diff::Judgement| match &judgement.actor {
                Some(actor) => format!("valid {}", cell(&actor.to_string())),
                None => format!(
                    "invalid {}",
                    cell(&format!(
                        "{} at byte {}",
                        judgement.code.unwrap_or_default(),
                        judgement.offset.unwrap_or_default()
                    ))
                ),
            };
            let _ = writeln!(
                page,
                "| {} | {} | {} |",
                cell(&flip.quoted_input()),
                show(&flip.from),
                show(&flip.to)
            );
        }
    }
    page
}

/// The anchor of a pair's heading (`## qpi → qpi-2025-12` → `qpi--qpi-2025-12`).
fn anchor(result: &NotationDiff) -> String {
    format!("{}--{}", result.from, result.to)
}

#[test]
fn docs_editions_md_is_fresh() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/editions.md");
    let page = render();
    if std::env::var_os("UPDATE_DOCS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &page).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == page,
        "docs/editions.md is stale: run UPDATE_DOCS=1 cargo test --test suite editions_diff"
    );
}

#[test]
fn gan_diff_compares_two_notations() {
    gan()
        .args(["diff", "--from", "qpi", "--to", "qpi"])
        .assert()
        .code(0)
        .stdout(predicate::str::is_match("^qpi -> qpi: [0-9]+ inputs, 0 flipped \\(").unwrap());
    gan()
        .args(["diff", "-q", "--from", "pin-2025-07", "--to", "pin-2025-12"])
        .assert()
        .code(1)
        .stdout(
            predicate::str::starts_with("~ \"").and(predicate::str::contains(" inputs, ").not()),
        );
    let out = gan()
        .args([
            "diff",
            "--json",
            "--from",
            "pin-2025-07",
            "--to",
            "pin-2025-12",
        ])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let (summary, flips) = lines.split_last().unwrap();
    let expected = diff(notation("pin-2025-07"), notation("pin-2025-12"));
    assert_eq!(flips.len(), expected.flips.len());
    assert_eq!(
        flips[0]["change"], "flipped",
        "a flip line names its kind: {}",
        flips[0]
    );
    assert_eq!(flips[0]["from"]["valid"], false);
    assert_eq!(flips[0]["to"]["actor"]["terminal"], true);
    assert_eq!(summary["summary"]["from"], "pin-2025-07");
    assert_eq!(summary["summary"]["became_valid"], expected.counts().0);
    assert_eq!(summary["summary"]["inputs"], expected.inputs);
}

#[test]
fn gan_diff_between_notations_refuses_what_it_cannot_compare() {
    // --from without --to, --from with corpus folders, --to alone: usage errors.
    for args in [
        &["diff", "--from", "qpi"][..],
        &["diff", "--from", "qpi", "--to", "pin-2025-07", "a", "b"],
        &["diff", "--to", "qpi"],
        &["diff", "--from", "nope", "--to", "qpi"],
    ] {
        gan().args(args).assert().code(2);
    }
    let dir = tempfile::tempdir().unwrap();
    gan()
        .args(["diff", "--from", "qpi", "--to", "qpi-2025-12", "--corpus"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("gan diff: "));
    // A corpus folder without one of the two files.
    std::fs::create_dir(dir.path().join("gan")).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/gan/qpi.json"),
        dir.path().join("gan/qpi.json"),
    )
    .unwrap();
    gan()
        .args(["diff", "--from", "qpi", "--to", "qpi-2025-12", "--corpus"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr("gan diff: the corpus has no file for qpi-2025-12\n");
    gan()
        .args(["diff", "--from", "qpi", "--to", "qpi", "--corpus"])
        .arg(dir.path())
        .assert()
        .code(0);
}
