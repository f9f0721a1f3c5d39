//! `gan migrate` throughput: `legacy` lines → `snn-pin`, in two shapes generated here.
//!
//! - realistic: a vocabulary of about 500 distinct identifiers, drawn with a skew (real data
//!   repeats a few pieces far more than others);
//! - adversarial: at least 100,000 distinct identifiers (here about 1.9 million possible),
//!   drawn uniformly, so the cache mostly misses.
//!
//! For each shape it runs the release binary under `/usr/bin/time -v` (for the peak RSS), at a
//! tenth of the lines and at the full count (flat memory: the two peaks should match), and
//! `cat FILE > /dev/null` on the same file in the same run, then prints MB/s and the ratio.
//!
//! `cargo bench --bench migrate` runs 10 million lines per shape (`GAN_BENCH_LINES` overrides);
//! without `--bench` (e.g. `cargo test --benches`) it is a quick smoke run of 20,000 lines.

// Sizes and times are shown as floating-point figures; the casts lose nothing that matters.
#![allow(
    clippy::cast_precision_loss,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]

use std::collections::HashSet;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GAMES: [&str; 6] = ["CHESS", "SHOGI", "XIANGQI", "MAKRUK", "JANGGI", "OGI"];
const WORDS: [&str; 9] = [
    "KING", "QUEEN", "ROOK", "BISHOP", "KNIGHT", "PAWN", "GOLD", "SILVER", "LANCE",
];

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let lines: u64 = std::env::var("GAN_BENCH_LINES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if full { 10_000_000 } else { 20_000 });
    let dir = tempfile::tempdir().expect("a temporary folder");
    println!("gan migrate --from legacy --to snn-pin, {lines} lines per shape");
    println!(
        "{:<12} {:>9} {:>10} {:>9} {:>9} {:>10} {:>11} {:>12} {:>7}",
        "shape",
        "distinct",
        "size MB",
        "gan s",
        "gan MB/s",
        "cat MB/s",
        "gan/cat",
        "RSS 1/10 MB",
        "RSS MB"
    );
    for shape in [Shape::Realistic, Shape::Adversarial] {
        let path = dir.path().join(format!("{shape:?}.txt"));
        let small = dir.path().join(format!("{shape:?}-tenth.txt"));
        let distinct = generate(&path, shape, lines);
        generate(&small, shape, lines / 10);
        let size = std::fs::metadata(&path).unwrap().len();
        let cat = time_cat(&path);
        let (gan, rss) = run_gan(&path, &dir.path().join("out.txt"));
        let (_, rss_tenth) = run_gan(&small, &dir.path().join("out.txt"));
        let mb = size as f64 / 1e6;
        println!(
            "{:<12} {:>9} {:>10.1} {:>9.2} {:>9.1} {:>10.1} {:>11.1} {:>12} {:>7}",
            format!("{shape:?}").to_lowercase(),
            distinct,
            mb,
            gan.as_secs_f64(),
            mb / gan.as_secs_f64(),
            mb / cat.as_secs_f64(),
            gan.as_secs_f64() / cat.as_secs_f64(),
            rss_tenth.map_or("n/a".to_owned(), |kb| format!("{:.1}", kb as f64 / 1024.0)),
            rss.map_or("n/a".to_owned(), |kb| format!("{:.1}", kb as f64 / 1024.0)),
        );
    }
}

#[derive(Debug, Clone, Copy)]
enum Shape {
    Realistic,
    Adversarial,
}

/// Writes `lines` legacy identifiers of `shape` to `path`; returns how many are distinct.
fn generate(path: &Path, shape: Shape, lines: u64) -> usize {
    let mut out = BufWriter::new(File::create(path).unwrap());
    let mut random = Xorshift(0x9E37_79B9_7F4A_7C15);
    let mut seen = HashSet::new();
    let realistic_games: Vec<String> = GAMES
        .iter()
        .map(|game| (*game).to_owned())
        .chain((0..22).map(|i| format!("VARIANT{}", name(i))))
        .collect();
    for _ in 0..lines {
        let line = match shape {
            Shape::Realistic => {
                // About 28 games × 9 words × 2 sides ≈ 500 identifiers, the first ones far
                // more frequent (the square of a uniform draw).
                let skew = |n: usize, r: u64| {
                    let u = (r % 1_000_000) as f64 / 1e6;
                    ((u * u) * n as f64) as usize
                };
                let game = &realistic_games[skew(realistic_games.len(), random.next())];
                let word = WORDS[skew(WORDS.len(), random.next())];
                side(format!("{game}:{word}"), random.next())
            }
            Shape::Adversarial => {
                // 105,000 games × 9 words × 2 sides, uniform.
                let game = name(random.next() % 105_000);
                let word = WORDS[(random.next() % 9) as usize];
                side(format!("G{game}:{word}"), random.next())
            }
        };
        if seen.len() < 2_000_000 {
            seen.insert(line.clone());
        }
        out.write_all(line.as_bytes()).unwrap();
        out.write_all(b"\n").unwrap();
    }
    out.flush().unwrap();
    seen.len()
}

fn side(text: String, random: u64) -> String {
    if random.is_multiple_of(2) {
        text
    } else {
        text.to_ascii_lowercase()
    }
}

/// `n` in base 26 with the letters A–Z.
fn name(mut n: u64) -> String {
    let mut text = String::new();
    loop {
        text.insert(0, char::from(b'A' + (n % 26) as u8));
        n /= 26;
        if n == 0 {
            return text;
        }
    }
}

struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// `cat FILE > /dev/null`, the second of two runs (the first warms the page cache).
fn time_cat(path: &Path) -> Duration {
    let mut elapsed = Duration::ZERO;
    for _ in 0..2 {
        let start = Instant::now();
        let status = Command::new("cat")
            .arg(path)
            .stdout(Stdio::null())
            .status()
            .expect("cat");
        elapsed = start.elapsed();
        assert!(status.success());
    }
    elapsed
}

/// Runs the release binary on `input` (output to a file); returns the wall time and the peak
/// RSS in KiB when `/usr/bin/time -v` is there.
fn run_gan(input: &Path, output: &Path) -> (Duration, Option<u64>) {
    let gan = env!("CARGO_BIN_EXE_gan");
    let args = ["migrate", "--from", "legacy", "--to", "snn-pin"];
    let with_time = Path::new("/usr/bin/time").exists();
    let mut command = if with_time {
        let mut command = Command::new("/usr/bin/time");
        command.arg("-v").arg(gan);
        command
    } else {
        Command::new(gan)
    };
    command.args(args).arg(input).arg("-o").arg(output);
    let start = Instant::now();
    let result = command.output().expect("gan migrate runs");
    let elapsed = start.elapsed();
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(result.status.success(), "gan migrate failed: {stderr}");
    let rss = stderr
        .lines()
        .find_map(|line| {
            line.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|kb| kb.trim().parse().ok());
    (elapsed, rss)
}
