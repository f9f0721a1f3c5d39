//! `cargo bench --bench parse`: ns per identifier for each dialect, against two baselines
//! measured in the same run: the oracle regex (a full match of either form) and a plain
//! byte-loop validator written for this benchmark. The fast path compiled from the grammar is
//! timed four ways (`fast-verdict`: the dense DFA alone; `fast-view`: the borrowed view;
//! `actor`: the owned `Actor`, what `Dialect::parse` returns; on invalid inputs, the error
//! with its code, offset and message), and pest (`pest`, the reference) beside it.

#![allow(missing_docs)] // criterion_group! declares undocumented functions.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gan::grammar::compile::Compiled;
use gan::oracle::Oracle;
use gan::Dialect;

/// Valid and invalid inputs per dialect (a realistic mix of lengths); `None` for a notation
/// this benchmark does not know.
fn inputs(dialect: Dialect) -> Option<(Vec<&'static str>, Vec<&'static str>)> {
    let valid = match dialect {
        Dialect::Legacy => vec!["CHESS:KING", "shogi:pawn", "XIANGQI:ROOK", "makruk:knight"],
        Dialect::Beta => vec!["C:-K", "s:+b", "DAI_DAI_SHOGI:PH", "taikyoku_shogi:gd"],
        Dialect::Pnn => vec!["CHESS:K", "shogi:+p", "SHOGI:+R'", "makruk:q'"],
        Dialect::SnnPin => vec!["CHESS:K", "shogi:+p", "CHESS960:-P", "xiangqi:r"],
        Dialect::Qpi => vec!["C:K", "s:+p", "X:-G", "m:q"],
        _ => return None,
    };
    let invalid = vec!["CHESS:k", "1ABC", "C:K\n", "CHESS"];
    Some((valid, invalid))
}

/// The byte-loop baseline: hand-written validators, one per dialect, verdict only.
fn byte_loop(dialect: Dialect, input: &[u8]) -> bool {
    let Some(&first) = input.first() else {
        return false;
    };
    let upper = first.is_ascii_uppercase();
    let letter = |b: u8| {
        if upper {
            b.is_ascii_uppercase()
        } else {
            b.is_ascii_lowercase()
        }
    };
    let Some(colon) = input.iter().position(|&b| b == b':') else {
        return false;
    };
    let (style, piece) = (&input[..colon], &input[colon + 1..]);
    let style_ok = match dialect {
        Dialect::Legacy | Dialect::Pnn => style.iter().all(|&b| letter(b)),
        Dialect::Beta => style
            .iter()
            .all(|&b| letter(b) || b.is_ascii_digit() || b == b'_'),
        Dialect::SnnPin => style.iter().all(|&b| letter(b) || b.is_ascii_digit()),
        Dialect::Qpi => style.len() == 1,
        _ => unreachable!("inputs() knows no other notation"),
    };
    if !style_ok || !letter(style[0]) {
        return false;
    }
    match dialect {
        Dialect::Legacy => !piece.is_empty() && piece.iter().all(|&b| letter(b)),
        Dialect::Beta => {
            let piece = piece.strip_prefix(b"+").unwrap_or(piece);
            let piece = piece.strip_prefix(b"-").unwrap_or(piece);
            piece.first().is_some_and(|&b| letter(b))
                && piece
                    .iter()
                    .all(|&b| letter(b) || b.is_ascii_digit() || b == b'_')
        }
        Dialect::Pnn | Dialect::SnnPin | Dialect::Qpi => {
            let piece = match piece.first() {
                Some(b'+' | b'-') => &piece[1..],
                _ => piece,
            };
            let piece = match (dialect, piece.last()) {
                (Dialect::Pnn, Some(b'\'')) => &piece[..piece.len() - 1],
                _ => piece,
            };
            piece.len() == 1 && letter(piece[0])
        }
        _ => unreachable!("inputs() knows no other notation"),
    }
}

fn parse(c: &mut Criterion) {
    for dialect in Dialect::ALL {
        let Some((valid, invalid)) = inputs(dialect) else {
            continue;
        };
        let oracle = Oracle::new(dialect);
        for input in valid.iter().chain(&invalid) {
            let expected = oracle.accepts(input.as_bytes());
            assert_eq!(
                byte_loop(dialect, input.as_bytes()),
                expected,
                "{dialect} {input:?}"
            );
            assert_eq!(
                dialect.parse(input.as_bytes()).is_ok(),
                expected,
                "{dialect} {input:?}"
            );
        }
        let fast = Compiled::builtin(dialect).expect("the shipped grammars compile");
        let mut group = c.benchmark_group(format!("parse/{dialect}"));
        for (kind, set) in [("valid", &valid), ("invalid", &invalid)] {
            group.throughput(Throughput::Elements(set.len() as u64));
            group.bench_with_input(BenchmarkId::new("pest", kind), set, |b, set| {
                b.iter(|| {
                    set.iter()
                        .filter(|i| {
                            dialect
                                .parse_reference(black_box(i.as_bytes()), gan::Limits::NONE)
                                .is_ok()
                        })
                        .count()
                });
            });
            group.bench_with_input(BenchmarkId::new("actor", kind), set, |b, set| {
                b.iter(|| {
                    set.iter()
                        .filter(|i| dialect.parse(black_box(i.as_bytes())).is_ok())
                        .count()
                });
            });
            group.bench_with_input(BenchmarkId::new("fast-verdict", kind), set, |b, set| {
                b.iter(|| {
                    set.iter()
                        .filter(|i| fast.recognize(black_box(i.as_bytes())).is_ok())
                        .count()
                });
            });
            group.bench_with_input(BenchmarkId::new("fast-view", kind), set, |b, set| {
                b.iter(|| {
                    set.iter()
                        .filter(|i| fast.view(black_box(i)).is_ok())
                        .count()
                });
            });
            group.bench_with_input(BenchmarkId::new("regex", kind), set, |b, set| {
                b.iter(|| {
                    set.iter()
                        .filter(|i| oracle.accepts(black_box(i.as_bytes())))
                        .count()
                });
            });
            group.bench_with_input(BenchmarkId::new("byte-loop", kind), set, |b, set| {
                b.iter(|| {
                    set.iter()
                        .filter(|i| byte_loop(dialect, black_box(i.as_bytes())))
                        .count()
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, parse);
criterion_main!(benches);
