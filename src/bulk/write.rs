//! The pieces of the records `gan parse` and `gan detect` write, straight into an output
//! buffer: an actor's attributes after its type from tables made once per run (from the text
//! and JSON of [`ActorFields`] themselves), inputs between quotes, JSON strings and numbers.

use std::fmt;
use std::io::Write as _;

use crate::dialect::Dialect;
use crate::grammar::compile::{bit, held, Groups};
use crate::model::{ActorFields, Side, State};
use crate::notation::Role;
use crate::output;

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Format {
    /// Readable lines.
    Text,
    /// JSON Lines.
    Json,
}

/// How one dialect's actors are written in one format, made once from what [`ActorFields`]
/// writes: the text before the first text attribute (the style, else the type), after the
/// record's own text before the actor; the text between the style and the type when the
/// dialect has both; and, for every value of the attributes after them (side, state,
/// flags), what follows the last text attribute, each followed by the same end.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    head: Piece,
    between: Piece,
    /// The text attributes the dialect has, in the order written.
    texts: Texts,
    /// Whether the dialect has a side (then an input whose uppercase group did not match
    /// is the second player's).
    sided: bool,
    /// The flags' roles ([`Groups::mask`]), so that an actor without any flag (most of
    /// them) skips reading each.
    flags: u32,
    tails: Vec<Piece>,
    /// The most bytes the pieces write ([`Piece::most`]): the head, what is between and the
    /// longest tail.
    most: usize,
}

/// The text attributes of a dialect's actors.
#[derive(Debug, Clone, Copy)]
enum Texts {
    None,
    One(Role),
    /// The style, then the type.
    Both,
}

/// The most bytes of a short [`Piece`].
const SHORT: usize = 64;

/// Bytes known before the run. A short piece is written as all [`SHORT`] bytes of its
/// padded array and then cut to its length: a copy of a fixed size, which the compiler makes
/// in a few moves, where a copy of a length known only at run time is a call to `memcpy`
/// (for the short pieces of a record, a large part of what writing it cost).
#[derive(Debug, Clone)]
enum Piece {
    Short { bytes: [u8; SHORT], len: usize },
    Long(Vec<u8>),
}

impl Piece {
    fn new(bytes: &[u8]) -> Piece {
        if bytes.len() > SHORT {
            return Piece::Long(bytes.to_vec());
        }
        let mut padded = [0; SHORT];
        padded[..bytes.len()].copy_from_slice(bytes);
        Piece::Short {
            bytes: padded,
            len: bytes.len(),
        }
    }

    /// Appends the bytes to `out`.
    // Inlined into the writer of a record, whose cursor then lives in registers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn write(&self, out: &mut impl Sink) {
        match self {
            Piece::Short { bytes, len } => out.padded(bytes, *len),
            Piece::Long(bytes) => out.slice_apart(bytes),
        }
    }

    /// The most bytes [`write`](Self::write) writes before it cuts them.
    fn most(&self) -> usize {
        match self {
            Piece::Short { .. } => SHORT,
            Piece::Long(bytes) => bytes.len(),
        }
    }
}

/// The most bytes [`copy`] copies as a run of a fixed size.
pub(super) const RUN: usize = 32;

/// Appends `place[start..end]`. When `place` holds [`RUN`] bytes from `start` on (an input
/// in place in its block is followed by the next ones), a short span is copied as those
/// `RUN` bytes and cut to its length: a copy of a fixed size, where one of a length known
/// only at run time is a call to `memcpy`. It writes at most `RUN + end - start` bytes.
// Inlined into the writer of a record, whose cursor then lives in registers.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn copy(out: &mut impl Sink, place: &[u8], (start, end): (usize, usize)) {
    match place[start..].first_chunk::<RUN>() {
        Some(run) if end - start <= RUN => out.padded(run, end - start),
        _ => out.slice_apart(&place[start..end]),
    }
}

/// [`Sink::slice`] for a `Vec`, in a function of its own ([`Sink::slice_apart`]).
#[inline(never)]
#[cold]
fn extend_apart(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(bytes);
}

/// [`Sink::slice`] for a [`Cursor`], in a function of its own ([`Sink::slice_apart`]):
/// `bytes` written into `room` at `at`, and the offset after them. It takes the cursor's
/// fields, not the cursor, so that the cursor need not be in memory for it: in registers,
/// its offset is not stored and loaded again around each piece.
#[inline(never)]
#[cold]
fn write_apart(room: &mut [u8], at: usize, bytes: &[u8]) -> usize {
    room[at..][..bytes.len()].copy_from_slice(bytes);
    at + bytes.len()
}

