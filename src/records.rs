//! Splitting a byte stream into inputs, the way `gan parse`, `gan detect` and `gan migrate`
//! read standard input, with bounded memory.
//!
//! - Lines: each LF-terminated line is one input, minus one CR directly before the LF; a last
//!   line without LF counts; an empty line is an input; nothing else is trimmed.
//! - NUL-separated (`-z`): the same with NUL as the terminator and no CR rule.
//! - An input longer than `max_len` keeps its first `max_len` bytes and its true length, so the
//!   caller reports `too-long` without holding it in memory.
//!
//! Two readers follow these rules: [`Records`], one owned [`Record`] at a time, and
//! [`Blocks`], for bulk work: large reads split with `memchr`, each [`Block`] a run of whole
//! inputs borrowed from one buffer ([`Line`]s, no copy), which can be cut into parts for
//! threads. Memory is bounded by the block size (and `max_len` for one over-long input).

use std::io::{self, BufRead, Read};

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

    /// The same input, borrowed.
    pub fn line(&self) -> Line<'_> {
        Line {
            number: self.number,
            bytes: &self.bytes,
            len: self.len,
        }
    }
}

/// One input, borrowed from the buffer it was read into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// 1-based number of the input in the stream.
    pub number: u64,
    /// The input's bytes (the first `max_len` of them when `len > max_len`).
    pub bytes: &'a [u8],
    /// The input's true length in bytes.
    pub len: u64,
}

impl Line<'_> {
    /// Whether the input was longer than the limit it was read under.
    pub fn is_truncated(&self) -> bool {
        self.len > self.bytes.len() as u64
    }

    /// The same input, owned.
    pub fn to_record(&self) -> Record {
        Record {
            number: self.number,
            bytes: self.bytes.to_vec(),
            len: self.len,
        }
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
    memchr::memchr(needle, haystack)
}

