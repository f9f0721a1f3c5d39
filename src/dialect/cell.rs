//! Notation `cell`: CELL, a board coordinate (`a1`, `e4B`, `aa10`), one index per dimension.
//!
//! Grammar: `grammar/cell.pest`, from the spec `cell-1.0.0` (docs/specs.md).

use std::fmt;

use super::{token::token, Typed};
use crate::grammar::compile::View;
use crate::model::{ActorFields, Side};

/// A `cell` coordinate: the text as written and the index of each dimension (D22).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    text: String,
    indices: Option<Vec<u64>>,
}

token! {
    name: "cell",
    grammar: cell,
    entry: cell,
}

/// The coordinate of an accepted input, from the fast path's view of it.
pub(crate) fn from_view(view: &View<'_>) -> Actor {
    let text = view.coordinate.unwrap_or_default();
    Actor {
        text: text.to_owned(),
        indices: crate::model::cell_indices(text),
    }
}

impl Actor {
    /// The coordinate, as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The index of each dimension, in order (`a1` → `[0, 0]`, `aa10B` → `[26, 9, 1]`):
    /// `None` where an index exceeds `u64::MAX` (D23).
    pub fn indices(&self) -> Option<&[u64]> {
        self.indices.as_deref()
    }

    /// The number of dimensions: one per run of the coordinate.
    pub fn dimensions(&self) -> usize {
        let bytes = self.text.as_bytes();
        1 + bytes
            .windows(2)
            .filter(|pair| {
                let kind = |byte: u8| (byte.is_ascii_digit(), byte.is_ascii_uppercase());
                kind(pair[0]) != kind(pair[1])
            })
            .count()
    }

    /// Every attribute, under the names of docs/DECISIONS.md §1: `indices`.
    pub fn fields(&self) -> ActorFields {
        ActorFields {
            indices: self.indices.clone(),
            ..ActorFields::NONE
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Typed for Actor {
    fn parse_typed(input: &[u8], limits: crate::Limits) -> Result<Self, crate::ParseError> {
        Actor::parse_with(input, limits)
    }

    fn style_part(&self) -> Option<&str> {
        None
    }

    fn type_part(&self) -> Option<&str> {
        None
    }

    fn side_of(&self) -> Option<Side> {
        None
    }

    fn attributes(&self) -> ActorFields {
        self.fields()
    }

    fn flipped(&self) -> Self {
        self.clone()
    }
}