/// Where the pieces of a record go: a `Vec` (each piece a copy, a capacity check and a new
/// length), or a [`Cursor`] into room made ahead (a copy).
pub(super) trait Sink {
    /// Appends the first `len` bytes of `bytes` (at most `N`), maybe by writing all `N` and
    /// cutting the rest, a copy of a fixed size.
    fn padded<const N: usize>(&mut self, bytes: &[u8; N], len: usize);
    /// Appends `bytes`.
    fn slice(&mut self, bytes: &[u8]);
    /// [`Sink::slice`], in a function of its own: where the other branch writes a piece of
    /// a fixed size, the compiler would otherwise make both one `memcpy` of a length chosen
    /// between them, and the fixed-size copy a call.
    fn slice_apart(&mut self, bytes: &[u8]);
}

impl Sink for Vec<u8> {
    #[inline]
    fn padded<const N: usize>(&mut self, bytes: &[u8; N], len: usize) {
        debug_assert!(len <= N);
        let end = self.len() + len;
        self.extend_from_slice(bytes);
        self.truncate(end);
    }

    #[inline]
    fn slice(&mut self, bytes: &[u8]) {
        self.extend_from_slice(bytes);
    }

    #[inline]
    fn slice_apart(&mut self, bytes: &[u8]) {
        extend_apart(self, bytes);
    }
}

/// The room [`Out::record`] makes for a record, written from its start on: what it wrote
/// joins the records when it is dropped.
#[derive(Debug)]
pub(super) struct Cursor<'r> {
    room: &'r mut [u8],
    /// The bytes written.
    at: usize,
    /// The length of the records.
    len: &'r mut usize,
}

impl Drop for Cursor<'_> {
    #[inline]
    fn drop(&mut self) {
        *self.len += self.at;
    }
}

impl Sink for Cursor<'_> {
    // Inlined into the writer of a record, whose cursor then lives in registers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn padded<const N: usize>(&mut self, bytes: &[u8; N], len: usize) {
        debug_assert!(len <= N);
        self.room[self.at..][..N].copy_from_slice(bytes);
        self.at += len;
    }

    // Inlined into the writer of a record, whose cursor then lives in registers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn slice(&mut self, bytes: &[u8]) {
        self.room[self.at..][..bytes.len()].copy_from_slice(bytes);
        self.at += bytes.len();
    }

    #[inline]
    fn slice_apart(&mut self, bytes: &[u8]) {
        self.at = write_apart(self.room, self.at, bytes);
    }
}

/// A worker's records: written at a cursor into room that the buffer holds already past
/// them ([`Out::record`]), so that a piece of a record is a copy into a slice sized once
/// per record, with no capacity check and no length stored per piece; or through a `Vec`
/// ([`Out::with_vec`]).
#[derive(Debug, Default, Clone)]
pub(super) struct Out {
    /// The records, then room (bytes that mean nothing).
    bytes: Vec<u8>,
    /// The length of the records.
    len: usize,
    /// What [`Out::with_vec`] has written, before it is copied to the records.
    scratch: Vec<u8>,
}

/// The room [`Out::record`] makes past a record when it grows the buffer.
const ROOM: usize = 1 << 16;

impl Out {
    /// The records.
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    /// Forgets the records (the room stays).
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }

    /// Room for a record of at most `most` bytes, appended as the returned [`Cursor`] writes
    /// it (a cursor that a function inlined where it is made writes to lives in registers).
    /// Writing more than `most` bytes to it panics.
    // Inlined into the writer of a record, whose cursor then lives in registers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn record(&mut self, most: usize) -> Cursor<'_> {
        let end = self.len + most;
        if self.bytes.len() < end {
            self.grow(end);
        }
        Cursor {
            room: &mut self.bytes[self.len..end],
            at: 0,
            len: &mut self.len,
        }
    }

    /// Makes room up to `end` and [`ROOM`] more, zeroed in place: the buffer's capacity grows
    /// as a `Vec`'s does (its pages kept when it moves), and only the bytes up to the room are
    /// written (a new zeroed buffer per growth would touch every page again, and hold the
    /// old one meanwhile).
    #[cold]
    fn grow(&mut self, end: usize) {
        self.bytes.resize(end + ROOM, 0);
    }

    /// Appends what `write` writes into a `Vec`.
    pub(super) fn with_vec(&mut self, write: impl FnOnce(&mut Vec<u8>)) {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        write(&mut scratch);
        self.record(scratch.len()).slice(&scratch);
        self.scratch = scratch;
    }
}

