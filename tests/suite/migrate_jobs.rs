//! `gan migrate -j N`: inputs of several 1 MiB blocks (so each block is split between the
//! threads) give, at `-j 2` and `-j 3`, byte for byte what `-j 1` gives: standard output, `-o`,
//! standard error (diagnostics in order, the `ambiguous-style` grouping, the summary), the
//! `--report` file and the exit status, in text and JSON, with and without `--fail-fast`.

use std::fs;
use std::path::Path;

use crate::util::{gan_command as gan, summary, text};

/// Lines of beta (the source dialect) and what `gan migrate --from beta` makes of them.
const CONVERTED: &[&[u8]] = &[b"C:K", b"M:+R", b"SHOGI:P", b"C:+P", b"C:K\r"];
/// Converted with a warning.
const WARNED: &[&[u8]] = &[b"C:-K", b"DAI_DAI_SHOGI:P"];
/// Converted with an `ambiguous-style` warning (shown once per style, counted always).
const AMBIGUOUS: &[&[u8]] = &[b"X:-K", b"S:K"];
/// Rejected, an over-long line (`--max-bytes 40`) and invalid UTF-8 among them.
const REJECTED: &[&[u8]] = &[
    b"C:Q9",
    b"",
    b"chess:king",
    b"\xffC:K",
    b"C:KKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKK",
];

/// A deterministic generator (xorshift), so a failure replays.
struct Lines(u64);

impl Lines {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, pool: &[&'a [u8]]) -> &'a [u8] {
        pool[usize::try_from(self.next() % pool.len() as u64).unwrap()]
    }

    /// One line: mostly converted ones, a few warned, rarely ambiguous, rejected ones only
    /// when `rejects`.
    fn line(&mut self, rejects: bool) -> &'static [u8] {
        match self.next() % 1000 {
            0..=29 => self.pick(WARNED),
            30..=31 => self.pick(AMBIGUOUS),
            32..=61 if rejects => self.pick(REJECTED),
            _ => self.pick(CONVERTED),
        }
    }
}

/// About `size` bytes of lines (`terminator` after each), rejected lines only after `clean`
/// bytes; the ambiguous styles first appear after the first block.
fn input(seed: u64, size: usize, clean: usize, terminator: u8) -> Vec<u8> {
    let mut lines = Lines(seed);
    let mut out = Vec::with_capacity(size + 64);
    while out.len() < size {
        let mut line = lines.line(out.len() >= clean);
        if out.len() < (1 << 20) + 4096 {
            while AMBIGUOUS.contains(&line) {
                line = lines.line(out.len() >= clean);
            }
        }
        out.extend_from_slice(line);
        out.push(terminator);
    }
    out
}

/// Everything a run shows: exit status, standard output, standard error, `-o` and `--report`.
#[derive(Debug, PartialEq, Eq)]
struct Run {
    status: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    output: Option<Vec<u8>>,
    report: Vec<u8>,
}

fn run(dir: &Path, input: &Path, args: &[&str], jobs: u32, to_file: bool) -> Run {
    let (output, report) = (
        dir.join(format!("out-{jobs}")),
        dir.join(format!("report-{jobs}")),
    );
    let _ = fs::remove_file(&output);
    let mut command = gan();
    command
        .args(["migrate", "--from", "beta", "--max-bytes", "40"])
        .args(args)
        .arg("-j")
        .arg(jobs.to_string())
        .arg("--report")
        .arg(&report)
        .arg(input)
        .env("NO_COLOR", "1");
    if to_file {
        command.arg("-o").arg(&output);
    }
    let result = command.output().unwrap();
    Run {
        status: result.status.code(),
        stdout: result.stdout,
        // The count lines name the report, whose name differs from run to run.
        stderr: String::from_utf8_lossy(&result.stderr)
            .replace(&report.display().to_string(), "REPORT")
            .into_bytes(),
        output: fs::read(&output).ok(),
        report: fs::read(&report).unwrap(),
    }
}

/// Runs `args` at `-j 1`, `-j 2` and `-j 3` on `bytes`; all three must agree. Returns `-j 1`.
fn agree(bytes: &[u8], args: &[&str], to_file: bool) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, bytes).unwrap();
    let one = run(dir.path(), &input, args, 1, to_file);
    for jobs in [2, 3] {
        let many = run(dir.path(), &input, args, jobs, to_file);
        // Compared field by field first, so a failure names what differs.
        assert_eq!(many.status, one.status, "{args:?} -j {jobs}: exit status");
        assert!(many.stdout == one.stdout, "{args:?} -j {jobs}: stdout");
        assert!(many.output == one.output, "{args:?} -j {jobs}: -o");
        assert!(many.report == one.report, "{args:?} -j {jobs}: --report");
        assert_eq!(
            String::from_utf8_lossy(&many.stderr),
            String::from_utf8_lossy(&one.stderr),
            "{args:?} -j {jobs}: stderr"
        );
        assert_eq!(many, one);
    }
    one
}

