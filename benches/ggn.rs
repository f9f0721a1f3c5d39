//! `cargo bench --bench ggn`: GGN on a realistic move table, the pseudo-legal moves of every
//! chess piece of both sides from every square of an 8×8 board (built here), against
//! `serde_json::from_str::<serde_json::Value>` of the same text in the same run:
//! - `from_str`: the baseline, plain JSON parsing;
//! - `validate`: `gan::ggn::validate` (duplicate-aware reading, every rule, the model);
//! - `moves`: every possible move on the initial chess position;
//! - `diagnose`: `gan ggn validate`'s two passes (`diagnose_to`: count, then report each
//!   diagnostic as found, none held; the second pass only when there is a diagnostic, so a
//!   valid document is read once) against the one pass that holds every diagnostic
//!   (`diagnose_one_pass`, the shape before streaming), on 1 MiB valid (the chess table
//!   repeated under other styles) and 1 MiB error-dense (`{"x":[],"x":[],…}`).
//!
//! Goals (issue 4): validation under 3× plain parsing; all moves of a position under 1 ms.
//! After criterion's report, a summary prints each time and its ratio to `from_str`
//! (medians of interleaved runs).

#![allow(missing_docs)] // criterion_group! declares undocumented functions.

use std::time::{Duration, Instant};

use criterion::{black_box, criterion_group, Criterion, Throughput};
use gan::ggn::{
    diagnose_one_pass, diagnose_to, validate, Board, Diagnostic, Document, MoveFilter, Options,
    Sink, Summary,
};

const FILES: &[u8; 8] = b"abcdefgh";

fn square(file: i32, rank: i32) -> Option<String> {
    let f = usize::try_from(file).ok().filter(|&f| f < 8)?;
    (0..8)
        .contains(&rank)
        .then(|| format!("{}{}", char::from(FILES[f]), rank + 1))
}