/// The style and the type written in the fields [`Layout::new`] cuts: words that no
/// attribute name or value holds, and that neither format escapes.
const STYLE_MARK: &str = "@style@";
const TYPE_MARK: &str = "@type@";

/// The number of keys of [`Layout::key`]: a bit for the side, two for the state, a bit per
/// flag.
const KEYS: usize = 1 << 8;

impl Layout {
    /// The layout of `dialect`'s actors in `format`, each after `start` and followed by
    /// `end`.
    pub(super) fn new(dialect: Dialect, format: Format, start: &[u8], end: &[u8]) -> Layout {
        let marks = [STYLE_MARK, TYPE_MARK];
        let (mut head, mut between) = (None, None);
        let tails: Vec<Piece> = (0..KEYS)
            .map(|key| {
                let fields = fields_of_key(dialect, key);
                let written = match format {
                    Format::Text => fields.to_string(),
                    Format::Json => serde_json::to_string(&fields).expect("fields serialize"),
                };
                // Cut at the marks present: [head, between?, tail] or [tail].
                let mut pieces = vec![written.as_str()];
                for mark in marks {
                    let last = *pieces.last().expect("a piece");
                    if let Some((before, after)) = last.split_once(mark) {
                        pieces.pop();
                        pieces.extend([before, after]);
                    }
                }
                let mut pieces = pieces.into_iter();
                let tail = pieces.next_back().expect("a piece");
                let firsts: Vec<Vec<u8>> = pieces.map(|piece| piece.as_bytes().to_vec()).collect();
                let texts = (firsts.first().cloned(), firsts.get(1).cloned());
                // The text attributes come first: what precedes them is the same for every key.
                assert!(head.is_none() || head == texts.0, "{dialect}: one head");
                assert!(
                    between.is_none() || between == texts.1,
                    "{dialect}: one between"
                );
                (head, between) = texts;
                let mut tail = tail.as_bytes().to_vec();
                tail.extend_from_slice(end);
                Piece::new(&tail)
            })
            .collect();
        let mut first = start.to_vec();
        first.extend_from_slice(&head.unwrap_or_default());
        let has = |role: Role| held(dialect) & bit(role) != 0;
        let texts = match (has(Role::Style), has(Role::Type)) {
            (true, true) => Texts::Both,
            (true, false) => Texts::One(Role::Style),
            (false, true) => Texts::One(Role::Type),
            (false, false) => Texts::None,
        };
        let head = Piece::new(&first);
        let between = Piece::new(&between.unwrap_or_default());
        let most = head.most() + between.most() + tails.iter().map(Piece::most).max().unwrap_or(0);
        Layout {
            head,
            between,
            texts,
            sided: has(Role::Uppercase),
            flags: Groups::mask(&FLAGS.map(|(role, _)| role)),
            tails,
            most,
        }
    }

    /// The most bytes [`write`](Self::write) writes for an input of `len` bytes.
    pub(super) fn most(&self, len: usize) -> usize {
        // Two spans of the input, each maybe copied as a run.
        self.most + 2 * (len + RUN)
    }

    /// The start and the actor of an accepted input, whose text attributes are printable
    /// ASCII without `"` or `\\`, from its role `groups`. `place` holds the input from its
    /// first byte on (and maybe bytes after it: see [`copy`]).
    // Inlined into the writer of a record, whose cursor then lives in registers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn write(&self, place: &[u8], groups: &Groups, out: &mut impl Sink) {
        self.head.write(out);
        match self.texts {
            Texts::Both => {
                copy(out, place, groups.span(Role::Style));
                self.between.write(out);
                copy(out, place, groups.span(Role::Type));
            }
            Texts::One(role) => copy(out, place, groups.span(role)),
            Texts::None => {}
        }
        self.tails[self.key(place, groups)].write(out);
    }

    /// The key of the tail of the actor of `input`: the side, the state and the flags, read
    /// from the role groups (a flag is set when its group matched).
    #[inline]
    fn key(&self, input: &[u8], groups: &Groups) -> usize {
        // 0 normal, 1 enhanced, 2 diminished, as `fields_of_key` reads them.
        let state = groups.state_index(input);
        let key = usize::from(self.sided && !groups.matched(Role::Uppercase)) | state << 1;
        if !groups.matched_any(self.flags) {
            return key;
        }
        FLAGS.iter().fold(key, |key, &(role, at)| {
            key | usize::from(groups.matched(role)) << at
        })
    }
}