/// [`memchr`] for a needle that is usually near: the first [`NEAR`] bytes are looked at
/// eight at a time here (a call to `memchr` costs more than that for the short inputs of a
/// stream of identifiers), the rest by `memchr`.
#[inline]
fn find_near(needle: u8, haystack: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    let pattern = ONES * u64::from(needle);
    // The high bit of each needle of `chunk` (and maybe of bytes after the first one, where
    // the subtraction borrows): the lowest one is the first needle.
    let needles = |chunk: &[u8; 8]| {
        let word = u64::from_le_bytes(*chunk) ^ pattern;
        word.wrapping_sub(ONES) & !word & HIGHS
    };
    let mut at = 0;
    // The first sixteen bytes as one: the end of a short input is there whatever its length,
    // and one branch, which rarely changes its way, says so (a branch per eight bytes goes one
    // way or the other as the inputs' lengths do, and is mispredicted).
    if let Some((low, high)) = haystack.first_chunk::<16>().map(|first| first.split_at(8)) {
        let low = needles(low.try_into().expect("eight bytes"));
        let high = needles(high.try_into().expect("eight bytes"));
        let both = u128::from(high) << 64 | u128::from(low);
        if both != 0 {
            return Some(both.trailing_zeros() as usize / 8);
        }
        at = 16;
    }
    for chunk in haystack[at..].chunks_exact(8).take((NEAR - at) / 8) {
        let zeros = needles(chunk.try_into().expect("eight bytes"));
        if zeros != 0 {
            return Some(at + zeros.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    memchr(needle, &haystack[at..]).map(|offset| at + offset)
}

/// The bytes [`find_near`] looks at before it calls `memchr`.
const NEAR: usize = 32;

impl Framing {
    fn terminator(self) -> u8 {
        match self {
            Framing::Lines => b'\n',
            Framing::Nul => b'\0',
        }
    }
}

/// The default size of a [`Blocks`] buffer.
pub const BLOCK_SIZE: usize = 1 << 20;

/// A stream read in large blocks of whole inputs.
#[derive(Debug)]
pub struct Blocks<R> {
    reader: R,
    framing: Framing,
    max_len: usize,
    buffer: Vec<u8>,
    /// Bytes of `buffer` holding data.
    filled: usize,
    /// Bytes at the start of `buffer` already handed out.
    consumed: usize,
    /// Inputs handed out so far.
    number: u64,
    eof: bool,
    /// The kept prefix of an input longer than the buffer.
    long: Vec<u8>,
}

/// A run of whole inputs, borrowed from a [`Blocks`] buffer.
#[derive(Debug, Clone, Copy)]
pub struct Block<'a> {
    data: &'a [u8],
    /// The number of the first input, minus one.
    before: u64,
    framing: Framing,
    max_len: usize,
    /// For one input longer than the buffer: its true length (`data` is its kept prefix).
    long: Option<u64>,
}

impl<R: Read> Blocks<R> {
    /// Reads `reader` with `framing` in blocks of about [`BLOCK_SIZE`] bytes, keeping at most
    /// `max_len` bytes of any input.
    pub fn new(reader: R, framing: Framing, max_len: usize) -> Self {
        Blocks::with_capacity(reader, framing, max_len, BLOCK_SIZE)
    }

    /// As [`new`](Self::new), with blocks of at most `capacity` bytes.
    pub fn with_capacity(reader: R, framing: Framing, max_len: usize, capacity: usize) -> Self {
        Blocks {
            reader,
            framing,
            max_len,
            buffer: vec![0; capacity.max(1)],
            filled: 0,
            consumed: 0,
            number: 0,
            eof: false,
            long: Vec::new(),
        }
    }

    /// The next block: every whole input that one read (or a few, until an input is whole)
    /// brought in, or `None` at the end of the stream.
    pub fn next_block(&mut self) -> io::Result<Option<Block<'_>>> {
        let terminator = self.framing.terminator();
        if self.consumed > 0 {
            self.buffer.copy_within(self.consumed..self.filled, 0);
            self.filled -= self.consumed;
            self.consumed = 0;
        }
        let mut searched = 0;
        loop {
            if let Some(at) = memchr::memrchr(terminator, &self.buffer[searched..self.filled]) {
                let end = searched + at + 1;
                return Ok(Some(self.hand_out(end, None)));
            }
            searched = self.filled;
            if self.eof {
                if self.filled == 0 {
                    return Ok(None);
                }
                return Ok(Some(self.hand_out(self.filled, None)));
            }
            if self.filled == self.buffer.len() {
                return self.long_input().map(Some);
            }
            self.read_more()?;
        }
    }

    fn read_more(&mut self) -> io::Result<()> {
        loop {
            match self.reader.read(&mut self.buffer[self.filled..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.filled += n;
                    return Ok(());
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(error),
            }
        }
    }

    /// Hands out `buffer[..end]`, which holds whole inputs.
    fn hand_out(&mut self, end: usize, long: Option<u64>) -> Block<'_> {
        let before = self.number;
        let data = &self.buffer[..end];
        self.number += match long {
            Some(_) => 1,
            None => count_inputs(data, self.framing),
        };
        self.consumed = end;
        Block {
            data,
            before,
            framing: self.framing,
            max_len: self.max_len,
            long,
        }
    }

    /// An input longer than the buffer: its first `max_len + 1` bytes are kept, the rest is
    /// counted and dropped.
    fn long_input(&mut self) -> io::Result<Block<'_>> {
        let terminator = self.framing.terminator();
        let keep = self.max_len.saturating_add(1);
        self.long.clear();
        let mut len: u64 = 0;
        let mut last = None;
        let mut terminated = false;
        loop {
            let chunk = &self.buffer[..self.filled];
            let (part, found) = match memchr(terminator, chunk) {
                Some(at) => (&chunk[..at], true),
                None => (chunk, false),
            };
            let room = keep.saturating_sub(self.long.len());
            self.long.extend_from_slice(&part[..part.len().min(room)]);
            len += part.len() as u64;
            if let Some(&byte) = part.last() {
                last = Some(byte);
            }
            let used = part.len() + usize::from(found);
            self.buffer.copy_within(used..self.filled, 0);
            self.filled -= used;
            if found {
                terminated = true;
                break;
            }
            if self.eof {
                break;
            }
            self.read_more()?;
        }
        if self.framing == Framing::Lines && terminated && last == Some(b'\r') {
            len -= 1;
        }
        self.long
            .truncate(usize::try_from(len).unwrap_or(usize::MAX).min(self.max_len));
        let before = self.number;
        self.number += 1;
        Ok(Block {
            data: &self.long,
            before,
            framing: self.framing,
            max_len: self.max_len,
            long: Some(len),
        })
    }
}

