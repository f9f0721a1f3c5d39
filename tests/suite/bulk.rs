//! The bulk loops of `gan parse` and `gan detect` (`gan::bulk`): the same records as the
//! per-input path on any input and any thread count, `--invalid-only`, `--count`, `-j`, and a
//! closed pipe that stops printing but not reading.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

use assert_cmd::cargo::CommandCargoExt;
use gan::bulk::{self, DetectOptions, Format, MemoLimits, Mode, Options, TextStyle};
use gan::output::{DetectRecord, ParseRecord};
use gan::records::{Framing, Records};
use gan::{Dialect, Family};
use proptest::prelude::*;

use crate::cli::{gan, json_lines};
use crate::properties::{boundary_string, near_valid};

/// What the per-input path prints for `input`: the text and JSON of `ParseRecord`.
fn reference(
    dialect: Dialect,
    format: Format,
    input: &[u8],
    framing: Framing,
    max: usize,
) -> String {
    let mut out = String::new();
    for record in Records::new(input, framing, max) {
        let record = record.unwrap();
        let result = gan::output::parse_record(dialect, &record, max);
        let line = ParseRecord::new(dialect, &record, &result);
        match format {
            Format::Json => writeln!(out, "{}", serde_json::to_string(&line).unwrap()).unwrap(),
            Format::Text => {
                let (shown, _) = gan::output::escape(&record.bytes);
                match &line.error {
                    None => {
                        let actor = line.actor.as_ref().unwrap();
                        // No trailing space when nothing is reported (HAND; a CELL
                        // coordinate whose indices are past u64).
                        let actor = actor.to_string();
                        let gap = if actor.is_empty() { "" } else { " " };
                        writeln!(out, "{shown}: valid {}:{gap}{actor}", line.dialect).unwrap();
                    }
                    Some(error) => {
                        writeln!(
                            out,
                            "{shown}: invalid {} [{}]: {}",
                            line.dialect, error.code, error.message
                        )
                        .unwrap();
                    }
                }
            }
            _ => unreachable!("a format this reference does not write"),
        }
    }
    out
}

fn run(options: &Options, input: &[u8], framing: Framing, jobs: usize) -> (String, bulk::Counts) {
    let mut out = Vec::new();
    let counts = bulk::parse_stream(options, input, framing, jobs, &mut out).unwrap();
    (String::from_utf8(out).unwrap(), counts)
}

fn options(dialect: Dialect, mode: Mode, format: Format, max_len: usize) -> Options {
    Options {
        dialect,
        max_len,
        mode,
        format,
        style: TextStyle::default(),
    }
}

fn lines() -> impl Strategy<Value = Vec<Vec<u8>>> {
    let one = prop_oneof![
        3 => boundary_string().prop_map(String::into_bytes),
        2 => near_valid(Dialect::SnnPin).prop_map(String::into_bytes),
        2 => near_valid(Dialect::Pnn).prop_map(String::into_bytes),
        1 => near_valid(Dialect::Beta).prop_map(String::into_bytes),
        1 => prop::collection::vec(any::<u8>(), 0..12),
    ];
    prop::collection::vec(one, 0..40)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_bulk_loop_prints_what_the_per_input_path_prints(
        inputs in lines(),
        dialect in prop::sample::select(Dialect::ALL.to_vec()),
        nul in any::<bool>(),
        max in prop::sample::select(vec![4usize, 1 << 20]),
        jobs in 1usize..4,
    ) {
        let framing = if nul { Framing::Nul } else { Framing::Lines };
        let terminator = if nul { b'\0' } else { b'\n' };
        let input: Vec<u8> = inputs.iter().flat_map(|line| {
            line.iter().copied().chain(std::iter::once(terminator))
        }).collect();
        for format in [Format::Text, Format::Json] {
            let (got, counts) = run(&options(dialect, Mode::All, format, max), &input, framing, jobs);
            prop_assert_eq!(&got, &reference(dialect, format, &input, framing, max));
            let records = Records::new(&input[..], framing, max).count() as u64;
            prop_assert_eq!(counts.valid + counts.invalid(), records);
            let (_, alone) = run(&options(dialect, Mode::Count, format, max), &input, framing, jobs);
            prop_assert_eq!(alone, counts);
        }
    }
}