const ROOK: &[(i32, i32)] = &[(0, 1), (0, -1), (1, 0), (-1, 0)];
const BISHOP: &[(i32, i32)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
const QUEEN: &[(i32, i32)] = &[
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT: &[(i32, i32)] = &[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// One variant as JSON: `require` (square, state) pairs and `perform` (square, piece or null).
fn variant(require: &[(String, &str)], perform: &[(String, Option<&str>)]) -> String {
    let require: Vec<String> = require
        .iter()
        .map(|(s, state)| format!(r#""{s}": "{state}""#))
        .collect();
    let perform: Vec<String> = perform
        .iter()
        .map(|(s, piece)| match piece {
            Some(p) => format!(r#""{s}": "{p}""#),
            None => format!(r#""{s}": null"#),
        })
        .collect();
    if require.is_empty() {
        format!(r#"{{"perform": {{{}}}}}"#, perform.join(", "))
    } else {
        format!(
            r#"{{"require": {{{}}}, "perform": {{{}}}}}"#,
            require.join(", "),
            perform.join(", ")
        )
    }
}

/// Destinations of a piece that moves along `steps` (sliding or not): for each, a quiet
/// variant (path and destination empty) and a capture (path empty, destination enemy).
fn stepper(
    piece: &str,
    from: &str,
    f: i32,
    r: i32,
    steps: &[(i32, i32)],
    slides: bool,
) -> Vec<String> {
    let mut destinations = Vec::new();
    for &(df, dr) in steps {
        let mut path: Vec<(String, &str)> = Vec::new();
        let (mut x, mut y) = (f + df, r + dr);
        while let Some(to) = square(x, y) {
            let perform = [(from.to_owned(), None), (to.clone(), Some(piece))];
            let variants: Vec<String> = ["empty", "enemy"]
                .iter()
                .map(|state| {
                    let mut require = path.clone();
                    require.push((to.clone(), state));
                    variant(&require, &perform)
                })
                .collect();
            destinations.push(format!(r#""{to}": [{}]"#, variants.join(", ")));
            if !slides {
                break;
            }
            path.push((to, "empty"));
            x += df;
            y += dr;
        }
    }
    destinations
}

/// A pawn's moves: pushes (one, or two from its second rank), diagonal captures, promotion
/// variants on the last rank, en passant from its fifth rank.
fn pawn(piece: &str, from: &str, f: i32, r: i32, first: bool) -> Vec<String> {
    let (dir, start, last, fifth) = if first { (1, 1, 7, 4) } else { (-1, 6, 0, 3) };
    let promotions: Vec<String> = if first {
        ["CHESS:Q", "CHESS:R", "CHESS:B", "CHESS:N"]
            .map(str::to_owned)
            .to_vec()
    } else {
        ["chess:q", "chess:r", "chess:b", "chess:n"]
            .map(str::to_owned)
            .to_vec()
    };
    let enemy_pawn = if first { "chess:p" } else { "CHESS:P" };
    let outcomes = |to: &str, require: &[(String, &str)]| -> Vec<String> {
        if r + dir == last {
            promotions
                .iter()
                .map(|p| {
                    variant(
                        require,
                        &[(from.to_owned(), None), (to.to_owned(), Some(p))],
                    )
                })
                .collect()
        } else {
            vec![variant(
                require,
                &[(from.to_owned(), None), (to.to_owned(), Some(piece))],
            )]
        }
    };
    let mut destinations = Vec::new();
    if let Some(to) = square(f, r + dir) {
        let require = [(to.clone(), "empty")];
        destinations.push(format!(
            r#""{to}": [{}]"#,
            outcomes(&to, &require).join(", ")
        ));
        if r == start {
            let two = square(f, r + 2 * dir).expect("on the board");
            let require = [(to.clone(), "empty"), (two.clone(), "empty")];
            let v = variant(
                &require,
                &[(from.to_owned(), None), (two.clone(), Some(piece))],
            );
            destinations.push(format!(r#""{two}": [{v}]"#));
        }
    }
    for df in [-1, 1] {
        let Some(to) = square(f + df, r + dir) else {
            continue;
        };
        let mut variants = outcomes(&to, &[(to.clone(), "enemy")]);
        if r == fifth {
            let beside = square(f + df, r).expect("on the board");
            let require = [(beside.clone(), enemy_pawn), (to.clone(), "empty")];
            variants.push(variant(
                &require,
                &[
                    (from.to_owned(), None),
                    (beside, None),
                    (to.clone(), Some(piece)),
                ],
            ));
        }
        destinations.push(format!(r#""{to}": [{}]"#, variants.join(", ")));
    }
    destinations
}

/// The table: K, Q, R, B, N, P of both sides; every square (pawns: ranks 2–7); castling for
/// the kings on their home squares.
fn chess_table() -> String {
    let mut pieces = Vec::new();
    for first in [true, false] {
        for kind in ['K', 'Q', 'R', 'B', 'N', 'P'] {
            let piece = if first {
                format!("CHESS:{kind}")
            } else {
                format!("chess:{}", kind.to_ascii_lowercase())
            };
            let mut sources = Vec::new();
            for r in 0..8 {
                for f in 0..8 {
                    let from = square(f, r).expect("on the board");
                    let mut destinations = match kind {
                        'K' => stepper(&piece, &from, f, r, QUEEN, false),
                        'Q' => stepper(&piece, &from, f, r, QUEEN, true),
                        'R' => stepper(&piece, &from, f, r, ROOK, true),
                        'B' => stepper(&piece, &from, f, r, BISHOP, true),
                        'N' => stepper(&piece, &from, f, r, KNIGHT, false),
                        _ if r == 0 || r == 7 => continue,
                        _ => pawn(&piece, &from, f, r, first),
                    };
                    let home = if first { 0 } else { 7 };
                    if kind == 'K' && f == 4 && r == home {
                        let rook = if first { "CHESS:R" } else { "chess:r" };
                        let at = |file: i32| square(file, home).expect("on the board");
                        let castle = variant(
                            &[(at(5), "empty"), (at(6), "empty"), (at(7), rook)],
                            &[
                                (at(4), None),
                                (at(5), Some(rook)),
                                (at(6), Some(&piece)),
                                (at(7), None),
                            ],
                        );
                        destinations.push(format!(r#""{}": [{castle}]"#, at(6)));
                    }
                    sources.push(format!(r#""{from}": {{{}}}"#, destinations.join(", ")));
                }
            }
            pieces.push(format!(r#""{piece}": {{{}}}"#, sources.join(", ")));
        }
    }
    format!("{{{}}}", pieces.join(", "))
}

const INITIAL: &str = r#"{
  "a1": "CHESS:R", "b1": "CHESS:N", "c1": "CHESS:B", "d1": "CHESS:Q", "e1": "CHESS:K", "f1": "CHESS:B", "g1": "CHESS:N", "h1": "CHESS:R",
  "a2": "CHESS:P", "b2": "CHESS:P", "c2": "CHESS:P", "d2": "CHESS:P", "e2": "CHESS:P", "f2": "CHESS:P", "g2": "CHESS:P", "h2": "CHESS:P",
  "a7": "chess:p", "b7": "chess:p", "c7": "chess:p", "d7": "chess:p", "e7": "chess:p", "f7": "chess:p", "g7": "chess:p", "h7": "chess:p",
  "a8": "chess:r", "b8": "chess:n", "c8": "chess:b", "d8": "chess:q", "e8": "chess:k", "f8": "chess:b", "g8": "chess:n", "h8": "chess:r"
}"#;

struct Fixture {
    text: String,
    document: Document,
    board: Board,
}

fn fixture() -> Fixture {
    let text = chess_table();
    let options = Options::default();
    let validation = validate(text.as_bytes(), &options);
    assert_eq!(validation.diagnostics(), [], "the table is valid and clean");
    let document = validation.document().cloned().expect("valid");
    let board = Board::parse(INITIAL.as_bytes(), &options).expect("the initial position");
    // 16 pawn pushes (8 single, 8 double) and 8 knight moves per side: 40 in all.
    let moves = document.moves(&board, &MoveFilter::default());
    assert_eq!(
        moves.len(),
        40,
        "pseudo-legal moves of the initial position"
    );
    Fixture {
        text,
        document,
        board,
    }
}

fn ggn(c: &mut Criterion) {
    let Fixture {
        text,
        document,
        board,
    } = fixture();
    let options = Options::default();
    let mut group = c.benchmark_group("ggn/chess-table");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("from_str", |b| {
        b.iter(|| serde_json::from_str::<serde_json::Value>(black_box(&text)).unwrap());
    });
    group.bench_function("validate", |b| {
        b.iter(|| validate(black_box(text.as_bytes()), &options));
    });
    group.finish();
    let mut group = c.benchmark_group("ggn/initial-position");
    group.bench_function("moves", |b| {
        b.iter(|| document.moves(black_box(&board), &MoveFilter::default()));
    });
    group.finish();
}

/// Medians of `rounds` interleaved runs of each measurement, printed with their ratios.
fn summary() {
    let Fixture {
        text,
        document,
        board,
    } = fixture();
    let options = Options::default();
    let rounds = 31;
    let (mut parse, mut check, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        let start = Instant::now();
        black_box(serde_json::from_str::<serde_json::Value>(black_box(&text)).unwrap());
        parse.push(start.elapsed());
        let start = Instant::now();
        black_box(validate(black_box(text.as_bytes()), &options));
        check.push(start.elapsed());
        let start = Instant::now();
        black_box(document.moves(black_box(&board), &MoveFilter::default()));
        moves.push(start.elapsed());
    }
    let median = |mut times: Vec<Duration>| {
        times.sort();
        times[times.len() / 2]
    };
    let (parse, check, moves) = (median(parse), median(check), median(moves));
    let ratio = |d: Duration| d.as_secs_f64() / parse.as_secs_f64();
    println!(
        "\nGGN summary (chess table: {} bytes, {} pieces, {} variants; medians of {rounds} runs)",
        text.len(),
        document.pieces().len(),
        document.variant_count()
    );
    println!("  serde_json::from_str::<Value>  {parse:>12.3?}  1.00x");
    println!(
        "  gan::ggn::validate             {check:>12.3?}  {:.2}x   (goal < 3x)",
        ratio(check)
    );
    println!(
        "  moves, initial position (40)   {moves:>12.3?}  {:.3}x   (goal < 1 ms)",
        ratio(moves)
    );
}

/// A sink that counts: `gan ggn validate` writes each diagnostic and keeps none.
#[derive(Default)]
struct Counted(usize);

impl Sink for Counted {
    fn begin(&mut self, _: Summary) {}

    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        black_box(&diagnostic);
        self.0 += 1;
    }
}

/// The chess table under styles `CHESS`, `CHESSA`, `CHESSB`, … until the document reaches
/// 1 MiB: valid, with no diagnostic.
fn valid_mib() -> String {
    let table = chess_table();
    let inner = &table[1..table.len() - 1];
    let mut parts: Vec<String> = Vec::new();
    let mut len = 0;
    let mut i = 0usize;
    while len < 1 << 20 {
        let mut style = String::from("CHESS");
        let mut n = i;
        while n > 0 {
            style.push(char::from(b'A' + u8::try_from((n - 1) % 26).unwrap()));
            n = (n - 1) / 26;
        }
        let part = inner
            .replace("CHESS:", &format!("{style}:"))
            .replace("chess:", &format!("{}:", style.to_ascii_lowercase()));
        len += part.len() + 2;
        parts.push(part);
        i += 1;
    }
    format!("{{{}}}", parts.join(", "))
}

/// `{"x":[],"x":[],…}` of 1 MiB: three diagnostics every 7 bytes.
fn error_dense_mib() -> String {
    let mut out = String::from("{");
    while out.len() < 1 << 20 {
        if out.len() > 1 {
            out.push(',');
        }
        out.push_str(r#""x":[]"#);
    }
    out.push('}');
    out
}

fn two_passes(text: &[u8], options: &Options) -> usize {
    let mut counted = Counted::default();
    diagnose_to(text, options, &mut counted);
    counted.0
}

fn diagnose(c: &mut Criterion) {
    let options = Options::default();
    for (name, text) in [
        ("valid-1mib", valid_mib()),
        ("error-dense-1mib", error_dense_mib()),
    ] {
        assert_eq!(
            two_passes(text.as_bytes(), &options),
            diagnose_one_pass(text.as_bytes(), &options).len()
        );
        let mut group = c.benchmark_group(format!("ggn/diagnose/{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(10);
        group.bench_function("one-pass-held", |b| {
            b.iter(|| diagnose_one_pass(black_box(text.as_bytes()), &options));
        });
        group.bench_function("two-passes-streamed", |b| {
            b.iter(|| two_passes(black_box(text.as_bytes()), &options));
        });
        group.finish();
    }
}

/// Medians of interleaved runs of the two shapes of `diagnose` on each document, with the
/// ratio of the two passes to the one.
fn diagnose_summary() {
    let options = Options::default();
    let rounds = 11;
    println!("\nGGN diagnose: two passes streamed vs one pass held (medians of {rounds} runs)");
    for (name, text) in [
        ("valid, 1 MiB", valid_mib()),
        ("error-dense, 1 MiB", error_dense_mib()),
    ] {
        let (mut one, mut two) = (Vec::new(), Vec::new());
        let mut found = 0;
        for _ in 0..rounds {
            let start = Instant::now();
            found = black_box(diagnose_one_pass(black_box(text.as_bytes()), &options)).len();
            one.push(start.elapsed());
            let start = Instant::now();
            black_box(two_passes(black_box(text.as_bytes()), &options));
            two.push(start.elapsed());
        }
        let median = |mut times: Vec<Duration>| {
            times.sort();
            times[times.len() / 2]
        };
        let (one, two) = (median(one), median(two));
        println!(
            "  {name:<20} {found:>7} diagnostics  one pass {one:>10.3?}  two passes {two:>10.3?}  {:.2}x",
            two.as_secs_f64() / one.as_secs_f64()
        );
    }
}

criterion_group!(benches, ggn, diagnose);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
    diagnose_summary();
}
