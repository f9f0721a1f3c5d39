//! Dialect `pnn`: GAN 1.0.0 over PNN, `<GAME>:[+-]<letter>[']` (`SHOGI:+P`, `CHESS:K'`).
//!
//! Grammar: `grammar/pnn.pest`, from `gan-1.0.0-pnn.md` and `pnn-1.0.0.md`.

use std::fmt;

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::grammar::{self, pnn::Grammar, pnn::Rule};
use crate::identifier::{Identifier, Stateful};
use crate::model::{ActorFields, Side, State};
use crate::parse::{self, Limits, Syntax};

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

pub(crate) const SYNTAX: Syntax = Syntax {
    whole: "an identifier is a game word, ':', an optional '+' or '-', one letter, and an \
            optional \"'\"",
    style: "a game word is letters only",
    piece: "a piece is an optional '+' or '-', one letter, then an optional \"'\"",
};

/// The grammar's verdict: the actor, or the position where the parse died (D11).
pub(crate) fn recognize(input: &str) -> Result<Actor, usize> {
    let mut top = grammar::run::<Grammar, _>(Rule::actor, input)?;
    let branch = top
        .next()
        .and_then(|actor| actor.into_inner().next())
        .expect("a branch");
    let side = if branch.as_rule() == Rule::uppercase_actor {
        Side::First
    } else {
        Side::Second
    };
    let mut parts = branch.into_inner();
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
            _ => actor.piece_type = pair.as_str().to_owned(),
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

impl Identifier for Actor {
    const DIALECT: Dialect = Dialect::Pnn;

    fn parse_with(input: &[u8], limits: Limits) -> Result<Self, ParseError> {
        parse::parse_bytes(Self::DIALECT, input, limits, recognize)
    }

    fn style(&self) -> &str {
        &self.style
    }

    fn piece_type(&self) -> &str {
        &self.piece_type
    }

    fn side(&self) -> Side {
        self.side
    }

    fn fields(&self) -> ActorFields {
        ActorFields {
            style: self.style.clone(),
            piece_type: self.piece_type.clone(),
            side: self.side,
            state: Some(self.state),
            intermediate: Some(self.intermediate),
            promoted: None,
            king: None,
        }
    }

    fn piece_part(&self) -> String {
        self.piece_part_with_type(&self.piece_type)
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        let suffix = if self.intermediate { "'" } else { "" };
        format!("{}{piece_type}{suffix}", self.state.prefix())
    }
}

impl Stateful for Actor {
    fn state(&self) -> State {
        self.state
    }

    fn with_state(&self, state: State) -> Self {
        Actor {
            state,
            ..self.clone()
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.style, self.piece_part())
    }
}

super::from_str_via_parse!(Actor);
