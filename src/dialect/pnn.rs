//! Dialect `pnn`: GAN 1.0.0 over PNN, `<GAME>:[+-]<letter>[']` (`SHOGI:+P`, `CHESS:K'`).
//!
//! Grammar: `grammar/pnn.pest`, from `gan-1.0.0-pnn.md` and `pnn-1.0.0.md`.

use crate::dialect::Dialect;
use crate::grammar::compile::View;
use crate::grammar::{self, pnn::Grammar, pnn::Rule};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side, State};

/// A `pnn` identifier: a game word (letters), `:`, an optional state prefix, one letter and
/// an optional `'` (intermediate), all letters in one case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
    state: State,
    piece_type: String,
    intermediate: bool,
}

/// The grammar's verdict through pest (the reference) alone, building nothing: `Err` holds where the parse died (D11).
pub(crate) fn check_pest(input: &str) -> Result<(), usize> {
    grammar::run::<Grammar, _>(Rule::actor, input).map(drop)
}

/// The grammar's verdict through pest (the reference): the actor, or the position where the
/// parse died (D11).
pub(crate) fn recognize_pest(input: &str) -> Result<Actor, usize> {
    let (side, mut parts) =
        grammar::run_branch::<Grammar, _>(Rule::actor, Rule::uppercase_actor, input)?;
    let style = parts.next().expect("game id").as_str().to_owned();
    let mut actor = Actor {
        style,
        side,
        state: State::Normal,
        piece_type: String::new(),
        intermediate: false,
    };
    for pair in parts.nth(1).expect("piece id").into_inner() {
        match pair.as_rule() {
            Rule::prefix => actor.state = State::from_prefix(pair.as_str()).expect("'+' or '-'"),
            Rule::suffix => actor.intermediate = true,
            _ => pair.as_str().clone_into(&mut actor.piece_type),
        }
    }
    Ok(actor)
}

impl Actor {
    /// The `'` suffix: the intermediate state.
    pub fn is_intermediate(&self) -> bool {
        self.intermediate
    }

    /// The same actor with or without the `'` suffix.
    #[must_use]
    pub fn with_intermediate(&self, intermediate: bool) -> Self {
        Actor {
            intermediate,
            ..self.clone()
        }
    }
}

/// The actor of an accepted input, from the fast path's view of it.
pub(crate) fn from_view(view: &View<'_>) -> Actor {
    Actor {
        style: view.style_text().to_owned(),
        side: view.side_or_first(),
        state: view.state.unwrap_or(State::Normal),
        piece_type: view.type_text().to_owned(),
        intermediate: view.intermediate == Some(true),
    }
}

impl Identifier for Actor {
    super::identifier_accessors!();

    const DIALECT: Dialect = Dialect::named("pnn");

    fn fields(&self) -> ActorFields {
        ActorFields {
            state: Some(self.state),
            intermediate: Some(self.intermediate),
            ..ActorFields::basic(&self.style, &self.piece_type, self.side)
        }
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        let suffix = if self.intermediate { "'" } else { "" };
        format!("{}{piece_type}{suffix}", self.state.prefix())
    }
}

super::stateful_via_field!(Actor);

super::text_traits!(Actor);
