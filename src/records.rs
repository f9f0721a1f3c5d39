//! Splitting a byte stream into inputs, the way `gan parse`, `gan detect` and `gan migrate`
//! read standard input, with bounded memory.
//!
//! - Lines: each LF-terminated line is one input, minus one CR directly before the LF; a last
//!   line without LF counts; an empty line is an input; nothing else is trimmed.
//! - NUL-separated (`-z`): the same with NUL as the terminator and no CR rule.
//! - An input longer than `max_len` keeps its first `max_len` bytes and its true length, so the
//!   caller reports `too-long` without holding it in memory.

use std::io::{self, BufRead};

/// How inputs are terminated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// LF-terminated lines; one CR before the LF is dropped.
    Lines,
    /// NUL-terminated records; nothing is dropped.
    Nul,
}

/// One input read from a stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// 1-based number of the input in the stream.
    pub number: u64,
    /// The input's bytes (the first `max_len` of them when `len > max_len`).
    pub bytes: Vec<u8>,
    /// The input's true length in bytes.
    pub len: u64,
}

impl Record {
    /// Whether the input was longer than the limit it was read under.
    pub fn is_truncated(&self) -> bool {
        self.len > self.bytes.len() as u64
    }
}

/// An iterator over the inputs of a stream.
#[derive(Debug)]
pub struct Records<R> {
    reader: R,
    framing: Framing,
    max_len: usize,
    number: u64,
    finished: bool,
}

impl<R: BufRead> Records<R> {
    /// Reads `reader` with `framing`, keeping at most `max_len` bytes of any input.
    pub fn new(reader: R, framing: Framing, max_len: usize) -> Self {
        Records {
            reader,
            framing,
            max_len,
            number: 0,
            finished: false,
        }
    }

    fn read_one(&mut self) -> io::Result<Option<Record>> {
        let terminator = match self.framing {
            Framing::Lines => b'\n',
            Framing::Nul => b'\0',
        };
        // One byte past the limit is kept so that a CR directly before the LF can be dropped
        // without ever holding more than `max_len + 1` bytes.
        let keep = self.max_len.saturating_add(1);
        let mut bytes = Vec::new();
        let mut len: u64 = 0;
        let mut last = None;
        let mut terminated = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                break;
            }
            let (chunk, found) = match memchr(terminator, buffer) {
                Some(at) => (&buffer[..at], true),
                None => (buffer, false),
            };
            let room = keep.saturating_sub(bytes.len());
            bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            len += chunk.len() as u64;
            if let Some(&byte) = chunk.last() {
                last = Some(byte);
            }
            let used = chunk.len() + usize::from(found);
            self.reader.consume(used);
            if found {
                terminated = true;
                break;
            }
        }
        if !terminated && len == 0 {
            self.finished = true;
            return Ok(None);
        }
        if self.framing == Framing::Lines && terminated && last == Some(b'\r') {
            len -= 1;
        }
        bytes.truncate(usize::try_from(len).unwrap_or(usize::MAX).min(self.max_len));
        self.number += 1;
        Ok(Some(Record {
            number: self.number,
            bytes,
            len,
        }))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let result = self.read_one();
        if result.is_err() {
            self.finished = true;
        }
        result.transpose()
    }
}

fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&byte| byte == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(input: &[u8], framing: Framing, max_len: usize) -> Vec<(Vec<u8>, u64)> {
        Records::new(input, framing, max_len)
            .map(|record| record.map(|r| (r.bytes, r.len)).unwrap())
            .collect()
    }

    fn lines(input: &[u8]) -> Vec<Vec<u8>> {
        split(input, Framing::Lines, 1 << 20)
            .into_iter()
            .map(|(b, _)| b)
            .collect()
    }

    #[test]
    fn line_rules() {
        assert_eq!(lines(b""), Vec::<Vec<u8>>::new());
        assert_eq!(lines(b"\n"), vec![b"".to_vec()]);
        assert_eq!(lines(b"a\nb"), vec![b"a".to_vec(), b"b".to_vec()]);
        assert_eq!(lines(b"a\r\n"), vec![b"a".to_vec()]);
        assert_eq!(lines(b"a\r\r\n"), vec![b"a\r".to_vec()]);
        assert_eq!(lines(b"a\r"), vec![b"a\r".to_vec()]);
        assert_eq!(lines(b" a\t\n\n"), vec![b" a\t".to_vec(), b"".to_vec()]);
        assert_eq!(lines(b"\r\n\r\n"), vec![b"".to_vec(), b"".to_vec()]);
    }

    #[test]
    fn nul_rules() {
        let records = split(b"a\nb\0\r\n\0", Framing::Nul, 100);
        assert_eq!(records, vec![(b"a\nb".to_vec(), 3), (b"\r\n".to_vec(), 2)]);
        assert_eq!(split(b"x", Framing::Nul, 100), vec![(b"x".to_vec(), 1)]);
    }

    #[test]
    fn long_inputs_keep_their_prefix_and_length() {
        assert_eq!(
            split(b"abcdef\nab\r\nabc\r\n", Framing::Lines, 3),
            vec![
                (b"abc".to_vec(), 6),
                (b"ab".to_vec(), 2),
                (b"abc".to_vec(), 3)
            ]
        );
        assert_eq!(
            split(b"abcd\r\n", Framing::Lines, 3),
            vec![(b"abc".to_vec(), 4)]
        );
    }

    #[test]
    fn small_reads_split_alike() {
        let data = b"CHESS:K\r\nchess:k\n\nX";
        let reader = io::BufReader::with_capacity(1, &data[..]);
        let records: Vec<Vec<u8>> = Records::new(reader, Framing::Lines, 64)
            .map(|r| r.unwrap().bytes)
            .collect();
        assert_eq!(records, lines(data));
    }
}