/// The flags' roles and their bits in [`Layout::key`].
const FLAGS: [(Role, usize); 5] = [
    (Role::Intermediate, 3),
    (Role::Promoted, 4),
    (Role::King, 5),
    (Role::Terminal, 6),
    (Role::Derived, 7),
];

/// The attributes [`Layout::key`] gives as `key`, the style and type as their marks: each
/// attribute present when `dialect` has it, as the fast path's parts have them.
fn fields_of_key(dialect: Dialect, key: usize) -> ActorFields {
    let held = held(dialect);
    let has = |role: Role| held & bit(role) != 0;
    let flag = |role: Role, at: usize| has(role).then_some(key >> at & 1 == 1);
    ActorFields {
        style: has(Role::Style).then(|| STYLE_MARK.to_owned()),
        piece_type: has(Role::Type).then(|| TYPE_MARK.to_owned()),
        side: has(Role::Uppercase).then_some(if key & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }),
        state: has(Role::State).then_some(match key >> 1 & 3 {
            1 => State::Enhanced,
            2 => State::Diminished,
            _ => State::Normal,
        }),
        intermediate: flag(Role::Intermediate, 3),
        promoted: flag(Role::Promoted, 4),
        king: flag(Role::King, 5),
        terminal: flag(Role::Terminal, 6),
        derived: flag(Role::Derived, 7),
        indices: None,
    }
}

/// `word` between the escape sequences of a style (none without colors).
pub(super) fn styled(out: &mut Vec<u8>, (on, off): &(String, String), word: &[u8]) {
    out.extend_from_slice(on.as_bytes());
    out.extend_from_slice(word);
    out.extend_from_slice(off.as_bytes());
}

/// Whether `input` is printable ASCII without `"` or `\`: then text and JSON show it as it
/// is, between quotes.
#[inline]
pub(super) fn is_plain(input: &[u8]) -> bool {
    input
        .iter()
        .all(|&byte| matches!(byte, b' '..=b'~') && byte != b'"' && byte != b'\\')
}

/// The input as [`output::escape`] shows it, without its work for the common case.
pub(crate) fn quoted(out: &mut Vec<u8>, input: &[u8]) {
    if is_plain(input) {
        out.push(b'"');
        out.extend_from_slice(input);
        out.push(b'"');
    } else {
        out.extend_from_slice(output::escape_text(input).as_bytes());
    }
}

/// A JSON string as `serde_json` writes it (`input` is UTF-8 here: lossy text elsewhere goes
/// through serde).
pub(super) fn json_string(out: &mut Vec<u8>, input: &[u8]) {
    out.push(b'"');
    json_escaped(out, input);
    out.push(b'"');
}

/// The inside of a JSON string as `serde_json` writes it: `"`, `\` and control characters
/// escaped, everything else as it is.
fn json_escaped(out: &mut Vec<u8>, input: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut rest = input;
    // The runs between bytes to escape are copied whole.
    while let Some(at) = first_to_escape(rest) {
        out.extend_from_slice(&rest[..at]);
        let byte = rest[at];
        rest = &rest[at + 1..];
        match byte {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0C => out.extend_from_slice(b"\\f"),
            0..=0x1F => {
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(byte >> 4)]);
                out.push(HEX[usize::from(byte & 0xF)]);
            }
            _ => out.push(byte),
        }
    }
    out.extend_from_slice(rest);
}

