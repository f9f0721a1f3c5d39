//! Notation `qpi-2026-01`: the newest QPI, `<letter>:[+-]<letter>[^]` with the two letters in
//! either case (`C:K^`, `s:+r`, `C:r`): Native when they share a case, Derived otherwise.
//!
//! Grammar: `grammar/qpi-2026-01.pest` stacked with `grammar/sin-2025-07.pest` and
//! `grammar/pin-2025-12.pest`, from the spec `qpi-1.0.0` (docs/specs.md).

use std::fmt;

use super::{token::token, Typed};
use crate::grammar::compile::View;
use crate::model::{ActorFields, Side, State};

/// A `qpi-2026-01` identifier: a SIN letter (the style, its case a side tag of its own),
/// `:`, and a PIN token with `^` (an optional state prefix, one letter whose case is the
/// piece's side, an optional terminal marker).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
    state: State,
    piece_type: String,
    terminal: bool,
}

token! {
    name: "qpi-2026-01",
    grammar: qpi_2026_01,
    entry: qpi,
}

/// The actor of an accepted input, from the fast path's view of it.
pub(crate) fn from_view(view: &View<'_>) -> Actor {
    Actor {
        style: view.style_text().to_owned(),
        side: view.side_or_first(),
        state: view.state.unwrap_or(State::Normal),
        piece_type: view.type_text().to_owned(),
        terminal: view.terminal == Some(true),
    }
}

impl Actor {
    /// The SIN letter, the style, as written.
    pub fn style(&self) -> &str {
        &self.style
    }

    /// The side tag of the SIN letter, told by its case.
    pub fn style_side(&self) -> Side {
        Side::of_letter(self.style.as_bytes()[0]).unwrap_or(Side::First)
    }

    /// The piece's side, told by the case of the PIN letter.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The state: normal, enhanced (`+`) or diminished (`-`).
    pub fn state(&self) -> State {
        self.state
    }

    /// The PIN letter, as written.
    pub fn piece_type(&self) -> &str {
        &self.piece_type
    }

    /// The `^` suffix: a terminal piece.
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// Native: the SIN letter and the PIN letter share a case.
    pub fn is_native(&self) -> bool {
        self.style_side() == self.side
    }

    /// Derived: the SIN letter and the PIN letter differ in case.
    pub fn is_derived(&self) -> bool {
        !self.is_native()
    }

    /// The same piece for the other side: the PIN letter re-cased, the SIN letter kept (a
    /// player's style letter does not change within a match, D15); Native and Derived swap.
    #[must_use]
    pub fn flip(&self) -> Self {
        Actor {
            side: self.side.flip(),
            piece_type: self.side.flip().recase(&self.piece_type),
            ..self.clone()
        }
    }

    /// Every attribute, under the names of docs/DECISIONS.md §1: `style`, `type`, `side` (the
    /// PIN letter's), `state`, `terminal`, `derived`.
    pub fn fields(&self) -> ActorFields {
        ActorFields {
            style: Some(self.style.clone()),
            piece_type: Some(self.piece_type.clone()),
            side: Some(self.side),
            state: Some(self.state),
            terminal: Some(self.terminal),
            derived: Some(self.is_derived()),
            ..ActorFields::NONE
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let terminal = if self.terminal { "^" } else { "" };
        write!(
            f,
            "{}:{}{}{terminal}",
            self.style,
            self.state.prefix(),
            self.piece_type
        )
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