/// The end of the first `inputs` (at least one) inputs of `data` (all of it when it holds
/// fewer): whole chunks have their terminators counted at once, only the last one is gone
/// through input by input.
fn end_of_inputs(data: &[u8], terminator: u8, inputs: usize) -> usize {
    const CHUNK: usize = 1 << 12;
    let (mut start, mut left) = (0, inputs.max(1));
    for chunk in data.chunks(CHUNK) {
        let ends = memchr::memchr_iter(terminator, chunk).count();
        if ends >= left {
            let at = memchr::memchr_iter(terminator, chunk)
                .nth(left - 1)
                .expect("counted");
            return start + at + 1;
        }
        left -= ends;
        start += chunk.len();
    }
    data.len()
}

/// The iterator of [`Block::lines_in_place`].
#[derive(Debug)]
pub(crate) struct InPlace<'a> {
    /// The inputs not yet handed out.
    rest: &'a [u8],
    /// The number of the last input handed out.
    number: u64,
    framing: Framing,
    max_len: usize,
    /// A block's one over-long input.
    single: Option<(Line<'a>, &'a [u8])>,
}

impl<'a> Iterator for InPlace<'a> {
    type Item = (Line<'a>, &'a [u8]);

    // Inlined into the loop over the inputs, which then keeps the iterator and the input in
    // registers: called, it returns them through memory, and writes its own state back,
    // stores that the caller's next atomic operation (the `Arc` of `gan migrate`'s cache)
    // waits for.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        if self.rest.is_empty() {
            return self.single.take();
        }
        let place = self.rest;
        let (mut input, after) = match find_near(self.framing.terminator(), place) {
            Some(at) => (&place[..at], &place[at + 1..]),
            None => (place, &[][..]),
        };
        let terminated = input.len() < place.len();
        self.rest = after;
        if self.framing == Framing::Lines && terminated {
            input = input.strip_suffix(b"\r").unwrap_or(input);
        }
        self.number += 1;
        let line = Line {
            number: self.number,
            bytes: &input[..input.len().min(self.max_len)],
            len: input.len() as u64,
        };
        Some((line, place))
    }
}

/// How many inputs `data` holds: its terminators, plus one for an unterminated tail.
fn count_inputs(data: &[u8], framing: Framing) -> u64 {
    let terminator = framing.terminator();
    let ends = memchr::memchr_iter(terminator, data).count() as u64;
    ends + u64::from(data.last().is_some_and(|&byte| byte != terminator))
}

impl<'a> Block<'a> {
    /// The inputs of the block, in order.
    pub fn lines(&self) -> impl Iterator<Item = Line<'a>> + 'a {
        self.lines_in_place().map(|(line, _)| line)
    }

