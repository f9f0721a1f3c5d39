//! Where the inputs of `gan parse` and `gan detect` come from: the IDs on the command line,
//! the files of `-f`, or standard input.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

use crate::records::{Framing, Record};

use super::args::InputArgs;
use super::files::context;
use super::progress::{Metered, Progress};

/// Whether the inputs are read from a stream (standard input or `-f` files) rather than
/// taken from the command line: `-f`, no IDs, or `-` alone (before `--`; after it, `-` is an
/// identifier like any other).
pub fn streamed(args: &InputArgs) -> bool {
    !args.files.is_empty()
        || args.ids.is_empty()
        || (args.ids.len() == 1 && args.ids[0] == "-" && !args.escaped)
}

/// The framing of the stream.
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

/// The IDs that name an existing file, for the hint to read them with `-f`.
pub fn ids_naming_files(args: &InputArgs) -> Vec<(u64, String)> {
    args.ids
        .iter()
        .enumerate()
        .filter(|(_, id)| Path::new(id).is_file())
        .map(|(index, id)| (index as u64 + 1, id.to_string_lossy().into_owned()))
        .collect()
}

/// The number of threads or processes: `--jobs`, or the number of cores.
pub fn jobs(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(crate::bulk::default_jobs)
}

/// A usage error of the stream's sources: `-` given twice.
pub fn check(args: &InputArgs) -> Result<(), String> {
    if args.files.iter().filter(|path| is_stdin(path)).count() > 1 {
        return Err("standard input ('-') can be read only once".to_owned());
    }
    Ok(())
}

/// The stream of inputs: the `-f` files in order (standard input for `-`), or standard input.
/// Every file is opened now, so that a missing one fails before any output.
pub fn open(args: &InputArgs) -> io::Result<Stream> {
    let mut sources = Vec::new();
    if args.files.is_empty() {
        sources.push(Source::stdin());
    }
    for path in &args.files {
        sources.push(if is_stdin(path) {
            Source::stdin()
        } else {
            Source::file(path)?
        });
    }
    sources.reverse();
    Ok(Stream {
        sources,
        last: None,
        pending: &[],
        framing: framing(args),
    })
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// One file of the stream, or standard input.
struct Source {
    /// `standard input` or the path, for errors.
    name: String,
    reader: Box<dyn Read>,
    /// The size, when it is a regular file.
    size: Option<u64>,
}

impl Source {
    fn stdin() -> Source {
        Source {
            name: "standard input".to_owned(),
            reader: Box::new(super::pipe::stdin()),
            size: size_of("/dev/stdin"),
        }
    }

    fn file(path: &Path) -> io::Result<Source> {
        let file = File::open(path).map_err(|error| context(&error, path))?;
        let size = file
            .metadata()
            .ok()
            .filter(fs::Metadata::is_file)
            .map(|metadata| metadata.len());
        Ok(Source {
            name: path.display().to_string(),
            reader: Box::new(file),
            size,
        })
    }
}

fn size_of(path: &str) -> Option<u64> {
    fs::metadata(path)
        .ok()
        .filter(fs::Metadata::is_file)
        .map(|metadata| metadata.len())
}

/// The sources read one after the other as one stream. A source whose last input has no
/// terminator gets one before the next source begins, so that each file's last line ends
/// with its file (`\r\n` after a last `\r`, so that the `\r` stays in the input). Read errors
/// name their file.
pub struct Stream {
    /// The sources not finished, the current one last.
    sources: Vec<Source>,
    /// The last byte read from the current source.
    last: Option<u8>,
    /// Bytes to hand out before reading on: a terminator between two sources.
    pending: &'static [u8],
    framing: Framing,
}

impl Stream {
    /// The size of the whole stream, when every source is a regular file.
    pub fn size(&self) -> Option<u64> {
        self.sources.iter().map(|source| source.size).sum()
    }
}

impl Read for Stream {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        loop {
            if !self.pending.is_empty() {
                let n = self.pending.len().min(buffer.len());
                buffer[..n].copy_from_slice(&self.pending[..n]);
                self.pending = &self.pending[n..];
                return Ok(n);
            }
            let Some(source) = self.sources.last_mut() else {
                return Ok(0);
            };
            let n = source.reader.read(buffer).map_err(|error| {
                if source.name == "standard input" {
                    // Named already (`pipe::Named`).
                    error
                } else {
                    context(&error, Path::new(&source.name))
                }
            })?;
            if n > 0 {
                self.last = Some(buffer[n - 1]);
                return Ok(n);
            }
            self.sources.pop();
            let last = self.last.take();
            if self.sources.is_empty() {
                return Ok(0);
            }
            self.pending = match (self.framing, last) {
                (_, None) | (Framing::Lines, Some(b'\n')) | (Framing::Nul, Some(b'\0')) => &[],
                (Framing::Lines, Some(b'\r')) => b"\r\n",
                (Framing::Lines, Some(_)) => b"\n",
                (Framing::Nul, Some(_)) => b"\0",
            };
        }
    }
}

/// The reader of `stream`, advancing `progress`.
pub fn metered(stream: Stream, progress: &Progress) -> Metered<Stream> {
    progress.reader(stream)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn stream(parts: &[&'static [u8]], framing: Framing) -> Vec<u8> {
        let mut sources: Vec<Source> = parts
            .iter()
            .map(|bytes| Source {
                name: "part".to_owned(),
                reader: Box::new(*bytes),
                size: Some(bytes.len() as u64),
            })
            .collect();
        sources.reverse();
        let mut stream = Stream {
            sources,
            last: None,
            pending: &[],
            framing,
        };
        assert_eq!(
            stream.size(),
            Some(parts.iter().map(|p| p.len() as u64).sum())
        );
        let mut read = Vec::new();
        // Small reads, so that a terminator is handed out across reads too.
        let mut buffer = [0u8; 1];
        loop {
            let n = stream.read(&mut buffer).unwrap();
            if n == 0 {
                break;
            }
            read.extend_from_slice(&buffer[..n]);
        }
        read
    }

    #[test]
    fn each_source_ends_its_last_input() {
        let lines = Framing::Lines;
        assert_eq!(stream(&[b"a\nb", b"c\n"], lines), b"a\nb\nc\n");
        assert_eq!(stream(&[b"a\n", b"c"], lines), b"a\nc");
        assert_eq!(stream(&[b"", b"a", b"", b"b"], lines), b"a\nb");
        // A last `\r` stays in its input: `\r\r\n` loses one `\r`, as a CRLF line does.
        assert_eq!(stream(&[b"a\r", b"b"], lines), b"a\r\r\nb");
        assert_eq!(stream(&[b"a\r\n", b"b"], lines), b"a\r\nb");
        assert_eq!(stream(&[b"a", b"b"], Framing::Nul), b"a\0b");
        assert_eq!(stream(&[b"a\n", b"b"], Framing::Nul), b"a\n\0b");
    }
}