/// How many times `byte` occurs in `bytes`.
fn count(byte: u8, bytes: &[u8]) -> u64 {
    memchr::memchr_iter(byte, bytes).count() as u64
}

/// The `gan migrate: line N:` numbers on standard error, in order.
fn diagnostic_lines(stderr: &[u8]) -> Vec<u64> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter_map(|line| line.strip_prefix("gan migrate: line "))
        .map(|rest| rest.split(':').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn migrate_jobs_match_one_thread_over_several_blocks() {
    let bytes = input(0x9e37_79b9_7f4a_7c15, (5 << 20) / 2, 0, b'\n');
    let lines = count(b'\n', &bytes);
    // Every diagnostic on standard error (not the first 10 of each code), to see them
    // reach the end of the input in order.
    let all = ["--max-diagnostics", "100000000"];
    for (args, to_file) in [
        (&all[..], false),
        (&[all[0], all[1], "--format", "json"][..], true),
        (&["--keep-alignment", "--quiet"][..], true),
    ] {
        let one = agree(&bytes, args, to_file);
        assert_eq!(one.status, Some(1), "{args:?}: rejected lines");
        if args.contains(&"--quiet") {
            // Nothing on standard error: no diagnostics, no summary.
            assert_eq!(text(&one.stderr), "", "{args:?}");
            continue;
        }
        let summary = summary(&one.stderr);
        assert!(
            summary.starts_with(&format!("gan migrate: {lines} read, ")),
            "{args:?}: every line counted: {summary}"
        );
        assert!(
            summary.contains("ambiguous-style X ×") && summary.contains("ambiguous-style S ×"),
            "{args:?}: {summary}"
        );
        let numbers = diagnostic_lines(&one.stderr);
        assert!(
            numbers.windows(2).all(|pair| pair[0] <= pair[1]),
            "{args:?}: in order"
        );
        assert!(
            numbers.last() > Some(&(lines * 9 / 10)),
            "{args:?}: to the end"
        );
    }
}

#[test]
fn migrate_jobs_fail_fast_stops_where_one_thread_does() {
    // No rejected line in the first block and a half: the first one falls in the second block.
    let clean = (3 << 20) / 2;
    let bytes = input(0x2545_f491_4f6c_dd1d, (5 << 20) / 2, clean, b'\n');
    let first = 1 + count(b'\n', &bytes[..clean]);
    for (args, to_file) in [
        (&["--fail-fast"][..], false),
        (&["--fail-fast", "--format", "json"][..], false),
        (&["--fail-fast"][..], true),
    ] {
        let one = agree(&bytes, args, to_file);
        assert_eq!(one.status, Some(1), "{args:?}");
        let summary = summary(&one.stderr);
        let stopped = summary
            .split("; stopped at line ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|number| number.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("{args:?}: stopped: {summary}"));
        assert!(stopped >= first, "{args:?}: {stopped} < {first}");
        assert!(
            summary.starts_with(&format!("gan migrate: {stopped} read, ")),
            "{args:?}: read up to the stop: {summary}"
        );
        assert_eq!(diagnostic_lines(&one.stderr).last(), Some(&stopped));
        assert_eq!(one.output, None, "{args:?}: -o left untouched");
    }
}

#[test]
fn migrate_jobs_nul_separated_records() {
    let bytes = input(0xdead_beef_cafe_f00d, (3 << 20) / 2, 0, b'\0');
    let one = agree(&bytes, &["-z", "--keep-alignment"], false);
    let records = count(0, &bytes);
    assert_eq!(
        count(0, &one.stdout),
        records,
        "one output record per input record"
    );
}

#[test]
fn migrate_jobs_out_of_range_is_a_usage_error() {
    for jobs in ["0", "257", "x"] {
        let run = gan()
            .args(["migrate", "--from", "beta", "-j", jobs])
            .write_stdin("C:K\n")
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "-j {jobs}");
        assert!(run.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            stderr.contains("give a number of threads from 1 to 256"),
            "-j {jobs}: {stderr}"
        );
    }
    let run = gan()
        .args(["migrate", "--from", "beta", "-j", "256"])
        .write_stdin("C:K\n")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    assert_eq!(run.stdout, b"CHESS:K\n");
}