    /// The inputs of the block, in order, each with the bytes of the block from its start
    /// on (its own, then those of the inputs after it): a writer can copy a short input, or
    /// a piece of it, as a run of a fixed size cut to its length.
    pub(crate) fn lines_in_place(&self) -> InPlace<'a> {
        let Block {
            data,
            before,
            framing,
            max_len,
            long,
        } = *self;
        InPlace {
            rest: if long.is_some() { &[][..] } else { data },
            number: before,
            framing,
            max_len,
            single: long.map(|len| {
                let line = Line {
                    number: before + 1,
                    bytes: data,
                    len,
                };
                (line, data)
            }),
        }
    }

    /// The block's bytes (for one over-long input: its kept prefix).
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// Whether the block holds no byte.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The block cut into consecutive blocks of at most `inputs` inputs each (at least one),
    /// in order: what is made of a block can then be bounded by what is made of one input.
    pub fn rounds(&self, inputs: usize) -> impl Iterator<Item = Block<'a>> + 'a {
        let whole = *self;
        let terminator = self.framing.terminator();
        let inputs = inputs.max(1);
        let (mut rest, mut before) = (self.data, self.before);
        let mut single = self.long.is_some().then_some(whole);
        std::iter::from_fn(move || {
            if single.is_some() {
                return single.take();
            }
            if rest.is_empty() || whole.long.is_some() {
                return None;
            }
            let end = end_of_inputs(rest, terminator, inputs);
            let data = &rest[..end];
            rest = &rest[end..];
            let round = Block {
                data,
                before,
                ..whole
            };
            before += count_inputs(data, whole.framing);
            Some(round)
        })
    }

    /// The block cut into at most `parts` blocks of whole inputs, of about equal size, in
    /// order.
    pub fn split(&self, parts: usize) -> Vec<Block<'a>> {
        if self.long.is_some() || parts <= 1 || self.data.len() < 2 * parts {
            return vec![*self];
        }
        let terminator = self.framing.terminator();
        let mut blocks = Vec::with_capacity(parts);
        let (mut start, mut before) = (0, self.before);
        for part in 1..parts {
            let target = (self.data.len() * part / parts).max(start);
            let Some(at) = memchr(terminator, &self.data[target..]) else {
                break;
            };
            let end = target + at + 1;
            let data = &self.data[start..end];
            blocks.push(Block {
                data,
                before,
                ..*self
            });
            before += count_inputs(data, self.framing);
            start = end;
            if start == self.data.len() {
                break;
            }
        }
        if start < self.data.len() {
            blocks.push(Block {
                data: &self.data[start..],
                before,
                ..*self
            });
        }
        blocks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_input_in_place_starts_its_place_which_runs_to_the_block_end() {
        let input = b"C:K\r\nc:k\n\nshogi:+p\nlast";
        let mut blocks = Blocks::new(&input[..], Framing::Lines, 4);
        let block = blocks.next_block().unwrap().unwrap();
        let mut numbers = Vec::new();
        for (line, place) in block.lines_in_place() {
            // The place runs to the end of the block (the whole lines of the input).
            let start = block.len() - place.len();
            assert!(place.starts_with(line.bytes), "{line:?}");
            assert_eq!(usize::try_from(line.len).unwrap(), {
                let end = input[start..].iter().position(|&b| b == b'\n');
                let raw = end.map_or(&input[start..], |end| &input[start..start + end]);
                raw.strip_suffix(b"\r").unwrap_or(raw).len()
            });
            numbers.push(line.number);
        }
        assert_eq!(numbers, [1, 2, 3, 4]);
        let lines: Vec<Line<'_>> = block.lines().collect();
        let in_place: Vec<Line<'_>> = block.lines_in_place().map(|(line, _)| line).collect();
        assert_eq!(lines, in_place);
    }

    #[test]
    fn end_of_inputs_counts_inputs_across_chunks() {
        // Lines of 1 to 9 bytes, over several chunks.
        let data: Vec<u8> = (0..3000)
            .flat_map(|i| std::iter::repeat_n(b'x', i % 9).chain([b'\n']))
            .collect();
        let ends: Vec<usize> = memchr::memchr_iter(b'\n', &data).map(|at| at + 1).collect();
        for inputs in [1, 2, 455, 456, 457, 1000, 2999, 3000] {
            assert_eq!(
                end_of_inputs(&data, b'\n', inputs),
                ends[inputs - 1],
                "{inputs}"
            );
        }
        for inputs in [3001, 10_000] {
            assert_eq!(end_of_inputs(&data, b'\n', inputs), data.len());
        }
        let unterminated = b"a\nb";
        assert_eq!(end_of_inputs(unterminated, b'\n', 1), 2);
        assert_eq!(end_of_inputs(unterminated, b'\n', 2), 3);
    }

    #[test]
    fn find_near_finds_what_memchr_finds() {
        // Bytes next to the needles in value, and the high ones, where a word-at-a-time
        // search could go wrong.
        let others = [0x0b, 0x09, 0x8a, 0x80, 0x01, 0xff, b'a', 0x00, b'\n'];
        for needle in [b'\n', 0] {
            let fill: Vec<u8> = others.iter().copied().filter(|&b| b != needle).collect();
            for len in 0..(NEAR + 20) {
                for at in 0..=len {
                    let mut haystack: Vec<u8> = (0..len).map(|i| fill[i % fill.len()]).collect();
                    if at < len {
                        haystack[at] = needle;
                        // A second needle after the first.
                        if at + 3 < len {
                            haystack[at + 3] = needle;
                        }
                    }
                    assert_eq!(
                        find_near(needle, &haystack),
                        memchr(needle, &haystack),
                        "{needle} in {haystack:?}"
                    );
                }
            }
        }
    }

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

    /// Every input of `input` through [`Blocks`] with a buffer of `capacity` bytes, each block
    /// also cut in three, and in rounds of one, two and three inputs.
    fn blocks(input: &[u8], framing: Framing, max_len: usize, capacity: usize) -> Vec<Record> {
        let mut reader = Blocks::with_capacity(input, framing, max_len, capacity);
        let mut all = Vec::new();
        while let Some(block) = reader.next_block().unwrap() {
            let whole: Vec<Record> = block.lines().map(|line| line.to_record()).collect();
            let parts: Vec<Record> = block
                .split(3)
                .iter()
                .flat_map(Block::lines)
                .map(|line| line.to_record())
                .collect();
            assert_eq!(parts, whole);
            for inputs in [1, 2, 3] {
                let rounds: Vec<Vec<Record>> = block
                    .rounds(inputs)
                    .map(|round| round.lines().map(|line| line.to_record()).collect())
                    .collect();
                assert!(rounds
                    .iter()
                    .all(|round| (1..=inputs).contains(&round.len())));
                assert_eq!(rounds.concat(), whole, "rounds of {inputs}");
            }
            all.extend(whole);
        }
        all
    }

    #[test]
    fn blocks_split_like_records() {
        let cases: [&[u8]; 9] = [
            b"",
            b"\n",
            b"a\nb",
            b"a\r\nbb\r\r\n\nccc\r",
            b"CHESS:K\r\nchess:k\n\nX",
            b"abcdefghij\nab\r\nabcdefghijklmnopqrstuvwxyz\r\nxyz",
            b"a\0b\nc\0\r\n\0",
            b"\n\n\n\n\n\n\n\n\n\n\n",
            b"0123456789abcdefghijklmnopqrstuvwxyz0123456789",
        ];
        for input in cases {
            for framing in [Framing::Lines, Framing::Nul] {
                for max_len in [1, 3, 8, 100] {
                    let expected: Vec<Record> = Records::new(input, framing, max_len)
                        .map(Result::unwrap)
                        .collect();
                    for capacity in [1, 2, 5, 8, 64] {
                        assert_eq!(
                            blocks(input, framing, max_len, capacity),
                            expected,
                            "{input:?} {framing:?} max {max_len} buffer {capacity}"
                        );
                    }
                }
            }
        }
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
