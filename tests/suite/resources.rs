//! Resource tests (issue 12) on the release binary: each command on an input of S and of 8S
//! in one run, best of 3 (interleaved, and measured again up to three times in all when over
//! the bound, so that load on a shared machine does not fail a linear command); a time ratio
//! above 24x fails (linear is 8x, quadratic 64x), and the peak memory of the larger run is
//! held to its budget:
//!
//! - line streams (`parse`, `detect`, `migrate`): at most 64 MiB plus the chunk buffers,
//!   whatever the input size, and on empty lines (the most output per input byte) too;
//! - `ggn validate` and `migrate --ggn`: at most 4x the document plus 64 MiB (their S is at
//!   most 2 MiB, so that 8S is under the reader's default size limit of 16 MiB);
//! - `ggn validate --edition ggn-2025-10` on a document in the engine's shape (S and 8S) and
//!   on an error-dense one (memory only, of the largest size the reader takes: 16 MiB less
//!   32 KiB, as every error-dense document below): the same budget;
//! - `ggn moves --edition ggn-2025-10` with rules of S and 8S in that shape (the model of the
//!   whole document is held): the same budget;
//! - `ggn validate` on error-dense documents (`{"x":[],"x":[],…}`, three diagnostics every
//!   7 bytes, at the top level and inside one piece): the same budget at 16 MiB, text and
//!   JSON (the diagnostics are written as they are found, not held); text timed at S/8 and S;
//! - `ggn moves` with error-dense rules and `migrate --ggn` of an error-dense document: the
//!   same budget at 16 MiB, the 2014 edition's timed at S/8 and S (the newest edition's reading
//!   is timed by its `ggn validate` test);
//! - `migrate --ggn` of a valid document dense in warnings (16 MiB, both editions): the same
//!   budget (memory only);
//! - `ggn moves` with an error-dense board (2014 edition) or position (newest), 16 MiB: the
//!   same budget (memory only);
//! - `ggn moves`: at most 4x the documents plus 64 MiB, on a board of S and 8S (at most
//!   2 MiB and 16 MiB) with a few rules, each move printed with its whole board (see also
//!   `hardening::ggn_moves_holds_one_board_at_a_time`);
//! - `check --corpus DIR --list` (corpus loading and planning): at most 4x the vector file
//!   (of 8S, and at least 24 MiB so that the program's own size does not dominate).
//! - `parse` text output of one long line: its peak within 2x of the JSON output's (no table
//!   of every byte's column);
//! - `check` with replies padded to 32 KiB and 256 KiB: the same run's peak with tiny replies
//!   plus 16 KiB per vector and the batch reader's read-ahead (a reply is kept bounded, not
//!   whole);
//! - `check --skip-file` of 1,250 and 10,000 globs over as many vectors: time only (the
//!   patterns are compiled once).
//!
//! They are `#[ignore]`d in a plain `cargo test` (they need the release binary); `.ci/run`
//! builds it and runs them with `GAN_RESOURCE_BIN` naming it (default `target/release/gan`). S is
//! `GAN_RESOURCE_MIB` MiB (default 1; the issue's full size is 16: run by hand).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::hardening::peak_rss_kib;

/// The memory a line stream may use on top of its 64 MiB: the chunk buffers.
const CHUNK_BUFFERS: u64 = 16 << 20;

fn binary() -> PathBuf {
    std::env::var_os("GAN_RESOURCE_BIN").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/gan"),
        PathBuf::from,
    )
}

fn small_size() -> usize {
    std::env::var("GAN_RESOURCE_MIB")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        << 20
}

/// `lines` repeated to `size` bytes.
fn lines_of(size: usize, lines: &[&str]) -> Vec<u8> {
    let mut out = Vec::with_capacity(size + 64);
    let mut i = 0;
    while out.len() < size {
        out.extend_from_slice(lines[i % lines.len()].as_bytes());
        out.push(b'\n');
        i += 1;
    }
    out
}

/// `gan ARGS… FILE`, or `gan ARGS… < FILE` for the commands that take identifiers as
/// arguments.
fn command(args: &[&str], file: &Path) -> Command {
    let mut command = Command::new(binary());
    command.args(args);
    if matches!(args.first(), Some(&("parse" | "detect"))) {
        command.stdin(std::fs::File::open(file).unwrap());
    } else {
        command.arg(file).stdin(Stdio::null());
    }
    command
}

/// One run of `gan ARGS… FILE`, timed.
fn time_once(args: &[&str], file: &Path) -> Duration {
    let start = Instant::now();
    let status = command(args, file)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.code().is_some_and(|c| c <= 1), "{args:?}: {status}");
    start.elapsed()
}

/// The best of three runs of `gan ARGS…` on each file, the runs interleaved (small, large,
/// small, …) so that a burst of load on a shared machine falls on both sizes alike.
fn best_times(args: &[&str], small: &Path, large: &Path) -> (Duration, Duration) {
    (0..3).fold((Duration::MAX, Duration::MAX), |(s, l), _| {
        (s.min(time_once(args, small)), l.min(time_once(args, large)))
    })
}

/// Runs `args` on `make(S)` and `make(8S)`; returns the peak RSS of the larger run (KiB).
fn scales_linearly(name: &str, args: &[&str], make: impl Fn(usize) -> Vec<u8>) -> Option<u64> {
    scales_linearly_from(small_size(), name, args, make).0
}

