//! Notation `sin-2025-07`: SIN, one letter (`C`, `s`).
//!
//! Grammar: `grammar/sin-2025-07.pest`, from the spec `sin-1.0.0` (docs/specs.md).

use std::fmt;

use super::{token::token, Typed};
use crate::grammar::compile::View;
use crate::model::{ActorFields, Side};

/// A `sin-2025-07` token: one letter, the style, whose case is the side.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
}

token! {
    name: "sin-2025-07",
    grammar: sin_2025_07,
    entry: sin,
}

/// The actor of an accepted input, from the fast path's view of it.
pub(crate) fn from_view(view: &View<'_>) -> Actor {
    Actor {
        style: view.style_text().to_owned(),
        side: view.side_or_first(),
    }
}

impl Actor {
    /// The style letter, as written.
    pub fn style(&self) -> &str {
        &self.style
    }

    /// The side, told by the case of the letter.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Same style, whatever the side (SIN: the letter's identity is case-insensitive).
    pub fn same_style(&self, other: &Self) -> bool {
        self.style.eq_ignore_ascii_case(&other.style)
    }

    /// The same style for the other side: the letter re-cased.
    #[must_use]
    pub fn flip(&self) -> Self {
        Actor {
            style: self.side.flip().recase(&self.style),
            side: self.side.flip(),
        }
    }

    /// Every attribute, under the names of docs/DECISIONS.md §1: `style`, `side`.
    pub fn fields(&self) -> ActorFields {
        ActorFields {
            style: Some(self.style.clone()),
            side: Some(self.side),
            ..ActorFields::NONE
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.style)
    }
}

impl Typed for Actor {
    fn parse_typed(input: &[u8], limits: crate::Limits) -> Result<Self, crate::ParseError> {
        Actor::parse_with(input, limits)
    }

    fn style_part(&self) -> Option<&str> {
        Some(&self.style)
    }

    fn type_part(&self) -> Option<&str> {
        None
    }

    fn side_of(&self) -> Option<Side> {
        Some(self.side)
    }

    fn attributes(&self) -> ActorFields {
        self.fields()
    }

    fn flipped(&self) -> Self {
        self.flip()
    }
}
