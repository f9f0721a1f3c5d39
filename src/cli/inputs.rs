//! Where the inputs come from: the IDs on the command line, or standard input.

use std::ffi::OsString;

use crate::records::{Framing, Record};

use super::args::InputArgs;

/// Whether the inputs come from standard input: no IDs, or `-` alone (before `--`; after
/// it, `-` is an identifier like any other).
pub fn from_stdin(args: &InputArgs) -> bool {
    args.ids.is_empty() || (args.ids.len() == 1 && args.ids[0] == "-" && !args.escaped)
}

/// The framing of standard input.
pub fn framing(args: &InputArgs) -> Framing {
    if args.null_data {
        Framing::Nul
    } else {
        Framing::Lines
    }
}

/// The IDs of the command line as records (their first `--max-bytes` bytes).
pub fn id_records(args: &InputArgs) -> Vec<Record> {
    args.ids
        .iter()
        .enumerate()
        .map(|(index, id)| {
            let mut bytes = os_bytes(id);
            let len = bytes.len() as u64;
            bytes.truncate(args.max_bytes);
            Record {
                number: index as u64 + 1,
                bytes,
                len,
            }
        })
        .collect()
}

/// The number of threads or processes: `--jobs`, or the number of cores.
pub fn jobs(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(crate::bulk::default_jobs)
}

#[cfg(unix)]
fn os_bytes(id: &OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    id.as_bytes().to_vec()
}

#[cfg(not(unix))]
fn os_bytes(id: &OsString) -> Vec<u8> {
    id.to_string_lossy().into_owned().into_bytes()
}