/// [`scales_linearly`] from `size` bytes; also returns the larger input's length.
fn scales_linearly_from(
    size: usize,
    name: &str,
    args: &[&str],
    make: impl Fn(usize) -> Vec<u8>,
) -> (Option<u64>, usize) {
    let dir = tempfile::tempdir().unwrap();
    let (small, large) = (dir.path().join("small"), dir.path().join("large"));
    std::fs::write(&small, make(size)).unwrap();
    let large_input = make(8 * size);
    let large_len = large_input.len();
    std::fs::write(&large, large_input).unwrap();
    // A ratio over the bound is measured again, up to three times in all: a linear command
    // on a machine that got busy passes on a later try, a quadratic one fails every time.
    let (mut t_small, mut t_large, mut ratio) = (Duration::ZERO, Duration::ZERO, f64::INFINITY);
    for _ in 0..3 {
        (t_small, t_large) = best_times(args, &small, &large);
        ratio = t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-3);
        if ratio <= 24.0 {
            break;
        }
    }
    let reads_stdin = matches!(args.first(), Some(&("parse" | "detect")));
    let peak = peak_rss_kib(
        &command(args, &large),
        reads_stdin.then_some(large.as_path()),
    );
    eprintln!("{name}: {t_small:?} -> {t_large:?} (x{ratio:.1}), peak {peak:?} KiB");
    assert!(
        ratio <= 24.0,
        "{name}: 8x the input took {ratio:.1}x the time"
    );
    (peak, large_len)
}

const IDENTIFIERS: [&str; 6] = [
    "CHESS:K",
    "chess:q",
    "SHOGI:+P",
    "bad!!",
    "C:K",
    "xiangqi:r",
];

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn line_streams_scale_linearly_within_their_budget() {
    let budget = ((64 << 20) + CHUNK_BUFFERS) >> 10;
    for (name, args) in [
        ("parse", &["parse", "--dialect", "legacy"][..]),
        ("detect", &["detect"][..]),
        ("migrate", &["migrate", "--from", "legacy"][..]),
    ] {
        let peak = scales_linearly(name, args, |size| lines_of(size, &IDENTIFIERS));
        if let Some(peak) = peak {
            assert!(peak <= budget, "{name}: peak {peak} KiB over {budget} KiB");
        }
    }
    // One long line: escaping it was quadratic (defect 1).
    let peak = scales_linearly(
        "parse (one line)",
        &["parse", "--dialect", "legacy"],
        |size| vec![b'A'; size],
    );
    if let Some(peak) = peak {
        assert!(
            peak <= budget,
            "one line: peak {peak} KiB over {budget} KiB"
        );
    }
}

/// Empty lines make the most output per input byte (every rejection diagnosed, in JSON a
/// message each; `gan detect` names every notation): a block of them held whole made
/// hundreds of times its size (release build: 191–219 MB for `parse --format json` on 1 MiB,
/// 402 MB for `migrate --report` on 1 MiB, 241 MB for `detect --format json` on 100 KB). The
/// streams work through a block in rounds of a bounded
/// number of inputs and stay within the line streams' budget, on many threads too. Peak only:
/// the inputs are sized to pass that budget several times over when a block is held whole.
#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn line_streams_hold_a_bounded_round_of_records() {
    let budget = ((64 << 20) + CHUNK_BUFFERS) >> 10;
    let dir = tempfile::tempdir().unwrap();
    for (args, size) in [
        (
            &["parse", "--dialect", "legacy", "--format", "json"][..],
            1 << 20,
        ),
        (&["detect", "--format", "json"][..], 64 << 10),
        // Each of 256 threads copied the dialect table (340 KB): 124 MB.
        (&["detect", "--format", "json", "-j", "256"][..], 64 << 10),
        (
            &["migrate", "--from", "legacy", "--report", "/dev/null"][..],
            256 << 10,
        ),
    ] {
        let file = dir.path().join("empty-lines");
        std::fs::write(&file, vec![b'\n'; size]).unwrap();
        let reads_stdin = matches!(args.first(), Some(&("parse" | "detect")));
        let peak = peak_rss_kib(&command(args, &file), reads_stdin.then_some(file.as_path()));
        eprintln!("{args:?} on {size} empty lines: peak {peak:?} KiB");
        if let Some(peak) = peak {
            assert!(
                peak <= budget,
                "{args:?}: peak {peak} KiB over {budget} KiB"
            );
        }
    }
}

/// A GGN document of about `size` bytes: many pieces, each with a few moves.
fn ggn_document(size: usize) -> Vec<u8> {
    let mut out = String::from("{");
    let mut piece = 0u64;
    while out.len() < size {
        if piece > 0 {
            out.push(',');
        }
        let mut name = String::new();
        let mut n = piece;
        loop {
            name.push(char::from(b'A' + u8::try_from(n % 26).unwrap()));
            n /= 26;
            if n == 0 {
                break;
            }
        }
        let _ = write!(
            out,
            r#""G{name}:K": {{"a1": {{"b2": [{{"perform": {{"a1": null, "b2": "G{name}:K"}}}}]}}}}"#
        );
        piece += 1;
    }
    out.push('}');
    out.into_bytes()
}

