//! A duplicate-aware JSON reader.
//!
//! Most JSON parsers keep the last of two equal keys and so change a document's meaning
//! silently (docs/DECISIONS.md G9). [`read`] builds a [`Node`] tree that keeps every object member,
//! duplicates included, in document order, so that validation can report them. It reads
//! bytes: input that is not UTF-8, larger than [`Limits::max_size`] or nested deeper than
//! [`Limits::max_depth`] is a [`ReadError`] of its own kind, never a panic or a stack
//! overflow.

mod error;
mod node;
mod seed;

use std::cell::Cell;

use serde::de::DeserializeSeed;

pub use self::error::{ReadError, ReadErrorKind};
pub use self::node::{Node, NodeKind};
pub use self::seed::Nested;

/// Resource limits of the reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest accepted input, in bytes (default 16 MiB).
    pub max_size: usize,
    /// The deepest accepted nesting of arrays and objects; the top-level object is at depth
    /// 1 (default 64). `serde_json` itself stops at 128 levels, which is then reported as
    /// `too-deep` too.
    pub max_depth: usize,
}

impl Limits {
    /// The default size limit: 16 MiB.
    pub const DEFAULT_MAX_SIZE: usize = 16 * 1024 * 1024;
    /// The default depth limit: 64.
    pub const DEFAULT_MAX_DEPTH: usize = 64;
    /// The deepest limit that means what it says: `serde_json` stops at 128 levels, so a
    /// larger `max_depth` acts as 127.
    pub const MAX_DEPTH_CAP: usize = 127;
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_size: Self::DEFAULT_MAX_SIZE,
            max_depth: Self::DEFAULT_MAX_DEPTH,
        }
    }
}

/// Reads one JSON value from `input`.
///
/// # Errors
///
/// Returns a [`ReadError`] of kind `TooLarge`, `InvalidUtf8` (with the byte offset of the
/// first invalid byte, and its line and column), `TooDeep` or `Syntax` (with `serde_json`'s
/// line and column).
pub fn read(input: &[u8], limits: &Limits) -> Result<Node, ReadError> {
    let text = checked_text(input, limits)?;
    let too_deep = Cell::new(false);
    let seed = seed::NodeSeed {
        depth: 0,
        max_depth: limits.max_depth,
        too_deep: &too_deep,
    };
    let mut deserializer = serde_json::Deserializer::from_str(text);
    seed.deserialize(&mut deserializer)
        .and_then(|node| deserializer.end().map(|()| node))
        .map_err(|e| json_error(&e, too_deep.get(), limits.max_depth))
}

/// Reads one JSON value from `input` as [`read`] does, without ever holding the whole tree
/// when it is an object: each top-level member goes to `each` (key, value) as soon as it
/// is read, in document order, and the function returns `Ok(None)`; any other value is
/// returned whole. On a reading failure, the members already handed over are to be
/// forgotten: the error is the answer, as with [`read`].
///
/// The peak memory is then the input plus the largest member's tree, not the whole tree
/// (the memory budget: GGN within 4× the document plus 64 MiB).
///
/// # Errors
///
/// The same [`ReadError`]s as [`read`].
pub fn read_members(
    input: &[u8],
    limits: &Limits,
    each: impl FnMut(String, Node),
) -> Result<Option<Node>, ReadError> {
    read_nested(input, limits, &mut Members(each))
}

/// The [`Nested`] handler of [`read_members`]: nothing streamed, each member whole.
struct Members<F>(F);

impl<F: FnMut(String, Node)> Nested for Members<F> {
    fn stream(&mut self, _key: &str) -> bool {
        false
    }

    fn whole(&mut self, key: String, value: Node) {
        (self.0)(key, value);
    }

    // Never called: no member is streamed.
    fn begin(&mut self, _key: &str) {}

    fn inner(&mut self, _key: &str, _inner_key: String, _value: Node) {}

    fn end(&mut self, _key: String) {}
}

/// Reads one JSON value from `input` as [`read_members`] does, one level deeper: the value
/// of a top-level member that `handler` wants streamed, when it is an object, is handed
/// over one member at a time ([`Nested::begin`], [`Nested::inner`], [`Nested::end`]); other
/// members go whole to [`Nested::whole`]. The peak memory is then the input plus the
/// largest second-level member's tree (a GGN source square's destinations). As with
/// [`read_members`], on an error what was handed over is to be forgotten.
///
/// # Errors
///
/// The same [`ReadError`]s as [`read`].
pub fn read_nested(
    input: &[u8],
    limits: &Limits,
    handler: &mut impl Nested,
) -> Result<Option<Node>, ReadError> {
    let text = checked_text(input, limits)?;
    let too_deep = Cell::new(false);
    let seed = seed::NestedTopSeed {
        node: seed::NodeSeed {
            depth: 0,
            max_depth: limits.max_depth,
            too_deep: &too_deep,
        },
        handler,
    };
    let mut deserializer = serde_json::Deserializer::from_str(text);
    match seed
        .deserialize(&mut deserializer)
        .and_then(|top| deserializer.end().map(|()| top))
    {
        Ok(seed::Top::Object) => Ok(None),
        Ok(seed::Top::Value(node)) => Ok(Some(node)),
        Err(e) => Err(json_error(&e, too_deep.get(), limits.max_depth)),
    }
}

/// The input as text, within the size limit.
fn checked_text<'a>(input: &'a [u8], limits: &Limits) -> Result<&'a str, ReadError> {
    if input.len() > limits.max_size {
        return Err(ReadError::new(
            ReadErrorKind::TooLarge,
            format!(
                "the input is larger than the limit of {} bytes",
                limits.max_size
            ),
        ));
    }
    std::str::from_utf8(input).map_err(|e| utf8_error(input, e.valid_up_to()))
}

fn utf8_error(input: &[u8], offset: usize) -> ReadError {
    let before = &input[..offset];
    let line = before.split(|&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    ReadError::new(
        ReadErrorKind::InvalidUtf8,
        format!(
            "the input is not UTF-8: invalid byte 0x{:02x} at byte {offset}",
            input[offset]
        ),
    )
    .at(line, offset - line_start + 1)
}

fn json_error(error: &serde_json::Error, too_deep: bool, max_depth: usize) -> ReadError {
    let text = error.to_string();
    let message = text
        .rfind(" at line ")
        .map_or(text.as_str(), |end| &text[..end]);
    let recursion = message == "recursion limit exceeded";
    let (kind, message) = if too_deep || recursion {
        let limit = if recursion {
            Limits::MAX_DEPTH_CAP.min(max_depth)
        } else {
            max_depth
        };
        (
            ReadErrorKind::TooDeep,
            format!("arrays and objects nest deeper than {limit} levels"),
        )
    } else {
        (ReadErrorKind::Syntax, format!("malformed JSON: {message}"))
    };
    // serde_json says column 0 for an error before the line's first character (an empty
    // input); columns are 1-based.
    ReadError::new(kind, message).at(error.line().max(1), error.column().max(1))
}
