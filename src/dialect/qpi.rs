//! Dialect `qpi`: QPI, `<letter>:[+-]<letter>` (`C:K`, `s:+r`).
//!
//! Grammar: `grammar/qpi.pest`, from the "Format Specification" of `qpi-ruby-readme.txt`.

use crate::dialect::Dialect;
use crate::grammar::compile::View;
use crate::grammar::{self, qpi::Grammar, qpi::Rule};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side, State};

/// A `qpi` identifier: a style letter (SIN), `:`, an optional state prefix and one letter,
/// all letters in one case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
    state: State,
    piece_type: String,
}

/// The grammar's verdict through pest (the reference) alone, building nothing: `Err` holds where the parse died (D11).
pub(crate) fn check_pest(input: &str) -> Result<(), usize> {
    grammar::run::<Grammar, _>(Rule::qpi, input).map(drop)
}

/// The grammar's verdict through pest (the reference): the actor, or the position where the
/// parse died (D11).
pub(crate) fn recognize_pest(input: &str) -> Result<Actor, usize> {
    let (side, mut parts) =
        grammar::run_branch::<Grammar, _>(Rule::qpi, Rule::uppercase_qpi, input)?;
    let style = parts.next().expect("style").as_str().to_owned();
    let pin = parts.nth(1).expect("pin").into_inner();
    let (mut state, mut piece_type) = (State::Normal, String::new());
    for pair in pin {
        match pair.as_rule() {
            Rule::state_modifier => state = State::from_prefix(pair.as_str()).expect("'+' or '-'"),
            _ => pair.as_str().clone_into(&mut piece_type),
        }
    }
    Ok(Actor {
        style,
        side,
        state,
        piece_type,
    })
}

/// The actor of an accepted input, from the fast path's view of it.
pub(crate) fn from_view(view: &View<'_>) -> Actor {
    Actor {
        style: view.style.to_owned(),
        side: view.side,
        state: view.state.unwrap_or(State::Normal),
        piece_type: view.piece_type.to_owned(),
    }
}

impl Identifier for Actor {
    super::identifier_accessors!();

    const DIALECT: Dialect = Dialect::named("qpi");

    fn fields(&self) -> ActorFields {
        ActorFields {
            state: Some(self.state),
            ..ActorFields::basic(&self.style, &self.piece_type, self.side)
        }
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        format!("{}{piece_type}", self.state.prefix())
    }
}

super::stateful_via_field!(Actor);

super::text_traits!(Actor);