/// A GGN document of about `size` bytes in the usual shape: one piece, many sources.
fn ggn_one_piece(size: usize) -> Vec<u8> {
    let mut out = String::from(r#"{"GAME:K": {"#);
    let mut i = 0u64;
    while out.len() < size {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(
            out,
            r#""s{i}": {{"t{i}": [{{"require": {{"t{i}": "empty"}}, "perform": {{"s{i}": null, "t{i}": "GAME:K"}}}}]}}"#
        );
        i += 1;
    }
    out.push_str("}}");
    out.into_bytes()
}

/// `migrate --ggn` from legacy to snn-pin, nothing written (the file is the last argument).
const MIGRATE_GGN: [&str; 7] = [
    "migrate",
    "--from",
    "legacy",
    "--to",
    "snn-pin",
    "--dry-run",
    "--ggn",
];

/// The largest S of the GGN tests: 8S stays under the reader's default limit of 16 MiB
/// (`migrate --ggn` has no `--max-size`), so S is at most 2 MiB minus a margin.
const GGN_MAX_SMALL: usize = (2 << 20) - 4096;

/// The size of the error-dense GGN documents whose memory is measured, whatever S: the
/// largest the reader takes by default (16 MiB), less a margin. Their memory grows faster
/// than the budget's 4x (a key every 7 bytes, each costing a few words), which only the
/// 64 MiB absorbs: issue 22's own document of 14.7 MB peaked at 141 MB against a budget of
/// 123 MB while one of 8 MiB was within it, so the promise is measured where it is tightest.
const ERROR_DENSE_SIZE: usize = 8 * GGN_MAX_SMALL;

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn ggn_commands_scale_linearly_within_their_budget() {
    let size = small_size().min(GGN_MAX_SMALL);
    for (name, args) in [
        (
            "ggn validate",
            &["ggn", "validate", "--dialect", "legacy"][..],
        ),
        ("migrate --ggn", &MIGRATE_GGN[..]),
    ] {
        let (peak, document) = scales_linearly_from(size, name, args, ggn_document);
        within_ggn_budget(name, peak, document);
        // One piece of many sources: its tree is not held whole either (one run, memory only).
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("one-piece.json");
        let text = ggn_one_piece(8 * size);
        let document = text.len();
        std::fs::write(&file, text).unwrap();
        let peak = peak_rss_kib(&command(args, &file), None);
        eprintln!("{name} (one piece): peak {peak:?} KiB");
        within_ggn_budget(name, peak, document);
    }
}

/// An error-dense GGN document of about `size` bytes: `{"x":[],"x":[],…}` (an invalid piece
/// key, a wrong type and a duplicate key every 7 bytes), or the same inside one piece.
fn ggn_error_dense(size: usize, in_piece: bool) -> Vec<u8> {
    let (open, close) = if in_piece {
        (r#"{"A:K":{"#, "}}")
    } else {
        ("{", "}")
    };
    let mut out = String::from(open);
    while out.len() < size {
        if out.len() > open.len() {
            out.push(',');
        }
        out.push_str(r#""x":[]"#);
    }
    out.push_str(close);
    out.into_bytes()
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn ggn_validate_error_dense_within_the_ggn_budget() {
    let size = small_size().min(GGN_MAX_SMALL);
    // Text timed (S/8 and S) and measured at [`ERROR_DENSE_SIZE`]; JSON, the same reading with another
    // writer, measured only.
    for (name, args, timed) in [
        ("ggn validate (error-dense)", &["ggn", "validate"][..], true),
        (
            "ggn validate --format json (error-dense)",
            &["ggn", "validate", "--format", "json"][..],
            false,
        ),
    ] {
        let (peak, document) = error_dense_peak(size, name, args, timed, false);
        within_ggn_budget(name, peak, document);
    }
    // Inside one piece (duplicate squares are reported before the sources' problems): one
    // run, memory only.
    let name = "ggn validate (error-dense, one piece)";
    let (peak, document) = error_dense_peak(size, name, &["ggn", "validate"], false, true);
    within_ggn_budget(name, peak, document);
}

/// The peak RSS (KiB) of `gan ARGS… FILE` on an error-dense document of [`ERROR_DENSE_SIZE`]
/// bytes (inside one piece when `in_piece`), and that document's length. When `timed`, its
/// time is first compared on documents of `size` / 8 and `size` ([`scales_linearly_from`]):
/// the same reading, a fraction of the cost of timing the large one.
fn error_dense_peak(
    size: usize,
    name: &str,
    args: &[&str],
    timed: bool,
    in_piece: bool,
) -> (Option<u64>, usize) {
    let make = |size| ggn_error_dense(size, in_piece);
    if timed {
        scales_linearly_from(size / 8, name, args, make);
    }
    let dir = tempfile::tempdir().unwrap();
    let large = dir.path().join("large.json");
    let text = make(ERROR_DENSE_SIZE);
    let document = text.len();
    std::fs::write(&large, text).unwrap();
    let peak = peak_rss_kib(&command(args, &large), None);
    eprintln!("{name}: peak {peak:?} KiB");
    (peak, document)
}

/// `gan ARGS… FILE` on an error-dense document (`{"x":[],…}`): of 1,000 bytes, rejected
/// (exit 1) with what `written` checks of its standard error; then of [`ERROR_DENSE_SIZE`] within the GGN
/// budget (`extra`: the bytes of its other inputs), its time compared first at S/8 and S
/// when `timed` ([`error_dense_peak`]).
fn error_dense_within_the_ggn_budget(
    name: &str,
    args: &[&str],
    extra: usize,
    timed: bool,
    written: impl Fn(&str),
) {
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("error-dense.json");
    std::fs::write(&small, ggn_error_dense(1000, false)).unwrap();
    let output = command(args, &small).output().unwrap();
    assert_eq!(output.status.code(), Some(1), "{name}: {}", output.status);
    written(&String::from_utf8_lossy(&output.stderr));
    let size = small_size().min(GGN_MAX_SMALL);
    let (peak, document) = error_dense_peak(size, name, args, timed, false);
    within_ggn_budget(name, peak, document + extra);
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn ggn_moves_error_dense_rules_within_the_ggn_budget() {
    let dir = tempfile::tempdir().unwrap();
    // Each edition with a board of its own: the 2014 edition's, then a position of the
    // newest (CELL -> QPI token), whose time is that of `ggn validate --edition` (timed by
    // its own test): its memory alone.
    for (edition, board, timed) in [
        ("ggn-2014", r#"{"a1": "GAME:R"}"#, true),
        ("ggn-2025-10", r#"{"a1": "W:R"}"#, false),
    ] {
        let board_path = dir.path().join(format!("board-{edition}.json"));
        std::fs::write(&board_path, board).unwrap();
        // The rules grow (`--rules FILE`, the last argument): three diagnostics every 7
        // bytes, written to standard error as they are found (a text report: a head, a line
        // each).
        let args = [
            "ggn",
            "moves",
            "--edition",
            edition,
            "--board",
            board_path.to_str().unwrap(),
            "--rules",
        ];
        error_dense_within_the_ggn_budget(
            &format!("ggn moves --edition {edition} (error-dense rules)"),
            &args,
            board.len(),
            timed,
            |stderr| {
                let listed = stderr.lines().filter(|line| line.starts_with("  ")).count();
                let head = stderr.lines().next().unwrap_or_default();
                assert!(
                    listed > 300 && head.ends_with(&format!("invalid, {listed} errors")),
                    "ggn moves --edition {edition} wrote {listed} diagnostics under {head:?}"
                );
            },
        );
    }
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn ggn_moves_error_dense_board_within_the_ggn_budget() {
    let dir = tempfile::tempdir().unwrap();
    // The board of the 2014 edition, the position of the newest: `{"x":[],…}` (a duplicate
    // key and a wrong type every 7 bytes, an invalid location too for a position; 285 and
    // more diagnostics in 1,000 bytes), reported
    // as they are found; memory only (the board is read as the rules are).
    for (edition, rules) in [
        (
            "ggn-2014",
            r#"{"GAME:R": {"a1": {"a2": [{"perform": {"a1": null, "a2": "GAME:R"}}]}}}"#,
        ),
        (
            "ggn-2025-10",
            r#"{"W:R": {"a1": {"a2": [{"must": {"a2": "empty"}}]}}}"#,
        ),
    ] {
        let rules_path = dir.path().join(format!("rules-{edition}.json"));
        std::fs::write(&rules_path, rules).unwrap();
        // The board grows (`--board FILE`, the last argument).
        let args = [
            "ggn",
            "moves",
            "--edition",
            edition,
            "--rules",
            rules_path.to_str().unwrap(),
            "--board",
        ];
        error_dense_within_the_ggn_budget(
            &format!("ggn moves --edition {edition} (error-dense board)"),
            &args,
            rules.len(),
            false,
            |stderr| {
                let listed = stderr.lines().filter(|line| line.starts_with("  ")).count();
                let head = stderr.lines().next().unwrap_or_default();
                assert!(
                    listed > 200 && head.ends_with(&format!("invalid, {listed} errors")),
                    "ggn moves --edition {edition} wrote {listed} diagnostics under {head:?}"
                );
            },
        );
    }
}

/// `migrate --ggn --edition ggn-2025-10` from legacy, nothing written (the file is the last
/// argument).
const MIGRATE_GGN_NEWEST: [&str; 9] = [
    "migrate",
    "--from",
    "legacy",
    "--to",
    "qpi-2026-01",
    "--edition",
    "ggn-2025-10",
    "--dry-run",
    "--ggn",
];

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn migrate_ggn_error_dense_within_the_ggn_budget() {
    // Every problem is written as it is found (a line each), then the summary. The newest
    // edition reads its source as the 2014 edition does (the same validation): its memory
    // alone.
    for (name, args, timed) in [
        ("migrate --ggn (error-dense)", &MIGRATE_GGN[..], true),
        (
            "migrate --ggn --edition ggn-2025-10 (error-dense)",
            &MIGRATE_GGN_NEWEST[..],
            false,
        ),
    ] {
        error_dense_within_the_ggn_budget(name, args, 0, timed, |stderr| {
            let problems = stderr
                .lines()
                .filter(|line| line.contains(": error "))
                .count();
            let last = stderr.lines().last().unwrap_or_default();
            assert!(
                problems > 300 && last.contains(&format!("({problems} errors)")),
                "{name} wrote {problems} problems, then {last:?}"
            );
        });
    }
}

/// A valid `ggn-2014` document of about `size` bytes dense in warnings: one `piece`, sources
/// `s1`, `s2`, … (CELL coordinates), each with 16 identical variants `{"perform":{"a2":
/// piece}}` (15 `duplicate-variant` warnings, and 16 `perform-dropped` when migrated to the
/// newest edition).
fn ggn_warning_dense(size: usize, piece: &str) -> Vec<u8> {
    let variant = format!(r#"{{"perform":{{"a2":"{piece}"}}}}"#);
    let variants = vec![variant; 16].join(",");
    let mut out = format!(r#"{{"{piece}":{{"#);
    let mut i = 1;
    while out.len() < size {
        if i > 1 {
            out.push(',');
        }
        let _ = write!(out, r#""s{i}":{{"a2":[{variants}]}}"#);
        i += 1;
    }
    out.push_str("}}");
    out.into_bytes()
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn migrate_ggn_warning_dense_within_the_ggn_budget() {
    // A valid source: the 2014 edition keeps the place of each of its warnings (its target's
    // check does not repeat them); the newest hands on a `perform-dropped` per variant.
    // Memory only, at the largest size the reader takes (a warning's place costs more than
    // the 31 bytes of the document that make it: over the budget at 16 MiB only).
    for (name, args, piece, dropped) in [
        (
            "migrate --ggn (warning-dense)",
            &MIGRATE_GGN[..],
            "GAME:R",
            0,
        ),
        (
            "migrate --ggn --edition ggn-2025-10 (warning-dense)",
            &MIGRATE_GGN_NEWEST[..],
            "CHESS:R",
            16,
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let small = dir.path().join("small.json");
        std::fs::write(&small, ggn_warning_dense(1000, piece)).unwrap();
        let output = command(args, &small).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{name}: {stderr}");
        let sources = ggn_warning_dense(1000, piece)
            .windows(6)
            .filter(|w| w == br#""a2":["#)
            .count();
        let warned = stderr.matches("warning perform-dropped").count();
        assert_eq!(warned, dropped * sources, "{name}: {stderr}");
        let large = dir.path().join("large.json");
        let text = ggn_warning_dense(ERROR_DENSE_SIZE, piece);
        let document = text.len();
        std::fs::write(&large, text).unwrap();
        let peak = peak_rss_kib(&command(args, &large), None);
        eprintln!("{name}: peak {peak:?} KiB");
        within_ggn_budget(name, peak, document);
    }
}

/// A document of the newest edition of about `size` bytes in the engine's shape: one piece,
/// many sources (CELL coordinates), each with a possibility and an LCN condition; every
/// 16th source has an error (a bad LCN value), so that diagnostics are streamed too.
fn ggn_newest(size: usize) -> Vec<u8> {
    let mut out = String::from(r#"{"W:K^": {"#);
    let mut i = 1u64;
    while out.len() < size {
        if i > 1 {
            out.push(',');
        }
        let value = if i.is_multiple_of(16) {
            "W:K^^"
        } else {
            "empty"
        };
        let _ = write!(
            out,
            r#""a{i}": {{"b{i}": [{{"must": {{"c{i}": "{value}"}}}}, {{"deny": {{"d{i}": "enemy"}}}}]}}"#
        );
        i += 1;
    }
    out.push_str("}}");
    out.into_bytes()
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn ggn_validate_newest_edition_within_the_ggn_budget() {
    let size = small_size().min(GGN_MAX_SMALL);
    let newest = ["ggn", "validate", "--edition", "ggn-2025-10"];
    let name = "ggn validate --edition ggn-2025-10";
    let (peak, document) = scales_linearly_from(size, name, &newest, ggn_newest);
    within_ggn_budget(name, peak, document);
    // Error-dense, at the top level: three diagnostics every 7 bytes, held by nothing (one
    // run, memory only: the time of this shape is measured for the 2014 edition).
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("error-dense.json");
    let text = ggn_error_dense(ERROR_DENSE_SIZE, false);
    let document = text.len();
    std::fs::write(&file, text).unwrap();
    let peak = peak_rss_kib(&command(&newest, &file), None);
    eprintln!("ggn validate --edition ggn-2025-10 (error-dense): peak {peak:?} KiB");
    within_ggn_budget(
        "ggn validate --edition ggn-2025-10 (error-dense)",
        peak,
        document,
    );
}

/// The rules of the `ggn moves` test: a rook on `a1` that moves to 16 squares the board
/// does not list (appended to the result board) and captures on `s0` (changed in place).
fn ggn_moves_rules() -> String {
    let mut rules = String::from(r#"{"GAME:R": {"a1": {"#);
    for k in 0..16 {
        let _ = write!(
            rules,
            r#""d{k}": [{{"require": {{"d{k}": "empty"}}, "perform": {{"a1": null, "d{k}": "GAME:R"}}}}],"#
        );
    }
    rules.push_str(
        r#""s0": [{"require": {"s0": "enemy"}, "perform": {"a1": null, "s0": "GAME:R"}}]}}}"#,
    );
    rules
}

/// A board of about `size` bytes: the rook on `a1`, then squares `s0`, `s1`, … one in
/// eight holding an enemy piece, the others listed as `null`.
fn ggn_board(size: usize) -> Vec<u8> {
    let mut out = String::from(r#"{"a1": "GAME:R""#);
    let mut i = 0u64;
    while out.len() < size {
        let piece = if i.is_multiple_of(8) {
            r#""game:p""#
        } else {
            "null"
        };
        let _ = write!(out, r#", "s{i}": {piece}"#);
        i += 1;
    }
    out.push('}');
    out.into_bytes()
}

/// `ggn moves` (2014 edition) holds the model of its whole rules document: valid rules of
/// 8 × the small size, one piece moving on a one-square board, stay within the GGN budget
/// (one run, memory only: the reading is the one `ggn validate` times above).
#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn ggn_moves_on_large_valid_rules_within_the_ggn_budget() {
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("board.json");
    std::fs::write(&board, r#"{"a1": "GA:K"}"#).unwrap();
    let rules = dir.path().join("rules.json");
    let text = ggn_document(8 * small_size().min(GGN_MAX_SMALL));
    let document = text.len();
    std::fs::write(&rules, text).unwrap();
    let args = [
        "ggn",
        "moves",
        "--dialect",
        "legacy",
        "--board",
        board.to_str().unwrap(),
        "--rules",
    ];
    // The first piece's move is found (a run that found nothing would prove nothing).
    let output = command(&args, &rules).output().unwrap();
    assert!(output.status.success(), "ggn moves: {}", output.status);
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("b2"),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let peak = peak_rss_kib(&command(&args, &rules), None);
    eprintln!("ggn moves (large valid rules): peak {peak:?} KiB");
    within_ggn_budget("ggn moves", peak, document);
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn ggn_moves_on_a_large_board_within_the_ggn_budget() {
    let dir = tempfile::tempdir().unwrap();
    let rules_path = dir.path().join("rules.json");
    let rules = ggn_moves_rules();
    std::fs::write(&rules_path, &rules).unwrap();
    let rules_arg = rules_path.to_str().unwrap();
    // 17 moves, each a JSON record with the whole result board: the board is the input
    // that grows. The board file is the last argument (`--board FILE`).
    let args = [
        "ggn",
        "moves",
        "--dialect",
        "legacy",
        "--format",
        "json",
        "--rules",
        rules_arg,
        "--board",
    ];
    // The moves are found and printed (a run that printed nothing would prove nothing).
    let small = dir.path().join("board.json");
    std::fs::write(&small, ggn_board(1000)).unwrap();
    let output = command(&args, &small).output().unwrap();
    assert!(output.status.success(), "ggn moves: {}", output.status);
    assert_eq!(
        output
            .stdout
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .count(),
        17
    );
    let size = small_size().min(GGN_MAX_SMALL);
    let (peak, board) = scales_linearly_from(size, "ggn moves", &args, ggn_board);
    within_ggn_budget("ggn moves", peak, rules.len() + board);
}

/// A valid document of the newest edition of about `size` bytes: [`ggn_newest`]'s shape
/// without its errors.
fn ggn_newest_valid(size: usize) -> Vec<u8> {
    let text = String::from_utf8(ggn_newest(size)).unwrap();
    text.replace("W:K^^", "empty").into_bytes()
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn ggn_moves_newest_edition_within_the_ggn_budget() {
    let dir = tempfile::tempdir().unwrap();
    let board_path = dir.path().join("position.json");
    std::fs::write(&board_path, r#"{"a1": "W:K^", "b1": null, "c1": null}"#).unwrap();
    let board_arg = board_path.to_str().unwrap();
    // The rules grow (the last argument, `--rules FILE`): the model of the whole document
    // is held, the position is small.
    let args = [
        "ggn",
        "moves",
        "--edition",
        "ggn-2025-10",
        "--board",
        board_arg,
        "--rules",
    ];
    // Both possibilities of a1 -> b1 allow the move (c1 empty; d1 off the board, G29).
    let small = dir.path().join("rules.json");
    std::fs::write(&small, ggn_newest_valid(1000)).unwrap();
    let output = command(&args, &small).output().unwrap();
    assert!(output.status.success(), "ggn moves: {}", output.status);
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "W:K^ a1 -> b1 (possibility 0)\nW:K^ a1 -> b1 (possibility 1)\n"
    );
    let size = small_size().min(GGN_MAX_SMALL);
    let name = "ggn moves --edition ggn-2025-10";
    let (peak, document) = scales_linearly_from(size, name, &args, ggn_newest_valid);
    within_ggn_budget(name, peak, document);
}

/// The smallest GAN vector file of the corpus test: below it the program's own size
/// (about 10 MB) would dominate a budget that has no constant term.
const CORPUS_MIN: usize = 24 << 20;

/// A GAN vector file of about `size` bytes of compact JSON: the embedded legacy vectors
/// repeated under new (schema-valid, unique) ids.
fn gan_vector_file(size: usize) -> Vec<u8> {
    let mut file = gan::corpus::embedded()
        .into_iter()
        .find(|file| file.dialect == "legacy")
        .unwrap();
    let originals = std::mem::take(&mut file.vectors);
    let one = serde_json::to_vec(&originals).unwrap().len();
    let mut n = 0u64;
    for _ in 0..size.div_ceil(one) {
        for vector in &originals {
            let mut vector = vector.clone();
            let (head, _) = vector.id.rsplit_once('/').unwrap();
            vector.id = format!("{head}/{n:012x}");
            n += 1;
            file.vectors.push(vector);
        }
    }
    serde_json::to_vec(&file).unwrap()
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn corpus_loading_stays_within_4x_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("gan")).unwrap();
    let file = gan_vector_file((8 * small_size()).max(CORPUS_MIN));
    let size = file.len() as u64;
    std::fs::write(dir.path().join("gan/legacy.json"), file).unwrap();
    let mut list = Command::new(binary());
    list.arg("check")
        .arg("--corpus")
        .arg(dir.path())
        .arg("--list");
    let status = list
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "gan check --list: {status}");
    let budget = (4 * size) >> 10;
    if let Some(peak) = peak_rss_kib(&list, None) {
        eprintln!("check --corpus --list: {size} bytes, peak {peak} KiB (budget {budget} KiB)");
        assert!(peak <= budget, "peak {peak} KiB over 4x the file");
    }
}

/// The shipped vector file `path` (of `conformance/`), its vectors (each as `change` makes
/// it) repeated under new ids to about `size` bytes: (the file, its vector count).
fn repeated_vector_file(
    path: &str,
    size: usize,
    change: impl Fn(&mut serde_json::Value),
) -> (Vec<u8>, u64) {
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("conformance")
        .join(path);
    let mut file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(shipped).unwrap()).unwrap();
    let mut originals = file["vectors"].as_array().unwrap().clone();
    originals.iter_mut().for_each(&change);
    let one = serde_json::to_vec(&originals).unwrap().len();
    let mut vectors = Vec::new();
    for round in 0..size.div_ceil(one) {
        for vector in &originals {
            let mut vector = vector.clone();
            let id = format!("{}-r{round}", vector["id"].as_str().unwrap());
            vector["id"] = id.into();
            vectors.push(vector);
        }
    }
    let count = vectors.len() as u64;
    file["vectors"] = vectors.into();
    (serde_json::to_vec(&file).unwrap(), count)
}

/// `gan check --suite SUITE --corpus DIR --list`: its peak, checked against `budget` KiB.
fn listing_within(suite: &str, dir: &Path, what: &str, budget: u64) {
    let mut list = Command::new(binary());
    list.args(["check", "--suite", suite, "--corpus"])
        .arg(dir)
        .arg("--list")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let status = list.status().unwrap();
    assert!(
        status.success(),
        "gan check --suite {suite} --list: {status}"
    );
    if let Some(peak) = peak_rss_kib(&list, None) {
        eprintln!(
            "check --suite {suite} --corpus --list: {what}, peak {peak} KiB (budget {budget} KiB)"
        );
        assert!(peak <= budget, "{suite}: peak {peak} KiB over {budget} KiB");
    }
}

/// The GGN and migrate suites took a copy of every vector when planning: a GGN corpus of
/// 24 MiB (documents of 4 KiB) peaked at 4.5x its files. Each vector is moved into its case
/// now, as the GAN suite's are: within 4x. A case is about 500 bytes more than its vector,
/// which small vectors show (a migration vector is 300 bytes): the allowance per vector.
#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn suite_corpora_stay_within_4x_the_files() {
    let dir = tempfile::tempdir().unwrap();
    let size = (8 * small_size()).max(CORPUS_MIN);
    std::fs::create_dir(dir.path().join("ggn")).unwrap();
    // Trailing white space keeps each document (and its expected diagnostics) what it was.
    let (validation, _) = repeated_vector_file("ggn/validation.json", size, |vector| {
        if let Some(text) = vector["document_text"].as_str() {
            vector["document_text"] = format!("{text}{}", " ".repeat(4096)).into();
        }
    });
    let evaluation = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/ggn/evaluation.json"),
    )
    .unwrap();
    let ggn = (validation.len() + evaluation.len()) as u64;
    std::fs::write(dir.path().join("ggn/validation.json"), validation).unwrap();
    std::fs::write(dir.path().join("ggn/evaluation.json"), evaluation).unwrap();
    listing_within("ggn", dir.path(), &format!("{ggn} bytes"), (4 * ggn) >> 10);

    let (migrations, vectors) = repeated_vector_file("migrations.json", size, |_| {});
    let bytes = migrations.len() as u64;
    std::fs::write(dir.path().join("migrations.json"), migrations).unwrap();
    listing_within(
        "migrate",
        dir.path(),
        &format!("{bytes} bytes, {vectors} vectors"),
        (4 * bytes + 1024 * vectors) >> 10,
    );
}

/// A `gan check --format json` report of about `size` bytes, in the shape gan writes: a
/// line per vector (unique ids and inputs, one in five failing), no run record or summary
/// (reports of older versions of gan have neither).
fn check_report(size: usize) -> Vec<u8> {
    let mut report = String::with_capacity(size + 512);
    let mut n = 0u64;
    while report.len() < size {
        let failing = n.is_multiple_of(5);
        let got = if failing {
            r#"{"valid":false,"error":{"code":"unexpected-char","offset":1}}"#.to_owned()
        } else {
            format!(r#"{{"valid":true,"actor":{{"side":"first","style":"W{n}","type":"X"}}}}"#)
        };
        let result = if failing { "fail" } else { "pass" };
        let _ = writeln!(
            report,
            r#"{{"id":"legacy/valid/combination/{n:012x}","dialect":"legacy","group":"combination","input":"W{n}:X","result":"{result}","expected":{{"valid":true,"actor":{{"style":"W{n}","type":"X","side":"first"}}}},"got":{got}}}"#
        );
        n += 1;
    }
    report.into_bytes()
}

/// The readers of `gan report`: at most 4x the reports plus 64 MiB (docs/limits.md). Each
/// vector was read into a tree of JSON values, about 12x a large report (1.59 GB for 134 MB).
#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn report_readers_within_4x_the_reports() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.jsonl");
    let report = check_report(16 * small_size());
    let size = report.len() as u64;
    std::fs::write(&path, report).unwrap();
    let path = path.to_str().unwrap();
    for (args, reports) in [
        (&["report", "matrix", path][..], 1usize),
        (&["report", "matrix", "--format", "markdown", path], 1),
        (&["report", "diff", "--format", "json", path, path], 2),
    ] {
        let mut command = Command::new(binary());
        command
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let status = command.status().unwrap();
        assert_eq!(status.code(), Some(0), "gan {args:?}: {status}");
        let budget = (4 * reports as u64 * size + (64 << 20)) >> 10;
        if let Some(peak) = peak_rss_kib(&command, None) {
            eprintln!(
                "gan {:?}: {size} bytes, peak {peak} KiB (budget {budget} KiB)",
                &args[..args.len() - reports]
            );
            assert!(
                peak <= budget,
                "gan {args:?}: peak {peak} KiB over {budget} KiB"
            );
        }
    }
}

/// GGN: at most 4x the document plus 64 MiB (docs/limits.md, "Limits and security").
fn within_ggn_budget(name: &str, peak: Option<u64>, document: usize) {
    let budget = (4 * document as u64 + (64 << 20)) >> 10;
    if let Some(peak) = peak {
        assert!(
            peak <= budget,
            "{name}: peak {peak} KiB over {budget} KiB for a document of {document} bytes"
        );
    }
}

/// The fastest of three runs of each command, interleaved, measured again up to three times
/// when the ratio is over 24 (as [`scales_linearly_from`]): (small, large, ratio).
fn best_ratio(
    small: impl Fn() -> Command,
    large: impl Fn() -> Command,
) -> (Duration, Duration, f64) {
    let time = |mut command: Command| {
        let start = Instant::now();
        let status = command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(
            status.code().is_some_and(|c| c <= 1),
            "{command:?}: {status}"
        );
        start.elapsed()
    };
    let (mut t_small, mut t_large, mut ratio) = (Duration::ZERO, Duration::ZERO, f64::INFINITY);
    for _ in 0..3 {
        (t_small, t_large) = (0..3).fold((Duration::MAX, Duration::MAX), |(s, l), _| {
            (s.min(time(small())), l.min(time(large())))
        });
        ratio = t_large.as_secs_f64() / t_small.as_secs_f64().max(1e-3);
        if ratio <= 24.0 {
            break;
        }
    }
    (t_small, t_large, ratio)
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn parse_text_output_of_a_long_line_within_twice_json() {
    let size = small_size();
    let max_bytes = (16 * size).to_string();
    let mut peaks = Vec::new();
    for format in ["text", "json"] {
        let args = [
            "parse",
            "--dialect",
            "legacy",
            "--max-bytes",
            &max_bytes,
            "--format",
            format,
        ];
        // One invalid line (the colon is missing): its error and offset are printed.
        let (peak, _) =
            scales_linearly_from(size, &format!("parse --format {format}"), &args, |n| {
                let mut line = vec![b'A'; n];
                line.push(b'\n');
                line
            });
        peaks.push(peak);
    }
    if let [Some(text), Some(json)] = peaks[..] {
        assert!(
            text <= 2 * json,
            "text output peaks at {text} KiB, JSON at {json} KiB"
        );
    }
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn skip_file_globs_cost_the_patterns_plus_the_vectors() {
    let dir = tempfile::tempdir().unwrap();
    let legacy = gan::corpus::embedded()
        .into_iter()
        .find(|file| file.dialect == "legacy")
        .unwrap();
    // N vectors and N glob lines, each matching one of them: planning was N x N.
    let make = |count: usize| {
        let corpus = dir.path().join(format!("corpus-{count}"));
        std::fs::create_dir_all(corpus.join("gan")).unwrap();
        let mut file = legacy.clone();
        let originals = std::mem::take(&mut file.vectors);
        let mut skip = String::new();
        for n in 0..count {
            let mut vector = originals[n % originals.len()].clone();
            let (head, _) = vector.id.rsplit_once('/').unwrap();
            vector.id = format!("{head}/{n:012x}");
            let _ = writeln!(skip, "legacy/*/{n:012x}  # glob {n}");
            file.vectors.push(vector);
        }
        std::fs::write(
            corpus.join("gan/legacy.json"),
            serde_json::to_vec(&file).unwrap(),
        )
        .unwrap();
        let skip_path = dir.path().join(format!("skip-{count}.txt"));
        std::fs::write(&skip_path, skip).unwrap();
        move || {
            let mut command = Command::new(binary());
            command
                .args(["check", "--list", "--corpus"])
                .arg(&corpus)
                .arg("--skip-file")
                .arg(&skip_path)
                .stdin(Stdio::null());
            command
        }
    };
    let (small, large) = (make(1250), make(10_000));
    let (t_small, t_large, ratio) = best_ratio(&small, &large);
    eprintln!("check --skip-file (globs): {t_small:?} -> {t_large:?} (x{ratio:.1})");
    assert!(
        ratio <= 24.0,
        "8x the globs and vectors took {ratio:.1}x the time"
    );
}

/// The reference adapter, each reply carrying `padding` bytes of extra members (in the reply
/// and inside its `actor` or `error`).
fn padding_adapter(dir: &Path, padding: usize) -> PathBuf {
    let adapters = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/adapters");
    let path = dir.join(format!("padded-{padding}.py"));
    std::fs::write(
        &path,
        format!(
            r#"import json, sys
sys.path.insert(0, {adapters:?})
import gan_ref
half = "p" * ({padding} // 2)
for line in sys.stdin.buffer:
    reply = json.loads(gan_ref.answer_request(line, True))
    reply["padding"] = half
    (reply.get("actor") or reply.get("error") or {{}})["more"] = half
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
"#,
            adapters = adapters.display().to_string()
        ),
    )
    .unwrap();
    path
}

#[test]
#[ignore = "needs the release binary: .ci/run runs it"]
fn check_keeps_a_bounded_part_of_each_reply() {
    let dir = tempfile::tempdir().unwrap();
    let python = crate::check_corpus::python();
    let vectors = 402;
    // Kept whole, the larger run's replies alone would be 402 x 256 KiB = 100 MiB.
    let small = 32 << 10;
    let run = |padding: usize| {
        let mut command = Command::new(binary());
        command
            .args(["check", "--filter", "qpi/valid", "--format", "json", "--"])
            .arg(python)
            .args(["-S", "-E"])
            .arg(padding_adapter(dir.path(), padding))
            .stdin(Stdio::null());
        command
    };
    let (t_small, t_large, ratio) = best_ratio(|| run(small), || run(8 * small));
    let peak = peak_rss_kib(&run(8 * small), None);
    // The same run with replies of a few bytes: the corpus, the program and the reader's
    // batches, which grow with the notations of the table, not with the replies.
    let base = peak_rss_kib(&run(0), None);
    eprintln!("check (padded replies): {t_small:?} -> {t_large:?} (x{ratio:.1}), peak {peak:?} KiB (tiny replies: {base:?} KiB)");
    assert!(ratio <= 24.0, "8x the replies took {ratio:.1}x the time");
    if let (Some(peak), Some(base)) = (peak, base) {
        // Plus the batch reader's read-ahead (docs/limits.md): 16 batches the judge has not
        // taken, the one it judges and the partial line, each a reply and a 64 KiB read at
        // most. The judge falls behind only under load, which is when a budget without it
        // failed (by 2.3 MB, load 6).
        let read_ahead = (18 * (8 * small as u64 + (64 << 10))) >> 10;
        let budget = base + ((vectors * KEPT_PER_REPLY) >> 10) + read_ahead;
        assert!(peak <= budget, "peak {peak} KiB over {budget} KiB");
    }
}
/// What `gan check` keeps of a reply at most (docs/limits.md: 8 KiB, plus the message and
/// the report's own copy).
const KEPT_PER_REPLY: u64 = 16 << 10;
