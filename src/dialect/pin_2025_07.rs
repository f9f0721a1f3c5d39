//! Notation `pin-2025-07`: PIN of July 2025, `[+-]<letter>` (`K`, `+r`, `-P`).
//!
//! Grammar: `grammar/pin-2025-07.pest`, from pin.rb 640f7ee (docs/specs.md, `pin-1.0.0`).

use std::fmt;

use super::{token::token, Typed};
use crate::grammar::compile::View;
use crate::model::{ActorFields, Side, State};

/// A `pin-2025-07` token: an optional state prefix and one letter, whose case is the side.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    side: Side,
    state: State,
    piece_type: String,
}

token! {
    name: "pin-2025-07",
    grammar: pin_2025_07,
    entry: pin,
}

/// The actor of an accepted input, from the fast path's view of it.
pub(crate) fn from_view(view: &View<'_>) -> Actor {
    Actor {
        side: view.side_or_first(),
        state: view.state.unwrap_or(State::Normal),
        piece_type: view.type_text().to_owned(),
    }
}

impl Actor {
    /// The side, told by the case of the letter.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The state: normal, enhanced (`+`) or diminished (`-`).
    pub fn state(&self) -> State {
        self.state
    }

    /// The letter, as written.
    pub fn piece_type(&self) -> &str {
        &self.piece_type
    }

    /// The same piece in another state.
    #[must_use]
    pub fn with_state(&self, state: State) -> Self {
        Actor {
            state,
            ..self.clone()
        }
    }

    /// The same piece for the other side: the letter re-cased.
    #[must_use]
    pub fn flip(&self) -> Self {
        Actor {
            side: self.side.flip(),
            piece_type: self.side.flip().recase(&self.piece_type),
            ..self.clone()
        }
    }

    /// Every attribute, under the names of docs/DECISIONS.md §1: `type`, `side`, `state`.
    pub fn fields(&self) -> ActorFields {
        ActorFields {
            piece_type: Some(self.piece_type.clone()),
            side: Some(self.side),
            state: Some(self.state),
            ..ActorFields::NONE
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.state.prefix(), self.piece_type)
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
        Some(&self.piece_type)
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
