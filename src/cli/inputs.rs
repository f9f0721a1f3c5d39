//! Where the inputs come from: the IDs on the command line, or standard input.

use std::ffi::OsString;
use std::io;

use crate::records::{Framing, Record, Records};

use super::args::InputArgs;

/// Calls `each` for every input, in order, until it fails.
pub fn for_each(
    args: &InputArgs,
    mut each: impl FnMut(&Record) -> io::Result<()>,
) -> io::Result<()> {
    // After `--`, `-` is an identifier like any other.
    let from_stdin =
        args.ids.is_empty() || (args.ids.len() == 1 && args.ids[0] == "-" && !args.escaped);
    if !from_stdin {
        for (index, id) in args.ids.iter().enumerate() {
            let bytes = os_bytes(id);
            let len = bytes.len() as u64;
            let mut bytes = bytes;
            bytes.truncate(args.max_bytes);
            each(&Record {
                number: index as u64 + 1,
                bytes,
                len,
            })?;
        }
        return Ok(());
    }
    let framing = if args.null_data {
        Framing::Nul
    } else {
        Framing::Lines
    };
    let stdin = io::stdin().lock();
    for record in Records::new(stdin, framing, args.max_bytes) {
        each(&record?)?;
    }
    Ok(())
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
