//! Notation `qpi-2025-12`: QPI of December 2025, `<letter>:[+-]<letter>[^]` in one case
//! (`C:K^`, `s:+r`).
//!
//! Grammar: `grammar/qpi-2025-12.pest` stacked with `grammar/sin-2025-07.pest` and
//! `grammar/pin-2025-12.pest`, from qpi.rb 8e6ca11 (docs/specs.md, `qpi-1.0.0`).

use crate::dialect::Dialect;
use crate::grammar::compile::View;
use crate::grammar::{self, qpi_2025_12::Grammar, qpi_2025_12::Rule};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side, State};

/// A `qpi-2025-12` identifier: a style letter (SIN), `:`, and a PIN token with `^` (an
/// optional state prefix, one letter, an optional terminal marker), all letters in one case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
    state: State,
    piece_type: String,
    terminal: bool,
}

/// The grammar's verdict through pest (the reference) alone, building nothing: `Err` holds
/// where the parse died (D11).
pub(crate) fn check_pest(input: &str) -> Result<(), usize> {
    grammar::run::<Grammar, _>(Rule::qpi, input).map(drop)
}

/// The grammar's verdict through pest (the reference): the actor, read from the parse tree by
/// the roles of the notation's row, or the position where the parse died (D11).
pub(crate) fn recognize_pest(input: &str) -> Result<Actor, usize> {
    let parts = grammar::run_roles::<Grammar, _>(Actor::DIALECT, Rule::qpi, input)?;
    let view = parts
        .view(input.as_bytes())
        .expect("the spans of a str's rules are on character boundaries");
    Ok(from_view(&view))
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
    /// The `^` suffix: a terminal piece.
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// The same actor, terminal (`^`) or not.
    #[must_use]
    pub fn with_terminal(&self, terminal: bool) -> Self {
        Actor {
            terminal,
            ..self.clone()
        }
    }
}

impl Identifier for Actor {
    super::identifier_accessors!();

    const DIALECT: Dialect = Dialect::named("qpi-2025-12");

    fn fields(&self) -> ActorFields {
        ActorFields {
            state: Some(self.state),
            terminal: Some(self.terminal),
            ..ActorFields::basic(&self.style, &self.piece_type, self.side)
        }
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        let terminal = if self.terminal { "^" } else { "" };
        format!("{}{piece_type}{terminal}", self.state.prefix())
    }
}

super::stateful_via_field!(Actor);

super::text_traits!(Actor);