/// The offset of the first byte of `bytes` that a JSON string escapes (a control character,
/// `"` or `\\`), looked for eight bytes at a time.
#[inline]
fn first_to_escape(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGHS: u64 = ONES << 7;
    // Whether some byte of `word` is below `n` (at most 128), or is zero.
    let below = |word: u64, n: u8| word.wrapping_sub(ONES * u64::from(n)) & !word & HIGHS != 0;
    let zero = |word: u64| below(word, 1);
    let mut clean = 0;
    for chunk in bytes.chunks_exact(8) {
        let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        if below(word, 0x20)
            || zero(word ^ (ONES * u64::from(b'"')))
            || zero(word ^ (ONES * u64::from(b'\\')))
        {
            break;
        }
        clean += 8;
    }
    bytes[clean..]
        .iter()
        .position(|&byte| byte < 0x20 || byte == b'"' || byte == b'\\')
        .map(|at| clean + at)
}

/// `value`'s text (its `Display`) as the inside of a JSON string: written as it is, then
/// escaped from its first byte to escape on (most messages have none), with no `String` in
/// between and no scan per piece of the text.
pub(super) fn json_display(out: &mut Vec<u8>, value: &impl fmt::Display) {
    let start = out.len();
    let _ = write!(out, "{value}");
    if let Some(at) = first_to_escape(&out[start..]) {
        let raw = out.split_off(start + at);
        json_escaped(out, &raw);
    }
}

