//! Notation `hand`: HAND, the off-board reserve, exactly `*`.
//!
//! Grammar: `grammar/hand.pest`, from the spec `hand-1.0.0` (docs/specs.md).

use std::fmt;

use super::{token::token, Typed};
use crate::grammar::compile::View;
use crate::model::{ActorFields, Side};

/// The `hand` designator `*`: it has no attribute (D24).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor;

token! {
    name: "hand",
    grammar: hand,
    entry: hand,
}

/// The designator of an accepted input (there is one).
pub(crate) fn from_view(_view: &View<'_>) -> Actor {
    Actor
}

impl Actor {
    /// No attribute at all.
    pub fn fields(&self) -> ActorFields {
        ActorFields::NONE
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("*")
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
        Actor
    }
}
