//! CELL's actor in the records of `gan parse` and `gan detect`: its `indices` (D22), a list
//! as long as the coordinate has dimensions, which a [`Layout`](super::write::Layout) cannot
//! hold. Read from the coordinate as [`cell_indices`](crate::model::cell_indices) reads it
//! and written as [`ActorFields`](crate::model::ActorFields) writes them, with no allocation.

use super::write::{decimal, Format};
use crate::grammar::compile::{bit, held, Groups};
use crate::model::Dialect;
use crate::notation::Role;

/// Whether `dialect`'s actor is CELL's, written by [`attributes`] rather than a layout.
pub(super) fn is_cell(dialect: Dialect) -> bool {
    held(dialect) & bit(Role::Coordinate) != 0
}

/// The coordinate of the accepted `input` whose `groups` the fast path read.
pub(super) fn coordinate<'a>(input: &'a [u8], groups: &Groups) -> &'a [u8] {
    let (start, end) = groups.span(Role::Coordinate);
    &input[start..end]
}

/// The attributes of the actor of an accepted `coordinate`, as [`ActorFields`]'s text
/// (`indices=4,3`) or JSON (`{"indices":[4,3]}`) writes them; with an index past `u64::MAX`
/// (D23), none: nothing in text, `{}` in JSON. Whether there were indices.
///
/// [`ActorFields`]: crate::model::ActorFields
pub(super) fn attributes(format: Format, coordinate: &[u8], out: &mut Vec<u8>) -> bool {
    let start = out.len();
    out.extend_from_slice(match format {
        Format::Text => b"indices=",
        Format::Json => b"{\"indices\":[",
    });
    let mut at = 0;
    while at < coordinate.len() {
        if at > 0 {
            out.push(b',');
        }
        // A run of digits is worth its decimal value, a run of letters its value in
        // bijective base 26 (digits 1..=26); the index is one less, so the value may reach
        // 2^64.
        let digits = coordinate[at].is_ascii_digit();
        let upper = coordinate[at].is_ascii_uppercase();
        let mut value = 0u128;
        while let Some(&byte) = coordinate.get(at) {
            if byte.is_ascii_digit() != digits || byte.is_ascii_uppercase() != upper {
                break;
            }
            value = if digits {
                value * 10 + u128::from(byte - b'0')
            } else {
                value * 26 + u128::from(byte.to_ascii_lowercase() - b'a') + 1
            };
            if value > u128::from(u64::MAX) + 1 {
                out.truncate(start);
                if format == Format::Json {
                    out.extend_from_slice(b"{}");
                }
                return false;
            }
            at += 1;
        }
        let index = u64::try_from(value - 1).expect("at most u64::MAX");
        decimal(out, index);
    }
    if format == Format::Json {
        out.extend_from_slice(b"]}");
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{cell_indices, ActorFields};

    #[test]
    fn the_indices_are_written_as_actor_fields_write_them() {
        let coordinates = [
            "a",
            "a1",
            "e4",
            "aa10B",
            "file",
            "z26Zz1",
            "a1A",
            "a99999999999ZZZZZZZZZZZZZZZZZZZZb",
            // 2^64 − 1 and 2^64 as integers: the indices u64::MAX − 1 and u64::MAX.
            "a18446744073709551615",
            "a18446744073709551616",
            // Past u64::MAX: no indices.
            "a18446744073709551617",
            "a1000000000000000000000",
            // 26^13 (the letters' value) crosses 2^64 between 13 and 14 letters.
            "zzzzzzzzzzzzz",
            "aaaaaaaaaaaaaa",
            "zzzzzzzzzzzzzz",
            "a1Azzzzzzzzzzzzzzzzzzz",
        ];
        let mut overflows = 0;
        for coordinate in coordinates {
            let indices = cell_indices(coordinate);
            overflows += usize::from(indices.is_none());
            let fields = ActorFields {
                indices,
                ..ActorFields::NONE
            };
            let mut text = Vec::new();
            let wrote = attributes(Format::Text, coordinate.as_bytes(), &mut text);
            assert_eq!(wrote, fields.indices.is_some(), "{coordinate}");
            assert_eq!(text, fields.to_string().into_bytes(), "{coordinate}");
            let mut json = b"[".to_vec();
            attributes(Format::Json, coordinate.as_bytes(), &mut json);
            let expected = format!("[{}", serde_json::to_string(&fields).unwrap());
            assert_eq!(json, expected.into_bytes(), "{coordinate}");
        }
        assert!(overflows >= 3, "the cases past u64::MAX are there");
    }
}