/// `value` in decimal.
pub(super) fn decimal(out: &mut Vec<u8>, value: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        // The remainder of a division by ten.
        #[allow(clippy::cast_possible_truncation)]
        {
            digits[at] = b'0' + (rest % 10) as u8;
        }
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_write_the_actors_as_actor_fields_write_them() {
        // The style, a `+`, a `-` and the type: the state's group holds either sign.
        let input = b"S+-T";
        for dialect in Dialect::ALL {
            let text = Layout::new(dialect, Format::Text, b"<", b"\n");
            let json = Layout::new(dialect, Format::Json, b"", b"");
            let held = held(dialect);
            for key in 0..KEYS {
                let mut fields = fields_of_key(dialect, key);
                let has = |role: Role| held & bit(role) != 0;
                fields.style = has(Role::Style).then(|| "S".to_owned());
                fields.piece_type = has(Role::Type).then(|| "T".to_owned());
                let mut matches = vec![(Role::Style, (0, 1)), (Role::Type, (3, 4))];
                matches.retain(|&(role, _)| has(role));
                match fields.state {
                    Some(State::Enhanced) => matches.push((Role::State, (1, 2))),
                    Some(State::Diminished) => matches.push((Role::State, (2, 3))),
                    Some(State::Normal) => matches.push((Role::State, (3, 3))),
                    None => {}
                }
                if fields.side == Some(Side::First) {
                    matches.push((Role::Uppercase, (0, 4)));
                }
                for (role, value) in [
                    (Role::Intermediate, fields.intermediate),
                    (Role::Promoted, fields.promoted),
                    (Role::King, fields.king),
                    (Role::Terminal, fields.terminal),
                    (Role::Derived, fields.derived),
                ] {
                    if value == Some(true) {
                        matches.push((role, (4, 4)));
                    }
                }
                let parts = Groups::of(&matches);
                let mut line = Vec::new();
                text.write(input, &parts, &mut line);
                assert_eq!(line, format!("<{fields}\n").into_bytes(), "{dialect} {key}");
                let mut object = Vec::new();
                json.write(input, &parts, &mut object);
                assert_eq!(
                    object,
                    serde_json::to_vec(&fields).unwrap(),
                    "{dialect} {key}"
                );
                // At a cursor, in the room `most` makes: the same bytes.
                for (layout, expected) in [(&text, &line), (&json, &object)] {
                    let mut out = Out::default();
                    layout.write(input, &parts, &mut out.record(layout.most(input.len())));
                    assert_eq!(out.as_slice(), expected, "{dialect} {key}");
                }
            }
        }
    }

    /// Records written at a cursor (pieces of fixed sizes cut to their lengths, slices of
    /// any length, across the first growth of the buffer and past it) and through a `Vec`
    /// are what a `Vec` written with the same pieces holds, and `clear` starts again.
    #[test]
    fn out_holds_what_a_vec_would_hold() {
        let (mut out, mut vec) = (Out::default(), Vec::new());
        let long: Vec<u8> = (0..=255u8).cycle().take(3 * ROOM).collect();
        let run: [u8; RUN] = std::array::from_fn(|i| b'a' + u8::try_from(i % 26).unwrap());
        for round in 0..3 {
            out.clear();
            vec.clear();
            for i in 0..200 {
                let (len, slice) = (i % (RUN + 1), &long[..i * i % long.len()]);
                let mut cursor = out.record(RUN + slice.len() + 1);
                cursor.padded(&run, len);
                cursor.slice(slice);
                drop(cursor);
                vec.padded(&run, len);
                vec.slice(slice);
                if i % 7 == round {
                    out.with_vec(|out| out.extend_from_slice(b"<vec>"));
                    vec.extend_from_slice(b"<vec>");
                }
                // A record that writes nothing.
                out.record(RUN);
            }
            assert_eq!(out.as_slice(), vec, "{round}");
        }
        assert_eq!(out.clone().as_slice(), vec);
        // A first record longer than twice the least room.
        let mut out = Out::default();
        out.record(3 * ROOM).slice(&long);
        assert_eq!(out.as_slice(), long);
    }

    /// `most` makes room for spans longer than a run too.
    #[test]
    fn a_layout_writes_long_spans_in_the_room_most_makes() {
        let input = [vec![b'S'; 3 * RUN], vec![b'T'; 3 * RUN]].concat();
        let parts = Groups::of(&[
            (Role::Style, (0, 3 * RUN)),
            (Role::Type, (3 * RUN, input.len())),
        ]);
        for dialect in Dialect::ALL {
            for format in [Format::Text, Format::Json] {
                let layout = Layout::new(dialect, format, b"<", b">");
                let mut vec = Vec::new();
                layout.write(&input, &parts, &mut vec);
                let mut out = Out::default();
                layout.write(&input, &parts, &mut out.record(layout.most(input.len())));
                assert_eq!(out.as_slice(), vec, "{dialect}");
            }
        }
    }

    #[test]
    #[should_panic(expected = "range end index")]
    fn a_record_longer_than_its_room_panics() {
        let mut out = Out::default();
        out.record(RUN - 1).padded(&[0; RUN], 1);
    }

    #[test]
    fn copy_appends_the_span_whatever_follows_it() {
        let place: Vec<u8> = (0..80u8).collect();
        for len in 0..place.len() {
            let place = &place[..len];
            for start in 0..=len {
                for end in start..=len {
                    let mut out = b"before".to_vec();
                    copy(&mut out, place, (start, end));
                    assert_eq!(&out[..6], b"before");
                    assert_eq!(&out[6..], &place[start..end], "{len} {start} {end}");
                }
            }
        }
    }

    #[test]
    fn a_dialect_without_attributes_writes_no_text_but_the_end() {
        let blank: Vec<Dialect> = Dialect::ALL
            .into_iter()
            .filter(|&dialect| held(dialect) == 0)
            .collect();
        assert_eq!(blank, ["hand".parse::<Dialect>().unwrap()]);
        for dialect in blank {
            let mut line = Vec::new();
            let text = Layout::new(dialect, Format::Text, b"", b"\n");
            text.write(b"*", &Groups::of(&[]), &mut line);
            assert_eq!(line, b"\n", "{dialect}");
        }
    }

    #[test]
    fn json_strings_are_escaped_as_serde_json_escapes_them() {
        // Every byte that matters at every place of a word and of the tail after the words.
        let mut texts = Vec::new();
        for special in [
            "\"", "\\", "\u{0}", "\u{1f}", "\n", "\u{7f}", "é", " ", "~", "!",
        ] {
            for at in 0..20 {
                let mut text: String = "abcdefghijklmnopqrs".chars().take(at).collect();
                text.push_str(special);
                text.push_str("tuvwxyz0123456789");
                texts.push(text);
            }
        }
        for text in texts {
            let mut out = Vec::new();
            json_string(&mut out, text.as_bytes());
            assert_eq!(out, serde_json::to_vec(&text).unwrap(), "{text:?}");
        }
    }

    #[test]
    fn json_display_and_decimal_write_what_serde_json_writes() {
        let message = "unexpected '\\'' at byte 7: a \"quoted\" word\n\t\u{1} é";
        let mut out = Vec::new();
        json_display(&mut out, &message);
        let serde = serde_json::to_string(message).unwrap();
        assert_eq!(out, serde.as_bytes()[1..serde.len() - 1]);
        for value in [0, 7, 10, 99, 12_345, u64::MAX] {
            let mut out = Vec::new();
            decimal(&mut out, value);
            assert_eq!(out, value.to_string().into_bytes());
        }
    }
}
