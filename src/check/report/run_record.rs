//! The run record: what was run, when, for how long, by which `gan`, on which corpus files.
//! Every report carries it (a header line in JSON Lines, properties in `JUnit`, a header in
//! text and HTML); `gan report diff` and `gan report matrix` read it back.
//!
//! The date and the duration are the only parts that change between two runs of the same
//! command on the same corpus: [`RunRecord::redact`] takes them out, so that a report can be
//! compared byte for byte (snapshot tests, committed reports).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// What was run (the `run` object of the JSON report's first line).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The command under test and its arguments, as given.
    pub command: Vec<String>,
    /// The version of `gan` that ran it.
    pub gan: String,
    /// The corpus the vectors came from.
    pub corpus: CorpusRecord,
    /// When the run started, UTC, RFC 3339 to the second (`2025-06-01T12:00:00Z`); `None`
    /// when redacted.
    pub started: Option<String>,
    /// How long the run took, in seconds (three decimals); `None` when redacted.
    #[serde(rename = "duration_s")]
    pub duration: Option<f64>,
}

/// Where the vectors came from: the files that hold the vectors of the run.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CorpusRecord {
    /// `built-in` (the corpus built into `gan`), or the folder given with `--corpus`.
    pub source: String,
    /// Each file that holds a vector of the run, in corpus order.
    pub files: Vec<CorpusFile>,
}

/// One corpus file: its path relative to the corpus folder, its `format` and its hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CorpusFile {
    /// The path relative to the corpus folder (`gan/snn-pin.json`).
    pub path: String,
    /// Its `format` member, when it has one.
    pub format: Option<u64>,
    /// The SHA-256 of its bytes, in lowercase hex.
    pub sha256: String,
}

/// What [`CorpusRecord::source`] says of the corpus built into `gan`.
pub const BUILT_IN: &str = "built-in";

impl RunRecord {
    /// A run of `command` by this `gan`, started at `started` and lasting `duration`, on no
    /// corpus file yet ([`RunRecord::corpus`] is the caller's to fill).
    pub fn new(command: Vec<String>, started: SystemTime, duration: Duration) -> RunRecord {
        RunRecord {
            command,
            gan: env!("CARGO_PKG_VERSION").to_owned(),
            corpus: CorpusRecord {
                source: BUILT_IN.to_owned(),
                files: Vec::new(),
            },
            started: Some(rfc3339(started)),
            duration: Some(seconds(duration)),
        }
    }

    /// The record without its date and duration, the parts that differ from run to run.
    pub fn redact(&mut self) {
        self.started = None;
        self.duration = None;
    }

    /// The command as one line, each argument quoted when it holds white space, a quote or a
    /// backslash (`python3 'my adapter.py'`).
    pub fn command_line(&self) -> String {
        self.command
            .iter()
            .map(|word| quote(word))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The date and duration in words: `2025-06-01T12:00:00Z, 0.163 s`, or `redacted`.
    pub fn when(&self) -> String {
        match (&self.started, self.duration) {
            (Some(started), Some(duration)) => format!("{started}, {duration:.3} s"),
            (Some(started), None) => started.clone(),
            (None, Some(duration)) => format!("{duration:.3} s"),
            (None, None) => "redacted".to_owned(),
        }
    }
}

impl CorpusFile {
    /// The record of the file at `path` (relative to the corpus folder) whose bytes are `text`:
    /// its hash, and its top-level `format` member when it is a JSON object that has one.
    pub fn of(path: &str, text: &[u8]) -> CorpusFile {
        #[derive(Deserialize)]
        struct Format {
            format: Option<u64>,
        }
        let format = serde_json::from_slice::<Format>(text)
            .ok()
            .and_then(|f| f.format);
        CorpusFile {
            path: path.to_owned(),
            format,
            sha256: hex(&Sha256::digest(text)),
        }
    }

    /// `gan/snn-pin.json (format 2, sha256 1a2b3c4d5e6f)`: the hash cut to 12 digits.
    pub fn describe(&self) -> String {
        let short = &self.sha256[..self.sha256.len().min(12)];
        match self.format {
            Some(format) => format!("{} (format {format}, sha256 {short})", self.path),
            None => format!("{} (sha256 {short})", self.path),
        }
    }
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut out, byte| {
        let _ = write!(out, "{byte:02x}");
        out
    })
}

/// Seconds, rounded to the millisecond.
fn seconds(duration: Duration) -> f64 {
    let millis = u32::try_from(duration.as_millis()).unwrap_or(u32::MAX);
    f64::from(millis) / 1000.0
}

/// `word` as a shell would need it: bare when it holds only safe characters, otherwise in
/// single quotes.
fn quote(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// `time` as UTC, RFC 3339 to the second: `2025-06-01T12:00:00Z`. Times before 1970 read as
/// 1970-01-01T00:00:00Z.
pub fn rfc3339(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(i64::MAX / 2);
    let rest = secs % 86_400;
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The proleptic Gregorian date of `days` since 1970-01-01 (H. Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11]
    let day = doy - (153 * mp + 2) / 5 + 1; // [1, 31]
    let month = if mp < 10 { mp + 3 } else { mp - 9 }; // [1, 12]
    let year = yoe + era * 400 + i64::from(month <= 2);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // in range, above
    (year, month as u32, day as u32)
}