/// What the per-input path of `gan detect -d D…` prints for `input` (`dialects` empty: every
/// dialect): the text and JSON of `DetectRecord`.
fn detect_reference(
    format: Format,
    input: &[u8],
    framing: Framing,
    max: usize,
    dialects: &[Dialect],
) -> String {
    let mut out = String::new();
    for record in Records::new(input, framing, max) {
        let record = record.unwrap();
        let line = DetectRecord::among(record.line(), max, dialects);
        if format == Format::Json {
            writeln!(out, "{}", serde_json::to_string(&line).unwrap()).unwrap();
            continue;
        }
        let (shown, _) = gan::output::escape(&record.bytes);
        let accepted: Vec<String> = (line.accepted.iter())
            .map(|a| format!("{} ({})", a.dialect, a.actor))
            .collect();
        let rejected: Vec<String> = (line.rejected.iter())
            .map(|r| {
                format!(
                    "{} [{} at byte {}]",
                    r.dialect, r.error.code, r.error.offset
                )
            })
            .collect();
        if accepted.is_empty() {
            writeln!(
                out,
                "{shown}: rejected by every dialect: {}",
                rejected.join(", ")
            )
            .unwrap();
        } else if rejected.is_empty() {
            writeln!(out, "{shown}: accepted by {}", accepted.join(", ")).unwrap();
        } else {
            let (accepted, rejected) = (accepted.join(", "), rejected.join(", "));
            writeln!(
                out,
                "{shown}: accepted by {accepted}; rejected by {rejected}"
            )
            .unwrap();
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_detect_loop_prints_what_the_per_input_path_prints(
        inputs in lines(),
        nul in any::<bool>(),
        max in prop::sample::select(vec![4usize, 1 << 20]),
        jobs in 1usize..4,
        dialects in prop::collection::vec(prop::sample::select(Dialect::ALL.to_vec()), 0..4),
    ) {
        let framing = if nul { Framing::Nul } else { Framing::Lines };
        let terminator = if nul { b'\0' } else { b'\n' };
        let input: Vec<u8> = inputs.iter().flat_map(|line| {
            line.iter().copied().chain(std::iter::once(terminator))
        }).collect();
        for format in [Format::Text, Format::Json] {
            let options = detect_options(format, max, &dialects, TextStyle::default(), MemoLimits::DEFAULT);
            let mut out = Vec::new();
            let detected = bulk::detect_stream(&options, &input[..], framing, jobs, &mut out).unwrap();
            let out = String::from_utf8(out).unwrap();
            prop_assert_eq!(&out, &detect_reference(format, &input, framing, max, &dialects));
            let records = Records::new(&input[..], framing, max).count() as u64;
            prop_assert_eq!(detected.inputs, records);
            let unmatched = match format {
                Format::Json => out.lines().filter(|line| line.contains("\"accepted\":[]")).count(),
                _ => out.lines().filter(|line| line.contains(": rejected by every dialect")).count(),
            };
            prop_assert_eq!(detected.unmatched, unmatched as u64);
        }
    }
}

/// Up to `most` inputs of each notation's corpus (`conformance/gan/NOTATION.json`), spread
/// evenly over it: valid and invalid vectors of every group.
fn corpus_inputs(most: usize) -> Vec<Vec<u8>> {
    let mut inputs = Vec::new();
    for dialect in Dialect::ALL {
        let path = format!("conformance/gan/{}.json", dialect.as_str());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let corpus: serde_json::Value = serde_json::from_str(&text).unwrap();
        let all: Vec<&str> = corpus["vectors"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|vector| vector["input"].as_str())
            .filter(|input| !input.contains('\0'))
            .collect();
        assert!(all.len() > 20, "{dialect}: {} inputs", all.len());
        let step = all.len().div_ceil(most);
        inputs.extend(
            all.iter()
                .step_by(step)
                .map(|input| input.as_bytes().to_vec()),
        );
    }
    inputs
}

/// Detection over the notation table: on inputs from every notation's corpus (the editions
/// included), the bulk loop's records are the per-input path's, at one and two threads, among
/// every dialect and among the five GAN dialects (`gan detect -d legacy -d beta …`).
#[test]
fn the_detect_loop_prints_the_per_input_records_on_every_notations_corpus() {
    let inputs = corpus_inputs(150);
    let mut input = Vec::new();
    for line in &inputs {
        input.extend_from_slice(line);
        input.push(0);
    }
    let max = 1 << 16;
    for dialects in [Vec::new(), Family::Dialects.dialects()] {
        for format in [Format::Text, Format::Json] {
            let expected = detect_reference(format, &input, Framing::Nul, max, &dialects);
            let options = detect_options(
                format,
                max,
                &dialects,
                TextStyle::default(),
                MemoLimits::DEFAULT,
            );
            for jobs in [1, 2] {
                let mut out = Vec::new();
                let detected =
                    bulk::detect_stream(&options, &input[..], Framing::Nul, jobs, &mut out)
                        .unwrap();
                assert_eq!(detected.inputs, inputs.len() as u64);
                let out = String::from_utf8(out).unwrap();
                for (got, want) in out.lines().zip(expected.lines()) {
                    assert_eq!(got, want, "{format:?} -j {jobs} {dialects:?}");
                }
                assert_eq!(out.lines().count(), expected.lines().count());
            }
        }
    }
    // Every notation accepts some of these inputs, and rejects some.
    let json = detect_reference(Format::Json, &input, Framing::Nul, max, &[]);
    for dialect in Dialect::ALL {
        let name = format!("{{\"dialect\":\"{}\",\"actor\"", dialect.as_str());
        let error = format!("{{\"dialect\":\"{}\",\"error\"", dialect.as_str());
        assert!(json.contains(&name) && json.contains(&error), "{dialect}");
    }
}

/// The options of the detect tests: records (not `-q`) in `format`, inputs of at most `max`
/// bytes, among `dialects` (every dialect when empty).
fn detect_options(
    format: Format,
    max: usize,
    dialects: &[Dialect],
    style: TextStyle,
    memo: MemoLimits,
) -> DetectOptions {
    DetectOptions {
        max_len: max,
        format,
        style,
        quiet: false,
        dialects: dialects.to_vec(),
        memo,
    }
}

/// `gan detect`'s bulk loop on `input` with `memo`: its output and verdicts.
fn detect_with(
    options: &DetectOptions,
    memo: MemoLimits,
    input: &[u8],
    framing: Framing,
    jobs: usize,
) -> (Vec<u8>, bulk::Detected) {
    let options = DetectOptions {
        memo,
        ..options.clone()
    };
    let mut out = Vec::new();
    let detected = bulk::detect_stream(&options, input, framing, jobs, &mut out).unwrap();
    (out, detected)
}

/// Text styles that show where they are written.
fn marked_style() -> TextStyle {
    let pair = |name: &str| (format!("<{name}>"), format!("</{name}>"));
    TextStyle {
        ok: pair("ok"),
        error: pair("error"),
        code: pair("code"),
        caret: pair("caret"),
        carets: false,
    }
}

/// Small bounds, so that the generations roll over many times in a short stream.
const SMALL_MEMO: MemoLimits = MemoLimits {
    bytes: 8192,
    entries: 16,
    max_key: 24,
};

/// The memo of records changes no byte and no count: a stream where every input of the
/// notations' corpora comes back several times (with long, truncated and non-UTF-8 inputs),
/// among every dialect and the five GAN dialects, text (styled) and JSON, at one and two
/// threads, with the default and with small bounds, against no memo.
#[test]
fn the_detect_memo_prints_what_detection_prints_on_a_stream_with_repeats() {
    let vocabulary = corpus_inputs(40);
    let mut input = Vec::new();
    let n = vocabulary.len();
    for i in 0..4 * n {
        // A permutation of the vocabulary per pass (7 is prime to n unless it divides it).
        let line = &vocabulary[(i * 7 + i / n) % n];
        input.extend_from_slice(line);
        input.push(0);
        if i % 97 == 0 {
            input.extend_from_slice(b"C:\xff\0");
            input.extend_from_slice(&b"CHESS:K".repeat(20));
            input.push(0);
        }
    }
    let max = 100;
    for dialects in [Vec::new(), Family::Dialects.dialects()] {
        for format in [Format::Text, Format::Json] {
            let options = detect_options(format, max, &dialects, marked_style(), MemoLimits::OFF);
            let want = detect_with(&options, MemoLimits::OFF, &input, Framing::Nul, 1);
            assert!(want.1.unmatched > 0 && want.1.unmatched < want.1.inputs);
            for jobs in [1, 2] {
                for memo in [MemoLimits::DEFAULT, SMALL_MEMO] {
                    let got = detect_with(&options, memo, &input, Framing::Nul, jobs);
                    assert!(
                        got == want,
                        "{format:?} -j {jobs} {dialects:?} {memo:?}: the output differs"
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    /// Random streams drawn from a small vocabulary (so with repeats): the memo on, with
    /// its default or small bounds, prints what it prints off.
    #[test]
    fn the_detect_memo_prints_what_no_memo_prints(
        vocabulary in lines().prop_filter("a vocabulary", |lines| !lines.is_empty()),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..120),
        nul in any::<bool>(),
        max in prop::sample::select(vec![6usize, 1 << 20]),
        jobs in 1usize..3,
        five in any::<bool>(),
        styled in any::<bool>(),
        memo in prop::sample::select(vec![MemoLimits::DEFAULT, SMALL_MEMO]),
    ) {
        let framing = if nul { Framing::Nul } else { Framing::Lines };
        let terminator = if nul { b'\0' } else { b'\n' };
        let input: Vec<u8> = picks.iter().flat_map(|pick| {
            let line = pick.get(&vocabulary).iter().copied().filter(|&b| b != terminator);
            line.chain(std::iter::once(terminator))
        }).collect();
        let dialects = if five { Family::Dialects.dialects() } else { Vec::new() };
        for format in [Format::Text, Format::Json] {
            let options = detect_options(format, max, &dialects, if styled { marked_style() } else { TextStyle::default() }, MemoLimits::OFF);
            let (want, want_counts) = detect_with(&options, MemoLimits::OFF, &input, framing, 1);
            let (got, got_counts) = detect_with(&options, memo, &input, framing, jobs);
            prop_assert_eq!(String::from_utf8_lossy(&got), String::from_utf8_lossy(&want));
            prop_assert_eq!(got_counts, want_counts);
        }
    }
}

/// A mix of valid and invalid snn-pin lines.
const MIX: &[u8] = b"CHESS:K\nCHESS:k\n\nshogi:+p\n1ABC\nC:K\r\nxiangqi:r\nCHESS\n";

#[test]
fn invalid_only_prints_the_rejected_inputs_with_their_numbers() {
    let (code, stdout, stderr) = gan(&["parse", "--invalid-only"], MIX);
    assert_eq!((code, stderr.as_str()), (1, ""));
    insta::assert_snapshot!(stdout, @r#"
    2:"CHESS:k": case-mismatch at byte 6
    3:"": empty at byte 0
    5:"1ABC": unexpected-char at byte 0
    8:"CHESS": missing-separator at byte 5
    "#);
    let (code, stdout, _) = gan(&["parse", "--invalid-only", "--format", "json"], MIX);
    assert_eq!(code, 1);
    let records = json_lines(&stdout, "parse-output.schema.json");
    let numbers: Vec<u64> = records
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [2, 3, 5, 8]);
    assert!(stdout
        .starts_with("{\"line\":2,\"input\":\"CHESS:k\",\"dialect\":\"snn-pin\",\"valid\":false,"));
    let (code, stdout, _) = gan(&["parse", "--invalid-only"], b"CHESS:K\nshogi:+p\n");
    assert_eq!((code, stdout.as_str()), (0, ""));
}

#[test]
fn invalid_only_counts_records_with_nul_separators() {
    let (code, stdout, _) = gan(&["parse", "-z", "--invalid-only"], b"CHESS:K\0a\nb\0\0C:K");
    assert_eq!(code, 1);
    insta::assert_snapshot!(stdout, @r#"
    2:"a\nb": missing-separator at byte 1
    3:"": empty at byte 0
    "#);
    let (code, stdout, _) = gan(&["parse", "--invalid-only", "CHESS:K", "x:1"], b"");
    assert_eq!(
        (code, stdout.as_str()),
        (1, "2:\"x:1\": unexpected-char at byte 2\n")
    );
}

#[test]
fn count_prints_one_line_per_verdict_and_code() {
    let (code, stdout, stderr) = gan(&["parse", "--count"], MIX);
    assert_eq!((code, stderr.as_str()), (1, ""));
    insta::assert_snapshot!(stdout, @r"
    valid 4
    invalid 4
    empty 1
    case-mismatch 1
    missing-separator 1
    unexpected-char 1
    ");
    let (code, stdout, _) = gan(&["parse", "--count", "--format", "json"], MIX);
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "{\"valid\":4,\"invalid\":4,\"codes\":{\"empty\":1,\"case-mismatch\":1,\
         \"missing-separator\":1,\"unexpected-char\":1}}\n"
    );
    let (code, stdout, _) = gan(&["parse", "--count", "-z"], b"CHESS:K\0shogi:+p");
    assert_eq!((code, stdout.as_str()), (0, "valid 2\ninvalid 0\n"));
    let (code, stdout, _) = gan(&["parse", "--count", "--format", "json"], b"");
    assert_eq!(
        (code, stdout.as_str()),
        (0, "{\"valid\":0,\"invalid\":0,\"codes\":{}}\n")
    );
    let (code, stdout, _) = gan(&["parse", "--count", "--max-bytes", "3", "CHESS:K"], b"");
    assert_eq!(
        (code, stdout.as_str()),
        (1, "valid 0\ninvalid 1\ntoo-long 1\n")
    );
}

#[test]
fn count_and_invalid_only_exclude_each_other_and_jobs_are_bounded() {
    for args in [
        &["parse", "--count", "--invalid-only"][..],
        &["parse", "-j", "0"],
        &["parse", "-j", "257"],
    ] {
        let (code, stdout, _) = gan(args, b"");
        assert_eq!((code, stdout.as_str()), (2, ""), "{args:?}");
    }
    let (code, _, _) = gan(&["parse", "-j", "256", "--count"], b"C:K\n");
    assert_eq!(code, 0);
}

#[test]
fn threads_keep_the_input_order() {
    // More than one block (1 MiB), so each block is cut into parts.
    let mut input = Vec::new();
    let mut n = 0u32;
    while input.len() < (1 << 20) + (1 << 19) {
        let line = match n % 5 {
            0 => format!("STYLE{n}:K\n"),
            1 => format!("style{n}:+p\n"),
            2 => format!("bad{n}:P\n"),
            3 => format!("S:{n}\n"),
            _ => format!("c{n}:-q\n"),
        };
        input.extend_from_slice(line.as_bytes());
        n += 1;
    }
    let one = gan(&["parse", "-j", "1", "--format", "json"], &input);
    let three = gan(&["parse", "-j", "3", "--format", "json"], &input);
    assert_eq!(one.0, 1);
    assert!(one == three, "-j 3 prints what -j 1 prints");
    for format in ["text", "json"] {
        let one = gan(&["detect", "-j", "1", "--format", format], &input);
        let three = gan(&["detect", "-j", "3", "--format", format], &input);
        assert_eq!(one.0, 1);
        assert!(one == three, "detect -j 3 prints what -j 1 prints");
    }
    let invalid = gan(&["parse", "-j", "3", "--invalid-only"], &input);
    let expected = (0..n).filter(|n| n % 5 == 2 || n % 5 == 3).count();
    assert_eq!(invalid.1.lines().count(), expected);
}

#[test]
fn a_closed_pipe_stops_printing_not_reading() {
    let mut child = Command::cargo_bin("gan")
        .unwrap()
        .args(["parse"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = b"CHESS:K\n".repeat(8192);
        for _ in 0..32 {
            stdin.write_all(&chunk).expect("gan reads the whole input");
        }
        // The only invalid input, at the very end.
        stdin
            .write_all(b"CHESS:k\n")
            .expect("gan reads the whole input");
    });
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert_eq!((status.code(), stderr.as_str()), (Some(1), ""));
}
