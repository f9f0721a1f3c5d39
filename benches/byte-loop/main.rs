//! The baseline of `benches/bulk.sh`: a hand-written validator, the fastest honest way to say
//! which lines of a file are valid. Standard input is read in 1 MiB blocks split with
//! `memchr`; each line gets a verdict from a byte loop written for its dialect (`snn-pin` or
//! `legacy`, the first argument); the counts are printed at the end.
//!
//! `cargo run --release -p gan-byte-loop -- snn-pin < FILE`

// A program of its own: the standard streams are its to use (clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let legacy = std::env::args().nth(1).as_deref() == Some("legacy");
    let mut stdin = io::stdin().lock();
    let mut buffer = vec![0u8; 1 << 20];
    let (mut filled, mut valid, mut invalid) = (0usize, 0u64, 0u64);
    loop {
        let n = stdin.read(&mut buffer[filled..])?;
        filled += n;
        let end = if n == 0 {
            filled
        } else {
            match memchr::memrchr(b'\n', &buffer[..filled]) {
                Some(at) => at + 1,
                None if filled < buffer.len() => continue,
                None => filled,
            }
        };
        let mut start = 0;
        for at in memchr::memchr_iter(b'\n', &buffer[..end])
            .chain((end > 0 && buffer[end - 1] != b'\n').then_some(end))
        {
            let line = &buffer[start..at];
            start = at + 1;
            let ok = if legacy {
                legacy_ok(line)
            } else {
                snn_pin_ok(line)
            };
            if ok {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
        buffer.copy_within(end..filled, 0);
        filled -= end;
        if n == 0 {
            break;
        }
    }
    writeln!(io::stdout(), "valid {valid}\ninvalid {invalid}")
}

/// `[A-Z][A-Z0-9]*:[-+]?[A-Z]` or its lowercase form.
fn snn_pin_ok(line: &[u8]) -> bool {
    let Some(&first) = line.first() else {
        return false;
    };
    let upper = first.is_ascii_uppercase();
    if !first.is_ascii_alphabetic() {
        return false;
    }
    let letter = |b: u8| {
        if upper {
            b.is_ascii_uppercase()
        } else {
            b.is_ascii_lowercase()
        }
    };
    let mut i = 1;
    while i < line.len() && (letter(line[i]) || line[i].is_ascii_digit()) {
        i += 1;
    }
    if line.get(i) != Some(&b':') {
        return false;
    }
    i += 1;
    if matches!(line.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    i + 1 == line.len() && letter(line[i])
}

/// `[A-Z]+:[A-Z]+` or its lowercase form.
fn legacy_ok(line: &[u8]) -> bool {
    let Some(&first) = line.first() else {
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
    let Some(colon) = memchr::memchr(b':', line) else {
        return false;
    };
    let (style, piece) = (&line[..colon], &line[colon + 1..]);
    !style.is_empty()
        && !piece.is_empty()
        && style.iter().all(|&b| letter(b))
        && piece.iter().all(|&b| letter(b))
}
